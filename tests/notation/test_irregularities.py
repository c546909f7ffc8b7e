"""The irregularity items: ``misdeal``, ``renege`` and ``accept``, read by both readers,
written back canonically (``parse(write(r)) == r``), kept in JSON, and worded when wrong."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.interchange.jsonread import parse_document
from referee.notation.items import PLAIN_ITEMS, item_table
from referee.notation.plain import plain_hand
from referee.notation.reader import read_text
from referee.notation.record import AcceptedPlay, GameRecord, Misdeal, RenegeCall
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from tests.notation.test_plain import _agree, _hands

HAND = """\
hand 1 dealer W
  misdeal by W
  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
       E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
       S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
       W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
  bid N 30, E pass, S pass, W pass
  trump sixes
  play N 6-6 E 5-5 S 4-3 W 3-0
  accept E trick 2
  renege E trick 1 called by S
"""


def _one(text: str) -> GameRecord:
    (result,) = list(read_text(text, "x.42"))
    assert result.diagnostics == [] and result.record is not None
    return result.record


def test_each_item_is_read_with_its_place() -> None:
    hand = _one(HAND).hands[0]
    assert hand.misdeal == Misdeal("W")
    assert hand.accepted == [AcceptedPlay("E", 2)]
    assert hand.renege == RenegeCall("E", 1, "S")
    assert hand.misdeal.at is not None and HAND[hand.misdeal.at[0] : hand.misdeal.at[1]] == "misdeal by W"
    assert hand.misdeal.by_at is not None and HAND[hand.misdeal.by_at[0] : hand.misdeal.by_at[1]] == "W"
    assert hand.renege.at is not None and HAND[hand.renege.at[0] : hand.renege.at[1]] == "renege E trick 1 called by S"


def test_the_plain_reader_reads_them_as_the_general_one_does() -> None:
    for text, base in _hands(HAND):
        assert _agree(text, base) is not None, "the plain layout of the items takes the fast path"


@pytest.mark.parametrize(
    "line",
    ["misdeal", "renege W trick 12", "accept n TRICK 3", "Misdeal By s", "renege e trick 2 called by n"],
)
def test_short_and_lower_case_forms(line: str) -> None:
    text = f"hand 1\n  {line}\n"
    for blanked, base in _hands(text):
        _agree(blanked, base)
    record = _one(text)
    assert format_game(record).splitlines()[-1] == "  " + " ".join(
        w.upper() if len(w) == 1 else w.lower() for w in line.replace("By", "by").split()
    )


def test_written_canonically_in_place_with_their_comments() -> None:
    text = (
        "hand 1 dealer W\n  misdeal by W  ; shuffled badly\n  bid N 30, E pass, S pass, W pass\n"
        "  renege E trick 1  {S saw it}\n  accept E trick 2\n  result NS 30 made\n"
    )
    out = format_game(_one(text))
    assert out == (
        "hand 1 dealer W\n  misdeal by W  ; shuffled badly\n  bid N 30, E pass, S pass, W pass\n"
        "  accept E trick 2\n  renege E trick 1  ; S saw it\n  result NS 30 made\n"
    )
    assert _one(out) == _one(text)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("renege E 3", "expected `trick N` after `renege`, found `3`"),
        ("accept trick 2", "expected a seat after `accept`, found `trick`"),
        ("misdeal W", "expected `by SEAT` or a new item"),
        ("renege E trick 3 by N", "expected `called by SEAT` or a new item"),
        ("renege E trick two", "expected a number after `renege`, found `two`"),
    ],
)
def test_a_wrong_form_is_s001_in_words(line: str, words: str) -> None:
    (result,) = list(read_text(f"hand 1\n  {line}\n", "x.42"))
    assert [d.code for d in result.diagnostics][:1] == ["S001"]
    assert words in result.diagnostics[0].message
    assert result.record is not None and result.record.hands[0].unreadable


def test_a_second_renege_is_s011_and_two_accepts_are_allowed() -> None:
    (result,) = list(read_text("hand 1\n  accept E trick 1\n  accept S trick 2\n  renege E trick 1\n  renege S trick 2\n", "x.42"))
    assert [d.code for d in result.diagnostics] == ["S011"]
    assert result.record is not None
    hand = result.record.hands[0]
    assert [a.seat for a in hand.accepted] == ["E", "S"] and hand.renege == RenegeCall("E", 1)


def test_the_item_table_names_them() -> None:
    table = item_table()
    for word in ("misdeal", "renege", "accept"):
        assert f"| {word} |" in table


def _with_irregularities(record: GameRecord, rng: random.Random) -> GameRecord:
    seats = "NESW" if record.tag("Rules") == "42" else "ABCDEF"[: 3 if record.tag("Rules") == "moon" else 6]
    hands = []
    for hand in record.hands:
        choice = rng.random()
        extra: dict[str, object] = {}
        if choice < 0.3:
            extra["misdeal"] = Misdeal(rng.choice([None, hand.dealer]))
        if 0.2 < choice < 0.6:
            extra["renege"] = RenegeCall(rng.choice(seats), rng.randint(1, 9), rng.choice([None, rng.choice(seats)]))
        if choice > 0.5:
            extra["accepted"] = [AcceptedPlay(rng.choice(seats), rng.randint(1, 9)) for _ in range(rng.randint(1, 2))]
        hands.append(dataclasses.replace(hand, **extra))  # type: ignore[arg-type]
    return dataclasses.replace(record, hands=hands)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["42", "moon", "88"]), seed=st.integers(0, 10_000))
def test_write_then_read_gives_the_record_back(game: str, seed: int) -> None:
    record = _with_irregularities(next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=4)), random.Random(seed))
    text = format_game(record)
    assert _one(text) == record
    for blanked, base in _hands(text):
        _agree(blanked, base)
        if any(w in blanked for w in ("misdeal", "renege", "accept")) and blanked.count("accept") < 2:
            assert plain_hand(blanked, base, PLAIN_ITEMS) is not None


def test_json_keeps_them_and_a_version_2_document_still_reads() -> None:
    from referee.interchange.documents import document_json
    from referee.judging.judged import Judged
    from referee.judging.replay import Referee

    record = _one(HAND)
    verdict = Referee().judge(record)
    doc = document_json(Judged("x.42", 1, record, verdict, verdict.diagnostics))
    assert doc is not None
    back, problems = parse_document(doc)
    assert problems == [] and back == record
    older = json.loads(doc)
    older["version"] = 2
    for hand in older["record"]["hands"]:
        for key in ("misdeal", "renege", "accepted"):
            hand.pop(key)
    back, problems = parse_document(json.dumps(older))
    assert problems == [] and back is not None
    assert back.hands[0].renege is None and back.hands[0].deal == record.hands[0].deal
