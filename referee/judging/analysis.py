"""Double-dummy analysis of recorded hands: the value before and after every play.

A record judged with a trace (``Referee.judge(trace=)``, which ``referee.run``
asks for when it judges records for ``analyze``) has the engine's position before
each play; the first one, the opening lead, and the tiles played go to the solver (``engine.solver.solve_line``), which
gives the value before each play and after each legal tile.  From those come the
cost of each play, its best tiles, and the plays that turned a hand that could be
made into one that could not (``lost``) or back (``won``).

A hand is analysed only when its deal is written and it has no rule error: an
analysis of a hand the referee could not follow would be a guess.  A hand whose
search runs past the node budget is not analysed either.  Those hands come back
as ``Skipped`` with the reason in words (``referee.run.analyse.skip_note`` makes it
a W105 note).

The work is in ``HandTask``\\ s, plain picklable data, so that
``referee.run.analyse.analyse_records`` can spread the hands over worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..codes import Code
from ..engine.claims import position_of
from ..engine.declarations import NUMBER_NAMES, table_for
from ..engine.games import GAMES
from ..engine.par import par
from ..engine.profiles import Game, Rules
from ..engine.solver import DEFAULT_BUDGET, Position, solve_line, start_position
from ..engine.tiles import Tile, count_value
from ..engine.views import HandView
from ..notation.record import HandRecord
from ..source import Span
from .judged import Judged
from .replay import Referee
from .rules_for import rules_for
from .verdict import HandVerdict

__all__ = [
    "HandAnalysis",
    "HandFacts",
    "HandTask",
    "ParLineView",
    "ParView",
    "PlayAnalysis",
    "Skipped",
    "analyse",
    "highest_bid",
    "plan_record",
]

Swing = Literal["lost", "won"]


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
    """One play: the value before it and after it, what it cost, and the best tiles."""

    trick: int
    seat: str
    tile: Tile
    value_before: int
    value_after: int
    cost: int
    """What the play gave away against a best play, in the value's unit (0: a best play)."""
    best: tuple[Tile, ...]
    """Every legal tile that keeps the value."""
    values: tuple[tuple[Tile, int], ...]
    """The value after each legal tile, high tiles first."""
    swing: Swing | None
    """'lost': the contract could be made before this play and not after; 'won': the reverse."""


@dataclass(frozen=True, slots=True)
class ParLineView:
    """One declaration of a par table."""

    declaration: str
    value: int | None
    """None: past the node budget."""
    unit: str
    """'points' or 'tricks' (a nello's value is the declarer's tricks, in 42 too)."""
    made: bool | None
    """Nello and sevens (all or nothing): whether best play makes it."""


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

    @property
    def opening_value(self) -> int:
        return self.plays[0].value_before

    @property
    def final_value(self) -> int:
        """The value after the last play recorded (what the hand ends with if it is played out well)."""
        return self.plays[-1].value_after

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
    errors: dict[int | None, list[str]] = {}
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
        out.append(_task(rules, number, index, hr, trace[index], budget, with_par))
    return out


def _why_not(hr: HandRecord, hv: HandVerdict | None, errors: list[str], entries: list[tuple[HandView, list[Tile]]]) -> str | None:
    if errors:
        listed = ", ".join(dict.fromkeys(errors))
        return f"it has rule errors ({listed}), so its play is not what the rules allow; `referee check` shows them"
    if hv is not None and hv.thrown_in:
        return "everyone passed, so it was thrown in and has no play"
    if hr.deal is None:
        return "its deal is not recorded, so the tiles each player held are not all known"
    if not entries:
        return "no tile was played in it"
    plays = sum(len(tr.plays) for tr in hr.tricks)
    if len(entries) != plays or entries[0][0].declaration is None:  # pragma: no cover - a clean hand is followed to its end
        return "the referee could not follow its play"
    return None


def _task(
    rules: Rules, number: int, index: int, hr: HandRecord, entries: list[tuple[HandView, list[Tile]]], budget: int, with_par: bool
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
    plays = tuple(p.tile for tr in hr.tricks for p in tr.plays)
    places = tuple((len(snap.tricks) + 1, game.seats[snap.turn if snap.turn is not None else 0]) for snap, _ in entries)
    par_task = None
    if with_par and not first.tricks and not first.trick:
        par_task = ParTask(game.name, tuple(rules.options.items()), rules.target, first.hands, first.declarer)
    return HandTask(facts, start, plays, places, budget, par_task)


def analyse(task: HandTask) -> HandAnalysis | Skipped:
    """Solve a hand's positions one after another (and its par); ``Skipped`` past the budget."""
    facts = task.facts
    line = solve_line(task.start, task.plays, budget=task.budget)
    if not line[-1].solved:
        trick, seat = task.places[len(line) - 1]
        return Skipped(
            facts.number,
            facts.index,
            f"the search for the position before {seat}'s play in trick {trick} needs more than {task.budget:,} nodes (--budget)",
        )
    plays = []
    for solution, tile, (trick, seat) in zip(line, task.plays, task.places, strict=True):
        assert solution.value is not None
        after = dict(solution.moves)[tile]
        before_makes, after_makes = facts.makes(solution.value), facts.makes(after)
        swing: Swing | None = "lost" if before_makes and not after_makes else "won" if after_makes and not before_makes else None
        best = tuple(t for t, _ in solution.moves if solution.cost(t) == 0)
        plays.append(PlayAnalysis(trick, seat, tile, solution.value, after, solution.cost(tile), best, solution.moves, swing))
    return HandAnalysis(facts, tuple(plays), sum(s.nodes for s in line), _par(task))


def _par(task: HandTask) -> ParView | None:
    p = task.par
    if p is None:
        return None
    game = GAMES[p.game]
    rules = Rules(game, dict(p.options), p.target)
    result = par(rules, p.hands, p.declarer, budget=task.budget)
    lines = tuple(ParLineView(str(line.declaration), line.solution.value, line.solution.unit, line.made) for line in result.lines)
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
