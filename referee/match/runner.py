"""A match played unit by unit, side by side, results in unit order, through the one window
every run uses (``run.ordered.in_order``): threads of this process for ``--concurrency N``,
or a Dask cluster's executor for ``--cluster`` (``run.dask``), as the batch commands use it.

A unit's games depend only on the match's seed and the unit's number (``schedule``), so a
match is the same at any concurrency and on any cluster, and a task Dask runs again replays
the same seeds. A unit's result (:class:`UnitPlayed`: its game lines and canonical records)
is made where the unit was played, so it travels as plain data.

Wherever units are played, a **worker** keeps its bots: one process per seat a bot takes in a
game, started once and told ``hello`` again before each game (with the game's own seed, so a
game plays the same whichever worker plays it and whatever it played before). In a Dask
worker process the bots outlive a task, for the next unit of the same match, and are closed
when the process exits.

``--log DIR`` keeps every line to and from every bot with its time, one file a game
(``game-00012.jsonl``), and every bot's standard error (``BOT.W.K.err``, the K-th process of
the bot in worker W); without it, standard error is drained into a directory removed at the
end.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

from ..engine.profiles import Rules
from ..interchange.match_report import GameLine
from ..notation.writer import format_game
from ..run.ordered import in_order
from .bots import LocalBot
from .messages import rules_of
from .process import BotCommand, BotProcess
from .results import game_line
from .schedule import Deals, Planned, Tournament, Unit, schedule
from .table import FaultRule, GameOutcome, GameSpec, Seat, TimeRule, play_game

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["Entrant", "Plan", "Stopped", "UnitPlayed", "run"]

Stopped = Literal["completed", "sprt", "interrupted", "failed"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A bot of the match: a command to run, or a shipped player played in this process (the filler)."""

    name: str
    command: BotCommand | None = None
    shipped: str | None = None


DEFAULT_TIME = TimeRule()
DEFAULT_FAULTS = FaultRule()


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything a match plays by, as plain data (a Dask task carries it to its worker)."""

    game: str
    options: tuple[tuple[str, str], ...]
    """The rule options off their defaults."""
    profile: str | None
    entrants: tuple[Entrant, ...]
    bots: tuple[str, ...]
    """The bots compared, in order (the filler is an entrant, not one of them)."""
    pairs: int
    seed: int
    deals: Deals = "duplicate"
    tournament: Tournament = "round-robin"
    filler: str = "filler"
    time: TimeRule = DEFAULT_TIME
    faults: FaultRule = DEFAULT_FAULTS
    tags: tuple[tuple[str, str], ...] = ()
    """Tags every record starts with (``Event``)."""
    max_hands: int = 200
    concurrency: int = 1
    log: Path | None = None

    def rules(self) -> Rules:
        return rules_of(self.game, dict(self.options), self.profile)

    def units(self, rules: Rules) -> list[Unit]:
        return schedule(
            rules.game, list(self.bots), pairs=self.pairs, seed=self.seed, deals=self.deals, tournament=self.tournament, filler=self.filler
        )


@dataclass(frozen=True, slots=True)
class UnitPlayed:
    """What a unit's games gave: their lines, and their records as canonical text."""

    lines: list[GameLine]
    texts: list[str]


class _Journal:
    """One game's log: every line to and from its bots, with the time since the match began."""

    def __init__(self, stream: IO[str], start: float) -> None:
        self.stream = stream
        self.start = start
        self.lock = threading.Lock()

    def seat(self, seat: str, bot: str) -> Callable[[Literal["to", "from"], bytes, float], None]:
        def write(way: Literal["to", "from"], data: bytes, at: float) -> None:
            line = data.decode("utf-8", errors="backslashreplace").rstrip("\r\n")
            entry = {"t": round(at - self.start, 6), "seat": seat, "bot": bot, "way": way, "line": line}
            with self.lock:
                self.stream.write(json.dumps(entry, ensure_ascii=False) + "\n")

        return write


class _Worker:
    """One worker's bots, by name, started as they are first needed. One thread uses it at a time."""

    def __init__(self, plan: Plan, rules: Rules, number: int, errors: Path, start: float) -> None:
        self.plan = plan
        self.rules = rules
        self.number = number
        self.errors = errors
        self.start = start
        self.entrants = {e.name: e for e in plan.entrants}
        self.pools: dict[str, list[Seat]] = {}

    def seats(self, names: Sequence[str]) -> list[Seat]:
        taken: dict[str, int] = {}
        out = []
        for name in names:
            k = taken.get(name, 0)
            taken[name] = k + 1
            pool = self.pools.setdefault(name, [])
            while len(pool) <= k:
                pool.append(self._new(name, len(pool) + 1))
            out.append(pool[k])
        return out

    def _new(self, name: str, k: int) -> Seat:
        entrant = self.entrants[name]
        if entrant.command is None:
            return LocalBot.shipped(entrant.shipped or "sensible")
        return BotProcess(entrant.command, self.errors / f"{_safe(name)}.{self.number}.{k}.err")

    def play(self, unit: Unit) -> UnitPlayed:
        game = self.rules.game
        outcomes = [self.game(planned) for planned in unit.games]
        lines = [game_line(game, unit, planned, out) for planned, out in zip(unit.games, outcomes, strict=True)]
        return UnitPlayed(lines, [format_game(out.record) for out in outcomes])

    def game(self, planned: Planned) -> GameOutcome:
        plan = self.plan
        seats = self.seats(planned.names)
        spec = GameSpec(
            number=planned.number,
            names=planned.names,
            deal=planned.deal,
            first_dealer=planned.first_dealer,
            seed=planned.seed,
            tags=(*plan.tags, ("Round", planned.round), ("Seed", str(plan.seed))),
            max_hands=plan.max_hands,
        )
        with self._journal(planned, seats):
            return play_game(self.rules, spec, seats, plan.time, plan.faults)

    @contextlib.contextmanager
    def _journal(self, planned: Planned, seats: Sequence[Seat]) -> Iterator[None]:
        if self.plan.log is None:
            yield
            return
        game = self.rules.game
        self.plan.log.mkdir(parents=True, exist_ok=True)
        with open(self.plan.log / f"game-{planned.number:05d}.jsonl", "w", encoding="utf-8") as stream:
            journal = _Journal(stream, self.start)
            for s, seat in enumerate(seats):
                if isinstance(seat, BotProcess | LocalBot):
                    seat.journal = journal.seat(game.seats[s], planned.names[s])
            try:
                yield
            finally:
                for seat in seats:
                    if isinstance(seat, BotProcess | LocalBot):
                        seat.journal = None

    def close(self) -> None:
        for pool in self.pools.values():
            for seat in pool:
                seat.close()
        self.pools.clear()


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:64] or "bot"


