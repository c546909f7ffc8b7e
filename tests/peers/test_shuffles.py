"""The seeded deals of mk5 and LukeConran, against deals their own code made.

The vectors were computed by running each program's shuffle on the seeds below
(mk5: ``src/game/core/random.ts`` and ``dealDominoesWithSeed`` in
``src/game/core/dominoes.ts`` at e39e536; LukeConran: ``nextRng``, ``createMatch`` and
``dealHand`` in ``src/engine/game.ts`` at 82c5f55).  The large mk5 seeds are the case
where JavaScript's doubles round ``16807 * seed`` before the remainder: a port in
Python's exact integers deals other tiles for them.
"""

from __future__ import annotations

import pytest

from referee.interchange.peers.shuffles import luke_deal, luke_shaker, mk5_deal

MK5 = {
    1: ["2-0 6-4 6-3 4-4 5-4 1-1 4-0", "3-1 4-1 6-5 4-2 5-2 3-3 5-3", "6-6 5-5 2-1 6-0 6-2 2-2 3-2", "1-0 5-0 6-1 5-1 4-3 3-0 0-0"],
    12345: ["4-3 4-1 3-1 6-3 1-1 6-2 2-1", "6-0 5-3 6-6 5-4 4-2 6-5 2-2", "5-1 4-0 3-0 5-0 3-2 3-3 6-1", "5-2 1-0 5-5 0-0 6-4 4-4 2-0"],
    1001: ["5-2 5-0 4-4 6-6 1-0 6-0 3-0", "6-5 2-1 4-1 2-2 3-2 6-3 5-4", "5-5 6-1 6-2 4-2 5-3 4-3 5-1", "6-4 4-0 1-1 2-0 3-1 3-3 0-0"],
    2147483647: [
        "1-0 2-0 3-0 4-0 5-0 6-0 1-1",
        "2-1 3-1 4-1 5-1 6-1 2-2 3-2",
        "4-2 5-2 6-2 3-3 4-3 5-3 6-3",
        "4-4 5-4 6-4 5-5 6-5 6-6 0-0",
    ],
    2147483648: [
        "2-0 6-4 6-3 4-4 5-4 1-1 4-0",
        "3-1 4-1 6-5 4-2 5-2 3-3 5-3",
        "6-6 5-5 2-1 6-0 6-2 2-2 3-2",
        "1-0 5-0 6-1 5-1 4-3 3-0 0-0",
    ],
    1733000000123: [
        "5-4 1-0 4-2 5-1 0-0 2-2 3-3",
        "6-6 5-2 3-0 6-2 4-1 6-1 3-1",
        "6-5 6-0 4-0 2-0 4-3 3-2 6-3",
        "5-0 4-4 2-1 6-4 5-3 1-1 5-5",
    ],
    9007199254740000: [
        "6-4 4-3 1-0 3-3 2-1 5-1 6-6",
        "5-2 6-5 4-0 3-2 1-1 6-3 2-0",
        "0-0 5-0 6-2 5-4 3-0 4-2 5-3",
        "3-1 6-1 2-2 4-1 6-0 5-5 4-4",
    ],
}
LUKE = {
    1: (2, ["3-3 2-2 4-3 6-0 1-1 3-2 6-3", "4-0 5-2 3-1 5-1 5-3 5-0 6-4", "4-2 4-1 2-1 2-0 5-5 6-5 4-4", "6-1 1-0 6-6 6-2 5-4 3-0 0-0"]),
    73000: (
        2,
        ["6-6 5-5 2-2 6-4 4-3 3-3 6-5", "4-1 2-0 5-4 2-1 1-0 6-0 4-2", "3-1 5-1 0-0 6-3 5-2 3-0 4-0", "4-4 5-3 5-0 6-2 1-1 3-2 6-1"],
    ),
    4294967295: (
        3,
        ["5-5 0-0 3-2 6-1 6-6 1-1 6-0", "3-3 3-0 5-2 6-4 2-0 4-0 6-3", "4-3 5-3 6-2 3-1 5-1 5-0 5-4", "2-1 4-4 1-0 4-1 6-5 4-2 2-2"],
    ),
}


@pytest.mark.parametrize("seed", MK5)
def test_mk5_deals_as_mk5_does(seed: int) -> None:
    assert [" ".join(map(str, hand)) for hand in mk5_deal(seed)] == MK5[seed]


def test_exact_integers_would_deal_otherwise() -> None:
    """The first product of a Date.now() seed is past 2**53: the double rounds it."""
    seed = 1733000000123
    assert 16807 * seed > 2**53
    assert float(16807 * seed) != 16807 * seed


@pytest.mark.parametrize("seed", LUKE)
def test_luke_shakes_and_deals_as_lukeconran_does(seed: int) -> None:
    shaker, hands = LUKE[seed]
    assert luke_shaker(seed) == shaker
    assert [" ".join(map(str, hand)) for hand in luke_deal(seed)] == hands
