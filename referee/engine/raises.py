"""How mark bids rise over one another: the kinds of the ``mark-bids`` option.

A game names the kinds it offers in ``Game.mark_raises``, by the option's values;
``auction.check_amount`` asks the one in force (``Rules.mark_raise``) after the ladder
and the scoring rule have had their say.  Amounts are counted in marks here: the
ladder says what a mark is worth.

>>> from referee.engine.games import GAMES
>>> ladder = GAMES["42"].ladder
>>> OneMore().check(ladder, 4, 2)[0]
'the most allowed is 3'
>>> JumpOver(over=2, most_marks=4).check(ladder, 4, 2) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .profiles import Ladder

__all__ = ["JumpOver", "OneMore"]


@dataclass(frozen=True, slots=True)
class OneMore:
    """An opening mark bid (no mark bid yet) of at most the ladder's ``opening_marks_max``
    marks, then exactly one mark more at a time: the tournament rule ("Any player may bid
    up to 2 marks when 2 marks has not already been bid; subsequent bids may only be one
    additional mark", Harper tournament rules)."""

    def most(self, ladder: Ladder, current: int) -> int | None:
        opening = ladder.opening_marks_max
        return None if opening is None else max(opening, current + 1)

    def check(self, ladder: Ladder, marks: int, current: int) -> tuple[str, str] | None:
        limit = self.most(ladder, current)
        if limit is None or marks <= 1 or marks <= limit:
            return None
        return (
            f"the most allowed is {limit}",
            f"an opening mark bid is 1 or {ladder.opening_marks_max} marks; after that, one mark more at a time",
        )


@dataclass(frozen=True, slots=True)
class JumpOver:
    """Mark bids up to ``most_marks``; a bid of more than ``over`` marks only once a bid of
    ``over`` marks or more stands, and then any higher one.  LukeConran's texas-42 plays it
    with 42, 84, 126 and 168 ("Bids above 84 are legal only after someone has bid 84",
    ``src/engine/game.ts``), so 84 may be raised straight to 168."""

    over: int
    most_marks: int

    def most(self, ladder: Ladder, current: int) -> int | None:
        return self.most_marks

    def check(self, ladder: Ladder, marks: int, current: int) -> tuple[str, str] | None:
        unit = ladder.mark_unit or 0
        if marks > self.most_marks:
            return (
                f"the most is {self.most_marks} marks",
                f"mark bids are 1 to {self.most_marks} marks ({unit} to {self.most_marks * unit})",
            )
        if marks > self.over and current < self.over:
            return (
                f"more than {self.over} marks is bid only over a bid of {self.over} marks or more",
                f"1 or {self.over} marks may open; once {self.over} marks are bid, any higher bid up to {self.most_marks} marks",
            )
        return None
