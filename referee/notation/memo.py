"""What a one-line item means, remembered by its text.

The ``hand`` line, calls, trump, the result, award and score repeat from hand to hand
(a simulated 100,000-hand corpus has 307 distinct ``bid`` lines and 8 ``trump`` lines),
and looking a line up costs less than reading it again.  The meaning is kept as
offsets within the line, so each hand's record still gets objects of its own at its
own places; only what can be shared is remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["FRESH_SIZE", "MEMO_SIZE", "LineMemo"]

MEMO_SIZE = 4096
"""Texts remembered per kind of line: the first ones met stay, later ones are worked
out each time, so memory stays flat on any input."""

FRESH_SIZE = 256
"""Lines remembered of an item whose lines seldom repeat (a running score): a game of few
scores (42's marks) has them all remembered, while most of Moon's, in points, are new in
each hand, and past these are read and not kept (keeping them costs each one and fills
the memory that lines which repeat are kept in)."""


class LineMemo(dict[str, Any]):
    """``memo[line]`` is ``parse(line)``, worked out once per text (at most ``MEMO_SIZE``).

    >>> memo = LineMemo(str.split)
    >>> memo["  trump fives"], len(memo)
    (['trump', 'fives'], 1)
    """

    def __init__(self, parse: Callable[[str], Any]) -> None:
        super().__init__()
        self.parse = parse

    def __missing__(self, line: str) -> Any:
        found = self.parse(line)
        if len(self) < MEMO_SIZE:
            self[line] = found
        return found
