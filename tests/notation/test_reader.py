"""The reader: text in the notation to records, their places and S0xx diagnostics."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.diagnostics import Diagnostic
from referee.engine.tiles import tile
from referee.notation.grammar import grammar_path, grammar_text
from referee.notation.locate import play_spans, tile_spans
from referee.notation.reader import ReadResult, read_records, read_text
from referee.notation.record import GameRecord, Play
from referee.notation.tags import KNOWN_TAGS, TAG_VALUES
from referee.source import Span

HAND_42 = """\
hand 1 dealer N
  deal N 6-6 6-5 5-5 4-1 3-0 2-2 1-0
       E 6-4 6-2 5-3 4-4 3-2 2-1 0-0
       S 6-3 6-1 5-4 5-2 4-3 3-1 1-1
       W 6-0 5-1 5-0 4-2 4-0 3-3 2-0
  bid E 30, S pass, W 31, N pass
  trump fives
  play W 5-5 N 5-0 E 5-3 S 6-5 => W
       W 6-6 N 1-0 / E 2-2 S 4-4
  result EW 35 made
  award EW 1
  score NS 0 EW 1
"""

GAME_42 = (
    """\
; Friday league, table 3
[Event "Friday league"] [Date "2026-11-27"]
[Rules "42"] [Options "all-pass=forced"] [Target "7 marks"]
[North "Ann"] [East "Bob"] [South "Cy"] [West "Di"]

"""
    + HAND_42
)


def read(text: str) -> list[ReadResult]:
    return list(read_text(text, "t.txt"))


def one(text: str) -> tuple[GameRecord, list[Diagnostic]]:
    """The one record of ``text``, and its diagnostics resolved to lines and columns."""
    results = read(text)
    assert len(results) == 1, results
    record = results[0].record
    assert record is not None, results[0].diagnostics
    return record, [d.resolve(record.source) for d in results[0].diagnostics]


def resolved(result: ReadResult) -> list[Diagnostic]:
    return [d.resolve(result.record.source if result.record else None) for d in result.diagnostics]


def at(record: GameRecord, span: Span | None) -> tuple[int, int, int, int]:
    """Line, column, end line and end column of ``span`` in the record's text."""
    assert span is not None and record.source is not None
    return tuple(record.source.span(span))  # type: ignore[return-value]


def plays_at(record: GameRecord, trick: int, hand: int = 0) -> list[tuple[int, int, int, int]]:
    assert record.source is not None
    tr = record.hands[hand].tricks[trick]
    assert tr.at is not None
    seg = record.source.segment_at(tr.at[0])
    return [at(record, s) for s in play_spans(seg.text, seg.offset, tr.at)]


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def where(d: Diagnostic) -> tuple[int, int]:
    assert d.at is not None, d
    return d.at.line, d.at.column


def tiles(text: str) -> list[object]:
    return [tile(t) for t in text.split()]


# -- a whole game ---------------------------------------------------------------------------


def test_the_example_game_reads_clean() -> None:
    record, diagnostics = one(GAME_42)
    assert diagnostics == []
    assert [(t.name, t.value) for t in record.tags][:3] == [("Event", "Friday league"), ("Date", "2026-11-27"), ("Rules", "42")]
    assert record.tag("west") == "Di"
    assert record.tags[0].comments == ("Friday league, table 3",)
    assert at(record, record.tags[0].at) == (2, 1, 2, 24)
    assert len(record.hands) == 1
    hand = record.hands[0]
    assert not hand.unreadable
    assert (hand.number, hand.dealer) == (1, "N")
    assert at(record, hand.at) == (6, 1, 6, 16)
    assert at(record, hand.dealer_at) == (6, 15, 6, 16)


def test_deal_tiles_and_spans() -> None:
    record, _ = one(GAME_42)
    deal = record.hands[0].deal
    assert deal is not None
    assert [d.seat for d in deal] == ["N", "E", "S", "W"]
    assert deal[1].tiles == tiles("6-4 6-2 5-3 4-4 3-2 2-1 0-0")
    assert at(record, deal[0].at) == (7, 8, 7, 37)
    assert record.source is not None and deal[3].at is not None
    seg = record.source.segment_at(deal[3].at[0])
    assert at(record, tile_spans(seg.text, seg.offset, deal[3].at)[6]) == (10, 34, 10, 37)


