"""The outcomes of a run on a Dask cluster, in input order, with little held on the client.

The client cuts the inputs into units (``batch.file_units``), sends each as a task,
and takes the results back in the order the units were sent: a queue of at most
``Session.window()`` futures, whose front is waited for while the workers go on with
the rest.  Dask keeps a finished task's result on its worker until the client asks
for it, so the client holds only the front result it is writing, and its memory does
not grow with the input however large it is (``as_completed`` would hand results
back in the order they finish, which the client would then have to hold and sort).

Nothing a cluster does wrong costs output: a unit whose task failed (a worker that
died more often than Dask retries, a lost scheduler) is judged again here, in order,
as ``--jobs`` does with a dead worker process, and a file that stops being readable
part way ends where it would on one machine (``batch.UnitResult.stopped``).  Standard
input and FIFOs, which no worker can read, are read here in their turn.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

from ..batch import UnitResult, cuttable, file_units, unit_result
from ..judging.isolate import contained
from ..pipeline import Extract, Outcome, fault_outcome, judge_file, outcome_of
from .session import Pending, Session, open_session

if TYPE_CHECKING:
    from ..judging.replay import Referee
    from ..notation.units import Unit
    from .address import ClusterSpec

__all__ = ["UNIT_FAILED", "UNIT_HANDS", "cluster_outcomes", "ordered_outcomes"]

T = TypeVar("T")

UNIT_HANDS = 1000
"""Hands per unit on a cluster, where a unit is a task: Dask's documentation puts its cost
at about a millisecond a task on the scheduler alone, and the client and the worker add
their share (sending the unit, taking the result back), so a task should run for a good
part of a second, not the 50 ms of ``--jobs``'s 250 hands.  The client still holds one
unit's result at a time, and a unit judged again after a failure costs little."""

UNIT_FAILED = "referee: a unit of {file} failed on the cluster ({error}); its records are judged again in this process\n"


def cluster_outcomes(
    paths: list[str], referee: Referee, extract: Extract[T] | None, spec: ClusterSpec, *, batch_hands: int | None = None
) -> Iterator[Outcome[T]]:
    """Every record of ``paths`` judged on the cluster ``spec`` names, in input order: the
    outcomes ``pipeline.outcomes`` gives on one machine (units of ``batch_hands``, by
    default ``UNIT_HANDS``)."""
    with open_session(spec) as session:
        yield from ordered_outcomes(paths, referee, extract, session, batch_hands=batch_hands or UNIT_HANDS)


def ordered_outcomes(
    paths: list[str], referee: Referee, extract: Extract[T] | None, session: Session, *, batch_hands: int
) -> Iterator[Outcome[T]]:
    """``cluster_outcomes`` on a session already open (tests open their own)."""
    window: deque[tuple[Pending | None, Unit]] = deque()  # None: not sent (the cluster had gone); judged here
    ended: set[str] = set()  # files whose reading stopped part way: their later units are left out
    last: dict[str, int] = {}  # the last record index given out per file
    warned = False

    def here(unit: Unit) -> UnitResult[T]:
        return unit_result(unit, referee, extract)

    def send(unit: Unit) -> None:
        pending: Pending | None = None
        if session.working():
            try:
                pending = session.submit(unit, referee, extract)
            except Exception:  # the scheduler went away between the check and the call
                pending = None
        window.append((pending, unit))

    def take() -> Iterator[Outcome[T]]:
        nonlocal warned
        pending, unit = window.popleft()
        name = unit.name or unit.path
        if name in ended:
            if pending is not None:
                pending.cancel()
            return
        if pending is None:
            done = here(unit)
        else:
            try:
                done = pending.result()
            except Exception as e:  # KilledWorker after Dask's retries, a lost scheduler, a worker without referee
                if not warned:
                    sys.stderr.write(UNIT_FAILED.format(file=name, error=f"{type(e).__name__}: {e}"[:300]))
                    warned = True
                done = here(unit)
        for o in done.outcomes:
            last[o.file] = o.index
            yield o
        if done.stopped:
            ended.add(name)

    try:
        for name in paths:
            if not cuttable(name):  # standard input, a FIFO: only this process can read it
                while window:
                    yield from take()
                for j in contained(name, judge_file(name, referee)):
                    yield outcome_of(j, extract)
                continue
            try:
                for unit in file_units(name, batch_hands):
                    send(unit)
                    while len(window) >= session.window():
                        yield from take()
                    if name in ended:
                        break
            except Exception as e:  # the cutting failed part way (a bug): the file ends there, as on one machine
                while window:
                    yield from take()
                if name not in ended:
                    yield fault_outcome(name, last.get(name, 0) + 1, e)
        while window:
            yield from take()
    finally:
        for pending, _ in window:  # the consumer stopped early (check --max-errors): drop what is still out
            if pending is not None:
                pending.cancel()
