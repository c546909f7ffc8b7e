"""A score sheet's game at the table (``referee live --detail hands``): each hand is its
auction, its contract and how it went, with no play.

The scorer enters what a sheet writes (docs/notation.md, "Score sheets"): the calls
(in turn, or only some of them: ``S 32`` alone says S won the auction at 32, the seats
between passed or bid lower), the trump when it is named, the widow or cat exchange,
and then the result (``result NS 35 made``, ``made``, ``set``), the award (``award
EW 1``) or the running score (``score NS 3 EW 2``).  Calls and trump are checked by the
engine on a hand nobody's deal is known in, as in a played game; the rest is checked
by the judge of score sheets (``judging/sheet.py``) on the record as it would be
written.  The hand ends when the auction is thrown in, or when what was entered says
how it scored: the referee then writes the award and the running score it worked out
(a sheet that says too little, ``result made`` under points scoring, waits for the
award or the score).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .. import codes
from ..engine import actions
from ..engine.hand import Hand, Phase
from ..engine.profiles import Rules
from ..engine.refusal import Refusal
from ..judging.rules_for import declaration_of
from ..judging.verdict import GameVerdict, HandVerdict
from ..notation.record import Call, Exchange, HandRecord, Misdeal, StatedAward, StatedResult, StatedScore, TrumpRecord
from ..play.transcript import trump_record
from .entries import Entry
from .position import Position, Refused, Step

__all__ = ["SheetPosition"]

_ORDER = ("call", "exchange", "trump", "result", "award", "score")
"""The items of a sheet's hand, in the order they come."""

Judge = Callable[[list[HandRecord]], GameVerdict]
"""The judge of the game's hands as they would be written (its header is the table's)."""


