"""The ordered window (``run.ordered.in_order``) and the batch loop over it
(``run.batch.in_units``) on stand-in executors (no Dask needed): the outcomes are those of
one process, every unit is sent, a unit whose task failed is judged again here, an
executor that cannot take work leaves it all here, and a file that stops being
readable ends where it would in one process."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future
from typing import Any, TypeVar

import pytest

from referee.judging.replay import Referee
from referee.notation.units import Unit
from referee.run.batch import in_units, outcomes
from referee.run.dask import UNIT_FAILED, unit_failed
from referee.run.local import WORKER_DIED, worker_died
from referee.run.ordered import in_order
from referee.run.outcomes import Outcome, fault_outcome
from referee.run.units import UnitResult, file_units

pytestmark = pytest.mark.deadline(300)  # a hung worker pool fails the run (tests/conftest.py)

T = TypeVar("T")

FAILED = UNIT_FAILED.split("{")[0]


class Inline(Executor):
    """An executor that runs each call as it is sent, and remembers what it was sent."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def run(self, fn: Callable[..., T], arg: Any) -> T:
        return fn(arg)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        (arg,) = args
        self.sent.append(arg)
        future: Future[T] = Future()
        try:
            future.set_result(self.run(fn, arg))
        except Exception as e:
            future.set_exception(e)
        return future


def one_process(files: list[str]) -> list[Outcome[None]]:
    return list(outcomes(files, Referee(), jobs=1))


def on(executor: Executor, files: list[str]) -> list[Outcome[None]]:
    return list(in_units(files, Referee(), None, executor, hands=20, ahead=3, failed=unit_failed(lambda u: u.name or u.path)))


def test_every_unit_is_sent_and_the_outcomes_are_those_of_one_process(corpora: dict[str, list[str]]) -> None:
    files = corpora["42"]
    executor = Inline()
    assert on(executor, files) == one_process(files)
    assert executor.sent == [u for f in files for u in file_units(f, 20)]
    assert len([u for u in executor.sent if u.path == files[0]]) > 5  # the big file was cut


class FailsOnce(Inline):
    """The third unit's task fails, as one whose workers all died would (``KilledWorker``)."""

    def run(self, fn: Callable[..., T], arg: Any) -> T:
        if len(self.sent) == 3:
            raise RuntimeError("KilledWorker: tried 3 times")
        return super().run(fn, arg)


