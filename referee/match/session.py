"""A whole match: the schedule, the bots, the records and journal, the resume, the results.

``referee match`` reads its options into a :class:`MatchSettings` and calls
:func:`play_match`, which hands each game (in order) and each unit's running score to the
command's printers and returns the summary (``match_report.MatchSummary``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.profiles import Rules
from ..interchange.match_report import GameLine, MatchSummary, PairingResult
from .messages import changed_options
from .process import BotCommand
from .results import Tally
from .runner import Entrant, Plan, Stopped, UnitPlayed, run
from .schedule import Deals, Tournament, Unit
from .stats import Sprt
from .store import MatchStore
from .table import FaultRule, SeatGone, TimeRule

if TYPE_CHECKING:
    from ..run.cluster import ClusterSpec

__all__ = ["MatchFailed", "MatchSettings", "play_match"]


class MatchFailed(Exception):
    """A bot could not be started: the match stopped (exit status 2). ``summary`` is as far as it went."""

    def __init__(self, message: str, summary: MatchSummary) -> None:
        super().__init__(message)
        self.summary = summary


@dataclass
class MatchSettings:
    """What ``referee match`` was asked to play."""

    rules: Rules
    bots: list[BotCommand]
    units: int
    """Pairs (or games with independent deals) per pairing."""
    seed: int
    deals: Deals = "duplicate"
    tournament: Tournament = "round-robin"
    time: TimeRule = field(default_factory=TimeRule)
    faults: FaultRule = field(default_factory=FaultRule)
    sprt: Sprt | None = None
    concurrency: int = 1
    cluster: ClusterSpec | None = None
    """Play the units on this Dask cluster instead of ``concurrency`` threads."""
    filler: str = "sensible"
    max_hands: int = 200
    event: str | None = None
    output: Path | None = None
    parts: Path | None = None
    log: Path | None = None
    resume: bool = False

    @property
    def filler_name(self) -> str:
        return f"{self.filler}-filler"

    def identity(self) -> dict[str, Any]:
        """What decides the games: a resumed match must be played with the same."""
        return {
            "rules": self.rules.game.name,
            "options": self.rules.option_values(),
            "seed": self.seed,
            "deals": self.deals,
            "tournament": self.tournament,
            "bots": [b.name for b in self.bots],
            "filler": self.filler,
            "max_hands": self.max_hands,
            "pairs": self.units,
        }


def _plan(s: MatchSettings) -> Plan:
    entrants = (*(Entrant(b.name, command=b) for b in s.bots), Entrant(s.filler_name, shipped=s.filler))
    return Plan(
        game=s.rules.game.name,
        options=tuple(sorted(changed_options(s.rules).items())),
        profile=s.rules.profile,
        entrants=entrants,
        bots=tuple(b.name for b in s.bots),
        pairs=s.units,
        seed=s.seed,
        deals=s.deals,
        tournament=s.tournament,
        filler=s.filler_name,
        time=s.time,
        faults=s.faults,
        tags=(("Event", s.event),) if s.event else (),
        max_hands=s.max_hands,
        concurrency=s.concurrency,
        log=s.log,
    )


def play_match(
    s: MatchSettings,
    on_game: Callable[[GameLine], None],
    on_unit: Callable[[PairingResult], None],
    on_resume: Callable[[int, int], None] | None = None,
) -> MatchSummary:
    """Play the match (or what is left of it), writing its records as it goes; the summary.

    Raises ``store.StoreError`` for records or a journal that cannot be used, ``run.inputs.UsageError``
    for a cluster that cannot be reached, and :class:`MatchFailed` when a bot cannot be started."""
    plan = _plan(s)
    planned = len(plan.units(s.rules))
    names = [b.name for b in s.bots]
    tally = Tally(names, s.rules.game, s.sprt)
    store = MatchStore(s.output, s.parts, s.identity())
    done = store.open(s.resume)
    stopped: Stopped = "completed"
    try:
        for lines in done:
            tally.add(lines)
        if done and on_resume is not None:
            on_resume(len(done), sum(len(lines) for lines in done))
        if done and tally.decision() is not None:
            return _summary(s, tally, planned, "sprt")

        def unit_done(unit: Unit, played: UnitPlayed) -> bool:
            store.write(played.lines, played.texts)
            tally.add(played.lines)
            for line in played.lines:
                on_game(line)
            on_unit(tally.pairing(unit.a, unit.b))
            return tally.decision() is None

        try:
            if s.cluster is None:
                stopped = run(plan, len(done), unit_done)
            else:
                from ..run.dask import open_session, unit_failed

                with open_session(s.cluster) as session:
                    failed = unit_failed(lambda unit: f"pair {unit.pair} of {unit.a} and {unit.b}")
                    stopped = run(plan, len(done), unit_done, executor=session.executor, ahead=session.window, failed=failed)
        except SeatGone as e:
            raise MatchFailed(f"bot {e.name} could not be started: {e.fault}", _summary(s, tally, planned, "failed")) from None
        except KeyboardInterrupt:
            stopped = "interrupted"
        return _summary(s, tally, planned, stopped)
    finally:
        store.close()


def _summary(s: MatchSettings, tally: Tally, planned: int, stopped: Stopped) -> MatchSummary:
    rated = tally.ratings(s.seed)
    faulted = any(n for kinds in tally.faults.values() for n in kinds.values())
    return MatchSummary(
        rules=s.rules.game.name,
        options=s.rules.option_values(),
        seed=s.seed,
        deals=s.deals,
        tournament=s.tournament,
        bots=[b.name for b in s.bots],
        units_planned=planned,
        units_played=tally.units,
        games=tally.games,
        stopped=stopped,
        pairings=tally.results(),
        ratings=None if rated is None else rated[0],
        cross_table=None if rated is None else rated[1],
        faults={bot: dict(kinds) for bot, kinds in tally.faults.items()},
        stale=dict(tally.stale),
        exit=2 if stopped in ("failed", "interrupted") else 1 if faulted else 0,
    )
