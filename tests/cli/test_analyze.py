"""``referee analyze``: what it prints of the costly-play sample (snapshots), the shapes
of its JSON and CSV, the hands it skips, and its exit status."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion

from referee.engine.solver import DEFAULT_BUDGET
from referee.judging.analysis import HandAnalysis, HandTask, Skipped, analyse
from referee.report.analysis import CSV_FIELDS
from referee.report.schemas import schema_for
from referee.run import analyse as run_analyse
from referee.run.local import WORKER_DIED

from .test_cli import Run

pytestmark = pytest.mark.deadline(300)  # a hung worker pool fails the run (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
COSTLY = "samples/legal/42-costly-play.42"
RENEGE = "samples/broken/42-renege.42"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative paths, so the file names in the snapshots do not depend on the checkout."""
    monkeypatch.chdir(ROOT)


def test_text_names_the_play_that_lost_the_hand(snapshot: SnapshotAssertion) -> None:
    run = Run("analyze", COSTLY)
    assert run.code == 0
    assert "made → set: trick 1, E (Bob) played 4-3 (best 6-6): 32 → 11 points, cost 21" in run.out
    assert "\x1b[" not in run.out  # plain when piped
    assert run.snap() == snapshot


def test_json(snapshot: SnapshotAssertion) -> None:
    run = Run("analyze", "--format", "json", COSTLY)
    hand, summary = (json.loads(line) for line in run.out.splitlines())
    assert hand["lost"] == {"play": 3, "trick": 1, "seat": "E", "tile": "4-3"}
    assert hand["plays"][2]["values"]["6-6"] == hand["opening_value"] == 32
    assert summary["exit"] == run.code == 0
    assert [hand, summary] == snapshot


def test_par_text(snapshot: SnapshotAssertion) -> None:
    run = Run("analyze", "--par", "samples/legal/42-nello-set.42")
    assert "best: treys, 42 points; the highest bid it makes is 84" in run.out
    assert run.snap() == snapshot


def test_csv_has_a_row_a_play_and_the_json_fields() -> None:
    run = Run("analyze", "--format", "csv", COSTLY, "samples/legal/42-sevens-made.42")
    rows = list(csv.DictReader(io.StringIO(run.out)))
    assert list(rows[0]) == CSV_FIELDS
    docs = [json.loads(line) for line in Run("analyze", "--format", "json", COSTLY, "samples/legal/42-sevens-made.42").out.splitlines()]
    plays = [(d["hand"], p) for d in docs if d["type"] == "hand" for p in d["plays"]]
    assert len(rows) == len(plays)
    for row, (hand, play) in zip(rows, plays, strict=True):
        assert int(row["hand"]) == hand and row["tile"] == play["tile"] and int(row["cost"]) == play["cost"]
        assert row["best"].split() == play["best"]
    assert rows[2]["values"].split() == ["6-6:32", "4-3:11", "4-2:11", "4-0:11", "3-2:11", "3-0:11", "1-0:11"]


@pytest.mark.parametrize(
    "paths",
    [
        [COSTLY, "samples/legal/42-nello-set.42", "samples/legal/moon-game.42"],
        [RENEGE, "samples/legal/42-hand-log.42", "samples/broken/syntax-bad-tile.42"],
    ],
)
def test_json_lines_validate(paths: list[str]) -> None:
    validator = jsonschema.Draft202012Validator(schema_for("analyze"))
    run = Run("analyze", "--format", "json", "--par", "--budget", "300000", *paths)
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert lines[-1]["type"] == "summary" and lines[-1]["exit"] == run.code
    for line in lines:
        validator.validate(line)


def test_a_hand_with_rule_errors_is_skipped_and_the_others_go_on() -> None:
    run = Run("analyze", RENEGE, COSTLY)
    assert run.code == 1
    assert "note[W105]: hand 1 is not analysed: E404 (renege) changes the position" in run.out
    assert "--> samples/broken/42-renege.42:3:1" in run.out
    assert "error[E404]" in run.out and "samples/legal/42-costly-play.42 #1 hand 1" in run.out
    assert run.out.splitlines()[-1] == "2 files, 0 games, 2 hands: 1 error, 0 warnings; 1 hand analysed, 1 not"


