"""Double-dummy analysis of recorded hands (``referee.judging.analysis``): what each play
cost, which play lost the hand, which hands are not analysed and why.

The solver's values are tested against a plain minimax in tests/engine; here the
analysis is held to what the record itself shows (a hand played out ends with the
value it was played to) and to the meaning of a value and a cost.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from referee.codes import W105
from referee.engine.solver import DEFAULT_BUDGET
from referee.engine.tiles import tile
from referee.judging.analysis import HandAnalysis, Skipped
from referee.judging.judged import Judged
from referee.judging.replay import Referee
from referee.judging.verdict import HandVerdict
from referee.run.analyse import analyse_records, skip_note
from referee.run.records import judged_records

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "samples" / "legal"
COSTLY = str(LEGAL / "42-costly-play.42")
QUICK = ["42-costly-play.42", "42-nello-made.42", "42-nello-set.42", "42-sevens-made.42", "42-sevens-set.42", "moon-game.42"]
"""Samples whose every hand is solved in a second or two."""

Results = list[tuple[Judged, list[HandAnalysis | Skipped]]]


def analysed(path: str, *, only: int | None = None, budget: int = DEFAULT_BUDGET, with_par: bool = False, jobs: int = 1) -> Results:
    referee = Referee()
    judged = judged_records(path, referee, trace=True)
    return list(analyse_records(judged, referee, only=only, budget=budget, with_par=with_par, jobs=jobs))


@cache
def quick(name: str) -> Results:
    return analysed(str(LEGAL / name))


def hands(results: Results) -> list[tuple[Judged, HandAnalysis]]:
    return [(j, a) for j, items in results for a in items if isinstance(a, HandAnalysis)]


def verdict_of(j: Judged, a: HandAnalysis) -> HandVerdict:
    assert j.verdict is not None
    return next(h for h in j.verdict.hands if h.index == a.facts.index)


def test_the_costly_play_is_named_with_its_cost() -> None:
    ((_, a),) = hands(quick("42-costly-play.42"))
    f = a.facts
    assert (f.declarer, f.side, f.bid, f.trump, f.unit, f.need, f.minimises) == ("W", "EW", 31, "sixes", "points", 31, False)
    assert a.opening_value == 32 and f.makes(32)
    assert [(p.seat, str(p.tile), p.value_after, p.cost) for p in a.plays] == [
        ("W", "5-0", 32, 0),
        ("N", "5-5", 32, 0),
        ("E", "4-3", 11, 21),
        ("S", "5-4", 11, 0),
    ]
    lost = a.first("lost")
    assert lost == 2 and a.first("won") is None
    e = a.plays[2]
    assert e.best == (tile("6-6"),) and dict(e.values)[tile("6-6")] == 32 and e.swing == "lost"
    assert a.final_value == 11 and not f.makes(11)


@pytest.mark.parametrize("name", QUICK)
def test_values_and_costs_mean_what_the_docs_say(name: str) -> None:
    """Before a play the value is the mover's best choice among the legal tiles (high for
    the declaring side, low for the others; the other way in nello); the value after is
    that of the tile played, which is the value before the next play; the cost is the
    distance between the two; the best tiles are those that keep the value."""
    seen = 0
    for _, a in hands(quick(name)):
        f = a.facts
        for p, after in zip(a.plays, [*a.plays[1:], None], strict=True):
            values = dict(p.values)
            wants_high = (p.seat in f.side) != f.minimises
            assert p.value_before == (max if wants_high else min)(values.values())
            assert p.value_after == values[p.tile]
            assert p.cost == abs(p.value_before - p.value_after)
            assert set(p.best) == {t for t, v in values.items() if v == p.value_before}
            assert p.tile in values
            if after is not None:
                assert after.value_before == p.value_after
            seen += 1
    assert seen


@pytest.mark.parametrize("name", QUICK)
def test_a_hand_played_to_its_end_is_worth_what_it_took(name: str) -> None:
    """After the last tile of a hand nothing is left to choose: the value is what the declaring side took."""
    ended = 0
    for j, a in hands(quick(name)):
        hv = verdict_of(j, a)
        if len(hv.tricks) != 7 or hv.claim is not None:
            continue
        taken = hv.tricks_won if a.facts.unit == "tricks" else hv.points
        assert a.final_value == taken[a.facts.side], (j.file, a.facts.number)
        ended += 1
    assert ended or name in ("42-costly-play.42", "42-nello-set.42", "42-sevens-set.42")


@pytest.mark.parametrize("name", QUICK)
def test_swings_follow_the_contract(name: str) -> None:
    """A play is marked lost (won) exactly when the contract could be made before it and not after (or back)."""
    for _, a in hands(quick(name)):
        for p in a.plays:
            before, after = a.facts.makes(p.value_before), a.facts.makes(p.value_after)
            assert p.swing == ("lost" if before and not after else "won" if after and not before else None)


def test_nello_and_sevens() -> None:
    ((_, nello),) = hands(quick("42-nello-set.42"))
    assert (nello.facts.unit, nello.facts.minimises, nello.facts.need) == ("tricks", True, 0)
    assert {p.seat for p in nello.plays} == {"N", "E", "W"}  # the partner sits out
    ((_, sevens),) = hands(quick("42-sevens-made.42"))
    assert sevens.facts.forced and sevens.facts.need == 42
    assert all(p.cost == 0 or len(p.values) > 1 for p in sevens.plays)


def test_moon_values_are_the_bidders_tricks() -> None:
    found = hands(quick("moon-game.42"))
    assert len(found) == 11
    for _, a in found:
        assert a.facts.unit == "tricks" and a.facts.side == a.facts.declarer
        assert 0 <= a.opening_value <= 7


def test_par_solves_the_declared_contract_as_the_play_did() -> None:
    """The declarer leads in 42, so par's line for the trump declared is the opening value."""
    ((_, a),) = hands(analysed(str(LEGAL / "42-nello-set.42"), with_par=True))
    par = a.par
    assert par is not None and par.declarer == "N"
    lines = {line.declaration: line for line in par.lines}
    assert lines["nello"].value == a.opening_value and lines["nello"].made is False
    solved = [line.value for line in lines.values() if line.value is not None and line.made is None]
    assert par.best_value == max(solved) and par.best is not None and lines[par.best].value == par.best_value
    # treys take every trick (42 points): the highest bid that makes is 84, two marks, which needs them all
    assert (par.best, par.best_value, par.bid) == ("treys", 42, 84)


