"""On Dask's synchronous scheduler and on a 2-worker LocalCluster, ``check --format json``,
``score --format json`` and ``convert --to jsonl`` write, byte for byte, what ``--jobs 1``
writes, for all three games: to one file (``-O``) and as parts (``--parts``), whose
concatenation is that file.  The exit status and standard error (the summary line, and
the diagnostics ``score`` and ``convert`` print there) are the same too."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.run.parts import part_name

from .conftest import GAMES

pytest.importorskip("distributed")
pytestmark = [pytest.mark.dask, pytest.mark.deadline(300)]  # a hung cluster fails the run (tests/conftest.py)

COMMANDS = {
    "check": ["check", "--format", "json"],
    "score": ["score", "--format", "json"],
    "convert": ["convert", "--to", "jsonl"],
}


def run(args: list[str]) -> tuple[int, str]:
    """Exit status and standard error of one command."""
    result = CliRunner().invoke(app, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr


def read_parts(folder: Path) -> bytes:
    names = sorted(p.name for p in folder.iterdir())
    assert names == [part_name(i) for i in range(len(names))]
    assert len(names) > 1, "the corpus should fill several parts"
    return b"".join((folder / name).read_bytes() for name in names)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_cluster_writes_what_one_job_writes(
    game: str, command: str, corpora: dict[str, list[str]], scheduler: str, tmp_path: Path
) -> None:
    args = [*COMMANDS[command], *corpora[game]]
    reference = tmp_path / "one-job"
    expected = run([*args, "--jobs", "1", "-O", str(reference)])
    assert expected[0] in (1, 2)  # the broken samples have errors
    wanted = reference.read_bytes()
    assert len(wanted) > 2_000
    for label, cluster in (("sync", "sync"), ("two-workers", scheduler)):
        one = tmp_path / f"{label}.out"
        assert run([*args, "--cluster", cluster, "-O", str(one)]) == expected, label
        assert one.read_bytes() == wanted, label
        folder = tmp_path / f"{label}-parts"
        assert run([*args, "--cluster", cluster, "--parts", str(folder)]) == expected, label
        assert read_parts(folder) == wanted, label


def test_local_cluster_started_for_the_run(corpora: dict[str, list[str]]) -> None:
    """``--cluster local:2`` starts its own two workers, and stops them: the output is that of one job."""
    args = ["check", "--format", "json", *corpora["moon"]]
    one = CliRunner().invoke(app, [*args, "--jobs", "1"])
    two = CliRunner().invoke(app, [*args, "--cluster", "local:2"])
    assert (two.exit_code, two.stdout) == (one.exit_code, one.stdout)
    assert '"type": "summary"' in one.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["samples/legal/42-costly-play.42"],
        ["samples/legal/moon-game.42", "--hand", "2", "--par"],
        ["samples/legal/42-nello-made.42", "samples/legal/42-sevens-set.42"],
    ],
)
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_analyze_on_a_cluster_writes_what_one_job_writes(args: list[str], fmt: str, scheduler: str, tmp_path: Path) -> None:
    """``analyze --cluster``: each hand a task on the cluster's workers, the output in order
    and byte for byte that of ``--jobs 1``."""
    root = Path(__file__).resolve().parents[2]
    paths = [str(root / a) if a.endswith(".42") else a for a in args]
    reference = tmp_path / "one-job"
    expected = run(["analyze", *paths, "--format", fmt, "--jobs", "1", "-O", str(reference)])
    wanted = reference.read_bytes()
    assert len(wanted) > 500
    for label, cluster in (("sync", "sync"), ("two-workers", scheduler)):
        out = tmp_path / f"{label}.out"
        assert run(["analyze", *paths, "--format", fmt, "--cluster", cluster, "-O", str(out)]) == expected, label
        assert out.read_bytes() == wanted, label