class _Workers:
    """The workers of one process, handed to the threads that play units, made as they are needed."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.rules = plan.rules()
        self.units = {u.index: u for u in plan.units(self.rules)}
        self.own = plan.log is None
        self.errors = Path(tempfile.mkdtemp(prefix="referee-match-")) if plan.log is None else plan.log
        if plan.log is not None:
            plan.log.mkdir(parents=True, exist_ok=True)
        self.start = time.monotonic()
        self.lock = threading.Lock()
        self.free: list[_Worker] = []
        self.made: list[_Worker] = []

    def play(self, unit: Unit) -> UnitPlayed:
        with self.lock:
            if self.free:
                worker = self.free.pop()
            else:
                worker = _Worker(self.plan, self.rules, len(self.made) + 1 + 100 * _process_rank(), self.errors, self.start)
                self.made.append(worker)
        try:
            return worker.play(unit)
        finally:
            with self.lock:
                self.free.append(worker)

    def close(self) -> None:
        for worker in self.made:
            worker.close()
        self.made.clear()
        self.free.clear()
        if self.own:
            shutil.rmtree(self.errors, ignore_errors=True)


_RANK: list[int] = []


def _process_rank() -> int:
    """0 in the process that runs the match; another number in each process that plays its
    units for a cluster, so that two workers' stderr files never share a name."""
    return _RANK[0] if _RANK else 0


_REMOTE: dict[str, _Workers] = {}
"""In a process that plays units for a cluster: the workers of each match it has played for."""
_REMOTE_LOCK = threading.Lock()


def _close_remote() -> None:
    for workers in _REMOTE.values():
        workers.close()
    _REMOTE.clear()


def play_remote(payload: tuple[Plan, int]) -> UnitPlayed:
    """A Dask task: play unit ``index`` of ``plan`` in this worker process, with the bots it keeps."""
    plan, index = payload
    key = repr(plan)
    with _REMOTE_LOCK:
        workers = _REMOTE.get(key)
        if workers is None:
            if not _RANK:
                _RANK.append(1 + os.getpid() % 9000)
            workers = _REMOTE[key] = _Workers(plan)
            if len(_REMOTE) == 1:
                atexit.register(_close_remote)
    return workers.play(workers.units[index])


def run(
    plan: Plan,
    start_at: int,
    on_unit: Callable[[Unit, UnitPlayed], bool],
    *,
    executor: Executor | None = None,
    ahead: int | Callable[[], int] | None = None,
    failed: Callable[[Unit, Exception], None] | None = None,
) -> Stopped:
    """Play the plan's units from ``start_at`` on, handing each unit's result to ``on_unit`` in
    unit order; ``on_unit`` answers False to stop the match there (the SPRT decided).

    With ``executor`` (a cluster's), units go to it; else ``plan.concurrency`` threads of this
    process play them. A unit whose task failed is played again here (``failed`` is told). A
    bot that cannot be started raises ``table.SeatGone``."""
    workers = _Workers(plan)
    units = [u for u in workers.units.values() if u.index >= start_at]
    try:
        if executor is not None:
            window = ahead if ahead is not None else 4
            played = in_order(
                units, executor, workers.play, work=play_remote, payload=lambda u: (plan, u.index), ahead=window, failed=failed
            )
            return _hand_on(played, on_unit)
        n = max(1, min(plan.concurrency, len(units)))
        if n == 1:
            return _hand_on(in_order(units, None, workers.play), on_unit)
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=n, thread_name_prefix="match") as pool:
            return _hand_on(in_order(units, pool, workers.play, ahead=2 * n), on_unit)
    finally:
        workers.close()
        if executor is not None:
            with _REMOTE_LOCK:  # the units a synchronous cluster played here
                remote = _REMOTE.pop(repr(plan), None)
            if remote is not None:
                remote.close()


def _hand_on(played: Any, on_unit: Callable[[Unit, UnitPlayed], bool]) -> Stopped:
    with contextlib.closing(played):  # stopping early cancels the units not yet started
        for unit, result in played:
            if not on_unit(unit, result):
                return "sprt"
    return "completed"
