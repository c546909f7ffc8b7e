"""Data stays data in every output (issue 30, item 5): the escapes of ``report.escaping``
on their own, and a record and a file name holding HTML, SVG, JavaScript, spreadsheet
formulas, rich markup and terminal escape sequences through every command that shows
them (``tests.properties.surfaces``; the fuzz harness runs the same checks on random text)."""

from __future__ import annotations

import csv
import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.report.escaping import Console, csv_cell, csv_writer, visible
from tests.properties.fuzzing import Workspace, run
from tests.properties.surfaces import BENIGN, Texts, outputs_hold, record

MARKUP = "[b]bold[/b][link=https://example.com]x[/link][green]"
TERMINAL = "\x1b[31mred\x1b[0m\x1b]8;;https://example.com\x07x\x1b]8;;\x07\x9b2J\u202eevil\u2066"
HTML = "<script>alert(1)</script><img src=x onerror=alert(2)>&amp;</svg>\"'"
FORMULA = '=HYPERLINK("https://example.com")'
IN_A_NAME = "\x1b[31mred\x1b[0m\x1b]0;title\x07\x9b2J\u202eevil\u2066"
"""A file name cannot hold a slash."""

HOSTILE = [
    Texts((HTML, TERMINAL, MARKUP, FORMULA, "-2+3", "@SUM(A1)"), f"{TERMINAL} {HTML}", f"[b]x{IN_A_NAME}=1"),
    Texts((FORMULA, MARKUP, TERMINAL, HTML, "\tTab", "+1"), HTML, "<x>&[b]bold [green]=cmd|' -C calc'!A0"),
]


@pytest.fixture(scope="module")
def space() -> Iterator[Workspace]:
    workspace = Workspace()
    yield workspace
    shutil.rmtree(workspace.dir, ignore_errors=True)


@pytest.mark.parametrize("texts", HOSTILE, ids=["one", "two"])
def test_hostile_tags_names_comments_and_file_names_change_no_output(space: Workspace, texts: Texts) -> None:
    assert record(texts) is not None, "the notation keeps these texts as written"
    assert outputs_hold(space, texts)


def test_the_benign_record_is_read_as_written() -> None:
    assert record(BENIGN) is not None


def test_visible_escapes_each_kind_of_control_and_keeps_the_rest() -> None:
    assert visible("\x1b[2J") == "\\x1b[2J"
    assert visible("\x9b\x7f\x00") == "\\x9b\\x7f\\x00"
    assert visible("\u202eabc\u2069\u200f") == "\\u202eabc\\u2069\\u200f"
    assert visible("\u2028\ud800") == "\\u2028\\ud800"
    assert visible("Ann é 日本 [b] <x> \\") == "Ann é 日本 [b] <x> \\"
    assert visible(visible("\x1b\u202e")) == visible("\x1b\u202e"), "escaping twice changes nothing"


def test_csv_cells_are_quoted_by_kind_text_or_number() -> None:
    """OWASP's characters at the start of text get a quote; numbers are left as numbers."""
    for start in ("=", "+", "-", "@", "\t", "\r", "\n"):
        assert csv_cell(start + "1") == "'" + start + "1"
    assert csv_cell(-3) == -3 and csv_cell(-2.5) == -2.5 and csv_cell(None) is None
    assert csv_cell("Ann") == "Ann" and csv_cell("6-4:30") == "6-4:30" and csv_cell("") == ""


def test_the_console_reads_no_markup_and_shows_control_characters() -> None:
    console = Console(file=io.StringIO(), width=200, color_system="truecolor", highlight=False)
    console.print(f"{MARKUP} {TERMINAL}")
    console.print("[bold]asked for[/]", markup=True)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    first, second = out.split("\n")[:2]
    assert first == f"{MARKUP} {visible(TERMINAL)}"
    assert "\x1b[1m" in second and "asked for" in second, "markup the program asks for is still drawn"


