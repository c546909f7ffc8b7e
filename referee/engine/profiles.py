"""Rule profiles as data: one frozen ``Game`` per game, ``Rules`` = game + options.

Nothing else in the package asks "which game is this?"; it reads these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .tiles import Tile, double_six, moon_set

__all__ = ["GAMES", "Contract", "Game", "Ladder", "OptionError", "OptionSpec", "Profile", "Rules", "make_rules"]

Scoring = Literal["marks", "points"]


class OptionError(ValueError):
    """An unknown option, or a value an option does not take (code S005).

    ``key`` names the option at fault, so a house-rule file can point at its line.
    """

    code = "S005"

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


class Ladder(BaseModel):
    """The bids of a game, in the game's own unit (points, or tricks in Moon)."""

    model_config = ConfigDict(frozen=True)

    point_bids: tuple[int, ...]
    """Bids that need that many points (tricks in Moon)."""
    mark_unit: int | None = None
    """Points in one mark bid (42 in 42, 88 in Texas 88); None: no mark bids."""
    mark_bids: tuple[int, ...] | None = None
    """Allowed mark counts, or None for 1, 2, 3, ... without limit."""
    opening_marks_max: int | None = None
    """42: the first mark bid is at most 2 marks, then one mark at a time."""
    all_in_bids: tuple[int, ...] = ()
    """Bids that need every trick and end the auction (Moon's 21)."""
    needs_suit: bool = False
    """Texas 88: a bid names the trump suit, which the bidder must hold."""
    forced_min: int
    """The lowest bid, which a forced dealer must reach."""
    points_mark_bids: tuple[int, ...] | None = None
    """42 under points scoring: the only mark bids (1, 2, 4 marks = 42, 84, 168);
    one above ``opening_marks_max`` only directly over the one before it."""


class OptionSpec(BaseModel):
    """One named option a profile takes, with its values and default."""

    model_config = ConfigDict(frozen=True)

    name: str
    values: tuple[str, ...] | None  # None: a whole number
    default: str
    help: str
    source: str = ""
    """The tradition the option follows (RULES.md, pagat, N42PA/Hearne)."""


class Contract(BaseModel):
    """A special contract of RULES.md section 2, as data the engine reads.

    ``when`` says how a record names it: with the bid (plunge, splash) or as
    the declaration after the auction (nello, sevens).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    when: Literal["bid", "trump"]
    min_marks: int
    """The least bid it needs, in marks."""
    min_doubles: int = 0
    """Doubles the bidder must hold (checked against the deal)."""
    partner_names_trump: bool = False
    partner_out: bool = False
    """Nello: the declarer's partner sits out (turns skip the seat, tricks are smaller)."""
    lose_all: bool = False
    """Nello: the declarer must lose every trick; the hand ends at the first one taken."""


class Game(BaseModel):
    """Everything fixed about one game: seats, tiles, ladder, points."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    name: str
    title: str
    seats: tuple[str, ...]
    seat_names: tuple[str, ...]
    teams: tuple[int, ...]
    """The side each seat plays for."""
    team_labels: tuple[str, ...]
    tiles: tuple[Tile, ...]
    hand_size: int
    kitty: Literal["widow", "cat"] | None
    kitty_size: int
    trick_points: int
    counters_score: bool
    """Whether counters add points (not in Moon, where a trick is a point)."""
    ladder: Ladder
    trump_from_bid: bool
    """Texas 88: trump is the suit named in the winning bid."""
    declarations: tuple[str, ...]
    """Kinds the declarer may name: 'suit', 'doubles', 'follow-me'."""
    early_end: bool
    """Whether a hand may stop once no score can change (never in Moon)."""
    options: tuple[OptionSpec, ...]
    points_target: int
    marks_target: int
    contracts: tuple[Contract, ...] = ()
    """Special contracts the game offers, each enabled by its own option."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def tricks(self) -> int:
        return self.hand_size

    @property
    def hand_total(self) -> int:
        """Points in play in one hand: 42, 7 or 88."""
        counters = sum(_COUNTS[t] for t in self.tiles) if self.counters_score else 0
        return self.tricks * self.trick_points + counters

    def seat_index(self, label: str) -> int | None:
        up = label.upper()
        for i, (s, n) in enumerate(zip(self.seats, self.seat_names, strict=True)):
            if up in (s, n.upper()):
                return i
        return None

    def option(self, name: str) -> OptionSpec | None:
        for o in self.options:
            if o.name == name:
                return o
        return None


_COUNTS = {t: (10 if t.pips == 10 else 5 if t.pips == 5 else 0) for t in double_six()}

_ALL_PASS = OptionSpec(
    name="all-pass",
    values=("reshake", "forced"),
    default="reshake",
    help="reshake: a hand everyone passes is thrown in; forced: the dealer must bid",
    source="reshake: Hearne tournament rules, domino-play.com 'Moon'; forced: Wikipedia '42 (dominoes)'; The Spruce Crafts 'Texas 42' names both",
)
_FOLLOW_ME = OptionSpec(
    name="follow-me-doubles",
    values=("high", "low"),
    default="high",
    help="in a follow-me (no trump) hand, doubles rank high or low in their suit",
    source="high: The Spruce Crafts 'Texas 42' (the double is highest in its suit); low: pagat '42'",
)
_ON_OFF = ("off", "on")


