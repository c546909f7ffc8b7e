"""The JSON document ``referee convert`` writes: the record as written plus the verdict.

One versioned shape; ``referee schema`` prints its JSON Schema, committed as
``docs/record.schema.json``. The lines of ``check --format json`` are here too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, RootModel

from ..judging.verdict import GameVerdict
from ..notation.record import GameRecord
from .jsontext import document_json
from .shapes import Position, model_of
from .summaries import SummaryLine as _SummaryLine

__all__ = ["SCHEMAS", "CheckLine", "Document", "SummaryLine", "document_json"]

_Record = model_of(GameRecord)
_Verdict = model_of(GameVerdict)


class Document(BaseModel):
    """One record in JSON: ``record`` is what was written, ``verdict`` what replay derived."""

    model_config = ConfigDict(extra="forbid", title="referee record document")

    format: Literal["referee-record"] = "referee-record"
    version: Literal[5] = 5
    file: str | None = None
    index: int | None = None
    """1-based position of the record in its file."""
    record: _Record  # type: ignore[valid-type]
    verdict: _Verdict | None = None  # type: ignore[valid-type]


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


SummaryLine = model_of(_SummaryLine)
"""The last line of ``check --format json``, as published (``summaries.SummaryLine`` writes it)."""


class CheckLine(RootModel[DiagnosticLine | SummaryLine]):  # type: ignore[valid-type]
    """A line of ``check --format json``."""


SCHEMAS: dict[str, type[BaseModel]] = {"convert": Document, "check": CheckLine}
"""The interchange shapes, by the name ``referee schema --for`` takes; ``report.schemas``
adds the rest and is the registry the command reads."""
