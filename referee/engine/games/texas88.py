"""Texas 88: six players in two teams of three, two double-six sets mixed, a two-tile
cat, bids that name the trump suit, scored in points (or marks)."""

from __future__ import annotations

from ..exchange import Cat
from ..profiles import Game, Ladder, OptionSpec
from ..scoring import Marks, PointsVersion
from ..tiles import double_six
from .common import RENEGE, target

__all__ = ["GAME"]

GAME = Game(
    name="88",
    title="Texas 88",
    seats=("A", "B", "C", "D", "E", "F"),
    seat_names=("A", "B", "C", "D", "E", "F"),
    teams=(0, 1, 0, 1, 0, 1),
    team_labels=("ACE", "BDF"),
    tiles=tuple(sorted(double_six() * 2, reverse=True)),
    hand_size=9,
    exchange=Cat(),
    scorings={"points": PointsVersion(default_target=500), "marks": Marks(default_target=7)},
    trick_points=2,
    counters_score=True,
    ladder=Ladder(point_bids=tuple(range(60, 89, 2)), mark_unit=88, mark_bids=(2, 3, 4), needs_suit=True, forced_min=60),
    trump_from_bid=True,
    declarations=("suit",),
    early_end=True,
    concession=True,
    options=(
        OptionSpec(
            name="scoring",
            values=("points", "marks"),
            default="points",
            help="points: both sides score what they took, game to 500; marks: game to 7 marks",
            source="points and marks: the rule texts the project was given (a six-player 42 rule sheet, after pagat 'Texas 88')",
        ),
        target(
            "points (default 500) or marks (default 7) that win the game",
            "the rule texts the project was given (a six-player 42 rule sheet): 500 in its scoring section, 250 in its opening",
        ),
        RENEGE,
    ),
)
