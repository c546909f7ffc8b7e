"""From paths to judged records: the one loop that check, score and convert share."""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .diagnostics import Diagnostic
from .judge.isolate import contained, counts_as_game, extract_safely, isolated, read_fault
from .judge.judged import Judged
from .judge.replay import Referee
from .notation.reader import Batch, ReadResult, batches, first_bad_byte, open_text, read_batch, read_path, read_stream, spanned

__all__ = [
    "EXTENSIONS",
    "JOBS_PER_CORE",
    "Judged",
    "Outcome",
    "Totals",
    "UsageError",
    "default_jobs",
    "expand_paths",
    "judge_paths",
    "judge_result",
    "max_jobs",
    "outcome_of",
    "outcomes",
    "tune_gc",
]

EXTENSIONS = (".42",)
"""Record files found when a directory is given."""


class UsageError(Exception):
    """A bad command line: missing file, nothing to read (exit status 2)."""


@dataclass
class Totals:
    """Counts for the closing summary line."""

    files: int = 0
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    syntax: bool = False
    per_file: dict[str, list[int]] = field(default_factory=dict)

    def add(self, j: Judged) -> None:
        if j.record is None:
            self.count(j.file, None, False, j.diagnostics)
        else:
            self.count(j.file, len(j.record.hands), counts_as_game(j), j.diagnostics)

    def add_outcome(self, o: Outcome[Any]) -> None:
        self.count(o.file, o.hands, o.is_game, o.diagnostics)

    def count(self, file: str, hands: int | None, is_game: bool, diagnostics: list[Diagnostic]) -> None:
        """Add one record (``hands`` None: a file-level problem with no record)."""
        counts = self.per_file.setdefault(file, [0, 0, 0, 0])
        if hands is not None:
            self.games += is_game
            self.hands += hands
            counts[0] += is_game
            counts[1] += hands
        for d in diagnostics:
            if d.is_error:
                self.errors += 1
                counts[2] += 1
                self.syntax = self.syntax or d.is_syntax
            else:
                self.warnings += 1
                counts[3] += 1

    @property
    def exit_status(self) -> int:
        return 2 if self.syntax else 1 if self.errors else 0

    def summary(self) -> str:
        return (
            f"{plural(self.files, 'file')}, {plural(self.games, 'game')}, {plural(self.hands, 'hand')}: "
            f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
        )


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def expand_paths(paths: Iterable[str], extensions: tuple[str, ...] = EXTENSIONS) -> list[str]:
    """Files as given, directories searched recursively by extension, '-' for stdin."""
    out: list[str] = []
    for p in paths:
        if p == "-":
            out.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            found = sorted(str(f) for f in path.rglob("*") if f.is_file() and f.suffix in extensions)
            if not found:
                raise UsageError(f"{p}: no record files ({', '.join(extensions)}) in this directory")
            out.extend(found)
        elif path.is_file():
            out.append(p)
        else:
            raise UsageError(f"{p}: no such file or directory")
    return out


@isolated  # an engine failure on one record becomes an S014 on it (judge/isolate.py)
def judge_result(rr: ReadResult, referee: Referee, file: str, index: int) -> Judged:
    """Judge one record as read; a record read lean with something to report is read
    again in full and judged again, so that every diagnostic has its place."""
    verdict = None
    if rr.record is not None:
        verdict = referee.judge(rr.record, file=file, game_index=index)
        if rr.lean and verdict.diagnostics:
            rr = spanned(rr)
            assert rr.record is not None
            verdict = referee.judge(rr.record, file=file, game_index=index)
    diagnostics = list(rr.diagnostics)
    if verdict is not None:
        diagnostics.extend(verdict.diagnostics)
    return Judged(file, index, rr.record, verdict, diagnostics)


def judge_file(name: str, referee: Referee, *, lean: bool = False) -> Iterator[Judged]:
    """Read one file (or stdin) record by record and judge each record.

    ``lean``: read clean hands without tile spans (``reader.read_stream``), for
    commands that use only the diagnostics and counts; the diagnostics are the same.
    """
    results = read_stream(_stdin_lines(), "<stdin>", lean=lean) if name == "-" else read_path(name, lean=lean)
    display = "<stdin>" if name == "-" else name
    for i, rr in enumerate(results, start=1):
        yield judge_result(rr, referee, display, i)


