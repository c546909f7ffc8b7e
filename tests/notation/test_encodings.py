"""Files that are not UTF-8 (issue 29, item 7): the hint names the encoding a file looks
like and the `iconv` command, and `--encoding NAME` reads it, on every command that
reads records."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from referee.cli import app
from referee.notation.encodings import EncodingError, check_encoding, reading, reading_encoding
from referee.notation.reader import FileText, ReadResult, file_text, read_records
from referee.notation.units import cut_units, read_unit

GAME = """\
[Event "Café de la Plaza"]
[Rules "42"]
[North "José"]

hand 1 dealer N
  bid E pass, S pass, W pass, N 30
  trump sixes
  claim
"""

runner = CliRunner()


def _write(tmp_path: Path, data: bytes, name: str = "game.42") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _s006(path: Path) -> tuple[str, str | None]:
    results = list(read_records(path, path.name))
    [d] = [d for r in results for d in r.diagnostics]
    assert d.code == "S006" and results[-1].record is None
    return d.message, d.hint


def _clean(results: list[ReadResult]) -> list[str]:
    """The event and North of each record read, which must be read without a problem."""
    assert [d.code for r in results for d in r.diagnostics] == []
    return [f"{r.record.tag('Event')} / {r.record.tag('North')}" for r in results if r.record is not None]


@pytest.mark.parametrize(
    ("data", "said", "iconv", "encoding"),
    [
        (GAME.encode("cp1252"), "Windows-1252", "iconv -f CP1252 -t UTF-8 game.42 > game.utf8.42", "cp1252"),
        (GAME.replace("Café", "Caf\x81").encode("latin-1"), "Latin-1", "iconv -f LATIN1 -t UTF-8", "latin-1"),
        (GAME.encode("utf-16"), "UTF-16 text (it starts with a byte-order mark)", "iconv -f UTF-16 -t UTF-8", "utf-16"),
        (GAME.encode("utf-16-le"), "UTF-16 text, little-endian", "iconv -f UTF-16LE -t UTF-8", "utf-16-le"),
        (GAME.encode("utf-16-be"), "UTF-16 text, big-endian", "iconv -f UTF-16BE -t UTF-8", "utf-16-be"),
        (GAME.encode("utf-32"), "UTF-32", "iconv -f UTF-32 -t UTF-8", "utf-32"),
    ],
    ids=["cp1252", "latin-1", "utf-16", "utf-16-le", "utf-16-be", "utf-32"],
)
def test_the_hint_names_the_encoding_and_encoding_reads_it(tmp_path: Path, data: bytes, said: str, iconv: str, encoding: str) -> None:
    path = _write(tmp_path, data)
    _, hint = _s006(path)
    assert hint is not None and said in hint and f"`--encoding {encoding}`" in hint and iconv in hint
    event = "Caf\x81 de la Plaza" if encoding == "latin-1" else "Café de la Plaza"
    assert _clean(list(read_records(path, encoding=encoding))) == [f"{event} / José"]


def test_binary_bytes_get_no_guess(tmp_path: Path) -> None:
    path = _write(tmp_path, bytes(range(128, 256)) * 4)
    assert _s006(path)[1] == "records are UTF-8 text files"


def test_the_iconv_command_quotes_a_name_with_spaces(tmp_path: Path) -> None:
    path = _write(tmp_path, GAME.encode("cp1252"), "club night.42")
    hint = _s006(path)[1]
    assert hint is not None and "iconv -f CP1252 -t UTF-8 'club night.42' > 'club night.utf8.42'" in hint


def test_a_byte_the_given_encoding_lacks_is_s006_naming_it(tmp_path: Path) -> None:
    path = _write(tmp_path, GAME.replace("Café", "Caf\x81").encode("latin-1"))
    [result] = [r for r in read_records(path, encoding="cp1252") if r.record is None]
    [d] = result.diagnostics
    assert d.code == "S006" and "which is not cp1252" in d.message and d.at is not None and d.at.line == 1
    assert d.hint is not None and "--encoding latin-1" in d.hint


@pytest.mark.parametrize(
    ("name", "meant"), [("ansi", "cp1252"), ("ANSII", "cp1252"), ("utf16x", "utf-16"), ("base64", None), ("zzz", None)]
)
def test_a_name_that_is_no_text_encoding_is_refused_with_a_guess(name: str, meant: str | None) -> None:
    with pytest.raises(EncodingError) as e:
        check_encoding(name)
    assert (f"did you mean {meant}?" in str(e.value)) == (meant is not None) and "cp1252" in str(e.value)


def test_reading_sets_the_encoding_for_a_while() -> None:
    assert reading_encoding() is None
    with reading("Windows-1252"):
        assert reading_encoding() == "cp1252"
    assert reading_encoding() is None


def test_units_carry_the_encoding_to_the_process_that_reads_them(tmp_path: Path) -> None:
    path = _write(tmp_path, (GAME * 3).encode("cp1252"))
    with reading("cp1252"):
        whole = list(read_records(path))
        units = list(cut_units(str(path), str(path), 1))
    assert [u.encoding for u in units] == ["cp1252"]
    assert _clean([r for u in units for r in read_unit(u)]) == _clean(whole) == ["Café de la Plaza / José"] * 3


def test_file_text_keeps_the_form() -> None:
    read = file_text(codecs.BOM_UTF16_BE + "hand 1\r\n  claim\r\n".encode("utf-16-be"), encoding="utf-16")
    assert isinstance(read, FileText) and read.text == "hand 1\r\n  claim\r\n"
    assert (read.form.codec, read.form.bom, read.form.newline) == ("utf-16-be", True, "\r\n")
    assert read.form.encode(read.text) == codecs.BOM_UTF16_BE + "hand 1\r\n  claim\r\n".encode("utf-16-be")


# -- the command line ------------------------------------------------------------------------


def _record_commands() -> list[str]:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return sorted(name for name, command in group.commands.items() if any(p.name in ("paths", "file") for p in command.params))


def test_every_command_that_reads_records_takes_encoding() -> None:
    commands = _record_commands()
    assert {"check", "score", "convert", "fmt", "fix", "show", "report", "select", "stats", "standings", "dups", "analyze"} <= set(commands)
    for command in commands:
        result = runner.invoke(app, [command, "--help"])
        assert "--encoding NAME" in result.output, command
    assert "--encoding" not in runner.invoke(app, ["simulate", "--help"]).output


@pytest.mark.parametrize("args", [["check"], ["check", "--jobs", "2"], ["score"], ["show"], ["convert", "--to", "jsonl"], ["standings"]])
def test_commands_read_a_cp1252_file_with_encoding(tmp_path: Path, args: list[str]) -> None:
    path = _write(tmp_path, GAME.encode("cp1252"))
    _write(tmp_path, GAME.encode("cp1252"), "second.42")
    target = [str(tmp_path)] if args[0] in ("check", "standings") else [str(path)]
    refused = runner.invoke(app, [*args, *target])
    assert refused.exit_code == 2 and "--encoding cp1252" in refused.output
    result = runner.invoke(app, [*args, "--encoding", "cp1252", *target])
    assert result.exit_code in (0, 1) and "S006" not in result.output, result.output
    if args[0] in ("show", "convert"):
        assert "José" in result.output
    assert reading_encoding() is None  # the command's encoding ends with it


def test_an_unknown_encoding_is_a_usage_error(tmp_path: Path) -> None:
    path = _write(tmp_path, GAME.encode("cp1252"))
    result = runner.invoke(app, ["check", "--encoding", "ansi", str(path)])
    assert result.exit_code == 2 and "'ansi' is not a text encoding; did you mean cp1252?" in result.output
    assert "Traceback" not in result.output
