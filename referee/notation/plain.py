"""Hands in the plain layout, read a line at a time: the reader's fast path.

Nearly every hand a program or ``referee fmt`` writes has one item per line, one
deal row or one trick per line, seats written, tiles as ``6-4``, and calls separated
by commas on the ``bid`` line.  Such a hand is read here, each line split once and
taken whole by its item's plain reader (``ItemSpec.plain``, in ``items/``), with its places worked out
from where its line starts.  Anything else (a seat left out, ``/`` between tricks,
an item out of order, a word that is not where the layout puts it, any error) makes
``plain_hand`` answer None, and the hand is read by ``hands.scan_hand``, which reads
every form the grammar allows and words its errors.

So this module decides nothing about the notation: it only recognises a layout whose
meaning ``scan_hand`` gives.  ``tests/notation/test_plain.py`` holds the two to the
same record, places included, on the samples, on generated hands of every game and
on their mutations.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from .memo import LineMemo
from .record import HandRecord
from .tokens import splits_as_grammar

__all__ = ["PlainItem", "PlainReader", "indent", "line_span", "plain_hand"]

PlainReader = Callable[[HandRecord, str, int, list[str]], bool]
"""Reads one line of an item into the record: the line, where it starts (an offset of the
input), its words (the keyword first, on the item's first line).  False: not plain."""

_HAND = re.compile(r"[ \t]*(?i:hand)(?:[ \t]+([0-9]{1,9}))?(?:[ \t]+(?i:dealer)[ \t]+([A-Za-z]))?[ \t]*")
"""The hand line, plainly written."""


def indent(line: str) -> int:
    """Where the text of ``line`` starts."""
    return len(line) - len(line.lstrip())


def line_span(line: str, at: int) -> tuple[int, int]:
    """The span of a line's text, from its indent to its last word (``at``: where the line
    starts, an offset of the input).

    >>> line_span("  claim  ", 100)
    (102, 107)
    """
    return (at + len(line) - len(line.lstrip()), at + len(line.rstrip()))


class PlainItem(NamedTuple):
    """What ``plain_hand`` needs of an item (from its registry entry)."""

    read: PlainReader
    rank: int | None
    more: PlainReader | None
    """Reads a line that starts with no keyword, which continues the item (deal rows,
    tricks); None: the item has no such lines."""
    names: bool
    """Its line holds names (sides), which must not be item keywords: the grammar would
    start an item there."""


def _head(line: str) -> tuple[int | None, str | None, tuple[int, int], int, int] | None:
    """The ``hand`` line: its number, the dealer and where the dealer and the line are."""
    m = _HAND.fullmatch(line)
    if m is None:
        return None
    number = None if m.group(1) is None else int(m.group(1))
    dealer = None if m.group(2) is None else m.group(2).upper()
    return number, dealer, m.span(2), indent(line), len(line.rstrip())


_HEADS = LineMemo(_head)


def plain_hand(text: str, base: int, items: dict[str, PlainItem]) -> HandRecord | None:
    """The hand in ``text`` (comments blanked; its first character at offset ``base``), when
    it is written in the plain layout; None otherwise.  ``items``: each item keyword (lower
    case) to its plain reader."""
    if not splits_as_grammar(text):
        return None
    rec = HandRecord()
    pos = 0
    lines = text.split("\n")
    k = 0
    while k < len(lines) and not lines[k].strip():
        pos += len(lines[k]) + 1
        k += 1
    if k == len(lines):
        return None
    head = lines[k]
    found = _HEADS[head]
    if found is None:
        return None
    at = base + pos
    rec.number, dealer, dealer_at, start, end = found
    if dealer is not None:
        rec.dealer = dealer
        rec.dealer_at = (at + dealer_at[0], at + dealer_at[1])
    rec.at = (at + start, at + end)
    pos += len(head) + 1
    rank = -1
    more: PlainReader | None = None
    at = base + pos
    # A repeated single item is refused by its reader (it finds its field filled).
    for line in lines[k + 1 :]:
        words = line.split()
        if words:
            entry = items.get(words[0].lower())
            if entry is None:
                if more is None or not more(rec, line, at, words):
                    return None
            else:
                read, item_rank, more, names = entry
                if names and not items.keys().isdisjoint(map(str.lower, words[1:])):
                    return None
                if item_rank is not None:
                    if item_rank < rank:
                        return None
                    rank = item_rank
                if not read(rec, line, at, words):
                    return None
        at += len(line) + 1
    return rec
