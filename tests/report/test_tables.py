"""``report.tables.print_parts`` draws plain tables and lines itself on a console without
colour: held here to what rich draws for the same parts, character for character."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from referee.report import tables
from referee.report.escaping import Console
from referee.report.tables import Grid, _column_texts, _plain_column, folded, grid_lines, plain_lines, print_parts

_plain_cell = st.from_regex(r"[abNS7()é世-]{0,3}( [abNS7()é世-]{1,3}){0,2}", fullmatch=True)
_odd_cell = st.text(alphabet=st.sampled_from(list("ab -7(NS)é世\x1b\n\t\r\x07")), max_size=8)
_cell_text = st.integers(0, 40).flatmap(lambda k: _odd_cell if k == 0 else _plain_cell)
"""Mostly cells drawn plainly, now and then one rich must draw (a control character, a line
break, a tab, white space at an end)."""


@st.composite
def _row(draw: st.DrawFn, n: int) -> list[RenderableType]:
    """``n`` cells, each plain text or rich Text with a styled tail."""
    cells: list[RenderableType] = []
    for _ in range(n):
        text = draw(_cell_text)
        if draw(st.booleans()):
            styled = Text(text)
            styled.append(draw(_cell_text), "bold red")
            cells.append(styled)
        else:
            cells.append(text)
    return cells


@st.composite
def _parts(draw: st.DrawFn) -> list[RenderableType]:
    n = draw(st.integers(1, 5))
    table = Table()
    for k in range(n):
        table.add_column(draw(_cell_text) or f"c{k}", justify=draw(st.sampled_from(["left", "right"])))
    for _ in range(draw(st.integers(0, 4)) or draw(st.integers(0, 1))):
        table.add_row(*draw(_row(n)))
    return [Text(draw(_cell_text)), folded(table), Text("winner: NS")]


def _drawn(parts: list[RenderableType], width: int, ours: bool) -> str:
    file = io.StringIO()
    out = Console(file=file, width=width, color_system=None, highlight=False, emoji=False, soft_wrap=False)
    if ours:
        print_parts(out, parts)
    else:
        for part in parts:
            out.print(part)
    return file.getvalue()


@settings(max_examples=300, deadline=None)
@given(_parts(), st.sampled_from([12, 40, 100_000]))
def test_plain_tables_are_what_rich_draws(parts: list[RenderableType], width: int) -> None:
    assert _drawn(parts, width, ours=True) == _drawn(parts, width, ours=False)


def test_a_score_sheet_is_drawn_without_rich() -> None:
    """The common case takes the plain way (else the test above would prove nothing)."""
    table = Table()
    table.add_column("hand", justify="right")
    table.add_column("score")
    table.add_row("1", Text.assemble("NS 1 EW 0", (" (written: NS 2)", "bold red")))
    lines = plain_lines(table, 100_000)
    assert lines == [
        "┏━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
        "┃ hand ┃ score                     ┃",
        "┡━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━┩",
        "│    1 │ NS 1 EW 0 (written: NS 2) │",
        "└──────┴───────────────────────────┘",
    ]
    assert "\n".join(lines) + "\n" == _drawn([table], 100_000, ours=False)


@st.composite
def _grids(draw: st.DrawFn) -> Grid:
    n = draw(st.integers(1, 5))
    literal = [draw(st.booleans()) for _ in range(n)]  # text cells drawn as rich Text
    grid = Grid([draw(_cell_text) or f"c{k}" for k in range(n)], [draw(st.booleans()) for _ in range(n)], literal)
    for _ in range(draw(st.integers(0, 4))):
        grid.add_row(*draw(_row(n)))
    return grid


@settings(max_examples=300, deadline=None)
@given(_grids(), st.sampled_from([12, 40, 100_000]))
def test_a_grid_is_drawn_as_its_rich_table(grid: Grid, width: int) -> None:
    """A score sheet's grid, drawn plainly or by rich, gives what rich draws for its table
    (a text cell of a literal column as ``Text(cell)``: control characters dropped, not shown)."""
    table = grid.table()
    assert grid_lines(grid, width) == plain_lines(table, width)
    assert _drawn([grid], width, ours=True) == _drawn([table], width, ours=False)
    assert _drawn([grid], width, ours=False) == _drawn([table], width, ours=False)


def test_a_grid_row_has_a_cell_for_each_column() -> None:
    with pytest.raises(ValueError, match="a row of 1 cells in a grid of 2 columns"):
        Grid(["hand", "score"], [True, False]).add_row("1")


def test_a_literal_cell_is_drawn_as_its_text() -> None:
    """A text cell of a literal column is drawn as ``Text(cell)``: rich drops a carriage
    return from a Text, and shows it as an escape in a plain string."""
    grid = Grid(["hand", "result", "note"], [True, False, False], [False, True, False])
    grid.add_row("1", "ma\rde", "ma\rde")
    lines = grid_lines(grid, 100)
    assert lines is not None and lines[3] == "│    1 │ made   │ ma\\x0dde │"
    assert "\n".join(lines) + "\n" == _drawn([grid.table()], 100, ours=False)


@settings(max_examples=300, deadline=None)
@given(
    column=st.lists(st.one_of(_cell_text, st.sampled_from([" a", "a ", "a\nb", "", "\x7f", Text("a")])), min_size=1, max_size=6),
    as_text=st.booleans(),
)
def test_a_plain_column_is_what_its_cells_are_one_by_one(column: list[RenderableType], as_text: bool) -> None:
    """``grid_lines`` takes a column of plain strings as they are, tested at once: the same
    texts as testing each cell (``_column_texts``)."""
    if _plain_column(tuple(column)):
        assert _column_texts(tuple(column), as_text) == column


def test_a_sheets_column_is_plain_and_an_odd_one_is_not() -> None:
    assert _plain_column(("hand", "1", "12")) and _plain_column(("score", "NS 1 EW 0", ""))
    for odd in [("a", " b"), ("a ", "b"), ("a", "b\nc"), ("é",), ("a", "\x7f"), ("a", Text("b"))]:
        assert not _plain_column(odd)


_ascii_cell = st.text(alphabet=st.sampled_from(list("ab 7{}:>-é世")), max_size=6)


@settings(max_examples=200, deadline=None)
@given(
    columns=st.integers(1, 4).flatmap(lambda rows: st.lists(st.lists(_ascii_cell, min_size=rows, max_size=rows), min_size=1, max_size=5)),
    rights=st.lists(st.booleans(), min_size=5, max_size=5),
    width=st.integers(5, 60),
)
def test_rows_drawn_by_format_are_the_rows_padded_cell_by_cell(columns: list[list[str]], rights: list[bool], width: int) -> None:
    """A table of printable ASCII is drawn one ``str.format`` a row: the same lines as the
    general path's padding (braces in the cells, and tables with other characters, drawn
    by the general path alone, among them)."""
    rights = rights[: len(columns)]
    assert tables._drawn(columns, rights, width) == tables._drawn(columns, rights, width, by_format=False)
