"""Many records' hands analysed, in input order, in this process or spread over several.

``referee analyze`` and ``report --analysis`` hand over judged records (judged once,
with their trace) one by one and print each as soon as its hands are solved.  A hand
is the unit of work (one game's hands are spread too), sent through
``ordered.in_order`` to a process pool or a Dask cluster's executor, so a long run
prints as it goes and memory stays flat.

One hand's failure never costs the others (as ``judging.isolate`` promises for
judging): an exception while planning a record or solving a hand becomes a
``Skipped`` with ``fault`` set, which ``skip_note`` makes an S016 naming the
exception, and the run goes on.  A worker process that dies (killed, out of
memory) breaks the pool; the hands it held, and every hand after, are solved in
this process instead.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import codes
from ..diagnostics import Diagnostic
from ..engine.solver import DEFAULT_BUDGET
from ..judging.analysis import HandAnalysis, HandTask, Skipped, analyse, plan_record
from ..judging.isolate import crash_summary
from ..judging.judged import Judged
from ..judging.replay import Referee
from .local import process_pool, worker_died
from .ordered import in_order

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["IN_FLIGHT", "RecordResult", "analyse_contained", "analyse_records", "skip_note"]

RecordResult = tuple[Judged, list[HandAnalysis | Skipped]]

IN_FLIGHT = 2
"""Hands queued per worker: enough to keep each busy, few enough to print as they finish."""

_HINT = "this is a bug in the referee, not a problem of the record; please report it with the record"


def analyse_contained(task: HandTask) -> HandAnalysis | Skipped:
    """``analyse``, with an unexpected exception turned into a faulty ``Skipped`` (run in the workers)."""
    try:
        return analyse(task)
    except Exception as e:
        return Skipped(task.facts.number, task.facts.index, crash_summary(e), fault=True)


def _plan_contained(
    j: Judged, referee: Referee, only: int | None, budget: int, with_par: bool, time_limit: float | None
) -> list[HandTask | Skipped]:
    try:
        return plan_record(j, referee, only=only, budget=budget, with_par=with_par, time_limit=time_limit)
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
    judged: Iterable[Judged],
    referee: Referee,
    *,
    only: int | None = None,
    budget: int = DEFAULT_BUDGET,
    with_par: bool = False,
    time_limit: float | None = None,
    jobs: int = 1,
    done: Callable[[Judged], None] | None = None,
    executor: Executor | None = None,
) -> Generator[RecordResult, None, None]:
    """Every record's hands analysed, in input order (each record judged with its trace:
    ``records.judge_paths(..., trace=True)``); with ``jobs`` > 1 the hands go to worker
    processes, or to ``executor`` when one is given (a Dask cluster's, for
    ``--cluster``; ``jobs`` is then its worker threads).  ``done`` is called as each
    hand is finished, for a progress meter.  ``time_limit``: seconds each hand's searches
    may take (``HandTask.time_limit``), counted where the hand is solved."""
    plans = ((j, _plan_contained(j, referee, only, budget, with_par, time_limit)) for j in judged)
    if executor is not None:
        yield from _spread(plans, executor, max(jobs, 1), done)
    elif jobs > 1:
        with process_pool(jobs) as pool:  # also when the caller stops early: hands not started are dropped, not solved
            yield from _spread(plans, pool, jobs, done)
    else:
        yield from _spread(plans, None, 1, done)


@dataclass(frozen=True, slots=True)
class _Hand:
    """One hand of a record in flight (``item`` None: a record with no hand to analyse)."""

    j: Judged
    item: HandTask | Skipped | None
    last: bool
    """The record's last hand: its results are complete."""

    def task(self) -> HandTask:
        """What is sent to a worker: the task alone, not the judged record."""
        assert isinstance(self.item, HandTask)
        return self.item


def _hands(plans: Iterable[tuple[Judged, list[HandTask | Skipped]]]) -> Iterator[_Hand]:
    for j, items in plans:
        if not items:
            yield _Hand(j, None, True)
        for k, item in enumerate(items, start=1):
            yield _Hand(j, item, k == len(items))


def _here(hand: _Hand) -> HandAnalysis | Skipped | None:
    return analyse_contained(hand.item) if isinstance(hand.item, HandTask) else hand.item


def _spread(
    plans: Iterable[tuple[Judged, list[HandTask | Skipped]]], executor: Executor | None, jobs: int, done: Callable[[Judged], None] | None
) -> Iterator[RecordResult]:
    """The records' hands through ``in_order`` (a skipped hand is not sent), regrouped by record."""
    results: list[HandAnalysis | Skipped] = []
    for hand, result in in_order(
        _hands(plans),
        executor,
        _here,
        work=analyse_contained,
        payload=_Hand.task,
        ahead=2 * jobs * IN_FLIGHT,
        local=lambda hand: not isinstance(hand.item, HandTask),
        failed=worker_died("hands are analysed"),
    ):
        if result is not None:
            results.append(result)
            if done is not None:
                done(hand.j)
        if hand.last:
            yield hand.j, results
            results = []
