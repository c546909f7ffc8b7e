"""``[Status "unfinished"]``: a record of a game still being played (what ``referee live``
writes) may stop anywhere in its last hand, and the game before its target.  Where it
stops is a note (W108), not E406, so ``check`` exits 0; the tag on a game that is over
is a warning (W109); without the tag nothing changes."""

from __future__ import annotations

import pytest

from referee.judging.replay import judge
from referee.judging.verdict import GameVerdict
from referee.notation.reader import read_text

DEAL = """\
  deal N 6-5 6-1 5-2 5-1 4-1 2-1 1-0
       E 6-2 5-5 5-3 4-4 4-0 3-1 0-0
       S 6-6 6-0 5-0 4-3 3-2 3-0 2-2
       W 6-4 6-3 5-4 4-2 3-3 2-0 1-1
"""
AUCTION = "  bid S 30, W pass, N 31, E pass\n  trump aces\n"
AUCTION_2 = "  bid W pass, N 30, E pass, S pass\n  trump sixes\n"
"""An auction of hand 2, dealt by S."""
TRICKS = [
    "N 6-1 E 3-1 S 5-0 W 1-1",
    "W 3-3 N 5-1 E 5-3 S 3-2",
    "N 4-1 E 4-0 S 3-0 W 2-0",
    "N 2-1 E 6-2 S 6-0 W 4-2",
    "N 1-0 E 0-0 S 4-3 W 6-3",
    "N 6-5 E 4-4 S 6-6 W 6-4",
    "S 2-2 W 5-4 N 5-2 E 5-5",
]
UNFINISHED = '[Rules "42"]\n[Status "unfinished"]\n\n'


def played(tricks: list[str]) -> str:
    return "  play " + "\n       ".join(tricks) + "\n" if tricks else ""


def hand(number: int, dealer: str, body: str) -> str:
    return f"hand {number} dealer {dealer}\n{body}"


WHOLE = hand(1, "E", DEAL + AUCTION + played(TRICKS))
"""Hand 1, played out: NS bid 31 and make it (one mark)."""


def verdict_of(text: str) -> GameVerdict:
    (result,) = list(read_text(text, "x.42"))
    assert result.diagnostics == [] and result.record is not None
    return judge(result.record, file="x.42")


def said(text: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in verdict_of(text).diagnostics]


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ("", "hand 1, S to bid"),
        (DEAL, "hand 1, S to bid"),
        (DEAL + "  bid S 30, W pass\n", "hand 1, N to bid"),
        (DEAL + "  bid S 30, W pass, N 31, E pass\n", "hand 1, N to name trump"),
        (DEAL + AUCTION, "hand 1, trick 1, N to play"),
        (DEAL + AUCTION + played(["N 6-1 E 3-1"]), "hand 1, trick 1, S to play"),
        (DEAL + AUCTION + played(TRICKS[:1]), "hand 1, trick 2, W to play"),
        (AUCTION + played([*TRICKS[:3], "N 2-1"]), "hand 1, trick 4, E to play"),
    ],
)
def test_the_last_hand_may_stop_anywhere_and_the_note_says_where(body: str, where: str) -> None:
    assert said(UNFINISHED + hand(1, "E", body)) == [("W108", f"the game is unfinished: it stops at {where}")]


def test_the_note_is_at_the_last_item_written() -> None:
    text = UNFINISHED + hand(1, "E", DEAL + AUCTION + played([*TRICKS[:1], "W 3-3 N 5-1"]))
    (result,) = list(read_text(text, "x.42"))
    assert result.record is not None
    (d,) = judge(result.record, file="x.42").diagnostics
    assert d.resolve(result.record.source).location() == "x.42:12:8"


def test_moon_may_stop_before_the_widow_is_taken() -> None:
    deal = "  deal A 6-2 5-2 5-1 4-2 2-2 1-1 0-0\n       B 6-4 6-3 6-1 5-5 4-3 3-3 2-1\n       C 6-6 6-5 5-4 4-4 4-1 3-2 3-1\n"
    text = '[Rules "moon"]\n[Status "unfinished"]\n\nhand 1 dealer C\n' + deal + "  bid A 4, B 5, C pass\n"
    assert said(text) == [("W108", "the game is unfinished: it stops at hand 1, B to take the widow")]


def test_a_game_may_stop_between_hands_and_before_any() -> None:
    assert said(UNFINISHED + WHOLE) == [("W108", "the game is unfinished: it stops after hand 1; S deals hand 2")]
    assert said(UNFINISHED) == [("W108", "the game is unfinished: no hand is recorded yet")]


