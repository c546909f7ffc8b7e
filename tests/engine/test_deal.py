"""The undealt tiles (widow, cat): ``kitty_of``'s set difference for a set that holds each
tile once, held equal to counting each tile's copies, on deals clean and damaged;
``check_deal``'s set shortcut for a clean deal held to its tile-by-tile path; and
``check_deal_kitty`` (the kitty from the check's own set) held to the two asked apart."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.deal import _clean, _counted, _problems, check_deal, check_deal_kitty, kitty_of, shuffle_deal
from referee.engine.games import make_rules
from referee.engine.profiles import Game
from referee.engine.tiles import ALL_TILES, Tile

GAMES = ("42", "moon", "88")
TILES = sorted(ALL_TILES.values())


def _edit(hands: list[list[Tile]], edit: tuple[int, int, Tile]) -> None:
    """Replace a seat's tile at ``index`` by ``t``, or drop its last tile when ``index`` is past its end."""
    seat, index, t = edit
    hand = hands[seat % len(hands)]
    if index < len(hand):
        hand[index] = t
    elif hand:
        hand.pop()


@given(
    st.sampled_from(GAMES),
    st.randoms(use_true_random=False),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 20), st.sampled_from(TILES)), max_size=6),
)
@settings(max_examples=300, deadline=None)
def test_kitty_is_the_count_of_copies(game_name: str, rng: random.Random, edits: list[tuple[int, int, Tile]]) -> None:
    """A shuffled deal, then tiles replaced by any tile (dealt twice, out of the game's set)
    or dropped: the kitty is what the copies leave, whichever way it is worked out."""
    game = make_rules(game_name).game
    hands, kitty = shuffle_deal(game, rng)
    assert kitty_of(game, hands) == kitty == _counted(game, hands)
    for edit in edits:
        _edit(hands, edit)
        assert kitty_of(game, hands) == _counted(game, hands)


def _damaged_deals(edits: int, left_out: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """300 draws of a game, a generator, up to ``edits`` tile edits and up to ``left_out``
    seats not recorded: the arguments ``_damaged`` takes."""
    tiles = st.tuples(st.integers(0, 5), st.integers(0, 20), st.sampled_from(TILES))
    draws = given(
        st.sampled_from(GAMES),
        st.randoms(use_true_random=False),
        st.lists(tiles, max_size=edits),
        st.lists(st.integers(0, 5), max_size=left_out),
    )
    return lambda test: settings(max_examples=300, deadline=None)(draws(test))


def _damaged(
    game: Game, rng: random.Random, edits: list[tuple[int, int, Tile]], left_out: list[int]
) -> tuple[list[list[Tile]], list[list[Tile] | None]]:
    """A shuffled deal with ``edits`` made to it, and the same rows with the seats of
    ``left_out`` not recorded (None)."""
    dealt, _ = shuffle_deal(game, rng)
    for edit in edits:
        _edit(dealt, edit)
    hands: list[list[Tile] | None] = list(dealt)
    for seat in left_out:
        hands[seat % len(hands)] = None
    return dealt, hands


@_damaged_deals(edits=4, left_out=2)
def test_clean_deal_shortcut_agrees_with_tile_by_tile(
    game_name: str, rng: random.Random, edits: list[tuple[int, int, Tile]], left_out: list[int]
) -> None:
    """A deal is clean by the set shortcut exactly when the tile-by-tile check finds nothing
    (where the set holds each tile once; the shortcut never answers for Texas 88), with tiles
    replaced or dropped and seats left out of the record."""
    game = make_rules(game_name).game
    _, hands = _damaged(game, rng, edits, left_out)
    clean = bool(_clean(game, hands))
    assert clean <= (not _problems(game, hands))
    if game.single_set is not None:
        assert clean == (not _problems(game, hands))


@_damaged_deals(edits=3, left_out=1)
def test_deal_and_kitty_in_one_agree_with_each_asked_alone(
    game_name: str, rng: random.Random, edits: list[tuple[int, int, Tile]], left_out: list[int]
) -> None:
    """``check_deal_kitty`` gives ``check_deal``'s refusals in order and ``kitty_of``'s tiles in
    order (None when a seat is left out), on deals clean, damaged and with seats left out."""
    game = make_rules(game_name).game
    dealt, hands = _damaged(game, rng, edits, left_out)
    problems, kitty = check_deal_kitty(game, hands)
    assert problems == check_deal(game, hands)
    assert kitty == (None if left_out else kitty_of(game, dealt))
