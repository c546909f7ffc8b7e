"""Double-dummy analysis of recorded hands: the value before and after every play.

A record judged with a trace (``Referee.judge(trace=)``, which ``referee.run``
asks for when it judges records for ``analyze``) has the engine's position before
each play; the first one, the opening lead, and the tiles played go to the solver (``engine.solver.solve_line``), which
gives the value before each play and after each legal tile.  From those come the
cost of each play, its best tiles, and the plays that turned a hand that could be
made into one that could not (``lost``) or back (``won``).

A hand is analysed when its deal is written and the referee followed its play:
an analysis of a hand it could not follow would be a guess.  Only errors that
change the position stop it (``POSITION_ERRORS``: an illegal deal or exchange, a
tile not held, a renege); a wrong result, score or trick winner, or a slip in the
auction, leaves every position as the rules make it.  Hands not analysed come back
as ``Skipped`` with the reason in words (``referee.run.analyse.skip_note`` makes it
a W105 note, naming the error that stopped it).

Each position is solved on its own node budget, and the hand within its time
limit (``HandTask.time_limit``): a position past either has no value and says why
(``Unsolved``), and every other position of the hand keeps its value, best tiles
and cost.  A hand claimed or conceded before the lead has its opening value only.

The work is in ``HandTask``\\ s, plain picklable data, so that
``referee.run.analyse.analyse_records`` can spread the hands over worker processes.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..codes import POSITION_ERRORS, After, Code
from ..engine.claims import position_of
from ..engine.declarations import NUMBER_NAMES, table_for
from ..engine.games import GAMES
from ..engine.par import par
from ..engine.profiles import Game, Rules
from ..engine.solver import DEFAULT_BUDGET, Position, Solution, solve, solve_line, start_position
from ..engine.tiles import Tile, count_value
from ..engine.views import HandView
from ..notation.record import HandRecord
from ..source import Span
from .judged import Judged, in_turn
from .replay import Referee
from .rules_for import rules_for
from .verdict import HandVerdict

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "POSITION_ERRORS",
    "HandAnalysis",
    "HandFacts",
    "HandTask",
    "ParLineView",
    "ParView",
    "PlayAnalysis",
    "Skipped",
    "Unsolved",
    "analyse",
    "highest_bid",
    "plan_record",
]

Swing = Literal["lost", "won"]

DEFAULT_TIME_LIMIT = 120.0
"""Seconds of search a hand may take in ``referee analyze`` (docs/cli.md says why this much)."""
Unsolved = Literal["budget", "time-limit", "not-reached"]
"""Why a position has no value: past its node budget (``--budget``), being solved when
the hand's time limit came (``--time-limit``), or not reached before it."""


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What a hand's analysis is about: the contract and what makes it."""

    game: str
    """The built-in game the rules are of (``42``, ``moon``, ``88``)."""
    number: int
    """The hand's written number (else its place)."""
    index: int
    """Its place in the record (1-based)."""
    declarer: str
    side: str
    """The declaring side's label (NS, or the bidder's seat in Moon)."""
    bid: int
    bid_text: str
    """The bid as written: ``30``, ``60 sixes``, ``84 plunge``."""
    trump: str
    unit: str
    """'points' or 'tricks': the unit of every value."""
    minimises: bool
    """Nello: the declaring side wants the value low (its tricks)."""
    forced: bool
    """Sevens: every play is forced (ties aside)."""
    need: int
    """The value that makes the contract: at least this (at most, when ``minimises``)."""

    def makes(self, value: int) -> bool:
        """Whether a final value makes the contract."""
        return value <= self.need if self.minimises else value >= self.need


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """One play: the value before it and after it, what it cost, and the best tiles
    (all None or empty when its position was not solved: ``unsolved`` says why)."""

    trick: int
    seat: str
    tile: Tile
    value_before: int | None
    value_after: int | None
    cost: int | None
    """What the play gave away against a best play, in the value's unit (0: a best play)."""
    best: tuple[Tile, ...]
    """Every legal tile that keeps the value."""
    values: tuple[tuple[Tile, int], ...]
    """The value after each legal tile, high tiles first."""
    swing: Swing | None
    """'lost': the contract could be made before this play and not after; 'won': the reverse."""
    unsolved: Unsolved | None = None

    @property
    def solved(self) -> bool:
        return self.unsolved is None


@dataclass(frozen=True, slots=True)
class ParLineView:
    """One declaration of a par table."""

    declaration: str
    value: int | None
    """None: not solved (``unsolved`` says why)."""
    unit: str
    """'points' or 'tricks' (a nello's value is the declarer's tricks, in 42 too)."""
    made: bool | None
    """Nello and sevens (all or nothing): whether best play makes it."""
    unsolved: Unsolved | None = None


