"""The canonical writer: layout, tag order, comments, and the game-specific items."""

from __future__ import annotations

import pytest

from referee.engine.tiles import Tile, parse_tile
from referee.notation.record import (
    Call,
    Claim,
    Dealt,
    Exchange,
    GameRecord,
    HandRecord,
    Kitty,
    Play,
    StatedAward,
    StatedResult,
    StatedScore,
    Tag,
    TrickRecord,
    TrumpRecord,
)
from referee.notation.writer import format_game, format_records


def tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


def trick(text: str, winner: str | None = None) -> TrickRecord:
    words = text.split()
    return TrickRecord(plays=[Play(s, parse_tile(t)) for s, t in zip(words[::2], words[1::2], strict=True)], winner=winner)


def hand_42() -> HandRecord:
    return HandRecord(
        number=1,
        dealer="N",
        deal=[
            Dealt(seat="N", tiles=tiles("6-6 6-5 5-5 4-1 3-0 2-2 1-0")),
            Dealt(seat="E", tiles=tiles("6-4 6-2 5-3 4-4 3-2 2-1 0-0")),
            Dealt(seat="S", tiles=tiles("6-3 6-1 5-4 5-2 4-2 3-3 1-1")),
            Dealt(seat="W", tiles=tiles("6-0 5-1 5-0 4-3 4-0 3-1 2-0")),
        ],
        calls=[Call(seat="E", amount=30), Call(seat="S"), Call(seat="W", amount=31), Call(seat="N")],
        trump=TrumpRecord(kind="suit", suit=5),
        tricks=[trick("W 5-5 N 5-0 E 5-3 S 6-5"), trick("W 6-6 N 1-0 E 2-2 S 4-4", winner="W")],
        claim=Claim(kind="claim"),
        result=StatedResult(side="EW", points=35, outcome="made"),
        award=StatedAward(amounts={"EW": 1}),
        score=StatedScore(scores={"NS": 0, "EW": 1}),
    )


CANONICAL_42 = """\
[Event "Friday league"]
[Date "2026-11-27"]
[Rules "42"]
[Options "all-pass=forced"]
[Target "7 marks"]
[North "Ann"]
[West "Wes"]
[Winner "EW"]
[Sponsor "Mo's"]
[Zebra "z"]

hand 1 dealer N
  deal N 6-6 6-5 5-5 4-1 3-0 2-2 1-0
       E 6-4 6-2 5-3 4-4 3-2 2-1 0-0
       S 6-3 6-1 5-4 5-2 4-2 3-3 1-1
       W 6-0 5-1 5-0 4-3 4-0 3-1 2-0
  bid E 30, S pass, W 31, N pass
  trump fives
  play W 5-5 N 5-0 E 5-3 S 6-5
       W 6-6 N 1-0 E 2-2 S 4-4 => W
  claim
  result EW 35 made
  award EW 1
  score NS 0 EW 1
"""


def test_canonical_42_and_tag_order() -> None:
    tags = [
        Tag(name="Winner", value="EW"),
        Tag(name="Sponsor", value="Mo's"),
        Tag(name="North", value="Ann"),
        Tag(name="Rules", value="42"),
        Tag(name="Zebra", value="z"),
        Tag(name="Target", value="7 marks"),
        Tag(name="Date", value="2026-11-27"),
        Tag(name="West", value="Wes"),
        Tag(name="Options", value="all-pass=forced"),
        Tag(name="Event", value="Friday league"),
    ]
    text = format_game(GameRecord(tags=tags, hands=[hand_42()]))
    assert text == CANONICAL_42


def test_tiles_high_end_first_and_quotes_escaped() -> None:
    hand = HandRecord(number=2, deal=[Dealt(seat="N", tiles=tiles("4-6 0-3 5-5"))], tricks=[trick("N 1-6")])
    text = format_game(GameRecord(tags=[Tag(name="Event", value='The "big" one \\ 2')], hands=[hand]))
    assert text == '[Event "The \\"big\\" one \\\\ 2"]\n\nhand 2\n  deal N 6-4 3-0 5-5\n  play N 6-1\n'


