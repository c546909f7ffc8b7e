"""A match played unit by unit, ``concurrency`` units side by side, results in unit order.

Each worker thread keeps its own bots: one process per seat a bot takes in a game, started
once and told ``hello`` again before each game (with the game's own seed, so a game plays
the same whichever worker plays it and whatever it played before). A unit's games depend
only on the match's seed and the unit's number (``schedule``), so the match is the same at
any concurrency: the results are handed on in unit order, and a match that stops (the
SPRT decided) drops what the other workers played past that unit.

``--log DIR`` keeps every line to and from every bot with its time, one file a game
(``game-00012.jsonl``), and every bot's standard error (``BOT.W.K.err``, the K-th process
of the bot in worker W); without it, standard error is drained into a directory removed
at the end.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from ..engine.profiles import Rules
from .bots import LocalBot
from .process import BotCommand, BotProcess
from .schedule import Planned, Unit
from .table import FaultRule, GameOutcome, GameSpec, Seat, TimeRule, play_game

__all__ = ["Entrant", "Plan", "Stopped", "run"]

Stopped = Literal["completed", "sprt", "interrupted", "failed"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A bot of the match: a command to run, or a shipped player played in this process (the filler)."""

    name: str
    command: BotCommand | None = None
    shipped: str | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything a match plays by."""

    rules: Rules
    entrants: dict[str, Entrant]
    units: Sequence[Unit]
    time: TimeRule
    faults: FaultRule
    tags: tuple[tuple[str, str], ...] = ()
    """Tags every record starts with (``Event``)."""
    seed: int = 0
    max_hands: int = 200
    concurrency: int = 1
    log: Path | None = None


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
    """One worker's bots, by name, started as they are first needed."""

    def __init__(self, plan: Plan, number: int, errors: Path, start: float) -> None:
        self.plan = plan
        self.number = number
        self.errors = errors
        self.start = start
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
        entrant = self.plan.entrants[name]
        if entrant.command is None:
            return LocalBot.shipped(entrant.shipped or "sensible")
        return BotProcess(entrant.command, self.errors / f"{_safe(name)}.{self.number}.{k}.err")

    def play(self, unit: Unit) -> list[GameOutcome]:
        return [self.game(planned) for planned in unit.games]

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
            return play_game(plan.rules, spec, seats, plan.time, plan.faults)

    @contextlib.contextmanager
    def _journal(self, planned: Planned, seats: Sequence[Seat]) -> Iterator[None]:
        if self.plan.log is None:
            yield
            return
        game = self.plan.rules.game
        path = self.plan.log / f"game-{planned.number:05d}.jsonl"
        with open(path, "w", encoding="utf-8") as stream:
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


def run(plan: Plan, start_at: int, on_unit: Callable[[Unit, list[GameOutcome]], bool]) -> Stopped:
    """Play the plan's units from ``start_at`` on, handing each unit's games to ``on_unit`` in
    unit order; ``on_unit`` answers False to stop the match there (the SPRT decided).

    A bot that cannot be started raises ``table.SeatGone`` once the workers have stopped."""
    units = [u for u in plan.units if u.index >= start_at]
    if not units:
        return "completed"
    own_errors = plan.log is None
    errors = Path(tempfile.mkdtemp(prefix="referee-match-")) if plan.log is None else plan.log
    start = time.monotonic()
    n = max(1, min(plan.concurrency, len(units)))
    workers: queue.SimpleQueue[_Worker] = queue.SimpleQueue()
    made = [_Worker(plan, i + 1, errors, start) for i in range(n)]
    for w in made:
        workers.put(w)
    stop = threading.Event()

    def play(unit: Unit) -> list[GameOutcome] | None:
        if stop.is_set():
            return None
        worker = workers.get()
        try:
            return worker.play(unit)
        finally:
            workers.put(worker)

    try:
        with ThreadPoolExecutor(max_workers=n, thread_name_prefix="match") as pool:
            futures: dict[int, Future[list[GameOutcome] | None]] = {}
            submitted = 0
            try:
                for k, unit in enumerate(units):
                    while submitted < len(units) and submitted < k + 2 * n:
                        futures[submitted] = pool.submit(play, units[submitted])
                        submitted += 1
                    outcome = futures.pop(k).result()
                    assert outcome is not None
                    if not on_unit(unit, outcome):
                        return "sprt"
                return "completed"
            finally:
                stop.set()
                for f in futures.values():
                    f.cancel()
    finally:
        for w in made:
            w.close()
        if own_errors:
            shutil.rmtree(errors, ignore_errors=True)
