"""The last tricks of a deal solved with less machinery than the search's nodes carry.

**Two tricks.**  With two tricks left each seat holds two tiles, so a seat's only
choice is which of them goes first, and the second trick is then forced
(``solver_bounds.last_trick``).  Searched as usual, such an ending costs up to a node
a play of its first trick and one for the last trick, and each zero-window test of
the driver asks it again with another window: in Texas 88 the last two tricks held a
quarter to a half of the nodes of a search.  Here its exact value is found once, by a
small minimax over the six choices of the first trick (alpha-beta with the full window
of its points), and kept by the search's table, so every later test finds it settled.
It counts as one node.

**Three tricks.**  Nearly every three-trick ending is searched once, so an exact
value kept for later would not pay; its first trick is played here, in the search's
window, by a loop that carries only what such a trick needs (the tiles still held as
an ``int`` argument, no ordering guess, no look-ahead beyond the last play's) and
keeps the search's exact shortcuts: the held trick (``solver_bounds.held``), one tile
of equivalent ones (``solver_order.distinct``), the weaker of two tiles where one trick
settles the test (``solver_order.weakest``).  At the trick's last play each next lead,
an ending of two tricks, is looked up in the table first and solved only when absent.
Nodes are counted as the search counts them: one for each play tried before the last
(the position it leads to), and one for each ending of two tricks solved; an ending
the table already held is free, as the search's look-ahead is.

Like the search, these are closures over the hands and the slot tables, and read the
hands without keeping them changed.
"""

from __future__ import annotations

from collections.abc import Callable

from .solver_layout import Layout

__all__ = ["three_tricks_for", "two_tricks_for"]


def two_tricks_for(
    lay: Layout,
    hands: list[int],
    nxt: tuple[int, ...],
    size: int,
    decl_side: tuple[bool, ...],
    maxer: tuple[bool, ...],
    tp: int,
    cnt: tuple[int, ...],
    last_trick: Callable[[int], int],
) -> Callable[[int, int], int]:
    """``two_tricks(leader, rem)``: the points the declaring side takes in the last two
    tricks, led by ``leader``, ``rem`` being the points they hold; every seat holds two
    tiles.  Not under sevens, whose plays are forced by another rule."""
    calls = lay.calls
    strength = lay.strength
    suit_mask = lay.suit_mask
    odd = lay.odd
    width = lay.width

    def play(seat: int, k: int, led: int, best_s: int, best_seat: int, pts: int, alpha: int, beta: int) -> int:
        """The value from ``seat``'s play (the ``k``-th of the first trick) on, fail-soft in
        ``alpha``, ``beta``; the tiles already played are out of ``hands``."""
        hand = hands[seat]
        ms = hand & suit_mask[led] or hand if k else hand
        if width > 1:
            ms &= ~((ms & odd) >> 1)  # both copies of one tile: one play
        want = maxer[seat]
        v = -1 if want else 1 << 30
        while ms:
            m = ms.bit_length() - 1
            ms ^= 1 << m
            hands[seat] = hand ^ 1 << m
            if k == 0:
                led = calls[m]
                bs, bseat = strength[led][m], seat
            else:
                x = strength[led][m]
                bs, bseat = (x, seat) if x > best_s else (best_s, best_seat)
            p = pts + cnt[m]
            if k + 1 == size:
                x = (p if decl_side[bseat] else 0) + last_trick(bseat)
            else:
                x = play(nxt[seat], k + 1, led, bs, bseat, p, alpha, beta)
            hands[seat] = hand
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

    def two_tricks(leader: int, rem: int) -> int:
        return play(leader, 0, 0, 0, leader, tp, -1, rem + 1)

    return two_tricks


