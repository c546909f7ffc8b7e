"""The Python API of ``referee.run.units``: units of whole files and of byte ranges, and
``judge_unit``'s outcomes, which are those of one process reading the files, faults
included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.judging.replay import Referee
from referee.notation.reader import read_records
from referee.notation.units import TAIL_SPLIT, TAIL_UNITS, cut_chunks, read_unit
from referee.run.batch import outcomes
from referee.run.inputs import UsageError
from referee.run.outcomes import Outcome
from referee.run.units import file_units, judge_unit, unit_result, units_of, whole_file

pytestmark = pytest.mark.deadline(300)  # a hung worker pool fails the run (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]


def one_process(files: list[str], referee: Referee | None = None) -> list[Outcome[None]]:
    return list(outcomes(files, referee or Referee(), jobs=1))


@pytest.mark.parametrize("game", ["42", "moon", "88"])
@pytest.mark.parametrize("hands", [1, 7, 1000])
def test_the_units_outcomes_are_those_of_one_process(game: str, hands: int, corpora: dict[str, list[str]]) -> None:
    files = corpora[game]
    units = list(units_of(files, hands=hands, whole_bytes=0))
    assert len(units) >= len(files)
    got: list[Outcome[None]] = [o for u in units for o in judge_unit(u, Referee())]
    assert got == one_process(files)


def test_a_small_file_is_one_unit_a_large_one_is_cut(corpora: dict[str, list[str]]) -> None:
    big, small = corpora["42"][:2]
    assert list(file_units(small, 20)) == [whole_file(small)]
    cut = list(file_units(big, 20, whole_bytes=0))
    assert len(cut) > 5 and cut[0].start == 0 and cut[-1].end == -1
    whole: list[Outcome[None]] = judge_unit(whole_file(big))
    assert whole == one_process([big])


def test_the_last_units_of_a_file_of_known_size_are_smaller(corpora: dict[str, list[str]]) -> None:
    """Given the file's size, the units in its last few units' worth of bytes have fewer hands,
    and all of them together still read as the whole file."""
    big = corpora["42"][0]
    even = [u.hands for u, _ in cut_chunks(big, big, 20)]
    cuts = list(cut_chunks(big, big, 20, size=os.path.getsize(big)))
    hands = [u.hands for u, _ in cuts]
    assert sum(hands) == sum(even) and len(hands) > len(even)
    assert max(hands[-TAIL_UNITS:]) < 20 <= hands[0]  # a unit is still whole games: a game of 42 is about 11 hands
    assert len(hands) - len(even) <= TAIL_UNITS * TAIL_SPLIT
    assert [r for u, chunks in cuts for r in read_unit(u, chunks)] == list(read_records(big, big))


def test_a_file_that_cannot_be_read_is_one_outcome_that_ends_it(tmp_path: Path) -> None:
    missing = str(tmp_path / "gone.42")
    done: list[Outcome[None]] = judge_unit(whole_file(missing))
    assert done == one_process([missing])
    assert len(done) == 1 and done[0].diagnostics[0].code == "S014"
    assert unit_result(whole_file(missing)).stopped
    broken = sorted((ROOT / "samples" / "broken").glob("*.42"))
    assert not any(unit_result(whole_file(str(p))).stopped for p in broken)  # bad records do not end a file


def test_standard_input_has_no_units() -> None:
    with pytest.raises(UsageError, match="not a regular file or URL"):
        list(units_of(["-"]))


def test_the_referee_and_extract_travel_with_the_unit(corpora: dict[str, list[str]]) -> None:
    moon = corpora["moon"][0]
    log = Path(moon).with_name("moon-log.42")
    log.write_text(
        "\n".join(line for line in Path(moon).read_text(encoding="utf-8").splitlines() if not line.startswith("[")), encoding="utf-8"
    )
    as_42: list[Outcome[None]] = [o for u in units_of([str(log)], hands=5) for o in judge_unit(u)]
    as_moon = [o for u in units_of([str(log)], hands=5) for o in judge_unit(u, Referee("moon"), extract=lambda j: j.index)]
    codes_42 = {d.code for o in as_42 for d in o.diagnostics}
    codes_moon = {d.code for o in as_moon for d in o.diagnostics}
    assert "S010" in codes_42 and "S010" not in codes_moon  # Moon hands judged as 42 are another game's
    assert [o.data for o in as_moon] == [o.index for o in as_moon]
