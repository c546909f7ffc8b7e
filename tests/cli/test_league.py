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
from tests.cli.test_cli import GAMES, ROOT, Run

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


def test_split_by_clean_writes_every_record_to_one_of_the_two_files(tmp_path: Path) -> None:
    """A record with a syntax error goes to the broken file as it was written (it cannot be
    rewritten); a hand with no header after it is not read as part of it (issue 29, item 6)."""
    syntax = (ROOT / "samples/broken/syntax-bad-tile.42").read_text(encoding="utf-8")
    out = tmp_path / "mixed.42"
    run = Run(
        "select",
        "--jobs",
        "1",
        ROUNDS[2],
        "samples/broken/syntax-bad-tile.42",
        "samples/broken/42-renege.42",
        "--split-by",
        "clean",
        "-O",
        str(out),
    )
    assert run.code == 2 and "samples/broken/syntax-bad-tile.42:5:10: record 1 has a syntax error (S002): written as read" in run.err
    clean, broken = (tmp_path / "mixed-clean.42").read_text(encoding="utf-8"), (tmp_path / "mixed-broken.42").read_text(encoding="utf-8")
    assert syntax in broken and syntax not in clean
    checked = Run("check", "--jobs", "1", "--format", "json", str(tmp_path / "mixed-broken.42"))
    summary = json.loads(checked.out.splitlines()[-1])
    assert (summary["games"], summary["hands"]) == (1, 7 + 1 + 1)  # table 2's game, the syntax error's hand, the renege's hand
    assert Run("check", "-q", str(tmp_path / "mixed-clean.42")).code == 0
    written = clean.count("\nhand ") + clean.startswith("hand ") + broken.count("\nhand ") + broken.startswith("hand ")
    assert written == 7 + 7 + 1 + 1  # every hand of the three files, in one file or the other
    for to in ("json", "jsonl"):
        target = tmp_path / f"mixed.{to}"
        Run("select", "--jobs", "1", ROUNDS[2], "samples/broken/syntax-bad-tile.42", "--split-by", "clean", "--to", to, "-O", str(target))
        text = (tmp_path / f"mixed-broken.{to}").read_text(encoding="utf-8")
        docs = json.loads(text) if to == "json" else [json.loads(line) for line in text.splitlines()]
        assert [Path(d["file"]).name for d in docs] == ["week3.42", "syntax-bad-tile.42"]


def test_split_by_game_writes_a_file_per_game(tmp_path: Path) -> None:
    """Each game in a file of its own, numbered in input order; the hands of one log stay together (issue 29, item 10)."""
    out = tmp_path / "games" / "league.42"
    out.parent.mkdir()
    run = Run("select", "--jobs", "1", *ROUNDS, "samples/legal/42-points-log.42", "--split-by", "game", "-O", str(out))
    assert run.code == 0 and run.out == ""
    names = sorted(p.name for p in out.parent.iterdir())
    assert names == [f"league-{n:04d}.42" for n in range(1, 8)]  # six games, and one log
    assert f"written to 7 files, {out.parent / 'league-0001.42'} to {out.parent / 'league-0007.42'}" in run.err
    for name in names[:6]:
        text = (out.parent / name).read_text(encoding="utf-8")
        assert text.count("[Event ") == 1 and Run("fmt", "--check", str(out.parent / name)).code == 0
    assert '[Mode "log"]' in (out.parent / names[6]).read_text(encoding="utf-8")

    def sheets(*paths: str) -> list[str]:
        """The score sheets, without the file and the place in it."""
        rows = Run("score", "--jobs", "1", "--format", "csv", *paths).out.splitlines()
        return [",".join(cell for i, cell in enumerate(row.split(",")) if i not in (1, 2)) for row in rows]

    assert sheets(*(str(out.parent / n) for n in names)) == sheets(*ROUNDS, "samples/legal/42-points-log.42")  # the same games
    hands = Run("select", "--jobs", "1", LEAGUE, "--declarer", "Ann", "--hands", "--split-by", "game", "-O", str(tmp_path / "ann.42"))
    games = Run("select", "--jobs", "1", LEAGUE, "--declarer", "Ann").out.count("[Event ")
    assert hands.code == 0 and len(list(tmp_path.glob("ann-*.42"))) == games == 4  # her hands, one file per game she declared in