class SheetPosition(Position):
    """The game so far at a score sheet's table: the hands written, the running score,
    and the hand in play as entered (``written``) beside the engine's hand of its auction."""

    sheet = True

    def __init__(self, rules: Rules, first_dealer: int, judge: Judge) -> None:
        self.judge = judge
        self.written = HandRecord()
        super().__init__(rules, first_dealer)

    def _start(self) -> None:
        super()._start()
        hand = self.hand
        self.written = HandRecord(number=self.number, dealer=self.game.seats[hand.dealer] if hand is not None else None)

    # -- what the table sees ---------------------------------------------------------------
    def hands(self) -> list[HandRecord]:
        if self.hand is None:
            return list(self.done)
        return [*self.done, replace(self.written, calls=list(self.written.calls))]

    def where(self) -> str:
        hand = self.hand
        if hand is None:
            return "the game is over"
        seats = self.game.seats
        stated = self.stated
        if hand.phase is Phase.AUCTION and not stated and hand.turn is not None:
            return f"hand {self.number}, {seats[hand.turn]} to bid"
        if hand.phase is Phase.DECLARE and not stated and self.written.trump is None:
            return f"hand {self.number}, {seats[hand.trump_caller or 0]} to name trump, or the result"
        return f"hand {self.number}, the result to enter"

    @property
    def stated(self) -> bool:
        """The result, the award or the score of the hand in play is entered."""
        return any(getattr(self.written, k) is not None for k in ("result", "award", "score"))

    @property
    def waiting(self) -> bool:
        """The auction is over (or the hand is past it): the result is what comes."""
        hand = self.hand
        return hand is not None and (self.stated or hand.phase is not Phase.AUCTION)

    # -- entries -----------------------------------------------------------------------------
    def enter(self, entry: Entry) -> Step:
        if entry.kind == "misdeal":
            step = super().enter(entry)
            self.written = replace(self.written, misdeal=Misdeal())
            return step
        hand, words, _ = self._attempt(entry)
        written = self._with(entry, hand)
        if entry.kind in ("result", "award", "score"):
            verdict = self.judge([*self.done, written])
            errors = [d for d in verdict.diagnostics if d.is_error]
            if errors:
                d = errors[0]
                raise Refused(Refusal(d.code, d.message, d.hint))
            self.hand, self.written = hand, written
            last = verdict.hands[-1] if verdict.hands else None
            events = self._close(hand, last) if last is not None and last.awards else []
            return Step(words, tuple(events))
        self.hand, self.written = hand, written
        if hand.phase is Phase.THROWN_IN:
            self.state.finish(hand)
            self.done.append(written)
            labels = self.game.team_labels
            score = " ".join(f"{labels[t]} {s}" for t, s in enumerate(self.state.scores))
            self._start()
            return Step(words, (f"hand {written.number} is thrown in: everyone passed; score {score}",))
        return Step(words)

    def _attempt(self, entry: Entry) -> tuple[Hand, str, list[str]]:
        if self.hand is None or entry.kind == "misdeal":
            return super()._attempt(entry)
        kind = entry.kind
        n = self.number
        if kind in ("deal", "play", "claim"):
            raise Refused(
                Refusal(
                    codes.S011,
                    f"a score sheet's hand has no {kind} (--detail hands)",
                    "enter how it went: `result NS 35 made`, `made`, `set`, or the award (`award NS 1`)",
                )
            )
        later = [k for k in _ORDER[_ORDER.index(kind) + 1 :] if self._has(k)]
        if later:
            raise Refused(
                Refusal(codes.S011, f"the {later[0]} of hand {n} is entered already: the {kind} comes before it", "`undo` takes it back")
            )
        if kind != "call" and self._has(kind):
            raise Refused(Refusal(codes.S011, f"the {kind} of hand {n} is entered already", "`undo` takes it back"))
        hand = self._clone()
        if kind == "call":
            assert isinstance(entry.item, Call)
            return hand, self._call(hand, entry.item), []
        if hand.phase is Phase.AUCTION and hand.high_bid is not None:  # the calls left out after the highest bid written: passes
            while hand.phase is Phase.AUCTION:
                hand.apply(actions.Call(None, None), checked=None)
        if kind == "exchange":
            assert isinstance(entry.item, Exchange)
            self._unseen_exchange(hand, entry.item)
        elif kind == "trump":
            assert isinstance(entry.item, TrumpRecord)
            if hand.phase is Phase.AUCTION:
                raise Refused(
                    Refusal(codes.E208, "no bid is entered: trump comes after the auction", "enter the winning bid first (`S 32`)")
                )
            self._apply(hand, actions.Declare(declaration_of(entry.item, self.rules), self.seat(entry.item.by)))
            written = trump_record(hand)
            assert written is not None
            return hand, Entry("trump", written).words, []
        return hand, entry.words, []

    def _call(self, hand: Hand, call: Call) -> str:
        """A call in turn, or further round: the seats between passed or bid lower, as a
        sheet leaves them out (they are not written)."""
        seat = self.seat(call.seat)
        n = self.game.players
        if seat is not None and hand.phase is Phase.AUCTION and hand.turn is not None and seat != hand.turn:
            ahead = (seat - hand.turn) % n
            if 0 < ahead < n - len(hand.calls):
                for _ in range(ahead):
                    hand.apply(actions.Call(None, None), checked=None)
        return super()._call(hand, call)

    def _has(self, kind: str) -> bool:
        w = self.written
        return bool(w.calls) if kind == "call" else getattr(w, kind) is not None

    def _with(self, entry: Entry, hand: Hand) -> HandRecord:
        """The hand in play as written, with ``entry``'s item in its canonical form (``hand``:
        the engine's hand after it)."""
        w = replace(self.written, calls=list(self.written.calls))
        item = entry.item
        if isinstance(item, Call):
            w.calls.append(replace(item, seat=self.game.seats[hand.calls[-1][0]], at=None, comments=(), after=()))
        elif isinstance(item, Exchange):
            w.exchange = Exchange(list(item.take), list(item.give))
        elif isinstance(item, TrumpRecord):
            w.trump = trump_record(hand)
        elif isinstance(item, StatedResult):
            w.result = StatedResult(item.side, item.points, item.outcome)
        elif isinstance(item, StatedAward):
            w.award = StatedAward(dict(item.amounts))
        elif isinstance(item, StatedScore):
            w.score = StatedScore(dict(item.scores))
        return w

    def _close(self, hand: Hand, verdict: HandVerdict) -> list[str]:
        """The hand scored as the judge worked it out: its award and running score written
        where the scorer did not write them, the game's score moved on, the next hand started."""
        game = self.game
        labels = game.team_labels
        every = self.rules.scoring.award_all_sides
        awards = tuple(verdict.awards.get(label, 0) for label in labels)
        self.state.award(hand.dealer, awards, hand.declaring_team)
        record = replace(self.written, calls=list(self.written.calls))
        shown = {k: v for k, v in verdict.awards.items() if v or every}
        if record.award is None and shown:
            record.award = StatedAward(shown)
        if record.score is None and verdict.score is not None:
            record.score = StatedScore(dict(verdict.score))
        self.done.append(record)
        award = " ".join(f"{k} {v}" for k, v in shown.items()) or "nothing"
        score = " ".join(f"{labels[t]} {s}" for t, s in enumerate(self.state.scores))
        how = "" if verdict.made is None else (", bid made" if verdict.made else ", bid set")
        events = [f"hand {record.number}{how}: award {award}; score {score}"]
        self._start()
        if self.state.winner is not None:
            events.append(f"the game is over: {labels[self.state.winner]} win, {score}")
        return events
