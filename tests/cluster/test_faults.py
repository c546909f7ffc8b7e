"""Faults on a real cluster: a worker that dies mid-run is replaced by Dask and its unit
run again there, so the output is still complete and in order; a scheduler that cannot
be reached is a usage error in words.  Inputs only this process can read (standard
input) and inputs named by URL go through ``--cluster`` like any other."""

from __future__ import annotations

import os
import socket
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.cli.convert import _record_json
from referee.judging.judged import Judged
from referee.judging.replay import Referee
from referee.run import dask as dask_module
from referee.run.batch import in_units, outcomes
from referee.run.dask import UNIT_FAILED, unit_failed
from referee.run.units import unit_result

distributed = pytest.importorskip("distributed")
pytestmark = [pytest.mark.dask, pytest.mark.deadline(300)]  # a hung cluster fails the run (tests/conftest.py)


class DieOnce:
    """``convert``'s extract, but the first time any worker reaches record ``index`` it
    kills its own process (``os._exit``: no exception, no clean-up, as the kernel's OOM
    killer would); the marker file makes it the only time."""

    def __init__(self, marker: str, index: int) -> None:
        self.marker = marker
        self.index = index

    def __call__(self, j: Judged) -> str | None:
        if j.index == self.index:
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.close(fd)
                os._exit(17)
        return _record_json(j)


def test_a_worker_killed_mid_run_is_replaced_and_the_output_is_complete_and_in_order(
    corpora: dict[str, list[str]], scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = corpora["42"]
    marker = tmp_path / "a-worker-died"
    expected = list(outcomes(files, Referee(), _record_json, jobs=1))
    extract = DieOnce(str(marker), 20)
    with distributed.Client(scheduler) as client:
        executor = client.get_executor(pure=False, retries=2)
        work = partial(unit_result, referee=Referee(), extract=extract)
        failed = unit_failed(lambda unit: unit.name or unit.path)
        got = list(in_units(files, Referee(), extract, executor, work=work, hands=20, ahead=6, failed=failed))
        assert len(client.nthreads()) >= 1
    assert marker.exists(), "no worker reached record 20"
    assert got == expected
    assert UNIT_FAILED.split("{")[0] not in capsys.readouterr().err  # Dask ran the unit again: this process did not have to


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_scheduler_that_cannot_be_reached_is_a_usage_error(corpora: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_module, "CONNECT_TIMEOUT", 0.5)
    address = f"tcp://127.0.0.1:{_free_port()}"
    result = CliRunner().invoke(app, ["check", "--format", "json", corpora["moon"][0], "--cluster", address])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"error: --cluster {address}: cannot reach the Dask scheduler" in result.stderr
    assert "Traceback" not in result.output


def test_a_scheduler_without_workers_is_a_usage_error(corpora: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_module, "WORKER_WAIT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty:
        address = str(empty.scheduler_address)
        result = CliRunner().invoke(app, ["score", "--format", "json", corpora["88"][0], "--cluster", address])
    assert result.exit_code == 2
    assert (
        f"error: --cluster {address}: the Dask scheduler has no workers after 0.5 s (start them with `dask worker {address}`)"
        in result.stderr
    )


def test_standard_input_is_read_here_in_its_turn(corpora: dict[str, list[str]], scheduler: str) -> None:
    big, broken = corpora["42"][:2]
    args = ["convert", "--to", "jsonl", big, "-", broken]
    text = Path(corpora["moon"][0]).read_text(encoding="utf-8")
    one = CliRunner().invoke(app, [*args, "--jobs", "1"], input=text)
    for cluster in ("sync", scheduler):
        got = CliRunner().invoke(app, [*args, "--cluster", cluster], input=text)
        assert (got.exit_code, got.stdout, got.stderr) == (one.exit_code, one.stdout, one.stderr)
    assert '"<stdin>"' in one.stdout


def test_workers_read_inputs_named_by_url(corpora: dict[str, list[str]], scheduler: str) -> None:
    urls = [Path(p).as_uri() for p in corpora["88"][:3]]
    one = CliRunner().invoke(app, ["check", "--format", "json", *urls, "--jobs", "1"])
    got = CliRunner().invoke(app, ["check", "--format", "json", *urls, "--cluster", scheduler])
    assert (got.exit_code, got.stdout) == (one.exit_code, one.stdout)
    assert f'"{urls[1]}"' in one.stdout


def test_dask_bag_maps_judge_unit_as_the_docs_show(corpora: dict[str, list[str]]) -> None:
    import dask.bag as db

    from referee.run.units import judge_unit, units_of

    files = corpora["moon"]
    units = list(units_of(files, hands=20))
    bag = db.from_sequence(units, npartitions=4).map(judge_unit, Referee("moon")).flatten()  # type: ignore[no-untyped-call]
    assert bag.compute(scheduler="synchronous") == list(outcomes(files, Referee("moon"), jobs=1))
