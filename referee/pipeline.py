"""From paths to judged records: the one loop that check, score and convert share.

Every input goes through ``notation.read_records`` (files, standard input, FIFOs)
or, cut into units, ``notation.units.read_unit`` in worker processes; each record
is judged, its diagnostics resolved to lines and columns while its text is at
hand, and what the command needs of it (``extract``) comes back in input order.
"""

from __future__ import annotations

import gc
import os
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .diagnostics import Diagnostic
from .judging.isolate import contained, counts_as_game, extract_safely, isolated, read_fault
from .judging.judged import Judged
from .judging.replay import Referee
from .notation.reader import ReadResult, read_records
from .notation.units import Unit, cut_units, read_unit
from .notation.urls import URLError, expand_url, is_url
from .words import plural

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = [
    "EXTENSIONS",
    "JOBS_PER_CORE",
    "Elsewhere",
    "Inputs",
    "Judged",
    "Outcome",
    "Totals",
    "UsageError",
    "default_jobs",
    "expand_paths",
    "fault_outcome",
    "judge_paths",
    "judge_result",
    "max_jobs",
    "outcome_of",
    "outcomes",
    "tune_gc",
]

EXTENSIONS = (".42", ".moon", ".88")
"""Record files found when a directory is given (docs/notation.md)."""

STDIN = "-"
STDIN_NAME = "<stdin>"


class UsageError(Exception):
    """A bad command line: missing file, nothing to read (exit status 2)."""


@dataclass
class Totals:
    """Counts for the closing summary line."""

    files: int = 0
    skipped: int = 0
    """Files in the directories given that are not record files."""
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    notes: int = 0
    """Notes (``W103``, ``W106``...) are counted apart from warnings: they say what the
    referee did, not that something may be wrong."""
    status: int = 0
    per_file: dict[str, list[int]] = field(default_factory=dict)
    """Each file's games, hands, errors, warnings and notes."""

    def add_outcome(self, o: Outcome[Any]) -> None:
        self.count(o.file, o.hands, o.is_game, o.diagnostics)

    def count(self, file: str, hands: int | None, is_game: bool, diagnostics: list[Diagnostic]) -> None:
        """Add one record (``hands`` None: a problem with the input, no record)."""
        counts = self.per_file.setdefault(file, [0, 0, 0, 0, 0])
        if hands is not None:
            self.games += is_game
            self.hands += hands
            counts[0] += is_game
            counts[1] += hands
        for d in diagnostics:
            if d.is_error:
                self.errors += 1
                counts[2] += 1
            elif d.severity.value == "note":
                self.notes += 1
                counts[4] += 1
            else:
                self.warnings += 1
                counts[3] += 1
            self.status = max(self.status, d.code.exit_status)

    @property
    def exit_status(self) -> int:
        return self.status

    def summary(self) -> str:
        """``2 files, 1 game, 8 hands: 3 errors, 1 warning`` (``, 2 notes`` when there are any)."""
        files = plural(self.files, "file") + (f" ({self.skipped:,} skipped)" if self.skipped else "")
        return f"{files}, {plural(self.games, 'game')}, {plural(self.hands, 'hand')}: " + counted(self.errors, self.warnings, self.notes)


def counted(errors: int, warnings: int, notes: int) -> str:
    """``3 errors, 1 warning``, and the notes when there are any: the words of every summary."""
    return f"{plural(errors, 'error')}, {plural(warnings, 'warning')}" + (f", {plural(notes, 'note')}" if notes else "")


@dataclass
class Inputs:
    """The files a command reads, and the files it skipped in the directories given."""

    files: list[str]
    skipped: list[str] = field(default_factory=list)


def expand_paths(paths: Iterable[str], extensions: tuple[str, ...] = EXTENSIONS) -> Inputs:
    """Files as given (any file that exists: FIFOs and process substitution too),
    directories searched recursively by extension, ``-`` for standard input, URLs
    (``s3://...``: files, or directories searched the same way) through fsspec."""
    out = Inputs([])
    for p in paths:
        if p == STDIN:
            out.files.append(p)
            continue
        if is_url(p):
            out.files.extend(_expand_url(p, extensions))
            continue
        path = Path(p)
        if path.is_dir():
            found: list[str] = []
            skipped: list[str] = []
            for f in sorted(path.rglob("*")):
                if f.is_file():
                    (found if f.suffix.lower() in extensions else skipped).append(str(f))
            if not found:
                raise UsageError(f"{p}: no record files ({', '.join(extensions)}) in this directory")
            out.files.extend(found)
            out.skipped.extend(skipped)
        elif os.path.exists(p):
            out.files.append(p)
        elif os.path.islink(p):
            raise UsageError(f"{p}: a broken symbolic link")
        else:
            raise UsageError(f"{p}: no such file or directory")
    return out


