"""Checking a claim: can the declaring side take every remaining trick whatever the
others play (in a lose-all contract: lose every one)?

The answer is the double-dummy solver's (``solver.claim_holds``) on the position of
a ``HandView`` (``position_of``), within a node budget.  When it cannot be had,
``claim_unverified_reason`` says why in words a director reads: no deal, too many
lines of play, or hands left uneven by a tile played that its player did not hold
(the solver refuses such a position rather than guess).

The hand loads this module on the first claim it checks, so the solver stays out of
the command line's start-up.
"""

from __future__ import annotations

from . import solver
from .declarations import table_for
from .solver import Position
from .views import HandView

__all__ = ["CLAIM_BUDGET", "claim_holds", "claim_unverified_reason", "position_of"]

CLAIM_BUDGET = 200_000
"""Nodes the solver may visit before a claim is called unverifiable."""

_UNEVEN = "the hands left are uneven (a tile was played that its player did not hold), so the rest cannot be searched"
_TOO_MANY = "there are too many ways to play the rest"
_NO_DEAL = "the deal is not recorded"


def position_of(view: HandView) -> Position:
    """The solver's position of a hand in its play phase (every holding known).

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.declarations import Declaration
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
    >>> h.bid(0, Bid(30)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> h.declare(Declaration("suit", 6)); h.play(tile("6-6"))
    >>> p = position_of(h.view())
    >>> p.turn, p.trick, p.unit, solver.solve(p).value
    (1, ((0, Tile(6-6)),), 'points', 42)
    """
    if view.declaration is None or view.turn is None or view.declarer is None:
        raise ValueError("a position needs a hand in its play phase (trump named, a player to move)")
    game = view.game
    contract = view.contract
    return Position(
        table=table_for(view.declaration),
        hands=view.hands,
        teams=game.teams,
        declarer=view.declarer,
        turn=view.turn,
        trick=view.trick,
        points=view.points,
        tricks=view.team_tricks,
        out=view.out,
        trick_points=game.trick_points,
        counters=game.counters_score,
        lose_all=contract is not None and contract.lose_all,
    )


def _search(view: HandView, budget: int) -> bool | str:
    """True or False as the claim holds, or why it cannot be told."""
    if not view.deal_known:
        return _NO_DEAL
    try:
        holds = solver.claim_holds(position_of(view), budget=budget)
    except ValueError:
        return _UNEVEN
    return _TOO_MANY if holds is None else holds


def claim_holds(view: HandView, budget: int = CLAIM_BUDGET) -> bool | None:
    """Whether the declaring side's claim of the rest holds against every defence;
    ``None`` when that cannot be told (see ``claim_unverified_reason``).

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.declarations import Declaration
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
    >>> h.bid(0, Bid(42)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> h.declare(Declaration("suit", 6))
    >>> claim_holds(h.view()), claim_unverified_reason(h.view())
    (True, None)
    >>> claim_holds(h.view(), budget=0), claim_unverified_reason(h.view(), budget=0)
    (None, 'there are too many ways to play the rest')
    """
    answer = _search(view, budget)
    return None if isinstance(answer, str) else answer


def claim_unverified_reason(view: HandView, budget: int = CLAIM_BUDGET) -> str | None:
    """Why a claim cannot be checked, in words (None: it can)."""
    answer = _search(view, budget)
    return answer if isinstance(answer, str) else None
