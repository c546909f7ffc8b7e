"""The fuzz harness's machinery: run a command in this process, check what it did, count.

``test_fuzz.py`` draws the inputs; this module runs every reading command on each and
holds the promise to account (docs/errors.md, "What the referee guarantees"):

- no exception escapes, and nothing says "Traceback", "internal error" or "please
  report it" (the guard in ``referee.cli.guard`` turns an escaped bug into that message,
  and ``referee.judging.isolate`` into an S016: both are failures here);
- the exit status is 0, 1 or 2, ``check --format json``'s summary says the same, and
  it is the worst status of the diagnostics printed;
- the commands that judge agree with ``check`` on it;
- each run takes less than a generous bound that grows with the input.

A failure found and not yet fixed may be listed in ``KNOWN`` with its review ID: it is
then counted, not raised, and needs a reproducer of its own in ``test_fuzz.py``; every
other failure fails the property.  ``STATS`` counts inputs and runs for the end of the session
(``tests/conftest.py`` prints it).
"""

from __future__ import annotations

import atexit
import io
import json
import linecache
import multiprocessing
import os
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import typer.main
from typer.core import TyperGroup

from referee.cli import app, check, convert, score
from referee.codes import CATALOG

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.42"))

STATS: Counter[str] = Counter()
_SURFACE = ["other"]
"""The surface the input being tried belongs to, so that each run is counted under it."""


def count_input(surface: str) -> None:
    """Count one input of ``surface`` (random bytes, damaged records, hostile texts, ...) and
    the command runs that follow it, for the summary at the end of the session."""
    STATS["inputs"] += 1
    STATS[f"inputs:{surface}"] += 1
    _SURFACE[0] = surface


"""``inputs``, ``runs`` (one command on one input) and ``known:ID`` hits, for the session."""

ENV = {"NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "120", "LINES": "50"}
"""A fixed console: no colour codes, and a size that rich need not ask the terminal for."""

SECONDS_PER_RUN = 20.0
SECONDS_PER_KB = 2.0
"""The time bound of one run: generous (the machine may be loaded) and linear in the input.
A quadratic reader or renderer blows through it on the big inputs."""

TEXT_COMMANDS: list[list[str]] = [
    ["check"],
    ["check", "--format", "json"],
    ["score"],
    ["score", "--format", "json"],
    ["score", "--format", "csv"],
    ["convert", "--to", "jsonl"],
    ["convert", "--to", "text"],
    ["fmt", "--check"],
    ["fmt", "--diff"],
    ["show"],
    ["show", "--hand", "1", "--trick", "3"],
    ["report", "-O", "{out}/page.html"],
    ["select", "--hands", "--to", "jsonl"],
    ["select", "--split-by", "clean", "-O", "{out}/picked.42"],
    ["dups", "--format", "json"],
    ["stats", "--format", "csv"],
    ["standings"],
    ["fix", "--diff"],
]
"""Every command that reads the notation, as the review's fuzzing ran them (``-`` is stdin),
and the league tools (issue 14)."""

STDIN_COMMANDS: list[list[str]] = [["check", "-", "--format", "json"]]

JSON_COMMANDS: list[list[str]] = [
    ["convert", "--from", "json", "--to", "text"],
    ["convert", "--from", "json", "--to", "jsonl"],
]

JUDGING = {"check", "score", "convert"}
"""Commands whose exit status is the worst diagnostic of every record, as ``check``'s is."""

LEAGUE = {"select", "dups", "stats", "standings", "fix"}
"""Commands that exit 2 exactly when ``check`` does (input they cannot read), whatever
else they say with 0 and 1; ``dups``, which does not judge, exits 2 only when ``check``
does, but not for what only the replay finds (``test_fuzz.all_commands``)."""


@dataclass(frozen=True)
class KnownBug:
    """A failure of the lead's reader rewrite (issue 12), tolerated here until it is fixed."""

    id: str
    why: str
    matches: Callable[[str, bytes], bool]
    """(everything the run printed, the input) -> whether this is the bug."""


KNOWN: list[KnownBug] = []
"""Empty since the reader rewrite fixed U1, T2, T3, T4, W1 and H4 (each now a regression
test in ``test_fuzz.py``); a bug found and not yet fixed goes here with its review ID."""


def _json(data: bytes) -> bool:
    return data.lstrip()[:1] in (b"{", b"[")


_FAILURE = re.compile(r"Traceback|internal error|please report it|\bS016\b")


@cache
def _command() -> TyperGroup:
    """The click command of the app, built once (typer's CliRunner rebuilds it per call: 20 ms)."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return group


@cache
def _quiet_gc() -> None:
    """The commands' ``tune_gc`` freezes every object alive, once per run: right for one run of
    a process, a leak over 50,000 runs in one.  The fuzzing runs without it."""
    for module in (check, score, convert):
        module.tune_gc = lambda: None  # type: ignore[attr-defined]


@dataclass
class Run:
    args: list[str]
    status: int
    out: str
    err: str
    seconds: float
    escaped: str | None
    """The traceback of an exception that escaped the command (text: a worker process sends it back)."""

    @property
    def text(self) -> str:
        return self.out + self.err


def run(args: list[str], stdin: bytes | None = None) -> Run:
    """One command in this process, through click's standalone main as the console script
    runs it, with its output captured."""
    _quiet_gc()
    _fresh()
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr = out, err
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8", errors="strict")
    escaped: str | None = None
    status = 0
    start = time.perf_counter()
    try:
        with _environment():
            _command().main(args, prog_name="referee", standalone_mode=True)
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 0 if e.code is None else -1
    except BaseException as e:  # what escapes is what the property looks for
        escaped = "".join(traceback.format_exception(e))
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
    STATS["runs"] += 1
    STATS[f"runs:{_SURFACE[0]}"] += 1
    return Run(args, status, out.getvalue(), err.getvalue(), time.perf_counter() - start, escaped)


Job = tuple[list[str], bytes | None]
"""The arguments of one run, and its standard input."""


def run_all(jobs: list[Job]) -> list[Run]:
    """Independent runs, spread over worker processes when the machine has the cores (the
    commands are the same code in a forked worker; only the wall time changes)."""
    pool = _pool()
    if pool is None:
        return [run(*job) for job in jobs]
    runs = list(pool.map(_run_job, jobs))
    STATS["runs"] += len(runs)
    STATS[f"runs:{_SURFACE[0]}"] += len(runs)
    return runs


def _run_job(job: Job) -> Run:
    return run(*job)


@cache
def _pool() -> ProcessPoolExecutor | None:
    """Worker processes for ``run_all``: one per core up to 4 (``REFEREE_FUZZ_WORKERS`` says
    otherwise; 1: everything in this process), forked warm from this one."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = min(int(os.environ.get("REFEREE_FUZZ_WORKERS", cores)), 4)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    _command()
    _quiet_gc()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    atexit.register(pool.shutdown, cancel_futures=True)
    return pool


def _fresh() -> None:
    """What one process of the command line starts without: quoted lines are read afresh
    (every input is written to the same path)."""
    linecache.clearcache()


@contextmanager
def _environment() -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in ENV}
    os.environ.update(ENV)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


