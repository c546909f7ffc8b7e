"""The JSON document ``referee convert`` writes: the record as written plus the verdict.

One versioned shape; ``referee schema`` prints its JSON Schema, committed as
``docs/record.schema.json``.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .record import RECORD_VERSION, GameRecord
from .verdict import GameVerdict

__all__ = ["Document", "json_schema"]


class Document(BaseModel):
    """One record in JSON: ``record`` is what was written, ``verdict`` what replay derived."""

    model_config = ConfigDict(extra="forbid", title="referee record document")

    format: Literal["referee-record"] = "referee-record"
    version: int = RECORD_VERSION
    file: str | None = None
    index: int | None = None
    """1-based position of the record in its file."""
    record: GameRecord
    verdict: GameVerdict | None = None


def json_schema() -> dict[str, Any]:
    schema = Document.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def schema_text() -> str:
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
