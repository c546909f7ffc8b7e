"""A match is fair and its statistics say what the games say: the sensible player against
itself scores about one half, with an interval that holds it; against the random player,
the SPRT decides for the sensible one within a few dozen pairs. The bots are the shipped
players in this process (``runner.Entrant(shipped=...)``), so no process is started; the
longer runs are marked slow."""

from __future__ import annotations

import pytest

from referee.engine.games import make_rules
from referee.match.results import Tally
from referee.match.runner import Entrant, Plan, UnitPlayed, run
from referee.match.schedule import Unit
from referee.match.stats import Sprt, estimate

pytestmark = pytest.mark.deadline(300)
"""Every test here drives games (or bot processes); none takes near this."""

RULES = make_rules("42")


def played(first: str, second: str, pairs: int, sprt: Sprt | None = None, seed: int = 11) -> tuple[Tally, str]:
    names = ["x", "y"]
    plan = Plan(
        game="42",
        options=(),
        profile=None,
        entrants=(Entrant("x", shipped=first), Entrant("y", shipped=second)),
        bots=("x", "y"),
        pairs=pairs,
        seed=seed,
    )
    tally = Tally(names, RULES.game, sprt)

    def unit_done(unit: Unit, played: UnitPlayed) -> bool:
        tally.add(played.lines)
        return tally.decision() is None

    return tally, run(plan, 0, unit_done)


def _about_half(pairs: int) -> None:
    tally, stopped = played("sensible", "sensible", pairs)
    r = tally.pairing("x", "y")
    assert stopped == "completed" and r.units == pairs and r.games == 2 * pairs
    e = estimate(tally.outcomes("x", "y"))
    assert 0.25 <= e.score <= 0.75 and e.score_low <= 0.5 <= e.score_high, e
    assert r.elo is not None and r.elo_error is not None and abs(r.elo) <= r.elo_error, (r.elo, r.elo_error)
    assert r.per_deal is not None and r.per_deal_error is not None and abs(r.per_deal) <= r.per_deal_error


def test_the_sensible_player_against_itself_scores_about_one_half() -> None:
    _about_half(6)


@pytest.mark.slow
def test_the_sensible_player_against_itself_over_many_pairs() -> None:
    _about_half(60)


def test_the_sprt_decides_for_the_sensible_player_against_the_random_one() -> None:
    tally, stopped = played("sensible", "random", 36, Sprt(elo0=0, elo1=100))
    r = tally.pairing("x", "y")
    assert (stopped, tally.decision()) == ("sprt", "H1")
    assert r.units < 36 and r.score > 0.75 and r.los > 0.99


@pytest.mark.slow
def test_the_sprt_at_a_finer_margin_still_decides_within_a_few_dozen_pairs() -> None:
    tally, stopped = played("sensible", "random", 60, Sprt(elo0=0, elo1=25), seed=3)
    assert (stopped, tally.decision()) == ("sprt", "H1")
    assert tally.pairing("x", "y").units <= 48
