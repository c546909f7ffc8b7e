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
"""Hand place (1-based) -> the hand's view and the legal plays before each play, then
where its replay of the plays stopped (before a claim), as ``Referee.judge(record,
trace=...)`` fills it (for ``show``, ``report`` and ``analyze``).  A hand followed to its
end has one entry more than it has plays (the last is the position after them); one
whose replay stopped at a play ends with the position before that play.  A hand that
never reached its play has no entry."""


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
