"""``--cluster ADDRESS``: which Dask scheduler a run uses, and the executor it hands out.

Four forms of the address, one per way of running:

- ``local`` or ``local:N``: a ``LocalCluster`` of N worker processes on this machine
  (default: the cores available), started for the run and stopped after it;
- ``tcp://host:8786`` (or any scheme Dask speaks: ``tls://``, ``ws://``...; a bare
  ``host:port`` is ``tcp://``): a running ``dask scheduler`` and its workers;
- ``sync``: Dask's synchronous scheduler, every unit in this process one after the
  other, for debugging (a breakpoint in the referee stops there).

``open_session(spec)`` gives a ``Session``: a ``concurrent.futures.Executor``
(``Client.get_executor``, with ``retries`` for a task that raises and ``pure=False``,
since a unit is asked for twice only after a failure and must then run again) and
the window to keep (``IN_FLIGHT`` units per worker thread, followed as workers come
and go).  What runs on it is ``ordered.in_order``'s, as for ``--jobs``: the two
differ only in the executor.

Every step of reaching a cluster is bounded, since Dask bounds only some of them (a
scheduler's address that accepts the connection and never answers its handshake would
otherwise be waited for without end, dask/distributed#8071): the connection and
Dask's handshake, the scheduler's first answer (``identity``), the client's own start
and the first worker each have a time limit (``timeouts``: ``CONNECT_TIMEOUT`` and
``WORKER_WAIT``, or ``REFEREE_CLUSTER_TIMEOUT`` and ``REFEREE_CLUSTER_WORKER_WAIT``
in seconds), and running out of one is a ``UsageError`` naming the address and what
did not answer (exit status 2).

A worker that dies while it runs a task is Dask's to handle: the scheduler gives the
task to another worker, up to its ``distributed.scheduler.allowed-failures`` (3 by
default), and only then does the task fail (``KilledWorker``); the window then does
the unit here and ``unit_failed`` says so once.

The option itself is read by ``run.cluster`` (``ClusterSpec``, ``parse_cluster``), which
every batch command imports at start-up; this module only when a run opens its session,
and ``logging``, ``concurrent.futures`` and Dask itself only then.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from .cluster import ClusterSpec, parse_cluster

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = [
    "CONNECT_TIMEOUT",
    "INSTALL",
    "IN_FLIGHT",
    "RETRIES",
    "UNIT_FAILED",
    "WORKER_WAIT",
    "ClusterSpec",
    "Session",
    "open_session",
    "parse_cluster",
    "timeouts",
    "unit_failed",
]

INSTALL = "pip install 'referee42[dask]'"

CONNECT_TIMEOUT = 10.0
"""Seconds each step of reaching a scheduler may take (the connection, Dask's handshake,
the first answer) before saying which did not answer (Dask's own default is 30 s, long
for a command line with a mistyped address); ``REFEREE_CLUSTER_TIMEOUT`` overrides it."""

WORKER_WAIT = 30.0
"""Seconds to wait for a running scheduler's first worker before saying it has none, and
for a local cluster to start; ``REFEREE_CLUSTER_WORKER_WAIT`` overrides it."""

TIMEOUT_ENV = "REFEREE_CLUSTER_TIMEOUT"
WORKER_WAIT_ENV = "REFEREE_CLUSTER_WORKER_WAIT"

RETRIES = 2
"""``Client.submit(retries=...)``: a task that raised is run again this many times."""

IN_FLIGHT = 3
"""Units sent ahead per worker thread: enough that no worker waits for the next one, few
enough that the results waiting to be written stay small."""

MIN_WINDOW = 4
"""Units sent ahead whatever the cluster's size (a scheduler whose workers are still starting)."""

REFRESH = 64
"""Units between two looks at the cluster's size: workers come and go."""

UNIT_FAILED = "referee: a unit of {file} failed on the cluster ({error}); its records are judged again in this process\n"


def sync_executor() -> Executor:
    """Dask's synchronous scheduler as an executor: each call computed as it is sent, in
    this process, through ``dask.bag`` (the path a task takes is Dask's, and a debugger
    sees it all).  Made here, not at import, so that reading ``--cluster`` imports no
    ``concurrent.futures``."""
    from concurrent.futures import Executor, Future
    from typing import TypeVar

    import dask.bag as db

    T = TypeVar("T")

    class SyncExecutor(Executor):
        def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
            future: Future[T] = Future()
            try:
                bag = db.from_sequence([args], npartitions=1)  # type: ignore[no-untyped-call]  # dask.bag is not fully typed
                (done,) = bag.map(lambda a: fn(*a, **kwargs)).compute(scheduler="synchronous")
                future.set_result(done)
            except Exception as e:
                future.set_exception(e)
            return future

    return SyncExecutor()


