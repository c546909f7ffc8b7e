"""Every command on score sheets (issue 24, item 4): hands written without their plays under
``[Detail "hands"]``, in the bundled club nights and in a league season stripped of its plays."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest

from referee.notation.reader import read_text
from referee.notation.writer import format_game
from referee.report.schemas import schema_for
from tests.cli.test_cli import ROOT, Run
from tests.properties.test_sheets import strip

NIGHTS = [f"samples/legal/{name}-club-night.42" for name in ("42", "moon", "88")]
SEASON = [f"samples/league/week{n}.42" for n in (1, 2)]


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def _season_as_sheets(tmp_path: Path) -> list[str]:
    """The league's first two rounds written as score sheets: each game stripped of its plays."""
    out = []
    for name in SEASON:
        records = [r.record for r in read_text((ROOT / name).read_text(encoding="utf-8"), name)]
        path = tmp_path / Path(name).name
        path.write_text("\n".join(format_game(strip(r)) for r in records if r is not None), encoding="utf-8")
        out.append(str(path))
    return out


# -- check and score ---------------------------------------------------------------------
@pytest.mark.parametrize("path", NIGHTS)
def test_score_json_and_csv_of_a_club_night(path: str) -> None:
    lines = [json.loads(line) for line in Run("score", "--format", "json", path).out.splitlines()]
    validator = jsonschema.Draft202012Validator(schema_for("score"))
    for line in lines:
        validator.validate(line)
        assert line["errors"] == 0 and line["game"]["winner"] is not None
    rows = list(csv.DictReader(io.StringIO(Run("score", "--format", "csv", path).out)))
    hands = [r for r in rows if r["kind"] == "hand"]
    assert len(hands) == sum(len(line["hands"]) for line in lines)
    assert all(r["score_1"] != "" for r in hands)  # every hand of a club night keeps the running score


def test_score_of_a_hand_that_writes_only_its_award() -> None:
    (first, _, third) = [json.loads(line) for line in Run("score", "--format", "json", NIGHTS[0]).out.splitlines()]
    hand = third["hands"][0]
    assert (hand["declarer"], hand["bid"], hand["result"], hand["award_1"], hand["score_1"]) == (None, None, None, 1, 1)
    sixth = first["hands"][5]
    assert (sixth["points_1"], sixth["award_2"], sixth["score_2"]) == (None, 1, 3)


# -- convert, both ways, and fmt -----------------------------------------------------------
@pytest.mark.parametrize("path", NIGHTS)
def test_convert_to_json_and_back_gives_the_sheet_as_written(path: str) -> None:
    jsonl = Run("convert", "--to", "jsonl", path)
    assert jsonl.code == 0
    documents = [json.loads(line) for line in jsonl.out.splitlines()]
    validator = jsonschema.Draft202012Validator(schema_for("convert"))
    for doc in documents:
        validator.validate(doc)
        assert {h["detail"] for h in doc["verdict"]["hands"]} == {"hands"}
        assert all(h["tricks"] == [] for h in doc["record"]["hands"])
    back = Run("convert", "--from", "json", "--to", "text", "-", stdin=jsonl.out)
    assert back.code == 0
    assert back.out == (ROOT / path).read_text(encoding="utf-8")  # the samples are canonical


def test_fmt_keeps_a_sheet_as_written() -> None:
    text = '[Rules "42"]\n[Detail "hands"]\n\nhand 1 dealer W\n  bid S 32\n  result set\n\nhand 2\n  award EW 1\n  score NS 0 EW 2\n'
    run = Run("fmt", "-", stdin=text)
    assert run.code == 0 and run.out == text
    assert Run("fmt", "--check", *NIGHTS).code == 0


# -- select, stats, standings ----------------------------------------------------------------
def test_select_by_detail() -> None:
    sheets = Run("select", "--detail", "hands", "--hands", "samples/legal")
    plays = Run("select", "--detail", "plays", "--hands", "samples/legal")
    assert sheets.code == plays.code == 0
    both = Run("select", "--hands", "samples/legal")
    assert sheets.out.count("\nhand ") + plays.out.count("\nhand ") == both.out.count("\nhand ")
    assert sheets.out.count("\nhand ") == 26 + 6 + 7
    assert "play " not in sheets.out and "play " in plays.out


def test_standings_and_stats_of_a_season_written_as_sheets_are_those_of_the_season_in_full(tmp_path: Path) -> None:
    sheets = _season_as_sheets(tmp_path)
    assert Run("check", "--quiet", *sheets).code == 0
    for command in ("standings", "stats"):
        full = json.loads(Run(command, "--format", "json", *SEASON).out)
        written = json.loads(Run(command, "--format", "json", *sheets).out)
        assert written == full, command


def test_stats_leave_empty_what_a_sheet_does_not_say() -> None:
    rows = {r["name"]: r for r in json.loads(Run("stats", "--format", "json", NIGHTS[0]).out)["rows"]}
    assert rows["Ann"]["declared"] is None and rows["Ann"]["made"] is None and rows["Ann"]["marks_won"] == 14
    assert (rows["Eve"]["declared"], rows["Eve"]["made"], rows["Eve"]["set"]) == (2, 1, 1)
    table = Run("stats", NIGHTS[0]).out
    ann = next(line for line in table.splitlines() if "Ann" in line)
    assert " 0 " not in ann.split("│")[5]  # declared: empty, not 0


# -- fix -------------------------------------------------------------------------------------
def test_fix_rewrites_a_sheet_s_wrong_lines_and_adds_none(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.42"
    sheet.write_text((ROOT / "samples/broken/42-sheet-score-skips.42").read_text(encoding="utf-8"), encoding="utf-8")
    run = Run("fix", str(sheet))
    assert run.code == 0
    assert run.out.splitlines() == [f'{sheet}:6: added `[Winner "EW"]`', f"{sheet}:19: `score NS 1 EW 3` -> `score NS 1 EW 2`"]
    assert Run("check", str(sheet)).code == 0


def test_fix_says_what_a_sheet_does_not_give_enough_to_mend(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.42"
    sheet.write_text((ROOT / "samples/broken/88-sheet-points-not-adding-up.42").read_text(encoding="utf-8"), encoding="utf-8")
    run = Run("fix", str(sheet))
    assert run.code == 1
    assert f"{sheet}:16:3: the award of hand 2 is left as written" in run.err


# -- show and report -------------------------------------------------------------------------
def test_show_gives_a_sheet_hand_s_line_and_no_picture() -> None:
    run = Run("show", NIGHTS[0], "--hand", "2")
    assert run.code == 0
    assert run.out.splitlines()[:4] == [
        "Texas 42 · hand 2 · dealer N (Ann) · score sheet, no plays",
        "auction: E 31",
        "E (Bob) bid 31; trump -",
        "set; award NS 1; score NS 2 EW 0",
    ]
    svg = Run("show", NIGHTS[0], "--hand", "2", "--format", "svg")
    assert svg.code == 2 and "is a score sheet's: it has no plays to draw" in svg.err
    trick = Run("show", NIGHTS[0], "--hand", "2", "--trick", "1")
    assert trick.code == 2 and "no plays to show" in trick.err


def test_report_gives_a_sheet_hand_its_result_and_no_diagram(tmp_path: Path) -> None:
    page = tmp_path / "night.html"
    assert Run("report", NIGHTS[0], "-O", str(page)).code == 0
    html = page.read_text(encoding="utf-8")
    assert "<svg" not in html
    assert html.count("A score sheet's hand: no plays are written") == 26
    assert "<b>Result</b> award EW 1 · score NS 3 EW 3" in html