def three_tricks_for(
    lay: Layout,
    hands: list[int],
    nxt: tuple[int, ...],
    size: int,
    decl_side: tuple[bool, ...],
    maxer: tuple[bool, ...],
    cnt: tuple[int, ...],
    tt: dict[int, tuple[int, int, int]],
    key_of: Callable[[int, int], int],
    two: Callable[[int, int], int],
    held: Callable[[int, int, int, int, int], bool],
    distinct: Callable[[int, int, int], int],
    weakest: Callable[[int, int, int, int], int] | None,
    tp: int,
) -> tuple[Callable[[int, int, int, int, int, int, int, int, int, int, int, int], int], Callable[[], int]]:
    """``(follows, spent)``: ``follows(seat, led, best_s, best_seat, pts, alive, alpha, beta,
    rem, k, played, eqm)`` is the value, fail-soft in ``alpha``, ``beta``, of the first
    trick of a three-trick ending from its ``k``-th play on (``k`` >= 1), the arguments
    those of ``Search``'s ``follow`` (``alive``: the tiles still held, the trick's out);
    ``spent()`` the nodes it has visited since last asked.  ``weakest`` is None where the
    search does not take the weaker of two tiles.  Not under sevens."""
    strength = lay.strength
    suit_mask = lay.suit_mask
    odd = lay.odd
    width = lay.width
    tt_get = tt.get
    count = 0

    def follows(
        seat: int,
        led: int,
        best_s: int,
        best_seat: int,
        pts: int,
        alive: int,
        alpha: int,
        beta: int,
        rem: int,
        k: int,
        played: int,
        eqm: int,
    ) -> int:
        nonlocal count
        if decl_side[best_seat]:
            if pts >= beta and held(seat, k, led, best_s, best_seat):
                return pts
        elif rem - pts <= alpha and held(seat, k, led, best_s, best_seat):
            return rem - pts
        hand = hands[seat]
        ms = hand & suit_mask[led] or hand
        if width > 1:
            ms &= ~((ms & odd) >> 1)
        e = ms & eqm
        if e & (e - 1):
            ms = distinct(ms, (alive & ~hand) | played, eqm)
        want = maxer[seat]
        if weakest is not None and ms & (ms - 1) and (alpha + tp >= rem if not want else beta <= tp):
            ms = weakest(ms, led, best_s, alive)
        st = strength[led]
        v = -1 if want else rem + 1
        if k + 1 == size:
            # The trick's last play: each next lead is an ending of two tricks, exact in
            # the table or solved now.
            todo: list[tuple[int, int, int, int]] = []
            while ms:
                m = ms.bit_length() - 1
                ms ^= 1 << m
                x = st[m]
                bseat = seat if x > best_s else best_seat
                p = pts + cnt[m]
                add = p if decl_side[bseat] else 0
                r = rem - p
                if r <= alpha - add:
                    x = r + add
                elif beta <= add:
                    x = add
                else:
                    en = tt_get(key_of(alive ^ 1 << m, bseat))
                    if en is None:
                        todo.append((m, bseat, add, r))
                        continue
                    x = en[0] + add
                if want:
                    if x > v:
                        v = x
                        if v >= beta:
                            return v
                elif x < v:
                    v = x
                    if v <= alpha:
                        return v
            for m, bseat, add, r in todo:
                count += 1
                bit = 1 << m
                hands[seat] = hand ^ bit
                x = two(bseat, r)
                hands[seat] = hand
                tt[key_of(alive ^ bit, bseat)] = (x, x, -1)
                x += add
                if want:
                    if x > v:
                        v = x
                        if v >= beta:
                            return v
                elif x < v:
                    v = x
                    if v <= alpha:
                        return v
            return v
        nseat = nxt[seat]
        # The plays that leave the trick with this seat's side first (counters first, then
        # the weakest), then the rest (fewest counters first): ``follow_order``'s late keys.
        keyed = []
        while ms:
            m = ms.bit_length() - 1
            ms ^= 1 << m
            x = st[m]
            if decl_side[seat if x > best_s else best_seat] == want:
                keyed.append((x - 64 * cnt[m] + 1024) << 6 | m)
            else:
                keyed.append((4096 + 64 * cnt[m] + m) << 6 | m)
        keyed.sort()
        for m in keyed:
            m &= 63
            bit = 1 << m
            count += 1
            x = st[m]
            if x > best_s:
                bs, bseat = x, seat
            else:
                bs, bseat = best_s, best_seat
            hands[seat] = hand ^ bit
            x = follows(nseat, led, bs, bseat, pts + cnt[m], alive ^ bit, alpha, beta, rem, k + 1, played | bit, eqm)
            hands[seat] = hand
            if want:
                if x > v:
                    v = x
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            return v
            elif x < v:
                v = x
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        return v
        return v

    def spent() -> int:
        nonlocal count
        n = count
        count = 0
        return n

    return follows, spent
