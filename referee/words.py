"""Words as the referee writes and compares them: counts as every summary line writes
them, and the form in which two spellings of a player's name are compared."""

from __future__ import annotations

import unicodedata

__all__ = ["left_as_they_were", "name_key", "plural"]


def plural(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def left_as_they_were(n: int) -> str:
    """The end of a rewriting command's summary: files not rewritten because of an error,
    pointing at the errors only when there are some.

    >>> left_as_they_were(0), left_as_they_were(2)
    ('0 left as they were', '2 left as they were (errors above)')
    """
    return f"{n:,} left as they were" + (" (errors above)" if n else "")


def name_key(name: str) -> str:
    """What two spellings of one name share: accents taken off (``é`` -> ``e``, by Unicode
    decomposition), case folded (``ß`` -> ``ss``), and every space removed (``Jo Ann`` and
    ``JoAnn`` are one name).  Every comparison of players' names goes through it
    (``league.names``, and the ``[players]`` table of a house-rule file).

    >>> name_key("  José   Díaz ") == name_key("jose diaz") == name_key("JOSEDIAZ")
    True
    >>> name_key("Zoë  Ann"), name_key("STRAßE")
    ('zoeann', 'strasse')
    """
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(unicodedata.normalize("NFC", bare).casefold().split())
