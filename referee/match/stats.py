"""What a match's results say about its bots: Elo and normalized Elo with 95% intervals, the
likelihood of superiority, the GSPRT, and for more than two bots a cross table and
Bradley-Terry ratings with bootstrap intervals. Pure Python.

The unit of a duplicate match is the **pair**: both games of one deal stream, the sides
swapped, scored 0, 1/2 or 1 for the first bot (lost both, split, won both). It is the
trinomial analogue of the pentanomial pairs of fastchess (``app/src/matchmaking/elo/
elo_pentanomial.cpp``), whose formulas this module follows; games can be counted too
(win, draw, loss, as ``elo_wdl.cpp``):

- score s = the mean unit score; its variance per unit v = E[x²] - s²;
- the 95% interval of s is s ± 1.959964·√(v/N), and Elo(s) = -400·log10(1/s - 1); the Elo error is
  half the Elo width of that interval;
- normalized Elo = (s - 1/2) / √(g·v) · 800/ln 10, with g the games in a unit (1 or 2);
- LOS = (1 - erf(-(s - 1/2) / √(2·v/N))) / 2;
- the GSPRT's log-likelihood ratio is N·Σ p̂ᵢ·ln(p₁ᵢ/p₀ᵢ), where p₀ and p₁ are the maximum-likelihood
  distributions over the same outcomes under elo0 and elo1 (normalized: t = √g·nElo/(800/ln 10);
  M. Van den Bergh, "Comments on normalized Elo", section 4.1; logistic: the expected score; his
  "Comparing the approximations for the generalized log likelihood ratio", proposition 1.1), an
  outcome never seen counting 0.001 as fastchess does; the bounds are ln(β/(1-α)) and ln((1-β)/α).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "CI95_Z",
    "NELO_SCALE",
    "CrossTable",
    "Estimate",
    "Meeting",
    "Outcomes",
    "Sprt",
    "bootstrap_ratings",
    "bradley_terry",
    "cross_table",
    "elo_of",
    "estimate",
]

CI95_Z = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

NELO_SCALE = 800 / math.log(10)
"""Normalized Elo per unit of t = (s - 1/2)/σ (about 347.4)."""


def elo_of(score: float) -> float:
    """The logistic Elo difference of an expected score; ±inf at 1 and 0.

    >>> round(elo_of(0.75), 2), elo_of(0.5), elo_of(1.0)
    (190.85, 0.0, inf)
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


@dataclass(frozen=True, slots=True)
class Outcomes:
    """How many units (games or pairs) ended with each score, counted for the first bot."""

    scores: tuple[float, ...]
    """The scores a unit can have, ascending, from 0 to 1."""
    counts: tuple[int, ...]
    games_per_unit: int
    """1 for games, 2 for pairs."""

    @classmethod
    def pairs(cls, ll: int, wl: int, ww: int) -> Outcomes:
        """Pairs lost both, split, won both: scores 0, 1/2, 1."""
        return cls((0.0, 0.5, 1.0), (ll, wl, ww), 2)

    @classmethod
    def games(cls, wins: int, losses: int, draws: int = 0) -> Outcomes:
        return cls((0.0, 0.5, 1.0), (losses, draws, wins), 1)

    @classmethod
    def pentanomial(cls, ll: int, ld: int, wl_dd: int, wd: int, ww: int) -> Outcomes:
        """Pairs of games that can be drawn (chess): scores 0, 1/4, 1/2, 3/4, 1."""
        return cls((0.0, 0.25, 0.5, 0.75, 1.0), (ll, ld, wl_dd, wd, ww), 2)

    @property
    def units(self) -> int:
        return sum(self.counts)

    def mean_and_variance(self) -> tuple[float, float]:
        n = self.units
        if n <= 0:
            raise ValueError("no results to estimate from")
        mean = sum(a * c for a, c in zip(self.scores, self.counts, strict=True)) / n
        return mean, sum(c * (a - mean) ** 2 for a, c in zip(self.scores, self.counts, strict=True)) / n


@dataclass(frozen=True, slots=True)
class Estimate:
    """The strength difference the results show, first bot minus second, with 95% intervals."""

    units: int
    score: float
    score_low: float
    score_high: float
    elo: float
    elo_error: float
    """Half the Elo width of the score's interval (infinite when a bound reaches 0 or 1)."""
    nelo: float
    nelo_error: float
    los: float
    """Likelihood of superiority: the chance that the first bot is the stronger, 0 to 1."""