def test_a_hand_without_its_deal_is_a_note_not_an_error() -> None:
    run = Run("analyze", "--format", "csv", "--budget", "300000", "samples/legal/42-hand-log.42")
    assert run.code == 0
    assert "note[W105]: hand 2 is not analysed: its deal is not recorded" in run.err
    assert "--> samples/legal/42-hand-log.42:22:1" in run.err


def test_past_the_budget_a_position_says_so_and_gives_no_value() -> None:
    run = Run("analyze", "--format", "json", "--budget", "50", COSTLY)
    (hand, summary) = (json.loads(line) for line in run.out.splitlines())
    assert hand["type"] == "hand" and (hand["positions"], hand["solved"], hand["budget"]) == (4, 0, 50)
    assert {(p["solved"], p["unsolved"], p["value_before"], p["cost"]) for p in hand["plays"]} == {(False, "budget", None, None)}
    assert hand["opening_value"] is hand["opening_makes"] is hand["final_value"] is None
    assert (summary["analysed"], summary["not_analysed"], summary["positions"], summary["solved"], summary["exit"]) == (1, 0, 4, 0, 0)
    text = Run("analyze", "--budget", "50", COSTLY).out
    assert "0 of 4 positions solved; no value is given for the others: 4 past the budget of 50 nodes each (--budget)" in text
    assert text.splitlines()[-1].endswith("1 hand analysed (0 of 4 positions solved)")


def test_88_each_position_it_can_solve_has_its_value() -> None:
    """Issue 28: a Texas 88 hand whose opening is past the budget is analysed, not W105:
    its later positions have their values (a small budget and a short limit keep it quick)."""
    run = Run(
        "analyze", "--format", "json", "--hand", "1", "--budget", "20000", "--time-limit", "60", "--jobs", "1", "samples/legal/88-game.42"
    )
    (hand, summary) = (json.loads(line) for line in run.out.splitlines())
    assert summary["not_analysed"] == 0 and hand["positions"] == 54
    solved = [p for p in hand["plays"] if p["solved"]]
    assert 0 < len(solved) < 54 and hand["plays"][-1]["solved"]
    assert {p["unsolved"] for p in hand["plays"]} <= {None, "budget", "time-limit", "not-reached"}


def test_a_time_limit_of_0_is_no_limit_and_a_negative_one_is_refused() -> None:
    run = Run("analyze", "--format", "json", "--time-limit", "0", COSTLY)
    assert json.loads(run.out.splitlines()[0])["time_limit"] is None
    bad = Run("analyze", "--time-limit", "-1", COSTLY)
    assert bad.code == 2 and "--time-limit" in bad.err


