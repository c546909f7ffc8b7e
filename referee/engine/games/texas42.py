"""Texas 42: four players in partnerships, one double-six set, no kitty; marks or points;
the special contracts nello, plunge, splash and sevens as options."""

from __future__ import annotations

from ..exchange import NoKitty
from ..profiles import Contract, Game, Ladder, OptionSpec
from ..scoring import Marks, PointsVersion
from ..tiles import double_six
from .common import ALL_PASS, FOLLOW_ME, ON_OFF, RENEGE, target

__all__ = ["GAME"]

CONTRACTS = (
    Contract(name="nello", when="trump", min_marks=1, partner_out=True, lose_all=True, doubles_option="nello-doubles"),
    Contract(name="plunge", when="bid", min_marks=4, min_doubles=4, partner_names_trump=True),
    Contract(name="splash", when="bid", min_marks=2, min_doubles=3, partner_names_trump=True),
    Contract(name="sevens", when="trump", min_marks=1),
)
CONTRACT_OPTIONS = (
    OptionSpec(
        name="nello",
        values=ON_OFF,
        default="off",
        help="after a bid of 1 mark or more the declarer may call nello: partner sits out, no trumps, "
        "the declarer must lose every trick (`trump nello`)",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
    OptionSpec(
        name="nello-doubles",
        values=("own-suit", "high", "low"),
        default="own-suit",
        help="doubles in nello: a suit of their own (6-6 high), or high or low in their number's suit; needs nello=on",
        source="own suit: Harper tournament rules; high or low: pagat '42'",
    ),
    OptionSpec(
        name="plunge",
        values=ON_OFF,
        default="off",
        help="a bidder holding 4+ doubles may bid plunge (4 marks or more, `bid N 168 plunge`); partner names trump; all tricks",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
    OptionSpec(
        name="splash",
        values=ON_OFF,
        default="off",
        help="like plunge with 3+ doubles and 2 marks or more (`bid N 84 splash`)",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
    OptionSpec(
        name="sevens",
        values=ON_OFF,
        default="off",
        help="after a bid of 1 mark or more the declarer may call sevens: each player plays the tile nearest 7 pips, "
        "nearest wins (`trump sevens`); all tricks",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
)

GAME = Game(
    name="42",
    title="Texas 42",
    seats=("N", "E", "S", "W"),
    seat_names=("North", "East", "South", "West"),
    teams=(0, 1, 0, 1),
    team_labels=("NS", "EW"),
    tiles=double_six(),
    hand_size=7,
    exchange=NoKitty(),
    # pagat's points version: bids 30-42, 84, 168 (168 only over 84).
    scorings={"marks": Marks(default_target=7), "points": PointsVersion(default_target=250, mark_steps=(1, 2, 4))},
    trick_points=1,
    counters_score=True,
    ladder=Ladder(point_bids=tuple(range(30, 42)), mark_unit=42, opening_marks_max=2, forced_min=30),
    trump_from_bid=False,
    declarations=("suit", "doubles", "follow-me"),
    early_end=True,
    concession=True,
    options=(
        ALL_PASS,
        OptionSpec(
            name="scoring",
            values=("marks", "points"),
            default="marks",
            help="marks: 1 mark a hand, game to 7; points: pagat's points version, game to 250",
            source="marks: Wikipedia '42 (dominoes)', The Spruce Crafts 'Texas 42', N42PA; points: pagat '42'",
        ),
        target(
            "marks (default 7) or points (default 250) that win the game",
            "7 marks: The Spruce Crafts 'Texas 42', Wikipedia '42 (dominoes)'; 250 points: Wikipedia '42 (dominoes)'",
        ),
        FOLLOW_ME,
        RENEGE,
        *CONTRACT_OPTIONS,
    ),
    contracts=CONTRACTS,
    follow_me_option=FOLLOW_ME.name,
)
