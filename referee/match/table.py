"""One game played by bots, seat by seat, through the engine: the match's driver.

The engine says whose decision it is and every legal answer (``Hand.decision()``), so
requests follow the rules by construction: trump is asked of the partner after a plunge or
splash, a nello partner who sits out is never asked to play, and a forced dealer is offered
no ``pass``. Each seat is told every event as far as it may know it, before any request that
follows, and is asked with its own view (``messages.view_of``).

Whatever a bot does wrong is a ``Fault`` value (``process``); here it becomes the hand's
``forfeit`` item: the offending side loses the hand, scored as a ruled renege is (the
engine's ``actions.Forfeit``), and the rules of the match (:class:`FaultRule`) say whether
the game goes on. A bot that crashed or stalled cannot play on: with ``recover`` it is
started again for the next hand, else the game is abandoned. The game is written down as a
canonical record as it is played (``play.simulate.scored_record``), with the bots' names as
the players and ``[Termination]`` saying how it ended.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from pydantic import BaseModel

from ..engine import actions
from ..engine.game import GameState
from ..engine.hand import Hand, Phase
from ..engine.profiles import Rules
from ..engine.tiles import Tile
from ..engine.views import decision as decision_of
from ..interchange.bot_protocol import (
    Clock,
    Deal,
    FaultKind,
    ForfeitEvent,
    GameEndEvent,
    HandEndEvent,
    Hello,
    Ready,
    RequestKind,
    Termination,
    TimeControl,
    View,
)
from ..notation.record import Forfeit, GameRecord, HandRecord, Tag
from ..play.simulate import options_tag, scored_record
from .messages import KINDS, answers, events_of, hello_for, tiles_of, view_of
from .process import Fault, Reply

__all__ = [
    "TERMINATION_OF",
    "FaultNote",
    "FaultRule",
    "GameOutcome",
    "GameSpec",
    "Seat",
    "SeatGone",
    "TimeRule",
    "play_game",
]

TERMINATION_OF: dict[FaultKind, Termination] = {
    "time": "time forfeit",
    "illegal": "illegal move",
    "protocol": "illegal move",
    "crash": "abandoned",
    "stall": "abandoned",
}
"""How a game a fault ended is terminated, in PGN's words."""


class Seat(Protocol):
    """One seat's player as the table drives it: a bot process (``process.BotProcess``), or a
    shipped bot in this process (``bots.LocalBot``). None of its methods raises or blocks past
    its deadline."""

    stale: int

    def greet(self, hello: Hello, timeout_s: float) -> Ready | Fault: ...
    def restart(self, hello: Hello, timeout_s: float) -> Ready | Fault: ...
    def tell(self, message: BaseModel) -> None: ...
    def ask(self, kind: RequestKind, view: View, clock: Clock, margin_ms: int = 0) -> Reply | Fault: ...
    def ping(self, timeout_s: float) -> float | Fault: ...
    def close(self, grace_s: float = 0.5) -> None: ...


class SeatGone(Exception):
    """A bot could not be started (or said no ``ready``) for a game: the match cannot go on."""

    def __init__(self, name: str, fault: Fault) -> None:
        super().__init__(f"{name}: {fault}")
        self.name = name
        self.fault = fault


@dataclass(frozen=True, slots=True)
class TimeRule:
    """The match's time control, in milliseconds (``--decision``, ``--tc``, ``--timemargin``)."""

    decision_ms: int | None = 5000
    game_ms: int | None = None
    increment_ms: int = 0
    margin_ms: int = 100
    start_s: float = 20.0
    """How long a bot has to say ``ready``."""
    ping_s: float = 5.0
    """How long a bot has to answer a ``ping`` (a stall past it)."""

    @property
    def control(self) -> TimeControl:
        return TimeControl(decision_ms=self.decision_ms, game_ms=self.game_ms, increment_ms=self.increment_ms, margin_ms=self.margin_ms)


@dataclass(frozen=True, slots=True)
class FaultRule:
    """What a fault costs (``--on-fault``, ``--max-faults``, ``--recover``)."""

    on_fault: Literal["forfeit-hand", "forfeit-game"] = "forfeit-hand"
    max_faults: int | None = None
    """A bot's game ends at its ``max_faults``-th fault in it (None: no limit)."""
    recover: bool = False
    """Start a bot that crashed or stalled again, and play on."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a match: who sits where, the deals, the seeds, the record's tags."""

    number: int
    """1-based number of the game in the match (the ``deal`` message's ``game``)."""
    names: tuple[str, ...]
    """The bot at each seat (its name in the match)."""
    deal: Callable[[int], tuple[list[list[Tile]], list[Tile]]]
    """The deal of hand ``k`` (1-based) and its kitty."""
    first_dealer: int
    seed: int
    """The ``hello`` seed of every bot of this game."""
    tags: tuple[tuple[str, str], ...] = ()
    """Tags written first in the record (``Event``, ``Round``, ``Seed``)."""
    max_hands: int = 200
    """Hands after which a game that no side has won stops (``unterminated``)."""


