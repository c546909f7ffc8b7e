"""The processes of this machine: how many ``--jobs`` may start, the pool they form, and
what is said when one of them dies.

``process_pool`` is the executor ``--jobs`` hands to ``ordered.in_order``: worker
processes forked where the platform allows it (they start at once, sharing what this
process has loaded), spawned elsewhere.  A worker that dies (killed, out of memory)
breaks the pool; ``worker_died`` says so once, and the window does the rest here.

``concurrent.futures`` (and the ``logging`` it imports) is imported only when a pool
starts or fails: a command that runs in one process never pays for it.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["JOBS_PER_CORE", "WORKER_DIED", "default_jobs", "max_jobs", "process_pool", "tune_gc", "worker_died"]

JOBS_PER_CORE = 4
"""``--jobs`` is lowered to this many processes per core: more only add start-up time and
memory (``--jobs 1000`` would otherwise start 999 processes at once)."""

WORKER_DIED = "referee: a worker process stopped unexpectedly (killed?); its {work} again in this process\n"
"""What is said, once, when a worker process dies; ``work`` names what is done again
(``records are judged``, ``hands are analysed``)."""


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def max_jobs() -> int:
    """The most processes a command starts, whatever ``--jobs`` asks for."""
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


@contextmanager
def process_pool(
    workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes, shut down (work not started dropped) when the block ends."""
    import multiprocessing  # only here: a single process never pays for the pool's imports
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=initializer, initargs=initargs)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def worker_died(work: str) -> Callable[[object, Exception], None]:
    """``in_order``'s ``failed`` for a process pool: ``WORKER_DIED`` on standard error, the
    first time a worker is found dead (a worker's other failures are only done again)."""
    said = False

    def failed(unit: object, error: Exception) -> None:
        from concurrent.futures import BrokenExecutor

        nonlocal said
        if isinstance(error, BrokenExecutor) and not said:
            sys.stderr.write(WORKER_DIED.format(work=work))
            said = True

    return failed
