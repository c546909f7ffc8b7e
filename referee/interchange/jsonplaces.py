"""Places as JSON text: a span of a record's source as ``{"line", "column", "end_line",
"end_column"}``, for ``jsontext``'s documents.

A document of ``convert`` holds about twenty places a hand, a quarter of its writing; so a
record read from one segment has its places found in a table of the segment's line starts
made once a record, and written in one f-string; everything else goes through
``Source.span``, the general path (``tests/properties/test_jsontext.py`` holds them equal).

>>> from referee.source import Segment, Source
>>> place_writer(Source("x.42", [Segment(10, 3, "ab\\ncd\\n")]))((13, 15))
'{"line":4,"column":1,"end_line":4,"end_column":3}'
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from itertools import repeat
from operator import add

from ..source import Source, Span

__all__ = ["DIGITS", "Place", "no_place", "place_writer"]

Place = Callable[[Span | None], str]
"""A record's place writer: a span as the text of ``{"line", "column", "end_line", "end_column"}``."""
DIGITS = [str(i) for i in range(1024)]
"""The text of each whole number below 1,024, looked up: formatting one costs ten times as
much, and a hand's document writes about 120 (its places' lines and columns, its points)."""
_N = len(DIGITS)


def no_place(span: Span | None) -> str:
    """The place writer of a record not read from text: every place ``null``."""
    return "null"


def _position_json(line: int, column: int, end_line: int, end_column: int) -> str:
    return f'{{"line":{line},"column":{column},"end_line":{end_line},"end_column":{end_column}}}'


def place_writer(source: Source | None) -> Place:
    """How to write the places of a record read from ``source``.

    A record of one segment (every plain file's) has each place found on the line of the
    place written before it, the next line, or by one bisection of its line starts (two
    across lines) and written in one f-string; other places go
    through ``Source.span``, the general path, which gives the same line and column."""
    if source is None:
        return no_place
    general = source.span

    def slow(span: Span | None) -> str:
        return "null" if span is None else _position_json(*general(span))

    if len(source.segments) != 1:
        return slow
    seg = source.segments[0]
    base, size = seg.offset, len(seg.text)
    end = base + size
    starts = source.line_starts(0)  # offsets within the segment, kept by the source
    lines = seg.line - 1  # the line of the first start, less one: bisect_right counts one past it
    # where each line starts in the input, less one (the offset before it), then the end
    # of the segment: a place's line is one bisection of the offsets themselves, its
    # columns ``offset - before[r - 1]``, and its end on the same line when it is not
    # past ``before[r]`` (the last entry holds every end in the segment); made in C
    before = list(map(add, starts, repeat(base - 1)))
    before.append(end)
    digits = DIGITS
    r = 1  # the line of the place written last: the next is most often on it or the one after

    def fast(span: Span | None) -> str:
        nonlocal r
        if span is None:
            return "null"
        a, b = span
        if base <= a <= b <= end:
            # ``bisect_left(before, a)``, the one ``r`` with ``before[r - 1] < a <= before[r]``:
            # tried on the last place's line and the next before the bisection (places are
            # written nearly in the order of the text: 3 bisections a hand are left of 20)
            if not before[r - 1] < a <= before[r]:
                if before[r] < a <= before[r + 1]:  # never past the last: ``a <= end``
                    r += 1
                else:
                    r = bisect_left(before, a)
            start = before[r - 1]
            if b <= before[r] and b - start < _N:  # both ends on one line (nearly every place)
                line = f"{lines + r}"  # a line is met by about one place: formatted once, in the text
                return f'{{"line":{line},"column":{digits[a - start]},"end_line":{line},"end_column":{digits[b - start]}}}'
        return apart(span)

    def apart(span: Span) -> str:
        """A place across lines, on a long line, ending before it starts, or outside the segment."""
        a, b = span
        if not (base <= a <= end and base <= b <= end):
            return slow(span)
        a -= base
        b -= base
        r = bisect_right(starts, a)
        t = bisect_right(starts, b)
        return f'{{"line":{lines + r},"column":{a - starts[r - 1] + 1},"end_line":{lines + t},"end_column":{b - starts[t - 1] + 1}}}'

    return fast