@dataclass(frozen=True, slots=True)
class ParView:
    """The deal solved from the declarer's lead under every declaration."""

    declarer: str
    lines: tuple[ParLineView, ...]
    best: str | None
    """The declaration worth most to the declarer (None: nothing solved)."""
    best_value: int | None
    best_unit: str | None
    bid: int | None
    """The highest bid of the ladder that the best declaration makes (None: none)."""


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """A hand analysed: every play, in order, and the par table when asked for."""

    facts: HandFacts
    plays: tuple[PlayAnalysis, ...]
    nodes: int
    par: ParView | None = None
    opening_value: int | None = None
    """The value at the opening lead (None: not solved, ``opening_unsolved`` says why)."""
    opening_unsolved: Unsolved | None = None
    budget: int = DEFAULT_BUDGET
    """The node budget of each position (for the words of a note)."""
    time_limit: float | None = None

    @property
    def final_value(self) -> int | None:
        """The value after the last play recorded (what the hand ends with if it is played
        out well); with no play, the opening value."""
        return self.plays[-1].value_after if self.plays else self.opening_value

    @property
    def solved(self) -> int:
        """Positions solved (the opening alone when no tile was played)."""
        if not self.plays:
            return int(self.opening_unsolved is None)
        return sum(p.solved for p in self.plays)

    @property
    def positions(self) -> int:
        return max(len(self.plays), 1)

    def first(self, swing: Swing) -> int | None:
        """The place in ``plays`` of the first play that lost (or won) the contract."""
        return next((i for i, p in enumerate(self.plays) if p.swing == swing), None)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A hand that is not analysed, and why, in words."""

    number: int
    index: int
    """The hand's place in its record (0: the whole record)."""
    reason: str
    fault: bool = False
    """The referee failed (a bug): ``reason`` names the exception, and it is an S016, not a note."""


@dataclass(frozen=True, slots=True)
class ParTask:
    """What par needs, as picklable data (``Rules`` is rebuilt from its game, options
    and target as they were in force, without ``make_rules``, which takes only options
    as a record writes them)."""

    game: str
    options: tuple[tuple[str, str], ...]
    target: int
    hands: tuple[tuple[Tile, ...], ...]
    declarer: int


@dataclass(frozen=True, slots=True)
class HandTask:
    """One hand to analyse: plain data a worker process can be sent."""

    facts: HandFacts
    start: Position
    plays: tuple[Tile, ...]
    places: tuple[tuple[int, str], ...]
    """(trick, seat) of each play."""
    budget: int
    par: ParTask | None = None
    time_limit: float | None = None
    """Seconds of CPU the hand's searches may take, its par's included (None: no limit)."""
    legal: tuple[tuple[Tile, ...], ...] = ()
    """The tiles the rules let the player choose from at each position (the opening
    alone when no tile was played), as the engine gives them: the solver's own moves
    are narrowed to these where a house rule narrows them (``opening-lead=trump``)."""


def _everything(pos: Position) -> int:
    """The value if the declaring side took every trick left."""
    active = [s for s in range(len(pos.hands)) if s not in pos.out]
    tiles = [t for s in active for t in pos.hands[s]] + [t for _, t in pos.trick]
    left = len(tiles) // len(active)
    team = pos.declaring_team
    if pos.unit == "tricks":
        return pos.tricks[team] + left
    return pos.points[team] + left * pos.trick_points + (sum(map(count_value, tiles)) if pos.counters else 0)


def _need(game: Game, amount: int, pos: Position) -> int:
    """The value the declaring side must reach (nello: the most tricks it may take)."""
    if pos.lose_all:
        return 0
    return _everything(pos) if game.needs_all_tricks(amount) else amount


def highest_bid(game: Game, value: int, everything: int, *, all_or_nothing: bool = False) -> int | None:
    """The highest bid of ``game``'s ladder that a final ``value`` makes (``everything``:
    the value of taking every trick); a contract that is all or nothing counts only
    among the bids that need every trick.

    >>> from referee.engine.games import GAMES
    >>> highest_bid(GAMES["42"], 35, 42), highest_bid(GAMES["42"], 42, 42), highest_bid(GAMES["42"], 20, 42)
    (35, 84, None)
    >>> highest_bid(GAMES["moon"], 7, 7), highest_bid(GAMES["moon"], 5, 7)
    (21, 5)
    """
    ladder = game.ladder
    bids = [*ladder.point_bids, *ladder.all_in_bids]
    if ladder.mark_unit is not None:
        marks = ladder.mark_bids or range(1, (ladder.opening_marks_max or 1) + 1)
        bids += [m * ladder.mark_unit for m in marks]
    made = [b for b in bids if (value >= everything if game.needs_all_tricks(b) else value >= b and not all_or_nothing)]
    return max(made, default=None)


