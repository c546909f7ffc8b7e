"""A file's name is data in the messages of fmt, fix, report and select (issue 30, item 5).

Each command is run on files whose names hold a line break, a carriage return, a
terminal escape and rich markup, in every message that names a file: what it did to
the file, what it could not do, the pages and files it wrote, an output refused.  A
name never starts a line of its own, never sends the terminal a code, and is never
read as markup: it is shown as ``visible`` writes it (``\\x0a``, ``\\x0d``, ``\\x1b``),
markup as written.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.report.escaping import visible
from tests.properties.fuzzing import Run, run

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

NAMES = {"line-break": "a\nforged", "carriage-return": "a\rforged", "escape": "a\x1b[31mforged", "markup": "a[b]forged"}
"""What a name may hold (a file name cannot hold a slash), each around the word ``forged``."""


def _said(r: Run, name: str) -> str:
    """The output, checked to carry ``name`` only as data: no raw control character, no
    line that starts where the name's line break would have started one."""
    text = r.out + r.err
    assert r.escaped is None, r.escaped
    for c in "\r\x1b":
        assert c not in text, text
    assert not any(line.startswith("forged") for line in text.split("\n")), text
    assert visible(name, lines=False) in text, text
    return text


def _file(directory: Path, name: str, sample: str, edit: tuple[str, str] | None = None) -> Path:
    path = directory / f"{name}.42"
    shutil.copy(SAMPLES / sample, path)
    if edit is not None:
        path.write_text(path.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_fmt_names_each_file_on_one_line(tmp_path: Path, name: str) -> None:
    loose = _file(tmp_path, name, "legal/42-game.42", ("  bid", "   bid"))
    broken = _file(tmp_path, f"{name}-broken", "broken/syntax-bad-option.42")
    shown = visible(str(loose), lines=False)
    assert f"{shown}: not canonical" in _said(run(["fmt", "--check", str(loose)]), name)
    assert f"--- {shown}\n+++ {shown} (canonical)\n" in _said(run(["fmt", "--diff", str(loose)]), name)
    assert f"{shown}: formatted" in _said(run(["fmt", str(loose)]), name)
    assert f"{shown[:-3]}-broken.42: not formatted (syntax errors)" in _said(run(["fmt", str(broken)]), name)


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_fix_names_each_file_on_one_line(tmp_path: Path, name: str) -> None:
    wrong = _file(tmp_path, name, "broken/42-result-wrong.42")
    blocked = _file(tmp_path, f"{name}-blocked", "broken/42-bid-out-of-turn.42")
    shown = visible(str(wrong), lines=False)
    assert f"{shown}: 1 result to fix" in _said(run(["fix", "--check", str(wrong)]), name)
    assert f"--- {shown}" in _said(run(["fix", "--diff", str(wrong)]), name)
    assert f"{shown}:17: `result NS 35 made` -> `result NS 36 made`" in _said(run(["fix", str(wrong)]), name)
    assert "record 1 not fixed" in _said(run(["fix", str(blocked)]), name)


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_report_names_each_page_on_one_line(tmp_path: Path, name: str) -> None:
    source = _file(tmp_path, name, "legal/42-game.42")
    other = _file(tmp_path, "other", "legal/42-game.42")
    pages = tmp_path / "pages"
    text = _said(run(["report", str(source), str(other), "-O", str(pages)]), name)
    assert f"{visible(str(pages / name), lines=False)}.html: 10 hands, 0 errors" in text
    assert (pages / f"{name}.html").is_file()
    refused = run(["report", str(source), "-O", str(source)])
    assert refused.status == 2 and "not a directory, nor a .html file" in _said(refused, name)


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_select_names_each_file_on_one_line(tmp_path: Path, name: str) -> None:
    source = _file(tmp_path, name, "legal/42-game.42")
    target = tmp_path / f"{name}-kept.42"
    text = _said(run(["select", str(source), "-O", str(target), "--jobs", "1"]), name)
    assert f"written to {visible(str(target), lines=False)}" in text and target.is_file()
    refused = run(["select", str(source), "-O", str(source), "--jobs", "1"])
    assert refused.status == 2 and "that is the input" in _said(refused, name)
    broken = _file(tmp_path, f"{name}-broken", "broken/syntax-bad-option.42")
    _said(run(["select", str(broken), "--jobs", "1"]), name)