def estimate(outcomes: Outcomes) -> Estimate:
    """Elo, normalized Elo and LOS of ``outcomes`` (see the module's formulas).

    >>> e = estimate(Outcomes.pairs(ll=28, wl=181, ww=41))
    >>> round(e.score, 3), round(e.elo, 1), round(e.elo_error, 1), round(e.nelo, 1), round(e.nelo_error, 1), round(e.los, 3)
    (0.526, 18.1, 22.6, 24.4, 30.5, 0.942)
    """
    s, v = outcomes.mean_and_variance()
    n, g = outcomes.units, outcomes.games_per_unit
    half = CI95_Z * math.sqrt(v / n)
    low, high = s - half, s + half
    if v > 0:
        nelo = (s - 0.5) / math.sqrt(g * v) * NELO_SCALE
        nelo_error = half / math.sqrt(g * v) * NELO_SCALE
        los = (1 - math.erf(-(s - 0.5) / math.sqrt(2 * v / n))) / 2
    else:  # every unit scored the same
        nelo = 0.0 if s == 0.5 else math.copysign(math.inf, s - 0.5)
        nelo_error = 0.0
        los = 0.5 if s == 0.5 else float(s > 0.5)
    return Estimate(
        units=n,
        score=s,
        score_low=max(0.0, low),
        score_high=min(1.0, high),
        elo=elo_of(s),
        elo_error=(elo_of(high) - elo_of(low)) / 2,
        nelo=nelo,
        nelo_error=nelo_error,
        los=los,
    )


# -- the sequential test -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sprt:
    """A GSPRT of H0: elo = elo0 against H1: elo = elo1, with error rates alpha and beta.

    >>> test = Sprt(elo0=0, elo1=10)
    >>> round(test.lower, 2), round(test.upper, 2)
    (-2.94, 2.94)
    >>> round(test.llr(Outcomes.pairs(ll=28, wl=181, ww=41)), 2)
    0.8
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: Literal["normalized", "logistic"] = "normalized"
    """normalized: elo0 and elo1 in normalized Elo (fastchess's and fishtest's default); logistic: in Elo."""

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("elo0 must be less than elo1")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1) or self.alpha + self.beta >= 1:
            raise ValueError("alpha and beta must be between 0 and 1, and their sum less than 1")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this: ln(beta / (1 - alpha))."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this: ln((1 - beta) / alpha)."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, outcomes: Outcomes) -> float:
        """The log-likelihood ratio of the results."""
        counts = [c if c > 0 else 1e-3 for c in outcomes.counts]
        total = sum(counts)
        seen = [c / total for c in counts]
        scores = outcomes.scores
        if self.model == "normalized":
            root_g = math.sqrt(outcomes.games_per_unit)
            p0 = _mle_normalized(scores, seen, root_g * self.elo0 / NELO_SCALE)
            p1 = _mle_normalized(scores, seen, root_g * self.elo1 / NELO_SCALE)
        else:
            p0 = _mle_expected(scores, seen, _logistic(self.elo0))
            p1 = _mle_expected(scores, seen, _logistic(self.elo1))
        return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(seen, p0, p1, strict=True))

    def decision(self, llr: float) -> Literal["H0", "H1"] | None:
        """``H1`` at or above the upper bound, ``H0`` at or below the lower one, else None (play on)."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


