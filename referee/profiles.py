"""Rule profiles as data: one frozen ``Game`` per game, ``Rules`` = game + options.

Nothing else in the package asks "which game is this?"; it reads these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .tiles import Tile, double_six, moon_set

__all__ = ["GAMES", "Game", "Ladder", "OptionError", "OptionSpec", "Rules", "make_rules"]

Scoring = Literal["marks", "points"]


class OptionError(ValueError):
    """An unknown option, or a value an option does not take (code S005)."""

    code = "S005"


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
)
_FOLLOW_ME = OptionSpec(
    name="follow-me-doubles",
    values=("high", "low"),
    default="high",
    help="in a follow-me (no trump) hand, doubles rank high or low in their suit",
)


def _target(help_: str) -> OptionSpec:
    return OptionSpec(name="target", values=None, default="", help=help_)


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
            ),
            _target("marks (default 7) or points (default 250) that win the game"),
            _FOLLOW_ME,
        ),
        points_target=250,
        marks_target=7,
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
            ),
            _target("points that win the game (default 21)"),
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
            ),
            _target("points (default 500) or marks (default 7) that win the game"),
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
            attr = spec.name.replace("-", "_")
            out[spec.name] = str(getattr(self, attr))
        return out


def make_rules(game: str, options: Mapping[str, str] | None = None) -> Rules:
    """Validate ``options`` against ``game``'s option specs; unknown or bad ones raise.

    >>> make_rules("42", {"all-pass": "forced"}).all_pass
    'forced'
    >>> make_rules("42", {"scoring": "points"}).target
    250
    """
    if game not in GAMES:
        raise OptionError(f"unknown rules profile {game!r}; the profiles are {', '.join(GAMES)}")
    g = GAMES[game]
    chosen: dict[str, str] = {}
    for key, value in (options or {}).items():
        spec = g.option(key)
        if spec is None:
            names = ", ".join(o.name for o in g.options)
            raise OptionError(f"{g.title} has no option {key!r}; its options are {names}")
        if spec.values is not None and value not in spec.values:
            raise OptionError(f"option {key} takes {' or '.join(spec.values)}, not {value!r}")
        chosen[key] = value
    values = {s.name: s.default for s in g.options if s.values is not None}
    values.update(chosen)
    scoring = values.get("scoring", "marks")
    if "target" in chosen:
        try:
            target = int(chosen["target"])
        except ValueError:
            raise OptionError(f"option target takes a whole number, not {chosen['target']!r}") from None
        if target <= 0:
            raise OptionError(f"target must be at least 1, not {target}")
    else:
        target = g.marks_target if scoring == "marks" else g.points_target
    return Rules(
        game=g,
        all_pass=values.get("all-pass", "reshake"),
        scoring=scoring,
        target=target,
        follow_me_doubles=values.get("follow-me-doubles", "high"),
    )
