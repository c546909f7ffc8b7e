"""The JSON shapes of ``score``, ``rules`` and ``analyze``, and every schema ``referee schema`` prints.

``convert`` and ``check`` keep theirs in ``referee.interchange.documents``; this module
adds the score sheet (one row per hand plus a game row, a field per side, so a
spreadsheet can add them up) and the rule listing, and is the one registry the
``schema`` command and the tests read.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, RootModel

from ..interchange.bot_protocol import BotProtocolLine
from ..interchange.documents import SCHEMAS as INTERCHANGE_SCHEMAS
from ..interchange.documents import DiagnosticLine
from ..interchange.match_report import MatchLine
from ..interchange.shapes import model_of
from ..interchange.summaries import AnalyzeSummary as _AnalyzeSummary
from .league_schemas import DupsDocument, StandingsDocument, StatsDocument
from .score_shape import SCORE_VERSION, SIDES

__all__ = [
    "ANALYZE_VERSION",
    "SCHEMAS",
    "SCORE_VERSION",
    "SIDES",
    "AnalyzeHand",
    "AnalyzeLine",
    "AnalyzePlay",
    "RulesDocument",
    "ScoreLine",
    "ScoreRow",
    "schema_for",
    "schema_text",
]

_ROW = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class ScoreRow(BaseModel):
    """One row of a score sheet: a hand, or the game it belongs to (CSV row, JSON item)."""

    model_config = _ROW

    kind: Literal["hand", "game"]
    """hand: one hand; game: the record's totals, winner and diagnostics outside any hand."""
    file: str
    record: int
    """1-based position of the record (a game, or a logged hand) in its file."""
    hand: int | None
    """1-based position of the hand in its record; null in a game row."""
    rules: str | None
    event: str | None
    date: str | None
    round: str | None
    table: str | None
    dealer: str | None
    declarer: str | None
    declarer_name: str | None
    """The declarer's name from the seat tags ([North "Ann"], [A "Al"])."""
    bid: int | None
    """The winning bid, in the game's unit (points, or tricks in Moon)."""
    bid_suit: str | None
    """Texas 88: the suit named with the bid."""
    trump: str | None
    result: str | None
    """made, set, thrown in, or not followed (an error stopped the replay of the hand); a hand lost by a
    renege ruled at the table is `made (EW reneged)` or `set (NS reneged)`."""
    side_1: str | None
    """The first side (NS, A, ACE); sides follow the game's order."""
    players_1: str | None
    """Its players' names from the tags, joined with ' & '."""
    points_1: int | None
    """Points it took in the hand (tricks in Moon)."""
    award_1: int | None
    """Marks or points it scored for the hand."""
    score_1: int | None
    """Its running score after the hand; in a game row, the final score."""
    side_2: str | None
    players_2: str | None
    points_2: int | None
    award_2: int | None
    score_2: int | None
    side_3: str | None
    """Only Moon has a third side."""
    players_3: str | None
    points_3: int | None
    award_3: int | None
    score_3: int | None
    stated_result: str | None
    """The result line as the record writes it, when it does."""
    stated_award: str | None
    stated_score: str | None
    winner: str | None
    """Game rows: the side that won the game."""
    errors: str
    """Codes of the errors of this hand (or, in a game row, of the record outside its hands), space-separated."""
    warnings: str
    """Codes of its warnings and notes."""


class ScoreLine(BaseModel):
    """One line of ``score --format json``: a record's hand rows and its game row."""

    model_config = _ROW

    format: Literal["referee-score"]
    version: int
    file: str
    record: int
    rules: str | None
    mode: Literal["game", "log"] | None
    hands: list[ScoreRow]
    game: ScoreRow | None
    """The game row; null for a logged hand with nothing to report outside it."""
    score: dict[str, int] | None
    winner: str | None
    errors: int
    warnings: int
    notes: int = 0
    """Notes (W103, W106...): what the referee did, counted apart from the warnings."""


class OptionDoc(BaseModel):
    model_config = _ROW

    name: str
    values: list[str] | None
    """null: a whole number."""
    default: str
    meaning: str
    source: str


class ProfileDoc(BaseModel):
    model_config = _ROW

    name: str
    title: str
    table: dict[str, str]
    """The game before any option, in words: ``seats``, ``deal``, ``bids``, ``trump``, and
    ``contracts`` where it has special ones."""
    options: list[OptionDoc]


class HouseDoc(BaseModel):
    model_config = _ROW

    name: str
    base: str
    description: str
    file: str | None
    options: dict[str, str]
    """Every option's value under this profile."""


class SourceDoc(BaseModel):
    model_config = _ROW

    name: str
    title: str
    url: str | None