def test_select_usage_errors() -> None:
    run = Run("select", LEAGUE, "--split-by", "clean")
    assert run.code == 2 and "give -O" in run.err
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


def test_standings_of_moon_name_each_player_alone() -> None:
    # Moon's sides are single players: a side is its player, not a team of one (a team of
    # one once had its own player's key and shown() recursed without end)
    doc = json.loads(Run("standings", "--jobs", "1", "--format", "json", "samples/shorthand/moon-game.42").out)
    jsonschema.Draft202012Validator(schema_for("standings")).validate(doc)
    assert sorted(r["team"] for r in doc["rows"]) == ["Ed", "Flo", "Gus"]
    assert [r["team"] for r in doc["rows"] if r["rank"] == 1] == ["Flo"]


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


# -- tag ----------------------------------------------------------------------------------------


def test_tag_sets_and_removes_a_tag_in_every_record_of_many_files(tmp_path: Path) -> None:
    """--set replaces or adds, --remove takes out, in every record; each file comes out canonical (issue 29, item 10)."""
    for name in ("week1.42", "week2.42"):
        shutil.copy(ROOT / LEAGUE / name, tmp_path / name)
    shutil.copy(ROOT / "samples/legal/42-hand-log.42", tmp_path / "log.42")
    run = Run("tag", "--set", "round=9", "--set", "Event=Autumn cup", "--remove", "Site", str(tmp_path))
    assert run.code == 0 and run.err.splitlines()[-1] == "3 files: 3 tagged, 0 unchanged, 0 left as they were"
    for name in ("week1.42", "week2.42"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert text.count('[Round "9"]') == text.count('[Event "Autumn cup"]') == 2 and "[Site " not in text
        assert Run("fmt", "--check", str(tmp_path / name)).code == 0
    log = (tmp_path / "log.42").read_text(encoding="utf-8")
    assert log.startswith('[Event "Autumn cup"]\n[Round "9"]\n[Mode "log"]\n')  # the hands of the log share one header
    before = json.loads(Run("check", "--jobs", "1", "--format", "json", str(ROOT / LEAGUE / "week2.42")).out.splitlines()[-1])
    after = json.loads(Run("check", "--jobs", "1", "--format", "json", str(tmp_path / "week2.42")).out.splitlines()[-1])
    assert {k: after[k] for k in ("games", "hands", "errors", "warnings")} == {
        k: before[k] for k in ("games", "hands", "errors", "warnings")
    }
    assert Run("check", "-q", str(tmp_path / "log.42")).code == 0
    again = Run("tag", "--set", "Round=9", str(tmp_path / "week1.42"))
    assert again.code == 0 and "0 tagged, 1 unchanged" in again.err


def test_tag_leaves_a_file_it_cannot_rewrite_as_it_was(tmp_path: Path) -> None:
    """A syntax error in the file, or a value that would not read back, leaves the whole file alone (exit 2)."""
    syntax = tmp_path / "syntax.42"
    shutil.copy(ROOT / "samples/broken/syntax-bad-tile.42", syntax)
    week = tmp_path / "week1.42"
    shutil.copy(ROOT / LEAGUE / "week1.42", week)
    run = Run("tag", "--set", "Round=4", str(syntax), str(week))
    assert run.code == 2 and f"{syntax}: left as it was" in run.err and "error[S002]" in run.err
    assert syntax.read_bytes() == (ROOT / "samples/broken/syntax-bad-tile.42").read_bytes() and '[Round "4"]' in week.read_text(
        encoding="utf-8"
    )
    bad = Run("tag", "--set", "Target=abc", str(week))
    assert bad.code == 2 and "the tags given would not read back" in bad.err and "error[S008]" in bad.err
    assert '[Target "7 marks"]' in week.read_text(encoding="utf-8")


def test_tag_keeps_byte_order_mark_and_line_ends_and_reads_standard_input(tmp_path: Path) -> None:
    text = (ROOT / LEAGUE / "week1.42").read_text(encoding="utf-8")
    f = tmp_path / "crlf.42"
    f.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert Run("tag", "--set", "Table=7", str(f)).code == 0
    data = f.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\n" not in data.replace(b"\r\n", b"") and b'[Table "7"]' in data
    piped = Run("tag", "--set", "Table=7", "-", stdin=text)
    assert piped.code == 0 and piped.out == data.decode("utf-8-sig").replace("\r\n", "\n")
    diff = Run("tag", "--remove", "Winner", "--diff", str(f))
    assert diff.code == 0 and diff.out.count('-[Winner "') == 2 and f.read_bytes() == data  # a dry run


def test_tag_keeps_a_files_encoding_and_waits_for_the_lock(tmp_path: Path) -> None:
    text = (ROOT / LEAGUE / "week1.42").read_text(encoding="utf-8").replace("Grange", "Grangé")
    f = tmp_path / "ansi.42"
    f.write_bytes(text.encode("cp1252"))
    assert Run("tag", "--set", "Table=7", str(f)).code == 2, "not UTF-8: read only when told the encoding"
    assert Run("tag", "--encoding", "cp1252", "--set", "Table=7", str(f)).code == 0
    data = f.read_bytes()
    assert "Grangé".encode("cp1252") in data and b'[Table "7"]' in data, "written back in its own encoding"
    from referee.cli import inplace
    from referee.run.lock import RecordLock

    with RecordLock.acquire(f, "fmt"):  # another fmt, fix or tag holds the file: this one waits (here: gives up) and leaves it alone
        saved, inplace.LOCK_WAIT = inplace.LOCK_WAIT, 0.2
        try:
            busy = Run("tag", "--encoding", "cp1252", "--set", "Table=8", str(f))
        finally:
            inplace.LOCK_WAIT = saved
    assert busy.code == 2 and "is being rewritten by `referee fmt`" in busy.err and f.read_bytes() == data


def test_tag_usage_errors() -> None:
    for args, message in [
        (["--set", "Rond=3"], "`Rond` is not a tag the notation knows; did you mean Round?"),
        (["--set", "Round"], "'Round' is not NAME=VALUE"),
        (["--set", "2x=3"], "'2x' is not a tag name"),
        (["--set", "Round=3", "--remove", "round"], "--set and --remove both name round"),
        ([], "nothing to do"),
    ]:
        run = Run("tag", *args, ROUNDS[0])
        assert (run.code, run.out) == (2, "") and message in run.err, args
    assert (ROOT / ROUNDS[0]).read_text(encoding="utf-8").count('[Round "1"]') == 2


@pytest.mark.parametrize("sample", GAMES)
def test_convert_detail_hands_writes_the_score_sheet_that_scores_as_the_record(sample: str, tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.42"
    run = Run("convert", sample, "--to", "text", "--detail", "hands", "-O", str(sheet), "--jobs", "1")
    assert run.code == 0, run.err
    text = sheet.read_text(encoding="utf-8")
    assert '[Detail "hands"]' in text and "\n  play " not in text and "\n  deal " not in text
    assert Run("check", str(sheet)).code == 0
    assert Run("fmt", "--check", str(sheet)).code == 0, "written in the canonical form"
    columns = ["award_1", "score_1", "award_2", "score_2", "winner"]

    def sheet_of(path: str) -> list[list[str]]:
        rows = csv.DictReader(io.StringIO(Run("score", "--format", "csv", "--jobs", "1", path).out))
        return [[row.get(c, "") for c in columns] for row in rows]

    assert sheet_of(str(sheet)) == sheet_of(sample)


def test_convert_detail_hands_needs_the_notation() -> None:
    run = Run("convert", GAMES[0], "--detail", "hands", "--to", "json")
    assert run.code == 2 and "give --to text" in run.err
