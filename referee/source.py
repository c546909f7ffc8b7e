"""Where text came from: positions as cheap offsets, resolved to line and column only
when a diagnostic is printed (as ruff does with its text ranges).

A record keeps the text it was read from in a ``Source``: one or more segments (a
log record's header and its hand are two), each with the offset and line number
at which it starts.  Items store offsets into that text; ``position`` turns an
offset into a 1-based line and column, and ``line_text`` gives the line to quote.
Nothing here reads a file again: the source is what the reader already held, so
standard input and files that changed since are quoted right, and memory stays
bounded by one record.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from operator import add
from typing import NamedTuple

__all__ = ["Position", "Segment", "Source", "Span"]

Span = tuple[int, int]
"""Start and end (exclusive) offsets of a piece of text, in its source's offsets."""


class Position(NamedTuple):
    """1-based line and column of the first character, and of the end (exclusive)."""

    line: int
    column: int
    end_line: int
    end_column: int


class Segment(NamedTuple):
    """A run of text and where it starts: ``offset`` in the source's offsets, ``line`` in the file."""

    offset: int
    line: int
    text: str


@dataclass(slots=True)
class Source:
    """The text a record was read from, in segments; ``name`` is the file as shown in diagnostics.

    >>> s = Source("game.42", [Segment(100, 7, "hand 1\\n  bid N 30\\n")])
    >>> s.position(109)
    (8, 3)
    >>> s.line_text(8)
    '  bid N 30'
    """

    name: str | None
    segments: list[Segment]
    _starts: list[list[int]] = field(default_factory=list, repr=False)
    """Per segment, the offset (within the segment) at which each of its lines starts; built on first use."""
    _quoted: dict[int, str | None] = field(default_factory=dict, repr=False)
    """Lines already cut out: thousands of diagnostics on one long line share its text
    instead of each copying it."""

    def _segment(self, offset: int) -> int:
        """The index of the segment holding ``offset`` (the last one that starts at or before it)."""
        best = 0
        for i, seg in enumerate(self.segments):
            if seg.offset <= offset:
                best = i
        return best

    def _lines(self, i: int) -> list[int]:
        while len(self._starts) <= i:
            self._starts.append([])
        starts = self._starts[i]
        if not starts:
            # 0, then one past each line end: the lengths of the lines plus their ends, summed
            # in C (``convert`` places every item of every record: a loop of ``find`` was a
            # tenth of its JSON's cost)
            starts.append(0)
            starts += accumulate(map(add, map(len, self.segments[i].text.split("\n")), repeat(1)))
            starts.pop()  # one past the end of the text: no line starts there
        return starts

    def line_starts(self, i: int) -> list[int]:
        """The offsets (within segment ``i``) at which its lines start; the list is kept, not copied."""
        return self._lines(i)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column of ``offset`` (columns count characters)."""
        i = self._segment(offset)
        seg = self.segments[i]
        local = max(0, min(offset - seg.offset, len(seg.text)))
        starts = self._lines(i)
        row = bisect_right(starts, local) - 1
        return seg.line + row, local - starts[row] + 1

    def span(self, span: Span) -> Position:
        """Line and column of both ends of ``span``."""
        line, column = self.position(span[0])
        end_line, end_column = self.position(span[1])
        return Position(line, column, end_line, end_column)

    def line_text(self, line: int) -> str | None:
        """The text of file line ``line`` (without its line end), if this source holds it."""
        if line in self._quoted:
            return self._quoted[line]
        text = self._quoted[line] = self._cut_line(line)
        return text

    def _cut_line(self, line: int) -> str | None:
        for i, seg in enumerate(self.segments):
            starts = self._lines(i)
            row = line - seg.line
            if 0 <= row < len(starts):
                end = starts[row + 1] - 1 if row + 1 < len(starts) else len(seg.text)
                if row + 1 == len(starts) and starts[row] == len(seg.text):
                    continue  # the empty line after a final newline belongs to the next segment
                return seg.text[starts[row] : end].rstrip("\r")
        return None

    def segment_at(self, offset: int) -> Segment:
        """The segment that holds ``offset``."""
        return self.segments[self._segment(offset)]

    def text_of(self, span: Span) -> str:
        """The characters of ``span`` (within one segment)."""
        seg = self.segments[self._segment(span[0])]
        return seg.text[span[0] - seg.offset : span[1] - seg.offset]
