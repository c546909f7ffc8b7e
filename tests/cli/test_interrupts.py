"""Interrupts (issue 30, item 7): SIGINT (Ctrl-C, sent to the whole process group as a
terminal does) and SIGTERM (``kill``, to the command's process only) end a working
command at once, with one line on standard error, exit status 130 or 143, no process
of its group left and no output or temporary file left behind.

Each command is started as a process of its own group, waited for until it is working
(its ``-O`` temporary file and its worker processes are there), then signalled.  The
time it takes to end is bounded by a generous ceiling, against a hang, not as a speed
test."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import pytest

from referee.cli.guard import INTERRUPTED

ROOT = Path(__file__).resolve().parents[2]
CEILING = 10.0
"""Seconds from the signal to the command's end: a hang, not slowness, fails the test."""
START = 90.0
"""Seconds a command may take to start working on this loaded 2-core machine."""

pytestmark = [
    pytest.mark.deadline(180),
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc"),
]


def _group(pgid: int) -> list[tuple[int, str]]:
    """The live processes (not zombies) of process group ``pgid``: (pid, command name)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        name, _, rest = stat.rpartition(")")
        fields = rest.split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append((int(entry), name.partition("(")[2]))
    return found


def _until(condition: Callable[[], bool], proc: subprocess.Popen[str], what: str) -> None:
    deadline = time.monotonic() + START
    while not condition():
        if proc.poll() is not None:
            pytest.fail(f"the command ended (status {proc.returncode}) before {what}: {proc.stderr.read() if proc.stderr else ''}")
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"no sign of {what} after {START} s")
        time.sleep(0.05)


def _temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def _written(folder: Path, pattern: str, *, content: bool) -> bool:
    """Whether a file matching ``pattern`` is in ``folder`` (and, with ``content``, holds something)."""
    for path in folder.glob(pattern):
        try:
            if not content or path.is_dir() or path.stat().st_size > 0:
                return True
        except OSError:  # gone meanwhile
            continue
    return False


def _interrupt(
    args: list[str], folder: Path, number: int, *, workers: int = 0, whole_group: bool, ready: str = ".*.tmp", content: bool = False
) -> str:
    """Run ``referee ARGS`` in ``folder``, wait until it writes (a file matching ``ready``
    there, its temporary file; with ``content``, holding something: the workers are up
    and have answered) with ``workers`` processes beside it, send signal ``number``, and
    check how it ended; its standard output.  Should it not end, Python's fault handler
    shows where each of its threads is."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", *args],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a shell's job
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},
    )
    try:
        _until(lambda: _written(folder, ready, content=content), proc, f"{ready} being written")
        _until(lambda: len(_group(proc.pid)) > workers, proc, f"{workers} worker processes")
        sent = time.monotonic()
        if whole_group:
            os.killpg(proc.pid, number)
        else:
            os.kill(proc.pid, number)
        try:
            out, err = proc.communicate(timeout=CEILING + 20)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGABRT)
            pytest.fail(f"still running {CEILING + 20} s after the signal: {proc.communicate(timeout=20)[1]}")
        took = time.monotonic() - sent
        assert proc.returncode == 128 + number, err
        assert took < CEILING
        what = "interrupted" if number == signal.SIGINT else "terminated"
        assert err == INTERRUPTED.format(what=what, signal=signal.Signals(number).name), err
        deadline = time.monotonic() + 3  # a worker told to stop may take a moment to be gone
        while _group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _group(proc.pid) == [], "processes left behind"
        assert _temps(folder) == []
    finally:  # whatever failed, nothing of the group is left running (its workers outlive a killed parent)
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.wait(10)
    return out


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A file of 3,000 copies of a game and a hand with a rule error (about 30,000 hands):
    seconds of judging, with diagnostics written all along."""
    game = (ROOT / "samples" / "legal" / "42-game.42").read_text(encoding="utf-8")
    broken = (ROOT / "samples" / "broken" / "42-renege.42").read_text(encoding="utf-8")
    path = tmp_path / "league.42"
    path.write_text("\n".join([game, broken] * 3000), encoding="utf-8")
    return path


@pytest.mark.parametrize(("number", "whole_group"), [(signal.SIGINT, True), (signal.SIGTERM, False)])
def test_check_with_jobs(corpus: Path, tmp_path: Path, number: int, whole_group: bool) -> None:
    args = ["check", str(corpus), "--jobs", "2", "--format", "json", "-O", "out.jsonl"]
    _interrupt(args, tmp_path, number, workers=1, whole_group=whole_group, content=True)
    assert not (tmp_path / "out.jsonl").exists()


@pytest.mark.dask
def test_check_on_a_local_cluster(corpus: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    corpus.write_text("\n".join([corpus.read_text(encoding="utf-8")] * 4), encoding="utf-8")
    args = ["check", str(corpus), "--cluster", "local:2", "--format", "json", "-O", "out.jsonl"]
    _interrupt(args, tmp_path, signal.SIGINT, workers=2, whole_group=True, content=True)
    assert not (tmp_path / "out.jsonl").exists()


def test_analyze_with_jobs(tmp_path: Path) -> None:
    args = ["analyze", str(ROOT / "samples" / "legal" / "88-game.42"), "--jobs", "2", "-O", "plays.txt"]
    _interrupt(args, tmp_path, signal.SIGTERM, workers=2, whole_group=False)
    assert not (tmp_path / "plays.txt").exists()


def test_simulate(tmp_path: Path) -> None:
    _interrupt(["simulate", "--games", "1000000", "-O", "games.42"], tmp_path, signal.SIGINT, whole_group=True)
    assert not (tmp_path / "games.42").exists()


def test_report(corpus: Path, tmp_path: Path) -> None:
    """Stopped while it judges its first file: the directory it made for the pages goes."""
    folder = tmp_path / "in"
    folder.mkdir()
    for n in range(2):
        (folder / f"league{n}.42").write_text(corpus.read_text(encoding="utf-8")[:1_500_000], encoding="utf-8")
    _interrupt(["report", str(folder), "-O", "pages"], tmp_path, signal.SIGTERM, whole_group=False, ready="pages")
    assert not (tmp_path / "pages").exists()


LOST = """
import os, signal, sys, time
from referee.cli import guard
from referee.run.local import process_pool
guard.handle_signals()
guard.LAST_RESORT = 1.0
try:
    with process_pool(2) as pool:
        pool.submit(int).result()
        # Python ignores an exception raised where this one is (as in an at-fork hook): the
        # handler's Terminated is lost, and the command would run on
        def lost():
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(0.5)
            except BaseException:
                pass
        lost()
        print("still running", flush=True)
        time.sleep(60)
except BaseException:
    sys.exit(3)
"""


def test_a_lost_interrupt_still_ends_the_command(tmp_path: Path) -> None:
    """The handler's exception can be swallowed (Python ignores one raised in an at-fork hook,
    a ``__del__`` or a weakref callback); the command then ends anyway, its workers stopped,
    with the status and the line an interrupt gives (``guard.LAST_RESORT``)."""
    proc = subprocess.run([sys.executable, "-c", LOST], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, proc.stderr
    assert proc.stdout == "still running\n"
    assert proc.stderr == INTERRUPTED.format(what="terminated", signal="SIGTERM")
