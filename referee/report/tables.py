"""Tables for people: a column too narrow for a word folds it onto the next line, rather
than cutting it with an ellipsis; and on a console without colour, the common tables drawn
without rich's layout engine.

Rich cuts a cell's word to fit its column (``deal…``, ``tru…``) when the terminal is
narrower than the table; a cut word is lost, a folded one (``deale`` / ``r``) is only
broken.  Every table the commands print goes through ``folded``.

>>> from rich.console import Console
>>> from rich.table import Table
>>> t = Table()
>>> t.add_column("dealer")
>>> t.add_row("W")
>>> out = Console(width=8, color_system=None, file=__import__("io").StringIO())
>>> out.print(folded(t)); "…" in out.file.getvalue(), "deal" in out.file.getvalue()
(False, True)

``score`` prints a table of every game it reads: rich lays each out cell by cell
(measuring, wrapping and cropping every cell through several objects), which made
``score`` cost five to eight times ``check``.  When the output has no colour (a pipe or
a file) and the table is one rich would draw as a plain grid (one line a cell, no
styles that show, the table no wider than the console), ``plain_lines`` draws the same
characters with string operations; anything else is left to rich.
``tests/report/test_tables.py`` holds the two to the same text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from .escaping import visible

__all__ = ["Grid", "folded", "grid_lines", "plain_lines", "print_parts"]


def folded(table: Table) -> Table:
    """``table``, each of whose columns folds a word too long for it (header and cells)."""
    for column in table.columns:
        column.overflow = "fold"
    return table


def _plain_text(cell: RenderableType) -> str | None:
    """The text of a one-line cell as rich would draw it without colour, or None when rich
    would do more with it (several lines, tabs, white space at an end, a control character)."""
    if type(cell) is str and cell.isascii() and cell.isprintable():  # most cells: nothing to show otherwise
        return cell if cell == cell.strip() else None
    if isinstance(cell, str):
        text = visible(cell)  # as escaping.Console.render_str shows a string
    elif isinstance(cell, Text) and not cell.end.strip("\n"):
        text = cell.plain
        if text.isascii() and text.isprintable():  # nothing visible() would change, no line break or tab
            return text if text == text.strip() else None
        if visible(text) != text:
            return None
    else:
        return None
    if "\n" in text or "\t" in text or text != text.strip():
        return None
    return text


def _cells(text: str) -> int:
    """Cells ``text`` takes on a terminal: its length when it is printable ASCII (one cell
    a character, as rich counts it), else rich's count; most cells of a score sheet are."""
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)


class Grid:
    """A table of one-line cells under a row of headers (a score sheet), which ``print_parts``
    draws with string operations on a console without colour, and rich as the ``Table``
    that ``table`` makes of it everywhere else.  Building a rich table cell by cell was
    half of what ``score`` spent on a sheet.

    A text cell of a column named in ``literal`` stands for ``Text(cell)`` (its characters
    as they are: no highlighting), made only when rich draws it.

    >>> g = Grid(["hand", "score"], [True, False], [False, True])
    >>> g.add_row("1", "NS 1 EW 0")
    >>> grid_lines(g, 80) == plain_lines(g.table(), 80)
    True
    """

    __slots__ = ("headers", "literal", "rights", "rows")

    def __init__(self, headers: list[str], rights: list[bool], literal: list[bool] | None = None) -> None:
        self.headers = headers
        self.rights = rights
        self.literal = literal or [False] * len(headers)
        self.rows: list[tuple[RenderableType, ...]] = []

    def add_row(self, *cells: RenderableType) -> None:
        if len(cells) != len(self.headers):
            raise ValueError(f"a row of {len(cells)} cells in a grid of {len(self.headers)} columns")
        self.rows.append(cells)

    def table(self) -> Table:
        """The rich table of the same cells (its columns fold a word too long for them)."""
        table = Table()
        for header, right in zip(self.headers, self.rights, strict=True):
            table.add_column(header, justify="right" if right else "left")
        for row in self.rows:
            table.add_row(*[Text(c) if isinstance(c, str) and as_text else c for c, as_text in zip(row, self.literal, strict=True)])
        return folded(table)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table())


def grid_lines(grid: Grid, width: int) -> list[str] | None:
    """The lines rich draws for ``grid.table()`` on a console ``width`` cells wide without
    colour (``plain_lines``), or None, for rich to draw."""
    if not grid.rows:
        return None
    columns = zip(zip(grid.headers, *grid.rows, strict=True), grid.literal, strict=True)
    texts = [column if _plain_column(column) else _column_texts(column, as_text) for column, as_text in columns]
    if any(None in column for column in texts):
        return None
    return _drawn(texts, grid.rights, width)  # type: ignore[arg-type]


def _column_texts(column: tuple[RenderableType, ...], as_text: bool) -> list[str | None]:
    """``_plain_text`` of a column's header and of each of its cells (``_literal_text`` for
    the cells of a ``literal`` column)."""
    header, *cells = column
    return [_plain_text(header), *map(_literal_text if as_text else _plain_text, cells)]


def _plain_column(column: tuple[RenderableType, ...]) -> bool:
    """Whether every cell of ``column`` is a string of printable ASCII with no space at
    either end: each is then its own ``_column_texts``, tested at once for the column
    (a sheet's columns are; one test a column instead of one a cell)."""
    if set(map(type, column)) != {str} or not _printable_ascii(column):  # type: ignore[arg-type]
        return False
    joined = "\n".join(column)  # type: ignore[arg-type]  # no cell holds a newline: not printable
    return not (joined.startswith(" ") or joined.endswith(" ") or " \n" in joined or "\n " in joined)


