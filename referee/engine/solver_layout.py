"""Per-declaration tables the double-dummy search indexes by *slot*.

The search holds each seat's tiles as one ``int`` bit mask.  A slot is a bit:
one per tile of the set, two per tile in Texas 88 (its two copies).  Slots are
numbered so that the tiles that can stand for each other (the trumps; the
doubles when they form a suit of their own) sit side by side in rank order,
which lets the search test "no tile between these two is held by anyone else"
with one mask, and find the top trumps with ``bit_length``.  Built once per
declaration and set width, then cached, like the ``TrumpTable`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from .declarations import DOUBLES, TrumpTable
from .tiles import ALL_TILES, count_value

__all__ = ["Layout", "layout_for"]

TRUMPS, DOUBLES_SUIT, PLAIN = 0, 1, 2
"""Equivalence classes: tiles of one class call and follow the same suit alone."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Slot tables for one ``TrumpTable`` and one set width (1, or 2 copies a tile)."""

    table: TrumpTable
    width: int
    tile_of: tuple[int, ...]
    """The tile id (``hi * 7 + lo``) in each slot."""
    base: dict[int, int]
    """The first slot of each tile id (its second copy, if any, is the next slot)."""
    calls: tuple[int, ...]
    strength: tuple[tuple[int, ...], ...]
    """``strength[led][slot]``, from ``TrumpTable.strength``."""
    count: tuple[int, ...]
    """Counter points of each slot's tile."""
    suit_mask: tuple[int, ...]
    """Slots that follow each suit 0-7."""
    beaters: tuple[int, ...]
    """Slots that would take the trick from this slot's tile when it is led."""
    trump_mask: int
    eq_class: tuple[int, ...]
    """``TRUMPS`` or ``DOUBLES_SUIT`` for tiles that may be equivalent, else ``PLAIN``."""
    eq_mask: int
    """Slots of the classes that may hold equivalent tiles."""
    forced_groups: tuple[int, ...]
    """Sevens: slots by nearness to 7 pips, nearest group first (empty otherwise)."""
    odd: int
    """Second-copy slots (width 2), so ``hand & ~((hand & odd) >> 1)`` keeps one slot a tile."""
    over: tuple[dict[int, int], ...]
    """``over[led][x]``: the slots stronger than strength ``x`` in a trick led in ``led``."""
    callers: tuple[int, ...]
    """Slots whose tile calls each suit 0-7 when led: a suit none of them is left to lead is dead."""
    by_low: tuple[int, ...]
    """Plain tiles (not doubles) by their low end 0-6: once that suit is dead they follow only their high end."""


def _class_and_rank(table: TrumpTable, t: int) -> tuple[int, int]:
    if table.forced:
        return PLAIN, t
    if table.is_trump[t]:
        assert table.trump is not None
        return TRUMPS, table.rank[t][table.trump]
    if table.calls[t] == DOUBLES:
        return DOUBLES_SUIT, table.rank[t][DOUBLES]
    return PLAIN, t


def _eq_class(table: TrumpTable, t: int) -> int:
    """Trumps, the doubles suit, else plain tiles by their high end (the suit they call)."""
    kind = _class_and_rank(table, t)[0]
    return kind if kind != PLAIN else PLAIN + t // 7


_CACHE: dict[tuple[int, int], Layout] = {}


def layout_for(table: TrumpTable, width: int) -> Layout:
    """The (cached) layout of ``table`` for a set holding each tile ``width`` times."""
    hit = _CACHE.get((id(table), width))
    if hit is not None and hit.table is table:
        return hit
    # Plain tiles low, then the doubles suit, then trumps, each rising in rank.
    order = sorted(ALL_TILES, key=lambda t: (-_class_and_rank(table, t)[0], _class_and_rank(table, t)[1]))
    tile_of = tuple(t for t in order for _ in range(width))
    slots = range(len(tile_of))
    base = {t: i * width for i, t in enumerate(order)}
    calls = tuple(table.calls[t] for t in tile_of)
    strength = tuple(tuple(table.strength[led][t] for t in tile_of) for led in range(DOUBLES + 1))
    suit_mask = tuple(sum(1 << s for s in slots if table.follows[tile_of[s]] >> suit & 1) for suit in range(DOUBLES + 1))
    beaters = tuple(sum(1 << u for u in slots if strength[calls[s]][u] > strength[calls[s]][s]) for s in slots)
    trump_mask = sum(1 << s for s in slots if table.is_trump[tile_of[s]])
    eq_class = tuple(_eq_class(table, t) for t in tile_of)
    eq_mask = sum(1 << s for s in slots if eq_class[s] < PLAIN)
    groups: tuple[int, ...] = ()
    if table.forced:
        ranks = sorted({table.rank[t][0] for t in tile_of}, reverse=True)
        groups = tuple(sum(1 << s for s in slots if table.rank[tile_of[s]][0] == r) for r in ranks)
    odd = sum(1 << s for s in slots if s % width == 1)
    over = tuple({x: sum(1 << s for s in slots if strength[led][s] > x) for x in set(strength[led])} for led in range(DOUBLES + 1))
    callers = tuple(sum(1 << s for s in slots if calls[s] == suit) for suit in range(DOUBLES + 1))
    plain = [s for s in slots if not table.forced and eq_class[s] >= PLAIN and tile_of[s] // 7 != tile_of[s] % 7]
    by_low = tuple(sum(1 << s for s in plain if tile_of[s] % 7 == low) for low in range(7))
    layout = Layout(
        table=table,
        width=width,
        tile_of=tile_of,
        base=base,
        calls=calls,
        strength=strength,
        count=tuple(count_value(ALL_TILES[t]) for t in tile_of),
        suit_mask=suit_mask,
        beaters=beaters,
        trump_mask=trump_mask,
        eq_class=eq_class,
        eq_mask=eq_mask,
        forced_groups=groups,
        odd=odd,
        over=over,
        callers=callers,
        by_low=by_low,
    )
    _CACHE[(id(table), width)] = layout
    return layout