def test_calls_trump_tricks_and_stated_results() -> None:
    record, _ = one(GAME_42)
    hand = record.hands[0]
    assert [(c.seat, c.amount) for c in hand.calls] == [("E", 30), ("S", None), ("W", 31), ("N", None)]
    assert at(record, hand.calls[2].at) == (11, 21, 11, 25)
    assert at(record, hand.calls_at) == (11, 3, 11, 33)
    assert hand.trump is not None and (hand.trump.kind, hand.trump.suit) == ("suit", 5)
    assert len(hand.tricks) == 3  # a newline and a '/' each end a trick
    first = hand.tricks[0]
    assert [(p.seat, str(p.tile)) for p in first.plays] == [("W", "5-5"), ("N", "5-0"), ("E", "5-3"), ("S", "6-5")]
    assert first.winner == "W" and at(record, first.winner_at) == (13, 35, 13, 36)
    assert plays_at(record, 0)[1] == (13, 14, 13, 19)
    assert [(p.seat, str(p.tile)) for p in hand.tricks[2].plays] == [("E", "2-2"), ("S", "4-4")]
    assert at(record, hand.tricks[2].at) == (14, 22, 14, 33)
    assert hand.result is not None and (hand.result.side, hand.result.points, hand.result.outcome) == ("EW", 35, "made")
    assert hand.award is not None and hand.award.amounts == {"EW": 1}
    assert hand.score is not None and hand.score.scores == {"NS": 0, "EW": 1}
    assert at(record, hand.score.at) == (17, 3, 17, 18)


def test_records_compare_by_what_was_written_not_where() -> None:
    record, _ = one(GAME_42)
    moved, _ = one("\n\n  " + GAME_42.replace("\n", "\n  "))
    assert moved == record
    assert record.hands[0].tricks[0].plays[0] == Play("W", tile("5-5"))


def test_keywords_are_case_insensitive_and_seats_uppercased() -> None:
    record, diagnostics = one("HAND 2 Dealer e\n  DEAL n 6-6\n  Bid s 30 Pass\n  TRUMP Sixes\n  Play n 6-6\n  Result ns 30 MADE\n")
    assert diagnostics == []
    hand = record.hands[0]
    assert (hand.number, hand.dealer) == (2, "E")
    assert hand.deal is not None and hand.deal[0].seat == "N"
    assert [(c.seat, c.amount) for c in hand.calls] == [("S", 30), (None, None)]
    assert hand.trump is not None and hand.trump.suit == 6
    assert hand.result is not None and (hand.result.side, hand.result.outcome) == ("NS", "made")


# -- constructs --------------------------------------------------------------------------------


def test_tiles_are_normalised_high_end_first() -> None:
    record, diagnostics = one("hand\n deal N 4-6 0-3 1-1 56\n play N 6-4 / 3-0\n")
    assert diagnostics == []
    hand = record.hands[0]
    assert hand.deal is not None
    assert hand.deal[0].tiles == tiles("6-4 3-0 1-1 6-5")
    assert [p.tile for t in hand.tricks for p in t.plays] == tiles("6-4 3-0")


def test_hand_number_and_dealer_are_optional() -> None:
    record, diagnostics = one("hand\n concede\n")
    assert diagnostics == []
    hand = record.hands[0]
    assert (hand.number, hand.dealer, at(record, hand.at)) == (None, None, (1, 1, 1, 5))
    assert hand.claim is not None and hand.claim.kind == "concede"


def test_deal_in_any_seat_order_on_one_line() -> None:
    record, _ = one("hand 1 dealer A\n deal C 6-6 A 5-5 B 4-4\n")
    assert [(d.seat, d.tiles) for d in record.hands[0].deal or []] == [("C", tiles("6-6")), ("A", tiles("5-5")), ("B", tiles("4-4"))]


