"""The referee: replay a record through the engine and judge it.

Every problem becomes a ``Diagnostic`` at the place in the text it concerns.
Replay goes on after a rule error wherever the hand can still be followed (a
renege is reported and play continues); when it cannot (the turn order is
lost), the hand stops with a note and the running score is no longer checked.

>>> from referee.notation.reader import read_text
>>> text = '''hand 1 dealer W
...   deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
...        E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
...        S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
...        W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
...   bid N 30, E pass, S pass, W pass
...   trump sixes
...   play N 6-6 E 5-5 S 4-3 W 3-0
... '''
>>> record = next(read_text(text)).record
>>> verdict = Referee().judge(record)
>>> [(d.code, d.message) for d in verdict.diagnostics][:1]
[('E406', 'the record stops after 1 trick while the score is still open')]
"""

from __future__ import annotations

from typing import Any

from .. import codes
from ..engine.game import GameState
from ..engine.games import DEFAULT_GAME
from ..engine.profiles import Profile, Rules
from ..engine.scoring import thrown_in as is_thrown_in
from ..notation.record import GameRecord, HandRecord
from ..notation.tags import tag_choice
from ..source import Span
from ..words import plural
from .follow import HandJudge, Open, Stop
from .guess import wrong_game
from .judged import Trace
from .labels import Labels
from .rules_for import RulesCache, rules_for
from .sink import Sink
from .verdict import GameVerdict, HandVerdict

__all__ = ["FAULT_TERMINATIONS", "Referee", "Trace", "judge"]

FAULT_TERMINATIONS = ("time forfeit", "illegal move", "abandoned")
"""The ``[Termination]`` values of a game a fault ended (PGN's words)."""

STATUS_HINT = 'write `[Status "finished"]`, or leave the tag out'


class Referee:
    """Judges records one at a time under a default rule set."""

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        options: dict[str, str] | None = None,
        profiles: dict[str, Profile] | None = None,
        *,
        detail: bool = True,
        tricks: bool = True,
    ) -> None:
        self.defaults = (game, dict(options or {}))
        self.profiles = dict(profiles or {})
        """House-rule profiles a record's ``[Rules]`` may name, by name."""
        self._rules: RulesCache = {}
        self._clean: dict[tuple[str | None, str | None, str | None], tuple[Rules, dict[str, str]]] = {}
        """The rules of the tags ``[Rules]``, ``[Options]`` and ``[Target]`` as written, for tags
        ``rules_for`` reads without a word (most records of a file write the same three), with
        the verdict's options: made once, not for every record."""
        self.detail = detail
        """False: the verdict holds the game's totals and the diagnostics, but no verdict per
        hand (``check`` needs only the diagnostics, which are the same either way)."""
        self.tricks = tricks
        """False: the verdict of a hand followed to its end leaves out its tricks and the seats
        of its calls (``score`` reads neither: about a fifth of the replay's cost a hand); a hand
        that stopped keeps them (``score`` shows the points taken in a hand in play)."""

    def judge(
        self, record: GameRecord, *, file: str | None = None, game_index: int | None = None, trace: Trace | None = None
    ) -> GameVerdict:
        """Replay ``record``; with ``trace``, keep a snapshot of each hand before every play."""
        sink = Sink(file, game_index)
        tags = (record.tag("Rules"), record.tag("Options"), record.tag("Target"))
        mode = record.mode
        known = self._clean.get(tags)
        if known is None:
            rules = rules_for(record, self.defaults, sink.add, self.profiles, self._rules)
            if rules is None:
                return GameVerdict(mode=mode, diagnostics=sink.out)
            known = (rules, {k: v for k, v in rules.option_values().items() if k != "target"})
            if not sink.out and len(self._clean) < 256:
                self._clean[tags] = known
        rules, options = known
        replay = GameReplay(rules, record, sink, trace, self.detail, self.tricks)
        before = len(sink.out)
        replay.run()
        if len(sink.out) > before and any(d.code == codes.S010 for d in sink.out[before:]):
            found = wrong_game(record, rules.game)
            if found is not None:  # one diagnostic says it all: the record is another game's
                del sink.out[before:]
                sink.hand = None
                message, hint, at = found
                sink.add(codes.S010, message, at, hint)
                return GameVerdict(rules=rules.name, target=rules.target, target_unit=rules.target_unit, mode=mode, diagnostics=sink.out)
        return GameVerdict(
            rules=rules.name,
            options=dict(options),  # a copy: the verdict's own, the kept one shared by later records
            target=rules.target,
            target_unit=rules.target_unit,
            mode=mode,
            hands=replay.hands,
            score=replay.score,
            winner=replay.winner,
            diagnostics=sink.out,
        )


