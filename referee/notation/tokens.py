"""The words of the notation, as the reader's hot path classifies them.

Every table here is generated from the grammar's terminals (``grammar.terminals``)
or from the engine's data, and ``tests/notation/test_grammar.py`` holds each one
against the terminal it stands for: the dictionaries are only faster ways to ask
the same question as the grammar's regular expressions.
"""

from __future__ import annotations

import re

from .. import codes
from ..codes import Code
from ..engine.declarations import NUMBER_ALIASES
from ..engine.tiles import ALL_TILES, Tile
from .grammar import terminal

__all__ = [
    "LETTERS",
    "MAX_DIGITS",
    "ODD_SPACES",
    "SEAT_OF",
    "SEAT_TEXT",
    "SPACES",
    "SUITS",
    "TILES",
    "TILE_TEXT",
    "TOKEN",
    "Problem",
    "fits_number",
    "fits_signed",
    "is_number",
    "is_seat",
    "is_side",
    "is_signed",
    "is_tile_like",
    "out_of_range",
    "splits_as_grammar",
]

SPACES = " \t\f\r\n"
"""The grammar's white space (its ``WS`` terminal)."""

ODD_SPACES = "".join(c for c in map(chr, range(128)) if c.isspace() and c not in SPACES)
"""ASCII characters ``str.split`` and ``str.strip`` take for white space and the grammar
does not (beyond ASCII, ``str.isascii`` tells)."""

TOKEN = re.compile(r"=>|[,/\n]|[^ \t\f\r\n,/=]+|=")
"""One word of an item, or a punctuation mark that is a word of its own (``=>`` ``,`` ``/``),
or a newline (which ends a trick inside ``play``).  Words are separated by ``SPACES``."""


def splits_as_grammar(text: str) -> bool:
    """Whether ``str.split`` cuts ``text`` into words where the grammar does: it takes more
    characters for white space than the grammar does, and ``text`` holds none of them."""
    return text.isascii() and not any(map(text.__contains__, ODD_SPACES))


TILES: dict[str, Tile] = {}
"""Every way of writing a double-six tile (``6-4``, ``4-6``, ``64``, ``46``), to the tile."""
for _t in ALL_TILES.values():
    for _text in (f"{_t.hi}-{_t.lo}", f"{_t.lo}-{_t.hi}", f"{_t.hi}{_t.lo}", f"{_t.lo}{_t.hi}"):
        TILES[_text] = _t

TILE_TEXT = "[0-6]-[0-6]"
"""A tile as ``fmt`` writes it (``6-4``, or ``4-6`` as written), a regular expression: every
text it matches is in ``TILES`` (``tests/notation/test_grammar.py``)."""

LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
"""What a seat is: one letter (the grammar's ``SEAT``)."""

SEAT_TEXT = "[A-Za-z]"
"""A seat, a regular expression: the letters of ``LETTERS``."""

SEAT_OF = {c: c.upper() for c in LETTERS}
"""A seat word to the seat (``SEAT_OF["n"] == "N"``): any other word is not a seat."""


def is_seat(word: str) -> bool:
    """The grammar's ``SEAT``: one letter.

    >>> is_seat("n"), is_seat("NS"), is_seat("7")
    (True, False, False)
    """
    return len(word) == 1 and word in LETTERS


def is_side(word: str) -> bool:
    """A side as the plain layout writes it: ASCII letters (the grammar's ``SIDE``, or a
    seat; whether it is an item keyword is the caller's question)."""
    return word.isascii() and word.isalpha()


SUITS: dict[str, int] = {name.lower(): suit for name, suit in NUMBER_ALIASES.items()}
"""A suit word (the grammar's ``SUIT``) to its number."""

MAX_DIGITS = 9
"""Longer numbers are out of range (S013): no bid, score or hand number needs them."""

_TILE_LIKE = terminal("TILE")
_SIGNED = terminal("SIGNED")


def is_tile_like(word: str) -> bool:
    """Text the grammar lexes as a tile, whether or not it is a double-six domino."""
    return _TILE_LIKE.fullmatch(word) is not None


def is_number(word: str) -> bool:
    """The grammar's ``NUMBER``: ASCII digits only."""
    return word.isascii() and word.isdigit()


def is_signed(word: str) -> bool:
    return _SIGNED.fullmatch(word) is not None


def fits_number(word: str) -> bool:
    """A ``NUMBER`` that is in range (at most ``MAX_DIGITS`` digits after its leading zeros):
    what the plain reader takes, leaving the rest to the general reader, which reports them."""
    return word.isascii() and word.isdigit() and len(word.lstrip("0")) <= MAX_DIGITS


def fits_signed(word: str) -> bool:
    """A ``SIGNED`` number that is in range."""
    digits = word[1:] if word[:1] in ("+", "-") else word
    return digits.isascii() and digits.isdigit() and len(word.lstrip("+-0")) <= MAX_DIGITS


class Problem:
    """Something the reader found, with its place as offsets (``span``)."""

    __slots__ = ("code", "hint", "message", "span")

    def __init__(self, code: Code, message: str, span: tuple[int, int] | None, hint: str | None = None) -> None:
        self.code = code
        self.message = message
        self.span = span
        self.hint = hint

    def __repr__(self) -> str:
        return f"Problem({self.code}, {self.message!r}, {self.span})"


def out_of_range(word: str, span: tuple[int, int]) -> Problem:
    return Problem(
        codes.S013,
        f"the number {word[:12]}{'…' if len(word) > 12 else ''} is out of range",
        span,
        f"numbers have at most {MAX_DIGITS} digits",
    )
