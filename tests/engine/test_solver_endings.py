"""The first trick of a Texas 88 ending of three tricks, played by ``solver_endings``' own
loop, against the plain minimax of ``test_solver`` and against the search without it.

A three-trick ending is reached from a lead by the search (``solver_search.THREE_AT``):
the oracle holds the positions it can reach (a lead with three tricks left), and on
endings of four and five tricks, beyond the oracle, every answer is held to the search
that plays those first tricks node by node (``THREE_AT`` -1), through many windows.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from referee.engine import solver_search
from referee.engine.claims import position_of
from referee.engine.games import GAMES
from referee.engine.solver import Position, claim_holds, solve
from referee.engine.solver_mtd import exact
from referee.engine.solver_setup import Setup
from tests.engine.test_solver import CONTRACTS, check, claim_oracle, hand_in_play

CONTRACTS_88 = [(d, o) for g, d, o in CONTRACTS if g == "88"]


def lead_with(tricks_left: int, rng: random.Random, i: int, into: int = 0) -> Position:
    """A Texas 88 lead with ``tricks_left`` tricks left, by random legal play (and ``into``
    plays of its trick)."""
    declaration, options = CONTRACTS_88[i % len(CONTRACTS_88)]
    hand = hand_in_play("88", declaration, options, rng)
    while len(hand.tricks) < GAMES["88"].hand_size - tricks_left or len(hand.trick) < into:
        hand.play(rng.choice(hand.legal_plays()))
    return position_of(hand.view())


def test_three_trick_leads_match_the_oracle() -> None:
    rng = random.Random(3)
    for i in range(21):
        pos = lead_with(3, rng, i)
        assert not pos.trick and len(pos.hands[pos.turn]) == 3
        check(pos)
        assert claim_holds(pos) is claim_oracle(pos)


def _solved(pos: Position, monkeypatch: pytest.MonkeyPatch, at: int) -> tuple[object, ...]:
    monkeypatch.setattr(solver_search, "THREE_AT", at)
    got = solve(pos, moves=True, budget=10**8)
    assert got.solved
    setup = Setup(pos, 10**8)
    setup.begin()
    low_first = exact(partial(setup.points().value, setup.root), setup.root.rem, 1)  # through many windows
    return got.value, dict(got.moves), low_first, claim_holds(pos, budget=10**8), got.nodes


@pytest.mark.parametrize("seed", range(2))
def test_three_trick_first_tricks_change_no_answer(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Endings of three, four and five tricks, some within a trick: the value, the value after
    each legal tile, the value found from a low first guess and "every trick?" are those of
    the search without the ending's loop."""
    rng = random.Random(380 + seed)
    differ = 0
    for i in range(9):
        pos = lead_with(3 + i % 3, rng, i, into=rng.randrange(6) if i % 2 else 0)
        plain = _solved(pos, monkeypatch, -1)
        loop = _solved(pos, monkeypatch, 3)
        assert loop[:4] == plain[:4], i
        differ += loop[4] != plain[4]
    assert differ  # the loop was taken: the test tests something
