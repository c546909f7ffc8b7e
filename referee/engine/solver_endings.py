"""The last two tricks of a deal solved directly, not searched node by node.

With two tricks left each seat holds two tiles, so a seat's only choice is which of
them goes first, and the second trick is then forced (``solver_bounds.last_trick``).
Searched as usual, such an ending costs up to a node a play of its first trick and
one for the last trick, and each zero-window test of the driver asks it again with
another window: in Texas 88 the last two tricks held a quarter to a half of the
nodes of a search.  Here its exact value is found once, by a small minimax over the
six choices of the first trick (alpha-beta with the full window of its points), and
kept by the search's table, so every later test finds it settled.

Like the search, this is a closure over the hands and the slot tables, and reads
the hands without keeping them changed.
"""

from __future__ import annotations

from collections.abc import Callable

from .solver_layout import Layout

__all__ = ["two_tricks_for"]


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
