"""The ``forfeit`` item (issue 26, the notation side): a seat's fault in a match, read by
both readers, written back canonically, kept in JSON, and worded when wrong."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import make_rules
from referee.interchange.jsonread import parse_document
from referee.notation.grammar import terminals
from referee.notation.items import PLAIN_ITEMS
from referee.notation.items.forfeit import FAULTS
from referee.notation.plain import plain_hand
from referee.notation.reader import read_text
from referee.notation.record import RECORD_VERSION, Forfeit, GameRecord
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from tests.notation.test_plain import _agree, _hands


def _one(text: str) -> GameRecord:
    (result,) = list(read_text(text, "x.42"))
    assert result.diagnostics == [] and result.record is not None
    return result.record


def test_the_faults_are_the_grammars() -> None:
    m = re.match(r"\(\?:([a-z|]+)\)", terminals()["FAULT"].pattern)
    assert m is not None and m.group(1).split("|") == list(FAULTS)


@pytest.mark.parametrize(
    ("line", "forfeit"),
    [
        ("forfeit E time", Forfeit("E", "time")),
        ("forfeit w Illegal trick 3", Forfeit("W", "illegal", 3)),
        ("FORFEIT n crash  TRICK 12", Forfeit("N", "crash", 12)),
        ("forfeit s protocol", Forfeit("S", "protocol")),
        ("forfeit E stall trick 1", Forfeit("E", "stall", 1)),
    ],
)
def test_each_form_is_read_by_both_readers_and_written_back(line: str, forfeit: Forfeit) -> None:
    text = f"hand 1\n  play N 6-6\n  {line}\n  result NS 1 made\n"
    hand = _one(text).hands[0]
    assert hand.forfeit == forfeit
    assert hand.forfeit.at is not None and text[hand.forfeit.at[0] : hand.forfeit.at[1]] == line
    for blanked, base in _hands(text):
        assert _agree(blanked, base) is not None, "the plain layout of the item takes the fast path"
    written = format_game(_one(text))
    trick = f" trick {forfeit.trick}" if forfeit.trick is not None else ""
    assert f"\n  forfeit {forfeit.seat} {forfeit.fault}{trick}\n" in written
    assert _one(written) == _one(text)


def test_comments_stay_with_it() -> None:
    text = "hand 1\n  ; the clock ran out\n  forfeit E time trick 2  ; 40 s over\n"
    hand = _one(text).hands[0]
    assert hand.forfeit is not None
    assert hand.forfeit.comments == ("the clock ran out",) and hand.forfeit.after == ("40 s over",)
    assert format_game(_one(text)) == text


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("forfeit E", "expected a fault (`time`, `illegal`, `crash`, `protocol` or `stall`) after `forfeit`"),
        ("forfeit E nap", "found `nap`"),
        ("forfeit time", "expected a seat after `forfeit`, found `time`"),
        ("forfeit E time 3", "expected `trick N` or a new item"),
        ("forfeit E time trick", "expected a number after `forfeit`"),
        ("forfeit NS crash", "expected a seat after `forfeit`, found `NS`"),
    ],
)
def test_a_wrong_form_is_s001_in_words(line: str, words: str) -> None:
    (result,) = list(read_text(f"hand 1\n  {line}\n", "x.42"))
    assert [d.code for d in result.diagnostics][:1] == ["S001"]
    assert words in result.diagnostics[0].message
    assert result.record is not None and result.record.hands[0].unreadable


def test_a_second_forfeit_is_s011() -> None:
    (result,) = list(read_text("hand 1\n  forfeit E time\n  forfeit S crash\n", "x.42"))
    assert [d.code for d in result.diagnostics] == ["S011"]
    assert result.record is not None and result.record.hands[0].forfeit == Forfeit("E", "time")


def test_a_side_may_still_be_called_as_a_fault_is() -> None:
    """The fault words are words of the item, not keywords: elsewhere they are names."""
    hand = _one("hand 1\n  award time 1 stall 0\n").hands[0]
    assert hand.award is not None and hand.award.amounts == {"TIME": 1, "STALL": 0}


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["42", "moon", "88"]), seed=st.integers(0, 10_000))
def test_write_then_read_gives_the_record_back(game: str, seed: int) -> None:
    record = next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=4))
    rng = random.Random(seed)
    seats = "NESW" if game == "42" else "ABC" if game == "moon" else "ABCDEF"
    hands = [
        dataclasses.replace(h, forfeit=Forfeit(rng.choice(seats), rng.choice(FAULTS), rng.choice([None, rng.randint(1, 9)])))
        if rng.random() < 0.5
        else h
        for h in record.hands
    ]
    record = dataclasses.replace(record, hands=hands)
    text = format_game(record)
    assert _one(text) == record
    for blanked, base in _hands(text):
        _agree(blanked, base)
        if "forfeit" in blanked:
            assert plain_hand(blanked, base, PLAIN_ITEMS) is not None


def _document(text: str) -> dict[str, object]:
    from referee.interchange.documents import document_json
    from referee.judging.judged import Judged
    from referee.judging.replay import Referee

    record = _one(text)
    verdict = Referee().judge(record)
    doc = document_json(Judged("x.42", 1, record, verdict, verdict.diagnostics))
    assert doc is not None
    data: dict[str, object] = json.loads(doc)
    return data


def test_json_keeps_it_and_a_version_3_document_still_reads() -> None:
    text = "hand 1\n  play N 6-6\n  forfeit E illegal trick 1\n"
    data = _document(text)
    assert data["version"] == RECORD_VERSION
    back, problems = parse_document(json.dumps(data))
    assert problems == [] and back == _one(text)
    older = json.loads(json.dumps(data))
    older["version"] = 3
    del older["record"]["hands"][0]["forfeit"]
    back, problems = parse_document(json.dumps(older))
    assert problems == [] and back is not None and back.hands[0].forfeit is None


@pytest.mark.parametrize(
    ("forfeit", "words"),
    [
        ({"seat": "NS", "fault": "time", "trick": None}, "hand 1: 'NS' is not a seat (a seat is one letter)"),
        ({"seat": "E", "fault": "time", "trick": -1}, "hand 1: trick -1 is out of range"),
        ({"seat": "E", "fault": "nap", "trick": None}, "record.hands.0.forfeit.fault"),
    ],
)
def test_a_json_forfeit_the_notation_cannot_hold_is_refused(forfeit: dict[str, object], words: str) -> None:
    data = _document("hand 1\n  forfeit E time\n")
    data["record"]["hands"][0]["forfeit"].update(forfeit)  # type: ignore[index]
    back, problems = parse_document(json.dumps(data))
    assert back is None and [p.code for p in problems] == ["S012"] and words in problems[0].message
