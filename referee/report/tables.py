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

from collections.abc import Iterable

from rich import box
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from .escaping import visible

__all__ = ["folded", "plain_lines", "print_parts"]


def folded(table: Table) -> Table:
    """``table``, each of whose columns folds a word too long for it (header and cells)."""
    for column in table.columns:
        column.overflow = "fold"
    return table


def _plain_text(cell: RenderableType) -> str | None:
    """The text of a one-line cell as rich would draw it without colour, or None when rich
    would do more with it (several lines, tabs, white space at an end, a control character)."""
    if isinstance(cell, str):
        text = visible(cell)  # as escaping.Console.render_str shows a string
    elif isinstance(cell, Text) and not cell.end.strip("\n"):
        text = cell.plain
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
    widths = [max(map(_cells, texts)) for texts in columns]
    if sum(widths) + 3 * len(widths) + 1 > width:
        return None

    def line(cells: Iterable[str], left: str, mid: str, right: str) -> str:
        padded = (
            " " + (" " * (w - _cells(t)) + t if r else t + " " * (w - _cells(t))) + " "
            for t, w, r in zip(cells, widths, rights, strict=True)
        )
        return left + mid.join(padded) + right

    def rule(left: str, fill: str, mid: str, right: str) -> str:
        return left + mid.join(fill * (w + 2) for w in widths) + right

    out = [
        rule(b.top_left, b.top, b.top_divider, b.top_right),
        line((c[0] for c in columns), b.head_left, b.head_vertical, b.head_right),
        rule(b.head_row_left, b.head_row_horizontal, b.head_row_cross, b.head_row_right),
    ]
    out += [line(row, b.mid_left, b.mid_vertical, b.mid_right) for row in zip(*(c[1:] for c in columns), strict=True)]
    out.append(rule(b.bottom_left, b.bottom, b.bottom_divider, b.bottom_right))
    return out


def print_parts(out: Console, parts: Iterable[RenderableType]) -> None:
    """Print each of ``parts`` on ``out`` as ``out.print`` would: a plain table or a line of
    text written as it is when the console shows no colour, anything else through rich."""
    plain = out.color_system is None and not out.legacy_windows and out.encoding.startswith("utf") and not out.record
    width = out.width
    for part in parts:
        lines: list[str] | None = None
        if plain:
            if isinstance(part, Table):
                lines = plain_lines(part, width)
            elif isinstance(part, Text):
                text = _plain_text(part)
                lines = None if text is None or _cells(text) > width else [text]
        if lines is None:
            out.print(part)
        else:
            out.file.write("\n".join(lines) + "\n")
