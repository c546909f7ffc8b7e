"""``--cluster`` on the command line: what it accepts, what it refuses, and the words and
exit status 2 of each refusal, with or without Dask installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.run.dask import ClusterSpec, parse_cluster

pytestmark = pytest.mark.deadline(300)  # a hung worker pool fails the run (tests/conftest.py)

SAMPLE = str(Path(__file__).resolve().parents[2] / "samples" / "legal" / "42-game.42")


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("local", ClusterSpec("local")),
        ("LOCAL:3", ClusterSpec("local", workers=3)),
        ("sync", ClusterSpec("sync")),
        ("tcp://10.1.2.3:8786", ClusterSpec("remote", address="tcp://10.1.2.3:8786")),
        ("tls://sched.example:8786", ClusterSpec("remote", address="tls://sched.example:8786")),
        ("sched:8786", ClusterSpec("remote", address="tcp://sched:8786")),
    ],
)
def test_the_forms_of_an_address(text: str, spec: ClusterSpec) -> None:
    assert parse_cluster(text) == spec


@pytest.mark.parametrize("text", ["local:0", "local:two", "", "yarn", "tcp:/host"])
def test_a_bad_address_is_a_usage_error_that_lists_the_forms(text: str) -> None:
    status, output = invoke("check", SAMPLE, "--cluster", text)
    assert status == 2
    assert "Invalid value for '--cluster'" in output


@pytest.mark.parametrize(("cluster", "missing"), [("local:2", "distributed"), ("tcp://h:8786", "distributed"), ("sync", "dask.bag")])
def test_without_the_extra_cluster_says_how_to_install_it(cluster: str, missing: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # import fails as if it were not installed
    for command in ("check", "score", "convert"):
        status, output = invoke(command, SAMPLE, "--cluster", cluster)
        assert status == 2, command
        assert "pip install 'referee42[dask]'" in output


def test_jobs_and_cluster_together_are_refused() -> None:
    status, output = invoke("check", SAMPLE, "--jobs", "2", "--cluster", "sync")
    assert status == 2
    assert "--jobs and --cluster do not go together" in output


def test_output_and_parts_together_are_refused() -> None:
    status, output = invoke("score", SAMPLE, "-O", "x.jsonl", "--parts", "parts")
    assert status == 2
    assert "--output and --parts do not go together" in output


def test_convert_from_json_runs_here() -> None:
    status, output = invoke("convert", "--from", "json", "x.json", "--cluster", "sync")
    assert status == 2
    assert "--cluster reads the notation" in output