def _expand_url(url: str, extensions: tuple[str, ...]) -> list[str]:
    try:
        found = expand_url(url, extensions)
    except URLError as e:
        raise UsageError(f"{url}: {e}") from None
    if found is None:
        raise UsageError(f"{url}: no such file or directory")
    if not found:
        raise UsageError(f"{url}: no record files ({', '.join(extensions)}) in this directory")
    return found


@isolated  # an engine failure on one record becomes an S016 on it (judging/isolate.py)
def judge_result(rr: ReadResult, referee: Referee, file: str, index: int) -> Judged:
    """Judge one record as read, with every diagnostic placed at its line and column."""
    record = rr.record
    if record is None:
        return Judged(file, index, None, None, rr.diagnostics)
    verdict = referee.judge(record, file=file, game_index=index)
    source = record.source
    diagnostics = [d.resolve(source) for d in rr.diagnostics]
    if verdict.diagnostics:
        verdict.diagnostics = [d.resolve(source) for d in verdict.diagnostics]
        diagnostics += verdict.diagnostics
    return Judged(file, index, record, verdict, diagnostics)


def _read(name: str) -> Iterator[ReadResult]:
    if name == STDIN:
        return read_records(sys.stdin.buffer, STDIN_NAME)
    return read_records(name)


def judge_file(name: str, referee: Referee) -> Iterator[Judged]:
    """Read one file (or standard input) record by record and judge each record."""
    display = STDIN_NAME if name == STDIN else name
    for i, rr in enumerate(_read(name), start=1):
        yield judge_result(rr, referee, display, i)


def judge_paths(paths: list[str], referee: Referee) -> Iterator[Judged]:
    """Every record of every file; a file whose reading fails part way ends with a
    file-level S014 or S016 (``judge.isolate.contained``), and the next file goes on."""
    for name in paths:
        yield from contained(name, judge_file(name, referee))


# -- batch processing: outcomes, in input order, from one process or several ---------------------

T = TypeVar("T")

BATCH_HANDS = 250
"""Hands per unit sent to a worker: enough to dwarf the cost of sending it, few enough
that memory stays flat and the workers stay busy to the end."""

IN_FLIGHT = 3
"""Units queued per worker: the parent never reads further ahead than this."""

PARALLEL_MIN_BYTES = 256 * 1024
"""Below this much input, starting worker processes costs more than it saves."""


@dataclass(slots=True)
class Outcome(Generic[T]):
    """What a command needs of one judged record: small enough to send between processes."""

    file: str
    index: int
    hands: int | None
    """Hands in the record; None for a problem with the input and no record."""
    is_game: bool
    diagnostics: list[Diagnostic]
    data: T | None
    """What the command's ``extract`` made of the record (None without an ``extract``)."""


Extract = Callable[[Judged], T]


class Elsewhere(Protocol):
    """Somewhere other than this machine's processes that judges the records for ``outcomes``
    (``--cluster``: ``cluster.address.ClusterSpec``, a Dask cluster).

    The pipeline only calls it: what is above it in the layers (``cluster``) implements
    it, so a command that runs on a cluster passes its ``--cluster`` value to
    ``outcomes(..., cluster=...)`` and nothing else changes.
    """

    def outcomes(
        self, paths: list[str], referee: Referee, extract: Extract[T] | None, *, batch_hands: int | None = None
    ) -> Iterator[Outcome[T]]:
        """What ``outcomes`` gives on one machine, in the same order."""
        ...


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
    collector runs every 700 of them and walks the long-lived models each time.
    Memory still stays flat: records are freed by reference counting as soon as
    they are written.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


_WORKER: tuple[Referee, Any] | None = None


def _init_worker(referee: Referee, extract: Extract[Any] | None) -> None:
    global _WORKER
    _WORKER = (referee, extract)
    tune_gc()


def _judge_unit(referee: Referee, extract: Extract[T] | None, unit: Unit) -> list[Outcome[T]]:
    """Read and judge one unit (in a worker, or in this process when the workers are busy)."""
    name = unit.name or unit.path
    return [outcome_of(judge_result(rr, referee, name, i), extract) for i, rr in enumerate(read_unit(unit), start=unit.before + 1)]


def _work(unit: Unit) -> list[Outcome[Any]]:
    """In a worker: read and judge one unit."""
    assert _WORKER is not None
    return _judge_unit(*_WORKER, unit)


def _regular(name: str) -> bool:
    try:
        return name != STDIN and stat.S_ISREG(os.stat(name).st_mode)
    except OSError:
        return False


def _size(paths: list[str]) -> int:
    return sum(os.path.getsize(p) for p in paths if _regular(p))