def test_a_failed_task_is_judged_again_here_with_one_note(corpora: dict[str, list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    files = corpora["88"]
    assert on(FailsOnce(), files) == one_process(files)
    err = capsys.readouterr().err
    assert err.count(FAILED) == 1 and "KilledWorker: tried 3 times" in err


class Gone(Inline):
    """A scheduler that went away, or a shut-down executor: nothing can be sent."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        raise RuntimeError("cannot schedule new futures after shutdown")


def test_without_a_working_executor_every_unit_is_judged_here(corpora: dict[str, list[str]]) -> None:
    files = corpora["moon"]
    executor = Gone()
    assert on(executor, files) == one_process(files)
    assert executor.sent == []


class StopsReading(Inline):
    """The big file's fourth unit fails to read, as a file cut off part way does."""

    def __init__(self, big: str) -> None:
        super().__init__()
        self.big = big
        self.stopped_at = 0

    def run(self, fn: Callable[..., T], arg: Any) -> T:
        unit: Unit = arg
        if unit.path == self.big and len([u for u in self.sent if u.path == self.big]) == 4:
            self.stopped_at = unit.before + 1
            return UnitResult([fault_outcome(self.big, unit.before + 1, OSError(5, "Input/output error"))], True)  # type: ignore[return-value]
        return super().run(fn, arg)


def test_a_file_that_stops_being_readable_ends_there_and_the_next_file_goes_on(corpora: dict[str, list[str]]) -> None:
    big, *rest = corpora["42"]
    executor = StopsReading(big)
    got = on(executor, [big, *rest])
    first = [o for o in got if o.file == big]
    assert [o.index for o in first] == list(range(1, executor.stopped_at + 1))
    assert first[-1].hands is None and first[-1].diagnostics[0].code == "S014"
    assert [o for o in got if o.file != big] == one_process(rest)
    assert len([u for u in executor.sent if u.path == big]) < len(list(file_units(big, 20)))  # its later units were not sent


# -- the window itself ---------------------------------------------------------------------------


class Later(Executor):
    """Runs each call at once, except those of the units in ``slow``, which start at once
    and finish 0.1 s later on a timer (after ``before`` is called); ``sent`` lists the
    units sent."""

    def __init__(self, slow: set[int], before: Callable[[], None] = lambda: None) -> None:
        self.slow = slow
        self.before = before
        self.sent: list[int] = []

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        (n,) = args
        self.sent.append(n)
        future: Future[T] = Future()
        if n in self.slow:
            future.set_running_or_notify_cancel()

            def finish() -> None:
                self.before()
                future.set_result(fn(n))

            threading.Timer(0.1, finish).start()
        else:
            future.set_result(fn(n))
        return future


def test_the_window_waits_for_its_front_with_at_most_ahead_units_out() -> None:
    pulled: list[int] = []
    seen: list[list[int]] = []

    def units() -> Iterator[int]:
        for n in range(6):
            pulled.append(n)
            yield n

    executor = Later({0}, lambda: seen.append(list(pulled)))
    assert list(in_order(units(), executor, lambda n: n * n, ahead=3)) == [(n, n * n) for n in range(6)]
    assert seen == [[0, 1, 2]]  # while the front was out, no fourth unit was taken from the input


def test_sharing_does_a_unit_here_when_the_workers_are_busy() -> None:
    done_here: list[int] = []

    def here(n: int) -> int:
        done_here.append(n)
        return n * 10

    executor = Later({0, 1})
    assert list(in_order(range(4), executor, here, work=lambda n: n * 10, ahead=10, busy=2)) == [(n, n * 10) for n in range(4)]
    assert executor.sent == [0, 1]  # two sent, and with both still running this process did 2 and 3
    assert done_here == [2, 3]


def test_at_the_end_sharing_takes_back_the_units_no_worker_started() -> None:
    """When the units run out and the front is still running, the sent units that no worker
    has started are done here, from the last one back, and their tasks cancelled."""
    done_here: list[int] = []

    def here(n: int) -> int:
        done_here.append(n)
        return n * 10

    class OneWorker(Executor):
        """Starts the first unit, which finishes 0.1 s later; then runs the others not cancelled."""

        def __init__(self) -> None:
            self.futures: list[Future[Any]] = []

        def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
            future: Future[Any] = Future()
            if not self.futures:
                future.set_running_or_notify_cancel()
                threading.Timer(0.1, self.finish, (fn, args[0])).start()
            self.futures.append(future)
            return future

        def finish(self, fn: Callable[[int], int], n: int) -> None:
            self.futures[0].set_result(fn(n))
            for m, f in enumerate(self.futures[1:], start=n + 1):
                if f.set_running_or_notify_cancel():
                    f.set_result(fn(m))

    executor = OneWorker()
    got = list(in_order(range(5), executor, here, work=lambda n: n * 10, ahead=10, busy=4))
    assert got == [(n, n * 10) for n in range(5)]
    assert done_here == [4, 3, 2, 1]  # 4 because the worker had four; then 3, 2, 1 taken back
    assert [f.cancelled() for f in executor.futures] == [False, True, True, True]
    done_here.clear()
    assert list(in_order(range(5), OneWorker(), here, work=lambda n: n * 10, ahead=10)) == got
    assert done_here == []  # without sharing, nothing is taken back


def test_a_broken_executor_leaves_every_later_unit_here(capsys: pytest.CaptureFixture[str]) -> None:
    class Broken(Inline):
        def run(self, fn: Callable[..., T], arg: Any) -> T:
            raise BrokenExecutor("a worker died")

    executor = Broken()
    got = [r for _, r in in_order(range(6), executor, lambda n: n + 100, work=lambda n: n, failed=worker_died("units are done"))]
    assert got == [100, 101, 102, 103, 104, 105]
    assert len(executor.sent) == 1  # after the first broke, nothing more was sent
    assert capsys.readouterr().err == WORKER_DIED.format(work="units are done")


def test_local_units_are_never_sent() -> None:
    executor = Inline()
    got = list(in_order(range(5), executor, lambda n: -n, work=lambda n: n, local=lambda n: n % 2 == 1))
    assert got == [(0, 0), (1, -1), (2, 2), (3, -3), (4, 4)]
    assert executor.sent == [0, 2, 4]


def test_stopping_early_cancels_what_was_not_started() -> None:
    futures: list[Future[int]] = []

    class FirstOnly(Executor):
        """The first unit finishes 0.1 s after it is sent; the others never start."""

        def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
            future: Future[Any] = Future()
            if not futures:
                threading.Timer(0.1, lambda: future.set_result(fn(*args))).start()
            futures.append(future)
            return future

    got = in_order(range(10), FirstOnly(), lambda n: n, ahead=3)
    assert next(got) == (0, 0)
    got.close()
    assert len(futures) == 3 and all(f.cancelled() for f in futures[1:])