class RulesDocument(BaseModel):
    """What ``referee rules --format json`` prints: the built-in profiles, house profiles, sources."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, title="referee rules")

    format: Literal["referee-rules"]
    version: int
    profiles: list[ProfileDoc]
    house: list[HouseDoc]
    sources: list[SourceDoc]


ANALYZE_VERSION = 2
"""Version of the ``analyze --format json/csv`` shape (2: each position solved on its
own, so a value may be null, and ``unsolved`` says why)."""

Unsolved = Literal["budget", "time-limit", "not-reached"]


class AnalyzePlay(BaseModel):
    """One play of an analysed hand (values in the hand's ``unit``)."""

    model_config = _ROW

    trick: int
    seat: str
    player: str | None
    """The player's name from the seat tags."""
    tile: str
    solved: bool
    """Whether the position before this play was solved; when not, the values are null, ``best`` and ``values`` empty."""
    unsolved: Unsolved | None
    """Why not: past its node budget (`--budget`), being solved when the hand's time limit came (`--time-limit`), or not reached before it."""
    value_before: int | None
    """The declaring side's final total with best play by everyone from before this play."""
    value_after: int | None
    """The same once this tile is played."""
    cost: int | None
    """What the play gave away against the best play, for the side of its player (0: a best play)."""
    best: list[str]
    """Every legal tile that keeps ``value_before``."""
    values: dict[str, int]
    """Each legal tile -> the value after it."""
    swing: Literal["lost", "won"] | None
    """lost: the contract could be made before this play and cannot after it; won: the reverse."""


class PlayRef(BaseModel):
    """A play of ``plays``, named."""

    model_config = _ROW

    play: int
    """1-based place in ``plays``."""
    trick: int
    seat: str
    tile: str


class ParDeclaration(BaseModel):
    model_config = _ROW

    declaration: str
    value: int | None
    """The declarer's side's total with best play from the declarer's lead; null when not solved."""
    unit: Literal["points", "tricks"]
    """A nello's value is the declarer's tricks, in 42 too."""
    made: bool | None
    """Nello and sevens (all or nothing): whether best play makes them; null for the others."""
    unsolved: Unsolved | None
    """Why it has no value, as for a play."""


class AnalyzePar(BaseModel):
    """``--par``: the deal (after any exchange) solved under every declaration the rules allow."""

    model_config = _ROW

    declarer: str
    declarations: list[ParDeclaration]
    best: str | None
    """The declaration worth most to the declarer (the first on a tie); null when none was solved."""
    best_value: int | None
    best_unit: Literal["points", "tricks"] | None
    bid: int | None
    """The highest bid of the game's ladder that the best declaration makes; null when none."""


class AnalyzeHand(BaseModel):
    """One line of ``analyze --format json`` for each hand analysed."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    type: Literal["hand"]
    format: Literal["referee-analyze"]
    version: int
    file: str
    record: int
    """1-based place of the record (a game, or a logged hand) in its file."""
    hand: int
    """The hand's written number."""
    rules: str | None
    declarer: str
    declarer_name: str | None
    side: str
    """The declaring side: its values are the ones given."""
    bid: int
    bid_text: str
    """The winning bid as written: `30`, `60 sixes`, `168 plunge`."""
    trump: str
    unit: Literal["points", "tricks"]
    minimises: bool
    """Nello: the value is the declarer's tricks, which the declarer wants low."""
    forced: bool
    """Sevens: every play is forced (ties aside)."""
    need: int
    """The final value that makes the contract: at least this, or at most this when `minimises`."""
    opening_value: int | None
    """The value at the opening lead; null when that position was not solved."""
    opening_makes: bool | None
    final_value: int | None
    """The value after the last play recorded (the opening value when no tile was played); null when not solved."""
    positions: int
    """Positions of the hand: one a play, or the opening alone when no tile was played (claimed or conceded before the lead)."""
    solved: int
    """Positions solved; each of the others has no value and says why (``unsolved``)."""
    budget: int
    """Nodes each position's search could visit (`--budget`)."""
    time_limit: float | None
    """Seconds of CPU the hand's searches could take, par included (`--time-limit`; null: no limit)."""
    lost: PlayRef | None
    """The first play that turned a contract that could be made into one that cannot."""
    won: PlayRef | None
    """The first play that turned a contract that could not be made into one that can."""
    nodes: int
    """Nodes the searches visited for this hand (par not included)."""
    plays: list[AnalyzePlay]
    par: AnalyzePar | None


AnalyzeSummary = model_of(_AnalyzeSummary)
"""The last line of ``analyze --format json``, as published (``summaries.AnalyzeSummary`` writes it)."""


class AnalyzeLine(RootModel[AnalyzeHand | DiagnosticLine | AnalyzeSummary]):  # type: ignore[valid-type]
    """A line of ``analyze --format json``: a hand analysed, a diagnostic (as ``check``
    writes it; W105 for a hand not analysed), or the closing summary."""

    model_config = ConfigDict(title="referee analyze line")


SCHEMAS: dict[str, type[BaseModel]] = {
    "convert": INTERCHANGE_SCHEMAS["convert"],
    "check": INTERCHANGE_SCHEMAS["check"],
    "score": ScoreLine,
    "rules": RulesDocument,
    "analyze": AnalyzeLine,
    "dups": DupsDocument,
    "stats": StatsDocument,
    "standings": StandingsDocument,
    "bot": BotProtocolLine,
    "match": MatchLine,
}
"""What each command writes as JSON, by the name ``referee schema --for`` takes."""


def schema_for(kind: str) -> dict[str, Any]:
    schema = SCHEMAS[kind].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def schema_text(kind: str = "convert") -> str:
    return json.dumps(schema_for(kind), indent=2, sort_keys=True) + "\n"