class Workspace:
    """A directory for the inputs and pages of one test (Hypothesis examples share it)."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))

    def file(self, data: bytes, suffix: str = ".42") -> Path:
        path = self.dir / f"input{suffix}"
        path.write_bytes(data)
        return path

    def args(self, template: list[str], path: Path) -> list[str]:
        filled = [a.replace("{out}", str(self.dir)) for a in template]
        return [filled[0], str(path), *filled[1:], *(["--jobs", "1"] if filled[0] in JUDGING else [])]


def known_bug(r: Run, data: bytes) -> KnownBug | None:
    for bug in KNOWN:
        if bug.matches(r.text, data):
            return bug
    return None


def assert_sound(r: Run, data: bytes) -> str | None:
    """The promise for one run; returns the id of a known bug it met instead of failing."""
    limit = SECONDS_PER_RUN + SECONDS_PER_KB * len(data) / 1024
    assert r.seconds < limit, f"{r.args}: {r.seconds:.1f} s for {len(data):,} bytes (limit {limit:.0f} s)"
    if r.escaped is not None:
        raise AssertionError(f"{r.args}: an exception escaped:\n{r.escaped}")
    if _FAILURE.search(r.text):
        bug = known_bug(r, data)
        if bug is not None:
            STATS[f"known:{bug.id}"] += 1
            return bug.id
        raise AssertionError(f"{r.args} exit {r.status}:\n{r.text[-3000:]}")
    assert r.status in (0, 1, 2), (r.args, r.status, r.text[-2000:])
    return None


def json_check_status(r: Run) -> int:
    """From ``check --format json``'s output: the summary's status, checked against the lines."""
    lines = [json.loads(line) for line in r.out.split("\n") if line]  # "\n" only: U+2028 may sit in a message
    assert lines and lines[-1]["type"] == "summary", r.out[-2000:]
    summary = lines[-1]
    assert summary["exit"] == r.status
    worst = max((CATALOG[d["code"]].exit_status for d in lines[:-1]), default=0)
    assert worst == r.status, f"worst diagnostic gives {worst}, exit {r.status}"
    assert summary["errors"] >= sum(d["severity"] == "error" for d in lines[:-1])
    return int(summary["exit"])
