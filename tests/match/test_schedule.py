"""The games of a match: who meets whom, who sits where, which deals (``match.schedule``)."""

from __future__ import annotations

import pytest

from referee.engine.games import make_rules
from referee.match.schedule import schedule

pytestmark = pytest.mark.deadline(60)
"""Every test here drives games (or bot processes); none takes near this."""

GAME42 = make_rules("42").game
MOON = make_rules("moon").game


def test_duplicate_pairs_swap_the_sides_on_the_same_deals() -> None:
    units = schedule(GAME42, ["a", "b"], pairs=3, seed=1)
    assert [len(u.games) for u in units] == [2, 2, 2]
    for u in units:
        first, second = u.games
        assert first.names == ("a", "b", "a", "b") and second.names == ("b", "a", "b", "a")
        assert first.first_dealer == second.first_dealer
        assert all(first.deal(k) == second.deal(k) for k in (1, 2, 9))
    assert units[0].games[0].deal(1) != units[1].games[0].deal(1)
    assert [g.number for u in units for g in u.games] == [1, 2, 3, 4, 5, 6]
    assert len({g.seed for u in units for g in u.games}) == 6  # each game's bots are seeded on their own


def test_a_units_deals_depend_on_the_seed_and_its_number_alone() -> None:
    short = schedule(GAME42, ["a", "b"], pairs=2, seed=5)
    longer = schedule(GAME42, ["a", "b"], pairs=8, seed=5)
    assert [g.deal(3) for g in short[1].games] == [g.deal(3) for g in longer[1].games]
    assert schedule(GAME42, ["a", "b"], pairs=1, seed=6)[0].games[0].deal(1) != short[0].games[0].deal(1)


def test_round_robin_and_gauntlet_play_each_round_on_the_same_deals() -> None:
    robin = schedule(GAME42, ["a", "b", "c"], pairs=2, seed=1)
    assert [(u.pair, u.a, u.b) for u in robin] == [(1, "a", "b"), (1, "a", "c"), (1, "b", "c"), (2, "a", "b"), (2, "a", "c"), (2, "b", "c")]
    assert robin[0].games[0].deal(1) == robin[2].games[0].deal(1) != robin[3].games[0].deal(1)
    gauntlet = schedule(GAME42, ["a", "b", "c"], pairs=1, seed=1, tournament="gauntlet")
    assert [(u.a, u.b) for u in gauntlet] == [("a", "b"), ("a", "c")]


def test_moon_rotates_three_seatings_with_the_filler() -> None:
    (unit,) = schedule(MOON, ["a", "b"], pairs=1, seed=1, filler="f")
    assert [g.names for g in unit.games] == [("a", "b", "f"), ("f", "a", "b"), ("b", "f", "a")]
    assert [g.round for g in unit.games] == ["1.1", "1.2", "1.3"]


def test_independent_deals_are_a_game_a_unit_the_seating_alternating() -> None:
    units = schedule(GAME42, ["a", "b"], pairs=4, seed=1, deals="independent")
    assert [len(u.games) for u in units] == [1, 1, 1, 1]
    assert [u.games[0].names[0] for u in units] == ["a", "b", "a", "b"]
    assert len({u.games[0].deal(1)[0][0][0] for u in units} | {0}) >= 2  # dealt apart