@pytest.mark.parametrize("keyword", ["widow", "cat"])
def test_widow_and_cat_are_the_kitty(keyword: str) -> None:
    record, diagnostics = one(f"hand\n {keyword} 3-6 1-0\n")
    assert diagnostics == []
    hand = record.hands[0]
    assert hand.kitty is not None and hand.kitty.tiles == tiles("6-3 1-0") and hand.kitty.word == keyword
    assert at(record, hand.kitty.at) == (2, 2, 2, 2 + len(keyword) + 8)


def test_bid_forms() -> None:
    record, diagnostics = one("hand\n bid 30 pass 31 pass\n")
    assert diagnostics == []
    assert [(c.seat, c.amount) for c in record.hands[0].calls] == [(None, 30), (None, None), (None, 31), (None, None)]
    record, diagnostics = one("hand\n bid B 64 fives, C pass D 66 6s E 68 blanks\n")
    assert diagnostics == []
    assert [(c.seat, c.amount, c.suit) for c in record.hands[0].calls] == [("B", 64, 5), ("C", None, None), ("D", 66, 6), ("E", 68, 0)]
    record, diagnostics = one("hand\n bid B 5 C pass\n     A 21\n")  # Moon, continued on a second line
    assert diagnostics == []
    assert [(c.seat, c.amount) for c in record.hands[0].calls] == [("B", 5), ("C", None), ("A", 21)]
    assert at(record, record.hands[0].calls[2].at) == (3, 6, 3, 10)


@pytest.mark.parametrize(
    ("text", "kind", "suit", "low"),
    [
        ("fives", "suit", 5, False),
        ("blanks", "suit", 0, False),
        ("aces", "suit", 1, False),
        ("deuces", "suit", 2, False),
        ("treys", "suit", 3, False),
        ("3", "suit", 3, False),
        ("0", "suit", 0, False),
        ("doubles", "doubles", None, False),
        ("follow-me", "follow-me", None, False),
        ("follow me low", "follow-me", None, True),
        ("no-trump", "follow-me", None, False),
        ("notrump high", "follow-me", None, False),
        ("Follow-Me LOW", "follow-me", None, True),
    ],
)
def test_trump_declarations(text: str, kind: str, suit: int | None, low: bool) -> None:
    record, diagnostics = one(f"hand\n trump {text}\n")
    assert diagnostics == []
    trump = record.hands[0].trump
    assert trump is not None
    assert (trump.kind, trump.suit, trump.doubles_low) == (kind, suit, low)
    assert at(record, trump.at) == (2, 2, 2, 8 + len(text))


def test_exchange_forms() -> None:
    record, diagnostics = one("hand\n exchange 6-6 0-5 for 1-0 2-0\n")
    assert diagnostics == []
    exchange = record.hands[0].exchange
    assert exchange is not None
    assert exchange.take == tiles("6-6 5-0")
    assert exchange.give == tiles("1-0 2-0")
    assert at(record, exchange.at) == (2, 2, 2, 30)
    record, diagnostics = one("hand\n exchange none\n")
    assert diagnostics == []
    assert record.hands[0].exchange is not None and record.hands[0].exchange.take == []


def test_plays_without_seats_and_winner_on_its_own() -> None:
    record, diagnostics = one("hand\n play 5-5 5-0 5-3 6-5 => w\n")
    assert diagnostics == []
    trick = record.hands[0].tricks[0]
    assert [p.seat for p in trick.plays] == [None] * 4
    assert [p.tile for p in trick.plays] == tiles("5-5 5-0 5-3 6-5")
    assert trick.winner == "W"


def test_moon_result_and_negative_award() -> None:
    record, diagnostics = one("hand\n result A 4 set\n award A -4 B 2 C 1\n score A -4 B 2 C 1\n")
    assert diagnostics == []
    hand = record.hands[0]
    assert hand.result is not None and (hand.result.side, hand.result.points, hand.result.outcome) == ("A", 4, "set")
    assert hand.award is not None and hand.award.amounts == {"A": -4, "B": 2, "C": 1}


