"""The double-dummy search itself: alpha-beta over bit-mask hands.

Kept apart from ``solver.py`` (positions, results, par, claims) because this is
the hot loop: every name it touches per node is a local or a closure cell, the
hands are ints, the tables tuples indexed by slot (``solver_layout``).

Values are the points the declaring side takes from the start of the current
trick on (tricks only, when ``counters`` is off).  The search is fail-soft
alpha-beta with

- a transposition table at trick boundaries keyed by the leader and every
  seat's mask, holding a lower and an upper bound and the best lead;
- quick bounds: nothing left to take, and sure tricks for either side (the
  leader's tiles no one else can beat; a seat's trumps the other side cannot
  all cover), which bound the value from below or above;
- equivalent tiles searched once: two tiles of one class (trumps, or doubles
  that form a suit) worth the same counters, with no tile between them in rank
  held by any other seat or already in the trick;
- move ordering: the table's best lead first, then the sure leads, then the
  leads the other side holds fewest tiles to beat (most, in nello); a follower
  first tries the plays that leave the trick with a side it wants to win it.

The driver (zero-window searches, MTD(f)) is in ``solver.py``.  A node budget
stops the search with ``OutOfBudget``; no value is guessed.
"""

from __future__ import annotations

from typing import NamedTuple

from .solver_layout import Layout

__all__ = ["Node", "OutOfBudget", "Search"]
SIM = [3, lambda r, n: (0 if r[0] else 64) + n]
FSAFE = [1, 2048]


class OutOfBudget(Exception):
    """The search visited more nodes than its budget allows."""


class Node(NamedTuple):
    """A moment of play: who plays, and the trick so far."""

    seat: int
    k: int
    """Tiles already in the trick."""
    led: int
    """The suit the trick's first tile called (0 when ``k == 0``)."""
    best_s: int
    best_seat: int
    pts: int
    """Points the trick holds so far, its trick points included."""
    played: int
    """Slots played to the trick."""
    rem: int
    """Points still to be taken from the start of this trick."""
    left: int
    """Tricks still to play, this one included."""