class Session:
    """A run's use of a cluster: the executor its units go to, and how many to keep sent."""

    def __init__(self, executor: Executor, client: Any = None) -> None:
        self.executor = executor
        self.client = client
        """The ``distributed.Client`` (None: ``sync``)."""
        self._asked = 0
        self._size = MIN_WINDOW if client is not None else 1

    def threads(self) -> int:
        """The worker threads the cluster has now (1 for ``sync``)."""
        if self.client is None:
            return 1
        return max(1, int(sum(self.client.nthreads().values())))

    def window(self) -> int:
        """Units to have sent and not yet taken back: ``IN_FLIGHT`` per worker thread,
        looked at again every ``REFRESH`` units (one at a time for ``sync``)."""
        if self.client is not None and self._asked % REFRESH == 0:
            self._size = max(MIN_WINDOW, IN_FLIGHT * self.threads())
        self._asked += 1
        return self._size


def unit_failed(name_of: Callable[[Any], str]) -> Callable[[Any, Exception], None]:
    """``in_order``'s ``failed`` on a cluster: ``UNIT_FAILED`` on standard error for the first
    unit whose task failed (``name_of`` names its file)."""
    said = False

    def failed(unit: Any, error: Exception) -> None:
        nonlocal said
        if not said:
            sys.stderr.write(UNIT_FAILED.format(file=name_of(unit), error=f"{type(error).__name__}: {error}"[:300]))
            said = True

    return failed


def _usage_error(message: str) -> Exception:
    from .inputs import UsageError

    return UsageError(message)


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise _usage_error(f"--cluster needs Dask's distributed scheduler, which is not installed: {INSTALL}") from None
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
            raise _usage_error(f"--cluster sync needs Dask, which is not installed: {INSTALL}") from None
        yield Session(sync_executor())
        return
    connect, worker_wait = timeouts()
    if spec.kind == "local":
        with _quiet_logs():
            yield from _local_session(spec, connect, worker_wait)
        return
    distributed = _distributed()
    with _quiet_logs():
        address = str(spec.address)
        _probe(distributed, address, connect)
        client = _bounded(
            lambda: distributed.Client(address, timeout=connect),
            3 * connect,  # the client's own connection, handshake and first answer
            f"--cluster {spec}: cannot reach the Dask scheduler",
            "the scheduler",
        )
        with client:
            try:  # a scheduler without workers would take the units and never answer
                client.wait_for_workers(1, timeout=worker_wait)
            except Exception:
                raise _usage_error(
                    f"--cluster {spec}: the Dask scheduler has no workers after {_seconds(worker_wait)} "
                    f"(start them with `dask worker {spec.address}`)"
                ) from None
            yield Session(client.get_executor(pure=False, retries=RETRIES), client)


def _local_session(spec: ClusterSpec, connect: float, worker_wait: float) -> Iterator[Session]:
    """``local:N``'s session: a ``LocalCluster`` started for the run and stopped after it.

    Its workers ignore SIGINT once they are up (``dask_setup``): Ctrl-C, which a terminal
    sends to every process of the command, is answered by this process alone, which
    stops them.  (A worker still starting when Ctrl-C comes may print Python's own
    fatal error as it dies.)"""
    import logging

    from .local import default_jobs, stop_children

    workers = spec.workers or default_jobs()
    distributed = _distributed()
    before = _children()
    try:

        def start() -> Any:  # one thread a worker: judging is pure Python, and threads would share one interpreter lock
            return distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # a free port: another cluster may hold Dask's 8787
                silence_logs=logging.CRITICAL,  # in the workers too
                preload=[__name__],  # dask_setup: Ctrl-C is this process's to answer
            )

        cluster = _bounded(start, worker_wait, f"--cluster {spec}: the local Dask cluster did not start", "its workers")
        with cluster, distributed.Client(cluster, timeout=connect) as client:
            yield Session(client.get_executor(pure=False, retries=RETRIES), client)
    except BaseException:  # an interrupt: the workers stopped at once, not after the units they are judging
        stop_children(before)
        raise


def _children() -> set[Any]:
    import multiprocessing

    return set(multiprocessing.active_children())


