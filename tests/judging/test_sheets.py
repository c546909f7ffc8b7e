"""Score sheets (issue 24): hands written without their plays under ``[Detail "hands"]``,
judged from their auction, result, award and running score."""

from __future__ import annotations

import pytest

from referee.codes import CATALOG, Severity
from referee.engine.games import GAMES, make_rules
from referee.engine.totals import divisions
from referee.judging.replay import Referee
from referee.judging.verdict import GameVerdict
from referee.notation.reader import read_text
from referee.notation.record import GameRecord


def records(text: str) -> list[GameRecord]:
    out = []
    for item in read_text(text, "sheet.42"):
        assert item.record is not None
        out.append(item.record)
    return out


def judged(text: str) -> GameVerdict:
    (record,) = records(text)
    return Referee().judge(record)


def where(text: str) -> list[tuple[str, int, int]]:
    """(code, line, column) of each diagnostic of the one record ``text`` holds."""
    (record,) = records(text)
    v = Referee().judge(record)
    out = []
    for d in v.diagnostics:
        assert d.span is not None and record.source is not None, d
        line, column = record.source.position(d.span[0])
        out.append((str(d.code), line, column))
    return out


def game(hands: str, *, tags: str = "", rules: str = "42") -> str:
    return f'[Rules "{rules}"]\n{tags}[Detail "hands"]\n\n{hands}'


# -- the two-hand log ------------------------------------------------------------
TWO_HANDS = """[Detail "hands"]
[Mode "log"]

hand 1 dealer W
  bid N 32, E pass, S pass, W pass
  trump fives
  result NS 35 made
  award NS 1

hand 2 dealer N
  bid E 30
  result set
  award NS 1
"""


def test_the_two_hand_log_checks_clean_and_scores() -> None:
    verdicts = [Referee().judge(r) for r in records(TWO_HANDS)]
    assert [v.diagnostics for v in verdicts] == [[], []]
    (one,), (two,) = (v.hands for v in verdicts)
    assert (one.declarer, one.bid, one.made, one.awards, one.points, one.detail) == (
        "N",
        32,
        True,
        {"NS": 1, "EW": 0},
        {"NS": 35, "EW": 7},
        "hands",
    )
    assert (two.declarer, two.bid, two.made, two.awards, two.points) == ("E", 30, False, {"NS": 1, "EW": 0}, {})
    assert one.tricks == [] and one.call_seats == ["N", "E", "S", "W"] and two.call_seats == ["E"]


def test_without_the_tag_every_hand_must_be_played_out() -> None:
    text = TWO_HANDS.replace('[Detail "hands"]\n', "")
    codes = [d.code for r in records(text) for d in Referee().judge(r).diagnostics]
    assert "E406" in codes and "E208" in codes


def test_detail_plays_is_the_default() -> None:
    text = TWO_HANDS.replace('[Detail "hands"]', '[Detail "plays"]')
    assert any(d.code == "E406" for r in records(text) for d in Referee().judge(r).diagnostics)


# -- a game: running score, dealers, target, winner ----------------------------------------
NIGHT = game(
    """hand 1 dealer W
  bid N 30, E pass, S 32, W pass
  trump fives
  result NS 35 made
  award NS 1
  score NS 1 EW 0

hand 2 dealer N
  bid E 31
  result EW set
  score NS 2 EW 0

hand 3 dealer E
  award EW 2
  score NS 2 EW 2

hand 4 dealer S
  bid W pass, N pass, E pass, S pass
  score NS 2 EW 2

hand 5 dealer W
  bid S 84
  result made
  score NS 4 EW 2

hand 6
  bid E 30
  award EW 1

hand 7
  bid N 34
  result NS 36 made
  score NS 5 EW 3

hand 8
  bid S 30
  result made
  score NS 6 EW 3

hand 9
  bid W 30
  result set
  award NS 1
  score NS 7 EW 3

[Winner "NS"]
""",
    tags='[North "Ann"]\n[East "Bob"]\n[South "Cy"]\n[West "Di"]\n',
)


