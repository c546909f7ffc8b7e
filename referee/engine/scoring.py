"""Scoring rules: how a finished hand is scored, one named strategy each.

A game offers one or more (``Game.scorings``, chosen by its ``scoring`` option):
``Marks`` (a made bid scores its marks), ``PointsVersion`` (pagat's points
version of 42, and Texas 88's points: both sides score what they took) and
``Solo`` (each player alone: the bidder scores the bid or minus it, the others a
point a trick).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .profiles import Game

__all__ = ["Marks", "PointsVersion", "Solo"]


@dataclass(frozen=True, slots=True)
class Marks:
    """A made bid scores its marks for the declaring side, a set bid the same marks for
    the opponents; a point bid is one mark.  The hand is decided once made or set."""

    default_target: int = 7
    name: str = "marks"
    unit: str = "marks"
    mark_steps: tuple[int, ...] | None = None
    award_all_sides: bool = False

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        marks = game.ladder.bid_marks(amount)
        return tuple(marks if (other == team) == made else 0 for other in range(len(game.team_labels)))

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        return made or set_

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        return self.awards(game, amount, team, offender != team, points, tricks, True)


@dataclass(frozen=True, slots=True)
class PointsVersion:
    """Both sides score the points they took when a point bid is made; when it is set the
    declaring side scores nothing and the opponents their points plus the bid.  A bid that
    needs every trick is all or nothing: the winning side scores the bid.  Only such a bid
    ends a hand early (every point counts otherwise)."""

    default_target: int
    mark_steps: tuple[int, ...] | None = None
    name: str = "points"
    unit: str = "points"
    award_all_sides: bool = False

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        sides = range(len(game.team_labels))
        if all_in:
            return tuple(amount if (other == team) == made else 0 for other in sides)
        if made:
            return tuple(points[other] for other in sides)
        return tuple(0 if other == team else points[other] + amount for other in sides)

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        return set_ and all_in

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        return self.awards(game, amount, team, offender != team, points, tricks, True)


@dataclass(frozen=True, slots=True)
class Solo:
    """Each player alone: the bidder scores the bid when made and minus it when set; every
    other player scores a point a trick."""

    default_target: int
    name: str = "points"
    unit: str = "points"
    mark_steps: tuple[int, ...] | None = None
    award_all_sides: bool = True

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        return tuple(
            (amount if made else -amount) if other == team else tricks[other] * game.trick_points for other in range(len(game.team_labels))
        )

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        return False

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        """The bidder scores the bid, or minus it when the bidder offended; the offender
        scores nothing for the hand, every other player its tricks."""
        awards = list(self.awards(game, amount, team, offender != team, points, tricks, True))
        if offender != team:
            awards[offender] = 0
        return tuple(awards)
