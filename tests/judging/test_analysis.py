"""Double-dummy analysis of recorded hands (``referee.judging.analysis``): what each play
cost, which play lost the hand, which hands are not analysed and why.

The solver's values are tested against a plain minimax in tests/engine; here the
analysis is held to what the record itself shows (a hand played out ends with the
value it was played to) and to the meaning of a value and a cost.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest

from referee.codes import W105
from referee.engine.solver import DEFAULT_BUDGET
from referee.engine.solver_search import STRIDE
from referee.engine.tiles import tile
from referee.judging.analysis import HandAnalysis, HandTask, Skipped, analyse, plan_record
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


def analysed(
    path: str,
    *,
    only: int | None = None,
    budget: int = DEFAULT_BUDGET,
    with_par: bool = False,
    jobs: int = 1,
    time_limit: float | None = None,
) -> Results:
    referee = Referee()
    judged = judged_records(path, referee, trace=True)
    return list(analyse_records(judged, referee, only=only, budget=budget, with_par=with_par, jobs=jobs, time_limit=time_limit))


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
        assert a.solved == a.positions == len(a.plays)
        for p, after in zip(a.plays, [*a.plays[1:], None], strict=True):
            values = dict(p.values)
            wants_high = (p.seat in f.side) != f.minimises
            assert p.value_before is not None and p.value_after is not None and p.solved
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
            assert p.value_before is not None and p.value_after is not None
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
        assert a.opening_value is not None and 0 <= a.opening_value <= 7


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
    assert [type(i) for i in renege] == [Skipped] and "E404 (renege) changes the position" in renege[0].reason  # type: ignore[union-attr]

    game = analysed(str(LEGAL / "42-game.42"), only=8)
    assert [i.reason for _, items in game for i in items] == ["everyone passed, so it was thrown in and has no play"]  # type: ignore[union-attr]


def _same_where_solved(short: HandAnalysis, whole: HandAnalysis) -> None:
    """Every position ``short`` solved has the value, best tiles and cost of ``whole``; the others have none."""
    for got, want in zip(short.plays, whole.plays, strict=True):
        if got.solved:
            assert got == want
        else:
            assert (got.value_before, got.value_after, got.cost, got.best, got.values, got.swing) == (None, None, None, (), (), None)


def test_each_position_has_its_own_budget_and_nothing_is_guessed() -> None:
    """A position past the budget has no value; every other one of the hand keeps its
    value, best tiles and cost (the endings need a few nodes)."""
    whole = dict((a.facts.number, a) for _, a in hands(quick("moon-game.42")))
    short = hands(analysed(str(LEGAL / "moon-game.42"), budget=300))
    assert len(short) == len(whole)  # no hand is skipped for its budget
    reasons = set()
    for _, a in short:
        _same_where_solved(a, whole[a.facts.number])
        reasons |= {p.unsolved for p in a.plays}
        assert a.plays[-1].solved  # the last play's position is one trick: always within the budget
    assert reasons == {None, "budget"}
    assert sum(a.solved for _, a in short) < sum(a.positions for _, a in short)


def _task(name: str, number: int, time_limit: float | None) -> HandTask:
    referee = Referee()
    ((j,),) = [[j for j in judged_records(str(LEGAL / name), referee, trace=True) if j.record is not None]]
    (task,) = [t for t in plan_record(j, referee, only=number, time_limit=time_limit) if isinstance(t, HandTask)]
    return task


class FakeClock:
    """A clock that moves on one second each time it is read: the solver reads it between
    positions and every ``STRIDE`` nodes, so a time limit is reached after a known
    amount of work, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_a_time_limit_keeps_what_was_solved_and_guesses_nothing() -> None:
    """Told to stop after five readings of the clock, a hand has solved its last positions
    (from the end: the cheap ones) and the rest are not reached; each solved one is what
    the analysis without a limit gives."""
    whole = analyse(_task("moon-game.42", 2, None))
    assert isinstance(whole, HandAnalysis) and whole.solved == len(whole.plays)
    cut = analyse(_task("moon-game.42", 2, 5), clock=FakeClock())
    assert isinstance(cut, HandAnalysis)
    _same_where_solved(cut, whole)
    assert [p.unsolved for p in cut.plays[-3:]] == [None] * 3
    assert {p.unsolved for p in cut.plays[:-5]} == {"not-reached"}
    assert cut.opening_value is None and cut.opening_unsolved == "not-reached"


def test_a_position_that_needs_more_than_the_time_limit_is_stopped() -> None:
    """The opening lead of a Texas 88 hand needs far more than ``STRIDE`` nodes: with a
    limit of two clock readings (one taken between positions) its search is stopped at
    its first question to the clock, and it has no value."""
    task = _task("88-game.42", 1, 2)
    opening = dataclasses.replace(task, plays=task.plays[:1], places=task.places[:1])
    cut = analyse(opening, clock=FakeClock())
    assert isinstance(cut, HandAnalysis)
    ((first,),) = [cut.plays]
    assert (first.unsolved, first.value_before, cut.opening_value, cut.opening_unsolved) == ("time-limit", None, None, "time-limit")
    assert STRIDE < cut.nodes <= 2 * STRIDE + 2  # the search on tricks, then the one on points, each ask once