def test_result_side_and_points_are_optional() -> None:
    record, diagnostics = one("hand\n result set\n")
    assert diagnostics == []
    result = record.hands[0].result
    assert result is not None and (result.side, result.points, result.outcome) == (None, None, "set")


def test_claim() -> None:
    record, _ = one("hand\n play N 6-6\n claim\n")
    claim = record.hands[0].claim
    assert claim is not None and claim.kind == "claim" and at(record, claim.at) == (3, 2, 3, 7)


def test_tag_escapes_and_canonical_names() -> None:
    record, diagnostics = one('[event "say \\"hi\\" \\\\ bye"] [RULES "moon"]\nhand\n claim\n')
    assert diagnostics == []
    assert [(t.name, t.value) for t in record.tags] == [("Event", 'say "hi" \\ bye'), ("Rules", "moon")]


def test_known_tags() -> None:
    text = " ".join(f'[{name} "{TAG_VALUES.get(name, ("x",))[0]}"]' for name in KNOWN_TAGS) + "\nhand\n claim\n"
    record, diagnostics = one(text)
    assert diagnostics == []
    assert [t.name for t in record.tags] == list(KNOWN_TAGS)


# -- comments --------------------------------------------------------------------------------


COMMENTED = """\
; before the header
[Event "x"] ; after a tag
hand 1 dealer N ; on the hand line
  ; before the deal
  deal N 6-6 {inside N} 5-5
       { before E } E 4-4
  bid {before the first call} E 30, { after E's call } S pass
  trump fives { after trump }
  play W 5-5 N {before N's tile} 5-0
       { before W } W 6-6 / E 1-1
  result EW 35 made
; before hand 2
hand 2
  concede ; at the very end
{ trailing
  over two lines }
"""


def test_comments_belong_where_they_were_written() -> None:
    record, diagnostics = one(COMMENTED)
    assert diagnostics == []
    assert record.tags[0].comments == ("before the header",)
    assert record.tags[0].after == ("after a tag",)
    first, second = record.hands
    assert first.after == ("on the hand line",)
    assert first.deal is not None
    assert first.deal[0].comments == ("before the deal", "inside N")
    assert first.deal[1].comments == ("before E",)
    assert first.calls[0].comments == ("before the first call",)
    assert first.calls[0].after == ("after E's call",)
    assert first.trump is not None and first.trump.after == ("after trump",)
    assert [p.comments for p in first.tricks[0].plays] == [(), ("before N's tile",)]
    # on a line of its own, or before the first seat of a trick's line: the trick's
    assert first.tricks[1].comments == ("before W",) and first.tricks[1].plays[0].comments == ()
    assert second.comments == ("before hand 2",)
    assert second.claim is not None and second.claim.after == ("at the very end",)
    assert record.trailing_comments == ("trailing\n  over two lines",)


def test_an_end_of_line_comment_stays_with_its_trick() -> None:
    record, _ = one("hand\n  play W 5-0 N 5-5 E 5-3 S 5-4 => N ; N's double takes the counters\n       N 6-6 E 6-2\n")
    first, second = record.hands[0].tricks
    assert first.after == ("N's double takes the counters",)
    assert second.comments == ()


def test_a_comment_may_split_an_item() -> None:
    record, diagnostics = one("hand\n deal N 6-6 ; one\n   5-5 {two} E 4-4\n exchange 6-6 {x} for 1-0\n result NS {y} 30 made\n")
    assert diagnostics == []
    hand = record.hands[0]
    assert [(d.seat, d.tiles) for d in hand.deal or []] == [("N", tiles("6-6 5-5")), ("E", tiles("4-4"))]
    assert hand.exchange is not None and hand.exchange.give == tiles("1-0")
    assert hand.result is not None and hand.result.points == 30


def test_comments_in_a_hand_log_stay_with_their_hand() -> None:
    results = read("hand 1\n claim ; end of 1\nhand 2\n claim\n")
    records = [r.record for r in results if r.record]
    assert [h.claim.after for rec in records for h in rec.hands if h.claim] == [("end of 1",), ()]


