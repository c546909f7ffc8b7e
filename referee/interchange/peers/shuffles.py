"""The seeded deals of the peer programs, bit for bit.

A game link of mk5 (github.com/jasonyandell/mk5-main) and a sample hand of
LukeConran's texas-42 hold a seed, never the tiles: the deal is what each
program's own shuffle makes of the seed.  These are our ports of those shuffles,
written from the programs' sources, with JavaScript's number arithmetic kept where
it differs from Python's integers:

- mk5 (``src/game/core/random.ts``, ``src/game/core/dominoes.ts``): Park and
  Miller's minimal standard generator, ``seed = 16807 * seed % (2**31 - 1)``,
  computed in IEEE doubles.  A seed above about 5.4e11 (``Date.now()`` seeds are
  1.7e12) makes the first product larger than 2**53, so the double rounds it
  before the remainder; Python's exact integers would deal other tiles.  Then a
  Fisher-Yates shuffle of the 28 tiles in mk5's order (0-0, 1-0, 1-1, 2-0, ...),
  dealt 7 by 7 to players 0, 1, 2, 3.
- LukeConran (``src/engine/game.ts``): mulberry32 on unsigned 32-bit words; the
  first draw picks the shaker (dealer), the following ones a Fisher-Yates shuffle
  of the deck (0-0, 1-0, 1-1, 2-0, ...) dealt round the table, tile ``i`` to
  player ``i % 4``.

>>> [str(t) for t in mk5_deal(12345)[0]]
['4-3', '4-1', '3-1', '6-3', '1-1', '6-2', '2-1']
>>> luke_shaker(73000), [str(t) for t in luke_deal(73000)[0]]
(2, ['6-6', '5-5', '2-2', '6-4', '4-3', '3-3', '6-5'])
"""

from __future__ import annotations

import math

from ...engine.tiles import Tile

__all__ = ["LUKE_SEED_MASK", "luke_deal", "luke_shaker", "mk5_deal", "mk5_seed_ok"]

_PARK_MILLER_A = 16807.0
_PARK_MILLER_M = 2147483647.0
_MAX_SAFE = 2.0**53


def mk5_seed_ok(seed: float) -> bool:
    """Whether ``seed`` is a number mk5's generator takes as written: finite, and small
    enough that ``Math.floor`` and ``Math.abs`` give an exact integer."""
    return math.isfinite(seed) and abs(seed) < _MAX_SAFE


def mk5_deal(seed: float) -> list[list[Tile]]:
    """The hands of mk5's players 0-3 for ``seed`` (``dealDominoesWithSeed``)."""
    state = abs(math.floor(seed)) or 1.0  # createSeededRandom: Math.abs(Math.floor(seed)) || 1
    state = float(state)
    deck = _mk5_order()
    for i in range(len(deck) - 1, 0, -1):
        state = math.fmod(_PARK_MILLER_A * state, _PARK_MILLER_M)  # JS `%` on doubles is fmod
        j = math.floor(state / _PARK_MILLER_M * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return [deck[k : k + 7] for k in range(0, 28, 7)]


def _mk5_order() -> list[Tile]:
    # createDominoes(): DOMINO_VALUES (0-0, 0-1 ... 0-6, 1-1 ... 6-6), each high end first.
    return [Tile.of(a, b) for a in range(7) for b in range(a, 7)]


LUKE_SEED_MASK = 0xFFFFFFFF


def _mulberry32(state: int) -> tuple[float, int]:
    """One step: (value in [0, 1), next state), as ``nextRng`` computes it with ``| 0``,
    ``Math.imul`` and ``>>>`` on 32-bit words."""
    a = (state + 0x6D2B79F5) & LUKE_SEED_MASK
    t = _imul(a ^ (a >> 15), 1 | a)
    t = ((t + _imul(t ^ (t >> 7), 61 | t)) & LUKE_SEED_MASK) ^ t
    value = ((t ^ (t >> 14)) & LUKE_SEED_MASK) / 4294967296
    return value, a


def _imul(x: int, y: int) -> int:
    return (x * y) & LUKE_SEED_MASK


def _luke_seed(seed: int) -> int:
    return (seed & LUKE_SEED_MASK) or 1  # settings.seed >>> 0 || 1


def luke_shaker(seed: int) -> int:
    """The player (0 South, 1 West, 2 North, 3 East) who shakes the first hand."""
    value, _ = _mulberry32(_luke_seed(seed))
    return math.floor(value * 4) % 4


def luke_deal(seed: int) -> list[list[Tile]]:
    """The first hand's tiles of players 0-3 (``createMatch`` then ``dealHand``)."""
    _, state = _mulberry32(_luke_seed(seed))
    deck = [Tile.of(hi, lo) for hi in range(7) for lo in range(hi + 1)]
    for i in range(len(deck) - 1, 0, -1):
        value, state = _mulberry32(state)
        j = math.floor(value * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    hands: list[list[Tile]] = [[], [], [], []]
    for i, t in enumerate(deck):
        hands[i % 4].append(t)
    return hands
