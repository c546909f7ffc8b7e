"""The processes of this machine: how many ``--jobs`` may start, the pool they form, and
what is said when one of them dies.

``process_pool`` is the executor ``--jobs`` hands to ``ordered.in_order``: worker
processes forked where the platform allows it (they start at once, sharing what this
process has loaded), spawned elsewhere.  A worker that dies (killed, out of memory)
breaks the pool; ``worker_died`` says so once, and the window does the rest here.

``concurrent.futures`` (and the ``logging`` it imports) is imported only when a pool
starts or fails: a command that runs in one process never pays for it.

A pool left by an exception (Ctrl-C, SIGTERM, a reader gone) stops its workers at once
(``stop_children``) instead of waiting for the units they are judging, which may take
long (a hand ``analyze`` solves): nothing they would give is wanted any more.  The
workers ignore SIGINT, which a terminal sends to every process of the command, so
that only this process says so, once.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = [
    "GC_THRESHOLDS",
    "JOBS_PER_CORE",
    "WORKER_DIED",
    "default_jobs",
    "max_jobs",
    "process_pool",
    "start_gc",
    "stop_children",
    "tune_gc",
    "worker_died",
]

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


GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds from start-up on: the young generation collected every
50,000 allocations instead of every 700."""


def start_gc() -> None:
    """Collect the young generation as seldom from the start as ``tune_gc`` does later.

    Start-up (Python's modules, typer's, the commands' and their dataclasses) builds
    objects that live as long as the process; with the default thresholds the collector
    walked them about 40 times before a command began (3 % of ``check``'s start-up).
    """
    gc.set_threshold(*GC_THRESHOLDS)


def tune_gc() -> None:
    """Freeze what start-up built and collect the young generation less often.

    Reading allocates many small acyclic objects; with the default thresholds the
    collector runs every 700 of them and walks the long-lived models each time.
    Memory still stays flat: records are freed by reference counting as soon as
    they are written.  Start-up's few cycles (about 500 objects) are frozen with the
    rest rather than collected first: a full collection here walked every object
    start-up built, 6 % of ``check``'s start-up.
    """
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


_STOPPING = {signal.SIGINT, signal.SIGTERM}
"""The signals that stop a command (``cli/guard.py``)."""


@contextmanager
def process_pool(
    workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes, shut down when the block ends: after its work when
    it ends normally, its workers stopped at once when an exception (an interrupt) ends it."""
    import multiprocessing  # only here: a single process never pays for the pool's imports
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(initializer, initargs))
    # The workers are forked at the first submit; an interrupt raised in the middle of a fork
    # (in the logging module's at-fork hook, which Python ignores) would be lost and leave
    # that hook's lock held, so the next fork hangs.  SIGINT and SIGTERM wait while the
    # workers start (a forked worker unblocks them, _start_worker), then arrive as usual.
    if hasattr(signal, "pthread_sigmask"):
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
        try:
            pool.submit(int)  # a no-op whose submit launches the workers, here
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
    try:
        yield pool
    except BaseException:
        with _quiet_broken_pool():
            # The units no worker has taken are dropped before the workers stop: stopped first,
            # with units still waiting behind the pool's call queue (run.batch.SHARED_IN_FLIGHT),
            # an interrupted run hung at its exit, joining the queue's feeder thread, which was
            # writing a unit to the stopped worker's pipe (tests/cli/test_interrupts.py).
            pool.shutdown(wait=False, cancel_futures=True)
            stop_children(before)
            pool.shutdown(wait=True)
        raise
    pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def _quiet_broken_pool() -> Iterator[None]:
    """No traceback from the pool's own thread while its workers are stopped: Python 3.11's
    pool marks every pending unit failed when a worker dies, and fails on those already
    cancelled (``InvalidStateError``, ignored there from Python 3.12 on); nothing else of
    that thread's is silenced."""
    import threading
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if not isinstance(args.exc_value, InvalidStateError):
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's start: SIGINT ignored (the command's process answers it for all) and
    SIGTERM its default, not the handler a forked worker inherits; then ``initializer``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)  # blocked while the pool forked it
    if initializer is not None:
        initializer(*initargs)


def stop_children(keep: set[Any] | None = None, grace: float = 0.5) -> None:
    """Stop this process's ``multiprocessing`` children (a pool's workers, a local Dask
    cluster's), but those in ``keep``: SIGTERM, and SIGKILL for any still there after
    ``grace`` seconds; each is waited for, so none is left behind as a zombie or an orphan."""
    import multiprocessing
    import time

    children = [c for c in multiprocessing.active_children() if keep is None or c not in keep]
    for child in children:
        with suppress(OSError, ValueError):
            child.terminate()
    deadline = time.monotonic() + grace
    for child in children:
        with suppress(OSError, ValueError, AssertionError):
            child.join(max(0.0, deadline - time.monotonic()))
            if child.is_alive():
                child.kill()
                child.join(grace)


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