# -- diagnostics -----------------------------------------------------------------------------------


def test_bad_tile_is_s002_at_its_column() -> None:
    record, diagnostics = one("hand\n  deal N 6-6 7-2 5-5\n  play N 6-6 E 2-9\n")
    assert codes(diagnostics) == ["S002", "S002"]
    assert diagnostics[0].at is not None and tuple(diagnostics[0].at) == (2, 14, 2, 17)
    assert where(diagnostics[1]) == (3, 16)
    assert "7-2" in diagnostics[0].message
    assert diagnostics[0].file == "t.txt" and diagnostics[0].game == 1 and diagnostics[0].hand == 1
    hand = record.hands[0]
    assert hand.deal is not None and hand.deal[0].tiles == tiles("6-6 5-5")
    assert [p.tile for p in hand.tricks[0].plays] == tiles("6-6")
    assert hand.unreadable  # a tile is missing: the hand is not replayed


def test_unknown_tag_is_an_s003_warning_and_kept() -> None:
    record, diagnostics = one('[Rulse "42"]\nhand\n claim\n')
    assert codes(diagnostics) == ["S003"]
    assert diagnostics[0].at is not None and tuple(diagnostics[0].at) == (1, 1, 1, 13)
    assert diagnostics[0].hint == "did you mean `Rules`?"
    assert not diagnostics[0].is_error
    assert [t.name for t in record.tags] == ["Rulse"]


def test_repeated_tag_is_s009_warning() -> None:
    record, diagnostics = one('[Rules "42"]\n[Target "7"] [rules "88"]\nhand\n claim\n')
    assert codes(diagnostics) == ["S009"]
    assert where(diagnostics[0]) == (2, 14)
    assert not diagnostics[0].is_error
    assert record.tag("Rules") == "88"


def test_bad_mode_is_s008() -> None:
    _, diagnostics = one('[Mode "tournament"]\nhand\n claim\n')
    assert codes(diagnostics) == ["S008"]


def test_syntax_error_in_hand_2_of_3_costs_only_hand_2() -> None:
    text = (
        '[Rules "42"]\n'
        + HAND_42
        + HAND_42.replace("hand 1", "hand 2").replace("play W 5-5 N", "play W 5-5 N xyz")
        + HAND_42.replace("hand 1", "hand 3")
    )
    record, diagnostics = one(text)
    assert codes(diagnostics) == ["S001"]
    d = diagnostics[0]
    assert d.at is not None and tuple(d.at) == (21, 16, 21, 19)
    assert d.message == "expected a tile after `play`, found `xyz`"
    assert (d.game, d.hand) == (1, 2)
    assert [h.number for h in record.hands] == [1, 2, 3]
    assert [h.unreadable for h in record.hands] == [False, True, False]
    second = record.hands[1]
    assert second.dealer == "N" and second.deal is not None and len(second.deal) == 4
    assert record.hands[2].tricks == record.hands[0].tricks


def test_broken_hand_line_still_gives_number_and_dealer() -> None:
    results = read("hand 4 dealer S %%\n claim\nhand 5\n claim\n")
    assert [r.record.hands[0].number for r in results if r.record] == [4, 5]
    first = results[0].record
    assert first is not None
    assert first.hands[0].unreadable and first.hands[0].dealer == "S"
    problems = resolved(results[0])
    assert codes(problems) == ["S001"] and where(problems[0]) == (1, 17)


def test_misplaced_and_repeated_items_are_s011() -> None:
    record, diagnostics = one("hand\n trump fives\n trump sixes\n play N 6-6\n deal N 6-6\n")
    assert codes(diagnostics) == ["S011", "S011"]
    assert [where(d) for d in diagnostics] == [(3, 2), (5, 2)]
    assert record.hands[0].trump is not None and record.hands[0].trump.suit == 5


