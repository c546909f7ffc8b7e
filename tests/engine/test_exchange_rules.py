"""``WholeWidow.check``'s first test (the whole widow taken and as many tiles put back:
allowed at once) held equal to its step-by-step path, ``WholeWidow.checked``, on widows,
hands and exchanges drawn from a few tiles, with tiles taken that are not in the widow,
put back that are not held, repeated, and too few or too many."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.exchange import WholeWidow
from referee.engine.tiles import ALL_TILES, Tile

FEW = sorted(ALL_TILES.values())[:6]  # few tiles, so that draws meet and repeat
tiles = st.lists(st.sampled_from(FEW), max_size=4)


def _said(refusal: object) -> object:
    return None if refusal is None else (refusal.code, refusal.message, refusal.hint, refusal.tile)  # type: ignore[attr-defined]


@settings(max_examples=600, deadline=None)
@given(held=st.lists(st.sampled_from(FEW), max_size=7), kitty=tiles, take=tiles, give=tiles, whole=st.booleans())
def test_whole_widow_check_is_its_steps(held: list[Tile], kitty: list[Tile], take: list[Tile], give: list[Tile], whole: bool) -> None:
    if whole:  # the common case drawn often: the widow taken whole, in any order
        take = list(reversed(kitty))
    rule = WholeWidow()
    assert _said(rule.check("A", held, kitty, take, give)) == _said(rule.checked("A", held, kitty, take, give))


def test_a_whole_widow_exchange_is_allowed_and_a_wrong_one_worded() -> None:
    t = FEW
    rule = WholeWidow()
    assert rule.check("A", [t[0], t[1]], [t[2]], [t[2]], [t[0]]) is None
    assert rule.check("A", [t[0], t[1]], [t[2]], [t[2]], [t[2]]) is None  # the widow's tile put back
    refusal = rule.check("A", [t[0], t[1]], [t[2]], [t[2]], [t[3]])
    assert refusal is not None and refusal.code == "E301" and refusal.tile == t[3]


@settings(max_examples=400, deadline=None)
@given(held=st.lists(st.sampled_from(FEW), max_size=7), kitty=st.sampled_from(FEW), take=tiles, give=tiles, whole=st.booleans())
def test_a_widow_of_one_tile_is_checked_as_its_steps(
    held: list[Tile], kitty: Tile, take: list[Tile], give: list[Tile], whole: bool
) -> None:
    """Moon's widow of one tile, which ``check`` tests on its one tile: drawn often here."""
    if whole:
        take = [kitty]
    rule = WholeWidow()
    assert _said(rule.check("A", held, [kitty], take, give)) == _said(rule.checked("A", held, [kitty], take, give))
