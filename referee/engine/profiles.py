"""The types of rule profiles: a frozen ``Game`` per game, ``Rules`` = a game plus its options.

A game is data plus named strategies (its exchange rule and its scoring rules, whose
protocols are here and whose kinds are in ``engine/exchange.py`` and
``engine/scoring.py``); each game lives in its own module under ``engine/games/``,
where ``make_rules`` builds a ``Rules`` from a game's name.  Nothing outside those
modules asks "which game is this?": it reads these fields.

This module holds types only, so that the strategies, the games and the hand can all
import it and it imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal, Protocol

from .. import codes
from .refusal import Refusal
from .tiles import ALL_TILES, Tile, count_value

__all__ = [
    "Contract",
    "ExchangeRule",
    "Game",
    "Ladder",
    "MarkRaiseRule",
    "OptionError",
    "OptionSpec",
    "Profile",
    "Rules",
    "ScoringRule",
]


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
    delve_marks: int | None = None
    """The marks of a delve: a bid that may be made over any lower bid (option ``delve``)."""

    def marks_in(self, amount: int) -> int:
        """Whole marks a bid is (0 for a point bid).

        >>> ladder = Ladder(point_bids=tuple(range(30, 42)), forced_min=30, mark_unit=42)
        >>> ladder.marks_in(84), ladder.marks_in(41), ladder.bid_marks(41)
        (2, 0, 1)
        """
        unit = self.mark_unit
        if unit is None or amount < unit or amount % unit:
            return 0
        return amount // unit

    def bid_marks(self, amount: int) -> int:
        """Marks a bid is worth under marks scoring: a point bid is 1 mark."""
        return max(1, self.marks_in(amount)) if self.mark_unit else 1


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
    needs: tuple[str, ...] = ()
    """``name=value`` settings the option needs when a record sets it (``make_rules`` checks)."""


class ExchangeRule(Protocol):
    """What happens to the tiles left undealt (the kinds are in ``engine/exchange.py``)."""

    @property
    def kitty_word(self) -> str | None:
        """What the undealt tiles are called ('widow', 'cat'); None: there are none."""

    @property
    def takes_whole(self) -> bool:
        """The declarer must take every undealt tile."""

    def check(self, who: str, held: Sequence[Tile], kitty: Sequence[Tile], take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        """Why the declarer ``who``, holding ``held``, may not take ``take`` from ``kitty``
        and put back ``give``."""


class MarkRaiseRule(Protocol):
    """How mark bids may rise over one another (the kinds are in ``engine/raises.py``)."""

    def most(self, ladder: Ladder, current: int) -> int | None:
        """The most marks a bid may be over a current bid of ``current`` marks (None: no limit)."""

    def check(self, ladder: Ladder, marks: int, current: int) -> tuple[str, str] | None:
        """Why a bid of ``marks`` marks may not follow one of ``current`` marks (0: none yet):
        the reason and a hint, or None."""


class ScoringRule(Protocol):
    """What a scoring rule tells the engine (the kinds are in ``engine/scoring.py``)."""

    @property
    def name(self) -> str:
        """The value of the ``scoring`` option that chooses it."""

    @property
    def unit(self) -> str:
        """What awards and the target count: 'marks' or 'points'."""

    @property
    def default_target(self) -> int:
        """The game target when the record names none."""

    @property
    def mark_steps(self) -> tuple[int, ...] | None:
        """The only mark bids allowed under this scoring (None: the ladder's)."""

    @property
    def award_all_sides(self) -> bool:
        """Every side scores every hand (the records write each side's award)."""

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        """What each side scores for a hand the declaring ``team`` bid ``amount`` on."""

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        """Whether the hand may stop early: nothing left to play can change its score."""

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        """What each side scores when ``offender`` loses the hand by a ruling (a renege):
        the bid counts as set when the declaring ``team`` offended, else as made, all or nothing."""


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
    lead_option: str | None = None
    """The option that says who leads the first trick, the declarer or the partner who named
    trump (``plunge-lead``); None: the declarer."""
    marks_option: str | None = None
    """The option that raises ``min_marks`` (``nello-marks``: its value is the least marks)."""
    forced_option: str | None = None
    """The option that lets a dealer forced to bid play the contract on a bid of 1 mark
    whatever ``marks_option`` says (``forced-nello``)."""

    @property
    def options(self) -> tuple[str, ...]:
        """The options that only mean something with this contract on."""
        return tuple(o for o in (self.doubles_option, self.lead_option, self.marks_option, self.forced_option) if o is not None)


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
    mark_raises: Mapping[str, MarkRaiseRule] = field(default_factory=dict)
    """How mark bids rise, by the value of the ``mark-bids`` option; the first is the default
    (empty: only the ladder limits them)."""
    copies: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Copies of each tile in the set, by tile id."""
    hand_total: int = field(init=False, repr=False, compare=False)
    """Points in play in one hand."""
    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The next seat clockwise from each seat."""
    contract_by_name: Mapping[str, Contract] = field(init=False, repr=False, compare=False)
    single_set: frozenset[Tile] | None = field(init=False, repr=False, compare=False)
    """The tiles of the set when it holds each once (None when it holds some twice)."""
    players: int = field(init=False, repr=False, compare=False)
    """How many play (one a seat): a field, not a property, as the replay asks it several times a hand."""
    tricks: int = field(init=False, repr=False, compare=False)
    """Tricks in a hand (one a tile of a hand)."""
    kitty: str | None = field(init=False, repr=False, compare=False)
    """What the undealt tiles are called ('widow', 'cat'), or None (``exchange.kitty_word``)."""

    def __post_init__(self) -> None:
        copies = [0] * (max(ALL_TILES) + 1)
        for t in self.tiles:
            copies[t] += 1
        object.__setattr__(self, "copies", tuple(copies))
        object.__setattr__(self, "single_set", frozenset(self.tiles) if max(copies) == 1 else None)
        counters = sum(count_value(t) for t in self.tiles) if self.counters_score else 0
        object.__setattr__(self, "hand_total", self.hand_size * self.trick_points + counters)
        n = len(self.seats)
        object.__setattr__(self, "players", n)
        object.__setattr__(self, "tricks", self.hand_size)
        object.__setattr__(self, "kitty", self.exchange.kitty_word)
        object.__setattr__(self, "next_seat", tuple((s + 1) % n for s in range(n)))
        object.__setattr__(self, "contract_by_name", MappingProxyType({c.name: c for c in reversed(self.contracts)}))

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

    def needs_all_tricks(self, amount: int) -> bool:
        """Whether a bid of ``amount`` needs every trick: in 42 a bid of 42 or more, in
        Texas 88 over 88, in Moon the 21 (and 7, which is every trick).

        >>> from referee.engine.games import GAMES
        >>> GAMES["42"].needs_all_tricks(41), GAMES["42"].needs_all_tricks(84), GAMES["moon"].needs_all_tricks(21)
        (False, True, True)
        """
        ladder = self.ladder
        if amount in ladder.all_in_bids:
            return True
        if ladder.mark_unit is None:
            return amount >= self.tricks
        if amount in ladder.point_bids:
            return False
        return ladder.marks_in(amount) >= 1


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
    mark_raise: MarkRaiseRule | None = field(init=False, repr=False, compare=False)
    """How mark bids rise under these options (None: only the ladder limits them)."""
    until_one_left: bool = field(init=False, repr=False, compare=False)
    """``auction=until-one-left``: read once here, not at every call of every hand."""
    trump_lead: bool = field(init=False, repr=False, compare=False)
    """``opening-lead=trump``: read once here, not at every hand's declaration."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "until_one_left", self.options.get("auction") == "until-one-left")
        object.__setattr__(self, "trump_lead", self.options.get("opening-lead") == "trump")
        object.__setattr__(self, "scoring", self.game.scorings[self.options.get("scoring", self.game.default_scoring())])
        raises = self.game.mark_raises
        chosen = self.options.get("mark-bids", next(iter(raises), ""))
        object.__setattr__(self, "mark_raise", raises.get(chosen))

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