@pytest.mark.parametrize(
    ("text", "place", "words"),
    [
        ("hand\n deal 6-6 N 5-5\n", (2, 7), "expected a seat after `deal`"),
        ("hand\n play N 6-6 E\n result NS 30 made\n", (2, 13), "the seat `E` has no tile"),
        ("hand\n play N 6-6 => \n", (2, 15), "expected a seat"),
        ("hand\n play N 6-6 => W E 5-5\n", (2, 18), "found `E`"),
        ("hand\n bid E 30 S\n trump fives\n", (2, 11), "the seat `S` has no call"),
        ("hand\n trump eights\n", (2, 8), "expected a trump"),
        ("hand\n score NS 1 EW\n", (2, 15), "expected a number"),
        ("hand\n result NS 30\n", (2, 14), "expected `made` or `set`"),
        ("hand\n deal N 6-6 {never closed\n", (2, 13), "never closed"),
        ("hand\n exchange\n", (2, 10), "expected a tile or `none`"),
        ("hand 1\n dael N 6-6\n", (2, 2), "expected a new item"),
        ("hand 1\n play N 6:6\n", (2, 9), "found `6:6`"),
        ("hand 1\n bid N 1 mark\n", (2, 10), "found `mark`"),
        ("hand 1\n deal N 6-6\u200b\n", (2, 12), "U+200B"),
    ],
)
def test_syntax_errors_in_plain_words(text: str, place: tuple[int, int], words: str) -> None:
    record, diagnostics = one(text)
    assert codes(diagnostics) == ["S001"], diagnostics
    assert where(diagnostics[0]) == place
    assert words in diagnostics[0].message
    line = text.splitlines(True)[place[0] - 1]
    bookkeeping = line.split()[:1] in (["score"], ["result"], ["award"]) or line.endswith("=> \n")
    if bookkeeping:  # one slip costs one line: the line is left out, the hand is still replayed
        assert not record.hands[0].unreadable and "left out" in (diagnostics[0].hint or "")
    else:
        assert record.hands[0].unreadable


def test_hints_for_marks_and_tiles() -> None:
    _, diagnostics = one("hand 1\n bid N 1 mark\n")
    assert diagnostics[0].hint == "mark bids are written in points: 42 = 1 mark, 84 = 2"
    _, diagnostics = one("hand 1\n play N 6:6\n")
    assert diagnostics[0].hint == "tiles are written 6-6 or 66"


def test_a_number_too_long_is_s013_at_its_column() -> None:
    record, diagnostics = one("hand " + "9" * 5000 + " dealer N\n bid N " + "3" * 20 + "\n")
    assert codes(diagnostics) == ["S013", "S013"]
    assert [where(d) for d in diagnostics] == [(1, 6), (2, 8)]
    assert record.hands[0].unreadable


def test_text_before_the_first_record_is_reported_with_it() -> None:
    results = read("this is not a record\nhand 1\n claim\n")
    assert len(results) == 1
    problems = resolved(results[0])
    assert codes(problems) == ["S001"]
    assert where(problems[0]) == (1, 1)
    assert results[0].record is not None and not results[0].record.hands[0].unreadable


def test_broken_tag_line_costs_only_that_line() -> None:
    record, diagnostics = one('[Event "x"]\n[Site "y" oops\n[Rules "42"]\nhand\n claim\n')
    assert codes(diagnostics) == ["S001"] and where(diagnostics[0]) == (2, 1)
    assert [t.name for t in record.tags] == ["Event", "Rules"]


# -- file level -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n\n", "; nothing here\n{ nor here }\n"])
def test_no_record_is_s007(text: str) -> None:
    results = read(text)
    assert len(results) == 1 and results[0].record is None
    assert codes(results[0].diagnostics) == ["S007"]
    assert results[0].diagnostics[0].message == "no games or hands in t.txt"