def test_a_club_night_sheet_is_judged_whole() -> None:
    v = judged(NIGHT)
    assert v.diagnostics == []
    assert (v.score, v.winner) == ({"NS": 7, "EW": 3}, "NS")
    assert [h.dealer for h in v.hands] == ["W", "N", "E", "S", "W", "N", "E", "S", "W"]
    assert [h.made for h in v.hands] == [True, False, None, None, True, True, True, True, False]
    assert v.hands[3].thrown_in and v.hands[3].awards == {"NS": 0, "EW": 0}
    assert v.hands[4].points == {"NS": 42, "EW": 0}  # a marks bid made takes every point
    assert v.hands[5].made is True  # the award says how it went
    assert all(h.detail == "hands" for h in v.hands)


def test_the_wrong_dealer_on_a_sheet() -> None:
    text = NIGHT.replace("hand 2 dealer N", "hand 2 dealer E")
    # one slip, one error: the hand goes on with the dealer the rotation requires (docs/rules.md)
    assert where(text) == [("E105", 15, 15)]


# -- each mistake a sheet can hold, at its line and column ---------------------------------
@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a made hand short of its bid
        ("result NS 35 made", "result NS 31 made", [("E501", 11, 3)]),
        # a set hand that reached its bid
        ("result NS 36 made", "result NS 36 set", [("E501", 39, 3)]),
        # a wrong award
        ("  award NS 1\n  score NS 7 EW 3", "  award NS 2\n  score NS 7 EW 3", [("E502", 50, 3)]),
        # a running score that skips
        ("score NS 5 EW 3", "score NS 6 EW 3", [("E503", 40, 3)]),
        # the bidding side named wrong
        ("result EW set", "result NS set", [("E501", 17, 3)]),
        # more points than a hand has
        ("result NS 36 made", "result NS 43 made", [("E501", 39, 3)]),
        # the winner written wrong
        ('[Winner "NS"]', '[Winner "EW"]', [("E504", 53, 1)]),
    ],
)
def test_each_mistake_is_found_at_its_place(old: str, new: str, expected: list[tuple[str, int, int]]) -> None:
    assert old in NIGHT
    assert where(NIGHT.replace(old, new, 1)) == expected


def test_every_finding_has_a_hint_where_the_fix_is_not_in_the_message() -> None:
    text = NIGHT.replace("result NS 35 made", "result NS 31 made").replace("  award NS 1\n  score NS 7", "  award NS 2\n  score NS 7")
    (record,) = records(text)
    v = Referee().judge(record)
    assert [(d.code, d.hint) for d in v.diagnostics] == [
        ("E501", "a bid is made when the bidding side takes at least the points it bid"),
        ("E502", "the award that fits best: `award NS 1`"),
    ]


def test_a_game_that_goes_on_past_its_target() -> None:
    text = NIGHT.replace('[Winner "NS"]\n', "hand 10\n  bid N 30\n  result made\n  award NS 1\n")
    assert where(text) == [("E505", 53, 1)]


def test_a_score_written_wrong_gets_the_score_that_fits() -> None:
    text = NIGHT.replace("score NS 4 EW 2", "score NS 4 EW 3")
    (record,) = records(text)
    (d,) = Referee().judge(record).diagnostics
    assert d.code == "E503"
    assert "it was NS 2, EW 2 before this hand" in d.message and "S's bid of 84, made, scores NS 2 (marks)" in d.message
    assert d.hint == "the score that fits best: `score NS 4 EW 2`"


def test_a_mistake_in_one_score_does_not_carry_to_the_next() -> None:
    text = NIGHT.replace("score NS 2 EW 0", "score NS 3 EW 0")
    assert where(text) == [("E503", 18, 3)]


# -- the auction as far as written ---------------------------------------------------------
@pytest.mark.parametrize(
    ("calls", "codes"),
    [
        ("bid N 30, S 31", []),  # calls left out between them
        ("bid S 31, N 30", ["E201", "W103"]),  # N calls before S
        ("bid N 31, S 30", ["E202"]),
        ("bid N 29", ["E203"]),
        ("bid S 126", []),  # a jump over a mark bid left out
        ("bid N 126", ["E204"]),  # an opening bid of 3 marks
        ("bid N pass, E pass, S pass, W pass", []),
    ],
)
def test_the_calls_written_are_checked_in_turn_and_up_the_ladder(calls: str, codes: list[str]) -> None:
    result = "" if "pass, W pass" in calls else "  result made\n"
    v = judged(game(f"hand 1 dealer W\n  {calls}\n{result}", tags='[Mode "log"]\n'))
    assert [d.code for d in v.diagnostics] == codes


