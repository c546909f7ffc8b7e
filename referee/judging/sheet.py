"""A score sheet's hand: judged from what it writes, without plays (``[Detail "hands"]``).

At a table someone writes, for each hand, who bid what, whether it was made, and the
marks.  Under ``[Detail "hands"]`` a hand may give any of that and no play, and it is
judged as far as what it writes allows:

- the calls written, in turn from the dealer's left (calls may be left out: a seat
  skipped passed or bid lower) and up the ladder; the highest bid written is the
  contract (``bid N 32`` alone says who won the auction and at what);
- the contract's conditions that need no tile: the declaration the bid allows,
  nello's and sevens' mark, who names trump after a plunge;
- the result against the bid: made if and only if the bidding side reached it (a bid
  that needs every trick needs every point; nello needs the bidding side to take
  none), and the points a side can take at all;
- the award the game's scoring rule gives for that result, and the running score,
  the dealer's rotation, the end at the target and the winner, as for any hand.

The engine does the judging: the auction and declaration go through a ``Hand`` whose
deal nobody knows, and what a result scores comes from ``engine.totals`` (every way a
hand's points can fall to the sides, each scored by the hand's own rules).  A written
award or running score picks out the ways that fit, and none fitting is the error.
What the sheet leaves too vague to score is a W110 note, never an error: the award
written is then taken for the running score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .. import codes
from ..engine import actions
from ..engine.auction import Bid
from ..engine.game import GameState
from ..engine.hand import Hand, HandResult, Phase
from ..engine.profiles import Game, Rules
from ..engine.totals import Division, divisions, possible_awards, result_with, settle
from ..notation.record import HandRecord
from ..source import Span
from .follow import End, HandJudge, Stop
from .labels import Labels
from .rulings import Rulings
from .sink import Sink
from .verdict import HandVerdict


class SheetGame(Protocol):
    """What a score sheet's hand needs of the game it is judged in (``replay.SheetGame``
    is one): read, and ``lose_score`` when the running score is no longer known."""

    detail: bool
    game: Game
    labels: Labels
    sink: Sink
    rules: Rules
    log: bool
    state: GameState
    score_known: bool

    def lose_score(self) -> None: ...


__all__ = ["is_sheet_hand", "judge_sheet_hand"]

_MOST_MARKS = 12
"""The most marks an award written alone is checked for (a bid of more is not checked)."""


def is_sheet_hand(hr: HandRecord) -> bool:
    """Whether a hand of a ``[Detail "hands"]`` record is judged as a score sheet's: it writes no play."""
    return not hr.tricks and hr.claim is None


def judge_sheet_hand(g: SheetGame, judge: HandJudge, hr: HandRecord, number: int, index: int, dealer: int) -> HandVerdict | None:
    """Judge ``hr``, a hand without plays dealt by ``dealer``, and score it into ``g``'s game;
    its verdict (None without ``g.detail``)."""
    return _SheetHand(g, judge, hr, number, index, dealer).judge()