@dataclass(frozen=True, slots=True)
class FaultNote:
    """A fault as the match reports it."""

    game: int
    hand: int
    seat: str
    bot: str
    kind: FaultKind
    detail: str


@dataclass(slots=True)
class GameOutcome:
    """A game played: its record and what the match's report needs of it."""

    spec: GameSpec
    record: GameRecord
    winner: int | None
    """The winning side's index (``Game.team_labels``), or None."""
    scores: list[int]
    termination: Termination
    awards: list[tuple[int, ...]] = field(default_factory=list)
    """What each hand scored, by side."""
    faults: list[FaultNote] = field(default_factory=list)
    decisions: int = 0
    stale: dict[str, int] = field(default_factory=dict)
    """By bot: answers ignored because they came for an earlier request (late replies)."""


class _Clock:
    """A seat's time in one game: its budget, what each decision may take."""

    def __init__(self, rule: TimeRule) -> None:
        self.rule = rule
        self.left_ms = float(rule.game_ms) if rule.game_ms is not None else math.inf

    def clock(self) -> Clock:
        decision = self.rule.decision_ms
        if self.rule.game_ms is None:
            return Clock(decision_ms=decision, game_ms=None)
        left = max(0, int(self.left_ms))
        return Clock(decision_ms=left if decision is None else min(decision, left), game_ms=left)

    def spend(self, ms: float) -> None:
        if self.rule.game_ms is not None:
            self.left_ms += self.rule.increment_ms - ms


