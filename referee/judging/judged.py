"""A judged record: what the reader made of it, the verdict, every diagnostic.

Reports read it; the pipeline makes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..notation.record import GameRecord
from .verdict import GameVerdict

__all__ = ["Judged"]


@dataclass(slots=True)
class Judged:
    """One record of one file, with every diagnostic found for it."""

    file: str
    index: int
    record: GameRecord | None
    verdict: GameVerdict | None
    diagnostics: list[Diagnostic]
