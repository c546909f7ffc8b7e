"""Counts in words, as every summary line writes them."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"
