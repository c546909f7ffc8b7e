"""A failure costs one record, one file or one worker, never the run (reliability review D3,
the --jobs items): the engine raising on one record of three, an extract failing, the reader
failing part way through a file, a worker process killed, and --jobs 1000."""

from __future__ import annotations

import concurrent.futures
import json
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.judging.replay import Referee
from referee.notation.reader import read_records
from referee.notation.units import Unit
from referee.run import batch, local, units
from referee.run.batch import outcomes
from referee.run.outcomes import Outcome
from referee.run.units import UnitResult

from .test_batch import mixed

pytestmark = pytest.mark.deadline(300)  # a hung worker pool fails the run (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "samples" / "legal"
ENV = {"COLUMNS": "120", "TERM": "dumb", "NO_COLOR": "1"}


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def three_records(tmp_path: Path) -> Path:
    """Three legal logged hands, each a record of its own (the first three of a sample log)."""
    log = (LEGAL / "42-hand-log.42").read_text(encoding="utf-8")
    path = tmp_path / "three.42"
    path.write_text(log[: log.index("\nhand 4 ")], encoding="utf-8")
    return path


def fail_on_record_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine raises on the second record of every file, as a bug would."""
    judge = Referee.judge

    def failing(self: Referee, record: Any, **kwargs: Any) -> Any:
        if kwargs.get("game_index") == 2:
            raise IndexError("list index out of range")
        return judge(self, record, **kwargs)

    monkeypatch.setattr(Referee, "judge", failing)


@pytest.fixture
def engine_fails_on_record_2(monkeypatch: pytest.MonkeyPatch) -> None:
    fail_on_record_2(monkeypatch)


def test_d3_one_record_failing_costs_only_that_record(three_records: Path, engine_fails_on_record_2: None) -> None:
    status, out, _ = invoke("check", three_records, "--format", "json", "--jobs", "1")
    lines = [json.loads(line) for line in out.splitlines()]
    diagnostics = [d for d in lines if d["type"] == "diagnostic"]
    assert [(d["code"], d["game"]) for d in diagnostics] == [("S016", 2)]
    fault = diagnostics[0]
    assert fault["message"].startswith(
        "internal error while judging this record: IndexError: list index out of range (referee/run/records.py:"
    )
    assert fault["at"]["line"] > 1 and fault["file"] == str(three_records)
    assert "please report it" in fault["hint"]
    summary = lines[-1]
    assert summary["type"] == "summary" and summary["hands"] == 3 and summary["exit"] == status == 2


def test_d3_the_text_output_names_the_file_and_line_and_goes_on(three_records: Path, engine_fails_on_record_2: None) -> None:
    status, out, _ = invoke("check", three_records, LEGAL / "42-game.42", "--jobs", "1")
    assert status == 2
    assert "error[S016]: internal error while judging this record: IndexError" in out
    assert f"--> {three_records}:" in out
    assert out.rstrip().endswith("2 files, 1 game, 13 hands: 1 error, 0 warnings")


@pytest.mark.parametrize(
    "args",
    [["score"], ["score", "--format", "json"], ["score", "--format", "csv"], ["convert"], ["convert", "--to", "text"], ["fmt", "--check"]],
    ids=" ".join,
)
def test_d3_every_command_goes_on_after_a_failing_record(three_records: Path, engine_fails_on_record_2: None, args: list[str]) -> None:
    status, out, err = invoke(*args, three_records, *(["--jobs", "1"] if args[0] != "fmt" else []))
    assert status == 2
    assert "S016" in out + err
    if args[0] == "convert" and "text" not in args:
        assert [json.loads(line)["index"] for line in out.splitlines()] == [1, 3]
    if args == ["score", "--format", "json"]:
        assert [json.loads(line)["record"] for line in out.splitlines()] == [1, 3]


def test_d3_a_failing_extract_is_contained(three_records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.cli import score

    real = score._score_json

    def failing(j: Any) -> str:
        if j.index == 3:
            raise KeyError("hands")
        return real(j)

    monkeypatch.setattr(score, "_score_json", failing)
    status, out, err = invoke("score", three_records, "--format", "json", "--jobs", "1")
    assert status == 2
    assert [json.loads(line)["record"] for line in out.splitlines()] == [1, 2]
    assert "internal error while writing out this record: KeyError: 'hands'" in err


def test_d3_json_input_is_contained_too(tmp_path: Path, three_records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    docs = tmp_path / "docs.jsonl"
    status, out, _ = invoke("convert", three_records, "--jobs", "1")
    assert status == 0
    docs.write_text(out, encoding="utf-8")
    fail_on_record_2(monkeypatch)
    status, out, err = invoke("convert", docs, "--from", "json", "--to", "text")
    assert status == 2
    assert "error[S016]" in err and out.count("\nhand ") + out.startswith("hand ") == 2  # records 1 and 3


def test_d3_the_reader_failing_part_way_costs_the_rest_of_that_file_only(three_records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(path: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        for i, rr in enumerate(read_records(path, *args, **kwargs), start=1):
            if str(path) == str(three_records) and i == 3:
                raise RecursionError("maximum recursion depth exceeded")
            yield rr

    monkeypatch.setattr("referee.notation.reader.read_records", failing)  # what run.inputs.read_input calls
    status, out, _ = invoke("check", three_records, LEGAL / "42-game.42", "--quiet", "--jobs", "1")
    assert status == 2
    assert f"{three_records}: 0 games, 2 hands, 1 error" in out
    assert f"{LEGAL / '42-game.42'}: 1 game, 10 hands, 0 errors" in out


def test_t7_an_unreadable_file_in_process(three_records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """T7 without a second user (tests/cli/test_faults.py has the real one): opening fails."""

    def denied(path: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        if str(path) == str(three_records):
            raise PermissionError(13, "Permission denied", str(path))
        yield from read_records(path, *args, **kwargs)

    monkeypatch.setattr("referee.notation.reader.read_records", denied)
    status, out, _ = invoke("check", three_records, LEGAL / "42-game.42", "--jobs", "1")
    assert status == 2
    assert f"error[S014]: cannot read {three_records}: permission denied" in out
    assert out.rstrip().endswith("2 files, 1 game, 10 hands: 1 error, 0 warnings")


# -- worker processes -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("workers") / "mixed.42"
    path.write_text(mixed(), encoding="utf-8")
    return path


def _dying_work(item: Any) -> UnitResult[Any]:
    """A worker that dies (as if killed) on every unit after the first of the input (a
    unit goes to a worker as a ``Unit``, or with its chunks, as ``batch._Carried``)."""
    unit: Unit = getattr(item, "unit", item)
    if unit.before > 0:
        os._exit(9)
    return _REAL_WORK(item)


_REAL_WORK = batch._work


def test_jobs_a_killed_worker_costs_nothing(monkeypatch: pytest.MonkeyPatch, corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    expected: list[Outcome[None]] = list(outcomes([str(corpus)], Referee(), jobs=1))
    monkeypatch.setattr(batch, "_work", _dying_work)
    for share in (False, True):
        seen: list[Outcome[None]] = list(outcomes([str(corpus)], Referee(), jobs=2, batch_hands=40, share=share))
        assert seen == expected
    assert "a worker process stopped unexpectedly" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "json"], ["convert", "--to", "jsonl"]], ids=" ".join)
def test_jobs_a_killed_worker_gives_the_same_output_as_one_job(monkeypatch: pytest.MonkeyPatch, corpus: Path, args: list[str]) -> None:
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(units, "BATCH_HANDS", 40)
    one = invoke(*args, corpus, "--jobs", "1")
    monkeypatch.setattr(batch, "_work", _dying_work)
    two = invoke(*args, corpus, "--jobs", "2")
    assert two[:2] == one[:2]
    assert len(one[1]) > 1000


def test_jobs_a_worker_that_raises_is_judged_again_here(monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(batch, "_work", _raising_work)
    expected: list[Outcome[None]] = list(outcomes([str(corpus)], Referee(), jobs=1))
    assert list(outcomes([str(corpus)], Referee(), jobs=2, batch_hands=40)) == expected


def _raising_work(unit: Unit) -> UnitResult[Any]:
    raise MemoryError("as if the worker ran short")


def test_jobs_1000_starts_at_most_4_per_core(monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    started: list[int] = []
    real = ProcessPoolExecutor

    def counting(workers: int, **kwargs: Any) -> Any:
        started.append(workers)
        return real(min(workers, 2), **kwargs)

    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting)  # run.local imports it when it starts a pool
    monkeypatch.setattr(local, "default_jobs", lambda: 2)
    status, out, _ = invoke("check", corpus, "--quiet", "--jobs", "1000")
    assert status == 2 and "hands" in out
    assert started == [local.JOBS_PER_CORE * 2 - 1]  # check shares the work with this process


def test_jobs_the_cap_is_in_the_help() -> None:
    for command in ("check", "score", "convert"):
        result = CliRunner().invoke(app, [command, "--help"], env={**ENV, "COLUMNS": "400"})
        assert "at most 4 per core" in " ".join(result.output.split()), command
    assert "at most 4 per core" in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


# -- what escapes every containment ---------------------------------------------------------------


def test_d3_a_bug_outside_any_record_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch, three_records: Path) -> None:
    """The guard round every command: an exception that escapes the containment of records
    and files (here: building the referee) is "internal error: ...; please report it"."""
    from referee.cli import common

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(common, "_referee", broken)
    status, out, err = invoke("check", three_records)
    assert status == 2 and out == ""
    assert err.startswith("error: internal error: ZeroDivisionError: division by zero (referee/cli/check.py:")
    assert err.rstrip().endswith("please report it")


def test_d3_report_writes_the_other_pages_after_a_failing_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, three_records: Path
) -> None:
    from referee.report import adapter

    real = adapter.record_views

    def failing(judged: Any) -> Any:
        judged = list(judged)
        if judged and judged[0].file == str(three_records):
            raise AssertionError("a bug in the adapter")
        return real(judged)

    monkeypatch.setattr(adapter, "record_views", failing)
    status, _, err = invoke("report", three_records, LEGAL / "42-nello-made.42", "-O", tmp_path / "site")
    assert status == 2
    assert f"error: internal error on {three_records}: AssertionError: a bug in the adapter" in err
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == ["42-nello-made.html", "index.html"]  # the index lists it alone
    assert "three" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
