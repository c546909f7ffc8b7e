"""The stated award and score checked by ``Written.check_stated`` (which settles the common
case, every side written in the game's order as the replay gives it, with
``written._as_replayed``, or one side written with the amount the replay gives it, every
other side given nothing, with ``written._one_side``) held equal to the side-by-side checks, ``Written.check_award``
and ``Written.check_score_by_side``: the same diagnostics, in the same order, for amounts
written under any labels (the game's, its seats, lower case, unknown, repeated), in any
order, with sides left out, against any replay."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.engine.hand import Hand
from referee.judging.labels import Labels
from referee.judging.sink import Sink
from referee.judging.written import Written
from referee.notation.record import HandRecord, StatedAward, StatedScore

LABELS = {"42": ["NS", "EW", "N", "w", "ns", "XY"], "moon": ["A", "B", "C", "b", "D"], "88": ["ACE", "BDF", "A", "f", "AC"]}
AWARD_AT, SCORE_AT = (10, 20), (30, 40)


def _said(sink: Sink) -> list[tuple[str, str, object, object]]:
    return [(d.code, d.message, d.span, d.hint) for d in sink.out]


def _written(game: str) -> tuple[Written, Sink]:
    rules = make_rules(game)
    sink = Sink("x.42", 1)
    return Written(rules, Labels(rules.game, sink), sink), sink


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, dict[str, int] | None, dict[str, int] | None, list[int], list[int] | None]:
    game = draw(st.sampled_from(sorted(LABELS)))
    teams = make_rules(game).game.team_labels
    values = st.integers(-3, 3)
    replay = draw(st.lists(values, min_size=len(teams), max_size=len(teams)))
    scores = draw(st.none() | st.lists(values, min_size=len(teams), max_size=len(teams)))

    if draw(st.booleans()):  # one side scores, as in nearly every 42 hand (``award NS 1``)
        side = draw(st.integers(0, len(teams) - 1))
        replay = [draw(values) if t == side or draw(st.integers(0, 3)) == 0 else 0 for t in range(len(teams))]

    def amounts(like: list[int] | None) -> dict[str, int] | None:
        if like is not None and draw(st.integers(0, 2)) == 0:  # one side written, under a label of the game, its seats or none
            side = draw(st.integers(0, len(teams) - 1))
            label = draw(st.sampled_from([teams[side], *LABELS[game]]))
            return {label: draw(st.sampled_from([like[side], like[side] + 1, 0, *like]))}
        if draw(st.booleans()) and like is not None:  # the common case: the game's labels, in order, often as replayed
            sides, amounts = list(teams), list(like)
            shuffle = draw(st.sampled_from(["", "sides", "amounts"]))  # the same labels or the same amounts, in another order
            if shuffle == "sides":
                sides = draw(st.permutations(sides))
            elif shuffle == "amounts":
                amounts = draw(st.permutations(amounts))
            return {label: n if draw(st.booleans()) else n + 1 for label, n in zip(sides, amounts, strict=True)}
        pairs = draw(st.lists(st.tuples(st.sampled_from(LABELS[game]), values), max_size=len(teams) + 1))
        return draw(st.none() | st.just(dict(pairs)))

    return game, amounts(replay), amounts(scores), replay, scores


@settings(max_examples=400, deadline=None)
@given(case=cases())
@example(case=("moon", {"A": 0, "B": 2, "C": 5}, {"A": 0, "B": 2, "C": 5}, [0, 2, 5], [0, 2, 5]))
@example(case=("moon", {"B": 2, "A": 0, "C": 5}, {"A": 0, "B": 2, "C": 6}, [0, 2, 5], [0, 2, 5]))
@example(case=("moon", {"B": 0, "A": 2, "C": 5}, {"A": 2, "B": 0, "C": 5}, [0, 2, 5], [0, 2, 5]))
@example(case=("42", {"NS": 1}, {"NS": 1, "EW": 0}, [1, 0], [1, 0]))
@example(case=("42", {"EW": 2}, None, [0, 2], None))
@example(case=("42", {"EW": 2}, None, [1, 2], None))
@example(case=("moon", {"B": 2}, None, [0, 2, 0], None))
@example(case=("moon", {"B": 2}, None, [0, 2, -1], None))
def test_the_common_case_says_what_the_side_by_side_checks_say(
    case: tuple[str, dict[str, int] | None, dict[str, int] | None, list[int], list[int] | None],
) -> None:
    game, award, score, replay, scores = case
    hr = HandRecord(
        award=None if award is None else StatedAward(award, AWARD_AT), score=None if score is None else StatedScore(score, SCORE_AT)
    )
    hand = cast(Hand, SimpleNamespace(declaring_team=None))  # no result written: the hand is not asked more
    fast, fast_sink = _written(game)
    fast.check_stated(hr, hand, None, False, tuple(replay), scores)
    general, general_sink = _written(game)
    if award is not None:
        general.check_award(hr, tuple(replay))
    if score is not None and scores is not None:
        general.check_score_by_side(hr, scores)
    assert _said(fast_sink) == _said(general_sink)


def test_a_wrong_award_and_score_are_worded() -> None:
    written, sink = _written("moon")
    hr = HandRecord(award=StatedAward({"A": 0, "B": 2, "C": 4}, AWARD_AT), score=StatedScore({"A": 0, "B": 3, "C": 5}, SCORE_AT))
    written.check_stated(hr, cast(Hand, SimpleNamespace(declaring_team=None)), None, False, (0, 2, 5), [0, 2, 5])
    assert [(d.code, d.span) for d in sink.out] == [("E502", AWARD_AT), ("E503", SCORE_AT)]