class Search:
    """A search over one deal of the tiles, its table kept from one call to the next.

    ``hands`` (a mask a seat) is changed while searching and restored after; an
    ``OutOfBudget`` leaves it as it was at that moment, and the search is spent.
    ``maxer[seat]``: the seat plays for a higher value; ``decl_side[seat]``: a
    trick it takes counts for the value.  ``quick`` turns the sure-trick bounds on
    (not in nello, where a side does not want its tricks); ``equivalence`` the
    search of one tile of each run of equivalent ones.
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
    ) -> None:
        self.layout = layout
        self.hands = hands
        self.nxt = nxt
        self.size = size
        self.trick_points = trick_points
        self.cnt: tuple[int, ...] = layout.count if counters else (0,) * len(layout.count)
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.maxer = maxer
        self.decl_side = decl_side
        self._build(quick, equivalence, budget)

    # The closures below read everything from locals and cells, never from ``self``.
    def _build(self, quick: bool, equivalence: bool, budget: int) -> None:
        lay = self.layout
        hands = self.hands
        nxt = self.nxt
        size = self.size
        tp = self.trick_points
        cnt = self.cnt
        calls = lay.calls
        strength = lay.strength
        suit_mask = lay.suit_mask
        beaters = lay.beaters
        trump_mask = lay.trump_mask
        eq_class = lay.eq_class
        eq_mask = lay.eq_mask if equivalence else 0
        groups = lay.forced_groups
        odd = lay.odd
        callers = lay.callers
        over = lay.over
        by_low = lay.by_low if equivalence else (0,) * 7
        width = lay.width
        maxer = self.maxer
        decl_side = self.decl_side
        tt = self.tt
        tt_get = tt.get
        seats = range(len(hands))
        alive = 0
        for h in hands:
            alive |= h
        nodes = 0
        # The table is keyed by what is left (each tile's holder is fixed for the deal),
        # the trumps by their order only: which seat holds the highest trump left, the
        # next, ..., with their counters and which two are the two copies of one tile.
        holder = [0] * len(calls)
        for o in seats:
            m = hands[o]
            while m:
                b = m & -m
                m ^= b
                holder[b.bit_length() - 1] = o
        plain_mask = ~trump_mask
        trump_ids: dict[int, int] = {}
        shapes: dict[tuple[int, ...], int] = {}

        def trump_id(tr: int) -> int:
            shape = []
            prev = -1
            while tr:
                s = tr.bit_length() - 1
                tr ^= 1 << s
                same = prev >= 0 and s // width == prev // width
                shape.append(holder[s] << 8 | cnt[s] << 1 | same)
                prev = s
            return shapes.setdefault(tuple(shape), len(shapes))

        def sure_bound(leader: int, rem: int, left: int) -> tuple[int, int, int]:
            """(lower, upper) bounds of the value from sure tricks, and the leader's sure leads.

            Two kinds of sure tricks, of which the better counts for each side (they may
            share tricks): the leader's tiles no other seat can beat, led one after
            another; and one seat's trumps that the other side cannot all cover.  Each
            tile is played some time, and a trick holding a seat's trump goes to its
            side unless the other side plays a trump at least as high in it (one per
            trick): so the seat's side takes at least ``i - d`` tricks, where ``d``
            trumps of the other side reach its ``i``-th highest trump.  Sure tricks in
            every trick left take every point left.
            """
            hand = hands[leader]
            others = alive & ~hand
            lead_pts = sure = n = 0
            m = hand
            while m:
                b = m & -m
                m ^= b
                s = b.bit_length() - 1
                if not others & beaters[s]:
                    sure |= b
                    n += 1
                    lead_pts += tp + cnt[s]
            if n >= left:
                lead_pts = rem
            side_pts = [0, 0]  # by decl_side
            if alive & trump_mask:
                side_tr = [0, 0]
                for o in seats:
                    side_tr[decl_side[o]] |= hands[o] & trump_mask
                for o in seats:
                    mine = hands[o] & trump_mask
                    if not mine:
                        continue
                    other = side_tr[not decl_side[o]]
                    i = short = got = 0
                    while mine:
                        s = mine.bit_length() - 1
                        mine ^= 1 << s
                        i += 1
                        d = (other >> (s - s % width)).bit_count()
                        if not d:
                            got += cnt[s]
                        if i - d > short:
                            short = i - d
                    got = rem if short >= left else short * tp + got
                    if got > side_pts[decl_side[o]]:
                        side_pts[decl_side[o]] = got
            mine_side = decl_side[leader]
            if lead_pts > side_pts[mine_side]:
                side_pts[mine_side] = lead_pts
            return side_pts[True], rem - side_pts[False], sure

        def last_trick(leader: int) -> int:
            s = leader
            m = hands[s].bit_length() - 1
            led = calls[m]
            st = strength[led]
            best_s = st[m]
            best_seat = s
            pts = tp + cnt[m]
            for _ in range(size - 1):
                s = nxt[s]
                m = hands[s].bit_length() - 1
                pts += cnt[m]
                x = st[m]
                if x > best_s:
                    best_s = x
                    best_seat = s
            return pts if decl_side[best_seat] else 0

        def lead(leader: int, alpha: int, beta: int, rem: int, left: int) -> int:
            nonlocal alive, nodes
            if rem <= alpha:
                return rem
            if beta <= 0:
                return 0
            nodes += 1
            if nodes > budget:
                raise OutOfBudget
            if left <= 1:
                return last_trick(leader) if left else 0
            tr = alive & trump_mask
            tid = trump_ids.get(tr)
            if tid is None:
                tid = trump_ids[tr] = trump_id(tr)
            key = ((alive & plain_mask) << 24 | tid) << 3 | leader
            e = tt_get(key)
            sure = 0
            if e is None:
                lo, hi, sure = sure_bound(leader, rem, left) if quick else (0, rem, 0)
                best_m = -1
            else:
                lo, hi, best_m = e
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            hand = hands[leader]
            eqm = eq_for(alive)
            moves = lead_moves(hand, leader, sure, eqm)
            if best_m >= 0 and len(moves) > 1 and best_m in moves:
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
            if v <= a0:
                hi = v
            elif v >= b0:
                lo = v
            else:
                lo = hi = v
            tt[key] = (lo, hi, best_m)
            return v

        def eq_for(tiles: int) -> int:
            """The slots that may be equivalent while ``tiles`` are left: the trumps, the
            doubles suit, and plain tiles whose low end's suit no tile left can call."""
            eqm = eq_mask
            for low in range(7):
                if not tiles & callers[low]:
                    eqm |= by_low[low]
            return eqm

        def lead_moves(hand: int, leader: int, first: int = 0, eqm: int = 0) -> list[int]:
            """The distinct leads of ``leader``: the ``first`` ones (sure winners), then those
            the other side holds fewest tiles to beat (most in nello, where no one wants
            the trick but the declarer's opponents want the declarer to take it)."""
            ms = forced(hand) if groups else hand
            if width > 1:
                ms &= ~((ms & odd) >> 1)
            e = ms & eqm
            if e & (e - 1):
                ms = distinct(ms, alive & ~hand, eqm)
            out = []
            rest = ms & ~first
            ms &= first
            while ms:
                s = ms.bit_length() - 1
                ms ^= 1 << s
                out.append(s)
            others = 0
            mine = decl_side[leader]
            for o in seats:
                if decl_side[o] != mine:
                    others |= hands[o]
            keyed = []
            deep = SIM[0] and quick and not groups and hand.bit_count() >= SIM[0]
            while rest:
                s = rest.bit_length() - 1
                rest ^= 1 << s
                n = (others & beaters[s]).bit_count()
                if deep:
                    n = SIM[1](simulate(leader, s), n)
                keyed.append((n if quick else 64 - n) << 6 | s)
            keyed.sort()
            out += [k & 63 for k in keyed]
            return out

        def simulate(leader: int, m: int) -> tuple[bool, int]:
            led = calls[m]
            st = strength[led]
            sm = suit_mask[led]
            best_s, best_seat, pts = st[m], leader, tp + cnt[m]
            seat = nxt[leader]
            for j in range(size - 1):
                hand = hands[seat]
                ms = hand & sm or hand
                mine = decl_side[seat] == decl_side[best_seat]
                pick, pick_s = -1, 9999
                low, low_s = -1, 9999
                while ms:
                    x = ms.bit_length() - 1
                    ms ^= 1 << x
                    y = st[x] * 64 + cnt[x]
                    if not mine and st[x] > best_s and y < pick_s:
                        pick, pick_s = x, y
                    if y < low_s:
                        low, low_s = x, y
                if pick < 0:
                    pick = low
                if st[pick] > best_s:
                    best_s, best_seat = st[pick], seat
                pts += cnt[pick]
                seat = nxt[seat]
            return decl_side[best_seat] == decl_side[leader], pts

        def forced(hand: int) -> int:
            """Sevens: the tiles of ``hand`` nearest 7 pips."""
            for g in groups:
                if hand & g:
                    return hand & g
            return hand

        def distinct(moves: int, others: int, eqm: int) -> int:
            """``moves`` less the tiles equivalent to a higher one of them."""
            e = moves & eqm
            prev = -1
            while e:
                s = e.bit_length() - 1
                e ^= 1 << s
                if prev >= 0 and eq_class[s] == eq_class[prev] and cnt[s] == cnt[prev]:
                    lo = s - s % width
                    span = ((1 << (prev - prev % width + width)) - 1) & ~((1 << lo) - 1)
                    if not others & span:
                        moves ^= 1 << s
                prev = s
            return moves

        def follow_moves(hand: int, led: int, played: int, eqm: int) -> int:
            """The distinct tiles ``hand`` may play to a trick of suit ``led``."""
            ms = forced(hand) if groups else hand & suit_mask[led] or hand
            if width > 1:
                ms &= ~((ms & odd) >> 1)
            e = ms & eqm
            if e & (e - 1):
                ms = distinct(ms, (alive & ~hand) | played, eqm)
            return ms

        def follow(
            seat: int, k: int, led: int, best_s: int, best_seat: int, pts: int, played: int, alpha: int, beta: int, rem: int, left: int,
            eqm: int,
        ) -> int:
            nonlocal alive, nodes
            if rem <= alpha:
                return rem
            if beta <= 0:
                return 0
            nodes += 1
            if nodes > budget:
                raise OutOfBudget
            # A trick no one still to play can take from its winner gives it the points
            # already in it: a bound that may settle a zero-window test here.
            w = decl_side[best_seat]
            if (pts >= beta) if w else (rem - pts <= alpha):
                ov = over[led][best_s]
                o = seat
                for _ in range(size - k):
                    if decl_side[o] != w:
                        h = hands[o]
                        if (h & suit_mask[led] or h) & ov:
                            break
                    o = nxt[o]
                else:
                    return pts if w else rem - pts
            hand = hands[seat]
            ms = follow_moves(hand, led, played, eqm)
            st = strength[led]
            want = maxer[seat]
            if ms & (ms - 1):
                # Plays that leave the trick with a side this seat wants first (counters
                # on it, the cheapest winner), then the rest (low counters, low tiles).
                keyed = []
                sm = suit_mask[led]
                later = size - k - 1
                while ms:
                    s = ms.bit_length() - 1
                    ms ^= 1 << s
                    x = st[s]
                    if x > best_s:
                        bs, bseat = x, seat
                    else:
                        bs, bseat = best_s, best_seat
                    w = decl_side[bseat]
                    if w == want:
                        safe = True
                        if FSAFE[0] and later:
                            ov = over[led][bs]
                            o = nxt[seat]
                            for _ in range(later):
                                if decl_side[o] != w:
                                    h = hands[o]
                                    if (h & sm or h) & ov:
                                        safe = False
                                        break
                                o = nxt[o]
                        keyed.append((x - 64 * cnt[s] + (1024 if safe else FSAFE[1])) << 6 | s)
                    else:
                        keyed.append((4096 + 64 * cnt[s] + s) << 6 | s)
                keyed.sort()
                order = [e & 63 for e in keyed]
            else:
                order = [ms.bit_length() - 1]
            v = -1 if want else rem + 1
            last = k + 1 == size
            nseat = nxt[seat]
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
                    add = p if decl_side[bseat] else 0
                    x = lead(bseat, alpha - add, beta - add, rem - p, left - 1) + add
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

        def value(node: Node, alpha: int, beta: int) -> int:
            if node.k == 0:
                return lead(node.seat, alpha, beta, node.rem, node.left)
            eqm = eq_for(alive | node.played)
            return follow(node.seat, node.k, node.led, node.best_s, node.best_seat, node.pts, node.played, alpha, beta, node.rem, node.left, eqm)

        def moves(node: Node) -> list[int]:
            """The distinct legal tiles (slots) at ``node``, high first."""
            hand = hands[node.seat]
            if node.k == 0:
                return lead_moves(hand, node.seat, 0, eq_for(alive))
            ms = follow_moves(hand, node.led, node.played, eq_for(alive | node.played))
            out = []
            while ms:
                s = ms.bit_length() - 1
                ms ^= 1 << s
                out.append(s)
            return out

        def visited() -> int:
            return nodes

        def allow(more: int) -> None:
            """Let the search visit ``more`` nodes from now on (a budget for each position of a line)."""
            nonlocal budget
            budget = nodes + more

        def sync() -> None:
            """Recompute the tiles still held after ``hands`` changed outside the search."""
            nonlocal alive
            alive = 0
            for h in hands:
                alive |= h

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