def test_the_hands_before_the_last_are_judged_as_usual() -> None:
    text = UNFINISHED + hand(1, "E", DEAL + AUCTION + played(TRICKS[:2])) + "\n" + hand(2, "S", AUCTION_2)
    assert [code for code, _ in said(text)] == ["E406", "W103", "W108"]


def test_an_open_hand_that_writes_its_result_is_still_incomplete() -> None:
    text = UNFINISHED + hand(1, "E", DEAL + AUCTION + played(TRICKS[:2]) + "  result NS 10 set\n")
    assert [code for code, _ in said(text)] == ["E406", "W103"]


def test_without_the_tag_or_with_finished_nothing_changes() -> None:
    body = hand(1, "E", DEAL + AUCTION + played(TRICKS[:2]))
    for header in ('[Rules "42"]\n\n', '[Rules "42"]\n[Status "finished"]\n\n'):
        assert [code for code, _ in said(header + body)] == ["E406", "W103"]
    assert [code for code, _ in said('[Rules "42"]\n\n' + WHOLE)] == ["W102"]


def test_the_tag_after_the_hands_counts_as_well() -> None:
    text = '[Rules "42"]\n\n' + hand(1, "E", DEAL + AUCTION + played(TRICKS[:2])) + '\n[Status "unfinished"]\n'
    assert [code for code, _ in said(text)] == ["W108"]


def test_a_game_over_marked_unfinished_is_a_warning() -> None:
    text = '[Rules "42"]\n[Status "unfinished"]\n[Target "1 mark"]\n\n' + WHOLE
    v = verdict_of(text)
    assert [(d.code, d.message, d.hint) for d in v.diagnostics] == [
        (
            "W109",
            'the record says `[Status "unfinished"]`, but NS reached 1 mark: the game is over',
            'write `[Status "finished"]`, or leave the tag out',
        )
    ]
    assert v.winner == "NS"


def test_a_log_s_last_hand_may_stop_and_one_played_out_is_a_warning() -> None:
    log = '[Rules "42"]\n[Mode "log"]\n\n'
    text = log + WHOLE + "\n" + hand(2, "S", AUCTION_2 + played(["N 6-6 E 5-5 S 6-5 W 6-4"])) + '\n[Status "unfinished"]\n'
    results = list(read_text(text, "x.42"))
    assert [[d.code for d in judge(r.record).diagnostics] for r in results if r.record] == [[], ["W108"]]
    assert "the hand is unfinished: it stops at trick 2, N to play" in judge(results[1].record).diagnostics[0].message  # type: ignore[arg-type]
    over = list(read_text(log + WHOLE + '\n[Status "unfinished"]\n', "x.42"))
    assert [d.code for d in judge(over[0].record).diagnostics] == ["W109"]  # type: ignore[arg-type]


def test_the_score_before_the_open_hand_is_kept() -> None:
    text = UNFINISHED + WHOLE + "\n" + hand(2, "S", AUCTION_2)
    v = verdict_of(text)
    assert v.score == {"NS": 1, "EW": 0} and [h.followed for h in v.hands] == [True, False]


def test_a_renege_that_stops_play_may_leave_the_trick_short() -> None:
    """Under renege=lose-hand play stops at the call: the trick in play then may be short
    (E reveals it in trick 2 by playing an ace after showing out of aces in trick 1)."""
    body = "  bid S 30, W pass, N 31, E pass\n  trump aces\n  play N 6-1 E 3-3 S 5-0 W 2-2\n       N 1-1 E 3-1\n  renege E trick 1\n"
    assert [code for code, _ in said('[Rules "42"]\n[Mode "log"]\n\n' + hand(1, "E", body))] == ["W106"]
    as_played = '[Rules "42"]\n[Options "renege=as-played"]\n[Mode "log"]\n\n'
    assert [code for code, _ in said(as_played + hand(1, "E", body))] == ["E408", "W106", "E406", "W103"]


def test_a_tile_played_twice_is_refused_when_the_deal_is_not_written() -> None:
    """The deal rebuilt from the plays gives a tile to the first who played it only."""
    text = '[Rules "42"]\n[Mode "log"]\n\n' + hand(1, "E", AUCTION + played(["N 6-1 E 6-1 S 5-0 W 2-2"]))
    assert said(text)[0] == ("E403", "6-1 was already played in this hand")


def test_score_shows_the_hand_in_play_and_its_points_so_far() -> None:
    """A game in progress: the score table's last row is the hand in play, with the points
    each side's tricks have taken, not "not followed"."""
    from typer.testing import CliRunner

    from referee.cli import app

    out = CliRunner().invoke(app, ["score", "--format", "text", "samples/broken/42-game-in-progress.42"], env={"COLUMNS": "200"}).stdout
    row = next(line for line in out.splitlines() if "in play" in line)
    assert "NS 0 EW 6" in row and "not followed" not in out