def _logistic(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def _falling_root(f: Callable[[float], float], low: float, high: float) -> float:
    """The root of ``f``, decreasing from +inf at ``low`` to -inf at ``high`` (both open), by bisection."""
    for _ in range(200):
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if f(mid) > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _tilt(seen: Sequence[float], phi: Sequence[float]) -> list[float]:
    """The distribution p̂ᵢ/(1 + θ·φᵢ) closest to ``seen`` with Σ pᵢφᵢ = 0 (θ solves Σ p̂ᵢφᵢ/(1 + θφᵢ) = 0)."""
    u, v = min(phi), max(phi)
    if u >= 0 or v <= 0:  # no distribution over these outcomes meets the constraint: keep the closest
        return list(seen)

    def slope(theta: float) -> float:
        return sum(p * x / (1 + theta * x) for p, x in zip(seen, phi, strict=True))

    theta = _falling_root(slope, -1 / v, -1 / u)
    return [p / (1 + theta * x) for p, x in zip(seen, phi, strict=True)]


def _mle_expected(scores: Sequence[float], seen: Sequence[float], s: float) -> list[float]:
    """The most likely distribution with expected score ``s``."""
    return _tilt(seen, [a - s for a in scores])


def _mle_normalized(scores: Sequence[float], seen: Sequence[float], t: float) -> list[float]:
    """The most likely distribution with (mean - 1/2)/σ = ``t``, by Van den Bergh's fixed point."""
    p = [1 / len(scores)] * len(scores)
    for _ in range(100):
        mu = sum(a * q for a, q in zip(scores, p, strict=True))
        sigma = math.sqrt(sum(q * (a - mu) ** 2 for a, q in zip(scores, p, strict=True)))
        phi = [a - 0.5 - 0.5 * t * sigma * (1 + ((a - mu) / sigma) ** 2) for a in scores]
        new = _tilt(seen, phi)
        done = max(abs(x - y) for x, y in zip(new, p, strict=True)) < 1e-12
        p = new
        if done:
            break
    return p


# -- more than two bots ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Meeting:
    """Games between two bots: ``score`` is what ``a`` took of them (a win 1, a draw 1/2)."""

    a: str
    b: str
    score: float
    games: int


@dataclass(frozen=True, slots=True)
class CrossTable:
    """Who scored what against whom: ``cells[(a, b)]`` is (a's points, games) against b."""

    players: tuple[str, ...]
    cells: dict[tuple[str, str], tuple[float, int]]

    def points(self, player: str) -> float:
        return sum(p for (a, _), (p, _) in self.cells.items() if a == player)

    def games(self, player: str) -> int:
        return sum(g for (a, _), (_, g) in self.cells.items() if a == player)


def cross_table(meetings: Iterable[Meeting]) -> CrossTable:
    """Meetings added up by pairing, both ways; players in the order they first appear.

    >>> t = cross_table([Meeting("ann", "bob", 1.5, 2), Meeting("bob", "ann", 2, 2)])
    >>> t.players, t.cells[("ann", "bob")], t.cells[("bob", "ann")]
    (('ann', 'bob'), (1.5, 4), (2.5, 4))
    """
    players: dict[str, None] = {}
    cells: dict[tuple[str, str], tuple[float, int]] = {}
    for m in meetings:
        if m.a == m.b:
            raise ValueError(f"{m.a} cannot meet itself")
        players.setdefault(m.a)
        players.setdefault(m.b)
        for x, y, points in ((m.a, m.b, m.score), (m.b, m.a, m.games - m.score)):
            p, g = cells.get((x, y), (0.0, 0))
            cells[(x, y)] = (p + points, g + m.games)
    return CrossTable(tuple(players), cells)


def bradley_terry(table: CrossTable, *, prior: float = 1.0, anchor: str | None = None) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale, by Hunter's MM iterations (D. R. Hunter, "MM algorithms
    for generalized Bradley-Terry models", Ann. Statist. 32(1), 2004, eq. 3): γᵢ ← Wᵢ / Σⱼ Nᵢⱼ/(γᵢ + γⱼ).

    ``prior`` adds that many drawn games to each pairing that met (as BayesElo's virtual draws), so a
    bot that won or lost everything still has a finite rating. The ratings average 0, or ``anchor``'s
    is 0.

    >>> t = cross_table([Meeting("ann", "bob", 30, 40)])
    >>> {k: round(v, 2) for k, v in bradley_terry(t, prior=0, anchor="bob").items()}
    {'ann': 190.85, 'bob': 0.0}
    """
    players = table.players
    wins = {p: 0.0 for p in players}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (points, n) in table.cells.items():
        wins[a] += points + prior / 2
        games[(a, b)] = n + prior
    opponents = {p: [(b, n) for (a, b), n in games.items() if a == p] for p in players}
    gamma = {p: 1.0 for p in players}
    for _ in range(10_000):
        new = {}
        for p in players:
            denominator = sum(n / (gamma[p] + gamma[q]) for q, n in opponents[p])
            new[p] = wins[p] / denominator if denominator else gamma[p]
        scale = math.exp(sum(math.log(g) for g in new.values() if g > 0) / len(players))
        new = {p: g / scale for p, g in new.items()}
        moved = max(abs(math.log(new[p] / gamma[p])) if new[p] > 0 and gamma[p] > 0 else math.inf for p in players)
        gamma = new
        if moved < 1e-12:
            break
    ratings = {p: 400 * math.log10(g) if g > 0 else -math.inf for p, g in gamma.items()}
    base = ratings[anchor] if anchor is not None else sum(ratings.values()) / len(ratings)
    return {p: r - base for p, r in ratings.items()}


def bootstrap_ratings(
    units: Sequence[Meeting], *, seed: int, resamples: int = 1000, prior: float = 1.0, anchor: str | None = None
) -> dict[str, tuple[float, float]]:
    """95% intervals of the Bradley-Terry ratings: the units (pairs) of each pairing are drawn again
    with replacement ``resamples`` times (a stratified bootstrap, seeded so a match reports the same
    intervals every time), and the 2.5th and 97.5th percentiles of each bot's rating are taken."""
    rng = random.Random(seed)
    by_pairing: dict[tuple[str, str], list[Meeting]] = {}
    for m in units:
        by_pairing.setdefault((m.a, m.b), []).append(m)
    draws: dict[str, list[float]] = {}
    for _ in range(resamples):
        sample = []
        for (a, b), group in by_pairing.items():
            drawn = rng.choices(group, k=len(group))
            sample.append(Meeting(a, b, sum(m.score for m in drawn), sum(m.games for m in drawn)))
        for p, r in bradley_terry(cross_table(sample), prior=prior, anchor=anchor).items():
            draws.setdefault(p, []).append(r)
    return {p: (_percentile(rs, 2.5), _percentile(rs, 97.5)) for p, rs in draws.items()}


def _percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile by linear interpolation between the closest ranks."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    low = math.floor(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)
