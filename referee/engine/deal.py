"""Dealing: checking a recorded deal, and shuffling a new one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..codes import Refusal
from .profiles import Game
from .tiles import ALL_TILES, Tile

__all__ = ["check_deal", "kitty_of", "shuffle_deal", "tile_copies"]

_SETS: dict[int, tuple[Game, tuple[int, ...], frozenset[Tile] | None]] = {}


def _set_counts(game: Game) -> tuple[tuple[int, ...], frozenset[Tile] | None]:
    """(copies of each tile by id, the set's tiles when it holds each once), once per game.

    Every hand's deal is checked against them.  Keyed by ``id(game)`` with the game
    kept alongside, so a recycled id is noticed.
    """
    hit = _SETS.get(id(game))
    if hit is None or hit[0] is not game:
        copies = [0] * (max(ALL_TILES) + 1)
        for t in game.tiles:
            copies[t] += 1
        one_each = frozenset(game.tiles) if max(copies) == 1 else None
        hit = (game, tuple(copies), one_each)
        _SETS[id(game)] = hit
    return hit[1], hit[2]


def tile_copies(game: Game) -> tuple[int, ...]:
    """How many copies of each tile (indexed by the tile) ``game``'s set holds."""
    return _set_counts(game)[0]


def _clean(size: int, hands: Sequence[Sequence[Tile] | None], one_each: frozenset[Tile]) -> bool:
    """A deal from a set of single tiles with nothing to report: every recorded hand
    has ``size`` tiles, all of them distinct and in the set (the common case, checked in C)."""
    dealt: set[Tile] = set()
    count = 0
    for h in hands:
        if h is not None:
            if len(h) != size:
                return False
            dealt.update(h)
            count += size
    return len(dealt) == count and dealt <= one_each


def check_deal(game: Game, hands: Sequence[Sequence[Tile] | None]) -> list[tuple[int | None, Refusal]]:
    """Every problem with a deal, each with the seat it concerns (None: the whole deal).

    A seat whose hand is ``None`` was not recorded; its size is not checked.
    """
    problems: list[tuple[int | None, Refusal]] = []
    in_set, one_each = _set_counts(game)
    if one_each is not None and _clean(game.hand_size, hands, one_each):
        return problems
    seen: Counter[Tile] = Counter()
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        who = game.seats[seat]
        if len(hand) != game.hand_size:
            problems.append(
                (seat, Refusal("E101", f"{who} was dealt {len(hand)} tiles; each player gets {game.hand_size} in {game.title}"))
            )
        for t in hand:
            if in_set[t] == 0:
                problems.append(
                    (
                        seat,
                        Refusal(
                            "E102",
                            f"{t} is not in the {game.title} set",
                            "Moon plays without the blanks except 0-0" if game.kitty == "widow" else None,
                        ),
                    )
                )
                continue
            seen[t] += 1
            if seen[t] > in_set[t]:
                times = "once" if in_set[t] == 1 else "twice"
                problems.append((seat, Refusal("E103", f"{t} is dealt more often than the set holds it ({times})")))
    return problems


def kitty_of(game: Game, hands: Sequence[Sequence[Tile]]) -> list[Tile]:
    """The tiles not dealt (Moon's widow, 88's cat), high first."""
    left = Counter(game.tiles)
    left.subtract(t for h in hands for t in h)
    return sorted((t for t, n in left.items() for _ in range(max(n, 0))), reverse=True)


def shuffle_deal(game: Game, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """A random deal: one hand per seat (in seat order), and the kitty."""
    tiles = list(game.tiles)
    rng.shuffle(tiles)
    n = game.hand_size
    hands = [sorted(tiles[i * n : (i + 1) * n], reverse=True) for i in range(game.players)]
    return hands, sorted(tiles[game.players * n :], reverse=True)
