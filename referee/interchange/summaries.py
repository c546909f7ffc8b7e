"""The closing summary lines of ``check --format json`` and ``analyze --format json``.

Each line is a plain dataclass, written with ``summary_json``; its published schema
(``referee schema --for check``, ``--for analyze``) is the pydantic model made from the
same class (``shapes.model_of``), so what is written and what is published cannot
drift apart.  Nothing here imports pydantic: a command that writes a summary line
does not pay for it at start-up (about 0.1 s of CPU).

>>> summary_json(SummaryLine(type="summary", files=1, games=1, hands=10, errors=0, warnings=0, exit=0))
'{"type": "summary", "files": 1, "skipped": 0, "games": 1, "hands": 10, "errors": 0, "warnings": 0, "notes": 0, "exit": 0}'
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Literal

__all__ = ["AnalyzeSummary", "SummaryLine", "summary_json"]


@dataclass(frozen=True, kw_only=True, slots=True)
class SummaryLine:
    """The last line of ``check --format json``."""

    type: Literal["summary"]
    files: int
    skipped: int = 0
    """Files of the directories given that are not record files, and were not read."""
    games: int
    hands: int
    errors: int
    warnings: int
    notes: int = 0
    """Notes (W103, W106...): what the referee did, counted apart from the warnings."""
    exit: int


@dataclass(frozen=True, kw_only=True, slots=True)
class AnalyzeSummary:
    """The last line of ``analyze --format json``."""

    type: Literal["summary"]
    files: int
    games: int
    hands: int
    analysed: int
    not_analysed: int
    positions: int = 0
    """Positions of the hands analysed (one a play; the opening alone for a hand with no play)."""
    solved: int = 0
    """Those solved: the others were past the node budget or the time limit."""
    errors: int
    warnings: int
    notes: int = 0
    """Notes (W103, W106...): what the referee did, counted apart from the warnings."""
    exit: int


def summary_json(line: SummaryLine | AnalyzeSummary) -> str:
    """One summary as its JSON line (fields in the class's order, as the commands have always written them)."""
    return json.dumps(dataclasses.asdict(line))