def test_hand_log_without_tags() -> None:
    a = HandRecord(number=1, dealer="N", calls=[Call(seat="E"), Call(seat="S"), Call(seat="W"), Call(seat="N")])
    b = HandRecord(number=2, dealer="E", calls=[Call(amount=30), Call(), Call(), Call()])
    text = format_game(GameRecord(hands=[a, b]))
    assert text == "hand 1 dealer N\n  bid E pass, S pass, W pass, N pass\n\nhand 2 dealer E\n  bid 30, pass, pass, pass\n"


def test_seatless_plays_and_unnumbered_hand() -> None:
    hand = HandRecord(
        trump=TrumpRecord(kind="follow-me", doubles_low=True),
        tricks=[trick("N 6-6 E 6-5"), TrickRecord(plays=[Play(None, parse_tile("5-5")), Play(None, parse_tile("5-4"))], winner="S")],
    )
    assert format_game(GameRecord(hands=[hand])) == "hand\n  trump follow-me low\n  play N 6-6 E 6-5\n       5-5 5-4 => S\n"


def test_comments_placement() -> None:
    hand = hand_42()
    hand.comments = ("first hand",)
    hand.after = ("on the hand line",)
    assert hand.deal is not None
    hand.deal[0].comments = ("north's hand",)
    hand.deal[2].comments = ("south",)
    hand.deal[3].after = ("west's tiles",)
    hand.calls[0].comments = ("opening",)
    hand.calls[0].after = ("after the opening",)
    hand.calls[2].comments = ("a jump?",)
    hand.calls[3].after = ("end of the auction",)
    assert hand.trump is not None
    hand.trump.comments = ("two lines\nof comment",)
    hand.tricks[0].after = ("N's double takes the counters",)
    hand.tricks[1].comments = ("second trick",)
    hand.tricks[1].plays[2] = hand.tricks[1].plays[2]._replace(comments=("keeps the double",))
    assert hand.score is not None
    hand.score.comments = ("", "one", "two\nlines", "three")
    record = GameRecord(
        tags=[Tag("Rules", "42", comments=("a game", "the rules"), after=("always",))],
        hands=[hand],
        trailing_comments=("the end", "really\nthe end"),
    )
    assert format_game(record) == (
        "; a game\n"
        "; the rules\n"
        '[Rules "42"]  ; always\n'
        "\n"
        "; first hand\n"
        "hand 1 dealer N  ; on the hand line\n"
        "  ; north's hand\n"
        "  deal N 6-6 6-5 5-5 4-1 3-0 2-2 1-0\n"
        "       E 6-4 6-2 5-3 4-4 3-2 2-1 0-0\n"
        "       ; south\n"
        "       S 6-3 6-1 5-4 5-2 4-2 3-3 1-1\n"
        "       W 6-0 5-1 5-0 4-3 4-0 3-1 2-0  ; west's tiles\n"
        "  ; opening\n"
        "  bid E 30 {after the opening}, S pass,\n"
        "      ; a jump?\n"
        "      W 31, N pass  ; end of the auction\n"
        "  {two lines\nof comment} trump fives\n"
        "  play W 5-5 N 5-0 E 5-3 S 6-5  ; N's double takes the counters\n"
        "       ; second trick\n"
        "       W 6-6 N 1-0 E {keeps the double} 2-2 S 4-4 => W\n"
        "  claim\n"
        "  result EW 35 made\n"
        "  award EW 1\n"
        "  ;\n"
        "  ; one\n"
        "  {two\nlines} {three} score NS 0 EW 1\n"
        "; the end\n"
        "{really\nthe end}\n"
    )


