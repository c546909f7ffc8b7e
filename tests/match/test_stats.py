"""The match statistics against values worked out by hand from the published formulas, and
against the test vectors fastchess publishes for its own implementation.

Sources: fastchess ``app/src/matchmaking/elo/elo_pentanomial.cpp``, ``elo_wdl.cpp`` and
``sprt/sprt.cpp`` (the formulas) and ``app/tests/elo_test.cpp``, ``sprt_test.cpp`` (its
vectors, checked there to 1%); A. Wald, *Sequential Analysis* (1947) for the two-outcome
likelihood ratio; D. R. Hunter, "MM algorithms for generalized Bradley-Terry models",
Ann. Statist. 32(1), 2004, for the ratings.
"""

from __future__ import annotations

import math

import pytest

from referee.match.stats import (
    Meeting,
    Outcomes,
    Sprt,
    bootstrap_ratings,
    bradley_terry,
    cross_table,
    elo_of,
    estimate,
)

APPROX = 1e-6


def test_pairs_elo_nelo_and_los_by_hand() -> None:
    """250 duplicate pairs: lost both 28, split 181, won both 41.

    s = (41 + 181/2) / 250 = 0.526;  E[x²] = (41 + 181/4) / 250 = 0.345;  v = 0.345 - 0.526² = 0.068324
    √(v/N) = √(0.068324/250) = 0.0165317;  95% half-width 1.959964 × 0.0165317 = 0.0324015
    Elo(s) = 400·log10(s/(1-s)) = 400·log10(0.526/0.474) = 18.083
    Elo(0.4935985) = -4.448, Elo(0.5584015) = 40.768: error (40.768 + 4.448)/2 = 22.608
    nElo = (s - 1/2)/√(2v) · 800/ln 10 = 0.026/0.369659 × 347.4356 = 24.437;  error 0.0324015/0.369659 × 347.4356 = 30.454
    LOS = (1 + erf(0.026/√(2 × 0.068324/250))) / 2 = (1 + erf(1.112095)) / 2 = (1 + 0.884221)/2 = 0.942110
    """
    e = estimate(Outcomes.pairs(ll=28, wl=181, ww=41))
    assert e.units == 250
    assert e.score == pytest.approx(0.526, abs=APPROX)
    assert (e.score_low, e.score_high) == pytest.approx((0.4935985, 0.5584015), abs=1e-6)
    assert e.elo == pytest.approx(18.083, abs=1e-3)
    assert e.elo_error == pytest.approx(22.608, abs=1e-3)
    assert e.nelo == pytest.approx(24.437, abs=1e-3)
    assert e.nelo_error == pytest.approx(30.454, abs=1e-3)
    assert e.los == pytest.approx(0.942110, abs=1e-6)


@pytest.mark.parametrize(
    ("wins", "losses", "draws", "nelo", "nelo_error", "elo", "elo_error", "los", "score"),
    [
        (76, 89, 123, -20.76, 40.13, None, None, 0.1553, 0.477),  # EloWDL 1
        (136, 96, 111, 49.77, 36.77, 40.70, 30.43, 0.9960, 0.558),  # EloWDL 2
        (34, 356, 0, -508.44, 34.48, None, None, None, 0.087),  # EloWDL 3
    ],
)
def test_games_match_fastchess_vectors(
    wins: int,
    losses: int,
    draws: int,
    nelo: float,
    nelo_error: float,
    elo: float | None,
    elo_error: float | None,
    los: float | None,
    score: float,
) -> None:
    """fastchess's ``elo_test.cpp`` (its ``Stats(wins, losses, draws)``), to its 1%."""
    e = estimate(Outcomes.games(wins=wins, losses=losses, draws=draws))
    assert e.nelo == pytest.approx(nelo, rel=0.01) and e.nelo_error == pytest.approx(nelo_error, rel=0.01)
    assert e.score == pytest.approx(score, rel=0.01)
    if elo is not None:
        assert e.elo == pytest.approx(elo, rel=0.01) and e.elo_error == pytest.approx(elo_error, rel=0.01)
    if los is not None:
        assert e.los == pytest.approx(los, abs=1e-4)


def test_pentanomial_matches_fastchess_vector() -> None:
    """``elo_test.cpp`` "EloPentanomial 1": LL 34, LD 54, WL 31, DD 32, WD 64, WW 75."""
    e = estimate(Outcomes.pentanomial(ll=34, ld=54, wl_dd=31 + 32, wd=64, ww=75))
    assert (e.nelo, e.nelo_error, e.elo, e.elo_error, e.score) == pytest.approx((57.94, 28.28, 55.58, 27.65, 0.579), rel=0.01)


def test_one_game_pair_counts_as_much_as_two_independent_games() -> None:
    """Pairs that all split carry no variance: every figure is exactly even."""
    e = estimate(Outcomes.pairs(ll=0, wl=10, ww=0))
    assert (e.score, e.elo, e.elo_error, e.nelo, e.nelo_error, e.los) == (0.5, 0.0, 0.0, 0.0, 0.0, 0.5)