def test_a_forced_dealer_passing() -> None:
    options = '[Options "all-pass=forced"]\n[Mode "log"]\n'
    forced = judged(game("hand 1 dealer W\n  bid N pass, E pass, S pass, W 30\n  result made\n", tags=options))
    assert forced.diagnostics == [] and forced.hands[0].awards == {"NS": 0, "EW": 1}
    passed = judged(game("hand 1 dealer W\n  bid N pass, E pass, S pass, W pass\n", tags=options))
    assert [d.code for d in passed.diagnostics] == ["E205"]
    left_out = judged(game("hand 1 dealer W\n  bid W pass\n  award NS 1\n", tags=options))
    assert left_out.diagnostics == []  # a call before the dealer's is not written: it may have been a bid


def test_the_contract_s_conditions_that_need_no_tile() -> None:
    tags = '[Options "nello=on plunge=on"]\n[Mode "log"]\n'
    low = judged(game("hand 1 dealer W\n  bid N 30\n  trump nello\n  result made\n", tags=tags))
    assert [d.code for d in low.diagnostics] == ["E212"]
    partner = judged(game("hand 1 dealer W\n  bid N 168 plunge\n  trump sixes by N\n  result made\n", tags=tags))
    assert [d.code for d in partner.diagnostics] == ["E213"]
    nello = judged(game("hand 1 dealer W\n  bid N 42\n  trump nello\n  result NS 0 made\n", tags=tags))
    assert nello.diagnostics == [] and nello.hands[0].awards == {"NS": 1, "EW": 0}
    took_one = judged(game("hand 1 dealer W\n  bid N 42\n  trump nello\n  result NS 1 made\n", tags=tags))
    (d,) = took_one.diagnostics
    assert (d.code, d.hint) == ("E501", "the bidding side must take no trick")


def test_a_thrown_in_hand_scores_nothing() -> None:
    v = judged(game("hand 1 dealer W\n  bid N pass, E pass, S pass, W pass\n  award NS 1\n", tags='[Mode "log"]\n'))
    assert [d.code for d in v.diagnostics] == ["E502"]


# -- what a sheet leaves out ---------------------------------------------------------------
def test_a_hand_too_vague_to_score_is_a_note_and_the_score_is_left_unchecked() -> None:
    text = NIGHT.replace("  bid E 31\n  result EW set\n  score NS 2 EW 0\n", "  bid E 31\n")
    v = judged(text)
    (d,) = v.diagnostics
    assert (d.code, CATALOG[d.code].severity) == ("W110", Severity.NOTE)
    assert "the running score is not checked after it" in d.message
    assert v.score is None and v.winner is None


def test_a_hand_that_writes_nothing_to_score_is_a_note() -> None:
    v = judged(game("hand 1 dealer W\n  bid N pass, E pass\n\nhand 2\n  bid E 30\n  result made\n  award EW 1\n"))
    assert [d.code for d in v.diagnostics] == ["W110"]
    assert v.score is None


def test_the_score_written_stands_for_a_missing_award() -> None:
    v = judged(game("hand 1 dealer W\n  bid S 31\n  score NS 0 EW 1\n\nhand 2\n  score NS 2 EW 1\n"))
    assert [d.code for d in v.diagnostics] == ["W102"]
    assert [h.made for h in v.hands] == [False, None]
    assert [h.awards for h in v.hands] == [{"NS": 0, "EW": 1}, {"NS": 2, "EW": 0}]


def test_a_hand_with_plays_on_a_sheet_is_judged_in_full() -> None:
    hand = """hand 1 dealer W
  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
       E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
       S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
       W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
  bid N 30, E pass, S pass, W pass
  trump sixes
  play N 6-6 E 5-5 S 4-3 W 3-0
"""
    v = judged(game(hand, tags='[Mode "log"]\n'))
    assert [d.code for d in v.diagnostics] == ["E406", "W103"] and v.hands[0].detail == "plays"


