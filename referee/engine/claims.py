"""Checking a claim: can the declaring side take every remaining trick whatever the
others play (in a lose-all contract: lose every one)?

An exhaustive search with a node budget; ``None`` when the budget runs out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tiles import Tile

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["CLAIM_BUDGET", "claim_holds"]

CLAIM_BUDGET = 200_000
"""Positions searched at most before a claim is called unverifiable."""


class _OutOfBudget(Exception):
    pass


def claim_holds(hand: Hand, budget: int = CLAIM_BUDGET) -> bool | None:
    """Whether the declaring side's claim of the rest holds against every defence
    (declarers choose their plays, opponents try every legal tile); ``None`` when the
    search would exceed ``budget`` positions."""
    table = hand.table
    assert table is not None and hand.declarer is not None and hand.turn is not None
    teams = hand.game.teams
    side = teams[hand.declarer]
    hands = [list(h) for h in hand.hands]
    nxt = hand.next_seats
    size = hand.trick_size
    lose_all = hand.lose_all
    left = [budget]

    def seat_of(leader: int, index: int) -> int:
        s = leader
        for _ in range(index):
            s = nxt[s]
        return s

    def search(seat: int, leader: int, trick: list[Tile]) -> bool:
        left[0] -= 1
        if left[0] < 0:
            raise _OutOfBudget
        if len(trick) == size:
            win = seat_of(leader, table.winner(trick))
            if (teams[win] != side) != lose_all:
                return False
            if not hands[win]:
                return True
            return search(win, win, [])
        mine = teams[seat] == side
        for t in set(table.playable(hands[seat], trick[0] if trick else None)):
            hands[seat].remove(t)
            trick.append(t)
            ok = search(nxt[seat], leader, trick)
            trick.pop()
            hands[seat].append(t)
            if ok and mine:
                return True
            if not ok and not mine:
                return False
        return not mine

    if not hands[hand.turn]:
        return True
    try:
        return search(hand.turn, hand.turn, [])
    except _OutOfBudget:
        return None
