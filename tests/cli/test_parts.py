"""``--parts DIR``: ordered part files that end at record boundaries and add up to ``-O FILE``,
a directory that appears whole or not at all, and one that is refused when it holds
something already."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.run import parts
from referee.run.outcomes import Outcome, Totals
from referee.run.parts import part_name

ROOT = Path(__file__).resolve().parents[2]
LEGAL = str(ROOT / "samples" / "legal")
BROKEN = str(ROOT / "samples" / "broken")


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr


@pytest.fixture(autouse=True)
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parts, "PART_BYTES", 3_000)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize(
    "args",
    [["convert", "--to", "jsonl"], ["convert", "--to", "json"], ["convert", "--to", "text"], ["check"], ["score", "--format", "csv"]],
    ids=" ".join,
)
def test_the_parts_add_up_to_the_file(args: list[str], tmp_path: Path) -> None:
    one = invoke(*args, LEGAL, BROKEN, "-O", str(tmp_path / "one"))
    folder = tmp_path / "parts"
    assert invoke(*args, LEGAL, BROKEN, "--parts", str(folder)) == one
    found = names(folder)
    assert found == [part_name(i) for i in range(len(found))] and len(found) > 2
    assert b"".join((folder / n).read_bytes() for n in found) == (tmp_path / "one").read_bytes()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary directory left


def test_a_part_ends_at_a_record_boundary(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    invoke("convert", "--to", "jsonl", LEGAL, "--parts", str(folder))
    for name in names(folder):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            assert json.loads(line)["format"] == "referee-record"


def test_no_output_is_one_empty_part(tmp_path: Path) -> None:
    empty = tmp_path / "empty.42"
    empty.write_text("", encoding="utf-8")
    folder = tmp_path / "out"
    assert invoke("convert", "--to", "jsonl", str(empty), "--parts", str(folder))[0] == 2  # S007: no records
    assert names(folder) == ["part-00000"] and (folder / "part-00000").read_bytes() == b""


def test_an_empty_directory_is_filled_and_a_full_one_refused(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    assert invoke("check", "--format", "json", LEGAL, "--parts", str(folder))[0] == 0
    assert names(folder)[0] == "part-00000"
    status, err = invoke("check", "--format", "json", LEGAL, "--parts", str(folder))
    assert status == 2
    assert f"error: cannot write {folder}: the directory is not empty" in err
    file = tmp_path / "file"
    file.write_text("keep", encoding="utf-8")
    status, err = invoke("check", LEGAL, "--parts", str(file))
    assert status == 2 and "not a directory" in err
    assert file.read_text(encoding="utf-8") == "keep"


def test_a_run_that_fails_leaves_no_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0

    def fail_on_the_fifth(self: Totals, o: Outcome[object]) -> None:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise RuntimeError("boom")
        self.count(o.file, o.hands, o.is_game, o.diagnostics)

    monkeypatch.setattr(Totals, "add_outcome", fail_on_the_fifth)
    status, err = invoke("convert", "--to", "jsonl", LEGAL, "--parts", str(tmp_path / "out"))
    assert status == 2 and "internal error: RuntimeError: boom" in err
    assert list(tmp_path.iterdir()) == []


def test_part_names_sort_in_part_order_past_every_width() -> None:
    """By construction: around each width's end (100,000 parts, 1,100,000, 11,100,000 and a
    number past 2**64), name order is part order and no two names are the same."""
    numbers = sorted(
        {n for edge in (0, 100_000, 1_100_000, 11_100_000, 111_100_000) for n in range(max(0, edge - 50), edge + 50)} | {2**64, 2**64 + 1}
    )
    names = [part_name(n) for n in numbers]
    assert sorted(names) == names
    assert len(set(names)) == len(names)
    assert part_name(99_999) == "part-99999" and part_name(100_000) == "part-99999000000"
