"""Irregularities ruled at the table: a play out of turn the table accepts, a renege called,
and a seat's fault in a match played under the referee.

They are actions of a hand like any other (``Hand.check`` and ``Hand.apply`` take
``actions.Accept``, ``actions.Renege`` and ``actions.Forfeit``); this module holds their
checks and effects so that the hand's state machine stays about the game itself.  A renege
is ruled by the ``renege`` option: ``lose-hand`` (the offending side loses the hand, scored
by the scoring rule's ``forfeit``) or ``as-played``.  A forfeit always loses the hand, scored
the same way (``scoring.hand_result``).

>>> from referee.engine.games import make_rules
>>> from referee.engine.hand import Hand
>>> from referee.engine.actions import Bid
>>> from referee.engine.declarations import Declaration
>>> from referee.engine.tiles import tile
>>> deal = [[tile(t) for t in h.split()] for h in (
...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
>>> h = Hand(make_rules("42"), dealer=3, deal=deal)
>>> for seat, bid in ((0, Bid(30)), (1, None), (2, None), (3, None)): h.bid(seat, bid)
>>> h.declare(Declaration("suit", 5))
>>> h.check(actions.Accept(0)).code      # N leads in turn: nothing to accept
'E413'
>>> h.play(tile("6-6")); h.turn          # E is next
1
>>> h.apply(actions.Accept(2)); h.play(tile("4-3")); h.turn   # S plays before E: W, then E
3
>>> h.play(tile("3-0")); h.turn
1
>>> _ = h.play(tile("5-5")); h.turn      # E, void in sixes, trumps the trick and leads next
1
>>> h.check(actions.Renege(1, 1)).code   # so E's 5-5 was no renege
'E412'
"""

from __future__ import annotations

from .. import codes
from . import actions
from .refusal import Refusal
from .scoring import finished
from .shown import revealed_reneges
from .state import DONE, PLAY, HandState

__all__ = ["accept", "check_accept", "check_forfeit", "check_renege", "forfeit", "renege"]


def _say(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def check_accept(h: HandState, a: actions.Accept) -> Refusal | None:
    """Why the table cannot let ``a.seat`` play out of turn now."""
    seat = a.seat
    if h.phase is not PLAY:
        return Refusal(codes.E413, "there is no trick in play to accept a play out of turn in", seat=seat)
    if seat == h.turn:
        return Refusal(codes.E413, f"it is {h.seat(seat)}'s turn: the play is not out of turn", seat=seat)
    if h.order.sits_out(seat) or any(s == seat for s, _ in h.trick):
        return Refusal(codes.E413, f"{h.seat(seat)} has no play left in this trick", seat=seat)
    return None


def accept(h: HandState, a: actions.Accept) -> None:
    """The turn passes to ``a.seat``; in a trick already led, the seats still to play
    follow it clockwise until the trick closes (``TurnOrder.divert``)."""
    h.log.append(a)
    h.order = h.order.divert(a.seat, [s for s, _ in h.trick])
    h.turn = a.seat


def _reneges(h: HandState) -> list[tuple[int, int]]:
    """The reneges found so far: played against the known tiles, or, when the deal is
    not known, given away by a later play."""
    if not h.blind:
        return h.reneges
    return [*h.reneges, *(r for r in revealed_reneges(h) if r not in h.reneges)]


def check_renege(h: HandState, a: actions.Renege) -> Refusal | None:
    """Why a renege by ``a.seat`` in trick ``a.trick`` cannot be ruled: the replay found none there."""
    seat, trick = a.seat, a.trick
    found = _reneges(h)
    if (seat, trick) in found:
        return None
    listed = ", ".join(f"{h.seat(s)} in trick {k}" for s, k in found)
    hint = f"the replay found a renege by {listed}" if listed else "the replay found no renege in this hand"
    played = len(h.tricks) + (1 if h.trick else 0)
    if not 1 <= trick <= played:
        return Refusal(codes.E412, f"no renege in trick {trick}: the hand has {_say(played, 'trick')}", hint, seat=seat)
    return Refusal(codes.E412, f"{h.seat(seat)} did not renege in trick {trick}", hint, seat=seat)


def renege(h: HandState, a: actions.Renege) -> None:
    """Under ``renege=lose-hand`` the offending side loses the hand, which ends here."""
    h.log.append(a)
    if h.rules.option("renege") != "as-played":
        h.penalty = h.game.teams[a.seat]
        h.phase = DONE
        h.turn = None


def check_forfeit(h: HandState, a: actions.Forfeit) -> Refusal | None:
    """Why ``a.seat`` cannot forfeit the hand now: it is already over.

    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> h = Hand(make_rules("42"), dealer=3, deal=None)
    >>> for seat in range(4): h.bid(seat, None)        # everyone passed: thrown in
    >>> h.check(actions.Forfeit(1)).code
    'E415'
    """
    if finished(h):
        return Refusal(
            codes.E415,
            f"the hand was already over when {h.seat(a.seat)} forfeited it",
            "a forfeit ends a hand still being played: leave it out, or write the plays as far as the fault",
            seat=a.seat,
        )
    return None


def forfeit(h: HandState, a: actions.Forfeit) -> None:
    """The offending side loses the hand, which ends here, at any point of it.

    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.actions import Bid
    >>> h = Hand(make_rules("42"), dealer=3, deal=None)
    >>> h.bid(0, Bid(31)); h.apply(actions.Forfeit(1))   # East faults in the auction
    >>> r = h.result(); r.declarer, r.bid.amount, r.made, r.awards
    (0, 31, True, (1, 0))
    """
    h.log.append(a)
    h.penalty = h.game.teams[a.seat]
    h.phase = DONE
    h.turn = None
