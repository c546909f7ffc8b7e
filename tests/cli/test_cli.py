"""The command line: snapshots of what each command prints, and the contracts around it
(exit codes, round trips, CSV/JSON shapes)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from referee.cli import app

ROOT = Path(__file__).resolve().parents[2]
ENV = {"COLUMNS": "120", "TERM": "dumb", "NO_COLOR": "1"}
GAMES = ["samples/legal/42-game.42", "samples/legal/moon-game.42", "samples/legal/88-game.42"]
LEGAL = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples" / "legal").glob("*.42"))
COMMANDS = ["check", "score", "convert", "schema", "fmt", "show", "report", "simulate", "rules"]


class Run:
    """One command run: exit code and the two streams, kept apart."""

    def __init__(self, *args: str, stdin: str | None = None) -> None:
        result = CliRunner().invoke(app, list(args), env=ENV, color=False, input=stdin)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        self.code = result.exit_code
        self.out = result.stdout
        self.err = result.stderr

    def snap(self) -> dict[str, Any]:
        return {"exit": self.code, "stdout": self.out, "stderr": self.err}


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative paths, so the file names in the snapshots do not depend on the checkout."""
    monkeypatch.chdir(ROOT)


# -- check ----------------------------------------------------------------------------------


SAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples").rglob("*.42"))


@pytest.mark.parametrize("path", SAMPLES)
def test_check_every_sample(path: str, snapshot: SnapshotAssertion) -> None:
    """The whole report on every bundled sample, diagnostics and carets included."""
    assert Run("check", "--jobs", "1", path).snap() == snapshot


@pytest.mark.parametrize(
    "path",
    [
        "samples/broken/42-renege.42",
        "samples/broken/moon-widow-not-taken.42",
        "samples/broken/88-counter-left-in-cat.42",
        "samples/broken/syntax-bad-tile.42",
    ],
)
def test_check_text(path: str, snapshot: SnapshotAssertion) -> None:
    run = Run("check", path)
    assert run.snap() == snapshot


def test_check_text_points_at_the_offending_tile() -> None:
    run = Run("check", "samples/broken/42-renege.42")
    assert run.code == 1
    lines = run.out.splitlines()
    at = lines.index("  --> samples/broken/42-renege.42:10:14")
    source, caret = lines[at + 2], lines[at + 3]
    assert source == "10 |   play N 6-1 E 5-3 S 5-0 W 1-1"
    start = caret.index("^")
    assert source[start : start + len("E 5-3")] == "E 5-3"
    assert caret.count("^") == len("E 5-3")


def test_check_json(snapshot: SnapshotAssertion) -> None:
    run = Run("check", "--format", "json", "samples/broken/moon-blank-in-deal.42")
    docs = [json.loads(line) for line in run.out.splitlines()]
    assert [d["type"] for d in docs] == ["diagnostic", "diagnostic", "diagnostic", "summary"]
    assert docs[-1]["exit"] == run.code == 1
    assert docs == snapshot


def test_check_quiet(snapshot: SnapshotAssertion) -> None:
    run = Run("check", "--quiet", "samples/legal", "samples/broken/42-renege.42", "samples/broken/syntax-bad-tile.42")
    assert run.code == 2
    assert run.snap() == snapshot


def test_check_quiet_says_1_game() -> None:
    run = Run("check", "--quiet", "samples/legal/42-game.42")
    assert "samples/legal/42-game.42: 1 game, 10 hands, 0 errors, 0 warnings" in run.out


def test_check_stdin() -> None:
    text = (ROOT / "samples/broken/42-renege.42").read_text(encoding="utf-8")
    run = Run("check", "-", stdin=text)
    assert run.code == 1
    assert "--> <stdin>:10:14" in run.out
    assert "10 |   play N 6-1 E 5-3 S 5-0 W 1-1" in run.out


def test_check_max_errors_stops_early() -> None:
    run = Run("check", "--max-errors", "1", "samples/broken")
    assert run.out.count("error[") == 1
    assert run.code == 1  # the status of what was read: the first file has one rule error
    assert "(stopped after 1 errors)" in run.out


def test_check_exit_status_by_worst_diagnostic() -> None:
    assert Run("check", "samples/legal").code == 0
    assert Run("check", "samples/broken/syntax-repeated-tag.42").code == 0  # a warning only
    assert Run("check", "samples/broken/42-renege.42").code == 1
    assert Run("check", "samples/broken/42-renege.42", "samples/broken/syntax-bad-tile.42").code == 2


# -- score ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", LEGAL)
def test_score_text(path: str, snapshot: SnapshotAssertion) -> None:
    run = Run("score", path)
    assert run.code == 0
    assert run.snap() == snapshot


