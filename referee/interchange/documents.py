"""The JSON document ``referee convert`` writes: the record as written plus the verdict.

One versioned shape; ``referee schema`` prints its JSON Schema, committed as
``docs/record.schema.json``.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, RootModel

from ..judge.judged import Judged
from ..judge.verdict import GameVerdict
from ..notation.record import RECORD_VERSION, GameRecord
from .shapes import Position, dump, model_of

__all__ = ["SCHEMAS", "Document", "document_json", "json_schema", "schema_for", "schema_text"]

_Record = model_of(GameRecord)
_Verdict = model_of(GameVerdict)


class Document(BaseModel):
    """One record in JSON: ``record`` is what was written, ``verdict`` what replay derived."""

    model_config = ConfigDict(extra="forbid", title="referee record document")

    format: Literal["referee-record"] = "referee-record"
    version: Literal[2] = 2
    file: str | None = None
    index: int | None = None
    """1-based position of the record in its file."""
    record: _Record  # type: ignore[valid-type]
    verdict: _Verdict | None = None  # type: ignore[valid-type]


def document_json(j: Judged) -> str | None:
    """``convert``'s document of one judged record, as one line of JSON."""
    if j.record is None:
        return None
    source = j.record.source
    doc = {
        "format": "referee-record",
        "version": RECORD_VERSION,
        "file": j.file,
        "index": j.index,
        "record": dump(j.record, source),
        "verdict": dump(j.verdict, source),
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def json_schema() -> dict[str, Any]:
    """The schema of the documents ``convert`` writes."""
    return schema_for("convert")


def schema_text(kind: str = "convert") -> str:
    return json.dumps(schema_for(kind), indent=2, sort_keys=True) + "\n"


class DiagnosticLine(BaseModel):
    """One line of ``check --format json``: a diagnostic."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["diagnostic"]
    code: str
    severity: Literal["error", "warning", "note"]
    message: str
    file: str | None
    at: Position | None
    hint: str | None
    game: int | None
    hand: int | None


class SummaryLine(BaseModel):
    """The last line of ``check --format json``."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["summary"]
    files: int
    games: int
    hands: int
    errors: int
    warnings: int
    exit: int


class HandRow(BaseModel):
    """One hand of ``score``: a CSV row, or an item of a ``score --format json`` line."""

    model_config = ConfigDict(extra="forbid")

    file: str
    record: int
    hand: int
    rules: str
    dealer: str
    declarer: str
    bid: str
    trump: str
    points: str
    result: str
    award: str
    score: str
    stated_result: str
    stated_award: str
    stated_score: str
    errors: str


class ScoreLine(BaseModel):
    """One line of ``score --format json``: a record's hands, score and winner."""

    model_config = ConfigDict(extra="forbid")

    file: str
    record: int
    rules: str | None
    hands: list[HandRow]
    score: dict[str, int] | None
    winner: str | None
    errors: int


class CheckLine(RootModel[DiagnosticLine | SummaryLine]):
    """A line of ``check --format json``."""


SCHEMAS: dict[str, type[BaseModel]] = {"convert": Document, "check": CheckLine, "score": ScoreLine}
"""What each command writes as JSON, by the name ``referee schema --for`` takes."""


def schema_for(kind: str) -> dict[str, Any]:
    schema = SCHEMAS[kind].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