def test_a_clean_sweep_is_infinite_not_an_error() -> None:
    e = estimate(Outcomes.pairs(ll=0, wl=0, ww=12))
    assert e.elo == math.inf and e.nelo == math.inf and e.los == 1.0 and e.score_high == 1.0
    assert elo_of(0.0) == -math.inf


def test_no_results_is_refused() -> None:
    with pytest.raises(ValueError, match="no results"):
        estimate(Outcomes.pairs(0, 0, 0))


# -- SPRT --------------------------------------------------------------------------------------------


def test_the_bounds_by_hand() -> None:
    """α = β = 0.05: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439; α = 0.05, β = 0.1: ln(0.1/0.95) = -2.251292."""
    assert (Sprt(0, 5).lower, Sprt(0, 5).upper) == pytest.approx((-2.944439, 2.944439), abs=1e-6)
    assert Sprt(0, 5, beta=0.1).lower == pytest.approx(-2.251292, abs=1e-6)


def test_two_outcomes_give_wald_by_hand() -> None:
    """60 wins, 40 losses, no draw possible: the only distribution over {0, 1} with mean s is (1-s, s),
    so the GLR is Wald's ratio W·ln(s₁/s₀) + L·ln((1-s₁)/(1-s₀)).

    logistic, elo0 0, elo1 20: s₀ = 1/2, s₁ = 1/(1 + 10^(-20/400)) = 0.5287506
      LLR = 60·ln(1.0575011) + 40·ln(0.9424989) = 3.354668 - 2.368968 = 0.985700
    normalized: the mean p with (p - 1/2)/√(p(1-p)) = t is p = 1/2 + t/(2√(1+t²)); t₁ = 20/347.4356 = 0.0575646,
      p₁ = 0.5287347, LLR = 60·ln(1.0574695) + 40·ln(0.9425305) = 0.985247
    """
    games = Outcomes((0.0, 1.0), (40, 60), 1)
    assert Sprt(0, 20, model="logistic").llr(games) == pytest.approx(0.985700, abs=1e-6)
    assert Sprt(0, 20).llr(games) == pytest.approx(0.985247, abs=1e-6)


def test_pairs_llr_near_the_normal_approximation() -> None:
    """The pairs above (28, 181, 41), elo0 0, elo1 10, normalized.

    Van den Bergh's normal approximation of the GLR (``GSPRT_approximation.pdf``):
    LLR ≈ N·(t₁ - t₀)·(2t̂ - t₀ - t₁)/2, with t₁ = √2·10/347.4356 = 0.0407043, t̂ = 0.026/√0.068324 = 0.0994688:
    250 × 0.0407043 × (0.1989376 - 0.0407043)/2 = 0.805097. The exact GLR is a little below it (0.8015).
    """
    llr = Sprt(0, 10).llr(Outcomes.pairs(ll=28, wl=181, ww=41))
    assert llr == pytest.approx(0.805097, abs=0.01)
    assert llr < 0.805097
    assert Sprt(0, 10).decision(llr) is None


@pytest.mark.parametrize(
    ("outcomes", "elo0", "elo1", "model", "llr"),
    [
        (Outcomes.games(wins=36433, losses=36027, draws=68692), 0, 2, "normalized", 0.92),
        (Outcomes.games(wins=10871, losses=10650, draws=20431), -1.75, 0.25, "normalized", 2.30),
        (Outcomes.games(wins=4250, losses=0, draws=0), 0, 10, "normalized", 120.56),
        (Outcomes.games(wins=21404, losses=21184, draws=40708), 0.5, 2.5, "logistic", -1.57),
        (Outcomes.games(wins=57433, losses=57030, draws=106593), 0, 2, "logistic", -2.59),
        (Outcomes.pentanomial(365, 16618, 36029 + 200, 16974, 390), 0, 2, "normalized", 2.25),
        (Outcomes.pentanomial(127, 4883, 10311 + 401, 5150, 104), -1.75, 0.25, "normalized", 3.01),
        (Outcomes.pentanomial(0, 0, 0, 0, 5550), 0, 5, "normalized", 111.82),
        (Outcomes.pentanomial(223, 9863, 20279 + 1000, 10037, 246), 0.5, 2.5, "logistic", -3.07),
        (Outcomes.pentanomial(871, 26175, 55003 + 980, 26678, 821), 0, 2, "logistic", -4.98),
    ],
)
def test_llr_matches_fastchess_vectors(outcomes: Outcomes, elo0: float, elo1: float, model: str, llr: float) -> None:
    """Every vector of fastchess's ``sprt_test.cpp`` but the Bayesian ones, to its 1%."""
    assert Sprt(elo0, elo1, model=model).llr(outcomes) == pytest.approx(llr, rel=0.01)  # type: ignore[arg-type]