def test_score_csv(snapshot: SnapshotAssertion) -> None:
    run = Run("score", "--format", "csv", "samples/legal/42-game.42")
    assert run.code == 0
    rows = list(csv.reader(io.StringIO(run.out)))
    header, body = rows[0], rows[1:]
    assert "hand" in header and "winner" not in body[0]
    assert len(body) == 10  # one row per hand, the thrown-in hand included
    hand = header.index("hand")
    assert [int(r[hand]) for r in body] == list(range(1, 11))
    assert run.out == snapshot


def test_score_csv_has_one_row_per_hand_of_a_log() -> None:
    run = Run("score", "--format", "csv", "samples/legal/42-hand-log.42", "samples/legal/42-points-log.42")
    rows = list(csv.DictReader(io.StringIO(run.out)))
    assert len(rows) == 4 + 3


def test_score_json(snapshot: SnapshotAssertion) -> None:
    run = Run("score", "--format", "json", "samples/legal/moon-game.42")
    assert run.code == 0
    (doc,) = [json.loads(line) for line in run.out.splitlines()]
    assert doc["winner"] == "B" and len(doc["hands"]) == 11
    assert doc == snapshot


@pytest.mark.parametrize(
    ("line", "wrong", "shown"),
    [
        ("  result NS 36 made", "  result NS 30 made", "(written: NS 30 made)"),
        ("  award NS 1\n  score NS 1 EW 0", "  award EW 1\n  score NS 1 EW 0", "(written: EW 1)"),
        ("  score NS 1 EW 0", "  score NS 2 EW 0", "(written: NS 2 EW 0)"),
        ('[Winner "NS"]', '[Winner "EW"]', "(written: EW)"),
    ],
    ids=["result", "award", "score", "winner"],
)
def test_score_shows_both_values_when_the_record_disagrees(tmp_path: Path, line: str, wrong: str, shown: str) -> None:
    game = (ROOT / "samples/broken/42-winner-wrong.42").read_text(encoding="utf-8").replace('[Winner "EW"]', '[Winner "NS"]')
    assert Run("score", _write(tmp_path, game)).code == 0
    assert game.count(line) == 1
    run = Run("score", _write(tmp_path, game.replace(line, wrong)))
    assert run.code == 1
    assert shown in run.out, run.out


def _write(tmp_path: Path, text: str) -> str:
    f = tmp_path / "game.42"
    f.write_text(text, encoding="utf-8")
    return str(f)


def test_score_replayed_values_beside_the_written_ones(snapshot: SnapshotAssertion, tmp_path: Path) -> None:
    run = Run("score", "samples/broken/42-result-wrong.42")
    assert run.code == 1
    assert "NS 36" in run.out and "NS 35 made" in run.out
    assert run.snap() == snapshot


# -- show -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", GAMES)
def test_show_hand(path: str, snapshot: SnapshotAssertion) -> None:
    run = Run("show", path, "--hand", "1", "--no-glyphs")
    assert run.code == 0
    assert run.snap() == snapshot


def test_show_trick(snapshot: SnapshotAssertion) -> None:
    run = Run("show", "samples/legal/42-game.42", "--hand", "1", "--trick", "2", "--no-glyphs")
    assert run.code == 0
    # before trick 2 of hand 1 S leads 0-0 (fours trump): N must follow with its only blank
    row = next(line for line in run.out.splitlines() if line.strip().startswith("N "))
    assert row.split()[-2:] == ["3-0", "3-0"]
    assert run.snap() == snapshot


def test_show_a_hand_that_is_not_there() -> None:
    run = Run("show", "samples/legal/42-game.42", "--hand", "11")
    assert run.code == 2
    assert "record 1 has 10 hands, not 11" in run.err


# -- convert, schema, fmt ----------------------------------------------------------------------


def _canonical(path: str, tmp_path: Path) -> str:
    copy = tmp_path / "fmt.42"
    shutil.copy(ROOT / path, copy)
    assert Run("fmt", str(copy)).code == 0
    return copy.read_text(encoding="utf-8")


def _json_round_trip(path: str, tmp_path: Path) -> str:
    run = Run("convert", path, "--to", "json")
    assert run.code == 0
    docs = json.loads(run.out)
    schema = json.loads(Run("schema").out)
    for doc in docs:
        jsonschema.validate(doc, schema)
    f = tmp_path / "record.json"
    f.write_text(run.out, encoding="utf-8")
    back = Run("convert", str(f), "--from", "json", "--to", "text")
    assert back.code == 0
    return back.out


@pytest.mark.parametrize("path", ["samples/legal/42-points-log.42", "samples/legal/42-hand-log.42"])
def test_convert_json_round_trip_gives_the_canonical_text(path: str, tmp_path: Path) -> None:
    assert _json_round_trip(path, tmp_path) == _canonical(path, tmp_path)


@pytest.mark.parametrize("path", GAMES)
def test_convert_json_round_trip_of_games_gives_the_canonical_text(path: str, tmp_path: Path) -> None:
    assert _json_round_trip(path, tmp_path) == _canonical(path, tmp_path)


