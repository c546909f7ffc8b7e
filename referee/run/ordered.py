"""Results in input order from any ``concurrent.futures.Executor``, with little held here.

``in_order`` sends each unit to the executor and hands back the results in the
order the units came, waiting for the oldest while the workers go on with the rest.
It keeps a window of at most ``ahead`` units sent and not yet taken back, so however
long the input, this process holds only that many results; a finished result at the
front is taken at once, so output flows as the work is done.

A failure never costs output.  Work is pure, so a unit whose worker failed is done
again here (``here``), in its turn: a worker process that died (a broken pool), a
Dask task that failed past its retries, a scheduler that went away.  ``failed`` is
told first, to say so once.  After an executor breaks (``BrokenExecutor``, or a
``submit`` that raises), every later unit is done here.

The process pool of ``--jobs`` (``local``), a Dask cluster's executor (``dask``) and
the analysis of hands (``analyse``) all run through this one window.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     [r for _, r in in_order(range(6), pool, lambda n: n * n, ahead=3)]
[0, 1, 4, 9, 16, 25]
>>> [r for _, r in in_order(range(3), None, lambda n: -n)]  # no executor: all here
[0, -1, -2]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # imported when a worker fails: concurrent.futures imports logging, which one process never needs
    from concurrent.futures import Executor, Future

__all__ = ["in_order"]

U = TypeVar("U")
R = TypeVar("R")


class _Later:
    """A unit to do here when it reaches the front (not sent, or its worker failed)."""


_LATER = _Later()


class _Slot(Generic[U, R]):
    """A unit in the window: sent (``future``), or done here (``result``, or ``_LATER``)."""

    __slots__ = ("future", "result", "unit")

    def __init__(self, unit: U, future: Future[R] | None, result: R | _Later) -> None:
        self.unit = unit
        self.future = future
        self.result = result

    def ready(self) -> bool:
        return self.future is None or self.future.done()


def _not_started(window: deque[_Slot[U, R]]) -> _Slot[U, R] | None:
    """The last sent unit that no worker has started, now taken back (its future cancelled)."""
    for slot in reversed(window):
        if slot.future is not None and slot.future.cancel():
            return slot
    return None


def in_order(
    units: Iterable[U],
    executor: Executor | None,
    here: Callable[[U], R],
    *,
    work: Callable[[Any], R] | None = None,
    payload: Callable[[U], Any] | None = None,
    ahead: int | Callable[[], int] = 1,
    busy: int | None = None,
    local: Callable[[U], bool] | None = None,
    failed: Callable[[U, Exception], None] | None = None,
) -> Generator[tuple[U, R], None, None]:
    """Each unit with its result, in the order of ``units``.

    ``here(unit)`` does a unit in this process; ``executor.submit(work, payload(unit))``
    sends one (``work`` defaults to ``here`` and ``payload`` to the unit itself: a
    process pool's worker may keep what every unit shares, and a unit may carry
    what only this process needs).  ``ahead``: the most units sent and not yet taken
    back (a function for a window that follows a cluster's size).  ``busy``: with a
    number, this process shares the work, doing a unit itself instead of sending it
    whenever that many sent units are still running, and when the units run out it takes
    back those no worker has started (``Future.cancel``) and does them while the workers
    finish theirs, from the last one back.  ``local(unit)``: units never
    sent, done here in their turn (standard input, which no worker can read).
    Without an executor every unit is done here, one after another.

    Stopping early (closing the iterator) cancels the units not yet started.
    """
    window: deque[_Slot[U, R]] = deque()
    broken = executor is None
    send = work if work is not None else here

    def take() -> tuple[U, R]:
        nonlocal broken
        slot = window.popleft()
        result = slot.result
        if slot.future is not None:
            try:
                result = slot.future.result()
            except Exception as e:  # the worker failed: the unit again here, where a failure is contained
                from concurrent.futures import BrokenExecutor

                if isinstance(e, BrokenExecutor):
                    broken = True
                if failed is not None:
                    failed(slot.unit, e)
                result = _LATER
        if isinstance(result, _Later):
            result = here(slot.unit)
        return slot.unit, result

    def running() -> int:
        return sum(1 for s in window if s.future is not None and not s.future.done())

    try:
        for unit in units:
            if broken or (local is not None and local(unit)):
                window.append(_Slot(unit, None, _LATER))
            elif busy is not None and running() >= busy:  # every worker has enough: this process does one
                window.append(_Slot(unit, None, here(unit)))
            else:
                assert executor is not None
                try:
                    future = executor.submit(send, payload(unit) if payload is not None else unit)
                except Exception:  # a broken pool, a shut-down executor, a lost scheduler: the rest here
                    broken = True
                    window.append(_Slot(unit, None, _LATER))
                else:
                    window.append(_Slot(unit, future, _LATER))
            while window and window[0].ready():
                yield take()
            limit = ahead() if callable(ahead) else ahead
            while len(window) >= limit:  # a slow unit at the front: wait for it
                yield take()
        while window:
            if busy is not None and not window[0].ready():
                slot = _not_started(window)
                if slot is not None:  # the front is still running: do a unit no worker has started
                    slot.future = None
                    slot.result = here(slot.unit)
                    continue
            yield take()
    finally:  # also when the consumer stops early: what was sent and not started is dropped
        for slot in window:
            if slot.future is not None:
                slot.future.cancel()
