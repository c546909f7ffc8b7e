"""The values a hand reports: its phase, finished tricks, result and snapshots, and the
seating helpers (turn order, partners) that the hand and the rebuild share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .auction import Bid
from .declarations import Declaration
from .profiles import Game
from .tiles import Tile

__all__ = ["HandResult", "HandSnapshot", "Phase", "Trick", "partner_seat", "seat_order"]


class Phase(StrEnum):
    AUCTION = "auction"
    EXCHANGE = "exchange"
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"
    THROWN_IN = "thrown-in"


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, who won it, its points.

    A named tuple, not a frozen dataclass: one is made for every trick replayed.
    """

    leader: int
    plays: tuple[tuple[int, Tile], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand scored. Teams are indexes into ``Game.team_labels``."""

    declarer: int | None
    bid: Bid | None
    declaring_team: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    made: bool | None
    awards: tuple[int, ...]
    """Marks (or points) each team scores for the hand."""
    thrown_in: bool = False


@dataclass(frozen=True, slots=True)
class HandSnapshot:
    """An immutable picture of a hand at one moment."""

    phase: Phase
    dealer: int
    turn: int | None
    hands: tuple[tuple[Tile, ...], ...]
    kitty: tuple[Tile, ...]
    calls: tuple[tuple[int, Bid | None], ...]
    high_bid: Bid | None
    declarer: int | None
    declaration: Declaration | None
    trick: tuple[tuple[int, Tile], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]


def seat_order(players: int, out: Sequence[int] = ()) -> tuple[int, ...]:
    """The next seat clockwise from each seat, skipping the seats in ``out`` (a partner who sits out)."""
    order = []
    for s in range(players):
        n = (s + 1) % players
        while n in out and n != s:
            n = (n + 1) % players
        order.append(n)
    return tuple(order)


def partner_seat(game: Game, seat: int) -> int | None:
    """The first other seat clockwise of ``seat``'s side (None when each plays alone)."""
    teams = game.teams
    n = game.players
    for step in range(1, n):
        other = (seat + step) % n
        if teams[other] == teams[seat]:
            return other
    return None