class _SheetHand:
    """One hand of a score sheet, judged once."""

    def __init__(self, g: SheetGame, judge: HandJudge, hr: HandRecord, number: int, index: int, dealer: int) -> None:
        self.g = g
        self.judge_ = judge
        self.hr = hr
        self.number = number
        self.index = index
        self.dealer = dealer
        self.game = g.game
        self.labels = g.labels
        """The record's seat and side labels."""
        self.add = g.sink.add
        made = judge.make_hand(hr, dealer) if hr.deal is not None else None
        self.hand: Hand = made if made is not None else Hand(g.rules, dealer, None)
        """The engine's hand: dealt as the deal written, else a deal nobody knows."""
        self.written: list[int] = []
        """The seat of each call written and accepted."""
        self.left_out = False
        """Calls the sheet leaves out were filled in as passes."""

    # -- the hand ------------------------------------------------------------------------
    def judge(self) -> HandVerdict | None:
        g = self.g
        hand = self.hand
        if self.hr.misdeal is not None:  # the misdealer dealt again: checked and noted as for any hand
            Rulings(self.hr, self.labels, g.sink).misdeal(hand)
        try:
            self.auction()
            if hand.phase is not Phase.AUCTION and hand.phase is not Phase.THROWN_IN:
                self.judge_.contract(self.hr, hand, trump_needed=False)
        except (Stop, End):
            g.sink.not_followed(self.number, self.hr.at, log=g.log)
            g.lose_score()
            return self.verdict(followed=False)
        if hand.phase is Phase.THROWN_IN and not self.left_out:
            return self.thrown_in()
        if hand.high_bid is None:
            return self.as_written()
        if self.hr.renege is not None:
            self.ruling()
        return self.scored()  # a play out of turn the table accepted changes no score

    def auction(self) -> None:
        """The calls written, each in turn (a seat skipped passed or bid lower, unwritten) and
        checked as the engine checks a call; the calls after the highest bid written are passes."""
        hand = self.hand
        labels = self.labels
        n = self.game.players
        for call in self.hr.calls:
            seat = labels.seat(call.seat, call.at) if call.seat is not None else None
            gap = 0
            if seat is not None and hand.phase is Phase.AUCTION and hand.turn is not None:
                ahead = (seat - hand.turn) % n
                if 0 < ahead < n - len(hand.calls):  # seats between the last call written and this one
                    gap = ahead
                    for _ in range(gap):
                        hand.apply(actions.Call(None, None), checked=None)
                    self.left_out = True
            bid = None if call.amount is None else Bid(call.amount, call.suit, call.contract)
            refusal = hand.check_bid(seat, bid)
            if refusal is not None and gap and self.explained(gap, seat, bid):
                refusal = None
            before = len(hand.calls)
            self.judge_.act(hand, actions.Call(seat, bid), call.at, checked=refusal)
            if len(hand.calls) > before:
                self.written.append(hand.calls[-1][0])
        if hand.phase is Phase.AUCTION and hand.high_bid is not None:
            while hand.phase is Phase.AUCTION:
                hand.apply(actions.Call(None, None), checked=None)
            self.left_out = True

    def explained(self, gap: int, seat: int | None, bid: Bid | None) -> bool:
        """Whether a bid left out just before this call (by the last of the ``gap`` seats
        skipped, one the engine lets it make) would make the call one the engine accepts: a
        mark bid's jump over a bid not written, a forced dealer's pass after one."""
        before = self.hand.calls[: len(self.hand.calls) - 1]
        trial = self.trial(before)
        for option in trial.legal_calls():
            if option is not None and self.trial([*before, (None, option)]).check_bid(seat, bid) is None:
                return True
        return False

    def trial(self, calls: Sequence[tuple[int | None, Bid | None]]) -> Hand:
        """A hand nobody's deal is known in, with ``calls`` made (unchecked)."""
        h = Hand(self.g.rules, self.dealer, None)
        for s, b in calls:
            h.apply(actions.Call(s, b), checked=None)
        return h

    # -- three ways to score -------------------------------------------------------------
    def thrown_in(self) -> HandVerdict | None:
        """Everyone passed: the hand scores nothing, as any thrown-in hand."""
        g = self.g
        result = self.finish()
        labels = self.game.team_labels
        awards = {labels[t]: v for t, v in enumerate(result.awards)}
        score = self.score()
        self.judge_.check_stated(
            self.hr, self.hand, result.made, result.thrown_in, result.awards, None if score is None else g.state.scores
        )
        return self.verdict(awards=awards, score=score, thrown_in=True) if g.detail else None

    def as_written(self) -> HandVerdict | None:
        """No contract to score (no bid written), or a ruling that needs the plays: the award
        written (or the one the running score written implies) stands."""
        g = self.g
        hr = self.hr
        written = self.written_award()
        if written is None:
            self.lack(f"hand {self.number} writes no bid and no award: its score cannot be worked out", self.hr.at, False)
            g.lose_score()
            return self.verdict() if g.detail else None
        found = self.possible(written)
        if found is not None and written not in found:
            unit = g.rules.target_unit
            self.say_wrong(written, found, f"no hand scores {_words(self.game.team_labels, written, False)} ({unit})")
            g.lose_score()
            return self.verdict() if g.detail else None
        team = self.hand.declaring_team
        if not g.log:
            g.state.award(self.dealer, written, team)
        labels = self.game.team_labels
        awards = {labels[t]: v for t, v in enumerate(written)}
        score = self.score()
        if hr.score is not None and score is not None:
            self.judge_.check_score(hr, g.state.scores)
        return self.verdict(awards=awards, score=score) if g.detail else None

    def scored(self) -> HandVerdict | None:
        """A contract: the ways the hand can have gone that fit the result written, scored by
        the game's rule; the award (or running score) written picks out those it fits."""
        g = self.g
        hr = self.hr
        hand = self.hand
        game = self.game
        labels = game.team_labels
        team = hand.declaring_team
        bid = hand.high_bid
        assert team is not None and bid is not None
        r = hr.result
        ways = list(divisions(game))
        unit = "points" if game.counters_score else "tricks"
        side = labels[team]
        took: int | None = None
        if r is not None:
            if r.side is not None:
                named = self.labels.side(r.side, r.at)
                if named is not None and named != team:
                    self.add(codes.E501, f"the result names {r.side} as the bidding side, but {side} won the bid", r.at, None)
            if r.points is not None:
                fit = [d for d in ways if _taken(game, d, team) == r.points]
                if fit:
                    ways, took = fit, r.points
                else:
                    whole = game.hand_total if game.counters_score else game.tricks
                    why = f"a hand has {whole}" if r.points > whole else "no hand ends so"
                    self.add(codes.E501, f"the result says {side} took {r.points} {unit}, but {why}", r.at, _units_hint(game))
        results = [(d, result_with(hand, d)) for d in ways]
        wrong = False
        if r is not None and r.outcome is not None:
            made = r.outcome == "made"
            same = [(d, res) for d, res in results if bool(res.made) == made]
            if same:
                results = same
            else:  # the result says one thing and its points another: one error, and neither is taken
                self.add(codes.E501, self.outcome_words(r.outcome, side, took, unit), r.at, self.contract_hint())
                results = [(d, result_with(hand, d)) for d in divisions(game)]
                wrong = True
        written = self.written_award()
        if written is not None:
            fit_award = [(d, res) for d, res in results if res.awards == written]
            if fit_award:
                results = fit_award
            else:
                self.wrong_award(written, results)
                written = None
                wrong = True
        if len({res.awards for _, res in results}) != 1:
            if not wrong and hr.award is None:
                went = "how it went" if r is None else "how it went closely enough to score it"
                whole = game.hand_total if game.counters_score else game.tricks
                self.lack(
                    f"hand {self.number} does not say {went}: the award of {self.bid_words()} cannot be worked out",
                    r.at if r is not None else hr.calls_at or hr.at,
                    False,
                    f"write the result with the {unit} taken (`result {side} {min(bid.amount, whole)} made`), or the award",
                )
            g.lose_score()
            return self.verdict(**self.known(results)) if g.detail else None
        settle(hand, results[0][0])
        result = self.finish()
        awards = {labels[t]: v for t, v in enumerate(result.awards)}
        score = self.score()
        if hr.score is not None and score is not None and not self.implied:
            self.judge_.check_score(hr, g.state.scores)
        return self.verdict(awards=awards, score=score, **self.known(results)) if g.detail else None

    def ruling(self) -> None:
        """A renege called at the table: ruled as written (there is no play to check it
        against), so under ``renege=lose-hand`` the offending side loses the hand."""
        r = self.hr.renege
        assert r is not None
        seat = self.labels.seat(r.seat, r.at)
        if seat is None:
            return
        hand = self.hand
        hand.apply(actions.Renege(seat, r.trick), checked=None)
        who = self.game.seats[seat]
        if hand.penalty is None:
            effect = "the hand is scored as played (renege=as-played)"
        else:
            effect = f"{self.game.team_labels[hand.penalty]} lose the hand (renege=lose-hand)"
        called = f", called by {r.called_by}" if r.called_by else ""
        self.add(codes.W106, f"{who} reneged in trick {r.trick}{called}: {effect}", r.at, None)

    # -- the parts ---------------------------------------------------------------------
    def finish(self) -> HandResult:
        """Score the settled (or thrown-in) hand into the game, or alone in a log."""
        g = self.g
        return GameState(g.rules, self.dealer).finish(self.hand) if g.log else g.state.finish(self.hand)

    def score(self) -> dict[str, int] | None:
        g = self.g
        if g.log or not g.score_known:
            return None
        return {label: v for label, v in zip(self.game.team_labels, g.state.scores, strict=True)}

    def written_award(self) -> tuple[int, ...] | None:
        """The award written, by side; else the one the running score written implies (the
        score written less the score before the hand, every side written)."""
        g = self.g
        hr = self.hr
        labels = self.game.team_labels
        if hr.award is not None:
            stated = self.labels.by_side(hr.award.amounts, hr.award.at)
            return None if stated is None else tuple(stated.get(label, 0) for label in labels)
        if hr.score is None or g.log or not g.score_known:
            return None
        stated = self.labels.by_side(hr.score.scores, hr.score.at)
        if stated is None or any(label not in stated for label in labels):
            return None
        self.implied = True
        return tuple(stated[label] - before for label, before in zip(labels, g.state.scores, strict=True))

    implied = False
    """The award was read from the running score written (an error in it is the score's, E503)."""

    def wrong_award(self, written: tuple[int, ...], results: list[tuple[Division, HandResult]]) -> None:
        """No way the hand can have gone, as its result says, scores the award written (or
        the award the running score written implies)."""
        labels = self.game.team_labels
        every = self.g.rules.scoring.award_all_sides
        unit = self.g.rules.target_unit
        found = {res.awards for _, res in results}
        if len(found) == 1:
            made = {bool(res.made) for _, res in results}
            right = next(iter(found))
            message = f"{self.bid_words(made.pop() if len(made) == 1 else None)} scores {_words(labels, right, not every)} ({unit})"
        else:
            totals = {sum(a) for a in found}
            if len(totals) == 1 and sum(written) not in totals:
                message = f"{self.bid_words()} scores {next(iter(totals))} {unit} in all however it went, not {sum(written)}"
            else:
                message = f"no way {self.bid_words()} can have gone, as the result says, scores {_words(labels, written, not every)}"
        self.say_wrong(written, found, message)

    def say_wrong(self, written: tuple[int, ...], found: Iterable[tuple[int, ...]], message: str) -> None:
        """E502 at the award written (E503 at the score whose gain it is), the nearest of
        the awards ``found`` as the hint."""
        hr = self.hr
        labels = self.game.team_labels
        every = self.g.rules.scoring.award_all_sides
        nearest = min(found, key=lambda a: (sum(abs(x - y) for x, y in zip(a, written, strict=True)), a))
        if self.implied:
            assert hr.score is not None
            before = dict(zip(labels, self.g.state.scores, strict=True))
            after = {label: b + a for (label, b), a in zip(before.items(), nearest, strict=True)}
            self.add(
                codes.E503,
                f"the score is written as {_sides(hr.score.scores, comma=True)}, but it was {_sides(before, comma=True)} before this hand, "
                f"and {message}",
                hr.score.at,
                f"the score that fits best: `score {_sides(after)}`",
            )
        else:
            assert hr.award is not None
            self.add(
                codes.E502,
                f"the award is written as {_sides(hr.award.amounts, comma=True)}, but {message}",
                hr.award.at,
                f"the award that fits best: `award {_sides(dict(zip(labels, nearest, strict=True)), skip_zero=not every)}`",
            )

    def possible(self, written: tuple[int, ...]) -> frozenset[tuple[int, ...]] | None:
        """Every award a hand can score under these rules, with mark bids up to the marks
        ``written`` may need (None: more than a sheet's award could sensibly be, unchecked)."""
        rules = self.g.rules
        unit = rules.game.ladder.mark_unit or 1
        most = max(map(abs, written), default=0)
        marks = most if rules.target_unit == "marks" else most // unit
        return None if marks > _MOST_MARKS else possible_awards(rules, max(marks, 1))

    def bid_words(self, made: bool | None = None) -> str:
        """``S's bid of 32`` (``, made,`` or ``, set,`` after it when known)."""
        hand = self.hand
        bid = hand.high_bid
        assert bid is not None
        how = "" if made is None else ", made," if made else ", set,"
        return f"{self.game.seats[hand.declarer or 0]}'s bid of {bid.amount}{how}"

    def outcome_words(self, outcome: str, side: str, took: int | None, unit: str) -> str:
        bid = self.hand.high_bid
        assert bid is not None
        if took is None:
            return f"the result says the bid was {outcome}, but no result of {side}'s {bid.amount} is"
        short = "short of" if outcome == "made" else "enough for"
        return f"the result says the bid was {outcome}, but {side} took {took} {unit}, {short} the bid of {bid.amount}"

    def contract_hint(self) -> str:
        hand = self.hand
        bid = hand.high_bid
        assert bid is not None
        if hand.lose_all:
            return "the bidding side must take no trick"
        if self.game.needs_all_tricks(bid.amount):
            every = "every trick and every point" if self.game.counters_score else "every trick"
            return f"a bid of {bid.amount} needs {every}"
        unit = "points" if self.game.counters_score else "tricks"
        return f"a bid is made when the bidding side takes at least the {unit} it bid"

    def known(self, results: list[tuple[Division, HandResult]]) -> dict[str, object]:
        """What every way left agrees on: made or set, and the points (and tricks, where
        counters do not score) when only one way is left."""
        labels = self.game.team_labels
        out: dict[str, object] = {}
        made = {bool(res.made) for _, res in results}
        if len(made) == 1:
            out["made"] = made.pop()
        ways = {d for d, _ in results}
        if len(ways) == 1:
            way = ways.pop()
            out["points"] = dict(zip(labels, way.points, strict=True))
            if not self.game.counters_score:
                out["tricks_won"] = dict(zip(labels, way.tricks, strict=True))
        return out

    def lack(self, message: str, at: Span | None, taken: bool, hint: str | None = None) -> None:
        """The W110 note: what is missing, and what becomes of the running score."""
        g = self.g
        if not g.log:
            message += "; the award written is taken for the running score" if taken else "; the running score is not checked after it"
        self.add(codes.W110, message, at, hint)

    def verdict(self, **fields: object) -> HandVerdict:
        seats = self.game.seats
        filled = self.judge_.fill(self.hand, False)
        filled["call_seats"] = [seats[s] for s in self.written]
        return HandVerdict(self.number, self.index, dealer=seats[self.dealer], detail="hands", **(filled | fields))  # type: ignore[arg-type]


def _taken(game: Game, d: Division, team: int) -> int:
    """A side's take as a result writes it: points, or tricks where counters do not score."""
    return d.points[team] if game.counters_score else d.tricks[team]


def _units_hint(game: Game) -> str:
    if game.counters_score:
        return "a side's points are a point a trick and the counters it took"
    return "a result counts the tricks the bidding side took"


def _words(labels: tuple[str, ...], amounts: tuple[int, ...], skip_zero: bool) -> str:
    return _sides(dict(zip(labels, amounts, strict=True)), skip_zero=skip_zero, comma=True)


def _sides(d: dict[str, int], *, skip_zero: bool = False, comma: bool = False) -> str:
    items = [f"{k} {v}" for k, v in d.items() if v or not skip_zero]
    return (", " if comma else " ").join(items) or "nothing"