# -- Moon and Texas 88, and points scoring -------------------------------------------------
def test_a_moon_sheet() -> None:
    hands = """hand 1 dealer C
  bid A 5, B pass, C pass
  result A 5 made
  award A 5 B 1 C 1
  score A 5 B 1 C 1

hand 2
  bid C 4
  result C set
  award A 2 B 2 C -4
  score A 7 B 3 C -3

hand 3
  bid C 21
  result made
  score A 7 B 3 C 18
"""
    v = judged(game(hands, rules="moon"))
    assert [d.code for d in v.diagnostics] == ["W102"]
    assert v.hands[2].points == {"A": 0, "B": 0, "C": 7}
    wrong = judged(game(hands.replace("award A 2 B 2 C -4", "award A 2 B 2 C 4"), rules="moon"))
    (d,) = wrong.diagnostics  # the running score is lost with it: C's tricks are not written
    assert (d.code, d.hint) == ("E502", "the award that fits best: `award A 2 B 2 C -4`")


def test_a_texas_88_sheet_with_points_that_do_not_add_up() -> None:
    hands = """hand 1 dealer F
  bid A 60 fives, B pass, C 64 sixes
  result ACE 70 made
  award ACE 70 BDF 18

hand 2
  bid D 60 blanks
  result BDF 50 set
  score ACE 168 BDF 18

hand 3
  bid B 60 fours
  result made
  award ACE 20 BDF 69
"""
    v = judged(game(hands, rules="88"))
    d = v.diagnostics[0]
    assert (d.code, d.message) == (
        "E502",
        "the award is written as ACE 20, BDF 69, but B's bid of 60 scores 88 points in all however it went, not 89",
    )
    assert v.hands[1].awards == {"ACE": 98, "BDF": 0} and v.hands[2].points == {}


def test_points_scoring_in_42() -> None:
    tags = '[Options "scoring=points"]\n'
    hands = "hand 1 dealer W\n  bid N 30\n  result made\n  award NS 34 EW 8\n  score NS 34 EW 8\n"
    v = judged(game(hands, tags=tags))
    assert [d.code for d in v.diagnostics] == ["W102"] and v.hands[0].points == {"NS": 34, "EW": 8}
    vague = judged(game("hand 1 dealer W\n  bid N 30\n  result made\n", tags=tags))
    assert [d.code for d in vague.diagnostics] == ["W110"]


# -- the engine's part -----------------------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_every_division_adds_up_to_the_hand(name: str) -> None:
    game_ = make_rules(name).game
    ways = divisions(game_)
    assert ways and len(set(ways)) == len(ways)
    for d in ways:
        assert sum(d.points) == game_.hand_total and sum(d.tricks) == game_.tricks
        assert all((p == 0) == (t == 0) for p, t in zip(d.points, d.tricks, strict=True))


@pytest.mark.parametrize(
    ("rules", "award", "hint"),
    [
        ("42", "NS 1 EW 1", "the award that fits best: `award EW 1`"),  # marks go to one side
        ("moon", "A 9 B 1 C 1", "the award that fits best: `award A 7 B 0 C 1`"),  # no bid of 9
        ("88", "ACE 70 BDF 19", "the award that fits best: `award ACE 69 BDF 19`"),  # 89 points in a hand of 88
    ],
)
def test_an_award_no_hand_scores_is_flagged_even_alone(rules: str, award: str, hint: str) -> None:
    dealer = {"42": "W", "moon": "C", "88": "F"}[rules]
    v = judged(game(f"hand 1 dealer {dealer}\n  award {award}\n", rules=rules, tags='[Mode "log"]\n'))
    (d,) = v.diagnostics
    assert (d.code, d.hint) == ("E502", hint)


def test_a_running_score_no_hand_gives_is_flagged() -> None:
    v = judged(game("hand 1 dealer W\n  score NS 1 EW 1\n"))
    (d,) = v.diagnostics
    assert (d.code, d.hint) == ("E503", "the score that fits best: `score NS 0 EW 1`")
