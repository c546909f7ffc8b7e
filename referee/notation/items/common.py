"""What several items share: the ``amount+`` of ``award`` and ``score``, the
``SEAT trick N`` of ``renege`` and ``accept``, and the checks of a seat and a trick
number in a record built elsewhere (a JSON document)."""

from __future__ import annotations

from collections.abc import Sequence

from ... import codes
from ..hands import HandScan
from ..memo import LineMemo
from ..plain import indent
from ..tokens import fits_number, fits_signed, is_number, is_seat, is_side, is_signed

__all__ = ["AMOUNTS", "not_a_seat", "read_amounts", "scan_amounts", "scan_seat_trick", "seat_trick", "sides_text", "trick_out_of_range"]


# -- amount+ (award, score) -------------------------------------------------------------------


# award: AWARD amount+      score: SCORE amount+      amount: side SIGNED      side: SEAT | SIDE
def scan_amounts(h: HandScan, i: int, j: int) -> tuple[dict[str, int], tuple[int, int]]:
    """The general reader of ``amount+``: each side's amount, and the item's span."""
    toks = h.toks
    amounts: dict[str, int] = {}
    side = -1
    last = i
    for k in h.words(i, j):
        w = toks[k]
        last = k
        if side < 0:
            if w.isascii() and w.isalpha():
                side = k
            else:
                h.syntax()
        elif is_signed(w):
            label = toks[side].upper()
            if label in amounts:
                h.problem(codes.S011, f"the side `{label}` is named twice; the later number counts", h.at(side), unreadable=False)
            value = h.number(k)
            if value is not None:
                amounts[label] = value
            side = -1
        else:
            h.syntax()
            side = -1
    if side >= 0 or last == i:
        h.syntax()
    return amounts, h.span(i, last)


def _label(word: str) -> str | None:
    return word.upper() if is_side(word) else None


def _value(word: str) -> int | None:
    return int(word) if fits_signed(word) else None


_LABELS = LineMemo(_label)
_VALUES = LineMemo(_value)
"""Each side word to its label, each number word to its value (None: not as the plain
layout writes it), remembered by the word: the sides and the small numbers of ``award``
and ``score`` repeat where their lines do not (a Moon score of three seats)."""


def _amounts(words: Sequence[str]) -> dict[str, int] | None:
    n = len(words)
    if n < 3 or n % 2 == 0:
        return None
    amounts = dict(zip(map(_LABELS.__getitem__, words[1::2]), map(_VALUES.__getitem__, words[2::2])))  # noqa: B905 - as many of each (n is odd)
    if len(amounts) != n >> 1 or None in amounts or None in amounts.values():
        return None  # a side named twice, a word not a side, a number not as the plain layout writes it
    return amounts


def read_amounts(line: str) -> tuple[dict[str, int], int, int] | None:
    """The plain reader of an ``award`` or ``score`` line: each side's amount, and where the
    item starts and ends in the line.

    >>> read_amounts("  score NS 3 EW -2")
    ({'NS': 3, 'EW': -2}, 2, 18)
    """
    amounts = _amounts(line.split())
    return None if amounts is None else (amounts, indent(line), len(line.rstrip()))


AMOUNTS = LineMemo(read_amounts)
"""``award`` and ``score`` lines alike (their keyword is part of the text remembered)."""


def sides_text(amounts: dict[str, int]) -> str:
    """The amounts as written: ``NS 1 EW 0``."""
    return " ".join([f"{side} {n}" for side, n in amounts.items()])


# -- SEAT trick N (renege, accept) ------------------------------------------------------------


def scan_seat_trick(h: HandScan, words: list[int]) -> tuple[str, int, list[int]] | None:
    """``SEAT TRICK NUMBER`` at the start of ``words``: the seat, the trick (0 when out of
    range, which is reported) and the words after them; None (a syntax error) otherwise."""
    toks = h.toks
    if len(words) >= 3 and is_seat(toks[words[0]]) and toks[words[1]].lower() == "trick" and is_number(toks[words[2]]):
        return toks[words[0]].upper(), h.number(words[2]) or 0, words[3:]
    h.syntax()
    return None


def seat_trick(words: Sequence[str]) -> tuple[str, int] | None:
    """``KEYWORD SEAT trick NUMBER ...`` in the plain layout: the seat and the trick.

    >>> seat_trick(["renege", "e", "trick", "3"])
    ('E', 3)
    """
    if len(words) < 4 or not is_seat(words[1]) or words[2].lower() != "trick" or not fits_number(words[3]):
        return None
    return words[1].upper(), int(words[3])


# -- records built elsewhere ------------------------------------------------------------------


def not_a_seat(label: str | None) -> str | None:
    """Why ``label`` cannot be written where a seat goes; None when it can (or is absent).

    >>> not_a_seat("NS")
    "'NS' is not a seat (a seat is one letter)"
    """
    if label is not None and not (len(label) == 1 and label.isascii() and label.isalpha()):
        return f"{label!r} is not a seat (a seat is one letter)"
    return None


def trick_out_of_range(trick: int) -> str | None:
    """Why a trick number cannot be written; None when it can."""
    return None if 0 <= trick <= 999_999_999 else f"trick {trick} is out of range"
