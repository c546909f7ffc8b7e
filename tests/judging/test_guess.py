"""A record judged under another game's rules is recognised as that game's (``judging/guess.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.games import GAMES
from referee.judging.guess import fits, guess_game, label_hint, record_labels, wrong_game
from referee.notation.reader import read_records, read_text
from referee.notation.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
LEGAL = {"42": "samples/legal/42-game.42", "moon": "samples/legal/moon-game.42", "88": "samples/legal/88-game.42"}


def _record(path: str) -> GameRecord:
    record = next(iter(read_records(str(ROOT / path)))).record
    assert record is not None
    return record


@pytest.mark.parametrize("written", sorted(LEGAL))
@pytest.mark.parametrize("judged_as", sorted(GAMES))
def test_each_game_is_recognised_under_the_others(written: str, judged_as: str) -> None:
    record = _record(LEGAL[written])
    found = wrong_game(record, GAMES[judged_as])
    if written == judged_as:
        assert found is None
        return
    assert found is not None
    message, hint, at = found
    assert message == f"these seats look like {GAMES[written].title}, not {GAMES[judged_as].title}"
    assert hint == f'did you mean [Rules "{written}"]?'  # the samples name their rules in a tag
    assert at is not None


def test_a_hand_log_without_a_header_is_told_about_the_option() -> None:
    """The review's case: `referee check log.txt --rules moon` on a 42 hand log (27 errors before)."""
    text = "hand 1 dealer N\n  deal N 6-6 6-5 6-4 6-3 5-5 4-4 1-0\n  bid E pass, S pass, W pass, N 30\n  trump sixes\n  play N 6-6 E 6-2 S 2-2 W 0-0\n"
    record = next(iter(read_text(text, "log.txt"))).record
    assert record is not None
    found = wrong_game(record, GAMES["moon"])
    assert found is not None and found[1] == "did you mean --rules 42?"
    assert found[2] is not None and record.source is not None
    assert record.source.span(found[2]).line == 1  # the dealer, the first foreign label


def test_every_label_of_a_record_is_found_with_its_place() -> None:
    labels = record_labels(_record(LEGAL["88"]))
    assert {label for label, _ in labels} >= {"A", "B", "C", "D", "E", "F", "ACE"}
    assert all(at is not None for _, at in labels)


@pytest.mark.parametrize(
    ("labels", "game"),
    [
        (["A", "B", "C", "D"], "moon"),  # one seat Moon lacks: a typo, left to S010
        (["N", "E", "S", "Q"], "42"),  # fits no game
        (["N", "E", "S", "W", "X"], "moon"),  # X fits nowhere, so no game fits every label
        ([], "42"),
    ],
)
def test_no_guess_for_a_typo_or_a_stranger(labels: list[str], game: str) -> None:
    assert guess_game(labels, GAMES[game]) is None


def test_moon_seats_under_42_are_moon_not_88() -> None:
    """A B C are seats of Moon and of Texas 88: three seats used make it Moon, six Texas 88."""
    assert guess_game(["A", "B", "C", "A"], GAMES["42"]) == GAMES["moon"]
    assert guess_game(["A", "B", "C", "D", "E", "F", "ACE"], GAMES["42"]) == GAMES["88"]


def test_labels_fit_by_seat_name_and_side() -> None:
    assert fits("North", GAMES["42"]) and fits("ns", GAMES["42"]) and fits("BDF", GAMES["88"])
    assert not fits("NS", GAMES["moon"])


def test_a_misspelt_seat_gets_a_did_you_mean() -> None:
    assert label_hint("Noth", GAMES["42"]) == "did you mean North?"
    assert label_hint("ew", GAMES["42"]) == "did you mean EW?"
    assert label_hint("Z", GAMES["moon"]) is None
