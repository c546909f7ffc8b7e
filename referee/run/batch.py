"""The records of a batch command's inputs, judged in input order: in this process, over
``--jobs`` worker processes, or on a Dask cluster (``--cluster``).

``check``, ``score``, ``convert``, ``select``, ``stats`` and ``standings`` iterate over
``outcomes``.  One input at a time, in this process, is the one loop of
``records.judge_paths``.  Spread out, each regular file or URL is cut into units
(``units.file_units``) whose task is ``units.unit_result``, and ``ordered.in_order``
gives their results back in input order; standard input and FIFOs, which no other
process can read, are read here in their turn.  ``--jobs`` and ``--cluster`` differ
only in the executor (``local.process_pool`` or ``dask.open_session``) and the size
of a unit; the outcomes are the same either way, byte for byte.

A file that stops being readable part way ends where it would in one process (its
later units are left out); a unit whose worker failed is judged again here.

What only a spread run needs (units, the window, the pool) is imported when one
starts: a command on one small file starts as fast as it did before ``run/``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ..judging.replay import Referee
from ..notation.scanner import Chunk
from .inputs import cuttable, regular
from .local import max_jobs, tune_gc
from .outcomes import Extract, Outcome, fault_outcome, outcome_of
from .records import contained, judge_paths, judged_records

if TYPE_CHECKING:
    from concurrent.futures import Executor
    from typing import TypeAlias

    from ..notation.units import Unit  # imported when a run is spread: one process never needs it
    from .cluster import ClusterSpec
    from .units import UnitResult

__all__ = ["IN_FLIGHT", "PARALLEL_MIN_BYTES", "SHARED_IN_FLIGHT", "UNIT_HANDS", "in_units", "outcomes"]

T = TypeVar("T")

IN_FLIGHT = 3
"""Units queued per worker process: this process never cuts further ahead than this."""

SHARED_IN_FLIGHT = 5
"""Units queued per worker when this process judges too (``share``).  It hands a worker
another unit only between two of its own (about 20 ms each), and a unit reaches the
worker's pipe only when the pool's threads get the interpreter from the judging (up to
5 ms each): with three queued, the worker waited for units about 0.3 s of a 4.5 s run of
42-100000.42, with five about 0.13 s (docs/performance.md, ``jobs14``).  The units a
worker has not started when the input ends are taken back (``ordered.in_order``)."""

PARALLEL_MIN_BYTES = 256 * 1024
"""Below this much input, starting worker processes costs more than it saves."""

UNIT_HANDS = 1000
"""Hands per unit on a cluster, where a unit is a task: Dask's documentation puts its cost
at about a millisecond a task on the scheduler alone, and the client and the worker add
their share (sending the unit, taking the result back), so a task should run for a good
part of a second, not the 50 ms of ``--jobs``'s 250 hands (``units.BATCH_HANDS``)."""


