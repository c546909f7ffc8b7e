"""Irregularities ruled at the table: a play out of turn the table accepts, a renege called.

They are actions of a hand like any other (``Hand.check`` and ``Hand.apply`` take
``actions.Accept`` and ``actions.Renege``); this module holds their checks and effects
so that the hand's state machine stays about the game itself.  A renege is ruled by
the ``renege`` option: ``lose-hand`` (the offending side loses the hand, scored by the
scoring rule's ``forfeit``) or ``as-played``.

>>> from referee.engine.games import make_rules
>>> from referee.engine.hand import Hand
>>> from referee.engine.auction import Bid
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

from typing import TYPE_CHECKING

from .. import codes
from . import actions
from .refusal import Refusal

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["accept", "check_accept", "check_renege", "renege"]


def _say(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def check_accept(hand: Hand, a: actions.Accept) -> Refusal | None:
    """Why the table cannot let ``a.seat`` play out of turn now."""
    seat = a.seat
    if hand.phase != "play":
        return Refusal(codes.E413, "there is no trick in play to accept a play out of turn in", seat=seat)
    if seat == hand.turn:
        return Refusal(codes.E413, f"it is {hand.seat(seat)}'s turn: the play is not out of turn", seat=seat)
    if hand.sits_out(seat) or any(s == seat for s, _ in hand.trick):
        return Refusal(codes.E413, f"{hand.seat(seat)} has no play left in this trick", seat=seat)
    return None


def accept(hand: Hand, a: actions.Accept) -> None:
    """The turn passes to ``a.seat``; in a trick already led, the seats still to play
    follow it clockwise until the trick closes (``Hand`` then restores the order)."""
    seat = a.seat
    hand.log.append(a)
    if hand.trick:
        played = {s for s, _ in hand.trick} | {seat}
        order = [s for s in _clockwise(hand, seat) if s not in played][: hand.trick_size - len(hand.trick) - 1]
        nxt = list(hand._next)
        for x, y in zip([seat, *order], order, strict=False):
            nxt[x] = y
        if hand._saved_next is None:
            hand._saved_next = hand._next
        hand._next = tuple(nxt)
    hand.turn = seat


def _clockwise(hand: Hand, seat: int) -> list[int]:
    """The other seats that play this hand, clockwise from ``seat``."""
    step = hand.game.next_seat
    out = []
    s = step[seat]
    while s != seat:
        if not hand.sits_out(s):
            out.append(s)
        s = step[s]
    return out


def check_renege(hand: Hand, a: actions.Renege) -> Refusal | None:
    """Why a renege by ``a.seat`` in trick ``a.trick`` cannot be ruled: the replay found none there."""
    seat, trick = a.seat, a.trick
    if (seat, trick) in hand.reneges:
        return None
    found = ", ".join(f"{hand.seat(s)} in trick {k}" for s, k in hand.reneges)
    hint = f"the replay found a renege by {found}" if found else "the replay found no renege in this hand"
    played = len(hand.tricks) + (1 if hand.trick else 0)
    if not 1 <= trick <= played:
        return Refusal(codes.E412, f"no renege in trick {trick}: the hand has {_say(played, 'trick')}", hint, seat=seat)
    return Refusal(codes.E412, f"{hand.seat(seat)} did not renege in trick {trick}", hint, seat=seat)


def renege(hand: Hand, a: actions.Renege) -> None:
    """Under ``renege=lose-hand`` the offending side loses the hand, which ends here."""
    hand.log.append(a)
    if hand.rules.option("renege") != "as-played":
        hand.penalty = hand.game.teams[a.seat]
        hand.phase = hand.phase.DONE
        hand.turn = None
