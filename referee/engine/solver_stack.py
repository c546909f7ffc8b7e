"""The frame through which every double-dummy search starts, and the stack it reserves.

Kept apart from the search (``solver_search``), whose hot loop it serves only once a
search: what it is for is CPython's frame stack, not the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["ROOM", "enter"]

T = TypeVar("T")

ROOM = 7200
"""Words of stack reserved by the frame through which every search starts (``enter``).

CPython (3.11 on) keeps the frames of Python calls in chunks of 16 KiB, and frees a
chunk as soon as the frame at its base returns.  A search of Texas 88 is 54 plays
deep, about 35 KiB of frames, so it crosses chunk boundaries, and the depth where it
crosses one is visited hundreds of thousands of times: each visit mapped and unmapped
a chunk, a fifth of the CPU of a deal, moving with any change of the code that moved
the boundary.  A frame too large for a 16 KiB chunk gets a chunk of its own, rounded
up to a power of two: 128 KiB for this one, leaving about 70 KiB above it, in which
the whole search fits.  Elsewhere the larger frame only costs its memory."""


def enter(fn: Callable[[T, int, int], int], node: T, alpha: int, beta: int) -> int:
    """``fn(node, alpha, beta)``, called from a frame of ``ROOM`` words (set below)."""
    return fn(node, alpha, beta)


enter.__code__ = enter.__code__.replace(co_stacksize=ROOM)