def test_the_decision_follows_the_bounds() -> None:
    test = Sprt(0, 10)
    assert test.decision(2.95) == "H1" and test.decision(-2.95) == "H0" and test.decision(0.0) is None
    strong = test.llr(Outcomes.pairs(ll=10, wl=80, ww=110))
    assert test.decision(strong) == "H1"
    even = Sprt(0, 30).llr(Outcomes.pairs(ll=60, wl=380, ww=60))
    assert Sprt(0, 30).decision(even) == "H0"


@pytest.mark.parametrize(("elo0", "elo1", "alpha", "beta"), [(5, 5, 0.05, 0.05), (0, 5, 0, 0.05), (0, 5, 0.6, 0.5)])
def test_a_senseless_test_is_refused(elo0: float, elo1: float, alpha: float, beta: float) -> None:
    with pytest.raises(ValueError):
        Sprt(elo0, elo1, alpha, beta)


# -- more than two bots -----------------------------------------------------------------------------------


def test_the_cross_table_adds_up_both_ways() -> None:
    table = cross_table([Meeting("a", "b", 2, 2), Meeting("a", "c", 0.5, 2), Meeting("b", "a", 1, 2)])
    assert table.players == ("a", "b", "c")
    assert table.cells[("a", "b")] == (3.0, 4) and table.cells[("b", "a")] == (1.0, 4)
    assert table.cells[("c", "a")] == (1.5, 2)
    assert table.points("a") == 3.5 and table.games("a") == 6
    with pytest.raises(ValueError):
        cross_table([Meeting("a", "a", 1, 2)])


def test_two_bots_rate_as_their_odds_by_hand() -> None:
    """With two players the MM fixed point is γ_a/γ_b = W_a/W_b: a took 30 of 40.

    no prior: 400·log10(30/10) = 190.849;  one virtual draw (half a point each): 400·log10(30.5/10.5) = 400 × 0.463110 = 185.244
    """
    table = cross_table([Meeting("a", "b", 30, 40)])
    assert bradley_terry(table, prior=0, anchor="b")["a"] == pytest.approx(190.849, abs=1e-3)
    assert bradley_terry(table, anchor="b")["a"] == pytest.approx(185.244, abs=1e-3)


def test_three_bots_recover_the_strengths_that_made_the_results() -> None:
    """Results drawn exactly from strengths γ = (4, 2, 1): a beat b 20 of 30 (4/6), a beat c 20 of 25
    (4/5), b beat c 20 of 30 (2/3). They meet Hunter's likelihood equations Wᵢ = Σⱼ Nᵢⱼ·γᵢ/(γᵢ+γⱼ)
    (a: 20 + 20 = 40, b: 10 + 20 = 30, c: 5 + 10 = 15), so the ratings are 400·log10 γ less their
    mean: 400·log10 4 = 240.824, 400·log10 2 = 120.412, 0; mean 120.412 -> 120.412, 0, -120.412.
    """
    table = cross_table([Meeting("a", "b", 20, 30), Meeting("a", "c", 20, 25), Meeting("b", "c", 20, 30)])
    ratings = bradley_terry(table, prior=0)
    assert ratings == pytest.approx({"a": 120.412, "b": 0.0, "c": -120.412}, abs=1e-3)


def test_a_clean_sweep_still_has_a_finite_rating() -> None:
    table = cross_table([Meeting("a", "b", 10, 10), Meeting("b", "c", 5, 10), Meeting("a", "c", 10, 10)])
    ratings = bradley_terry(table)
    assert all(math.isfinite(r) for r in ratings.values())
    assert ratings["a"] > ratings["b"] and ratings["b"] == pytest.approx(ratings["c"])  # b and c are alike


def _pairs() -> list[Meeting]:
    """A round robin of three bots, 40 pairs each: a beats b 60%, b beats c 60%, a beats c 70%."""
    units = []
    for a, b, shares in (("a", "b", (4, 24, 12)), ("b", "c", (4, 24, 12)), ("a", "c", (4, 16, 20))):
        ll, wl, ww = shares
        units += [Meeting(a, b, 0, 2)] * ll + [Meeting(a, b, 1, 2)] * wl + [Meeting(a, b, 2, 2)] * ww
    return units


def test_bootstrap_intervals_hold_the_estimate_and_repeat_with_the_seed() -> None:
    units = _pairs()
    point = bradley_terry(cross_table(units))
    intervals = bootstrap_ratings(units, seed=1, resamples=200)
    assert intervals == bootstrap_ratings(units, seed=1, resamples=200)
    assert intervals != bootstrap_ratings(units, seed=2, resamples=200)
    for player, (low, high) in intervals.items():
        assert low < point[player] < high
    assert intervals["a"][0] > intervals["c"][1]  # a is clearly above c


def test_more_pairs_narrow_the_intervals() -> None:
    few = bootstrap_ratings(_pairs(), seed=1, resamples=200)
    many = bootstrap_ratings(_pairs() * 4, seed=1, resamples=200)
    assert all(many[p][1] - many[p][0] < few[p][1] - few[p][0] for p in few)