def test_nul_byte_is_s006_after_the_records_before_it(tmp_path: Path) -> None:
    """The records before the bad byte are read; the one it cuts short is not."""
    results = read("hand 1\n claim\nhand 2\n claim\x00\n")
    assert [(r.record is None, codes(r.diagnostics)) for r in results] == [(False, []), (True, ["S006"])]
    assert where(results[1].diagnostics[0]) == (4, 7)
    path = tmp_path / "nul.txt"
    path.write_bytes(b"hand 1\n  claim\n\x00\x01\x02")
    results = list(read_records(path, "nul.txt"))
    assert [(r.record is None, codes(r.diagnostics)) for r in results] == [(True, ["S006"])]
    assert results[0].diagnostics[0].file == "nul.txt" and where(results[0].diagnostics[0]) == (3, 1)


def test_non_utf8_is_s006_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes('[Event "Café"]\nhand\n claim\n'.encode() + "; señor\n".encode("latin-1"))
    results = list(read_records(path))
    assert results[-1].record is None  # the header was read; the hand the bad byte cuts short is not
    d = results[-1].diagnostics[0]
    assert d.code == "S006" and d.at is not None and d.at.line == 4
    assert d.file == str(path)


def test_random_binary_junk_is_s006(tmp_path: Path) -> None:
    path = tmp_path / "junk.bin"
    rng = random.Random(42)
    path.write_bytes(bytes(rng.randrange(256) for _ in range(10_000)))
    results = list(read_records(path))
    assert codes(results[-1].diagnostics) == ["S006"]


def test_read_path_streams_utf8_with_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(b"\xef\xbb\xbf" + GAME_42.replace("\n", "\r\n").encode("utf-8"))
    results = list(read_records(path, "game.txt"))
    assert len(results) == 1 and results[0].diagnostics == []
    record = results[0].record
    assert record is not None
    assert at(record, record.tags[0].at) == (2, 1, 2, 24)
    assert record.hands[0].score is not None and at(record, record.hands[0].score.at) == (17, 3, 17, 18)


def test_a_stream_reads_like_its_text(tmp_path: Path) -> None:
    import io

    with_crlf = GAME_42.replace("\n", "\r\n")
    assert [r.record for r in read_records(io.BytesIO(with_crlf.encode()))] == [r.record for r in read_text(GAME_42)]
    assert [r.record for r in read_records(io.StringIO(GAME_42))] == [r.record for r in read_text(GAME_42)]
    cr_only = GAME_42.replace("\n", "\r")
    assert [r.record for r in read_records(io.BytesIO(cr_only.encode()))] == [r.record for r in read_text(GAME_42)]


def test_utf16_is_named(tmp_path: Path) -> None:
    path = tmp_path / "u16.42"
    path.write_bytes(GAME_42.encode("utf-16"))
    [result] = read_records(path)
    assert codes(result.diagnostics) == ["S006"] and "UTF-16" in (result.diagnostics[0].message + str(result.diagnostics[0].hint))


def test_a_path_that_cannot_be_read_is_s014(tmp_path: Path) -> None:
    [result] = read_records(tmp_path / "missing.42")
    assert codes(result.diagnostics) == ["S014"] and "cannot read" in result.diagnostics[0].message
    [result] = read_records(tmp_path)
    assert codes(result.diagnostics) == ["S014"]


def test_random_bytes_never_raise() -> None:
    rng = random.Random(7)
    data = bytes(rng.randrange(256) for _ in range(10_000))
    for text in (data.decode("latin-1"), data.decode("utf-8", errors="replace"), data.decode("latin-1").replace("\x00", "")):
        results = read(text)
        assert results
        assert all(isinstance(r, ReadResult) for r in results)


def test_random_notation_soup_never_raises() -> None:
    rng = random.Random(11)
    words = [
        "hand",
        "deal",
        "bid",
        "play",
        "trump",
        "=>",
        "/",
        "{",
        "}",
        ";",
        "[",
        "]",
        '"',
        "N",
        "6-6",
        "7-2",
        "30",
        "pass",
        "result",
        "made",
        "fives",
        "\n",
        " ",
    ]
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 80)))
        for r in read(text):
            assert r.record is not None or r.diagnostics


# -- records: games, logs, hand logs -----------------------------------------------------------------


