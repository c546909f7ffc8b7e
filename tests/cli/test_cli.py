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
COMMANDS = [
    "check",
    "score",
    "convert",
    "schema",
    "fmt",
    "show",
    "report",
    "analyze",
    "simulate",
    "match",
    "bot",
    "bot-check",
    "rules",
    "select",
    "dups",
    "stats",
    "standings",
    "fix",
    "tag",
    "live",
]


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
    summary = run.out.splitlines()[-1]
    # in line order, the first file's W103 note (at its hand's first line) comes before its error, and is counted
    assert summary == "2 files, 0 games, 2 hands: 1 error, 0 warnings, 1 note (stopped after 1 error; there may be more)"


def test_check_max_errors_counts_what_it_shows() -> None:
    run = Run("check", "--max-errors", "3", "--jobs", "1", "samples/broken")
    shown = run.out.count("error[")
    assert shown == 3
    assert f": {shown} errors, " in run.out.splitlines()[-1]
    assert run.out.splitlines()[-1].endswith("(stopped after 3 errors; there may be more)")


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
    rows = list(csv.DictReader(io.StringIO(run.out)))
    hands, games = [r for r in rows if r["kind"] == "hand"], [r for r in rows if r["kind"] == "game"]
    assert [int(r["hand"]) for r in hands] == list(range(1, 11))  # one row per hand, the thrown-in hand included
    (game,) = games
    assert game["winner"] == "NS" and game["hand"] == ""
    assert {(r["event"], r["date"], r["round"]) for r in rows} == {("Thursday club night", "2026-03-12", "2")}
    assert {(r["side_1"], r["players_1"], r["side_2"], r["players_2"]) for r in rows} == {("NS", "Ann & Cy", "EW", "Bob & Di")}
    assert run.out == snapshot


def test_score_csv_adds_up_in_a_spreadsheet() -> None:
    """A field per side: the awards of the hands add up to the game row's final score."""
    for path in GAMES:
        rows = list(csv.DictReader(io.StringIO(Run("score", "--format", "csv", path).out)))
        (game,) = [r for r in rows if r["kind"] == "game"]
        for i in (1, 2, 3):
            if game[f"side_{i}"]:
                awards = sum(int(r[f"award_{i}"] or 0) for r in rows if r["kind"] == "hand")
                assert awards == int(game[f"score_{i}"]), (path, i)
                assert all(r[f"points_{i}"] == "" or r[f"points_{i}"].isdigit() for r in rows)


def test_score_csv_has_one_row_per_hand_of_a_log() -> None:
    run = Run("score", "--format", "csv", "samples/legal/42-hand-log.42", "samples/legal/42-points-log.42")
    rows = list(csv.DictReader(io.StringIO(run.out)))
    assert len(rows) == 4 + 3
    assert {r["kind"] for r in rows} == {"hand"}  # a logged hand with nothing outside it has no game row


def test_score_sheet_says_who_lost_a_hand_by_a_renege_ruled_at_the_table() -> None:
    """In round 2 of the league, W's renege in hand 3 was called by N: EW lose the hand,
    so Cy's bid is scored as made although NS took only 22 points before play stopped."""
    rows = list(csv.DictReader(io.StringIO(Run("score", "--format", "csv", "samples/league/week2.42").out)))
    ruled = [(r["record"], r["hand"], r["result"], r["points_1"], r["award_1"]) for r in rows if "reneged" in r["result"]]
    assert ruled == [("1", "3", "made (EW reneged)", "22", "1")]


def test_score_rows_carry_every_diagnostic() -> None:
    """Each diagnostic's code is in the row of its hand, or in the game row (E504, W102)."""
    paths = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "samples" / "broken").glob("*.42"))]
    rows = list(csv.DictReader(io.StringIO(Run("score", "--format", "csv", "--jobs", "1", *paths).out)))
    diagnostics = [json.loads(line) for line in Run("check", "--format", "json", "--jobs", "1", *paths).out.splitlines()]
    found = sorted(d["code"] for d in diagnostics if d["type"] == "diagnostic")
    listed = sorted(code for r in rows for code in (r["errors"] + " " + r["warnings"]).split())
    assert set(listed) == set(found)
    winner = next(r for r in rows if r["file"].endswith("42-winner-wrong.42") and r["kind"] == "game")
    assert "E504" in winner["errors"].split()


def test_score_json(snapshot: SnapshotAssertion) -> None:
    run = Run("score", "--format", "json", "samples/legal/moon-game.42")
    assert run.code == 0
    (doc,) = [json.loads(line) for line in run.out.splitlines()]
    assert doc["winner"] == "B" and len(doc["hands"]) == 11
    assert (doc["format"], doc["version"]) == ("referee-score", 2)
    assert doc["game"]["winner"] == "B" and [doc["game"][f"score_{i}"] for i in (1, 2, 3)] == [doc["score"][s] for s in "ABC"]
    assert doc == snapshot


