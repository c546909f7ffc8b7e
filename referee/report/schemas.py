"""The JSON shapes of ``score`` and ``rules``, and every schema ``referee schema`` prints.

``convert`` and ``check`` keep theirs in ``referee.interchange.documents``; this module
adds the score sheet (one row per hand plus a game row, a field per side, so a
spreadsheet can add them up) and the rule listing, and is the one registry the
``schema`` command and the tests read.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..interchange.documents import SCHEMAS as INTERCHANGE_SCHEMAS
from ..league.shapes import DupsDocument, StandingsDocument, StatsDocument

__all__ = ["SCHEMAS", "SCORE_VERSION", "SIDES", "RulesDocument", "ScoreLine", "ScoreRow", "schema_for", "schema_text"]

SCORE_VERSION = 2
"""Version of the ``score --format json/csv`` shape; 2: a field per side, tags, game rows."""

SIDES = 3
"""Side columns in a row: the most sides a game has (Moon's three players)."""

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


SCHEMAS: dict[str, type[BaseModel]] = {
    "convert": INTERCHANGE_SCHEMAS["convert"],
    "check": INTERCHANGE_SCHEMAS["check"],
    "score": ScoreLine,
    "rules": RulesDocument,
    "dups": DupsDocument,
    "stats": StatsDocument,
    "standings": StandingsDocument,
}
"""What each command writes as JSON, by the name ``referee schema --for`` takes."""


def schema_for(kind: str) -> dict[str, Any]:
    schema = SCHEMAS[kind].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def schema_text(kind: str = "convert") -> str:
    return json.dumps(schema_for(kind), indent=2, sort_keys=True) + "\n"