def judge(record: GameRecord, game: str = DEFAULT_GAME, options: dict[str, str] | None = None, *, file: str | None = None) -> GameVerdict:
    """Replay one record and return what the referee found."""
    return Referee(game, options).judge(record, file=file)


class GameReplay:
    """One record's hands in order: the dealer's rotation, the running score, the winner."""

    def __init__(
        self, rules: Rules, record: GameRecord, sink: Sink, trace: Trace | None = None, detail: bool = True, tricks: bool = True
    ) -> None:
        self.trace = trace
        self.detail = detail
        self.tricks = tricks
        """A followed hand's verdict with its tricks and the seats of its calls (``Referee.tricks``)."""
        self.rules = rules
        self.game = rules.game
        self.record = record
        self.sink = sink
        self.hands: list[HandVerdict] = []
        self.score: dict[str, int] | None = None
        self.winner: str | None = None
        self.log = record.mode == "log"
        self.state = GameState(rules, first_dealer=len(self.game.seats) - 1)
        self.score_known = True
        self.sheet = tag_choice("Detail", record.tag("Detail")) == "hands"
        """A score sheet: a hand without plays is judged from its totals (``judging.sheet``)."""
        self.labels = Labels(self.game, sink)
        """The record's seat and side labels (the hand judge and the rulings read them too)."""
        self.unfinished = tag_choice("Status", record.tag("Status")) == "unfinished"
        """The record stops on purpose (``[Status "unfinished"]``): its last hand may stop
        anywhere, and the game before its target."""
        self.last_over = False
        """The last hand replayed was followed to its end."""
        self.open: tuple[int, str, Span | None] | None = None
        """The number of the last hand, where it stopped and its last item, when it stopped open
        (not the exception itself: its traceback would hold the judge in a cycle)."""

    # -- the game ------------------------------------------------------------------------
    def run(self) -> None:
        record = self.record
        hands = record.hands
        judge = HandJudge(self.rules, self.labels, self.sink, record.source, self.trace)
        for i, hr in enumerate(hands, start=1):
            number = hr.label(i)
            self.sink.hand = number
            if not self.log and self.state.over and self.score_known:
                refusal = self.state.check_new_hand()
                assert refusal is not None
                self.sink.refusal(refusal, hr.at)
                if self.detail:
                    self.hands.append(HandVerdict(number, i, followed=False))
                continue
            verdict = self.hand(judge, number, i, hr)
            if self.detail and verdict is not None:
                self.hands.append(verdict)
        self.sink.hand = None
        if self.unfinished:
            self.unfinished_note()
        if self.log:
            return
        self.termination()
        labels = self.game.team_labels
        if self.score_known:
            self.score = {labels[t]: v for t, v in enumerate(self.state.scores)}
            if self.state.winner is not None:
                self.winner = labels[self.state.winner]
        stated = record.tag("Winner")
        if stated is not None and self.score_known:
            at = record.tag_at("Winner")
            want = self.labels.side(stated, at) if stated.strip() else None
            if want is not None and want != self.state.winner:
                actual = self.winner or "no side yet"
                self.sink.add(codes.E504, f"the record names {stated} the winner, but the replay gives {actual}", at)
        if hands and self.score_known and not self.state.over and not self.unfinished:
            self.sink.add(codes.W102, f"the game stops before any side reached {self.rules.target} {self.rules.target_unit}", hands[-1].at)

    def termination(self) -> None:
        """``[Termination]`` of a fault (``time forfeit``, ``illegal move``, ``abandoned``): a match
        ended the game at the ``forfeit`` of its last hand, and the other side wins it
        (``GameState.end_by_fault``).  A fault named with no forfeit there is E507 (``abandoned``
        alone is a game left unfinished)."""
        record = self.record
        said = (record.tag("Termination") or "").strip().lower()
        if said not in FAULT_TERMINATIONS or not record.hands or not self.score_known:
            return
        last = record.hands[-1].forfeit
        if last is None:
            if said != "abandoned":
                self.sink.add(
                    codes.E507,
                    f"the record says the game ended by {said}, but its last hand has no forfeit",
                    record.tag_at("Termination"),
                    "write the fault in the hand it ended, like `forfeit N time trick 3`",
                )
            return
        seat = self.game.seat_index(last.seat.upper())
        if seat is not None:
            self.state.end_by_fault(self.game.teams[seat])

    def dealer_called(self, hr: HandRecord, written: int, required: int) -> int:
        """After a wrong dealer (E105): the written one when the first call is written from
        its left (the table dealt out of turn and the record says so), else the one the
        rules require (the dealer was miswritten; the calls then fit the rotation)."""
        first = hr.calls[0].seat if hr.calls else None
        seat = self.labels.seats.get(first) if first is not None else None
        return written if seat == self.game.next_seat[written] else required

    def hand(self, judge: HandJudge, number: int, index: int, hr: HandRecord) -> HandVerdict | None:
        """Replay one hand; its verdict (None for a followed hand without ``detail``)."""
        self.last_over = False
        if hr.unreadable:
            self.sink.add(codes.W103, "this hand has a syntax error and is not replayed; the running score is not checked after it", hr.at)
            self.lose_score()
            return HandVerdict(number, index, followed=False)
        game = self.game
        state = self.state
        dealer = self.labels.seat(hr.dealer, hr.dealer_at) if hr.dealer is not None else None
        if dealer is None:
            dealer = state.dealer
        elif not self.log and index > 1 and self.score_known:
            refusal = state.check_dealer(dealer)
            if refusal:  # reported, once: the hand goes on with the dealer its calls fit (one slip, one error)
                self.sink.refusal(refusal, hr.dealer_at or hr.at)
                dealer = self.dealer_called(hr, dealer, state.dealer)
        if self.sheet:
            from .sheet import is_sheet_hand, judge_sheet_hand  # score sheets only: not loaded for a plain record

            if is_sheet_hand(hr):
                return judge_sheet_hand(self, judge, hr, number, index, dealer)
        hand = judge.make_hand(hr, dealer)
        if hand is None:  # pragma: no cover - a hand is always made now
            self.lose_score()
            return HandVerdict(number, index, dealer=game.seats[dealer], followed=False)
        judge.may_stop = self.unfinished and index == len(self.record.hands) and not (hr.result or hr.award or hr.score)
        try:
            score = judge.follow(hr, hand, index)
        except Open as stopped:
            self.open = (number, stopped.where, stopped.at)
            return HandVerdict(number, index, dealer=game.seats[dealer], followed=False, **judge.fill(hand, self.detail))  # type: ignore[arg-type]
        except Stop:
            self.sink.not_followed(number, hr.at, log=self.log)
            self.lose_score()
            return HandVerdict(number, index, dealer=game.seats[dealer], followed=False, **judge.fill(hand, self.detail))  # type: ignore[arg-type]
        self.last_over = True
        # the figures of the hand's score, not a ``HandResult`` (``engine.scoring.hand_score``)
        bid, _, made, awards = (GameState(self.rules, dealer) if self.log else state).score_hand(hand, score)
        thrown_in = is_thrown_in(hand, bid)
        scores = state.scores if self.score_known and not self.log else None
        judge.check_stated(hr, hand, made, thrown_in, awards, scores)
        if not self.detail:
            return None
        labels = game.team_labels
        fields: dict[str, Any] = judge.fill(hand, self.tricks)
        return HandVerdict(
            number,
            index,
            dealer=game.seats[dealer],
            points={labels[t]: v for t, v in enumerate(hand.points)} if bid else {},
            tricks_won={labels[t]: v for t, v in enumerate(hand.team_tricks)} if bid else {},
            made=made,
            awards={labels[t]: v for t, v in enumerate(awards)},
            score=None if scores is None else {labels[t]: v for t, v in enumerate(scores)},
            thrown_in=thrown_in,
            **fields,
        )

    def target(self) -> str:
        """The game's target in words: '7 marks', '1 mark', '250 points'."""
        return plural(self.rules.target, (self.rules.target_unit or "").removesuffix("s"))

    def unfinished_note(self) -> None:
        """A record marked unfinished: where it stops (a note, W108), or a warning (W109)
        when the game, or a log's hand, is over all the same."""
        record = self.record
        status_at = record.tag_at("Status")
        what = "hand" if self.log else "game"
        if self.open is not None:
            number, position, at = self.open
            place = position if self.log else f"hand {number}, {position}"
            self.sink.add(codes.W108, f"the {what} is unfinished: it stops at {place}", at or status_at)
            return
        hands = record.hands
        if hands and not self.last_over:  # the last hand has an error of its own: nothing more to say
            return
        if self.log:
            if hands:
                self.sink.add(codes.W109, 'the record says `[Status "unfinished"]`, but the hand is over', status_at, STATUS_HINT)
            return
        if self.score_known and self.state.winner is not None:
            side = self.game.team_labels[self.state.winner]
            self.sink.add(
                codes.W109,
                f'the record says `[Status "unfinished"]`, but {side} reached {self.target()}: the game is over',
                status_at,
                STATUS_HINT,
            )
            return
        if not hands:
            self.sink.add(codes.W108, "the game is unfinished: no hand is recorded yet", status_at)
            return
        last = hands[-1].label(len(hands))
        deals = f"; {self.game.seats[self.state.dealer]} deals hand {last + 1}" if self.score_known else ""
        self.sink.add(codes.W108, f"the game is unfinished: it stops after hand {last}{deals}", hands[-1].at or status_at)

    def lose_score(self) -> None:
        if self.score_known and not self.log:
            self.score_known = False