def dask_setup(worker: Any) -> None:
    """A local cluster's worker ignores SIGINT (loaded there as a Dask preload): Ctrl-C on a
    terminal reaches every process of the command, and the command's own process stops
    the workers and says so once, with no traceback from each of them."""
    import signal

    with suppress(ValueError):  # only a process's main thread may; a worker's event loop runs there
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _env_seconds(name: str, default: float) -> float:
    """The seconds ``name`` in the environment gives (``default`` when it is not set)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise _usage_error(f"{name}={text!r}: give a number of seconds greater than 0")
    return value


def timeouts() -> tuple[float, float]:
    """The seconds each step of reaching a scheduler may take, and the seconds to wait for
    workers: ``CONNECT_TIMEOUT`` and ``WORKER_WAIT``, or the environment's
    ``REFEREE_CLUSTER_TIMEOUT`` and ``REFEREE_CLUSTER_WORKER_WAIT``.

    >>> timeouts() == (CONNECT_TIMEOUT, WORKER_WAIT) or "the environment sets them"
    True
    """
    return _env_seconds(TIMEOUT_ENV, CONNECT_TIMEOUT), _env_seconds(WORKER_WAIT_ENV, WORKER_WAIT)


def _seconds(value: float) -> str:
    return f"{value:g} s"


def _probe(distributed: Any, address: str, timeout: float) -> None:
    """Reach the scheduler at ``address`` once, each step within ``timeout``: the connection
    and Dask's handshake (``distributed.comm.connect``, whose own timeout covers only the
    connection), then its answer to ``identity``.  A step that fails is a ``UsageError``
    that says which.  Only then does the ``Client`` start, whose handshake Dask does not
    bound."""
    import asyncio

    where = f"--cluster {address}"
    not_dask = "(is it a Dask scheduler's address?)"

    async def probe() -> None:
        closed = distributed.comm.CommClosedError
        try:  # connect() retries a refused connection until its timeout; the handshake gets as long again
            comm = await asyncio.wait_for(distributed.comm.connect(address, timeout=timeout), 2 * timeout)
        except TimeoutError:
            raise _usage_error(
                f"{where}: the address accepted the connection but did not answer Dask's handshake within {_seconds(2 * timeout)} {not_dask}"
            ) from None
        except closed:
            raise _usage_error(f"{where}: the address closed the connection during Dask's handshake {not_dask}") from None
        except OSError as e:  # "Timed out trying to connect to ... after 10 s"
            raise _usage_error(f"{where}: cannot reach the Dask scheduler: {e}") from None
        except Exception as e:  # what it sent is not Dask's protocol (a length Dask cannot allocate, bytes it cannot decode)
            raise _usage_error(f"{where}: the address answered with what is not Dask's protocol ({type(e).__name__}) {not_dask}") from None
        try:
            await asyncio.wait_for(comm.write({"op": "identity", "reply": True}), timeout)
            reply = await asyncio.wait_for(comm.read(), timeout)
        except TimeoutError:
            raise _usage_error(f"{where}: the scheduler did not answer within {_seconds(timeout)} {not_dask}") from None
        except closed:
            raise _usage_error(f"{where}: the address closed the connection before answering {not_dask}") from None
        except Exception as e:
            raise _usage_error(f"{where}: the address answered with what is not Dask's protocol ({type(e).__name__}) {not_dask}") from None
        finally:
            comm.abort()
        kind = reply.get("type") if isinstance(reply, dict) else None
        if kind != "Scheduler":
            raise _usage_error(f"{where}: the address is not a Dask scheduler (it says it is {str(kind)[:40]!r})")

    asyncio.run(probe())


def _bounded(make: Callable[[], Any], limit: float, problem: str, what: str) -> Any:
    """``make()``, given at most ``limit`` seconds (Dask does not bound every step of starting a
    client or a cluster): run in a thread of its own, left behind if it never returns (it
    holds only a connection or a cluster being started; the process's exit ends both)."""
    box: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            box.append(make())
        except BaseException as e:  # handed to the waiting thread
            failure.append(e)

    thread = threading.Thread(target=run, name="referee-cluster-start", daemon=True)
    thread.start()
    thread.join(limit)
    if failure:
        raise _usage_error(f"{problem}: {failure[0]}")
    if not box:
        raise _usage_error(f"{problem}: {what} did not answer within {_seconds(limit)}")
    return box[0]


@contextmanager
def _quiet_logs() -> Iterator[None]:
    """Dask's own log lines off for the run, on this side: it logs what it handles itself
    (a worker it restarts, a heartbeat lost while the cluster closes) as errors with
    tracebacks, and the command's promise is words and an exit status, never a
    traceback.  What matters reaches the command as an exception, which it reports in
    its own words (``UNIT_FAILED``, the ``UsageError``s above)."""
    import logging

    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)
