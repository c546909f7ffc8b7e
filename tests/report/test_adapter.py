"""The adapter: what a diagram shows of a judged record, at each moment."""

from __future__ import annotations

import pytest

from referee.report.adapter import PositionError

from .helpers import CLAIM, GAMES, RENEGE, diagram


def test_the_whole_hand_shows_the_deal_and_every_trick() -> None:
    d = diagram(GAMES["42"], 3)
    assert [s.label for s in d.seats] == ["N", "E", "S", "W"]
    assert [s.name for s in d.seats] == ["Ann", "Bob", "Cy", "Di"]
    assert d.seat("N").tiles == ((6, 4), (6, 1), (6, 0), (4, 2), (4, 0), (1, 1), (1, 0))
    assert d.seat("W").dealer and d.seat("W").declarer
    assert len(d.tricks) == 7 and d.tricks[-1].winner == "W"
    assert d.contract is not None and (d.contract.declarer, d.contract.bid, d.contract.trump) == ("W", "31", "follow-me")
    assert d.result == "points NS 6 EW 36 · made · award EW 1 · score NS 1 EW 2"
    # each dealt tile says when it was played: W led 3-2 to trick 1
    w = d.seat("W")
    assert w.played_in[w.tiles.index((3, 2))] == 1


def test_before_a_trick_each_seat_s_legal_plays_as_the_trick_went() -> None:
    d = diagram(GAMES["42"], 1, at=2)
    assert d.position is not None and d.position.points == (("NS", 6), ("EW", 0))
    assert d.seat("S").to_play
    assert d.seat("N").legal == ((3, 0),)  # 0-0 led, fours trump: N must follow with its blank
    assert d.position.current is not None and [p.seat for p in d.position.current.plays] == ["S", "W", "N", "E"]
    assert [t.number for t in d.tricks] == [1]


def test_the_illegal_play_carries_its_diagnostic() -> None:
    d = diagram(RENEGE, 1, at=1)
    assert d.position is not None and d.position.current is not None
    plays = {p.seat: p for p in d.position.current.plays}
    assert plays["E"].flag is not None and plays["E"].flag.code == "E404"
    assert plays["E"].legal == ((3, 1),)
    assert all(p.flag is None for s, p in plays.items() if s != "E")
    assert [(n.code, n.item, n.trick, n.where) for n in d.notes] == [("E404", "play", 1, "10:14")]


def test_the_claim_shows_what_is_left_and_who_leads() -> None:
    d = diagram(*CLAIM, at="claim")
    assert d.position is not None and d.position.kind == "claim" and d.position.before_trick == 6
    assert d.claim is not None and (d.claim.kind, d.claim.side, d.claim.after_trick) == ("claim", "NS", 5)
    n = d.seat("N")
    assert n.to_play and n.tiles == ((5, 5), (5, 1)) and n.legal == n.tiles
    assert all(len(s.tiles) == 2 for s in d.seats)


def test_the_last_trick_played() -> None:
    d = diagram(GAMES["42"], 1, at="last")
    assert d.position is not None and d.position.before_trick == 2 and d.position.kind == "last"


def test_moon_has_a_widow_and_88_a_cat() -> None:
    moon = diagram(GAMES["moon"], 1)
    assert moon.kitty is not None and (moon.kitty.name, moon.kitty.tiles, moon.kitty.taken, moon.kitty.given, moon.kitty.by) == (
        "widow",
        ((5, 3),),
        ((5, 3),),
        ((2, 1),),
        "B",
    )
    assert [s.side for s in moon.seats] == ["A", "B", "C"]
    cat = diagram(GAMES["88"], 1)
    assert cat.kitty is not None and cat.kitty.name == "cat" and cat.kitty.tiles == ((6, 4), (1, 0))
    assert [s.side for s in cat.seats] == ["ACE", "BDF"] * 3
    assert [c.text for c in cat.calls][:2] == ["60 deuces", "64 treys"]


def test_a_hand_without_its_deal_is_rebuilt_from_the_plays() -> None:
    d = diagram("samples/legal/42-hand-log.42", 1, record=2)
    assert not d.deal_written
    assert [len(s.tiles) for s in d.seats] == [1, 1, 1, 1]


def test_a_game_in_progress_shows_what_the_seat_to_play_may_play() -> None:
    # the record stops in trick 2 after W 3-3 and N 5-1 (aces trump): E must follow with 5-3
    d = diagram("samples/broken/42-game-in-progress.42", 1, at="last")
    assert d.seat("W").to_play and d.seat("E").legal == ((5, 3),)


def test_after_the_last_trick_nobody_is_to_play() -> None:
    d = diagram(GAMES["42"], 3, at=8)
    assert d.position is not None and d.position.points == (("NS", 6), ("EW", 36))
    assert all(not s.to_play and not s.tiles and not s.legal for s in d.seats)


def test_a_hand_that_never_reached_its_play_has_nobody_to_play() -> None:
    d = diagram("samples/broken/42-auction-incomplete.42", 1, at=1)
    assert not any(s.to_play or s.legal for s in d.seats)
    assert [len(s.tiles) for s in d.seats] == [7, 7, 7, 7]  # the deal as written


def test_nello_s_partner_sits_out_as_the_engine_says() -> None:
    d = diagram("samples/legal/42-nello-made.42", 1)
    assert [s.label for s in d.seats if s.sits_out] == ["S"]


@pytest.mark.parametrize(
    ("hand", "at", "message"),
    [
        (1, 9, "hand 1 has no trick 9: its record reaches trick 3"),
        (1, "claim", "hand 1 has no claim or concession"),
        (11, None, "the record has 10 hands, not 11"),
    ],
)
def test_a_moment_that_is_not_there(hand: int, at: int | str | None, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        diagram(GAMES["42"], hand, at=at)  # type: ignore[arg-type]
