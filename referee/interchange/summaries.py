"""The closing summary lines of ``check --format json`` and ``analyze --format json``.

The commands write these lines from the models themselves, so the published schemas
(``referee schema --for check``, ``--for analyze``) and what is written cannot drift
apart.  This module imports pydantic and nothing heavy: a command pays for it only
when it writes a JSON summary.

>>> summary_json(SummaryLine(type="summary", files=1, games=1, hands=10, errors=0, warnings=0, exit=0))
'{"type": "summary", "files": 1, "skipped": 0, "games": 1, "hands": 10, "errors": 0, "warnings": 0, "exit": 0}'
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["AnalyzeSummary", "SummaryLine", "summary_json"]


class SummaryLine(BaseModel):
    """The last line of ``check --format json``."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["summary"]
    files: int
    skipped: int = 0
    """Files of the directories given that are not record files, and were not read."""
    games: int
    hands: int
    errors: int
    warnings: int
    exit: int


class AnalyzeSummary(BaseModel):
    """The last line of ``analyze --format json``."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["summary"]
    files: int
    games: int
    hands: int
    analysed: int
    not_analysed: int
    errors: int
    warnings: int
    exit: int


def summary_json(line: SummaryLine | AnalyzeSummary) -> str:
    """One summary as its JSON line (fields in the model's order, as the commands have always written them)."""
    return json.dumps(line.model_dump())
