"""What a careful scorer writes for a hand the engine is playing: the record of a ``Hand``
as it stands, the trick in play included.

``referee simulate`` writes each hand its players played this way, and ``referee live``
writes the hand at the table after every entry, so both write one record of one hand.
The irregularities the table ruled are read from the hand's log (``Accept``,
``Renege``), as the engine applied them.

>>> from referee.engine.actions import Bid
>>> from referee.engine.declarations import Declaration
>>> from referee.engine.games import make_rules
>>> from referee.engine.hand import Hand
>>> from referee.engine.tiles import tile
>>> h = Hand(make_rules("42"), dealer=3, deal=None)
>>> h.bid(0, Bid(30)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
>>> h.declare(Declaration("suit", 6)); _ = h.play(tile("6-6"))
>>> r = hand_record(1, h, None, None)
>>> [str(c.amount) for c in r.calls], r.trump.suit, [(p.seat, str(p.tile)) for p in r.tricks[0].plays]
(['30', 'None', 'None', 'None'], 6, [('N', '6-6')])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine import actions
from ..engine.auction import Bid
from ..engine.hand import Hand
from ..engine.tiles import Tile
from ..notation.record import (
    AcceptedPlay,
    Call,
    Claim,
    Dealt,
    Exchange,
    HandRecord,
    Kitty,
    Misdeal,
    Play,
    RenegeCall,
    TrickRecord,
    TrumpRecord,
)

__all__ = ["call_record", "hand_record", "trump_record"]


def call_record(seat: str, bid: Bid | None) -> Call:
    """A call as the record writes it."""
    if bid is None:
        return Call(seat=seat)
    return Call(seat=seat, amount=bid.amount, suit=bid.suit, contract=bid.contract)  # type: ignore[arg-type]  # the engine's contracts


def trump_record(hand: Hand) -> TrumpRecord | None:
    """The declaration as written: nello's doubles as the options say unless low, and who
    named trump only when it is not the declarer (after a plunge or splash)."""
    d = hand.declaration
    if d is None:
        return None
    caller = hand.trump_caller
    return TrumpRecord(
        kind=d.kind,  # type: ignore[arg-type]  # the engine's declaration kinds
        suit=d.suit,
        doubles_low=d.doubles_low,
        by=hand.game.seats[caller] if caller is not None and caller != hand.declarer else None,
    )


def hand_record(
    number: int | None,
    hand: Hand,
    deal: Sequence[Sequence[Tile]] | None,
    kitty: Sequence[Tile] | None,
    *,
    misdeal: bool = False,
) -> HandRecord:
    """``hand`` as it stands, without the result, award and score (a finished hand's are
    ``judging.stated``'s).  ``deal`` is None when nobody knows it; ``misdeal``: the hand
    was misdealt and dealt again by its dealer."""
    game = hand.game
    seats = game.seats
    record = HandRecord(
        number=number,
        dealer=seats[hand.dealer],
        misdeal=Misdeal() if misdeal else None,
        deal=None if deal is None else [Dealt(seat=seats[s], tiles=list(tiles)) for s, tiles in enumerate(deal)],
        kitty=Kitty(game.kitty, list(kitty)) if game.kitty is not None and deal is not None and kitty is not None else None,  # type: ignore[arg-type]
        calls=[call_record(seats[s], b) for s, b in hand.calls],
    )
    if hand.declarer is None:
        return record
    if hand.exchanged is not None:
        take, give = hand.exchanged
        # The 88 cat may be left alone; writing an exchange that changes nothing adds no information.
        if game.exchange.takes_whole or Counter(take) != Counter(give):
            record.exchange = Exchange(take=list(take), give=list(give))
    record.trump = trump_record(hand)
    record.tricks = [TrickRecord(plays=[Play(seats[s], t) for s, t in trick.plays]) for trick in hand.tricks]
    if hand.trick:
        record.tricks.append(TrickRecord(plays=[Play(seats[s], t) for s, t in hand.trick]))
    _irregularities(hand, record)
    if hand.claimed is not None:
        record.claim = Claim("claim" if hand.claimed == "declarers" else "concede")
    return record


def _irregularities(hand: Hand, record: HandRecord) -> None:
    """The plays out of turn the table accepted and the renege it ruled, from the log."""
    seats = hand.game.seats
    sizes = [len(tr.plays) for tr in record.tricks]
    number, played = 1, 0  # the trick in play (1-based), and its plays so far
    for action in hand.log:
        if isinstance(action, actions.Play):
            played += 1
            if number <= len(sizes) and played == sizes[number - 1]:
                number, played = number + 1, 0
        elif isinstance(action, actions.Accept):
            record.accepted.append(AcceptedPlay(seats[action.seat], number))
        elif isinstance(action, actions.Renege):
            record.renege = RenegeCall(seats[action.seat], action.trick)