def _bid_text(snap: HandView) -> str:
    bid = snap.high_bid
    assert bid is not None
    return " ".join(str(x) for x in (bid.amount, NUMBER_NAMES[bid.suit] if bid.suit is not None else None, bid.contract) if x is not None)


def _ignore(code: Code, message: str, at: Span | None, hint: str | None = None) -> None:
    """Problems with the tags were reported when the record was judged."""


def plan_record(
    j: Judged,
    referee: Referee,
    *,
    only: int | None = None,
    budget: int = DEFAULT_BUDGET,
    with_par: bool = False,
    time_limit: float | None = None,
) -> list[HandTask | Skipped]:
    """Each hand of a judged record as a task for ``analyse``, or skipped with the reason
    (``only``: the hand of that written number alone).  The record must have been judged
    with its trace (``Judged.trace``): it is not judged again here."""
    record, verdict, trace = j.record, j.verdict, j.trace
    if record is None or verdict is None:
        return []
    if trace is None:
        raise ValueError("plan_record needs the record judged with its trace (trace=True)")
    numbered = [(i, hr.label(i), hr) for i, hr in enumerate(record.hands, start=1)]
    numbered = [n for n in numbered if only is None or n[1] == only]
    if not numbered:
        return []
    rules = rules_for(record, referee.defaults, _ignore, referee.profiles)
    if rules is None:
        return [Skipped(n, i, "the record's rules cannot be read") for i, n, _ in numbered]
    errors: dict[int | None, list[Code]] = {}
    for d in j.diagnostics:
        if d.is_error:
            errors.setdefault(d.hand, []).append(d.code)
    out: list[HandTask | Skipped] = []
    for index, number, hr in numbered:
        hv = next((h for h in verdict.hands if h.index == index), None)
        why = _why_not(hr, hv, errors.get(number, []), trace.get(index, []))
        if why is not None:
            out.append(Skipped(number, index, why))
            continue
        out.append(_task(rules, number, index, hr, trace[index], budget, with_par, time_limit))
    return out


def _named(found: list[Code]) -> str:
    """``E404 (renege)``, or several such joined: ``E402 (tile not held) and E404 (renege)``."""
    named = [f"{c} ({c.summary})" for c in dict.fromkeys(found)]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _why_not(hr: HandRecord, hv: HandVerdict | None, errors: list[Code], entries: list[tuple[HandView, list[Tile]]]) -> str | None:
    moved = [c for c in errors if c in POSITION_ERRORS]
    if moved:
        verb = "changes" if len(set(moved)) == 1 else "change"
        return f"{_named(moved)} {verb} the position, so its play is not what the rules allow from the deal; `referee check` shows it"
    if hr.unreadable:
        syntax = [c for c in errors if c.syntax] or errors
        what = f" ({_named(syntax)})" if syntax else ""
        return f"it has a syntax error{what} and is not replayed"
    if hv is not None and hv.thrown_in:
        return "everyone passed, so it was thrown in and has no play"
    if hr.deal is None:
        return "its deal is not recorded, so the tiles each player held are not all known"
    plays = sum(len(tr.plays) for tr in hr.tricks)
    if len(entries) != plays + 1 or entries[0][0].declaration is None:  # each play's position, and the end
        stopped = [c for c in errors if c.after in (After.STOP, After.END)] or errors
        if stopped:
            return f"the referee stopped following it at {_named(stopped[:1])}, so its positions are not all known"
        if not plays:
            return "no tile was played in it"
        return "the referee could not follow its play"  # pragma: no cover - an error always says why
    return None


def _task(
    rules: Rules,
    number: int,
    index: int,
    hr: HandRecord,
    entries: list[tuple[HandView, list[Tile]]],
    budget: int,
    with_par: bool,
    time_limit: float | None,
) -> HandTask:
    game = rules.game
    first = entries[0][0]
    assert first.declarer is not None and first.high_bid is not None
    start = position_of(first)
    facts = HandFacts(
        game=game.name,
        number=number,
        index=index,
        declarer=game.seats[first.declarer],
        side=game.team_labels[game.teams[first.declarer]],
        bid=first.high_bid.amount,
        bid_text=_bid_text(first),
        trump=str(first.declaration),
        unit=start.unit,
        minimises=start.lose_all,
        forced=start.table.forced,
        need=_need(game, first.high_bid.amount, start),
    )
    written = [p.tile for tr in hr.tricks for p in tr.plays]
    plays = tuple(written[n] for n in in_turn(hr.tricks, entries, game.seat_index))  # as the replay made them (W111)
    places = tuple((len(snap.tricks) + 1, game.seats[snap.turn if snap.turn is not None else 0]) for snap, _ in entries[: len(plays)])
    par_task = None
    if with_par and not first.tricks and not first.trick:
        par_task = ParTask(game.name, tuple(rules.options.items()), rules.target, first.hands, first.declarer)
    legal = tuple(tuple(tiles) for _, tiles in entries[: max(len(plays), 1)])
    return HandTask(facts, start, plays, places, budget, par_task, time_limit, legal)