def test_score_shows_the_errors_it_counts(snapshot: SnapshotAssertion) -> None:
    """A renege (E404) and a wrong trick winner (E506) are shown under the sheet, and
    marked in the ! column of their hand, as check shows them."""
    run = Run("score", "--jobs", "1", "samples/broken/42-renege.42", "samples/broken/42-trick-winner-wrong.42")
    assert run.code == 1
    check = Run("check", "--jobs", "1", "samples/broken/42-renege.42", "samples/broken/42-trick-winner-wrong.42")
    blocks = check.out.split("\n\n")[:-1]
    assert blocks and all(block in run.out for block in blocks)
    header = next(line for line in run.out.splitlines() if "hand" in line and "dealer" in line)
    assert header.split()[-2:] == ["!", "┃"]
    assert any("E404" in line and line.lstrip("│ ").startswith("1 ") for line in run.out.splitlines())
    assert run.snap() == snapshot


def test_piped_score_lines_have_no_trailing_spaces() -> None:
    run = Run("score", *GAMES, "samples/broken/42-renege.42")
    assert [line for line in run.out.splitlines() if line != line.rstrip()] == []


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
    assert "has no hand numbered 11" in run.err


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
    shutil.copy(ROOT / "samples/shorthand/42-game.42", untidy)
    run = Run("fmt", "--check", str(untidy))
    assert run.code == 1
    assert f"{untidy}: not canonical" in run.out
    assert untidy.read_bytes() == (ROOT / "samples/shorthand/42-game.42").read_bytes()  # --check changes nothing
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
    shutil.copy(ROOT / "samples/shorthand/42-game.42", f)
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


def test_top_level_help_lists_the_commands_as_a_newcomer_meets_them() -> None:
    """check, score, show, convert, fmt, fix first; then pictures, league tools, helpers (issue 29)."""
    from referee.cli.params import COMMAND_ORDER

    listed = re.findall(r"(?m)^  ([\w-]+) ", Run("--help").out.split("Commands:", 1)[1])
    assert listed == list(COMMAND_ORDER) and set(listed) == set(COMMANDS)  # a new command must be given its place
    assert listed[:6] == ["check", "score", "show", "convert", "fmt", "fix"]
    table = re.findall(r"(?m)^\| \[`([\w-]+)`\]", (ROOT / "docs" / "cli.md").read_text(encoding="utf-8"))
    assert table == listed  # docs/cli.md lists them in the same order


def test_diagnostics_come_in_line_order_and_notes_are_counted_apart() -> None:
    """Per record, down the file; the summary's words and the JSON summary count the same (issue 29)."""
    for path in SAMPLES:
        lines = [json.loads(x) for x in Run("check", "--jobs", "1", "--format", "json", path).out.splitlines()]
        places = [(d["at"]["line"], d["at"]["column"]) for d in lines if d["type"] == "diagnostic" and d["at"]]
        assert places == sorted(places), path
        summary = lines[-1]
        severities = [d["severity"] for d in lines if d["type"] == "diagnostic"]
        if "W104" not in {d.get("code") for d in lines}:  # folded repeats are counted, not shown
            assert (summary["errors"], summary["warnings"], summary["notes"]) == tuple(
                severities.count(s) for s in ("error", "warning", "note")
            ), path
        words = Run("check", "--jobs", "1", path).out.splitlines()[-1]
        expected = f"{summary['errors']} error" + ("s" if summary["errors"] != 1 else "")
        assert expected in words and (f"{summary['notes']} note" in words) == bool(summary["notes"]), (path, words)
    week2 = Run("check", "--jobs", "1", "samples/league/week2.42").out.splitlines()[-1]
    assert week2.endswith("0 errors, 0 warnings, 3 notes")  # the three rulings of round 2 are notes, not warnings
    sheets = [json.loads(x) for x in Run("score", "--jobs", "1", "--format", "json", "samples/league/week2.42").out.splitlines()]
    assert sum(s["notes"] for s in sheets) == 3 and sum(s["warnings"] for s in sheets) == 0


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


# -- words, metavars, errors, completion -------------------------------------------------------

T88_EXCHANGE_NONE = """[Event "88 night"] [Rules "88"]
[A "Al"] [B "Bea"] [C "Cal"] [D "Dee"] [E "Ed"] [F "Flo"]

hand 1 dealer F
  deal A 6-6 6-6 6-5 6-5 6-4 6-4 6-3 6-3 6-2
       B 6-2 6-1 6-1 6-0 6-0 5-5 5-5 5-4 5-4
       C 5-3 5-3 5-2 5-2 5-1 5-1 5-0 5-0 4-4
       D 4-4 4-3 4-3 4-2 4-2 4-1 4-1 4-0 4-0
       E 3-3 3-3 3-2 3-2 3-1 3-1 3-0 3-0 2-2
       F 2-2 2-1 2-1 2-0 2-0 1-1 1-1 1-0 1-0
  cat 0-0 0-0
  bid A 80 sixes, B pass, C pass, D pass, E pass, F pass
  exchange none
  play A 6-6 B 6-2 C 5-0 D 4-1 E 3-2 F 1-0
  claim
"""


