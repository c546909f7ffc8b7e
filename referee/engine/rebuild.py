"""A deal rebuilt from the plays, for records that leave the deal out.

Each player held what that player played, but for a tile played more often than the
set holds: the plays after the set's copies are left out of the player's tiles, so the
replay refuses them as tiles already played (E403).  Who played which tile follows the
hand's own turn logic: the calls, the declaration and the plays are applied to a
hand whose deal is not known (``Hand(rules, dealer, None)``, which takes each play
from its player's unseen tiles), so turn order, trick winners and seats sitting out
are computed once, in the engine.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..codes import After
from . import actions
from .declarations import Declaration
from .hand import Hand, Phase
from .profiles import Rules
from .tiles import Tile

__all__ = ["rebuild_deal"]


def rebuild_deal(
    rules: Rules,
    dealer: int,
    calls: Sequence[actions.Call],
    declaration: Declaration | None,
    plays: Sequence[actions.Play],
    accepted: Collection[tuple[int, int]] = (),
) -> list[list[Tile]]:
    """Each seat's tiles as the plays show them (seat order).

    Stops where the hand can no longer be followed (an out-of-turn play, a call
    after the auction); the tiles given so far stay.  ``accepted`` are the plays out of
    turn the table let stand, as (seat, trick): play goes on from them.  Without a declaration the
    trump is the winning bid's suit where the game takes it from the bid.
    """
    held: list[list[Tile]] = [[] for _ in rules.game.seats]
    copies = rules.game.copies
    played = [0] * len(copies)
    hand = Hand(rules, dealer, None)
    for call in calls:
        refusal = hand.check(call)
        if refusal is not None and refusal.code.after is not After.APPLY:
            if refusal.code.after is After.SKIP:
                continue
            return held
        hand.apply(call, checked=refusal, force=True)
    if hand.phase is Phase.DECLARE:
        if declaration is None:
            return held
        hand.apply(actions.Declare(declaration), checked=None)
    if hand.phase is not Phase.PLAY:
        return held
    for play in plays:
        if hand.phase is not Phase.PLAY:
            break
        seat = hand.turn if play.seat is None else play.seat
        if seat is not None and hand.sits_out(seat):  # a partner who sits out plays no tile
            continue
        if seat is not None and seat != hand.turn and (seat, len(hand.tricks) + 1) in accepted:
            accept = actions.Accept(seat)  # a play out of turn the table let stand: play goes on from it
            if hand.check(accept) is None:
                hand.apply(accept, checked=None)
        if seat != hand.turn:  # out of turn: the turn order is lost here
            break
        assert seat is not None
        t = play.tile
        if played[t] < copies[t] or not copies[t]:  # not a copy the set lacks (a tile off the set stays: E102 says so)
            held[seat].append(t)
        played[t] += 1
        hand.apply(actions.Play(seat, play.tile), checked=None)  # whatever it is, it was played
    return held
