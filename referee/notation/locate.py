"""Where the plays of a trick and the tiles of a deal row are, worked out when asked.

Reading keeps the place of every item and row and trick, but not of every play or
dealt tile: a clean hand never needs them.  A diagnostic about the third play of a
trick, or a comment inside it, asks here, and the trick's text is read again
with the words' places.  The play and tile rules are the reader's
(``items.play.scan``, ``items.deal.scan``); ``tests/notation`` checks that every place
found here holds the play or tile the reader made.
"""

from __future__ import annotations

from ..source import Span
from .tokens import LETTERS, TILES, TOKEN, is_tile_like

__all__ = ["play_spans", "tile_spans"]


def _words(text: str, start: int, end: int, base: int) -> list[tuple[str, int]]:
    """The words of ``text[start - base:end - base]`` with their offsets."""
    return [(m.group(), base + m.start()) for m in TOKEN.finditer(text, start - base, end - base)]


def play_spans(text: str, base: int, trick: Span) -> list[Span]:
    """The span of each play of the trick whose span is ``trick``, in a text that starts at
    offset ``base``: from its seat (if written) to its tile."""
    out: list[Span] = []
    seat = -1
    for word, at in _words(text, trick[0], trick[1], base):
        if word == "=>":
            break
        if word in TILES:
            out.append((seat if seat >= 0 else at, at + len(word)))
            seat = -1
        elif len(word) == 1 and word in LETTERS:
            seat = at
        elif is_tile_like(word):
            seat = -1
    return out


def tile_spans(text: str, base: int, row: Span) -> list[Span]:
    """The span of each tile of the deal row whose span is ``row``."""
    return [(at, at + len(word)) for word, at in _words(text, row[0], row[1], base) if word in TILES]