def test_show_of_an_exchange_of_nothing_and_the_players_names(tmp_path: Path) -> None:
    run = Run("show", _write(tmp_path, T88_EXCHANGE_NONE), "--hand", "1")
    assert "exchange: none (the cat stays as dealt)" in run.out
    assert "took -" not in run.out
    assert "dealer F (Flo)" in run.out and "A (Al) bid 80; trump sixes" in run.out
    assert [line.split()[:2] for line in run.out.splitlines()[1:7]] == [
        [s, f"({n})"] for s, n in zip("ABCDEF", ["Al", "Bea", "Cal", "Dee", "Ed", "Flo"], strict=True)
    ]


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["show", "samples/legal/42-hand-log.42", "--game", "1", "--hand", "5"], "record 1 has no hand 5; its hands are 1"),
        (["show", "samples/legal/42-hand-log.42", "--hand", "5"], "samples/legal/42-hand-log.42 has no hand numbered 5"),
        (["check", "--quiet", "samples/broken/42-renege.42"], "0 games, 1 hand, 1 error, 0 warnings"),
        (["check", "samples/broken/42-renege.42"], "1 file, 0 games, 1 hand: 1 error, 0 warnings"),
    ],
)
def test_plurals(args: list[str], wanted: str) -> None:
    run = Run(*args)
    assert wanted in run.out + run.err


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_words_not_python_types(command: str) -> None:
    text = Run(command, "--help").out
    assert re.search(r"<(list|str|int|bool|path)\b|\{\w+\}|int range", text) is None, text
    usage = text.splitlines()[0]
    if command in ("check", "score", "convert", "fmt", "report"):
        assert usage.endswith(f" {command} [OPTIONS] PATH...")
    if command == "show":
        assert usage.endswith(" show [OPTIONS] FILE")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "--format", "yaml", "samples/legal"], "Invalid value for '--format' / '-f': 'yaml' is not one of text, json"),
        (["score", "--format", "cvs", "samples/legal"], "'cvs' is not one of text, json, csv; did you mean csv?"),
        (["check", "--max-errors", "x", "samples/legal"], "Invalid value for '--max-errors': 'x' is not a whole number"),
        (["check", "--jobs", "0", "samples/legal"], "Invalid value for '--jobs' / '-j': 0 is too small; give 1 or more"),
        (["check", "--formt", "json", "samples/legal"], "No such option: --formt"),
        (["chek", "samples/legal"], "Did you mean 'check'"),
        (["check", "--rules", "mon", "samples/legal"], "unknown profile 'mon'; did you mean moon?"),
        (["check", "--options", "allpass=forced", "samples/legal"], "Texas 42 has no option 'allpass'"),
        (["check", "--options", "all-pass=forse", "samples/legal"], "did you mean forced?"),
    ],
)
def test_usage_errors_in_plain_words(args: list[str], message: str) -> None:
    run = Run(*args)
    assert run.code == 2
    assert message in run.err, run.err
    assert "Value error" not in run.err and "Input should be" not in run.err


def test_options_did_you_mean_names_the_option() -> None:
    assert "did you mean all-pass?" in Run("check", "--options", "allpass=forced", "samples/legal").err


def test_python_dash_m_referee_runs_the_command() -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0 and result.stdout.startswith("referee ")


def _complete(words: str, tmp: Path | None = None) -> list[str]:
    """What the shell's completion (bash, through typer's protocol) offers after ``words``."""
    import os
    import subprocess
    import sys

    env = os.environ | {
        "_REFEREE_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
    }
    code = "from referee.cli import app; app(prog_name='referee')"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp or ROOT, check=False)
    return result.stdout.split()


def test_completion_of_profiles_formats_and_files(tmp_path: Path) -> None:
    assert _complete("referee check --rules m") == ["moon"]
    (tmp_path / "friday.toml").write_text('[profile]\nname = "friday"\nbase = "42"\n', encoding="utf-8")
    assert _complete("referee check --rules f", tmp_path) == ["friday.toml"]
    assert _complete("referee score --format ") == ["text", "json", "csv"]
    assert _complete("referee check samples/leg") == ["samples/legal/"]
    assert "--install-completion" in _complete("referee --ins")


def test_completion_scripts_are_offered() -> None:
    help_text = Run("--help").out
    assert "--install-completion" in help_text and "--show-completion" in help_text


def test_completion_knows_every_built_in_profile() -> None:
    from referee.cli.params import BUILT_IN_PROFILES
    from referee.engine.games import GAMES

    assert tuple(GAMES) == BUILT_IN_PROFILES


def test_messages_are_not_wrapped_in_a_pipe() -> None:
    """A log gets each message whole, however long (COLUMNS is 120 here)."""
    run = Run("check", "--options", "allpass=forced", "samples/legal")
    (line,) = run.err.splitlines()
    assert len(line) > 120
    assert line.startswith("error: --options: Texas 42 has no option 'allpass'") and line.endswith("did you mean all-pass?")