def test_hands_without_header_are_one_record_each() -> None:
    results = read(HAND_42 + HAND_42.replace("hand 1", "hand 2"))
    assert len(results) == 2
    assert [r.record.tags for r in results if r.record] == [[], []]
    assert [[h.number for h in r.record.hands] for r in results if r.record] == [[1], [2]]
    results = read(HAND_42.replace("7-2", "x") + "hand 2\n play N 9-9\n")
    assert [(d.game, d.hand) for r in results for d in r.diagnostics] == [(2, 2)]


def test_header_makes_a_game_and_a_new_header_a_new_game() -> None:
    text = '[Event "one"]\n' + HAND_42 + HAND_42 + '\n[Event "two"]\n' + HAND_42
    results = read(text)
    assert [(r.record.tag("Event"), len(r.record.hands)) for r in results if r.record] == [("one", 2), ("two", 1)]


def test_mode_log_yields_each_hand_with_a_copy_of_the_header() -> None:
    text = '[Event "log"] [Mode "log"]\n' + HAND_42 + HAND_42.replace("hand 1", "hand 2").replace("6-6 6-5", "6-6 9-9")
    results = read(text)
    assert len(results) == 2
    first, second = (r.record for r in results)
    assert first is not None and second is not None
    assert [t.value for t in first.tags] == [t.value for t in second.tags] == ["log", "log"]
    assert first.tags is not second.tags
    assert [len(r.hands) for r in (first, second)] == [1, 1]
    assert [(d.code, d.game, d.hand) for d in results[1].diagnostics] == [("S002", 2, 2)]


def test_header_without_hands_is_still_a_record() -> None:
    record, diagnostics = one('[Event "empty"]\n')
    assert diagnostics == [] and record.hands == [] and record.tag("Event") == "empty"


# -- properties --------------------------------------------------------------------------------------

_EDITS = st.lists(
    st.tuples(
        st.sampled_from(["insert", "delete", "replace"]), st.integers(min_value=0, max_value=len(GAME_42)), st.characters(codec="utf-8")
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_EDITS)
def test_mutations_of_a_valid_record_never_raise(edits: list[tuple[str, int, str]]) -> None:
    text = GAME_42
    for op, at, ch in edits:
        at = min(at, len(text))
        if op == "insert":
            text = text[:at] + ch + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + ch + text[at + 1 :]
    results = read(text)
    assert results
    for r in results:
        for d in resolved(r):
            assert d.code.startswith("S") and "please report" not in d.message
            if d.at is not None:
                assert 1 <= d.at.line <= text.count("\n") + 1


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('hand deal bid play trump result N E S W 0123456-=>/;{}[]"\n\t,.x')), max_size=300))
def test_arbitrary_notation_text_never_raises(text: str) -> None:
    for r in read(text):
        assert r.record is not None or r.diagnostics
        for d in r.diagnostics:
            assert "please report" not in d.message


# -- the grammar file -----------------------------------------------------------------------------------


def test_grammar_is_found_and_names_every_suit_alias() -> None:
    from referee.engine.declarations import NUMBER_ALIASES

    assert grammar_path().is_file()
    text = grammar_text()
    suit_line = next(line for line in text.splitlines() if line.startswith("SUIT.4:"))
    for alias in NUMBER_ALIASES:
        assert alias in suit_line


def test_the_examples_in_the_docs_read_clean() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in doc.split("```notation\n")[1:]]
    assert len(blocks) >= 4
    rules = []
    for block in blocks:
        results = list(read_text(block, "notation.md"))
        assert [d for r in results for d in r.diagnostics] == []
        records = [r.record for r in results if r.record is not None]
        sheet = [rec.tag("Detail") == "hands" for rec in records]
        assert records and all((h.tricks or s) and not h.unreadable for rec, s in zip(records, sheet, strict=True) for h in rec.hands)
        rules.append((records[0].tag("Rules") or "") + (" sheet" if sheet[0] else ""))
    # the third: the irregularities ruled at the table; the fourth, a forfeit; the fifth, a score sheet without plays
    assert rules == ["42", "42", "42", "42", "42 sheet", "moon", "88"]
