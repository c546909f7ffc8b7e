"""Many records' hands analysed, in input order, in this process or spread over several.

``referee analyze`` and ``report --analysis`` hand over judged records one by one and
print each as soon as its hands are solved.  A hand is the unit of work (one game's
hands are spread too), and only a few are queued per worker, so a long run prints as
it goes and memory stays flat.

One hand's failure never costs the others (as ``judge.isolate`` promises for
judging): an exception while planning a record or solving a hand becomes a
``Skipped`` with ``fault`` set, which ``skip_note`` makes an S016 naming the
exception, and the run goes on.  A worker process that dies (killed, out of
memory) breaks the pool; the hands it held, and every hand after, are solved in
this process instead.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .. import codes
from ..diagnostics import Diagnostic
from ..engine.solver import DEFAULT_BUDGET
from .analysis import HandAnalysis, HandTask, Skipped, analyse, plan_record
from .isolate import crash_summary
from .judged import Judged
from .replay import Referee, Trace

__all__ = ["IN_FLIGHT", "WORKER_DIED", "RecordResult", "analyse_contained", "analyse_records", "skip_note"]

RecordResult = tuple[Judged, list[HandAnalysis | Skipped]]

IN_FLIGHT = 2
"""Hands queued per worker: enough to keep each busy, few enough to print as they finish."""

WORKER_DIED = "referee: a worker process stopped unexpectedly (killed?); its hands are analysed again in this process\n"

_HINT = "this is a bug in the referee, not a problem of the record; please report it with the record"


def analyse_contained(task: HandTask) -> HandAnalysis | Skipped:
    """``analyse``, with an unexpected exception turned into a faulty ``Skipped`` (run in the workers)."""
    try:
        return analyse(task)
    except Exception as e:
        return Skipped(task.facts.number, task.facts.index, crash_summary(e), fault=True)


def _plan_contained(
    j: Judged, referee: Referee, trace: Trace | None, only: int | None, budget: int, with_par: bool
) -> list[HandTask | Skipped]:
    try:
        return plan_record(j, referee, trace, only=only, budget=budget, with_par=with_par)
    except Exception as e:
        return [Skipped(0, 0, crash_summary(e), fault=True)]


def skip_note(j: Judged, skipped: Skipped) -> Diagnostic:
    """What a hand not analysed says, at its ``hand`` line: a W105 note with the reason,
    or an S016 when the referee failed on it."""
    record = j.record
    at = None
    if record is not None and 1 <= skipped.index <= len(record.hands):
        at = record.hands[skipped.index - 1].at
    if skipped.fault:
        what = f"hand {skipped.number}" if skipped.index else "the hands of this record"
        message = f"internal error while analysing {what}: {skipped.reason}"
        note = Diagnostic(codes.S016, message, at, _HINT, j.file, j.index, skipped.number or None)
    else:
        message = f"hand {skipped.number} is not analysed: {skipped.reason}"
        note = Diagnostic(codes.W105, message, at, None, j.file, j.index, skipped.number)
    return note.resolve(record.source if record is not None else None)


def analyse_records(
    judged: Iterable[tuple[Judged, Trace | None]],
    referee: Referee,
    *,
    only: int | None = None,
    budget: int = DEFAULT_BUDGET,
    with_par: bool = False,
    jobs: int = 1,
    done: Callable[[Judged], None] | None = None,
    executor: Executor | None = None,
) -> Generator[RecordResult, None, None]:
    """Every record's hands analysed, in input order (each record with its trace, or
    None to judge it again with one); with ``jobs`` > 1 the hands go to worker
    processes, or to ``executor`` when one is given (a Dask cluster's, for
    ``--cluster``; ``jobs`` is then its worker threads).  ``done`` is called as each
    hand is finished, for a progress meter."""
    plans = ((j, _plan_contained(j, referee, trace, only, budget, with_par)) for j, trace in judged)
    if jobs <= 1 and executor is None:
        for j, items in plans:
            results = []
            for item in items:
                results.append(analyse_contained(item) if isinstance(item, HandTask) else item)
                if done is not None:
                    done(j)
            yield j, results
        return
    yield from _in_workers(plans, max(jobs, 1), done, executor)


Queued = tuple[Judged, list[tuple[Future[HandAnalysis | Skipped] | None, HandTask | Skipped]]]


def _in_workers(
    plans: Iterator[tuple[Judged, list[HandTask | Skipped]]],
    jobs: int,
    done: Callable[[Judged], None] | None,
    executor: Executor | None = None,
) -> Iterator[RecordResult]:
    import multiprocessing

    if executor is None:
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = executor if executor is not None else ProcessPoolExecutor(jobs, mp_context=context)
    window: deque[Queued] = deque()
    broken = False

    def result(future: Future[HandAnalysis | Skipped] | None, item: HandTask | Skipped) -> HandAnalysis | Skipped:
        nonlocal broken
        if isinstance(item, Skipped):
            return item
        if future is not None:
            try:
                return future.result()
            except BrokenProcessPool:  # a worker died: this hand, and the rest, here (solving is pure: the same result)
                if not broken:
                    sys.stderr.write(WORKER_DIED)
                broken = True
            except Exception:  # the worker failed outside the hand's own containment: again here, where it is contained
                pass
        return analyse_contained(item)

    def take() -> RecordResult:
        j, items = window.popleft()
        results: list[HandAnalysis | Skipped] = []
        for future, item in items:
            results.append(result(future, item))
            if done is not None:
                done(j)
        return j, results

    def pending() -> int:
        return sum(f is not None and not f.done() for _, items in window for f, _ in items)

    def submit(item: HandTask | Skipped) -> Future[HandAnalysis | Skipped] | None:
        nonlocal broken
        if broken or isinstance(item, Skipped):
            return None
        try:
            return pool.submit(analyse_contained, item)
        except BrokenProcessPool:
            broken = True
            return None

    try:
        for j, items in plans:
            window.append((j, [(submit(item), item) for item in items]))
            while window and all(f is None or f.done() for f, _ in window[0][1]):
                yield take()
            while pending() >= jobs * IN_FLIGHT:
                yield take()
        while window:
            yield take()
    finally:  # also when the caller stops early: hands not started are dropped, not solved
        if executor is None:  # a cluster's executor belongs to its session, which closes it
            pool.shutdown(wait=True, cancel_futures=True)