def _target(help_: str, source: str) -> OptionSpec:
    return OptionSpec(name="target", values=None, default="", help=help_, source=source)


_CONTRACTS_42 = (
    Contract(name="nello", when="trump", min_marks=1, partner_out=True, lose_all=True),
    Contract(name="plunge", when="bid", min_marks=4, min_doubles=4, partner_names_trump=True),
    Contract(name="splash", when="bid", min_marks=2, min_doubles=3, partner_names_trump=True),
    Contract(name="sevens", when="trump", min_marks=1),
)
_CONTRACT_OPTIONS_42 = (
    OptionSpec(
        name="nello",
        values=_ON_OFF,
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
        values=_ON_OFF,
        default="off",
        help="a bidder holding 4+ doubles may bid plunge (4 marks or more, `bid N 168 plunge`); partner names trump; all tricks",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
    OptionSpec(
        name="splash",
        values=_ON_OFF,
        default="off",
        help="like plunge with 3+ doubles and 2 marks or more (`bid N 84 splash`)",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
    OptionSpec(
        name="sevens",
        values=_ON_OFF,
        default="off",
        help="after a bid of 1 mark or more the declarer may call sevens: each player plays the tile nearest 7 pips, "
        "nearest wins (`trump sevens`); all tricks",
        source="pagat '42', Wikipedia '42 (dominoes)'; not played in N42PA or Hearne tournaments",
    ),
)


GAMES: dict[str, Game] = {
    "42": Game(
        name="42",
        title="Texas 42",
        seats=("N", "E", "S", "W"),
        seat_names=("North", "East", "South", "West"),
        teams=(0, 1, 0, 1),
        team_labels=("NS", "EW"),
        tiles=double_six(),
        hand_size=7,
        kitty=None,
        kitty_size=0,
        trick_points=1,
        counters_score=True,
        ladder=Ladder(point_bids=tuple(range(30, 42)), mark_unit=42, opening_marks_max=2, forced_min=30, points_mark_bids=(1, 2, 4)),
        trump_from_bid=False,
        declarations=("suit", "doubles", "follow-me"),
        early_end=True,
        options=(
            _ALL_PASS,
            OptionSpec(
                name="scoring",
                values=("marks", "points"),
                default="marks",
                help="marks: 1 mark a hand, game to 7; points: pagat's points version, game to 250",
                source="marks: Wikipedia '42 (dominoes)', The Spruce Crafts 'Texas 42', N42PA; points: pagat '42'",
            ),
            _target(
                "marks (default 7) or points (default 250) that win the game",
                "7 marks: The Spruce Crafts 'Texas 42', Wikipedia '42 (dominoes)'; 250 points: Wikipedia '42 (dominoes)'",
            ),
            _FOLLOW_ME,
            *_CONTRACT_OPTIONS_42,
        ),
        points_target=250,
        marks_target=7,
        contracts=_CONTRACTS_42,
    ),
    "moon": Game(
        name="moon",
        title="Moon",
        seats=("A", "B", "C"),
        seat_names=("A", "B", "C"),
        teams=(0, 1, 2),
        team_labels=("A", "B", "C"),
        tiles=moon_set(),
        hand_size=7,
        kitty="widow",
        kitty_size=1,
        trick_points=1,
        counters_score=False,
        ladder=Ladder(point_bids=(4, 5, 6, 7), all_in_bids=(21,), forced_min=4),
        trump_from_bid=False,
        declarations=("suit", "doubles", "follow-me"),
        early_end=False,
        options=(
            _ALL_PASS,
            OptionSpec(
                name="scoring",
                values=("points",),
                default="points",
                help="points: made bid scores the bid, set scores minus the bid, opponents 1 a trick",
                source="dominorules.com 'Moon' (a set bidder loses the bid, the others score their tricks); no overtrick bonus: the rule texts the project was given (a Moon rule sheet)",
            ),
            _target("points that win the game (default 21)", "gamerules.com 'Three-Player Moon' (21 points)"),
            _FOLLOW_ME,
        ),
        points_target=21,
        marks_target=21,
    ),
    "88": Game(
        name="88",
        title="Texas 88",
        seats=("A", "B", "C", "D", "E", "F"),
        seat_names=("A", "B", "C", "D", "E", "F"),
        teams=(0, 1, 0, 1, 0, 1),
        team_labels=("ACE", "BDF"),
        tiles=tuple(sorted(double_six() * 2, reverse=True)),
        hand_size=9,
        kitty="cat",
        kitty_size=2,
        trick_points=2,
        counters_score=True,
        ladder=Ladder(point_bids=tuple(range(60, 89, 2)), mark_unit=88, mark_bids=(2, 3, 4), needs_suit=True, forced_min=60),
        trump_from_bid=True,
        declarations=("suit",),
        early_end=True,
        options=(
            OptionSpec(
                name="scoring",
                values=("points", "marks"),
                default="points",
                help="points: both sides score what they took, game to 500; marks: game to 7 marks",
                source="points and marks: the rule texts the project was given (a six-player 42 rule sheet, after pagat 'Texas 88')",
            ),
            _target(
                "points (default 500) or marks (default 7) that win the game",
                "the rule texts the project was given (a six-player 42 rule sheet): 500 in its scoring section, 250 in its opening",
            ),
        ),
        points_target=500,
        marks_target=7,
    ),
}


class Rules(BaseModel):
    """A game plus the options a record (or a house-rule file) chose."""

    model_config = ConfigDict(frozen=True)

    game: Game
    all_pass: Literal["reshake", "forced"] = "reshake"
    scoring: Scoring = "marks"
    target: int = 7
    follow_me_doubles: Literal["high", "low"] = "high"
    nello: bool = False
    nello_doubles: Literal["own-suit", "high", "low"] = "own-suit"
    plunge: bool = False
    splash: bool = False
    sevens: bool = False
    profile: str | None = None
    """The house-rule profile these rules came from (None: the built-in game)."""

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def target_unit(self) -> str:
        return "marks" if self.scoring == "marks" else "points"

    def option_values(self) -> dict[str, str]:
        """Every option of the game with the value in force, for reports."""
        out: dict[str, str] = {}
        for spec in self.game.options:
            value = getattr(self, spec.name.replace("-", "_"))
            out[spec.name] = ("on" if value else "off") if isinstance(value, bool) else str(value)
        return out

    def contract(self, name: str) -> Contract | None:
        """The special contract ``name`` when the game has it and its option is on."""
        for c in self.game.contracts:
            if c.name == name:
                return c if getattr(self, name.replace("-", "_"), False) else None
        return None

    def offered(self, name: str) -> bool:
        """Whether the game has the contract at all (whatever the options)."""
        return any(c.name == name for c in self.game.contracts)


class Profile(BaseModel):
    """A named rule set: a built-in game plus options, as a house-rule file defines it."""

    model_config = ConfigDict(frozen=True)

    name: str
    base: str
    options: tuple[tuple[str, str], ...] = ()
    description: str = ""
    source: str | None = None
    """The file the profile was read from."""


def make_rules(game: str, options: Mapping[str, str] | None = None, profiles: Mapping[str, Profile] | None = None) -> Rules:
    """Validate ``options`` against ``game``'s option specs; unknown or bad ones raise.

    ``game`` is a built-in game or the name of one of ``profiles`` (house rules),
    whose options come first and ``options`` override them.

    >>> make_rules("42", {"all-pass": "forced"}).all_pass
    'forced'
    >>> make_rules("42", {"scoring": "points"}).target
    250
    >>> make_rules("42", {"nello-doubles": "low"})
    Traceback (most recent call last):
    ...
    referee.engine.profiles.OptionError: option nello-doubles needs nello=on
    """
    house = (profiles or {}).get(game)
    if house is not None:
        merged = dict(house.options)
        merged.update(options or {})
        return make_rules(house.base, merged).model_copy(update={"profile": house.name})
    if game not in GAMES:
        known = [*GAMES, *(profiles or {})]
        raise OptionError(f"unknown rules profile {game!r}; the profiles are {', '.join(known)}")
    g = GAMES[game]
    chosen: dict[str, str] = {}
    for key, value in (options or {}).items():
        spec = g.option(key)
        if spec is None:
            names = ", ".join(o.name for o in g.options)
            raise OptionError(f"{g.title} has no option {key!r}; its options are {names}", key)
        if spec.values is not None and value not in spec.values:
            raise OptionError(f"option {key} takes {' or '.join(spec.values)}, not {value!r}", key)
        chosen[key] = value
    values = {s.name: s.default for s in g.options if s.values is not None}
    values.update(chosen)
    scoring = values.get("scoring", "marks")
    if "target" in chosen:
        try:
            target = int(chosen["target"])
        except ValueError:
            raise OptionError(f"option target takes a whole number, not {chosen['target']!r}", "target") from None
        if target <= 0:
            raise OptionError(f"target must be at least 1, not {target}", "target")
    else:
        target = g.marks_target if scoring == "marks" else g.points_target
    if "nello-doubles" in chosen and values.get("nello") != "on":
        raise OptionError("option nello-doubles needs nello=on", "nello-doubles")
    return Rules(
        game=g,
        all_pass=values.get("all-pass", "reshake"),
        scoring=scoring,
        target=target,
        follow_me_doubles=values.get("follow-me-doubles", "high"),
        nello=values.get("nello") == "on",
        nello_doubles=values.get("nello-doubles", "own-suit"),
        plunge=values.get("plunge") == "on",
        splash=values.get("splash") == "on",
        sevens=values.get("sevens") == "on",
    )