def test_hands_that_are_not_analysed_say_why() -> None:
    log = analysed(str(LEGAL / "42-hand-log.42"))
    ((j, items),) = [(j, i) for j, i in log if any(isinstance(x, Skipped) for x in i)]
    (skipped,) = [i for i in items if isinstance(i, Skipped)]
    assert skipped.number == 2 and "deal is not recorded" in skipped.reason
    note = skip_note(j, skipped)
    assert note.code == W105 and not note.is_error
    assert note.at is not None and (note.at.line, note.at.column) == (22, 1)

    ((_, renege),) = analysed(str(ROOT / "samples" / "broken" / "42-renege.42"))
    assert [type(i) for i in renege] == [Skipped] and "rule errors (E404)" in renege[0].reason  # type: ignore[union-attr]

    game = analysed(str(LEGAL / "42-game.42"), only=8)
    assert [i.reason for _, items in game for i in items] == ["everyone passed, so it was thrown in and has no play"]  # type: ignore[union-attr]


def test_past_the_budget_nothing_is_guessed() -> None:
    ((_, items),) = analysed(COSTLY, budget=50)
    (skipped,) = items
    assert isinstance(skipped, Skipped)
    assert "needs more than 50 nodes (--budget)" in skipped.reason


def test_only_one_hand() -> None:
    results = analysed(str(LEGAL / "moon-game.42"), only=3)
    assert [a.facts.number for _, a in hands(results)] == [3]


def test_worker_processes_give_the_same_analysis() -> None:
    one = analysed(str(LEGAL / "42-nello-made.42"))
    two = analysed(str(LEGAL / "42-nello-made.42"), jobs=2)
    assert [items for _, items in one] == [items for _, items in two]