def test_one_hand_and_a_file(tmp_path: Path) -> None:
    target = tmp_path / "plays.csv"
    run = Run("analyze", "--hand", "3", "--format", "csv", "-O", str(target), "samples/legal/moon-game.42")
    assert run.code == 0 and run.out == ""
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert {r["hand"] for r in rows} == {"3"} and len(rows) == 21
    assert "1 hand analysed" in run.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "samples/nothing-here.42"], "samples/nothing-here.42"),
        (["analyze", "--hand", "99", COSTLY], "has a hand numbered 99"),
        (["analyze", "--budget", "0", COSTLY], "0 is too small"),
        (["analyze", "--format", "xml", COSTLY], "'xml' is not one of text, json, csv"),
        (["analyze", "-O", "no/such/dir/out.txt", COSTLY], "cannot write no/such/dir/out.txt"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    run = Run(*args)
    assert run.code == 2
    assert message in run.err, run.err


def test_the_help_gives_the_solvers_default_budget_and_time_limit() -> None:
    from referee.cli.analyze import BUDGET_HELP, TIME_LIMIT_HELP
    from referee.judging.analysis import DEFAULT_TIME_LIMIT

    assert (f"{DEFAULT_BUDGET:,}", f"{DEFAULT_TIME_LIMIT:g}") == (BUDGET_HELP, TIME_LIMIT_HELP)
    shown = " ".join(Run("analyze", "--help").out.split())
    assert f"default {BUDGET_HELP}" in shown and f"default {TIME_LIMIT_HELP};" in shown


def test_the_schema_command_prints_the_published_schema() -> None:
    run = Run("schema", "--for", "analyze")
    assert json.loads(run.out) == json.loads((ROOT / "docs" / "analyze.schema.json").read_text(encoding="utf-8"))


# -- faults: one hand's failure costs only that hand ---------------------------------------------

_PARENT = os.getpid()
_REAL_ANALYSE = analyse
_REAL_CONTAINED = run_analyse.analyse_contained


def _failing_on_hand_2(task: HandTask) -> HandAnalysis | Skipped:
    if task.facts.number == 2:
        raise ZeroDivisionError("division by zero")
    return _REAL_ANALYSE(task)


def _worker_dies_on_hand_2(task: HandTask) -> HandAnalysis | Skipped:
    """A worker killed while it solves hand 2 (this process, which solves it again, lives)."""
    if task.facts.number == 2 and os.getpid() != _PARENT:
        os._exit(9)
    return _REAL_CONTAINED(task)


def test_a_hand_whose_analysis_fails_is_s016_and_the_others_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_analyse, "analyse", _failing_on_hand_2)
    run = Run("analyze", "--jobs", "1", "samples/legal/moon-game.42")
    assert run.code == 2
    assert "error[S016]: internal error while analysing hand 2: ZeroDivisionError: division by zero" in run.out
    assert "#1 hand 1:" in run.out and "#1 hand 3:" in run.out
    assert run.out.splitlines()[-1].endswith("1 error, 0 warnings; 10 hands analysed, 1 not")


def test_a_killed_worker_costs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    one = Run("analyze", "--jobs", "1", "--format", "json", "samples/legal/moon-game.42")
    monkeypatch.setattr(run_analyse, "analyse_contained", _worker_dies_on_hand_2)
    two = Run("analyze", "--jobs", "2", "--format", "json", "samples/legal/moon-game.42")
    assert (two.code, two.out) == (one.code, one.out)
    assert two.err == WORKER_DIED.format(work="hands are analysed")


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "--budget", "1", "--jobs", "1"],
        ["analyze", "--budget", "1", "--jobs", "2", "--format", "json"],
        ["report", "--analysis", "-O", "{tmp}/log.html"],
        ["show", "--hand", "3"],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_each_record_is_judged_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str]) -> None:
    """``analyze`` and ``report --analysis`` judge each record once, with its trace, and
    solve from that (they used to judge every record twice); ``show`` judges only the
    record it draws."""
    from referee.judging.replay import Referee

    judged: list[int | None] = []
    real = Referee.judge

    def counting(self: Referee, record: Any, **kwargs: Any) -> Any:
        judged.append(kwargs.get("game_index"))
        assert kwargs.get("trace") is not None, "judged without the trace the drawing or the analysis needs"
        return real(self, record, **kwargs)

    monkeypatch.setattr(Referee, "judge", counting)
    run = Run(*(a.format(tmp=tmp_path) for a in args), "samples/legal/42-hand-log.42")
    assert run.code == 0, run.err
    assert judged == ([3] if args[0] == "show" else [1, 2, 3, 4])  # the log's four hands are four records


def test_output_to_a_file_is_all_or_nothing(tmp_path: Path) -> None:
    """-O writes beside the target and renames: a run that fails leaves the file as it was."""
    target = tmp_path / "plays.csv"
    target.write_text("yesterday's\n", encoding="utf-8")
    run = Run("analyze", "--hand", "99", "--format", "csv", "-O", str(target), COSTLY)
    assert run.code == 2 and "has a hand numbered 99" in run.err
    assert target.read_text(encoding="utf-8") == "yesterday's\n"
    assert [p.name for p in tmp_path.iterdir()] == ["plays.csv"]


def test_a_closed_pipe_is_a_quiet_exit_with_the_status_of_the_input() -> None:
    """`referee analyze ... | head -1`: nothing more is printed or said, the rest is judged
    (not analysed) for the exit status."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "analyze", "--jobs", "1", "samples/legal/moon-game.42", RENEGE],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert first.startswith("samples/legal/moon-game.42 #1 hand 1")
    assert (err, proc.wait(timeout=300)) == ("", 1)
