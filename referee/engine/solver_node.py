"""A moment of play as the double-dummy search is asked it, and how a search gives up.

Apart from the search (``solver_search``) so that its driver and callers name these
without the search's code, and so that the search's module stays its hot loop.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Node", "OutOfBudget", "OutOfTime"]


class OutOfBudget(Exception):
    """The search visited more nodes than its budget allows."""


class OutOfTime(OutOfBudget):
    """The search's ``stop`` said to give up (a time limit) before the budget ran out."""


class Node(NamedTuple):
    """A moment of play: who plays, and the trick so far."""

    seat: int
    k: int
    """Tiles already in the trick."""
    led: int
    """The suit the trick's first tile called (0 when ``k == 0``)."""
    best_s: int
    best_seat: int
    pts: int
    """Points the trick holds so far, its trick points included."""
    played: int
    """Slots played to the trick."""
    rem: int
    """Points still to be taken from the start of this trick."""
    left: int
    """Tricks still to play, this one included."""
