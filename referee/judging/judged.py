"""A judged record: what the reader made of it, the verdict, every diagnostic, and the
trace when one was asked for.

Reports read it; ``referee.run.records`` makes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..engine.tiles import Tile
from ..engine.views import HandView
from ..notation.record import GameRecord
from .verdict import GameVerdict

__all__ = ["Judged", "Trace"]

Trace = dict[int, list[tuple[HandView, list[Tile]]]]
"""Hand place (1-based) -> the hand's state and the legal plays before each play, as
``Referee.judge(record, trace=...)`` fills it (for ``show``, ``report`` and ``analyze``).
A hand that reached its play but has no tile played (claimed or conceded before the
lead) has one entry: its opening position."""


@dataclass(slots=True)
class Judged:
    """One record of one file, with every diagnostic found for it."""

    file: str
    index: int
    record: GameRecord | None
    verdict: GameVerdict | None
    diagnostics: list[Diagnostic]
    trace: Trace | None = None
    """The position before each play, when the record was judged with a trace."""
