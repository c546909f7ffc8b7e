"""Moon: three players each alone, the double-six set without the blanks but 0-0, a
one-tile widow the bidder takes, bids counted in tricks, 21 to shoot the moon."""

from __future__ import annotations

from ..exchange import WholeWidow
from ..profiles import Game, Ladder, OptionSpec
from ..scoring import Solo
from ..tiles import moon_set
from .common import ALL_PASS, AUCTION, FOLLOW_ME, RENEGE, target

__all__ = ["GAME"]

GAME = Game(
    name="moon",
    title="Moon",
    seats=("A", "B", "C"),
    seat_names=("A", "B", "C"),
    teams=(0, 1, 2),
    team_labels=("A", "B", "C"),
    tiles=moon_set(),
    hand_size=7,
    exchange=WholeWidow(),
    scorings={"points": Solo(default_target=21)},
    trick_points=1,
    counters_score=False,
    ladder=Ladder(point_bids=(4, 5, 6, 7), all_in_bids=(21,), forced_min=4),
    trump_from_bid=False,
    declarations=("suit", "doubles", "follow-me"),
    early_end=False,
    concession=False,
    options=(
        ALL_PASS,
        OptionSpec(
            name="scoring",
            values=("points",),
            default="points",
            help="points: made bid scores the bid, set scores minus the bid, opponents 1 a trick",
            source="dominorules.com 'Moon' (a set bidder loses the bid, the others score their tricks); no overtrick bonus: "
            "the rule texts the project was given (a Moon rule sheet)",
        ),
        target("points that win the game (default 21)", "gamerules.com 'Three-Player Moon' (21 points)"),
        FOLLOW_ME,
        RENEGE,
        AUCTION,
    ),
    set_note="Moon plays without the blanks except 0-0",
    follow_me_option=FOLLOW_ME.name,
)