def _unsolved(solution: Solution | None) -> Unsolved | None:
    if solution is None:
        return "not-reached"
    if solution.solved:
        return None
    return "time-limit" if solution.stopped else "budget"


def _narrowed(solution: Solution | None, legal: tuple[Tile, ...] | None) -> Solution | None:
    """``solution`` with its moves narrowed to ``legal`` and its value and best tile made
    theirs: each value after a tile is exact whatever the rule on the lead, so the value
    before is the mover's best among the tiles allowed."""
    if solution is None or not solution.solved or not legal or {t for t, _ in solution.moves} <= set(legal):
        return solution
    moves = tuple((t, v) for t, v in solution.moves if t in legal)
    if not moves:  # pragma: no cover - the engine's legal tiles are among the solver's
        return solution
    best_of = max if solution.mover_high else min
    value = best_of(v for _, v in moves)
    best = next(t for t, v in moves if v == value)
    return dataclasses.replace(solution, value=value, moves=moves, best=best)


def analyse(task: HandTask, *, clock: Callable[[], float] = time.thread_time) -> HandAnalysis | Skipped:
    """Solve a hand's positions (and its par), each on its own budget and all within the
    hand's time limit as ``clock`` counts it (seconds; by default the CPU time of the
    thread that solves it, so that neither other work on the machine nor other hands
    solved beside it in threads shorten it); a position past either has no value and
    says why.  ``Skipped`` when a play is not one the rules allow (a ruled
    irregularity the referee let stand)."""
    facts = task.facts
    stop = None
    if task.time_limit is not None:
        deadline = clock() + task.time_limit

        def stop() -> bool:
            return clock() >= deadline

    try:
        line = solve_line(task.start, task.plays, budget=task.budget, stop=stop) if task.plays else []
        line = [_narrowed(s, task.legal[i] if i < len(task.legal) else None) for i, s in enumerate(line)]
    except ValueError:
        return Skipped(
            facts.number, facts.index, "a play the table let stand is not one the rules allow, so its positions are not the rules'"
        )
    plays = []
    for solution, tile, (trick, seat) in zip(line, task.plays, task.places, strict=True):
        why = _unsolved(solution)
        if solution is None or solution.value is None:
            plays.append(PlayAnalysis(trick, seat, tile, None, None, None, (), (), None, why))
            continue
        after = dict(solution.moves)[tile]
        before_makes, after_makes = facts.makes(solution.value), facts.makes(after)
        swing: Swing | None = "lost" if before_makes and not after_makes else "won" if after_makes and not before_makes else None
        best = tuple(t for t, _ in solution.moves if solution.cost(t) == 0)
        plays.append(PlayAnalysis(trick, seat, tile, solution.value, after, solution.cost(tile), best, solution.moves, swing))
    opening = (
        line[0] if line else _narrowed(solve(task.start, budget=task.budget, moves=True, stop=stop), task.legal[0] if task.legal else None)
    )
    nodes = sum(s.nodes for s in line if s is not None) if line else (opening.nodes if opening else 0)
    value = opening.value if opening is not None else None
    par_view = _par(task, stop)
    return HandAnalysis(facts, tuple(plays), nodes, par_view, value, _unsolved(opening), task.budget, task.time_limit)


def _par(task: HandTask, stop: Callable[[], bool] | None) -> ParView | None:
    p = task.par
    if p is None:
        return None
    game = GAMES[p.game]
    rules = Rules(game, dict(p.options), p.target)
    result = par(rules, p.hands, p.declarer, budget=task.budget, stop=stop)
    lines = tuple(
        ParLineView(str(line.declaration), line.solution.value, line.solution.unit, line.made, _unsolved(line.solution))
        for line in result.lines
    )
    best = result.best
    if best is None or best.solution.value is None:
        return ParView(game.seats[p.declarer], lines, None, None, None, None)
    value = best.solution.value
    everything = _everything(start_position(game, table_for(best.declaration), p.hands, p.declarer))
    if best.all_or_nothing:
        bid = highest_bid(game, everything, everything, all_or_nothing=True) if best.made else None
    else:
        bid = highest_bid(game, value, everything)
    return ParView(game.seats[p.declarer], lines, str(best.declaration), value, best.solution.unit, bid)
