"""The ordered window of ``cluster.ordered`` on stand-in sessions (no Dask needed): the
outcomes are those of one process, every unit is sent, a unit whose task failed is
judged again here, and a file that stops being readable ends where it would on one
machine."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest

from referee import pipeline
from referee.batch import UnitResult, file_units, unit_result
from referee.cluster.ordered import UNIT_FAILED, ordered_outcomes
from referee.judging.replay import Referee
from referee.notation.units import Unit
from referee.pipeline import Extract, Outcome, fault_outcome

FAILED = UNIT_FAILED.split("{")[0]


class Inline:
    """A session that runs each unit as it is sent, and remembers what it was sent."""

    def __init__(self, size: int = 3) -> None:
        self.sent: list[Unit] = []
        self.size = size

    def run(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> UnitResult[Any]:
        return unit_result(unit, referee, extract)

    def submit(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> Future[UnitResult[Any]]:
        self.sent.append(unit)
        future: Future[UnitResult[Any]] = Future()
        try:
            future.set_result(self.run(unit, referee, extract))
        except Exception as e:
            future.set_exception(e)
        return future

    def window(self) -> int:
        return self.size

    def working(self) -> bool:
        return True


def one_process(files: list[str]) -> list[Outcome[None]]:
    return list(pipeline.outcomes(files, Referee(), jobs=1))


def test_every_unit_is_sent_and_the_outcomes_are_those_of_one_process(corpora: dict[str, list[str]]) -> None:
    files = corpora["42"]
    session = Inline()
    got: list[Outcome[None]] = list(ordered_outcomes(files, Referee(), None, session, batch_hands=20))
    assert got == one_process(files)
    assert session.sent == [u for f in files for u in file_units(f, 20)]
    assert len([u for u in session.sent if u.path == files[0]]) > 5  # the big file was cut


class FailsOnce(Inline):
    """The third unit's task fails, as one whose workers all died would (``KilledWorker``)."""

    def run(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> UnitResult[Any]:
        if len(self.sent) == 3:
            raise RuntimeError("KilledWorker: tried 3 times")
        return super().run(unit, referee, extract)


def test_a_failed_task_is_judged_again_here_with_one_note(corpora: dict[str, list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    files = corpora["88"]
    assert list(ordered_outcomes(files, Referee(), None, FailsOnce(), batch_hands=20)) == one_process(files)
    err = capsys.readouterr().err
    assert err.count(FAILED) == 1 and "KilledWorker: tried 3 times" in err


class Gone(Inline):
    """A scheduler that went away: nothing can be sent."""

    def working(self) -> bool:
        return False


def test_without_a_scheduler_every_unit_is_judged_here(corpora: dict[str, list[str]]) -> None:
    files = corpora["moon"]
    session = Gone()
    assert list(ordered_outcomes(files, Referee(), None, session, batch_hands=20)) == one_process(files)
    assert session.sent == []


class StopsReading(Inline):
    """The big file's fourth unit fails to read, as a file cut off part way does."""

    def __init__(self, big: str) -> None:
        super().__init__()
        self.big = big
        self.stopped_at = 0

    def run(self, unit: Unit, referee: Referee, extract: Extract[Any] | None) -> UnitResult[Any]:
        if unit.path == self.big and len([u for u in self.sent if u.path == self.big]) == 4:
            self.stopped_at = unit.before + 1
            return UnitResult([fault_outcome(self.big, unit.before + 1, OSError(5, "Input/output error"))], True)
        return super().run(unit, referee, extract)


def test_a_file_that_stops_being_readable_ends_there_and_the_next_file_goes_on(corpora: dict[str, list[str]]) -> None:
    big, *rest = corpora["42"]
    session = StopsReading(big)
    got: list[Outcome[None]] = list(ordered_outcomes([big, *rest], Referee(), None, session, batch_hands=20))
    first = [o for o in got if o.file == big]
    assert [o.index for o in first] == list(range(1, session.stopped_at + 1))
    assert first[-1].hands is None and first[-1].diagnostics[0].code == "S014"
    assert [o for o in got if o.file != big] == one_process(rest)