def _literal_text(cell: RenderableType) -> str | None:
    """``_plain_text`` of a cell of a ``literal`` column: a text as ``Text(cell)`` (which is
    the text itself when it is printable ASCII)."""
    if isinstance(cell, str) and not (type(cell) is str and cell.isascii() and cell.isprintable()):
        cell = Text(cell)
    return _plain_text(cell)


def plain_lines(table: Table, width: int) -> list[str] | None:
    """The lines rich draws for ``table`` on a console ``width`` cells wide without colour,
    when it is a plain grid of one-line cells (the default heavy-head box, headers shown,
    no title, caption, footer or row lines); None otherwise, for rich to draw."""
    b = table.box
    if (
        b is not box.HEAVY_HEAD
        or not table.show_header
        or not table.show_edge
        or table.show_lines
        or table.show_footer
        or tuple(table.padding) != (0, 1, 0, 1)
        or not table.pad_edge
        or table.collapse_padding
        or table.title is not None
        or table.caption is not None
        or table.expand
        or table.width is not None
        or table.min_width is not None
        or table.leading
        or not table.rows
        or any(row.end_section for row in table.rows)
    ):
        return None
    columns: list[list[str]] = []
    rights: list[bool] = []
    for column in table.columns:
        if column.justify not in ("left", "right") or column.width is not None or column.min_width is not None:
            return None
        if column.max_width is not None or column.ratio is not None:
            return None
        texts = [_plain_text(c) for c in (column.header, *column.cells)]
        if None in texts:
            return None
        columns.append(texts)  # type: ignore[arg-type]
        rights.append(column.justify == "right")
    return _drawn(columns, rights, width)


def _drawn(columns: list[list[str]], rights: list[bool], width: int, *, by_format: bool = True) -> list[str] | None:
    """The lines of a heavy-head table of ``columns`` (each its header, then its cells), or
    None when it is wider than ``width``: each column padded to its widest cell at once.

    When every cell is printable ASCII (a cell a character) each row is one ``str.format``
    of a line's pattern, which pads as the general path does (``by_format=False`` draws
    with the general path alone: the tests hold the two equal)."""
    ascii = [_printable_ascii(texts) for texts in columns]
    counts = [list(map(len if plain else _cells, texts)) for texts, plain in zip(columns, ascii, strict=True)]
    widths = [max(n) for n in counts]
    if sum(widths) + 3 * len(widths) + 1 > width:
        return None
    b = box.HEAVY_HEAD

    def rule(left: str, fill: str, mid: str, right: str) -> str:
        return left + mid.join([fill * (w + 2) for w in widths]) + right

    left, mid, right = b.mid_left, b.mid_vertical, b.mid_right
    top = rule(b.top_left, b.top, b.top_divider, b.top_right)
    below_head = rule(b.head_row_left, b.head_row_horizontal, b.head_row_cross, b.head_row_right)
    bottom = rule(b.bottom_left, b.bottom, b.bottom_divider, b.bottom_right)
    if by_format and all(ascii):

        def pattern(left: str, mid: str, right: str) -> str:
            cells = [f" {{:{'>' if r else '<'}{w}}} " for w, r in zip(widths, rights, strict=True)]
            return _braced(left) + _braced(mid).join(cells) + _braced(right)

        body = pattern(left, mid, right).format
        head = pattern(b.head_left, b.head_vertical, b.head_right).format(*[c[0] for c in columns])
        return [top, head, below_head, *[body(*row) for row in zip(*[c[1:] for c in columns], strict=True)], bottom]
    padded = [
        [" " + " " * (w - n) + t + " " for t, n in zip(texts, ns, strict=True)]
        if right
        else [" " + t + " " * (w - n) + " " for t, n in zip(texts, ns, strict=True)]
        for texts, ns, w, right in zip(columns, counts, widths, rights, strict=True)
    ]
    return [
        top,
        b.head_left + b.head_vertical.join([c[0] for c in padded]) + b.head_right,
        below_head,
        *[left + mid.join(row) + right for row in zip(*[c[1:] for c in padded], strict=True)],
        bottom,
    ]


def _printable_ascii(texts: Sequence[str]) -> bool:
    """Whether every text is printable ASCII: each then takes a cell a character (``_cells``)."""
    joined = "".join(texts)
    return joined.isascii() and joined.isprintable()


def _braced(text: str) -> str:
    """``text`` as literal characters of a ``str.format`` pattern."""
    return text.replace("{", "{{").replace("}", "}}")


def print_parts(out: Console, parts: Iterable[RenderableType]) -> None:
    """Print each of ``parts`` on ``out`` as ``out.print`` would: a plain table or a line of
    text written as it is when the console shows no colour, anything else through rich."""
    plain = out.color_system is None and not out.legacy_windows and out.encoding.startswith("utf") and not out.record
    width = out.width
    for part in parts:
        lines: list[str] | None = None
        if plain:
            if isinstance(part, Grid):
                lines = grid_lines(part, width)
            elif isinstance(part, Table):
                lines = plain_lines(part, width)
            elif isinstance(part, Text):
                text = _plain_text(part)
                lines = None if text is None or _cells(text) > width else [text]
        if lines is None:
            out.print(part)
        else:
            out.file.write("\n".join(lines) + "\n")
