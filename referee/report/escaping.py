"""Whatever comes from a record or a file name is data in every output, never markup.

A player may be called ``[link=https://x]Ann[/link]``, a tag may hold ``=HYPERLINK(...)``,
``<script>`` or ``ESC [2J``, and a file may be named any of these.  Each output has one
escape, applied in one place, so that no call site can forget it (issue 30, item 5):

- **Terminal and plain text** (tables, pictures, diagnostics, summaries): every console
  of the program is a ``Console`` of ``report.console`` (also named here), or a
  ``report.plain.PlainConsole`` that writes what one would.  It never reads markup in what it
  prints unless the call asks for it (``markup=True``, with the data in it passed
  through ``rich.markup.escape``), and it shows each control character (C0 but newline
  and tab, DEL, C1, the bidirectional overrides and isolates, the line and paragraph
  separators, lone surrogates) as an escape such as ``\\x1b`` or ``\\u202e``: the only
  escape sequences a terminal receives are the colours the program chose.  A message
  keeps its line breaks, so a file it names goes through ``run.inputs.named`` (this
  module's ``visible``, from ``report.controls``, with line breaks escaped too): a name
  never starts a line.
- **HTML** (``report``): Jinja2's autoescape, ``visible`` on every value the template
  prints (``report.html``), and a Content-Security-Policy that allows no script.
- **SVG** (``show --format svg`` and the report's diagrams): built as an element tree,
  whose serialiser escapes markup; ``xml_safe`` makes each text and attribute
  ``visible`` first (XML 1.0 has no way to write most control characters at all).
- **CSV** (``score``, ``stats``, ``analyze``): ``csv_writer``'s rows start no text cell
  with a character a spreadsheet reads as a formula (OWASP's CSV injection advice).
- **JSON**: ``json.dumps`` escapes what JSON needs; nothing more is done, so that data
  round-trips.

The notation itself (``fmt``, ``convert --to text``, ``select``) and the diffs of
``fmt --diff`` and ``fix --diff`` are data formats and carry the record as written.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .controls import visible

if TYPE_CHECKING:
    from .console import Console

__all__ = ["FORMULA_START", "Console", "CsvWriter", "csv_cell", "csv_writer", "visible", "xml_safe"]


def xml_safe(text: str) -> str:
    """``text`` as an XML 1.0 document may hold it: control characters as escapes (the
    serialiser escapes ``<``, ``&`` and quotes)."""
    return visible(text)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
"""What a spreadsheet reads as the start of a formula (OWASP, CSV injection), and the
line breaks a cell may start with to hide one on a later line."""


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as written: text that starts like a formula gets a
    leading ``'`` (OWASP's advice; the spreadsheet shows the text without it).  Numbers
    are left alone: the program writes a number as a number, so ``-3`` in a points
    column is data, while ``-3`` as a player's name is text and is quoted.

    >>> [csv_cell(v) for v in ("=1+2", "@SUM(A1)", "-2+3", "Ann", -3, 2.5, None)]
    ["'=1+2", "'@SUM(A1)", "'-2+3", 'Ann', -3, 2.5, None]
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


_SUSPECT = re.compile("\0[" + re.escape("".join(FORMULA_START)) + "]|\r")
"""A text cell that starts like a formula, or a carriage return anywhere."""


class CsvWriter:
    """Rows of named cells as CSV, one a line (``csv.DictWriter``'s interface): text cells
    that start like a formula quoted (``csv_cell``), and a row with a carriage return in
    a cell written with every text cell in double quotes, since the ``csv`` module quotes
    only the characters of its own line ending (a bare CR would end the row in a reader)."""

    def __init__(self, stream: TextIO, fields: list[str]) -> None:
        self.fields = fields
        self._names = frozenset(fields)
        self._blanks = [""] * len(fields)
        self._plain = csv.writer(stream, lineterminator="\n")
        self._quoted = csv.writer(stream, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)

    def writeheader(self) -> None:
        self._plain.writerow(self.fields)

    def writerow(self, row: Mapping[str, Any]) -> None:
        if not self._names.issuperset(row):
            raise ValueError(f"fields not in the header: {sorted(row.keys() - self._names)}")
        self.write_cells(list(map(row.get, self.fields, self._blanks)))

    def write_cells(self, cells: Sequence[Any]) -> None:
        """One row given as its cells in the order of the header (``score``'s rows are made
        so: no mapping a row), written as ``writerow`` writes the same cells by name."""
        if len(cells) != len(self.fields):
            raise ValueError(f"a row of {len(cells)} cells under a header of {len(self.fields)}")
        # One search over the row's text cells, each after a NUL, finds every cell that
        # may start like a formula or holds a carriage return (a NUL inside a cell can
        # only add a false alarm, which the exact test below then clears).
        texts = "\0" + "\0".join([c for c in cells if isinstance(c, str)])
        if _SUSPECT.search(texts) is None:
            self._plain.writerow(cells)
            return
        cells = [csv_cell(c) for c in cells]
        quoted = any(isinstance(c, str) and "\r" in c for c in cells)
        (self._quoted if quoted else self._plain).writerow(cells)

    def writerows(self, rows: Iterable[Mapping[str, Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(stream: TextIO, fields: list[str]) -> CsvWriter:
    """The CSV writer of every command (``CsvWriter``)."""
    return CsvWriter(stream, fields)


def __getattr__(name: str) -> Any:
    """``Console``, from ``report.console``: loaded (with rich) when first asked for, so that
    the CSV writer and ``visible`` start without rich."""
    if name == "Console":
        from .console import Console

        return Console
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
