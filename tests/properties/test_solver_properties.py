"""The solver against the exhaustive oracle on endings Hypothesis chooses.

Each example is a game and contract, a seed for the deal and the random play
before the ending, and how many tricks are left.  The quick properties run by
default; the ``slow`` ones (``pytest -m slow``) run the same checks on many more
and longer endings.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.solver import claim_holds, solve
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