def test_convert_jsonl_one_document_per_record() -> None:
    run = Run("convert", "--to", "jsonl", "samples/legal/42-hand-log.42", "samples/legal/88-game.42")
    assert run.code == 0
    docs = [json.loads(line) for line in run.out.splitlines()]
    assert [(d["file"], d["index"]) for d in docs] == [("samples/legal/42-hand-log.42", i) for i in range(1, 5)] + [
        ("samples/legal/88-game.42", 1)
    ]
    schema = json.loads(Run("schema").out)
    for doc in docs:
        jsonschema.validate(doc, schema)
    assert docs[-1]["verdict"]["winner"] == "ACE"


def test_schema_matches_the_committed_copy() -> None:
    run = Run("schema")
    assert run.code == 0
    assert json.loads(run.out) == json.loads((ROOT / "docs/record.schema.json").read_text(encoding="utf-8"))


def test_fmt_check_exit_codes(tmp_path: Path) -> None:
    canonical = tmp_path / "canonical.42"
    canonical.write_text(_canonical("samples/legal/42-game.42", tmp_path), encoding="utf-8")
    assert Run("fmt", "--check", str(canonical)).code == 0
    untidy = tmp_path / "untidy.42"
    shutil.copy(ROOT / "samples/legal/42-game.42", untidy)
    run = Run("fmt", "--check", str(untidy))
    assert run.code == 1
    assert f"{untidy}: not canonical" in run.out
    assert untidy.read_bytes() == (ROOT / "samples/legal/42-game.42").read_bytes()  # --check changes nothing
    broken = tmp_path / "broken.42"
    shutil.copy(ROOT / "samples/broken/syntax-bad-tile.42", broken)
    run = Run("fmt", "--check", str(broken))
    assert run.code == 2
    assert "not formatted (syntax errors)" in run.err


def test_fmt_keeps_a_clean_record_clean(tmp_path: Path) -> None:
    for path in LEGAL:
        text = _canonical(path, tmp_path)
        f = tmp_path / "again.42"
        f.write_text(text, encoding="utf-8")
        assert Run("check", str(f)).code == 0, path
        assert Run("fmt", "--check", str(f)).code == 0, path


def test_fmt_diff_shows_the_change(tmp_path: Path) -> None:
    f = tmp_path / "game.42"
    shutil.copy(ROOT / "samples/legal/42-game.42", f)
    run = Run("fmt", "--diff", str(f))
    assert run.code == 1
    assert "-  bid 30, 32, pass, pass" in run.out
    assert "+  bid W 30, N 32, E pass, S pass" in run.out


def test_simulate_writes_legal_games(tmp_path: Path) -> None:
    f = tmp_path / "sim.42"
    assert Run("simulate", "--rules", "moon", "--games", "2", "--seed", "7", "-O", str(f)).code == 0
    run = Run("check", "--quiet", str(f))
    assert run.code == 0
    assert run.out.strip().endswith("0 errors, 0 warnings")


# -- help and usage ----------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_help_of_every_command(command: str) -> None:
    run = Run(command, "--help")
    assert run.code == 0
    assert re.search(r"Examples?:\n\s+referee " + command, run.out), run.out


def test_top_level_help_lists_every_command() -> None:
    run = Run("--help")
    assert run.code == 0
    for command in COMMANDS:
        assert re.search(rf"(?m)^  {command} ", run.out), command


def test_top_level_help_gives_the_exit_codes() -> None:
    assert "0 clean, 1 rule errors, 2 syntax or usage errors" in Run("--help").out


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--rules", "43", "samples/legal"],
        ["check", "--options", "all-pass", "samples/legal"],
        ["score", "--options", "all-pass=never", "samples/legal"],
        ["check", "samples/nothing-here"],
        ["check", "--format", "xml", "samples/legal"],
    ],
    ids=["rules", "option-without-value", "option-value", "missing-path", "format"],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    run = Run(*args)
    assert run.code == 2
    assert "Traceback" not in run.out + run.err


@pytest.mark.parametrize("command", COMMANDS)
def test_docs_cli_md_lists_every_option(command: str) -> None:
    """docs/cli.md has a section per command naming every option its --help shows."""
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    m = re.search(rf"(?ms)^## {command}\n(.*?)(?=^## |\Z)", doc)
    assert m, f"docs/cli.md has no section for {command}"
    section = m.group(1)
    options = Run(command, "--help").out.split("Options:", 1)[1]
    flags = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", options)) - {"-h", "--help"}
    assert flags, options
    for flag in sorted(flags):
        assert f"`{flag}" in section or f" {flag}`" in section or f"/ `{flag}`" in section, f"{command}: {flag} is not in docs/cli.md"
    assert "Exit status" in section