class _Game:
    """The state of one game being played (``play_game`` drives it)."""

    def __init__(self, rules: Rules, spec: GameSpec, seats: Sequence[Seat], time: TimeRule, faults: FaultRule) -> None:
        self.rules = rules
        self.game = rules.game
        self.spec = spec
        self.seats = seats
        self.time = time
        self.rule = faults
        self.state = GameState(rules, first_dealer=spec.first_dealer)
        self.clocks = [_Clock(time) for _ in seats]
        self.hands: list[HandRecord] = []
        self.awards: list[tuple[int, ...]] = []
        self.notes: list[FaultNote] = []
        self.counts: Counter[str] = Counter()
        self.decisions = 0
        self.termination: Termination = "normal"
        self.stale_before = [s.stale for s in seats]
        self.hello = [hello_for(rules, s, spec.names, time.control, spec.seed) for s in range(len(seats))]

    # -- the seats -----------------------------------------------------------------------------
    def greet(self) -> None:
        for s, seat in enumerate(self.seats):
            ready = seat.greet(self.hello[s], self.time.start_s)
            if isinstance(ready, Fault):  # a bot that stopped between games gets one more start
                ready = seat.restart(self.hello[s], self.time.start_s)
            if isinstance(ready, Fault):
                raise SeatGone(self.spec.names[s], ready)

    def tell(self, message: BaseModel, only: int | None = None) -> None:
        for s, seat in enumerate(self.seats):
            if only is None or s == only:
                seat.tell(message)

    def score(self) -> dict[str, int]:
        return dict(zip(self.game.team_labels, self.state.scores, strict=True))

    # -- a hand ----------------------------------------------------------------------------------
    def play_hand(self, k: int) -> bool:
        """Play hand ``k``; False when a fault ended the game."""
        game = self.game
        deal, kitty = self.spec.deal(k)
        hand = self.state.new_hand(deal, kitty)
        score = self.score()
        fault: tuple[int, Fault] | None = None
        for s, seat in enumerate(self.seats):  # a bot that stopped answering is found before it is dealt to
            rtt = seat.ping(self.time.ping_s)
            if isinstance(rtt, Fault):
                fault = (s, rtt)
                break
        for s in range(game.players):
            self.tell(Deal(game=self.spec.number, hand=k, dealer=game.seats[hand.dealer], tiles=tiles_of(deal[s]), score=score), s)
        while fault is None and not hand.finished:
            fault = self.decide(hand, k, score)
        go_on = True
        forfeit = None
        if fault is not None:
            s, f = fault
            forfeit, go_on = self.forfeit(hand, k, s, f)
        result = self.state.finish(hand)
        if not go_on and fault is not None:
            self.state.end_by_fault(game.teams[fault[0]])
        record = scored_record(k, hand, deal, kitty, result, self.state.scores, forfeit=forfeit)
        self.hands.append(record)
        self.awards.append(result.awards)
        labels = game.team_labels
        if forfeit is not None:
            said = f"forfeit {forfeit.seat} {forfeit.fault}" + (f" trick {forfeit.trick}" if forfeit.trick else "")
        elif result.thrown_in:
            said = "thrown in"
        elif record.result is not None:
            said = f"{record.result.side} {record.result.points} {record.result.outcome}"
        else:
            said = "no result"
        self.tell(
            HandEndEvent(
                hand=k,
                result=said,
                award=dict(zip(labels, result.awards, strict=True)),
                score=self.score(),
                deal={game.seats[s]: tiles_of(tiles) for s, tiles in enumerate(deal)},
                kitty=tiles_of(kitty),
            )
        )
        return go_on

    def decide(self, hand: Hand, k: int, score: dict[str, int]) -> tuple[int, Fault] | None:
        """Ask for the decision the hand waits for and apply it; the fault, if the bot made one."""
        s = decision_of(hand, -1).seat  # who decides: the options are built once, in that seat's view
        assert s is not None
        pv = hand.view(s)
        decision = pv.decision
        words = answers(decision)
        legal = list(words)
        view = view_of(pv, k, score, legal)
        clock = self.clocks[s]
        reply = self.seats[s].ask(KINDS[decision.kind], view, clock.clock(), self.time.margin_ms)
        self.decisions += 1
        if isinstance(reply, Fault):
            return s, reply
        clock.spend(reply.latency_ms)  # a reply past what was left of the budget was a time fault (``ask``)
        action = words[reply.value]
        before, declared = hand.phase, hand.declaration is not None
        trick = hand.apply(action, checked=None)
        for only, event in events_of(hand, action, before, trick, declared):
            self.tell(event, only)
        return None

    def forfeit(self, hand: Hand, k: int, s: int, fault: Fault) -> tuple[Forfeit, bool]:
        """Seat ``s`` faulted: its side loses the hand; whether the game goes on."""
        game = self.game
        name = self.spec.names[s]
        trick = len(hand.tricks) + 1 if hand.phase is Phase.PLAY else None
        hand.apply(actions.Forfeit(s))
        item = Forfeit(game.seats[s], fault.kind, trick)
        self.notes.append(FaultNote(self.spec.number, k, game.seats[s], name, fault.kind, fault.detail))
        self.counts[name] += 1
        self.tell(ForfeitEvent(seat=game.seats[s], reason=fault.kind, trick=trick))
        go_on = self.rule.on_fault == "forfeit-hand" and (self.rule.max_faults is None or self.counts[name] < self.rule.max_faults)
        if fault.kind in ("crash", "stall"):
            seat = self.seats[s]
            if go_on and self.rule.recover:
                go_on = not isinstance(seat.restart(self.hello[s], self.time.start_s), Fault)
            else:
                seat.close()  # started again for the next game
                go_on = False
        if not go_on:
            self.termination = TERMINATION_OF[fault.kind]
        return item, go_on

    # -- the game --------------------------------------------------------------------------------
    def play(self) -> GameOutcome:
        self.greet()
        k = 0
        while not self.state.over and k < self.spec.max_hands:
            k += 1
            if not self.play_hand(k):
                break
        if not self.state.over:
            self.termination = "unterminated"
        winner = self.state.winner
        labels = self.game.team_labels
        self.tell(GameEndEvent(winner=None if winner is None else labels[winner], score=self.score(), termination=self.termination))
        return GameOutcome(
            spec=self.spec,
            record=self.record(),
            winner=winner,
            scores=list(self.state.scores),
            termination=self.termination,
            awards=self.awards,
            faults=self.notes,
            decisions=self.decisions,
            stale=self.stale(),
        )

    def stale(self) -> dict[str, int]:
        by: Counter[str] = Counter()
        for s, seat in enumerate(self.seats):
            by[self.spec.names[s]] += seat.stale - self.stale_before[s]
        return dict(by)

    def record(self) -> GameRecord:
        rules, game = self.rules, self.game
        tags = [Tag(name=n, value=v) for n, v in self.spec.tags]
        tags.append(Tag(name="Rules", value=rules.profile or game.name))
        options = options_tag(rules)
        if options is not None:
            tags.append(Tag(name="Options", value=options))
        tags.append(Tag(name="Target", value=f"{rules.target} {rules.target_unit}"))
        tags += [Tag(name=tag, value=name) for tag, name in zip(game.seat_names, self.spec.names, strict=True)]
        if self.state.winner is not None:
            tags.append(Tag(name="Winner", value=game.team_labels[self.state.winner]))
        tags.append(Tag(name="Termination", value=self.termination))
        return GameRecord(tags=tags, hands=self.hands)


def play_game(rules: Rules, spec: GameSpec, seats: Sequence[Seat], time: TimeRule, faults: FaultRule) -> GameOutcome:
    """Play one game with ``seats`` (one per seat, in seat order) and write it down.

    Raises :class:`SeatGone` when a bot cannot be started for it (the match then stops)."""
    return _Game(rules, spec, seats, time, faults).play()