def test_the_csv_writer_quotes_formula_text_and_keeps_negative_numbers() -> None:
    stream = io.StringIO()
    writer = csv_writer(stream, ["name", "points"])
    writer.writeheader()
    writer.writerows([{"name": "-2+3", "points": -3}, {"name": "=1+1", "points": 4}])
    writer.writerow({"name": "Ann", "points": -30})
    assert stream.getvalue() == "name,points\n'-2+3,-3\n'=1+1,4\nAnn,-30\n"


def test_score_csv_quotes_formula_names_and_keeps_the_rest_as_written(space: Workspace) -> None:
    texts = HOSTILE[0]
    text = record(texts)
    assert text is not None
    path = space.file(text.encode())
    r = run(["score", str(path), "--format", "csv", "--jobs", "1"])
    rows = list(csv.DictReader(io.StringIO(r.out)))
    assert rows[0]["players_1"] == MARKUP + " & -2+3"
    assert rows[0]["players_2"] == "'" + FORMULA + " & @SUM(A1)"
    assert rows[0]["event"] == HTML and rows[0]["award_1"] == "1"


def test_a_row_with_a_carriage_return_in_a_cell_stays_one_row() -> None:
    """Found by the fuzz harness: the csv module quotes only its own line ending, so a bare
    CR in a file name ended the row in every reader."""
    stream = io.StringIO()
    writer = csv_writer(stream, ["file", "points"])
    writer.writerows([{"file": "a\rb.42", "points": -3}, {"file": "c.42", "points": 1}])
    assert list(csv.reader(io.StringIO(stream.getvalue()))) == [["a\rb.42", "-3"], ["c.42", "1"]]


def test_a_house_rule_files_words_are_shown_escaped(tmp_path: Path) -> None:
    """``referee rules`` lists a house-rule file's name and description: data from a file."""
    house = tmp_path / "evil.toml"
    house.write_text('[profile]\nname = "evil"\nbase = "42"\ndescription = "x\\u001b[31m [b]b[/b] \\u202e"\n', encoding="utf-8")
    r = run(["rules", "--rules", str(house)])
    assert r.status == 0, r.text
    assert "evil: house rules on 42 (x\\x1b[31m [b]b[/b] \\u202e)" in r.out
    assert "\x1b" not in r.out and "\u202e" not in r.out


def test_a_line_break_in_a_file_name_starts_no_line_of_its_own(tmp_path: Path) -> None:
    """A file named to forge a diagnostic line: in diagnostics, score sheets and dups the
    name stays on its line (``\\x0a``)."""
    forged = tmp_path / "a\nerror[E999]: forged.42"
    shutil.copy(Path(__file__).parents[2] / "samples" / "broken" / "42-renege.42", forged)
    for args in (["check", str(forged), "--jobs", "1"], ["score", str(forged), "--jobs", "1"], ["dups", str(forged), str(forged)]):
        r = run(args)
        assert r.status in (0, 1), r.text
        assert not any(line.startswith("error[E999]") for line in r.text.split("\n")), r.text
        assert "a\\x0aerror[E999]: forged.42" in r.text


@given(
    st.lists(
        st.one_of(st.text(alphabet="=+-@\t\r\n\0'a,\" "), st.integers(-5, 5), st.none()),
        min_size=1,
        max_size=6,
    )
)
def test_the_csv_writers_quick_test_writes_what_the_cell_by_cell_rule_writes(cells: list[object]) -> None:
    """The writer's one search over a row's text stands for ``csv_cell`` cell by cell and the
    carriage-return rule: the row it writes is the row the exact rules write."""
    fields = [f"c{i}" for i in range(len(cells))]
    stream = io.StringIO()
    csv_writer(stream, fields).writerow(dict(zip(fields, cells, strict=True)))
    exact = [csv_cell("" if c is None else c) if c is not None else None for c in cells]
    expected = io.StringIO()
    quoted = any(isinstance(c, str) and "\r" in c for c in exact)
    csv.writer(expected, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC if quoted else csv.QUOTE_MINIMAL).writerow(exact)
    assert stream.getvalue() == expected.getvalue()