def test_texas_88_bids_carry_suits_and_cat() -> None:
    hand = HandRecord(
        number=1,
        dealer="A",
        kitty=Kitty("cat", tiles("6-1 2-0")),
        calls=[Call(seat="B", amount=64, suit=5), Call(seat="C"), Call(seat="D", amount=176, suit=0)],
        exchange=Exchange(take=tiles("6-1"), give=tiles("3-3")),
        trump=TrumpRecord(kind="suit", suit=0),
    )
    text = format_game(GameRecord(tags=[Tag(name="Rules", value="88")], hands=[hand]))
    assert (
        text
        == '[Rules "88"]\n\nhand 1 dealer A\n  cat 6-1 2-0\n  bid B 64 fives, C pass, D 176 blanks\n  exchange 6-1 for 3-3\n  trump blanks\n'
    )


def test_moon_widow_exchange_and_awards() -> None:
    hand = HandRecord(
        number=3,
        dealer="C",
        kitty=Kitty("widow", tiles("1-3")),
        calls=[Call(seat="A", amount=5), Call(seat="B", amount=21)],
        exchange=Exchange(take=tiles("3-1"), give=tiles("0-6")),
        trump=TrumpRecord(kind="doubles"),
        result=StatedResult(side="B", points=7, outcome="made"),
        award=StatedAward(amounts={"A": 0, "B": 21, "C": 0}),
        score=StatedScore(scores={"A": -4, "B": 21, "C": 9}),
    )
    text = format_game(GameRecord(tags=[Tag(name="Rules", value="moon")], hands=[hand]))
    assert text == (
        '[Rules "moon"]\n\nhand 3 dealer C\n  widow 3-1\n  bid A 5, B 21\n  exchange 3-1 for 6-0\n  trump doubles\n'
        "  result B 7 made\n  award A 0 B 21 C 0\n  score A -4 B 21 C 9\n"
    )


def test_exchange_none_and_concede() -> None:
    hand = HandRecord(exchange=Exchange(take=[], give=[]), trump=TrumpRecord(kind="follow-me"), claim=Claim(kind="concede"))
    assert format_game(GameRecord(hands=[hand])) == "hand\n  exchange none\n  trump follow-me\n  concede\n"


def test_format_records_separates_games_with_one_blank_line() -> None:
    a = GameRecord(tags=[Tag(name="Rules", value="42")])
    b = GameRecord(tags=[Tag(name="Rules", value="moon")], hands=[HandRecord(number=1)])
    assert "".join(format_records([a, b])) == '[Rules "42"]\n\n[Rules "moon"]\n\nhand 1\n'
    assert list(format_records([])) == []


def test_a_log_keeps_one_header_and_a_headerless_hand_keeps_its_boundary() -> None:
    header = [Tag("Rules", "42"), Tag("Mode", "log")]
    one, two = (GameRecord(list(header), [HandRecord(number=n)]) for n in (1, 2))
    assert "".join(format_records([one, two])) == '[Rules "42"]\n[Mode "log"]\n\nhand 1\n\nhand 2\n'
    game = GameRecord([Tag("Rules", "42")], [HandRecord(number=1)])
    loose = GameRecord([], [HandRecord(number=7)])
    assert "".join(format_records([game, loose])) == '[Rules "42"]\n\nhand 1\n\n[Mode "log"]\n\nhand 7\n'
    assert "".join(format_records([loose, loose])) == "hand 7\n\nhand 7\n"


