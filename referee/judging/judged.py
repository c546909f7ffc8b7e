"""A judged record: what the reader made of it, the verdict, every diagnostic, and the
trace when one was asked for.

Reports read it; ``referee.run.records`` makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..engine.tiles import Tile
from ..engine.views import HandView
from ..notation.record import GameRecord, TrickRecord
from .verdict import GameVerdict

__all__ = ["Judged", "Trace", "in_turn"]

Trace = dict[int, list[tuple[HandView, list[Tile]]]]
"""Hand place (1-based) -> the hand's view and the legal plays before each play, then
where its replay of the plays stopped (before a claim), as ``Referee.judge(record,
trace=...)`` fills it (for ``show``, ``report`` and ``analyze``).  A hand followed to its
end has one entry more than it has plays (the last is the position after them); one
whose replay stopped at a play ends with the position before that play.  A hand that
never reached its play has no entry."""


def in_turn(
    tricks: Sequence[TrickRecord], entries: Sequence[tuple[HandView, list[Tile]]], seat_of: Callable[[str], int | None]
) -> list[int]:
    """Where each play the trace saw is written (its place among the hand's plays, counted
    trick after trick), in the order the replay made them.  That is the written order,
    unless a trick was written out of turn with every seat named (W111): the replay made
    its plays in turn, so each position goes with the play of the seat whose turn it was.

    >>> from types import SimpleNamespace as NS
    >>> trick = TrickRecord(plays=[NS(seat="S"), NS(seat="W"), NS(seat="N")])
    >>> seat = {"N": 0, "E": 1, "S": 2, "W": 3}.get
    >>> in_turn([trick], [(NS(tricks=(), turn=t), []) for t in (3, 0, 2)], seat)
    [1, 2, 0]
    """
    flat = [(k, p.seat) for k, tr in enumerate(tricks) for p in tr.plays]
    reached = min(len(flat), len(entries))

    def fits(n: int, w: int) -> bool:
        seat = flat[w][1]
        return seat is None or seat_of(seat) == entries[n][0].turn

    if all(fits(n, n) for n in range(reached)):
        return list(range(reached))
    order: list[int] = []
    left = list(range(len(flat)))
    for n in range(reached):
        k = len(entries[n][0].tricks)
        pick = next((w for w in left if flat[w][0] == k and fits(n, w)), left[0])
        left.remove(pick)
        order.append(pick)
    return order


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