STDIN_LINES: list[str] = []
"""Lines read from stdin, kept so that diagnostics can quote them."""


def _stdin_lines() -> Iterator[str]:
    for line in sys.stdin:
        STDIN_LINES.append(line)
        yield line


def judge_paths(paths: list[str], referee: Referee, *, lean: bool = False) -> Iterator[Judged]:
    for name in paths:
        yield from judge_file(name, referee, lean=lean)


# -- batch processing: outcomes, in input order, from one process or several ---------------------

T = TypeVar("T")

BATCH_HANDS = 250
"""Hands per batch sent to a worker: enough to dwarf the cost of sending it, few enough
that memory stays flat and the workers stay busy to the end."""

IN_FLIGHT = 3
"""Batches queued per worker: the parent never reads further ahead than this."""

PARALLEL_MIN_BYTES = 256 * 1024
"""Below this much input, starting worker processes costs more than it saves."""


@dataclass(slots=True)
class Outcome(Generic[T]):
    """What a command needs of one judged record: small enough to send between processes."""

    file: str
    index: int
    hands: int | None
    """Hands in the record; None for a file-level problem with no record."""
    is_game: bool
    diagnostics: list[Diagnostic]
    data: T | None
    """What the command's ``extract`` made of the record (None without an ``extract``)."""


Extract = Callable[[Judged], T]


def outcome_of(j: Judged, extract: Extract[T] | None) -> Outcome[T]:
    data, diagnostics = extract_safely(j, extract)
    if j.record is None:
        return Outcome(j.file, j.index, None, False, diagnostics, data)
    return Outcome(j.file, j.index, len(j.record.hands), counts_as_game(j), diagnostics, data)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


JOBS_PER_CORE = 4
"""``--jobs`` is lowered to this many processes per core: more only add start-up time and
memory (``--jobs 1000`` would otherwise start 999 processes at once)."""


def max_jobs() -> int:
    """The most processes ``outcomes`` starts, whatever ``--jobs`` asks for."""
    return JOBS_PER_CORE * default_jobs()


