"""Rule profiles as data: a frozen ``Game`` per game, ``Rules`` = a game plus its options.

A game is data plus named strategies (its exchange rule and its scoring rules,
``engine/exchange.py`` and ``engine/scoring.py``); each game lives in its own module
under ``engine/games/``.  Nothing outside those modules asks "which game is this?":
it reads these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal

from .. import codes
from .exchange import ExchangeRule
from .scoring import ScoringRule
from .tiles import ALL_TILES, Tile, count_value

__all__ = ["Contract", "Game", "Ladder", "OptionError", "OptionSpec", "Profile", "Rules", "make_rules"]


class OptionError(ValueError):
    """An unknown option, or a value an option does not take (code S005).

    ``key`` names the option at fault, so a house-rule file can point at its line.
    """

    code = codes.S005

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True, slots=True)
class Ladder:
    """The bids of a game, in the game's own unit (points, or tricks)."""

    point_bids: tuple[int, ...]
    """Bids that need that many points (tricks where counters do not score)."""
    forced_min: int
    """The lowest bid, which a forced dealer must reach."""
    mark_unit: int | None = None
    """Points in one mark bid; None: no mark bids."""
    mark_bids: tuple[int, ...] | None = None
    """Allowed mark counts, or None for 1, 2, 3, ... without limit."""
    opening_marks_max: int | None = None
    """The most marks an opening mark bid may be; after it, one mark at a time."""
    all_in_bids: tuple[int, ...] = ()
    """Bids that need every trick and end the auction."""
    needs_suit: bool = False
    """A bid names the trump suit, which the bidder must hold."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One named option a profile takes, with its values and default."""

    name: str
    values: tuple[str, ...] | None
    """None: a whole number."""
    default: str
    help: str
    source: str = ""
    """The public source the option follows."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A special contract, as data the engine reads.

    ``when`` says how a record names it: with the bid (plunge, splash) or as the
    declaration after the auction (nello, sevens).  Its option has its name.
    """

    name: str
    when: Literal["bid", "trump"]
    min_marks: int
    """The least bid it needs, in marks."""
    min_doubles: int = 0
    """Doubles the bidder must hold (checked against the deal)."""
    partner_names_trump: bool = False
    partner_out: bool = False
    """The declarer's partner sits out (turns skip the seat, tricks are smaller)."""
    lose_all: bool = False
    """The declarer must lose every trick; the hand ends at the first one taken."""
    doubles_option: str | None = None
    """The option that says where the doubles rank in this contract (``nello-doubles``)."""


@dataclass(frozen=True, slots=True)
class Game:
    """Everything fixed about one game: seats, tiles, ladder, points, strategies."""

    name: str
    title: str
    seats: tuple[str, ...]
    seat_names: tuple[str, ...]
    teams: tuple[int, ...]
    """The side each seat plays for."""
    team_labels: tuple[str, ...]
    tiles: tuple[Tile, ...]
    hand_size: int
    exchange: ExchangeRule
    """What happens to the tiles left undealt (none, a widow, a cat)."""
    scorings: Mapping[str, ScoringRule]
    """The scoring rules by the value of the ``scoring`` option; the first is the default."""
    trick_points: int
    counters_score: bool
    """Whether counters add points (else a trick is the unit)."""
    ladder: Ladder
    trump_from_bid: bool
    """Trump is the suit named in the winning bid."""
    declarations: tuple[str, ...]
    """Kinds the declarer may name: 'suit', 'doubles', 'follow-me'."""
    early_end: bool
    """Whether a hand may stop once no score can change."""
    concession: bool
    """Whether the declaring side's opponents can be conceded the rest (not when each plays alone)."""
    options: tuple[OptionSpec, ...]
    contracts: tuple[Contract, ...] = ()
    """Special contracts the game offers, each enabled by the option of its name."""
    set_note: str | None = None
    """A hint for a tile that is not in the set (the set leaves some out)."""
    follow_me_option: str | None = None
    """The option that says where doubles rank in follow-me."""
    copies: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Copies of each tile in the set, by tile id."""
    hand_total: int = field(init=False, repr=False, compare=False)
    """Points in play in one hand."""
    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The next seat clockwise from each seat."""
    contract_by_name: Mapping[str, Contract] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        copies = [0] * (max(ALL_TILES) + 1)
        for t in self.tiles:
            copies[t] += 1
        object.__setattr__(self, "copies", tuple(copies))
        counters = sum(count_value(t) for t in self.tiles) if self.counters_score else 0
        object.__setattr__(self, "hand_total", self.hand_size * self.trick_points + counters)
        n = len(self.seats)
        object.__setattr__(self, "next_seat", tuple((s + 1) % n for s in range(n)))
        object.__setattr__(self, "contract_by_name", MappingProxyType({c.name: c for c in reversed(self.contracts)}))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def tricks(self) -> int:
        return self.hand_size

    @property
    def kitty(self) -> str | None:
        """What the undealt tiles are called ('widow', 'cat'), or None."""
        return self.exchange.kitty_word

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

    def default_scoring(self) -> str:
        return next(iter(self.scorings))


