"""The double-dummy search itself: alpha-beta over bit-mask hands.

Kept apart from ``solver.py`` (positions, results, par, claims) because this is
the hot loop: every name it touches per node is a local or a closure cell, the
hands are ints, the tables tuples indexed by slot (``solver_layout``).

Values are the points the declaring side takes from the start of the current
trick on (tricks only, when ``counters`` is off).  The search is fail-soft
alpha-beta with

- a transposition table at trick boundaries keyed by what is left: the tiles
  still held (each tile's holder is fixed for the deal) and the leader, the
  trumps by their order only (which seat holds the highest trump left, the
  next, ..., with their counters), so positions that differ only in which
  trumps are gone share an entry; each entry holds a lower and an upper bound
  and the best lead; in Texas 88, at a trick's last play the entries of the
  leads that may follow are looked up before any is searched (enhanced
  transposition cut-offs), as one of them may settle the node already;
- in Texas 88, an ending of two tricks solved directly, as one node, its exact
  value kept in the table, and the first trick of one of three played by a lighter
  loop (``solver_endings``);
- bounds that need no search (``solver_bounds``): the points still out, sure
  tricks for either side, a trick no one still to play can take from its
  holder;
- plays that cannot differ tried once, and where one trick settles the test for a
  side, only the weaker of two tiles of its seat tried when the other is at
  least as strong everywhere (``every``, ``solver_order``); an order of the plays
  that settles most nodes with the first one tried (``solver_order``).

The driver (zero-window searches, MTD(f)) is in ``solver.py``.  A node budget
stops the search with ``OutOfBudget``; no value is guessed.  A ``stop`` callable
(a time limit, in ``judging.analysis``) is asked every ``STRIDE`` nodes whether to
give up (``OutOfTime``): the hot loop still compares one counter with one bound.
"""

from __future__ import annotations

from collections.abc import Callable

from .solver_bounds import bounds_for
from .solver_endings import three_tricks_for, two_tricks_for
from .solver_layout import Layout
from .solver_node import Node, OutOfBudget, OutOfTime
from .solver_order import order_for
from .solver_stack import enter

__all__ = ["ENDINGS_SIZE", "STRIDE", "THREE_AT", "WEAKEST_SIZE", "Search"]

ENDINGS_SIZE = 6
"""Plays a trick from which an ending of two tricks is solved directly, as one node
(``solver_endings``), its exact value kept in the table."""

ETC_FROM = 3
"""Tricks left (the current one included) from which the last play of a trick first looks
up each next lead in the table (enhanced transposition cut-offs)."""

ETC_SIZE = 6
"""Plays a trick from which those look-ups are made.  In Texas 88 they cut 6 to 14 % of
the nodes, the unit of the budget, for about 10 % more CPU a node; in 42 they cut 8 % of
the nodes but cost 10 % more CPU, so a trick of four plays makes none."""

WEAKEST_SIZE = 6
"""Plays a trick from which a seat plays the weaker of two tiles where one trick settles
the test (``every``) and a lead all of whose tiles lose is seen at once.  In Texas 88
they cut the nodes of most deals solved 2 to 9 times; in 42 they cut 6 % of the nodes
but cost 10 % more CPU a node (median 41 → 47 ms side by side), and Moon 15 % a node
for 1 % of the nodes, so tricks of three or four plays make neither."""

THREE_AT = 3
"""Tricks left at which a lead's first trick is played by ``solver_endings.three_tricks_for``
(with tricks of ``ENDINGS_SIZE`` plays; -1: never)."""

STRIDE = 4096
"""Nodes between two questions to ``stop``: a few milliseconds of search."""


