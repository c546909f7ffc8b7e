"""The solver against the exhaustive oracle on endings Hypothesis chooses.

Each example is a game and contract, a seed for the deal and the random play
before the ending, and how many tricks are left; or an ending dealt at random
outright (``dealt_endings``), which reaches what play to an ending seldom
does and the solver's shortcuts must still get right: suits no tile left can
lead (their tiles then stand for each other), both copies of a Texas 88 tile in
one trick or one hand, a side that takes every trick (asked of the search on
tricks), a trick no one still to play can take.  The quick properties run by
default; the ``slow`` ones (``pytest -m slow``) run the same checks on many more
and longer endings.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.declarations import table_for
from referee.engine.games import make_rules
from referee.engine.solver import Position, claim_holds, solve, start_position
from referee.engine.tiles import Tile
from referee.engine.turns import seat_order
from tests.engine.test_solver import CONTRACTS, claim_oracle, ending, oracle

QUICK = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

contracts = st.sampled_from(range(len(CONTRACTS)))
seeds = st.integers(0, 2**32 - 1)


def agrees(index: int, seed: int, tricks: int) -> None:
    game, declaration, options = CONTRACTS[index]
    pos = ending(game, declaration, options, random.Random(seed), min(tricks, 2) if game == "88" else tricks)
    value, per_tile = oracle(pos)
    got = solve(pos, moves=True)
    assert got.solved and got.value == value and dict(got.moves) == per_tile
    assert got.best is not None and per_tile[got.best] == value
    plain = solve(pos, equivalence=False)
    assert plain.value == value


@st.composite
def dealt_endings(draw: st.DrawFn, longest: dict[str, int]) -> Position:
    """A position of ``tricks`` tricks left (at most ``longest[game]``) dealt from the
    game's set at random, any seat leading, a trick perhaps under way (its tiles need
    not follow suit: the solver takes the trick as given)."""
    game, declaration, options = CONTRACTS[draw(contracts)]
    rng = random.Random(draw(seeds))
    g = make_rules(game, options).game
    declarer = rng.randrange(g.players)
    base = start_position(g, table_for(declaration), [[] for _ in range(g.players)], declarer)
    active = [s for s in range(g.players) if s not in base.out]
    order = seat_order(g.players, base.out)
    tricks = draw(st.integers(1, longest[game]))
    done = draw(st.integers(0, len(active) - 1))
    tiles = rng.sample(list(g.tiles), len(active) * tricks)
    leader = rng.choice(active)
    trick: list[tuple[int, Tile]] = []
    seat = leader
    for _ in range(done):
        trick.append((seat, tiles.pop()))
        seat = order[seat]
    hands: list[list[Tile]] = [[] for _ in range(g.players)]
    for s in active:
        for _ in range(tricks - (1 if any(s == t for t, _ in trick) else 0)):
            hands[s].append(tiles.pop())
    return dataclasses.replace(base, hands=tuple(tuple(h) for h in hands), turn=seat, trick=tuple(trick))


def agrees_dealt(pos: Position) -> None:
    value, per_tile = oracle(pos)
    got = solve(pos, moves=True, line=True)
    assert got.solved and got.value == value and dict(got.moves) == per_tile
    assert got.best is not None and per_tile[got.best] == value
    assert solve(pos, equivalence=False).value == value
    assert claim_holds(pos) is claim_oracle(pos)


@QUICK
@given(dealt_endings({"42": 3, "moon": 3, "88": 2}))
def test_solver_matches_the_oracle_on_dealt_endings(pos: Position) -> None:
    agrees_dealt(pos)


@pytest.mark.slow
@SLOW
@given(dealt_endings({"42": 4, "moon": 4, "88": 3}))
def test_solver_matches_the_oracle_on_longer_dealt_endings(pos: Position) -> None:
    agrees_dealt(pos)


@QUICK
@given(contracts, seeds, st.integers(2, 3))
def test_solver_matches_the_oracle(index: int, seed: int, tricks: int) -> None:
    agrees(index, seed, tricks)


@pytest.mark.slow
@SLOW
@given(contracts, seeds, st.integers(2, 4))
def test_solver_matches_the_oracle_on_longer_endings(index: int, seed: int, tricks: int) -> None:
    agrees(index, seed, tricks)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([i for i, c in enumerate(CONTRACTS) if c[0] == "88"]), seeds)
def test_solver_matches_the_oracle_on_88_three_trick_endings(index: int, seed: int) -> None:
    game, declaration, options = CONTRACTS[index]
    pos = ending(game, declaration, options, random.Random(seed), 3)
    value, per_tile = oracle(pos)
    got = solve(pos, moves=True)
    assert got.value == value and dict(got.moves) == per_tile


@QUICK
@given(contracts, seeds, st.integers(1, 3))
def test_claims_match_the_oracle(index: int, seed: int, tricks: int) -> None:
    game, declaration, options = CONTRACTS[index]
    pos = ending(game, declaration, options, random.Random(seed), min(tricks, 2) if game == "88" else tricks)
    assert claim_holds(pos) is claim_oracle(pos)
