"""The league tools on the league samples (samples/league): snapshots of what ``select``,
``dups``, ``stats``, ``standings`` and ``fix`` print, and the facts behind them."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion

from referee.report.schemas import schema_for
from tests.cli.test_cli import ROOT, Run

LEAGUE = "samples/league"
ROUNDS = [f"{LEAGUE}/week{n}.42" for n in (1, 2, 3)]


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


# -- select -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--declarer", "Cy", "--made", "--hands"],
        ["--player", "Gus", "--trump", "doubles", "--hands"],
        ["--tag", "Round=2", "--tag", "Table=1", "--bid-min", "32", "--set", "--hands"],
        ["--code", "E504"],
        ["--contract", "nello"],
    ],
    ids=["declarer-made", "player-trump", "tags-bid-set", "code", "no-match"],
)
def test_select(args: list[str], snapshot: SnapshotAssertion) -> None:
    run = Run("select", "--jobs", "1", LEAGUE, *args)
    assert run.code == 0
    assert run.snap() == snapshot


def test_selected_hands_are_a_log_that_checks_as_they_did(tmp_path: Path) -> None:
    """A hand taken out of its game keeps its tags under [Mode "log"], reads back, and is canonical."""
    run = Run("select", "--jobs", "1", LEAGUE, "--declarer", "Ann", "--hands")
    f = tmp_path / "ann.42"
    f.write_text(run.out, encoding="utf-8")
    assert run.out.count("\nhand ") == int(run.err.split("(")[1].split(" ")[0])
    assert '[Mode "log"]' in run.out and '[North "Ann"]' in run.out
    assert Run("fmt", "--check", str(f)).code == 0
    check = Run("check", "--jobs", "1", str(f))
    assert check.code == 0, check.out  # Ann's hands are all clean; the ruled renege is a note
    assert all(f"declarer {seat}" not in check.out for seat in "EW")


def test_select_json_validates_and_names_the_records() -> None:
    validator = jsonschema.Draft202012Validator(schema_for("convert"))
    docs = json.loads(Run("select", "--jobs", "1", LEAGUE, "--player", "Hal", "--to", "json").out)
    assert [(Path(d["file"]).name, d["index"]) for d in docs] == [("late-entries.42", 2), ("week1.42", 2), ("week2.42", 2), ("week3.42", 1)]
    for doc in docs:
        validator.validate(doc)
    assert all(
        any(t == {"name": "West", "value": "Hal", "comments": [], "after": [], "at": t["at"]} for t in d["record"]["tags"]) for d in docs
    )


def test_split_by_clean_writes_two_files(tmp_path: Path) -> None:
    out = tmp_path / "league.42"
    run = Run("select", "--jobs", "1", LEAGUE, "--split-by", "clean", "-O", str(out))
    assert run.code == 0 and run.out == ""
    clean, broken = (tmp_path / "league-clean.42"), (tmp_path / "league-broken.42")
    assert Run("check", "-q", str(clean)).code == 0
    assert Run("check", "-q", str(broken)).code == 1
    assert clean.read_text(encoding="utf-8").count("\n[Event ") + broken.read_text(encoding="utf-8").count("\n[Event ") == 8 - 1
    assert 'Round "3"' in broken.read_text(encoding="utf-8") and '[Table "2"]' in broken.read_text(encoding="utf-8")


def test_select_usage_errors() -> None:
    run = Run("select", LEAGUE, "--split-by", "clean")
    assert run.code == 2 and "give -O FILE" in run.err
    assert Run("select", LEAGUE, "--tag", "Round").code == 2
    for args, message in [
        (["--code", "E999"], "--code: 'E999' is not a diagnostic code"),
        (["--trump", "sixs"], "--trump: 'sixs' is not a declaration"),
        (["--bid-min", "35", "--bid-max", "32"], "--bid-min 35 is above --bid-max 32"),
    ]:
        run = Run("select", LEAGUE, *args)
        assert (run.code, run.out) == (2, "") and message in run.err


def test_a_record_with_a_syntax_error_is_never_selected() -> None:
    run = Run("select", "--jobs", "1", "samples/broken/syntax-bad-tile.42")
    assert run.code == 2 and run.out == ""
    assert "samples/broken/syntax-bad-tile.42:" in run.err and "is not selected: it has a syntax error (S002)" in run.err


# -- dups -------------------------------------------------------------------------------------


def test_dups(snapshot: SnapshotAssertion) -> None:
    run = Run("dups", LEAGUE)
    assert run.code == 0
    assert run.snap() == snapshot


def test_dups_json_and_strict(snapshot: SnapshotAssertion) -> None:
    run = Run("dups", "--format", "json", "--strict", LEAGUE)
    assert run.code == 1
    doc = json.loads(run.out)
    jsonschema.Draft202012Validator(schema_for("dups")).validate(doc)
    assert sorted(g["kind"] for g in doc["groups"]) == ["prefix", "same-deal", "same-game"]
    assert doc == snapshot
    assert Run("dups", "--strict", *ROUNDS[1:]).code == 0  # rounds 2 and 3 hold no duplicate


# -- stats and standings ------------------------------------------------------------------------


@pytest.mark.parametrize("by", ["player", "team", "seat"])
def test_stats(by: str, snapshot: SnapshotAssertion) -> None:
    run = Run("stats", "--jobs", "1", "--by", by, *ROUNDS)
    assert run.code == 0
    assert run.snap() == snapshot


def test_stats_csv_and_json_agree_with_the_score_sheets(snapshot: SnapshotAssertion) -> None:
    rows = list(csv.DictReader(io.StringIO(Run("stats", "--jobs", "1", "--format", "csv", *ROUNDS).out)))
    doc = json.loads(Run("stats", "--jobs", "1", "--format", "json", *ROUNDS).out)
    jsonschema.Draft202012Validator(schema_for("stats")).validate(doc)
    assert [r["name"] for r in rows] == [r["name"] for r in doc["rows"]]
    sheets = [json.loads(line) for line in Run("score", "--format", "json", "--jobs", "1", *ROUNDS).out.splitlines()]
    declared: dict[str, int] = {}
    for sheet in sheets:
        for hand in sheet["hands"]:
            if hand["declarer_name"]:
                declared[hand["declarer_name"]] = declared.get(hand["declarer_name"], 0) + 1
    assert {r["name"]: int(r["declared"]) for r in rows} == declared
    for r in rows:
        assert int(r["made"]) + int(r["set"]) <= int(r["declared"])
        assert int(r["games"]) == 3  # a round robin of four teams: three games each
    assert doc == snapshot


def test_standings(snapshot: SnapshotAssertion) -> None:
    run = Run("standings", "--jobs", "1", *ROUNDS)
    assert run.code == 0
    assert run.snap() == snapshot


def test_standings_json_and_tie_breaks(tmp_path: Path) -> None:
    doc = json.loads(Run("standings", "--jobs", "1", "--format", "json", *ROUNDS).out)
    jsonschema.Draft202012Validator(schema_for("standings")).validate(doc)
    ranking = [(r["rank"], r["team"], r["won"]) for r in doc["rows"]]
    # Bob & Di and Ann & Cy won two each: Bob & Di beat Ann & Cy; so did Gus & Hal beat Eve & Flo
    assert ranking == [(1, "Bob & Di", 2), (2, "Ann & Cy", 2), (3, "Gus & Hal", 1), (4, "Eve & Flo", 1)]
    wins = json.loads(Run("standings", "--jobs", "1", "--format", "json", "--tie-breaks", "wins", *ROUNDS).out)
    assert [(r["rank"], r["team"]) for r in wins["rows"]] == [(1, "Ann & Cy"), (1, "Bob & Di"), (3, "Eve & Flo"), (3, "Gus & Hal")]
    house = tmp_path / "league.toml"
    house.write_text('[profile]\nname = "grange"\nbase = "42"\n[standings]\ntie-breaks = ["wins"]\n', encoding="utf-8")
    from_file = json.loads(Run("standings", "--jobs", "1", "--format", "json", "--rules", str(house), *ROUNDS).out)
    assert from_file["tie_breaks"] == ["wins"] and from_file["rows"] == wins["rows"]
    unfinished = Run("standings", "--jobs", "1", "--format", "json", LEAGUE)
    assert "note: samples/league/late-entries.42:139: record 2 is not counted: the game has no winner" in unfinished.err
    bad = Run("standings", "--tie-breaks", "wins,diference", *ROUNDS)
    assert bad.code == 2 and "did you mean difference?" in bad.err


# -- fix ----------------------------------------------------------------------------------------


def test_fix_diff_and_check(snapshot: SnapshotAssertion) -> None:
    before = (ROOT / ROUNDS[2]).read_bytes()
    diff = Run("fix", "--diff", ROUNDS[2])
    check = Run("fix", "--check", LEAGUE)
    assert (diff.code, check.code) == (1, 1)
    assert (ROOT / ROUNDS[2]).read_bytes() == before  # a dry run
    assert {"diff": diff.snap(), "check": check.snap()} == snapshot


def test_fix_mends_the_written_results_and_nothing_else(tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    f = tmp_path / "week3.42"
    shutil.copy(ROOT / ROUNDS[2], f)
    run = Run("fix", str(f))
    assert run.code == 0
    assert run.out.replace(str(f), "week3.42") == snapshot
    assert Run("check", "-q", str(f)).code == 0
    assert Run("fmt", "--check", str(f)).code == 0
    assert Run("fix", "--check", str(f)).code == 0  # nothing left to fix


def test_fix_leaves_a_record_with_other_errors_alone(tmp_path: Path) -> None:
    f = tmp_path / "renege.42"
    text = (ROOT / "samples/broken/42-renege.42").read_text(encoding="utf-8").replace("result NS 36 made", "result NS 30 made")
    f.write_text(text, encoding="utf-8")
    run = Run("fix", str(f))
    assert run.code == 1
    assert f"{f}:10:14: record 1 not fixed: E404 (run `referee check`)" in run.err
    assert f.read_text(encoding="utf-8") == text


def test_fix_standard_input_keeps_byte_order_mark_and_line_ends(tmp_path: Path) -> None:
    text = (ROOT / ROUNDS[2]).read_text(encoding="utf-8")
    fixed = Run("fix", "-", stdin=text).out
    assert fixed != text and Run("check", "-q", "-", stdin=fixed).code == 0
    f = tmp_path / "crlf.42"
    f.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert Run("fix", str(f)).code == 0
    data = f.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    assert data.decode("utf-8-sig").replace("\r\n", "\n") == fixed


def test_fix_never_writes_a_file_that_is_not_text(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are S006 with their place, as `check` says; the file is left as it was."""
    f = tmp_path / "latin1.42"
    data = (ROOT / ROUNDS[2]).read_bytes().replace(b'"Grange hall"', b'"Grange h\xe4ll"')
    f.write_bytes(data)
    run = Run("fix", str(f))
    assert run.code == 2
    assert "error[S006]" in run.err and f"--> {f}:6:16" in run.err
    assert f.read_bytes() == data


def test_fix_keeps_old_mac_line_ends(tmp_path: Path) -> None:
    f = tmp_path / "cr.42"
    text = (ROOT / ROUNDS[2]).read_text(encoding="utf-8")
    f.write_bytes(text.replace("\n", "\r").encode())
    assert Run("fix", str(f)).code == 0
    data = f.read_bytes()
    assert b"\n" not in data
    assert data.decode().replace("\r", "\n") == Run("fix", "-", stdin=text).out


def test_select_output_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    """-O replaces its file through a temporary file and a rename; a file it cannot write is exit 2 with the reason."""
    out = tmp_path / "ann.42"
    out.write_text("kept until the new text is all written\n", encoding="utf-8")
    run = Run("select", "--jobs", "1", LEAGUE, "--player", "Ann", "-O", str(out))
    written = out.read_text(encoding="utf-8")
    assert run.code == 0 and "kept until" not in written and written.count('"Ann"]') == 5  # her five records
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ann.42"]
    missing = tmp_path / "no" / "such.42"
    bad = Run("select", "--jobs", "1", LEAGUE, "-O", str(missing))
    assert bad.code == 2 and f"error: cannot write {missing}: no such file or directory" in bad.err
