"""Which plays the double-dummy search tries, and in which order.

A zero-window search settles a node as soon as one play proves its side's
point, so the plays most likely to do that go first; plays that cannot lead
to different results are tried once.  Like the search (``solver_search``),
these are closures over the hands and the slot tables (``solver_layout``):
they run at every node.

- **Equivalent tiles.** Two tiles of one seat are interchangeable when they
  call the same suit, follow the same suits, carry the same counters and no
  tile of another seat (or already in the trick) ranks between them in any
  suit that can still be led: then whatever one does, the other does.  That
  holds for a run of trumps, of doubles that form a suit, and of plain tiles
  with one high end whose low ends' suits are dead (no tile left can call
  them).  In Texas 88 the two copies of a tile are one play.
- **Leads.** The sure leads first (the table's best lead is put before them by
  the search), then those whose trick the leader's side takes in a guessed
  play of it (each follower of the side not holding the trick takes it as
  cheaply as it can, the others keep off it), each group by how few tiles the
  other side holds to beat the lead (how many, in nello).
- **The weaker of two tiles.** Where any trick a side takes settles the test
  (the defenders' one trick when the declaring side needs every point left;
  the declaring side's one trick when it needs only a trick's worth), a seat of
  that side that does not take the trick now plays the weaker of two tiles
  when one is at least as strong as the other in every suit that can still be
  led (the same suits, ranking no lower in any): with the stronger one kept,
  any line of the other play is open to it, and where the two part the kept
  tile takes a trick for its side, which settles the test.
- **Follows.** The plays that leave the trick with the side the follower wants
  to win it and that no one still to play can take from it (counters first,
  then the cheapest), then the ones that leave it there for now, then the rest
  (low counters, low tiles).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .solver_layout import Layout

__all__ = ["GUESS_FROM", "Order", "order_for"]

GUESS_FROM = 4
"""Leads and follows are ordered by a guess of the trick while the player holds at
least this many tiles (a guess costs a walk through the trick, which pays only
where the search below is large)."""


class Order(NamedTuple):
    """The closures of ``order_for``."""

    eq_for: Callable[[int], int]
    """``eq_for(tiles)``: the slots that may be equivalent while ``tiles`` are left."""
    lead_moves: Callable[[int, int, int, int], list[int]]
    """``lead_moves(leader, sure, eqm, alive)``: the distinct leads, in order."""
    follow_order: Callable[[int, int, int, int, int, int], list[int]]
    """``follow_order(plays, seat, k, led, best_s, best_seat)``: two or more distinct plays (a mask), in order."""
    distinct: Callable[[int, int, int], int]
    """``distinct(plays, others, eqm)``: ``plays`` less the tiles equivalent to a higher one of them."""
    forced: Callable[[int], int]
    """``forced(hand)``: sevens, the tiles of ``hand`` nearest 7 pips."""
    follows: Callable[[int, int, int, int, int], int]
    """``follows(seat, led, played, eqm, alive)``: the distinct plays as a mask."""
    weakest: Callable[[int, int, int, int], int]
    """``weakest(plays, led, best_s, alive)``: ``plays`` less each tile that does not take the
    trick and is at least as strong as another of them in every suit left to lead."""


def order_for(
    lay: Layout,
    hands: list[int],
    nxt: tuple[int, ...],
    size: int,
    decl_side: tuple[bool, ...],
    maxer: tuple[bool, ...],
    cnt: tuple[int, ...],
    *,
    quick: bool,
    equivalence: bool,
) -> Order:
    """The move generators of one search over ``hands`` (read, never written)."""
    calls = lay.calls
    strength = lay.strength
    suit_mask = lay.suit_mask
    beaters = lay.beaters
    over = lay.over
    eq_class = lay.eq_class
    eq_mask = lay.eq_mask if equivalence else 0
    callers = lay.callers
    by_low = lay.by_low if equivalence else (0,) * 7
    groups = lay.forced_groups
    odd = lay.odd
    width = lay.width
    seats = range(len(hands))
    guess = quick and not groups

    def eq_for(tiles: int) -> int:
        eqm = eq_mask
        for low in range(7):
            if not tiles & callers[low]:
                eqm |= by_low[low]
        return eqm

    def forced(hand: int) -> int:
        """Sevens: the tiles of ``hand`` nearest 7 pips."""
        for g in groups:
            if hand & g:
                return hand & g
        return hand

    def distinct(moves: int, others: int, eqm: int) -> int:
        """``moves`` less the tiles equivalent to a higher one of them (``others``: the
        tiles of other seats and of the trick)."""
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

    def played_out(later: list[tuple[bool, int]], st: tuple[int, ...], beats: dict[int, int], best_s: int, side: bool) -> bool:
        """The side holding the trick at its end, when it is held by ``side`` at strength
        ``best_s`` and each seat still to play (``later``: its side and what it may play)
        takes it as cheaply as it can if the other side holds it, else keeps off it."""
        for mine, can in later:
            beat = can & beats[best_s]
            if beat and (mine != side or not can & ~beat):
                low = 99
                while beat:
                    x = beat.bit_length() - 1
                    beat ^= 1 << x
                    if st[x] < low:
                        low = st[x]
                best_s, side = low, mine
        return side

    def still_to_play(seat: int, n: int, led: int) -> list[tuple[bool, int]]:
        """The ``n`` seats after ``seat`` in a trick of suit ``led``: each one's side and what
        it may play (a superset under sevens)."""
        sm = suit_mask[led]
        out = []
        for _ in range(n):
            seat = nxt[seat]
            h = hands[seat]
            out.append((decl_side[seat], h & sm or h))
        return out

    def lead_moves(leader: int, sure: int, eqm: int, alive: int) -> list[int]:
        hand = hands[leader]
        ms = forced(hand) if groups else hand
        if width > 1:
            ms &= ~((ms & odd) >> 1)
        e = ms & eqm
        if e & (e - 1):
            ms = distinct(ms, alive & ~hand, eqm)
        out = []
        rest = ms & ~sure
        ms &= sure
        while ms:
            s = ms.bit_length() - 1
            ms ^= 1 << s
            out.append(s)
        if not rest:
            return out
        mine = decl_side[leader]
        others = 0
        for o in seats:
            if decl_side[o] != mine:
                others |= hands[o]
        deep = guess and rest & (rest - 1) and hand.bit_count() >= GUESS_FROM
        later_by_suit: dict[int, list[tuple[bool, int]]] = {}
        keyed = []
        while rest:
            s = rest.bit_length() - 1
            rest ^= 1 << s
            n = (others & beaters[s]).bit_count()
            if not quick:
                n = 64 - n
            elif deep:
                led = calls[s]
                later = later_by_suit.get(led)
                if later is None:
                    later = later_by_suit[led] = still_to_play(leader, size - 1, led)
                if played_out(later, strength[led], over[led], strength[led][s], mine) != mine:
                    n += 64
            keyed.append(n << 6 | s)
        keyed.sort()
        out += [k & 63 for k in keyed]
        return out

    def follows(seat: int, led: int, played: int, eqm: int, alive: int) -> int:
        hand = hands[seat]
        ms = forced(hand) if groups else hand & suit_mask[led] or hand
        if width > 1:
            ms &= ~((ms & odd) >> 1)
        e = ms & eqm
        if e & (e - 1):
            ms = distinct(ms, (alive & ~hand) | played, eqm)
        return ms

    def follow_order(ms: int, seat: int, k: int, led: int, best_s: int, best_seat: int) -> list[int]:
        st = strength[led]
        want = maxer[seat]
        if hands[seat].bit_count() < GUESS_FROM:
            # Late in the hand, where a node is cheap to search, a cheap order: the plays
            # that leave the trick with the side this seat wants first, then the rest.
            keyed = []
            while ms:
                s = ms.bit_length() - 1
                ms ^= 1 << s
                x = st[s]
                if decl_side[seat if x > best_s else best_seat] == want:
                    keyed.append((x - 64 * cnt[s] + 1024) << 6 | s)
                else:
                    keyed.append((4096 + 64 * cnt[s] + s) << 6 | s)
            if len(keyed) == 2:
                a, b = keyed
                return [a & 63, b & 63] if a < b else [b & 63, a & 63]
            keyed.sort()
            return [e & 63 for e in keyed]
        beats = over[led]
        later = still_to_play(seat, size - k - 1, led)
        # What the other side's seats still to play may play: a play that leaves the
        # trick with the side this seat wants is safe when they cannot beat it.
        reach = [0, 0]
        for mine, can in later:
            reach[mine] |= can
        keyed = []
        while ms:
            s = ms.bit_length() - 1
            ms ^= 1 << s
            x = st[s]
            if x > best_s:
                bs, w = x, decl_side[seat]
            else:
                bs, w = best_s, decl_side[best_seat]
            if w == want and not reach[not w] & beats[bs]:
                keyed.append((x - 64 * cnt[s] + 1024) << 6 | s)
            elif played_out(later, st, beats, bs, w) == want:
                keyed.append((x - 64 * cnt[s] + 2048) << 6 | s)
            else:
                keyed.append((4096 + 64 * cnt[s] + s) << 6 | s)
        if len(keyed) == 2:
            a, b = keyed
            return [a & 63, b & 63] if a < b else [b & 63, a & 63]
        keyed.sort()
        return [e & 63 for e in keyed]

    suits = range(len(callers))

    def weakest(ms: int, led: int, best_s: int, alive: int) -> int:
        # The plays that do not take the trick, by the suit they call: only two of one
        # group can be compared.
        rest = ms & ~over[led][best_s]
        live: list[tuple[int, tuple[int, ...]]] | None = None
        while rest:
            group = rest & callers[calls[rest.bit_length() - 1]]
            rest ^= group
            if not group & (group - 1):
                continue
            if live is None:
                live = [(suit_mask[x], strength[x]) for x in suits if alive & callers[x]]
            weak = []
            while group:
                x = group.bit_length() - 1
                group ^= 1 << x
                weak.append(x)
            for i, b in enumerate(weak):
                for j, a in enumerate(weak):
                    if j == i or not ms >> a & 1:
                        continue
                    # ``b`` goes when it is as strong as ``a`` everywhere (of two equals, the later).
                    if all(sm >> a & 1 == sm >> b & 1 and sx[b] >= sx[a] for sm, sx in live) and (
                        j < i or any(sx[b] != sx[a] for _, sx in live)
                    ):
                        ms ^= 1 << b
                        break
        return ms

    return Order(eq_for, lead_moves, follow_order, distinct, forced, follows, weakest)
