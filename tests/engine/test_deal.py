"""The undealt tiles (widow, cat): ``kitty_of``'s set difference for a set that holds each
tile once, held equal to counting each tile's copies, on deals clean and damaged."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.deal import _counted, kitty_of, shuffle_deal
from referee.engine.games import make_rules
from referee.engine.tiles import ALL_TILES, Tile

GAMES = ("42", "moon", "88")
TILES = sorted(ALL_TILES.values())


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
    for seat, index, t in edits:
        hand = hands[seat % len(hands)]
        if index < len(hand):
            hand[index] = t
        elif hand:
            hand.pop()
        assert kitty_of(game, hands) == _counted(game, hands)
