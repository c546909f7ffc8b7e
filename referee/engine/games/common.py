"""Options shared by several games."""

from __future__ import annotations

from ..profiles import OptionSpec

__all__ = ["ALL_PASS", "AUCTION", "FOLLOW_ME", "ON_OFF", "RENEGE", "target"]

ALL_PASS = OptionSpec(
    name="all-pass",
    values=("reshake", "forced"),
    default="reshake",
    help="reshake: a hand everyone passes is thrown in; forced: the dealer must bid",
    source="reshake: Hearne tournament rules, domino-play.com 'Moon'; forced: Wikipedia '42 (dominoes)'; The Spruce Crafts 'Texas 42' names both",
)
AUCTION = OptionSpec(
    name="auction",
    values=("one-round", "until-one-left"),
    default="one-round",
    help="one-round: one call each from the dealer's left; until-one-left: the calls go round and round, "
    "a player who passes is out, and the auction ends when only the high bidder is left (or everyone passed)",
    source="one-round: The Spruce Crafts 'Texas 42' (clockwise from the dealer's left, each player bids), "
    "jswood23 my-texas-42 ('There is no second round of bidding'); "
    "until-one-left: VAB Moon & Texas 42 (worker/src/game-room.ts, nextBidder)",
)
FOLLOW_ME = OptionSpec(
    name="follow-me-doubles",
    values=("high", "low"),
    default="high",
    help="in a follow-me (no trump) hand, doubles rank high or low in their suit",
    source="high: The Spruce Crafts 'Texas 42' (the double is highest in its suit); low: pagat '42'",
)
ON_OFF = ("off", "on")
RENEGE = OptionSpec(
    name="renege",
    values=("lose-hand", "as-played"),
    default="lose-hand",
    help="a renege called at the table (`renege SEAT trick N`): lose-hand, the offending side loses the hand and the other "
    "side scores the bid (its marks, or the bid in points), all or nothing; as-played, the hand is scored as it was played",
    source="lose-hand: a hand lost is scored as a set bid is, 'When the bidder is set, the opponents get what he/she bid' "
    "(texas42.net '42 in a nutshell'); no source cited here states a renege penalty (docs/rules.md); "
    "as-played: for tables that only note the renege",
)


def target(help_: str, source: str) -> OptionSpec:
    return OptionSpec(name="target", values=None, default="", help=help_, source=source)