class Search:
    """A search over one deal of the tiles, its table kept from one call to the next.

    ``hands`` (a mask a seat) is changed while searching and restored after; an
    ``OutOfBudget`` leaves it as it was at that moment: set ``hands`` back and
    ``sync`` before the next call (the table stays right: an entry is written only
    when its node is finished).  ``stop``, when given, is asked every ``STRIDE``
    nodes whether to give up (``OutOfTime``).
    ``maxer[seat]``: the seat plays for a higher value; ``decl_side[seat]``: a
    trick it takes counts for the value.  ``quick`` turns the sure-trick bounds on
    (not in nello, where a side does not want its tricks); ``equivalence`` the
    search of one tile of each run of equivalent ones; ``every`` the shortcuts where
    one trick settles the test: the weaker of two tiles searched, a lead whose every
    tile loses seen at once (not in nello either: there the side that wants every trick
    wants to lose them, and a stronger tile is no help).
    """

    def __init__(
        self,
        layout: Layout,
        hands: list[int],
        nxt: tuple[int, ...],
        size: int,
        decl_side: tuple[bool, ...],
        maxer: tuple[bool, ...],
        trick_points: int,
        counters: bool,
        *,
        quick: bool = True,
        equivalence: bool = True,
        budget: int = 1_000_000,
        stop: Callable[[], bool] | None = None,
        every: bool = False,
    ) -> None:
        self.layout = layout
        self.hands = hands
        self.nxt = nxt
        self.size = size
        self.trick_points = trick_points
        self.cnt: tuple[int, ...] = layout.count if counters else (0,) * len(layout.count)
        self.tt: dict[int, tuple[int, int, int]] = {}
        """Bounds and best lead by position (see ``trump_id`` for the key)."""
        self.maxer = maxer
        self.decl_side = decl_side
        self._build(quick, equivalence, budget, stop, every)

    # The closures below read everything from locals and cells, never from ``self``;
    # so do those of ``solver_order`` and ``solver_bounds`` they call.
    def _build(self, quick: bool, equivalence: bool, limit: int, stop: Callable[[], bool] | None, every: bool) -> None:
        lay = self.layout
        hands = self.hands
        nxt = self.nxt
        size = self.size
        tp = self.trick_points
        cnt = self.cnt
        calls = lay.calls
        strength = lay.strength
        trump_mask = lay.trump_mask
        width = lay.width
        maxer = self.maxer
        decl_side = self.decl_side
        order = order_for(lay, hands, nxt, size, decl_side, maxer, cnt, quick=quick, equivalence=equivalence)
        eq_for, lead_moves, follow_order, distinct, forced, follows, weakest = order
        lost = every and quick and size >= WEAKEST_SIZE
        every = every and not lay.forced_groups and tp > 0 and size >= WEAKEST_SIZE
        suit_mask = lay.suit_mask
        groups = lay.forced_groups
        odd = lay.odd
        sure, loses, held, last_trick = bounds_for(lay, hands, nxt, size, decl_side, tp, cnt)
        two = two_tricks_for(lay, hands, nxt, size, decl_side, maxer, tp, cnt, last_trick)
        two_at = 2 if size >= ENDINGS_SIZE and not lay.forced_groups else -1  # tricks left at which ``two`` solves a lead
        three_at = THREE_AT if two_at == 2 else -1  # and at which ``three`` plays the first trick
        tt = self.tt
        tt_get = tt.get
        etc_from = ETC_FROM if size >= ETC_SIZE else 99
        alive = 0
        for h in hands:
            alive |= h
        nodes = 0
        # ``budget`` is the next count at which ``over`` is called: the node limit, or
        # sooner when ``stop`` is to be asked (at ``poll``).
        poll = STRIDE if stop is not None else limit + 1
        budget = min(limit, poll)

        def over() -> None:
            nonlocal budget, poll
            if nodes > limit:
                raise OutOfBudget
            if stop is not None and nodes >= poll:
                if stop():
                    raise OutOfTime
                poll = nodes + STRIDE
            budget = min(limit, poll)

        holder = [0] * len(calls)
        for o in range(len(hands)):
            m = hands[o]
            while m:
                b = m & -m
                m ^= b
                holder[b.bit_length() - 1] = o
        plain_mask = ~trump_mask
        trump_ids: dict[int, int] = {}
        shapes: dict[tuple[int, ...], int] = {}

        def trump_id(tr: int) -> int:
            """A number for the order of the trumps ``tr``: holder and counters of each from
            the highest, and which two are the two copies of one tile (they tie)."""
            shape = []
            prev = -1
            while tr:
                s = tr.bit_length() - 1
                tr ^= 1 << s
                same = prev >= 0 and s // width == prev // width
                shape.append(holder[s] << 8 | cnt[s] << 1 | same)
                prev = s
            return shapes.setdefault(tuple(shape), len(shapes))

        def key_of(tiles: int, leader: int) -> int:
            """The table key of a lead by ``leader`` with ``tiles`` left."""
            tr = tiles & trump_mask
            tid = trump_ids.get(tr)
            if tid is None:
                tid = trump_ids[tr] = trump_id(tr)
            return ((tiles & plain_mask) << 24 | tid) << 3 | leader

        three, spent = three_tricks_for(
            lay, hands, nxt, size, decl_side, maxer, cnt, tt, key_of, two, held, distinct, weakest if every else None, tp
        )

        def lead(leader: int, alpha: int, beta: int, rem: int, left: int) -> int:
            nonlocal alive, nodes
            if rem <= alpha:
                return rem
            if beta <= 0:
                return 0
            nodes += 1
            if nodes > budget:
                over()
            if left <= 1:
                return last_trick(leader) if left else 0
            tr = alive & trump_mask  # ``key_of``, inlined: this is the hot loop
            tid = trump_ids.get(tr)
            if tid is None:
                tid = trump_ids[tr] = trump_id(tr)
            key = ((alive & plain_mask) << 24 | tid) << 3 | leader
            e = tt_get(key)
            first = 0
            if e is None:
                if left == two_at:
                    v = two(leader, rem)
                    tt[key] = (v, v, -1)
                    return v
                lo, hi, first = sure(leader, rem, left, alive) if quick else (0, rem, 0)
                best_m = -1
            else:
                lo, hi, best_m = e
            if e is None and lost:
                # Every lead lost: the other side takes this trick (tested only where that settles).
                if decl_side[leader]:
                    if rem - tp <= alpha < hi and loses(leader):
                        hi = rem - tp
                elif lo < tp >= beta and loses(leader):
                    lo = tp
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            hand = hands[leader]
            eqm = eq_for(alive)
            moves = lead_moves(leader, first, eqm, alive)
            if best_m >= 0 and moves[0] != best_m and best_m in moves:
                moves.remove(best_m)
                moves.insert(0, best_m)
            a0, b0 = a, b
            want = maxer[leader]
            v = -1 if want else rem + 1
            seat = nxt[leader]
            for m in moves:
                bit = 1 << m
                hands[leader] = hand ^ bit
                alive ^= bit
                led = calls[m]
                if left == three_at:
                    x = three(seat, led, strength[led][m], leader, tp + cnt[m], alive, a, b, rem, 1, bit, eqm)
                else:
                    x = follow(seat, 1, led, strength[led][m], leader, tp + cnt[m], bit, a, b, rem, left, eqm)
                hands[leader] = hand
                alive ^= bit
                if want:
                    if x > v:
                        v = x
                        best_m = m
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif x < v:
                    v = x
                    best_m = m
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if left == three_at:
                nodes += spent()
            if v <= a0:
                hi = v
            elif v >= b0:
                lo = v
            else:
                lo = hi = v
            tt[key] = (lo, hi, best_m)
            return v

        def follow(
            seat: int,
            k: int,
            led: int,
            best_s: int,
            best_seat: int,
            pts: int,
            played: int,
            alpha: int,
            beta: int,
            rem: int,
            left: int,
            eqm: int,
        ) -> int:
            nonlocal alive, nodes
            if rem <= alpha:
                return rem
            if beta <= 0:
                return 0
            nodes += 1
            if nodes > budget:
                over()
            # The points already in a trick no one still to play can take from its holder
            # go to the holder's side: a bound that may settle the test here.
            if decl_side[best_seat]:
                if pts >= beta and held(seat, k, led, best_s, best_seat):
                    return pts
            elif rem - pts <= alpha and held(seat, k, led, best_s, best_seat):
                return rem - pts
            hand = hands[seat]
            ms = forced(hand) if groups else hand & suit_mask[led] or hand
            if width > 1:
                ms &= ~((ms & odd) >> 1)
            e = ms & eqm
            if e & (e - 1):
                ms = distinct(ms, (alive & ~hand) | played, eqm)
            if every and ms & (ms - 1) and (alpha + tp >= rem if not maxer[seat] else beta <= tp):
                # Any trick its side takes settles the test (the least a trick is worth is its
                # trick points): this seat may play the weaker of two tiles.
                ms = weakest(ms, led, best_s, alive)
            order = follow_order(ms, seat, k, led, best_s, best_seat) if ms & (ms - 1) else (ms.bit_length() - 1,)
            st = strength[led]
            want = maxer[seat]
            v = -1 if want else rem + 1
            nseat = nxt[seat]
            last = k + 1 == size
            if last and left >= etc_from:
                # Enhanced transposition cut-offs: when the table already settles the next
                # lead after one of the trick's last plays beyond the window, so is this node;
                # a play whose next lead the table shows cannot reach the window is not tried,
                # its bound standing for its value.
                settled = 0
                for m in order:
                    bseat = seat if st[m] > best_s else best_seat
                    add = pts + cnt[m] if decl_side[bseat] else 0
                    en = tt_get(key_of(alive ^ 1 << m, bseat))
                    if en is None:
                        continue
                    lo, hi = en[0] + add, en[1] + add
                    if lo >= beta if want else hi <= alpha:
                        return lo if want else hi
                    if hi <= alpha if want else lo >= beta:
                        settled |= 1 << m
                        v = max(v, hi) if want else min(v, lo)
                if settled:
                    order = [m for m in order if not settled >> m & 1]
            for m in order:
                bit = 1 << m
                hands[seat] = hand ^ bit
                alive ^= bit
                x = st[m]
                if x > best_s:
                    bs, bseat = x, seat
                else:
                    bs, bseat = best_s, best_seat
                p = pts + cnt[m]
                if last:
                    # The trick is complete: its points go to its winner's side, and the
                    # winner leads the rest (the quick tests of ``lead`` inlined).
                    add = p if decl_side[bseat] else 0
                    r = rem - p
                    if r <= alpha - add:
                        x = r + add
                    elif beta <= add:
                        x = add
                    else:
                        x = lead(bseat, alpha - add, beta - add, r, left - 1) + add
                else:
                    x = follow(nseat, k + 1, led, bs, bseat, p, played | bit, alpha, beta, rem, left, eqm)
                hands[seat] = hand
                alive ^= bit
                if want:
                    if x > v:
                        v = x
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif x < v:
                    v = x
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return v

        def root(node: Node, alpha: int, beta: int) -> int:
            if node.k == 0:
                return lead(node.seat, alpha, beta, node.rem, node.left)
            eqm = eq_for(alive | node.played)
            return follow(
                node.seat, node.k, node.led, node.best_s, node.best_seat, node.pts, node.played, alpha, beta, node.rem, node.left, eqm
            )

        def moves(node: Node) -> list[int]:
            """The distinct legal tiles (slots) at ``node`` in the search's order (a lead: the
            table's best lead first)."""
            if node.k == 0:
                out = lead_moves(node.seat, 0, eq_for(alive), alive)
                e = tt_get(key_of(alive, node.seat))
                if e is not None and e[2] in out:
                    out.remove(e[2])
                    out.insert(0, e[2])
                return out
            ms = follows(node.seat, node.led, node.played, eq_for(alive | node.played), alive)
            if ms & (ms - 1):
                return follow_order(ms, node.seat, node.k, node.led, node.best_s, node.best_seat)
            return [ms.bit_length() - 1]

        def visited() -> int:
            return nodes

        def allow(more: int) -> None:
            """Let the search visit ``more`` nodes from now on (a budget for each position of a line)."""
            nonlocal budget, limit, poll
            limit = nodes + more
            if stop is None:
                poll = limit + 1
            budget = min(limit, poll)

        def sync() -> None:
            """Recompute the tiles still held after ``hands`` changed outside the search."""
            nonlocal alive
            alive = 0
            for h in hands:
                alive |= h

        def value(node: Node, alpha: int, beta: int) -> int:
            """The value of ``node`` within ``alpha``, ``beta`` (fail-soft)."""
            return enter(root, node, alpha, beta)

        self.value = value
        self.moves = moves
        self.sync = sync
        self._visited = visited
        self.allow = allow

    @property
    def nodes_visited(self) -> int:
        """Nodes visited so far, over every call."""
        return self._visited()

    def after(self, node: Node, m: int, alpha: int, beta: int) -> int:
        """The value once slot ``m`` is played at ``node`` (fail-soft within ``alpha``, ``beta``)."""
        saved = list(self.hands)
        nxt = self.advance(node, m)
        add = node.rem - nxt.rem if nxt.k == 0 and self.decl_side[nxt.seat] else 0
        try:
            return self.value(nxt, alpha - add, beta - add) + add
        finally:
            self.hands[:] = saved
            self.sync()

    def advance(self, node: Node, m: int) -> Node:
        """Play slot ``m`` at ``node`` for good (hands change); the node that follows."""
        lay = self.layout
        bit = 1 << m
        self.hands[node.seat] ^= bit
        self.sync()
        if node.k == 0:
            led = lay.calls[m]
            best_s, best_seat = lay.strength[led][m], node.seat
        else:
            led, best_s, best_seat = node.led, node.best_s, node.best_seat
            if lay.strength[led][m] > best_s:
                best_s, best_seat = lay.strength[led][m], node.seat
        pts = node.pts + self.cnt[m]
        if node.k + 1 < self.size:
            return Node(self.nxt[node.seat], node.k + 1, led, best_s, best_seat, pts, node.played | bit, node.rem, node.left)
        return Node(best_seat, 0, 0, 0, best_seat, self.trick_points, 0, node.rem - pts, node.left - 1)
