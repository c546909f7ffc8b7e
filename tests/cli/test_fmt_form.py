"""`fmt` and `fix` keep a file's form (issue 29, item 9): its line ends (CRLF, CR), a
byte-order mark and its encoding, through one function (``notation.reader.file_text``
and ``TextForm``); `fmt -` and `fix -` write the input back unchanged when they cannot
work on it, so a filter never leaves its output empty."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

ROOT = Path(__file__).resolve().parents[2]
CANONICAL = (ROOT / "samples" / "legal" / "42-game.42").read_bytes()
SHORTHAND = (ROOT / "samples" / "shorthand" / "42-game.42").read_bytes()
"""The same game as people write it; ``fmt`` of it is ``CANONICAL``."""
WEEK3 = (ROOT / "samples" / "league" / "week3.42").read_bytes()
"""A league night whose results ``fix`` mends."""
BROKEN = b'[Rules "42"]\nhand 1 dealer N\n  bid E pass, S pas\n'

runner = CliRunner()


def _form(data: bytes, *, bom: bool = False, newline: bytes = b"\n") -> bytes:
    return (codecs.BOM_UTF8 if bom else b"") + data.replace(b"\n", newline)


FORMS = [
    pytest.param({"newline": b"\r\n"}, id="crlf"),
    pytest.param({"newline": b"\r"}, id="cr"),
    pytest.param({"bom": True}, id="bom"),
    pytest.param({"bom": True, "newline": b"\r\n"}, id="bom-crlf"),
]


@pytest.mark.parametrize("form", FORMS)
def test_fmt_keeps_line_ends_and_the_byte_order_mark(tmp_path: Path, form: dict[str, object]) -> None:
    canonical = _form(CANONICAL, **form)  # type: ignore[arg-type]
    path = tmp_path / "game.42"
    path.write_bytes(canonical)
    result = runner.invoke(app, ["fmt", "--check", str(path)])
    assert result.exit_code == 0, result.output  # already canonical: the form is not a change
    assert result.stderr.splitlines()[-1] == "1 file: 0 not canonical, 1 already canonical, 0 left as they were"
    path.write_bytes(_form(SHORTHAND, **form))  # type: ignore[arg-type]
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == canonical
    result = runner.invoke(app, ["fmt", "-"], input=_form(SHORTHAND, **form))  # type: ignore[arg-type]
    assert result.exit_code == 0 and result.stdout_bytes == canonical


def test_fmt_diff_of_a_crlf_file_shows_only_the_changes(tmp_path: Path) -> None:
    path = tmp_path / "game.42"
    path.write_bytes(_form(CANONICAL.replace(b"[Rules ", b"[rules  "), newline=b"\r\n"))
    result = runner.invoke(app, ["fmt", "--diff", str(path)])
    assert result.exit_code == 1
    changed = [line for line in result.stdout_bytes.decode().split("\n") if line and line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == ['-[rules  "42"]\r', '+[Rules "42"]\r']


@pytest.mark.parametrize(("encoding", "bom"), [("cp1252", b""), ("utf-16", codecs.BOM_UTF16_LE), ("utf-16-be", b"")])
def test_fmt_writes_a_file_back_in_its_encoding(tmp_path: Path, encoding: str, bom: bytes) -> None:
    text = SHORTHAND.decode().replace("Thursday club night", "Thursday at the Café")
    codec = "utf-16-le" if encoding == "utf-16" else encoding
    path = tmp_path / "game.42"
    path.write_bytes(bom + text.encode(codec))
    result = runner.invoke(app, ["fmt", "--encoding", encoding, str(path)])
    assert result.exit_code == 0, result.output
    expected = CANONICAL.decode().replace("Thursday club night", "Thursday at the Café")
    assert path.read_bytes() == bom + expected.encode(codec)


@pytest.mark.parametrize(
    "data", [BROKEN, _form(BROKEN, bom=True, newline=b"\r\n"), "; Café\n".encode("cp1252") + BROKEN], ids=["syntax", "bom-crlf", "not-utf8"]
)
def test_fmt_stdin_with_an_error_writes_the_input_back_unchanged(data: bytes) -> None:
    result = runner.invoke(app, ["fmt", "-"], input=data)
    assert result.exit_code == 2
    assert result.stdout_bytes == data
    assert "not formatted" in result.stderr and ("S001" in result.stderr or "S006" in result.stderr)


def test_fmt_stdin_check_and_diff_write_no_input_back() -> None:
    for flag in ("--check", "--diff"):
        result = runner.invoke(app, ["fmt", flag, "-"], input=BROKEN)
        assert result.exit_code == 2 and result.stdout_bytes == b""


def test_fix_keeps_the_form_on_standard_input_and_in_its_encoding(tmp_path: Path) -> None:
    week = WEEK3
    plain = runner.invoke(app, ["fix", "-"], input=week)
    assert plain.exit_code in (0, 1) and plain.stdout_bytes != week  # there is something to fix
    result = runner.invoke(app, ["fix", "-"], input=_form(week, bom=True, newline=b"\r\n"))
    assert result.stdout_bytes == _form(plain.stdout_bytes, bom=True, newline=b"\r\n")
    path = tmp_path / "week.42"
    path.write_bytes("; at the Café\n".encode("cp1252") + week)
    result = runner.invoke(app, ["fix", "--encoding", "cp1252", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == "; at the Café\n".encode("cp1252") + plain.stdout_bytes
    junk = "; Café\n".encode("cp1252") + week
    result = runner.invoke(app, ["fix", "-"], input=junk)
    assert result.exit_code == 2 and result.stdout_bytes == junk and "S006" in result.stderr


def test_fix_changes_nothing_but_its_lines_in_a_file_with_both_line_ends(tmp_path: Path) -> None:
    week = WEEK3
    lines = week.split(b"\n")
    mixed = b"".join(line + (b"\r\n" if i % 2 else b"\n") for i, line in enumerate(lines[:-1])) + lines[-1]
    path = tmp_path / "week.42"
    path.write_bytes(mixed)
    assert runner.invoke(app, ["fix", str(path)]).exit_code in (0, 1)
    fixed = runner.invoke(app, ["fix", "-"], input=week).stdout_bytes
    assert fixed != week and path.read_bytes().replace(b"\r\n", b"\n") == fixed
    lf_only = [data.count(b"\n") - data.count(b"\r\n") for data in (mixed, path.read_bytes())]
    assert lf_only[0] == lf_only[1]  # the lines that were there keep their ends (added ones take CRLF)
