"""One slip costs one line (issue 29): a bookkeeping line the grammar does not read is
left out with its error, and the hand, the running score and every later mistake of
the game are still judged."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from referee import codes
from tests.cli.test_cli import ROOT, Run

GAME = (ROOT / "samples" / "legal" / "42-game.42").read_text(encoding="utf-8")


def _planted(tmp_path: Path, *swaps: tuple[str, str]) -> tuple[Run, list[str]]:
    text = GAME
    for old, new in swaps:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "slips.42"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    return Run("check", "--jobs", "1", str(path)), lines


def _line_of(lines: list[str], text: str) -> int:
    return next(n for n, line in enumerate(lines, start=1) if text in line)


@pytest.mark.parametrize(
    ("slip", "written"),
    [
        (("  score NS 1 EW 0\n", "  score 1-0\n"), "score 1-0"),
        (("  award NS 1\n  score NS 1 EW 0\n", "  award NS one\n  score NS 1 EW 0\n"), "award NS one"),
        (
            ("  result EW 0 set\n  award NS 1\n  score NS 1 EW 0\n", "  result EW 0 sett\n  award NS 1\n  score NS 1 EW 0\n"),
            "result EW 0 sett",
        ),
        (("=> S  ; Cy's", "=> 2  ; Cy's"), "=> 2"),
    ],
)
def test_a_slip_in_a_bookkeeping_line_costs_that_line_only(tmp_path: Path, slip: tuple[str, str], written: str) -> None:
    # a later mistake in the same game: hand 2's running score is wrong
    later = ("  score NS 1 EW 1\n", "  score NS 1 EW 2\n")
    run, lines = _planted(tmp_path, slip, later)
    assert run.code == 2, run.out
    slip_line = _line_of(lines, written)
    wrong_line = _line_of(lines, "score NS 1 EW 2")
    assert f"slips.42:{slip_line}:" in run.out and "error[S001]" in run.out
    assert "left out" in run.out
    assert "error[E503]" in run.out and f"slips.42:{wrong_line}:" in run.out, "the later mistake is still found"
    assert "not replayed" not in run.out and "cannot be followed" not in run.out


def test_the_game_is_still_scored_and_won(tmp_path: Path) -> None:
    path = tmp_path / "slip.42"
    path.write_text(GAME.replace("  score NS 1 EW 0\n", "  score 1-0\n"), encoding="utf-8")
    clean = Run("score", "--jobs", "1", "--format", "csv", str(ROOT / "samples" / "legal" / "42-game.42"))
    slipped = Run("score", "--jobs", "1", "--format", "csv", str(path))
    assert slipped.code == 2
    # every hand's points, award and running score, and the winner, are as the clean record's
    computed = ["points_1", "award_1", "score_1", "points_2", "award_2", "score_2", "winner"]

    def rows(out: str) -> list[list[str]]:
        table = list(csv.DictReader(io.StringIO(out)))
        return [[row[c] for c in computed] for row in table]

    assert rows(slipped.out) == rows(clean.out) and rows(clean.out)


def _check(tmp_path: Path, *swaps: tuple[str, str]) -> Run:
    run, _ = _planted(tmp_path, *swaps)
    return run


LATER_SLIP = ("  score NS 1 EW 1\n", "  score NS 1 EW 2\n")
"""A wrong running score in hand 2: a mistake after the planted one, which must still be found."""


def test_calls_written_from_the_dealer_are_judged_by_their_seats(tmp_path: Path) -> None:
    run = _check(tmp_path, ("  bid W 30, N 32, E pass, S pass\n", "  bid S pass, W 30, N 32, E pass\n"), LATER_SLIP)
    assert "warning[W111]: the auction is written out of turn order" in run.out
    assert "hint: calls start at the dealer's left, W" in run.out
    assert "E201" not in run.out and "error[E503]" in run.out, "followed, and the later mistake is found"


def test_a_trick_written_in_table_order_is_judged_by_its_seats(tmp_path: Path) -> None:
    run = _check(tmp_path, ("       S 4-1 W 5-4 N 4-3 E 3-2\n", "       N 4-3 E 3-2 S 4-1 W 5-4\n"), LATER_SLIP)
    assert "warning[W111]: this trick is written out of turn order" in run.out
    assert "hint: write each trick from its leader, S" in run.out
    assert "E401" not in run.out and "error[E503]" in run.out


def test_a_seat_written_twice_out_of_turn_is_still_an_error(tmp_path: Path) -> None:
    # N plays twice in one trick: no order of the written seats fits the turns
    run = _check(tmp_path, ("       S 4-1 W 5-4 N 4-3 E 3-2\n", "       S 4-1 N 5-4 N 4-3 E 3-2\n"))
    assert "error[E401]" in run.out and "W111" not in run.out


def test_after_a_wrong_dealer_the_hand_goes_on_with_the_right_one(tmp_path: Path) -> None:
    run = _check(tmp_path, ("hand 3 dealer W", "hand 3 dealer N"), ("  score NS 1 EW 1\n", "  score NS 1 EW 2\n"))
    assert "error[E105]: N dealt, but the deal passes clockwise: W deals this hand" in run.out
    assert "E201" not in run.out and "cannot be followed" not in run.out
    assert "error[E503]" in run.out


def test_a_hand_not_followed_names_the_error_that_stopped_it() -> None:
    run = Run("check", str(ROOT / "samples" / "broken" / "42-bid-out-of-turn.42"))
    assert "hand 1 cannot be followed past E201 (bid out of turn)" in run.out


def test_standings_and_stats_say_why_a_game_has_no_winner(tmp_path: Path) -> None:
    path = tmp_path / "stuck.42"
    path.write_text(GAME.replace("  bid W 30, N 32, E pass, S pass\n", "  bid W 30, W 32, E pass, S pass\n"), encoding="utf-8")
    for command in ("standings", "stats"):
        run = Run(command, "--jobs", "1", str(path))
        assert "the game has no winner (line " in run.err and "cannot be followed past E201 (bid out of turn)" in run.err, run.err


def test_a_trick_written_out_of_turn_is_drawn_and_analysed_in_turn() -> None:
    """The trace holds one position per play, in the order the replay made the plays, and
    the pictures and the analysis pair each written play with its own position (W111)."""
    from referee.engine.games import GAMES
    from referee.judging.judged import Trace, in_turn
    from referee.judging.replay import Referee
    from referee.notation.reader import read_text

    path = ROOT / "samples" / "broken" / "42-written-out-of-order.42"
    record = next(iter(read_text(path.read_text(encoding="utf-8"), str(path)))).record
    assert record is not None
    trace: Trace = {}
    verdict = Referee().judge(record, trace=trace)
    assert [d.code for d in verdict.diagnostics] == [codes.W111]
    hand = record.hands[0]
    entries = trace[1]
    assert len(entries) == sum(len(tr.plays) for tr in hand.tricks) + 1, "one position a play, and the end"
    order = in_turn(hand.tricks, entries, GAMES["42"].seat_index)
    assert order[4:8] == [5, 6, 7, 4], "trick 2 is written S W N E and was led by W"
    flat = [p for tr in hand.tricks for p in tr.plays]
    for (view, legal), n in zip(entries, order, strict=False):
        assert GAMES["42"].seats[view.turn or 0] == flat[n].seat and flat[n].tile in legal
    # analyze solves the hand (it was W105, the written order taken for the order of play)
    analysed = Run("analyze", "--jobs", "1", "--format", "json", str(path))
    assert analysed.code == 0 and "W105" not in analysed.out + analysed.err, analysed.err