@dataclass(frozen=True, slots=True)
class Rules:
    """A game plus the options a record (or a house-rule file) chose.

    ``options`` holds every option of the game with the value in force (the target
    as a number).  Generic code asks ``option(name)``; ``contract(name)`` gives a
    special contract only when its option is on.
    """

    game: Game
    options: Mapping[str, str]
    target: int
    profile: str | None = None
    """The house-rule profile these rules came from (None: the built-in game)."""
    scoring: ScoringRule = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "scoring", self.game.scorings[self.options.get("scoring", self.game.default_scoring())])

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def target_unit(self) -> str:
        return self.scoring.unit

    def option(self, name: str) -> str | None:
        """The value in force of option ``name`` (None: the game has no such option)."""
        return self.options.get(name)

    def option_values(self) -> dict[str, str]:
        """Every option of the game with the value in force, for reports."""
        return {spec.name: self.options[spec.name] for spec in self.game.options}

    def contract(self, name: str) -> Contract | None:
        """The special contract ``name`` when the game has it and its option is on."""
        for c in self.game.contracts:
            if c.name == name:
                return c if self.options.get(name) == "on" else None
        return None

    def offered(self, name: str) -> bool:
        """Whether the game has the contract at all (whatever the options)."""
        return any(c.name == name for c in self.game.contracts)

    def with_profile(self, profile: str) -> Rules:
        return replace(self, profile=profile)


@dataclass(frozen=True, slots=True)
class Profile:
    """A named rule set: a built-in game plus options, as a house-rule file defines it."""

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

    >>> make_rules("42", {"all-pass": "forced"}).option("all-pass")
    'forced'
    >>> make_rules("42", {"scoring": "points"}).target
    250
    >>> make_rules("42", {"nello-doubles": "low"})
    Traceback (most recent call last):
    ...
    referee.engine.profiles.OptionError: option nello-doubles needs nello=on
    """
    from .games import GAMES

    house = (profiles or {}).get(game)
    if house is not None:
        merged = dict(house.options)
        merged.update(options or {})
        return make_rules(house.base, merged).with_profile(house.name)
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
    values = {s.name: s.default for s in g.options}
    values.update(chosen)
    scoring = g.scorings[values.get("scoring", g.default_scoring())]
    if "target" in chosen:
        text = chosen["target"].strip()
        if not text.lstrip("+-").isdigit():
            raise OptionError(f"option target takes a whole number, not {chosen['target']!r}", "target")
        if len(text.lstrip("+-0")) > 9:
            raise OptionError("target must be at most 999999999", "target")
        target = int(text)
        if target <= 0:
            raise OptionError(f"target must be at least 1, not {target}", "target")
    else:
        target = scoring.default_target
    values["target"] = str(target)
    for c in g.contracts:
        if c.doubles_option is not None and c.doubles_option in chosen and values.get(c.name) != "on":
            raise OptionError(f"option {c.doubles_option} needs {c.name}=on", c.doubles_option)
    return Rules(game=g, options=values, target=target)