def commented_record(*, continuation_trick: bool) -> GameRecord:
    """A record with a comment on every kind of item the reader can give one back to."""
    hand = hand_42()
    hand.comments = ("first hand",)
    hand.after = ("dealt by N",)
    assert hand.deal is not None and hand.trump is not None and hand.claim is not None
    assert hand.result is not None and hand.award is not None and hand.score is not None
    hand.deal[0].comments = ("north's hand",)
    hand.deal[2].comments = ("south", "two\nlines")
    hand.deal[2].after = ("south's tiles",)
    hand.calls[0].comments = ("opening",)
    hand.calls[1].after = ("S passes",)
    hand.calls[2].comments = ("a jump?",)
    hand.calls[3].after = ("done",)
    hand.trump.comments = ("two lines\nof comment",)
    hand.trump.after = ("fives",)
    hand.tricks[0].comments = ("first trick",)
    hand.tricks[0].after = ("W wins",)
    hand.tricks[0].plays[0] = hand.tricks[0].plays[0]._replace(comments=("the lead",))
    hand.tricks[0].plays[1] = hand.tricks[0].plays[1]._replace(after=("low",))
    hand.tricks[1].plays[2] = hand.tricks[1].plays[2]._replace(comments=("keeps the double",))
    if continuation_trick:
        hand.tricks[1].comments = ("second trick",)
    hand.claim.comments = ("all good",)
    hand.result.comments = ("res",)
    hand.award.comments = ("one mark",)
    hand.award.after = ("one",)
    hand.score.comments = ("one", "two\nlines", "three")
    return GameRecord(
        tags=[Tag("Rules", "42", comments=("the rules",), after=("42",))], hands=[hand], trailing_comments=("the end", "really\nthe end")
    )


def read_back(text: str) -> list[GameRecord]:
    from referee.notation.reader import read_text

    out = []
    for result in read_text(text):
        assert [d for d in result.diagnostics if d.code != "S003"] == []
        assert result.record is not None
        out.append(result.record)
    return out


def test_comments_round_trip_through_the_reader() -> None:
    record = commented_record(continuation_trick=False)
    text = format_game(record)
    [parsed] = read_back(text)
    assert parsed == record
    assert format_game(parsed) == text
    # in a file of several games, the comments of each game's header and hands stay with it
    first = commented_record(continuation_trick=False)
    first.trailing_comments = ()
    second = GameRecord(tags=[Tag("Rules", "moon", comments=("game two",))], hands=[HandRecord(number=1, dealer="A", comments=("h",))])
    parsed_all = read_back("".join(format_records([first, second])))
    assert parsed_all == [first, second]


def test_continuation_trick_comment_round_trips() -> None:
    record = commented_record(continuation_trick=True)
    assert read_back(format_game(record)) == [record]


def test_comments_at_the_end_of_a_game_go_with_the_next_game() -> None:
    """The documented rule: a comment on a line of its own belongs to the next item, which
    for the last lines of a game is the next game's first tag."""
    first = commented_record(continuation_trick=False)
    second = GameRecord(tags=[Tag("Rules", "moon")])
    parsed = read_back("".join(format_records([first, second])))
    assert parsed[0].trailing_comments == ()
    assert parsed[1].tags[0].comments == first.trailing_comments


@pytest.mark.parametrize(
    "text",
    [
        CANONICAL_42.replace('[Sponsor "Mo\'s"]\n[Zebra "z"]\n', ""),
        '[Event "The \\"big\\" one \\\\ 2"]\n\nhand 2\n  deal N 6-4 3-0 5-5\n  play N 6-1\n',
        "hand 1 dealer N\n  bid E pass, S pass, W pass, N pass\n\nhand 2 dealer E\n  bid 30, pass, pass, pass\n",
        "hand\n  trump follow-me low\n  play N 6-6 E 6-5\n       5-5 5-4 => S\n",
        '[Rules "88"]\n\nhand 1 dealer A\n  cat 6-1 2-0\n  bid B 64 fives, C pass, D 176 blanks\n  exchange 6-1 for 3-3\n  trump blanks\n',
        '[Rules "42"]\n[Mode "log"]\n\nhand 1  ; first\n  concede\n\nhand 2\n  concede  ; second\n',
        '[Rules "42"]\n[Sponsor "x"]\n\nhand 1\n  concede\n',
        '[Rules "moon"]\n\nhand 3 dealer C\n  widow 3-1\n  bid A 5, B 21\n  exchange 3-1 for 6-0\n  trump doubles\n  result B 7 made\n',
        "hand\n  exchange none\n  trump follow-me\n  concede\n",
    ],
)
def test_canonical_text_reads_back_to_itself(text: str) -> None:
    assert "".join(format_records(read_back(text))) == text
