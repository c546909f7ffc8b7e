"""Checking a claim: can the declaring side take every remaining trick whatever the
others play (in a lose-all contract: lose every one)?

The answer is the double-dummy solver's (``solver.claim_holds``), within a node
budget.  When it cannot be had, ``claim_unverified_reason`` says why in words a
director reads: no deal, too many lines of play, or hands left uneven by a tile
played that its player did not hold (the solver refuses such a position rather
than guess).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["CLAIM_BUDGET", "claim_holds", "claim_unverified_reason"]

CLAIM_BUDGET = 200_000
"""Nodes the solver may visit before a claim is called unverifiable."""

_UNEVEN = "the hands left are uneven (a tile was played that its player did not hold), so the rest cannot be searched"
_TOO_MANY = "there are too many ways to play the rest"
_NO_DEAL = "the deal is not recorded"


def _search(hand: Hand, budget: int) -> bool | str:
    """True or False as the claim holds, or why it cannot be told."""
    from .solver import claim_holds as solver_claim_holds  # the solver imports the hand module
    from .solver import position_from_hand

    if not hand.deal_known:
        return _NO_DEAL
    try:
        holds = solver_claim_holds(position_from_hand(hand), budget=budget)
    except ValueError:
        return _UNEVEN
    return _TOO_MANY if holds is None else holds


def claim_holds(hand: Hand, budget: int = CLAIM_BUDGET) -> bool | None:
    """Whether the declaring side's claim of the rest holds against every defence;
    ``None`` when that cannot be told (see ``claim_unverified_reason``).

    >>> from referee.engine.auction import Bid
    >>> from referee.engine.declarations import Declaration
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
    >>> h.bid(0, Bid(42)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> h.declare(Declaration("suit", 6))
    >>> claim_holds(h), claim_unverified_reason(h)
    (True, None)
    >>> claim_holds(h, budget=0), claim_unverified_reason(h, budget=0)
    (None, 'there are too many ways to play the rest')
    """
    answer = _search(hand, budget)
    return None if isinstance(answer, str) else answer


def claim_unverified_reason(hand: Hand, budget: int = CLAIM_BUDGET) -> str | None:
    """Why a claim cannot be checked, in words (None: it can)."""
    answer = _search(hand, budget)
    return answer if isinstance(answer, str) else None
