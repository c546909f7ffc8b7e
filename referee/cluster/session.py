"""A run's connection to Dask: the scheduler named by ``--cluster``, and how a unit is sent.

Each unit is one task, ``batch.unit_result(unit, referee, extract)`` (``judge_unit``,
and whether the file stopped being readable in the unit): the unit is a few numbers,
the referee and the command's extract function pickle to a few hundred bytes, and what
comes back is what the command writes.  Dask's futures interface suits a
stream of such tasks whose results are wanted in order; ``Client.submit`` is used as
its documentation shows, with ``retries`` for a task that raises and ``pure=False``
(the same unit may be asked for twice only after a failure, and must then run again).

A worker that dies while it runs a task is Dask's to handle: the scheduler gives the
task to another worker, up to its ``distributed.scheduler.allowed-failures`` (3 by
default), and only then does the task fail (``KilledWorker``).  ``unit_result`` never
raises for anything in the input, so ``retries`` is for what goes wrong around it: a
worker without the ``referee`` package, a lost connection.

``sync`` runs each unit through ``dask.bag`` on Dask's synchronous scheduler, in this
process, one at a time: the path a unit takes is Dask's, and a debugger sees it all.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from ..batch import unit_result
from ..pipeline import UsageError, default_jobs
from .address import ClusterSpec

if TYPE_CHECKING:
    from ..batch import UnitResult
    from ..judging.replay import Referee
    from ..notation.units import Unit
    from ..pipeline import Extract

__all__ = ["CONNECT_TIMEOUT", "INSTALL", "IN_FLIGHT", "RETRIES", "WORKER_WAIT", "Pending", "Session", "open_session"]

INSTALL = "pip install 'referee42[dask]'"

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a scheduler before saying it cannot be reached (Dask's own default
is 30 s, long for a command line with a mistyped address)."""

WORKER_WAIT = 30.0
"""Seconds to wait for a running scheduler's first worker before saying it has none."""

RETRIES = 2
"""``Client.submit(retries=...)``: a task that raised is run again this many times."""

IN_FLIGHT = 3
"""Units sent ahead per worker thread: enough that no worker waits for the next one, few
enough that the results waiting to be written stay small (``ordered``)."""

MIN_WINDOW = 4
"""Units sent ahead whatever the cluster's size (a scheduler whose workers are still starting)."""

REFRESH = 64
"""Units between two looks at the cluster's size: workers come and go."""


class Pending(Protocol):
    """A unit sent off: a Dask ``Future`` or a ``concurrent.futures.Future``."""

    def result(self) -> Any: ...

    def cancel(self) -> Any: ...


class Session(Protocol):
    """What ``ordered`` needs of a cluster."""

    def submit(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> Pending: ...

    def window(self) -> int:
        """How many units to have sent and not yet taken back."""
        ...

    def working(self) -> bool:
        """Whether units can still be sent (the scheduler is still there)."""
        ...


class SyncSession:
    """Dask's synchronous scheduler: each unit computed as it is sent, in this process."""

    def submit(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> Pending:
        import dask.bag as db

        future: Future[UnitResult[Any]] = Future()
        try:
            bag = db.from_sequence([unit], npartitions=1)  # type: ignore[no-untyped-call]  # dask.bag is not fully typed
            (done,) = bag.map(unit_result, referee, extract).compute(scheduler="synchronous")
            future.set_result(done)
        except Exception as e:
            future.set_exception(e)
        return future

    def window(self) -> int:
        return 1

    def working(self) -> bool:
        return True


class DaskSession:
    """A ``distributed.Client``: units become tasks on the cluster's workers."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.sent = 0
        self.size = MIN_WINDOW

    def submit(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> Pending:
        self.sent += 1
        future: Pending = self.client.submit(unit_result, unit, referee, extract, pure=False, retries=RETRIES)
        return future

    def window(self) -> int:
        if self.sent % REFRESH == 1:
            threads = sum(self.client.nthreads().values())
            self.size = max(MIN_WINDOW, IN_FLIGHT * threads)
        return self.size

    def working(self) -> bool:
        return bool(self.client.status == "running")


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError(f"--cluster needs Dask's distributed scheduler, which is not installed: {INSTALL}") from None
    return distributed


@contextmanager
def open_session(spec: ClusterSpec) -> Iterator[Session]:
    """The session ``spec`` names, closed (and a local cluster stopped) when the run ends.

    A scheduler that cannot be reached or a local cluster that cannot start is a
    ``UsageError`` (exit status 2) in words, not Dask's traceback.
    """
    if spec.kind == "sync":
        try:
            import dask.bag  # noqa: F401 - only to say it is missing before any unit
        except ImportError:
            raise UsageError(f"--cluster sync needs Dask, which is not installed: {INSTALL}") from None
        yield SyncSession()
        return
    distributed = _distributed()
    with _quiet_logs():
        if spec.kind == "local":
            workers = spec.workers or default_jobs()
            try:  # one thread a worker: judging is pure Python, and threads would share one interpreter lock
                cluster = distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # a free port: another cluster may hold Dask's 8787
                    silence_logs=logging.CRITICAL,  # in the workers too
                )
            except Exception as e:
                raise UsageError(f"--cluster {spec}: the local Dask cluster did not start: {e}") from None
            with cluster, distributed.Client(cluster) as client:
                yield DaskSession(client)
            return
        try:
            client = distributed.Client(spec.address, timeout=CONNECT_TIMEOUT)
        except Exception as e:  # OSError "Timed out trying to connect to ...", ValueError for an address Dask cannot read
            raise UsageError(f"--cluster {spec}: cannot reach the Dask scheduler: {e}") from None
        with client:
            try:  # a scheduler without workers would take the units and never answer
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except Exception:
                raise UsageError(
                    f"--cluster {spec}: the Dask scheduler has no workers (start them with `dask worker {spec.address}`)"
                ) from None
            yield DaskSession(client)


@contextmanager
def _quiet_logs() -> Iterator[None]:
    """Dask's own log lines off for the run, on this side: it logs what it handles itself
    (a worker it restarts, a heartbeat lost while the cluster closes) as errors with
    tracebacks, and the command's promise is words and an exit status, never a
    traceback.  What matters reaches the command as an exception, which it reports in
    its own words (``ordered.UNIT_FAILED``, the ``UsageError``s above)."""
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)
