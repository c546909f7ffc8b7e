"""Forfeits in a match played under the referee (``forfeit SEAT FAULT [trick N]``) and the
``[Termination]`` of a game a fault ended: the offending side loses the hand where it
stopped, scored as the scoring rule scores a hand lost by a renege, and a fault termination
gives the game to the other side."""

from __future__ import annotations

from referee.judging.replay import judge
from referee.judging.verdict import GameVerdict
from referee.notation.reader import read_text

DEAL = """\
hand 1 dealer E
  deal N 6-5 6-1 5-3 5-2 4-3 3-0 1-1
       E 6-0 5-0 4-4 4-1 2-1 2-0 1-0
       S 6-6 6-4 6-3 5-5 5-4 2-2 0-0
       W 6-2 5-1 4-2 4-0 3-3 3-2 3-1
"""
"""S opens the auction (E dealt)."""


def judged(text: str, options: dict[str, str] | None = None) -> GameVerdict:
    record = next(read_text(text)).record
    assert record is not None
    return judge(record, options=options)


def codes(v: GameVerdict) -> list[str]:
    return [d.code for d in v.diagnostics]


def test_a_fault_before_any_bid_loses_the_least_bid() -> None:
    """Nobody has bid: the offending side counts as having bid 30 and been set."""
    v = judged(DEAL + "  bid S pass\n  forfeit W time\n  award NS 1\n")
    (hand,) = v.hands
    assert codes(v) == ["W106"]
    assert (hand.awards, hand.made, hand.penalty, hand.declarer) == ({"NS": 1, "EW": 0}, False, "EW", None)


def test_the_bid_standing_is_the_contract_when_the_auction_is_cut_short() -> None:
    made = judged(DEAL + "  bid S 84, W pass\n  forfeit N crash\n  result NS 0 set\n  award EW 2\n")
    assert codes(made) == ["W106"]
    assert (made.hands[0].declarer, made.hands[0].awards) == ("S", {"NS": 0, "EW": 2})
    other = judged(DEAL + "  bid S 84, W pass\n  forfeit E protocol\n  result NS 0 made\n  award NS 2\n")
    assert codes(other) == ["W106"]
    assert other.hands[0].awards == {"NS": 2, "EW": 0}


def test_a_fault_while_trump_is_named() -> None:
    v = judged(DEAL + "  bid S 30, W 31, N pass, E pass\n  forfeit W stall\n  result EW 0 set\n  award NS 1\n")
    assert codes(v) == ["W106"]
    assert "W forfeited the hand (stall): EW lose it" in v.diagnostics[0].message


def test_a_fault_in_the_middle_of_a_trick_leaves_it_short_without_e408() -> None:
    text = (
        DEAL
        + "  bid S 30, W 31, N pass, E pass\n  trump treys\n  play W 3-3 N 3-0 E 5-0 S 6-3\n       W 3-2 N 4-3\n"
        + "  forfeit E illegal trick 2\n  result EW 6 set\n  award NS 1\n"
    )
    v = judged(text)
    assert codes(v) == ["W106"]
    assert v.hands[0].points == {"NS": 0, "EW": 6}
    # without the forfeit the short trick is a wrong trick size, and the hand is incomplete
    assert {"E408", "E406"} <= set(codes(judged(text.replace("  forfeit E illegal trick 2\n", ""))))


def test_the_forfeit_is_scored_whatever_the_renege_option() -> None:
    text = DEAL + "  bid S 30, W 31, N pass, E pass\n  forfeit W time\n  award NS 1\n"
    assert judged(text, {"renege": "as-played"}).hands[0].awards == {"NS": 1, "EW": 0}


def test_a_wrong_award_after_a_forfeit_is_e502() -> None:
    v = judged(DEAL + "  bid S pass\n  forfeit W time\n  award EW 1\n")
    assert codes(v) == ["W106", "E502"]


def test_moon_a_non_bidder_forfeits() -> None:
    """Each player alone: the bidder scores the bid, the offender nothing, the other its tricks."""
    text = """[Rules "moon"]

hand 1 dealer C
  deal A 6-6 6-5 6-4 5-5 4-4 3-1 0-0
       B 6-3 6-2 5-4 5-3 3-3 2-1 1-1
       C 6-1 5-2 5-1 4-3 4-2 4-1 2-2
  widow 3-2
  bid A 5, B pass, C pass
  exchange 3-2 for 3-1
  trump sixes
  play A 6-6 B 6-2 C 6-1
       A 6-5 B 6-3 C 2-2
       A 6-4 B 1-1
  forfeit B time trick 3
  result A 2 made
  award A 5 B 0 C 0
"""
    v = judged(text)
    assert "E" not in "".join(c[0] for c in codes(v)), v.diagnostics
    assert v.hands[0].awards == {"A": 5, "B": 0, "C": 0}


def test_a_fault_termination_gives_the_game_to_the_other_side() -> None:
    text = (
        '[Rules "42"]\n[Termination "time forfeit"]\n[Winner "NS"]\n\n'
        + DEAL
        + "  bid S pass, W 30\n  forfeit W time\n  result EW 0 set\n  award NS 1\n  score NS 1 EW 0\n"
    )
    v = judged(text)
    assert codes(v) == ["W106"]  # no W102: the game ended, by the fault
    assert v.winner == "NS"
    wrong = judged(text.replace('[Winner "NS"]', '[Winner "EW"]'))
    assert codes(wrong) == ["W106", "E504"]


def test_a_normal_termination_with_a_forfeit_is_an_unfinished_game() -> None:
    text = '[Rules "42"]\n[Termination "normal"]\n\n' + DEAL + "  bid S pass\n  forfeit W time\n  award NS 1\n  score NS 1 EW 0\n"
    v = judged(text)
    assert codes(v) == ["W106", "W102"]
    assert v.winner is None


def test_abandoned_without_a_forfeit_is_an_unfinished_game_not_an_error() -> None:
    text = '[Rules "42"]\n[Termination "abandoned"]\n\n' + DEAL + "  bid S pass, W pass, N pass, E pass\n"
    assert codes(judged(text)) == ["W102"]


def test_a_forfeit_by_a_seat_the_game_does_not_have_is_s010() -> None:
    v = judged(DEAL + "  bid S pass\n  forfeit Q time\n")
    assert "S010" in codes(v)
