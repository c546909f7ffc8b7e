"""Dealing: checking a recorded deal, and shuffling a new one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .errors import Refusal
from .profiles import Game
from .tiles import Tile

__all__ = ["check_deal", "kitty_of", "shuffle_deal"]


def check_deal(game: Game, hands: Sequence[Sequence[Tile] | None]) -> list[tuple[int | None, Refusal]]:
    """Every problem with a deal, each with the seat it concerns (None: the whole deal).

    A seat whose hand is ``None`` was not recorded; its size is not checked.
    """
    problems: list[tuple[int | None, Refusal]] = []
    in_set = Counter(game.tiles)
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
