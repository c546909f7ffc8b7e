"""A match's results added up: each game scored for the unit's first bot, each pairing's
Elo, normalized Elo, LOS and SPRT (``stats``), the net marks per duplicate deal, faults by
bot and kind, and with more than two bots a cross table and Bradley-Terry ratings.

>>> from referee.interchange.match_report import GameLine
>>> def line(unit, points):
...     return GameLine(game=unit * 2 + 1, round=f"{unit + 1}.1", unit=unit, a="x", b="y", names={}, winner=None,
...                     winner_bot=None, score={}, termination="normal", hands=1, awards=[], faults=[], decisions=0,
...                     stale={}, points=points)
>>> t = Tally(["x", "y"])
>>> for u, (p, q) in enumerate([(1, 1), (1, 0), (0, 0), (1, 0)]):
...     t.add([line(u, p), line(u, q)])
>>> r = t.pairing("x", "y")
>>> (r.units, r.games, r.wins, r.losses, r.outcomes, r.score)
(4, 8, 4, 4, {'0': 1, '0.5': 2, '1': 1}, 0.5)
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine.profiles import Game
from ..interchange.match_report import FaultLine, GameLine, PairingResult, Rating, SprtResult
from .schedule import Planned, Unit
from .stats import CI95_Z, Meeting, Outcomes, Sprt, bootstrap_ratings, bradley_terry, cross_table, estimate
from .table import GameOutcome

__all__ = ["Tally", "game_line", "points_for"]


def _sides_of(game: Game, names: Sequence[str], bot: str) -> set[int]:
    return {game.teams[s] for s, name in enumerate(names) if name == bot}


def points_for(game: Game, outcome: GameOutcome, a: str, b: str) -> float:
    """What ``a`` took of a game against ``b``: 1, 1/2 or 0 (see ``match_report``)."""
    names = outcome.spec.names
    if outcome.termination not in ("normal", "unterminated") and outcome.faults:
        guilty = outcome.faults[-1].bot
        if guilty in (a, b):
            return 0.0 if guilty == a else 1.0
    mine, theirs = _sides_of(game, names, a), _sides_of(game, names, b)
    if outcome.winner is not None and outcome.winner in mine | theirs:
        return 1.0 if outcome.winner in mine else 0.0
    best_a = max(outcome.scores[t] for t in mine)
    best_b = max(outcome.scores[t] for t in theirs)
    return 1.0 if best_a > best_b else 0.0 if best_a < best_b else 0.5


def game_line(game: Game, unit: Unit, planned: Planned, outcome: GameOutcome) -> GameLine:
    """A game as the match reports it (and its journal keeps it)."""
    labels = game.team_labels
    winner = outcome.winner
    winner_bot = None
    if winner is not None:
        bots = {n for s, n in enumerate(planned.names) if game.teams[s] == winner}
        winner_bot = bots.pop() if len(bots) == 1 else None
    return GameLine(
        game=planned.number,
        round=planned.round,
        unit=unit.index,
        a=unit.a,
        b=unit.b,
        names=dict(zip(game.seats, planned.names, strict=True)),
        winner=None if winner is None else labels[winner],
        winner_bot=winner_bot,
        score=dict(zip(labels, outcome.scores, strict=True)),
        termination=outcome.termination,
        hands=len(outcome.awards),
        awards=[dict(zip(labels, a, strict=True)) for a in outcome.awards],
        faults=[FaultLine(game=f.game, hand=f.hand, seat=f.seat, bot=f.bot, kind=f.kind, detail=f.detail) for f in outcome.faults],
        decisions=outcome.decisions,
        stale=outcome.stale,
        points=points_for(game, outcome, unit.a, unit.b),
    )


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


@dataclass
class _Pairing:
    units: Counter[Fraction] = field(default_factory=Counter)
    games: int = 0
    wins: int = 0
    losses: int = 0
    points: Fraction = Fraction(0)
    per_unit: int = 1
    deals: int = 0
    net: float = 0.0
    net2: float = 0.0


class Tally:
    """The results of a match so far, unit by unit."""

    def __init__(self, bots: Sequence[str], game: Game | None = None, sprt: Sprt | None = None) -> None:
        self.bots = list(bots)
        self.game = game
        self.sprt = sprt
        self.pairings: dict[tuple[str, str], _Pairing] = {}
        self.meetings: list[Meeting] = []
        self.faults: dict[str, Counter[str]] = defaultdict(Counter)
        self.stale: Counter[str] = Counter()
        self.units = 0
        self.games = 0

    def add(self, lines: Sequence[GameLine]) -> None:
        """The games of one unit."""
        a, b = lines[0].a, lines[0].b
        p = self.pairings.setdefault((a, b), _Pairing())
        p.per_unit = len(lines)
        points = sum(Fraction(line.points) for line in lines)
        p.units[Fraction(points, len(lines))] += 1
        p.games += len(lines)
        p.wins += sum(line.points == 1 for line in lines)
        p.losses += sum(line.points == 0 for line in lines)
        p.points += points
        self.meetings.append(Meeting(a, b, float(points), len(lines)))
        self.units += 1
        self.games += len(lines)
        for line in lines:
            for f in line.faults:
                self.faults[f.bot][f.kind] += 1
            for bot, n in line.stale.items():
                self.stale[bot] += n
        if len(lines) > 1:  # duplicate deals: the deals every table played
            self._deals(p, lines, a, b)

    def _deals(self, p: _Pairing, lines: Sequence[GameLine], a: str, b: str) -> None:
        if self.game is None:
            return
        game = self.game
        common = min(line.hands for line in lines)
        for k in range(common):
            net = 0.0
            for line in lines:
                names = [line.names[s] for s in game.seats]
                side_a = _sides_of(game, names, a)
                side_b = _sides_of(game, names, b)
                award = line.awards[k]
                net += sum(award[game.team_labels[t]] for t in side_a) - sum(award[game.team_labels[t]] for t in side_b)
            p.deals += 1
            p.net += net
            p.net2 += net * net

    def outcomes(self, a: str, b: str) -> Outcomes:
        """The units of ``a`` against ``b`` by score: trinomial pairs, or finer when a game was halved."""
        p = self.pairings[(a, b)]
        g = p.per_unit
        step = Fraction(1, g) if all((s * g).denominator == 1 for s in p.units) else Fraction(1, 2 * g)
        grid = [step * i for i in range(int(1 / step) + 1)]
        return Outcomes(tuple(float(x) for x in grid), tuple(p.units.get(x, 0) for x in grid), g)

    def llr(self) -> float | None:
        if self.sprt is None or len(self.bots) != 2 or (self.bots[0], self.bots[1]) not in self.pairings:
            return None
        return self.sprt.llr(self.outcomes(self.bots[0], self.bots[1]))

    def decision(self) -> str | None:
        """H0 or H1 once the SPRT decides (with two bots), else None."""
        llr = self.llr()
        return None if llr is None or self.sprt is None else self.sprt.decision(llr)

    def pairing(self, a: str, b: str) -> PairingResult:
        p = self.pairings[(a, b)]
        outcomes = self.outcomes(a, b)
        e = estimate(outcomes)
        sprt = None
        if self.sprt is not None and [a, b] == self.bots:
            llr = self.sprt.llr(outcomes)
            s = self.sprt
            sprt = SprtResult(
                elo0=s.elo0, elo1=s.elo1, alpha=s.alpha, beta=s.beta, model=s.model, llr=llr, lower=s.lower, upper=s.upper,
                decision=s.decision(llr),
            )  # fmt: skip
        per_deal = error = None
        if p.deals:
            per_deal = p.net / p.deals
            var = max(0.0, p.net2 / p.deals - per_deal**2)
            error = CI95_Z * math.sqrt(var / p.deals)
        return PairingResult(
            a=a,
            b=b,
            units=outcomes.units,
            games=p.games,
            wins=p.wins,
            losses=p.losses,
            draws=p.games - p.wins - p.losses,
            points=float(p.points),
            score=e.score,
            outcomes={f"{x:g}": c for x, c in zip(outcomes.scores, outcomes.counts, strict=True)},
            elo=_finite(e.elo),
            elo_error=_finite(e.elo_error),
            nelo=_finite(e.nelo),
            nelo_error=_finite(e.nelo_error),
            los=e.los,
            per_deal=per_deal,
            per_deal_error=error,
            deals=p.deals,
            sprt=sprt,
        )

    def results(self) -> list[PairingResult]:
        return [self.pairing(a, b) for (a, b) in self.pairings]

    def ratings(self, seed: int, resamples: int = 400) -> tuple[list[Rating], dict[str, dict[str, list[float]]]] | None:
        """Bradley-Terry ratings with bootstrap intervals and the cross table (more than two bots)."""
        if len(self.bots) <= 2 or not self.meetings:
            return None
        table = cross_table(self.meetings)
        ratings = bradley_terry(table)
        intervals = bootstrap_ratings(self.meetings, seed=seed, resamples=resamples)
        rows = [
            Rating(name=n, elo=ratings[n], low=intervals[n][0], high=intervals[n][1], games=table.games(n), points=table.points(n))
            for n in table.players
        ]
        rows.sort(key=lambda r: -r.elo)
        cross = {a: {b: [pts, float(g)] for (x, b), (pts, g) in table.cells.items() if x == a} for a in table.players}
        return rows, cross
