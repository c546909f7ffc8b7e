"""One slip costs one line (issue 29): a bookkeeping line the grammar does not read is
left out with its error, and the hand, the running score and every later mistake of
the game are still judged."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

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