def tune_gc() -> None:
    """Freeze what start-up built and collect the young generation less often.

    Reading allocates many small acyclic objects; with the default thresholds the
    collector runs every 700 of them and walks the long-lived parser and models
    each time (a quarter of the run time on big files).  Memory still stays flat:
    records are freed by reference counting as soon as they are written.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


_WORKER: tuple[Referee, Any, bool] | None = None


def _init_worker(referee: Referee, extract: Extract[Any] | None, lean: bool) -> None:
    global _WORKER
    _WORKER = (referee, extract, lean)
    tune_gc()


def _judge_batch(referee: Referee, extract: Extract[T] | None, lean: bool, display: str, batch: Batch) -> list[Outcome[T]]:
    """Read and judge one batch (in a worker, or in this process when the workers are busy)."""
    return [
        outcome_of(judge_result(rr, referee, display, i), extract)
        for i, rr in enumerate(read_batch(batch, display, lean=lean), start=batch.before + 1)
    ]


def _work(display: str, batch: Batch) -> list[Outcome[Any]]:
    """In a worker: read and judge one batch."""
    assert _WORKER is not None
    return _judge_batch(*_WORKER, display, batch)


def _size(paths: list[str]) -> int:
    total = 0
    for p in paths:
        if p != "-":
            with suppress(OSError):  # gone or unreadable: reading it will say so
                total += os.path.getsize(p)
    return total


def _fault(name: str, index: int, error: Exception) -> Outcome[Any]:
    """The file-level outcome of a file whose reading failed (``judge.isolate.read_fault``)."""
    return Outcome(name, index, None, False, [read_fault(name, error, index)], None)


WORKER_DIED = "referee: a worker process stopped unexpectedly (killed?); its records are judged again in this process\n"


def outcomes(
    paths: list[str],
    referee: Referee,
    extract: Extract[T] | None = None,
    *,
    jobs: int = 1,
    batch_hands: int = BATCH_HANDS,
    lean: bool = False,
    share: bool = False,
) -> Iterator[Outcome[T]]:
    """Judge every record of ``paths`` and yield what ``extract`` makes of each, in input order.

    With ``jobs`` > 1 (and enough input) files are cut into batches of records
    (``reader.batches``) that worker processes read and judge while this process
    reads ahead by at most ``IN_FLIGHT`` batches per worker.  With ``share``
    (commands whose output per record is small: ``check``, ``score``) there are
    ``jobs - 1`` workers and this process, which cuts the batches, judges one
    itself whenever every worker has ``IN_FLIGHT`` batches waiting, so ``jobs``
    processes keep ``jobs`` cores busy; without it (``convert``, whose output keeps
    this process busy) there are ``jobs`` workers.  Stdin and files that are not
    text are read here.  The outcomes are the same either way.
    ``lean`` reads clean hands without tile spans (see ``judge_file``): only for an
    ``extract`` that needs no spans.

    Failures stay small: ``jobs`` is lowered to ``max_jobs()``; a record whose judging
    fails gets an S014 and a file that cannot be read an S015 (``judge.isolate``), and
    the next record or file goes on; a worker that dies (killed, out of memory) has its
    batches judged again here, in order, so the output is still complete.
    """
    jobs = min(jobs, max_jobs())
    if jobs <= 1 or _size(paths) < PARALLEL_MIN_BYTES:
        for name in paths:
            for j in contained(name, judge_file(name, referee, lean=lean)):
                yield outcome_of(j, extract)
        return
    workers = jobs - 1 if share else jobs
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(referee, extract, lean))
    # Results in input order: a worker's future (with what it was sent, to judge it again
    # here if the worker dies), or a batch judged here.
    window: deque[tuple[Future[list[Outcome[T]]], str, Batch] | list[Outcome[T]]] = deque()
    broken = False
    last: dict[str, int] = {}  # the last record index given out per file, for a file that fails part way

    def here(name: str, batch: Batch) -> list[Outcome[T]]:
        try:
            return _judge_batch(referee, extract, lean, name, batch)
        except Exception as e:  # the reader failed on this batch: the others go on
            return [_fault(name, batch.before + 1, e)]

    def send(name: str, batch: Batch) -> None:
        nonlocal broken
        if not broken:
            try:
                window.append((pool.submit(_work, name, batch), name, batch))
                return
            except BrokenProcessPool:
                broken = True
        window.append(here(name, batch))

    def take() -> Iterator[Outcome[T]]:
        nonlocal broken
        front = window.popleft()
        if isinstance(front, list):
            done = front
        else:
            future, name, batch = front
            try:
                done = future.result()
            except BrokenProcessPool:  # a worker died: judging is pure, so doing it again here gives the same output
                if not broken:
                    sys.stderr.write(WORKER_DIED)
                broken = True
                done = here(name, batch)
            except Exception:  # the worker failed: again here, where a failure is contained
                done = here(name, batch)
        for o in done:
            last[o.file] = o.index
            yield o

    def ready() -> bool:
        front = window[0]
        return isinstance(front, list) or front[0].done()

    try:
        for name in paths:
            try:
                if name == "-" or first_bad_byte(name) is not None:
                    while window:
                        yield from take()
                    for j in contained(name, judge_file(name, referee, lean=lean)):
                        yield outcome_of(j, extract)
                    continue
                with open_text(name) as f:
                    for batch in batches(f, batch_hands):
                        busy = sum(not isinstance(w, list) and not w[0].done() for w in window)
                        if broken or not share or busy < workers * IN_FLIGHT:
                            send(name, batch)
                        else:
                            window.append(here(name, batch))
                        while window and ready():
                            yield from take()
                        while len(window) >= (2 if share else 1) * jobs * IN_FLIGHT:  # a slow batch at the front: wait for it
                            yield from take()
            except Exception as e:  # the file cannot be read, or its cutting into batches failed
                while window:
                    yield from take()
                yield _fault(name, last.get(name, 0) + 1, e)
        while window:
            yield from take()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
