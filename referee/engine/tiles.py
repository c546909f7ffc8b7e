"""Dominoes: tiles, tile sets and counters.

A tile is an ``int`` subclass (``hi * 7 + lo``) so that rule tables can be
plain tuples indexed by tile, which keeps the replay loop fast.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

__all__ = [
    "ALL_TILES",
    "TILE_TEXTS",
    "Tile",
    "TileError",
    "count_value",
    "double_six",
    "moon_set",
    "parse_tile",
    "tile",
]


class TileError(ValueError):
    """Text that is not a domino of the double-six set."""


class Tile(int):
    """One domino. ``Tile.of(4, 6)`` and ``Tile.of(6, 4)`` are the same tile."""

    __slots__ = ()

    @staticmethod
    def of(a: int, b: int) -> Tile:
        if not (0 <= a <= 6 and 0 <= b <= 6):
            raise TileError(f"{a}-{b} is not a double-six domino (ends run 0 to 6)")
        return ALL_TILES[max(a, b) * 7 + min(a, b)]

    @property
    def hi(self) -> int:
        return int(self) // 7

    @property
    def lo(self) -> int:
        return int(self) % 7

    @property
    def is_double(self) -> bool:
        return self.hi == self.lo

    @property
    def pips(self) -> int:
        return self.hi + self.lo

    def has(self, number: int) -> bool:
        return self.hi == number or self.lo == number

    def other(self, number: int) -> int:
        """The end that is not ``number`` (the number itself for a double)."""
        return self.lo if self.hi == number else self.hi

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Tile({self.hi}-{self.lo})"


def _make_all() -> dict[int, Tile]:
    return {hi * 7 + lo: int.__new__(Tile, hi * 7 + lo) for hi in range(7) for lo in range(hi + 1)}


ALL_TILES: dict[int, Tile] = _make_all()
"""Every double-six tile by its id (``hi * 7 + lo``), high end first."""

_TEXT: tuple[str, ...] = tuple(f"{i // 7}-{i % 7}" for i in range(7 * 7))
"""A tile's text by its id (``str(tile)``): JSON and text output write tens of tiles a hand."""

TILE_TEXTS = _TEXT
"""``str(tile)`` of each tile, indexed by the tile: ``TILE_TEXTS[tile]`` is that text without
a call of ``Tile.__str__`` (a verdict's tricks hold about thirty tiles' texts a hand)."""

_TILE_RE = re.compile(r"^\s*(\d+)\s*[-:|]\s*(\d+)\s*$|^\s*(\d)(\d)\s*$")
_BY_TEXT: dict[str, Tile] = {}
for _t in ALL_TILES.values():
    for _text in (f"{_t.hi}-{_t.lo}", f"{_t.lo}-{_t.hi}"):
        _BY_TEXT[_text] = _t


def parse_tile(text: str) -> Tile:
    """Read ``6-4``, ``4-6``, ``64`` or ``6:4``; raise ``TileError`` otherwise."""
    hit = _BY_TEXT.get(text)
    if hit is not None:
        return hit
    m = _TILE_RE.match(text)
    if not m:
        raise TileError(f"{text!r} is not a tile; write a tile as two ends like 6-4")
    a, b = (int(m.group(1)), int(m.group(2))) if m.group(1) else (int(m.group(3)), int(m.group(4)))
    return Tile.of(a, b)


def tile(text: str) -> Tile:
    """Shorthand for ``parse_tile`` used in tests and doctests.

    >>> tile("4-6"), str(tile("4-6"))
    (Tile(6-4), '6-4')
    """
    return parse_tile(text)


def count_value(t: Tile) -> int:
    """Points a counter is worth: 5 for 5-0 4-1 3-2, 10 for 6-4 5-5, else 0."""
    return _COUNT[t]


_COUNT: dict[Tile, int] = {t: (10 if t.pips == 10 else 5 if t.pips == 5 else 0) for t in ALL_TILES.values()}


def double_six() -> tuple[Tile, ...]:
    """The 28 tiles of one double-six set, 6-6 first."""
    return tuple(sorted(ALL_TILES.values(), reverse=True))


def moon_set() -> tuple[Tile, ...]:
    """Moon's 22 tiles: no blanks except 0-0."""
    return tuple(t for t in double_six() if t.lo != 0 or t.hi == 0)


def multiset(tiles: Iterable[Tile]) -> Counter[Tile]:
    """Copies of each tile, for sets (Texas 88) that hold a tile twice."""
    return Counter(tiles)