def test_only_one_hand() -> None:
    results = analysed(str(LEGAL / "moon-game.42"), only=3)
    assert [a.facts.number for _, a in hands(results)] == [3]


def test_worker_processes_give_the_same_analysis() -> None:
    one = analysed(str(LEGAL / "42-nello-made.42"))
    two = analysed(str(LEGAL / "42-nello-made.42"), jobs=2)
    assert [items for _, items in one] == [items for _, items in two]


DEAL = """[Rules "42"]
[Mode "log"]

hand 1 dealer W
  deal N 6-3 6-2 6-1 5-5 4-1 2-2 2-1
       E 6-6 4-3 4-2 4-0 3-2 3-0 1-0
       S 6-5 6-0 5-4 5-3 4-4 1-1 0-0
       W 6-4 5-2 5-1 5-0 3-3 3-1 2-0
"""
"""The deal of the costly-play sample, to plant mistakes after."""


def _written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "planted.42"
    path.write_text(DEAL + text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("lines", "codes"),
    [
        ("  bid N 30, E pass, S pass, W 31\n  trump sixes\n  play W 5-0 N 5-5 E 4-3 S 5-4\n  result EW 31 made\n", {"E501"}),
        ("  bid N 30, E pass, S pass, W 31\n  trump sixes\n  play W 5-0 N 5-5 E 4-3 S 5-4 => W\n", {"E506"}),
        ("  bid N 30, E 30, S pass, W 31\n  trump sixes\n  play W 5-0 N 5-5 E 4-3 S 5-4\n", {"E202"}),
    ],
    ids=["wrong result", "wrong trick winner", "bid not higher"],
)
def test_a_hand_whose_play_is_legal_is_analysed_whatever_else_is_wrong(tmp_path: Path, lines: str, codes: set[str]) -> None:
    """A wrong result or trick winner, or an auction slip, changes no position: the hand
    is analysed as the clean sample is."""
    ((j, items),) = analysed(_written(tmp_path, lines))
    assert {d.code for d in j.diagnostics if d.is_error} == codes
    ((_, clean),) = hands(quick("42-costly-play.42"))
    (a,) = items
    assert isinstance(a, HandAnalysis)
    assert (a.opening_value, a.plays) == (clean.opening_value, clean.plays)


def test_an_error_that_changes_the_position_is_named(tmp_path: Path) -> None:
    """A tile not held stops the analysis, and the note names it; an error that stops the
    replay is named as where the referee stopped following the hand."""
    ((_, items),) = analysed(_written(tmp_path, "  bid N 30, E pass, S pass, W 31\n  trump sixes\n  play W 6-6 N 5-5 E 4-3 S 5-4\n"))
    (skipped,) = items
    assert isinstance(skipped, Skipped)
    assert skipped.reason.startswith("E402 (tile not held) and E404 (renege) change the position")  # W's 6-6 is E's
    ((_, items),) = analysed(_written(tmp_path, "  bid N 30, E pass, S pass, W 31\n  trump sixes\n  play W 5-0 E 4-3 N 5-5 S 5-4\n"))
    (skipped,) = items
    assert isinstance(skipped, Skipped)
    assert skipped.reason.startswith("the referee stopped following it at E401 (play out of turn)")


@pytest.mark.parametrize("end", ["claim", "concede"])
def test_a_hand_ended_before_the_lead_has_its_opening_value_and_par(tmp_path: Path, end: str) -> None:
    ((_, items),) = analysed(_written(tmp_path, f"  bid N 30, E pass, S pass, W 31\n  trump sixes\n  {end}\n"), with_par=True)
    (a,) = items
    assert isinstance(a, HandAnalysis)
    ((_, clean),) = hands(quick("42-costly-play.42"))
    assert (a.plays, a.opening_value, a.final_value, a.solved, a.positions) == ((), clean.opening_value, clean.opening_value, 1, 1)
    assert a.par is not None and {line.declaration: line.value for line in a.par.lines}["sixes"] == clean.opening_value


def test_a_trump_opening_lead_rule_narrows_the_opening_position(tmp_path: Path) -> None:
    """Under ``opening-lead=trump`` West, holding the 6-4, must lead it: the opening value
    (and par's line for sixes) is the value after the 6-4, not after the best lead of all."""
    text = (
        DEAL.replace('[Mode "log"]', '[Mode "log"]\n[Options "opening-lead=trump"]')
        + "  bid N 30, E pass, S pass, W 31\n  trump sixes\n  concede\n"
    )
    path = tmp_path / "trump-lead.42"
    path.write_text(text, encoding="utf-8")
    ((_, items),) = analysed(str(path), with_par=True)
    (a,) = items
    assert isinstance(a, HandAnalysis)
    ((_, clean),) = hands(quick("42-costly-play.42"))
    after_6_4 = dict(clean.plays[0].values)[tile("6-4")]
    assert clean.opening_value is not None and after_6_4 < clean.opening_value  # the rule costs West
    assert a.opening_value == after_6_4
    assert a.par is not None and {line.declaration: line.value for line in a.par.lines}["sixes"] == after_6_4