class _Stream:
    """An input only this process can read (standard input, a FIFO): read here in its turn."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class _Carried:
    """A unit with the chunks its cutting read (``units.file_cuts``), for a process of this
    machine: it judges them without reading and cutting the unit's bytes again.  Pickled
    as columns (kinds, texts, offsets, lines): a third of the time of a thousand chunks
    pickled one by one."""

    __slots__ = ("chunks", "unit")

    def __init__(self, unit: Unit, chunks: list[Chunk]) -> None:
        self.unit = unit
        self.chunks = chunks

    def __reduce__(self) -> tuple[Any, ...]:
        columns = tuple(map(list, zip(*self.chunks, strict=True))) if self.chunks else ([], [], [], [])
        return _carried, (self.unit, *columns)


def _carried(unit: Unit, kinds: list[int], texts: list[str], offsets: list[int], lines: list[int]) -> _Carried:
    """A ``_Carried`` unpickled: its chunks made again from their columns."""
    return _Carried(unit, list(map(partial(tuple.__new__, Chunk), zip(kinds, texts, offsets, lines, strict=True))))


class _Fault:
    """The cutting of a file into units failed part way (a bug): the file ends there."""

    __slots__ = ("error", "name")

    def __init__(self, name: str, error: Exception) -> None:
        self.name = name
        self.error = error


if TYPE_CHECKING:
    _Item: TypeAlias = Unit | _Carried | _Stream | _Fault


def outcomes(
    paths: list[str],
    referee: Referee,
    extract: Extract[T] | None = None,
    *,
    jobs: int = 1,
    batch_hands: int | None = None,
    share: bool = False,
    cluster: ClusterSpec | None = None,
) -> Iterator[Outcome[T]]:
    """Judge every record of ``paths`` and yield what ``extract`` makes of each, in input order.

    With ``jobs`` > 1 (and enough input) worker processes read and judge units of
    ``batch_hands`` hands while this process cuts ahead by at most ``IN_FLIGHT`` units
    per worker.  With ``share`` (commands whose output per record is small: ``check``,
    ``score``) there are ``jobs - 1`` workers and this process, which cuts the units,
    judges one itself whenever every worker has ``SHARED_IN_FLIGHT`` units waiting; without it
    (``convert``, whose output keeps this process busy) there are ``jobs`` workers.
    ``jobs`` is lowered to ``local.max_jobs()``.

    With ``cluster`` (``--cluster``) the units go to that Dask cluster instead (units of
    ``UNIT_HANDS`` by default), and ``jobs`` is not used.

    Failures stay small: a record whose judging fails gets an S016 and a file that
    cannot be read an S014 (``judging.isolate``), and the next record or file goes on; a
    worker that dies has its units judged again here, in order, so the output is still
    complete.
    """
    if cluster is not None:
        from .dask import open_session, unit_failed
        from .units import unit_result

        with open_session(cluster) as session:
            yield from in_units(
                paths,
                referee,
                extract,
                session.executor,
                work=partial(unit_result, referee=referee, extract=extract),
                hands=batch_hands or UNIT_HANDS,
                ahead=session.window,
                failed=unit_failed(_file_of),
            )
        return
    jobs = min(jobs, max_jobs())
    if jobs <= 1 or _size(paths) < PARALLEL_MIN_BYTES:
        for j in judge_paths(paths, referee):
            yield outcome_of(j, extract)
        return
    from .local import process_pool, worker_died
    from .units import BATCH_HANDS

    workers = jobs - 1 if share else jobs
    queued = SHARED_IN_FLIGHT if share else IN_FLIGHT
    with process_pool(workers, _init_worker, (referee, extract)) as pool:
        yield from in_units(
            paths,
            referee,
            extract,
            pool,
            work=_work,
            hands=batch_hands or BATCH_HANDS,
            whole_bytes=0,  # every file cut here: units of a few hundred hands keep the workers even
            carry=True,  # a unit goes with its chunks: no process reads and cuts its bytes twice
            ahead=(2 if share else 1) * jobs * queued,
            busy=workers * queued if share else None,
            failed=worker_died("records are judged"),
        )


def in_units(
    paths: Iterable[str],
    referee: Referee,
    extract: Extract[T] | None,
    executor: Executor | None,
    *,
    work: Callable[[Unit], UnitResult[T]] | None = None,
    hands: int | None = None,
    whole_bytes: int | None = None,
    ahead: int | Callable[[], int] = 1,
    busy: int | None = None,
    failed: Callable[[Any, Exception], None] | None = None,
    carry: bool = False,
) -> Iterator[Outcome[T]]:
    """Every record of ``paths``, judged unit by unit on ``executor`` (``work`` is what a
    worker runs, by default ``units.unit_result`` with the referee and extract), in
    input order (units of ``hands`` hands, by default ``units.BATCH_HANDS``); ``ahead``,
    ``busy`` and ``failed`` are ``ordered.in_order``'s.  With ``carry`` (workers on this
    machine) a unit is sent with its chunks as a ``_Carried``, which ``work`` must take."""
    from ..notation.units import Unit
    from .ordered import in_order
    from .units import BATCH_HANDS, UnitResult, file_cuts, unit_result

    hands = hands or BATCH_HANDS
    ended: set[str] = set()  # files whose reading stopped part way: their later units are left out
    last: dict[str, int] = {}  # the last record index given out per file

    def items() -> Iterator[_Item]:
        for name in paths:
            if not cuttable(name):
                yield _Stream(name)
                continue
            try:
                for unit, chunks in file_cuts(name, hands, whole_bytes=whole_bytes, keep=carry):
                    yield unit if chunks is None else _Carried(unit, chunks)
                    if name in ended:
                        break
            except Exception as e:  # the file cannot be cut, or its cutting failed part way (a bug)
                yield _Fault(name, e)

    def here(item: _Item) -> UnitResult[T] | Iterator[Outcome[T]]:
        if isinstance(item, _Stream):
            return (outcome_of(j, extract) for j in contained(item.name, judged_records(item.name, referee)))
        if isinstance(item, _Fault):  # done when it reaches the front: ``last`` then holds the file's last record
            return iter(() if item.name in ended else (fault_outcome(item.name, last.get(item.name, 0) + 1, item.error),))
        if _file_of(item) in ended:
            return UnitResult([], True)
        if isinstance(item, _Carried):
            return unit_result(item.unit, referee, extract, item.chunks)
        return unit_result(item, referee, extract)

    def local(item: _Item) -> bool:
        return not isinstance(item, Unit | _Carried)

    sent: Callable[[Any], Any] | None = work if work is not None else partial(unit_result, referee=referee, extract=extract)
    for item, result in in_order(items(), executor, here, work=sent, ahead=ahead, busy=busy, local=local, failed=failed):
        if isinstance(result, UnitResult):
            name = _file_of(item)
            if name in ended:
                continue
            for o in result.outcomes:
                last[o.file] = o.index
                yield o
            if result.stopped:
                ended.add(name)
        else:
            for o in result:
                last[o.file] = o.index
                yield o


def _file_of(item: Any) -> str:
    """The file a unit is of, as diagnostics name it."""
    from ..notation.units import Unit

    if isinstance(item, _Carried):
        item = item.unit
    return str(item.name or item.path) if isinstance(item, Unit) else str(item.name)


def _size(paths: list[str]) -> int:
    return sum(os.path.getsize(p) for p in paths if regular(p))


_WORKER: tuple[Referee, Any] | None = None


def _init_worker(referee: Referee, extract: Extract[Any] | None) -> None:
    global _WORKER
    _WORKER = (referee, extract)
    tune_gc()


def _work(item: Unit | _Carried) -> UnitResult[Any]:
    """In a worker process: read and judge one unit (the referee and extract came once, at its start)."""
    from .units import unit_result

    assert _WORKER is not None
    if isinstance(item, _Carried):
        return unit_result(item.unit, *_WORKER, item.chunks)
    return unit_result(item, *_WORKER)
