"""Score sheets against full records (issue 24): every generated legal game, stripped of its
plays, is a score sheet that checks clean and scores as the full record does; and one
number of the sheet changed (an award, a running score, or under points scoring the points
a result writes) is flagged.

The bid and the points of a made or set hand under marks scoring may change without
anything to find (a made 32 with 35 points is as good a sheet as a made 31 with 36): the
numbers changed are those a sheet always pins down.  ``test_long_*`` run more examples and
are marked ``slow``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.judging.replay import Referee
from referee.judging.verdict import GameVerdict
from referee.notation.reader import read_text
from referee.notation.record import GameRecord, StatedAward, StatedResult, StatedScore, Tag
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games

RULES = [("42", {}), ("42", {"scoring": "points"}), ("moon", {}), ("88", {}), ("88", {"scoring": "marks"})]
"""Every game, and both scoring rules where a game has two."""
QUICK = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def strip(record: GameRecord) -> GameRecord:
    """The score sheet of a full record: its tags with ``[Detail "hands"]``, and each hand's
    dealer, auction, trump, result, award and score, without the deal, the widow or cat,
    the exchange, the plays and a claim."""
    hands = [replace(h, deal=None, kitty=None, exchange=None, tricks=[], claim=None) for h in record.hands]
    tags = [t for t in record.tags if t.name != "Detail"] + [Tag("Detail", "hands")]
    return GameRecord(tags=tags, hands=hands)


def game(rules: tuple[str, dict[str, str]], seed: int) -> GameRecord:
    name, options = rules
    (record,) = simulate_games(make_rules(name, options), 1, seed, players="random", max_hands=8)
    return record


def judged(record: GameRecord) -> GameVerdict:
    """The record written out and read back (so the sheet goes through the notation), judged."""
    (read,) = list(read_text(format_game(record), "sheet.42"))
    assert read.record is not None and read.diagnostics == []
    return Referee().judge(read.record)


def _same_sheet_as_full(rules: tuple[str, dict[str, str]], seed: int) -> None:
    full = game(rules, seed)
    whole = judged(full)
    sheet = judged(strip(full))
    assert [d.code for d in sheet.diagnostics] == [d.code for d in whole.diagnostics]  # W102 at most: the games may stop early
    assert (sheet.score, sheet.winner) == (whole.score, whole.winner)
    assert [(h.declarer, h.bid, h.made, h.awards, h.score) for h in sheet.hands] == [
        (h.declarer, h.bid, h.made, h.awards, h.score) for h in whole.hands
    ]
    assert all(h.detail == "hands" for h in sheet.hands)


@QUICK
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 100_000))
def test_a_game_stripped_of_its_plays_checks_clean_and_scores_the_same(rules: tuple[str, dict[str, str]], seed: int) -> None:
    _same_sheet_as_full(rules, seed)


@pytest.mark.slow
@LONG
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10**9))
def test_long_a_game_stripped_of_its_plays_checks_clean_and_scores_the_same(rules: tuple[str, dict[str, str]], seed: int) -> None:
    _same_sheet_as_full(rules, seed)


def _changed(sheet: GameRecord, data: st.DataObject) -> GameRecord:
    """``sheet`` with one number changed: an award, a running score, or (under points
    scoring, where the award of a point bid pins the points) the points of a result."""
    options = sheet.tag("Options") or ""
    rules = make_rules(sheet.tag("Rules") or "42", dict(o.split("=") for o in options.split()))
    points = rules.target_unit == "points" and rules.game.counters_score
    places = []
    for i, h in enumerate(sheet.hands):
        if h.award is not None and h.award.amounts:
            places += [(i, "award", side) for side in h.award.amounts]
        if h.score is not None:
            places += [(i, "score", side) for side in h.score.scores]
        bid = max((c.amount for c in h.calls if c.amount is not None), default=None)
        if points and bid is not None and not rules.game.needs_all_tricks(bid) and h.result is not None and h.award is not None:
            places.append((i, "result", ""))
    i, field, side = data.draw(st.sampled_from(places))
    delta = data.draw(st.sampled_from([-5, -2, -1, 1, 2, 5]))
    h = sheet.hands[i]
    if field == "award":
        assert h.award is not None
        changed = replace(h, award=StatedAward({**h.award.amounts, side: h.award.amounts[side] + delta}))
    elif field == "score":
        assert h.score is not None
        changed = replace(h, score=StatedScore({**h.score.scores, side: h.score.scores[side] + delta}))
    else:
        assert h.result is not None and h.result.points is not None
        changed = replace(h, result=StatedResult(h.result.side, max(0, h.result.points + delta) or h.result.points + 1, h.result.outcome))
    hands = list(sheet.hands)
    hands[i] = changed
    return GameRecord(tags=sheet.tags, hands=hands)


def _changed_is_flagged(rules: tuple[str, dict[str, str]], seed: int, data: st.DataObject) -> None:
    sheet = strip(game(rules, seed))
    changed = _changed(sheet, data)
    errors = [d.code for d in judged(changed).diagnostics if d.is_error]
    assert errors and set(errors) <= {"E501", "E502", "E503", "E504", "E505"}, errors


@QUICK
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 100_000), data=st.data())
def test_one_number_changed_on_the_sheet_is_flagged(rules: tuple[str, dict[str, str]], seed: int, data: st.DataObject) -> None:
    _changed_is_flagged(rules, seed, data)


@pytest.mark.slow
@LONG
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10**9), data=st.data())
def test_long_one_number_changed_on_the_sheet_is_flagged(rules: tuple[str, dict[str, str]], seed: int, data: st.DataObject) -> None:
    _changed_is_flagged(rules, seed, data)