def fault_outcome(name: str, index: int, error: Exception) -> Outcome[Any]:
    """The file-level outcome of a file whose reading failed (``judge.isolate.read_fault``):
    record ``index`` and those after it are not read."""
    return Outcome(name, index, None, False, [read_fault(name, error, index)], None)


WORKER_DIED = "referee: a worker process stopped unexpectedly (killed?); its records are judged again in this process\n"


def outcomes(
    paths: list[str],
    referee: Referee,
    extract: Extract[T] | None = None,
    *,
    jobs: int = 1,
    batch_hands: int | None = None,
    share: bool = False,
    cluster: Elsewhere | None = None,
) -> Iterator[Outcome[T]]:
    """Judge every record of ``paths`` and yield what ``extract`` makes of each, in input order.

    With ``jobs`` > 1 (and enough input) regular files are cut into units of records
    (``notation.units``) that worker processes read and judge while this process
    cuts ahead by at most ``IN_FLIGHT`` units per worker.  With ``share`` (commands
    whose output per record is small: ``check``, ``score``) there are ``jobs - 1``
    workers and this process, which cuts the units, judges one itself whenever every
    worker has ``IN_FLIGHT`` units waiting; without it (``convert``, whose output
    keeps this process busy) there are ``jobs`` workers.  Standard input and other
    streams are read here.  The outcomes are the same either way.

    Failures stay small: ``jobs`` is lowered to ``max_jobs()``; a record whose judging
    fails gets an S016 and a file that cannot be read an S014 (``judge.isolate``), and
    the next record or file goes on; a worker that dies (killed, out of memory) has its
    units judged again here, in order, so the output is still complete.

    With ``cluster`` (``--cluster``) the records are judged there instead (a Dask cluster:
    ``cluster.ordered``), and ``jobs`` is not used; the outcomes are again the same.
    """
    if cluster is not None:
        yield from cluster.outcomes(paths, referee, extract, batch_hands=batch_hands)
        return
    batch_hands = batch_hands or BATCH_HANDS
    jobs = min(jobs, max_jobs())
    if jobs <= 1 or _size(paths) < PARALLEL_MIN_BYTES:
        for j in judge_paths(paths, referee):
            yield outcome_of(j, extract)
        return
    import multiprocessing  # only here: a single process never pays for the pool's imports
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    workers = jobs - 1 if share else jobs
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(referee, extract))
    # Results in input order: a worker's future with the unit it was sent (to judge it
    # again here if the worker dies), or a unit judged here.
    window: deque[tuple[Future[list[Outcome[T]]], Unit] | list[Outcome[T]]] = deque()
    broken = False
    last: dict[str, int] = {}  # the last record index given out per file, for a file that fails part way

    def here(unit: Unit) -> list[Outcome[T]]:
        try:
            return _judge_unit(referee, extract, unit)
        except Exception as e:  # the reader failed on this unit: the others go on
            return [fault_outcome(unit.name or unit.path, unit.before + 1, e)]

    def send(unit: Unit) -> None:
        nonlocal broken
        if not broken:
            try:
                window.append((pool.submit(_work, unit), unit))
                return
            except BrokenProcessPool:
                broken = True
        window.append(here(unit))

    def take() -> Iterator[Outcome[T]]:
        nonlocal broken
        front = window.popleft()
        if isinstance(front, list):
            done = front
        else:
            future, unit = front
            try:
                done = future.result()
            except BrokenProcessPool:  # a worker died: judging is pure, so doing it again here gives the same output
                if not broken:
                    sys.stderr.write(WORKER_DIED)
                broken = True
                done = here(unit)
            except Exception:  # the worker failed: again here, where a failure is contained
                done = here(unit)
        for o in done:
            last[o.file] = o.index
            yield o

    def ready() -> bool:
        front = window[0]
        return isinstance(front, list) or front[0].done()

    try:
        for name in paths:
            if not _regular(name):
                while window:
                    yield from take()
                for j in contained(name, judge_file(name, referee)):
                    yield outcome_of(j, extract)
                continue
            try:
                for unit in cut_units(name, name, batch_hands):
                    busy = sum(not isinstance(w, list) and not w[0].done() for w in window)
                    if broken or not share or busy < workers * IN_FLIGHT:
                        send(unit)
                    else:
                        window.append(here(unit))
                    while window and ready():
                        yield from take()
                    while len(window) >= (2 if share else 1) * jobs * IN_FLIGHT:  # a slow unit at the front: wait for it
                        yield from take()
            except Exception as e:  # the file cannot be read, or its cutting into units failed
                while window:
                    yield from take()
                yield fault_outcome(name, last.get(name, 0) + 1, e)
        while window:
            yield from take()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
