"""The games of a match, in order: who meets whom, who sits where, which deals.

The unit of a match is what its statistics count (``stats``): with duplicate deals (the
default) a **pair** of games dealt the same hands with the sides swapped, or in Moon three
games with the seats rotated, so that each entrant holds each seat's tiles once; with
independent deals, one game. Hand ``k`` of unit ``p`` of a pairing is dealt from
``(seed, p, k)`` with its own generator, so a unit's deals do not depend on how long its
games, or any other unit's, run; round ``p`` of every pairing plays the same deals.

A game whose sides are two (42, Texas 88) seats one bot per side; Moon, each for itself,
seats the two bots and a filler (one of the shipped players).

>>> from referee.engine.games import make_rules
>>> units = schedule(make_rules("42").game, ["alpha", "beta"], pairs=2, seed=7)
>>> [(u.index, u.pair, [g.round for g in u.games]) for u in units]
[(0, 1, ['1.1', '1.2']), (1, 2, ['2.1', '2.2'])]
>>> [g.names for g in units[0].games]
[('alpha', 'beta', 'alpha', 'beta'), ('beta', 'alpha', 'beta', 'alpha')]
>>> units[0].games[0].deal(1) == units[0].games[1].deal(1) != units[1].games[0].deal(1)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from ..engine.deal import shuffle_deal
from ..engine.profiles import Game
from ..engine.tiles import Tile

__all__ = ["Deals", "Planned", "Tournament", "Unit", "pairings", "schedule"]

Deals = Literal["duplicate", "independent"]
Tournament = Literal["round-robin", "gauntlet"]


def _deal(game: Game, seed: int, unit: int, k: int) -> tuple[list[list[Tile]], list[Tile]]:
    return shuffle_deal(game, random.Random(f"referee-match/{seed}/{unit}/{k}"))


@dataclass(frozen=True, slots=True)
class Planned:
    """One game of a unit: the bot at each seat, its round (``p.g``), its deals and dealer."""

    number: int
    """1-based number of the game in the match."""
    round: str
    names: tuple[str, ...]
    first_dealer: int
    seed: int
    """The bots' ``hello`` seed: the match seed and the game, so a game can be played alone."""
    game: Game
    deal_seed: int
    deal_unit: int

    def deal(self, k: int) -> tuple[list[list[Tile]], list[Tile]]:
        """The deal of hand ``k`` (1-based) and its kitty."""
        return _deal(self.game, self.deal_seed, self.deal_unit, k)


@dataclass(frozen=True, slots=True)
class Unit:
    """What the statistics count once: the games of bot ``a`` against bot ``b`` on one deal stream."""

    index: int
    """0-based place of the unit in the match."""
    pair: int
    """1-based round: the unit's number within its pairing."""
    a: str
    b: str
    games: tuple[Planned, ...]


def pairings(bots: list[str], tournament: Tournament) -> list[tuple[str, str]]:
    """Who meets whom: every two bots (round-robin), or the first against each other (gauntlet).

    >>> pairings(["a", "b", "c"], "round-robin"), pairings(["a", "b", "c"], "gauntlet")
    ([('a', 'b'), ('a', 'c'), ('b', 'c')], [('a', 'b'), ('a', 'c')])
    """
    if tournament == "gauntlet":
        return [(bots[0], b) for b in bots[1:]]
    return [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]


def _seatings(game: Game, a: str, b: str, filler: str) -> list[tuple[str, ...]]:
    """The seatings of a duplicate unit: the sides swapped, or (each for itself) the seats rotated."""
    if len(game.team_labels) == 2:
        first = tuple(a if t == 0 else b for t in game.teams)
        return [first, tuple(b if t == 0 else a for t in game.teams)]
    entrants = [a, b, filler, *[filler] * (game.players - 3)]
    return [tuple(entrants[(s - r) % game.players] for s in range(game.players)) for r in range(game.players)]


def schedule(
    game: Game,
    bots: list[str],
    *,
    pairs: int,
    seed: int,
    deals: Deals = "duplicate",
    tournament: Tournament = "round-robin",
    filler: str = "filler",
) -> list[Unit]:
    """Every unit of the match in the order it is played: round by round, each pairing in turn.

    With ``independent`` deals a unit is one game, dealt on its own, the seating taking each
    of the duplicate seatings in turn."""
    units: list[Unit] = []
    number = 0
    for p in range(1, pairs + 1):
        for a, b in pairings(bots, tournament):
            seatings = _seatings(game, a, b, filler)
            index = len(units)
            chosen = list(enumerate(seatings, 1)) if deals == "duplicate" else [(1, seatings[(p - 1) % len(seatings)])]
            planned = []
            for g, names in chosen:
                number += 1
                stream = p if deals == "duplicate" else number
                dealer = random.Random(f"referee-match/{seed}/{stream}/dealer").randrange(game.players)
                planned.append(Planned(number, f"{p}.{g}", names, dealer, (seed * 1_000_003 + number) % 2**31, game, seed, stream))
            units.append(Unit(index, p, a, b, tuple(planned)))
    return units
