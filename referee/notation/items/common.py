"""What several items share: the ``amount+`` of ``award`` and ``score``, the
``SEAT trick N`` of ``renege`` and ``accept``, and the checks of a seat and a trick
number in a record built elsewhere (a JSON document)."""

from __future__ import annotations

from collections.abc import Sequence

from ... import codes
from .. import memo
from ..grammar import excluded
from ..hands import HandScan
from ..memo import LineMemo
from ..tokens import fits_number, fits_signed, is_number, is_seat, is_side, is_signed

__all__ = [
    "AWARDS",
    "SCORES",
    "AmountLines",
    "amounts_of",
    "not_a_seat",
    "scan_amounts",
    "scan_seat_trick",
    "seat_trick",
    "sides_text",
    "trick_out_of_range",
]


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
    """A side word's label; None when it is not a side as the plain layout writes it (ASCII
    letters), or is an item keyword, which the grammar's ``SIDE`` terminal keeps out
    (``tests/notation/test_grammar.py`` holds those words to the items' keywords)."""
    return word.upper() if is_side(word) and word.lower() not in excluded("SIDE") else None


def _value(word: str) -> int | None:
    return int(word) if fits_signed(word) else None


_LABELS = LineMemo(_label)
_VALUES = LineMemo(_value)
"""Each side word to its label, each number word to its value (None: not as the plain
layout writes it), remembered by the word: the sides and the small numbers of ``award``
and ``score`` repeat where their lines do not (a Moon score of three seats).  A side that
is an item keyword is refused here, once a word, not by the layout's check of names
(``PlainItem.names``) once a line: a Moon running score is a new line in most hands."""
_label_of = _LABELS.__getitem__
_value_of = _VALUES.__getitem__


def amounts_of(words: Sequence[str]) -> dict[str, int] | None:
    """The amounts of an ``award`` or ``score`` line's words (the keyword first), each side's
    label to its number; None when they are not as the plain layout writes them (a side
    that is an item keyword among them: the grammar would start an item there).

    >>> amounts_of(["score", "a", "3", "B", "-2"]), amounts_of(["score", "A", "3", "a", "2"])
    ({'A': 3, 'B': -2}, None)
    >>> amounts_of("award A 1 B 2 C 3 D 4 E 5".split()), amounts_of("award A 1 B 2 C 3 D x".split())
    ({'A': 1, 'B': 2, 'C': 3, 'D': 4, 'E': 5}, None)
    >>> amounts_of("score A 1 Play 2".split()), amounts_of("award deal 1".split()), amounts_of("score dealer 1".split())
    (None, None, {'DEALER': 1})
    """
    n = len(words)
    label, value = _label_of, _value_of
    # Two or three sides (42's two, Moon's three) are tested word by word and built in one
    # dictionary display (a Moon score line is new in most hands: this is a third cheaper
    # than building the dictionary first and testing it for None after); one side, or more
    # than three, in a dictionary tested after.
    if n == 7:
        a, b, c = label(words[1]), label(words[3]), label(words[5])
        x, y, z = value(words[2]), value(words[4]), value(words[6])
        if a is None or b is None or c is None or x is None or y is None or z is None or a == b or b == c or c == a:
            return None  # a word not a side, a number not as the plain layout writes it, a side named twice
        return {a: x, b: y, c: z}
    if n == 5:
        a, b = label(words[1]), label(words[3])
        x, y = value(words[2]), value(words[4])
        if a is None or b is None or x is None or y is None or a == b:
            return None
        return {a: x, b: y}
    if n == 3:
        amounts = {label(words[1]): value(words[2])}
    elif n > 8 and n % 2:
        amounts = {}
        for k in range(1, n, 2):
            amounts[label(words[k])] = value(words[k + 1])
    else:
        return None
    if len(amounts) != n >> 1 or None in amounts or None in amounts.values():
        return None  # a side named twice, a word not a side, a number not as the plain layout writes it
    return amounts


class AmountLines(dict[str, tuple[dict[str, int], int, int] | None]):
    """``award`` or ``score`` lines read in the plain layout, by their text: each side's
    amount, and where the item starts and ends in the line (a reader looks a line up,
    ``lines[line]``, None when it is new, and reads a new one with ``new``).  Lines are kept while there is room
    (``memo.MEMO_SIZE`` lines, or ``memo.FRESH_SIZE`` with ``fresh``: lines that seldom
    repeat).

    >>> lines = AmountLines(fresh=False)
    >>> found = lines.new("  score NS 3 EW -2", ["score", "NS", "3", "EW", "-2"])
    >>> found, found[0] is lines["  score NS 3 EW -2"][0]
    (({'NS': 3, 'EW': -2}, 2, 18), False)
    >>> lines["  score NS 3 EW -2"], lines["  score NS 4"], len(lines)
    (({'NS': 3, 'EW': -2}, 2, 18), None, 1)
    """

    def __init__(self, *, fresh: bool) -> None:
        super().__init__()
        self.fresh = fresh
        self.room = memo.FRESH_SIZE if fresh else memo.MEMO_SIZE
        """How many lines are kept."""

    def __missing__(self, line: str) -> None:
        return None

    def new(self, line: str, words: Sequence[str]) -> tuple[dict[str, int], int, int] | None:
        """A line not met before, from the words it was split into; None: not plain.  Its
        amounts are the caller's own: the memory keeps a copy (a line it gives back, the
        caller copies)."""
        amounts = amounts_of(words)
        if amounts is None:
            return None
        start, end = len(line) - len(line.lstrip()), len(line.rstrip())  # ``indent`` inline: no frame
        if len(self) < self.room:
            self[line] = dict(amounts), start, end
        return amounts, start, end


AWARDS = AmountLines(fresh=False)
"""``award`` lines (few in a game: they repeat)."""
SCORES = AmountLines(fresh=True)
"""``score`` lines: a running score is new in most hands of a game scored in points (Moon)."""


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
