"""Texas 42: four players in partnerships, one double-six set, no kitty; marks or points;
the special contracts nello, plunge, splash and sevens as options."""

from __future__ import annotations

from ..exchange import NoKitty
from ..profiles import Contract, Game, Ladder, OptionSpec
from ..raises import JumpOver, OneMore
from ..scoring import Marks, PointsVersion
from ..tiles import double_six
from .common import ALL_PASS, AUCTION, FOLLOW_ME, ON_OFF, RENEGE, target

__all__ = ["GAME"]

CONTRACTS = (
    Contract(
        name="nello",
        when="trump",
        min_marks=1,
        partner_out=True,
        lose_all=True,
        doubles_option="nello-doubles",
        marks_option="nello-marks",
        forced_option="forced-nello",
    ),
    Contract(name="plunge", when="bid", min_marks=4, min_doubles=4, partner_names_trump=True, lead_option="plunge-lead"),
    Contract(name="splash", when="bid", min_marks=2, min_doubles=3, partner_names_trump=True, lead_option="plunge-lead"),
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
        name="nello-marks",
        values=("1", "2"),
        default="1",
        help="the least bid, in marks, on which nello may be called; needs nello=on",
        source="1: pagat '42', Wikipedia '42 (dominoes)'; "
        "2: jswood23 my-texas-42 ('A player may bid 2 marks and choose Nil as an option', models/calling.go)",
    ),
    OptionSpec(
        name="forced-nello",
        values=ON_OFF,
        default="off",
        help="a dealer forced to bid after three passes may bid 1 mark (42) and call nello; "
        "needs nello=on, nello-marks=2 and all-pass=forced",
        source="jswood23 my-texas-42, rule 'Forced Nil' ('If a player is forced to bid, they have the option to bid "
        "1-mark Nil'; models/calling.go: three passes, then the dealer's 42)",
        needs=("nello-marks=2", "all-pass=forced"),
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
        name="plunge-lead",
        values=("declarer", "partner"),
        default="declarer",
        help="who leads the first trick after a plunge or splash: the declarer, or the partner who named trump; "
        "needs plunge=on or splash=on",
        source="declarer: the high bidder leads, as in every hand (texas42.net '42 in a nutshell'); "
        "partner: domino-play.com 'Plunge' ('The winning bidder's partner chooses trumps and plays the lead tile'), "
        "mk5 (src/game/layers/doubles-bid-factory.ts, docs/rules.md 'Partner declares trump and leads'), "
        "jswood23 my-texas-42 (rules page 'Splash': the partner must 'decide the trump and lead the first trick')",
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

LADDER_OPTIONS = (
    OptionSpec(
        name="mark-bids",
        values=("one-more", "after-84"),
        default="one-more",
        help="one-more: an opening mark bid is 42 or 84, then one mark more at a time (84, 126, 168, ...); "
        "after-84: the mark bids are 42, 84, 126 and 168, and 126 or 168 may be bid over any bid of 84 or more "
        "(84 straight to 168); needs scoring=marks",
        source="one-more: Harper tournament rules, 42-online.com; "
        "after-84: LukeConran texas-42 (src/engine/game.ts: 'Bids above 84 are legal only after someone has bid 84')",
        needs=("scoring=marks",),
    ),
    OptionSpec(
        name="delve",
        values=ON_OFF,
        default="off",
        help="a player may delve: bid 7 marks (294) over any lower bid, the only mark bid that jumps; it may be outbid "
        "one mark at a time, and the delver names trump as usual (that a delver has not looked at the tiles is the "
        "table's to see, not the record's); needs scoring=marks and mark-bids=one-more",
        source="jswood23 my-texas-42, rules page 'Delve' ('This brings the bid up to 7 marks, which may still be outbid')",
        needs=("scoring=marks", "mark-bids=one-more"),
    ),
    OptionSpec(
        name="opening-lead",
        values=("any", "trump"),
        default="any",
        help="any: the first lead of a hand may be any tile; trump: it must be a trump when the leader holds one "
        "(no such rule in follow-me, nello or sevens, which have no trumps)",
        source="any: no source cited here limits the first lead, and LukeConran texas-42 calls that standard play; trump: LukeConran texas-42 (src/engine/game.ts, openingLeadMustBeTrump: "
        "'House rule from some older writeups: the high bidder's first lead must be a trump')",
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
    ladder=Ladder(point_bids=tuple(range(30, 42)), mark_unit=42, opening_marks_max=2, forced_min=30, delve_marks=7),
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
        *LADDER_OPTIONS,
        AUCTION,
    ),
    contracts=CONTRACTS,
    follow_me_option=FOLLOW_ME.name,
    mark_raises={"one-more": OneMore(), "after-84": JumpOver(over=2, most_marks=4)},
)
