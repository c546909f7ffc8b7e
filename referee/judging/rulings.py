"""The irregularities a hand's record writes, met as the judge follows the hand.

A director records what was called at the table and the ruling: a misdeal and its
redeal (``misdeal by W``), a play out of turn the table let stand (``accept S trick
2``), a renege called (``renege E trick 3 called by N``).  The judge checks that each
one happened (a recorded renege must be a renege the replay finds, E412; an accepted
play must have been out of turn, E413; a misdeal is the dealer's, E107), lets the
engine apply the ruling (``engine.irregular``), and says what it did in a note
(W106).  A renege the record does not call stays an E404.
"""

from __future__ import annotations

from .. import codes
from ..engine import actions
from ..engine.hand import Hand
from ..engine.refusal import Refusal
from ..engine.tiles import Tile
from ..notation.record import AcceptedPlay, HandRecord
from .labels import Labels
from .sink import Sink

__all__ = ["Rulings"]


class Rulings:
    """The irregularities of one hand (``hr``): its seats read by ``labels``, what it
    finds reported to ``sink``."""

    def __init__(self, hr: HandRecord, labels: Labels, sink: Sink) -> None:
        self.hr = hr
        self.labels = labels
        self.game = labels.game
        self.sink = sink
        self.accepted: dict[tuple[int, int], AcceptedPlay] = {}
        for a in hr.accepted:
            seat = labels.seat(a.seat, a.at)
            if seat is not None:
                self.accepted[(seat, a.trick)] = a
        self.used: set[tuple[int, int]] = set()
        r = hr.renege
        self.renege: tuple[int, int] | None = None
        if r is not None:
            seat = labels.seat(r.seat, r.at)
            if seat is not None:
                self.renege = (seat, r.trick)
            if r.called_by is not None:
                labels.seat(r.called_by, r.at)

    def stops_play(self, hand: Hand) -> bool:
        """A renege is called and the offending side loses the hand (``renege=lose-hand``):
        play stopped at the call, so the trick in play then may be short."""
        return self.renege is not None and hand.rules.option("renege") != "as-played"

    def misdeal(self, hand: Hand) -> None:
        """A misdeal is the dealer's, who deals again: the hand keeps its dealer."""
        m = self.hr.misdeal
        if m is None:
            return
        game = self.game
        dealer = game.seats[hand.dealer]
        by = self.labels.seat(m.by, m.by_at) if m.by is not None else hand.dealer
        if by is None:
            return
        if by != hand.dealer:
            self.sink.add(
                codes.E107,
                f"the misdeal is written as {game.seats[by]}'s, but {dealer} dealt this hand",
                m.by_at or m.at,
                "whoever misdeals deals again: write the hand's dealer",
            )
            return
        self.sink.add(codes.W106, f"{dealer} misdealt and dealt again; the deal written is the redeal", m.at, None)

    def accept(self, hand: Hand, seat: int | None, tile: Tile, refusal: Refusal) -> Refusal | None:
        """A play refused as out of turn (E401) that the record accepts: the turn passes to
        its player and the play is checked again (it may still be a renege)."""
        if refusal.code != codes.E401 or seat is None:
            return refusal
        key = (seat, len(hand.tricks) + 1)
        item = self.accepted.get(key)
        if item is None or key in self.used:
            return refusal
        action = actions.Accept(seat)
        if hand.check(action) is not None:
            return refusal
        hand.apply(action, checked=None)
        self.used.add(key)
        who = self.game.seats[seat]
        self.sink.add(
            codes.W106, f"{who} played out of turn in trick {key[1]} and the table accepted it; play went on from {who}", item.at, None
        )
        return hand.check_play(seat, tile)

    def called(self, hand: Hand, refusal: Refusal) -> bool:
        """Whether ``refusal`` is the renege the record calls (its E404 is ruled, not reported)."""
        return refusal.code == codes.E404 and self.renege == (refusal.seat, len(hand.tricks) + 1)

    def finish(self, hand: Hand) -> None:
        """Accepted plays never met are E413; the renege called is ruled (or is E412)."""
        game = self.game
        for key, item in self.accepted.items():
            if key not in self.used:
                seat, trick = key
                self.sink.add(
                    codes.E413,
                    f"the record accepts {game.seats[seat]}'s play out of turn in trick {trick}, but no play of "
                    f"{game.seats[seat]}'s there was out of turn",
                    item.at,
                    "write `accept SEAT trick N` only for a play the table let stand out of turn",
                )
        r = self.hr.renege
        if r is None or self.renege is None:
            return
        action = actions.Renege(*self.renege)
        refusal = hand.check(action)
        if refusal is not None:
            self.sink.refusal(refusal, r.at)
            return
        hand.apply(action, checked=None)
        who = game.seats[self.renege[0]]
        called = f", called by {r.called_by}" if r.called_by else ""
        if hand.penalty is None:
            effect = "the hand is scored as played (renege=as-played)"
        else:
            side = game.team_labels[hand.penalty]
            effect = f"{side} lose the hand (renege=lose-hand)"
        self.sink.add(codes.W106, f"{who} reneged in trick {r.trick}{called}: {effect}", r.at, None)
