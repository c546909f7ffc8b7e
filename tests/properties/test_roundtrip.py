"""Round trips over generated records of all three games (issue: convert/fmt).

text -> Record -> text is the canonical text; JSON -> Record -> JSON is
identical; text -> JSON -> text gives the canonical text back; and every
JSON document the tool writes validates against the published schema.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.interchange.documents import document_json
from referee.interchange.jsonread import parse_document
from referee.judging.judged import Judged
from referee.judging.replay import Referee
from referee.notation.reader import read_text
from referee.notation.record import GameRecord
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from referee.report.canonical import canonical
from referee.report.schemas import schema_for
from tests.mutations import EDITS, mutate

GAMES = ["42", "moon", "88"]


@cache
def _validator() -> Any:
    return jsonschema.Draft202012Validator(schema_for("convert"))


def _simulated(game: str, seed: int) -> GameRecord:
    return next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=6))


def _read_one(text: str) -> GameRecord:
    results = list(read_text(text, "t.42"))
    assert [d for r in results for d in r.diagnostics] == []
    assert len(results) == 1 and results[0].record is not None
    return results[0].record


def _document(record: GameRecord) -> str:
    verdict = Referee(record.tag("Rules") or "42").judge(record, file="t.42", game_index=1)
    text = document_json(Judged("t.42", 1, record, verdict, verdict.diagnostics))
    assert text is not None
    return text


def _back(text: str) -> GameRecord:
    record, problems = parse_document(text)
    assert problems == [] and record is not None
    return record


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_text_record_text_is_canonical(game: str, seed: int) -> None:
    record = _simulated(game, seed)
    text = format_game(record)
    parsed = _read_one(text)
    assert format_game(parsed) == text
    assert parsed == record


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_json_record_json_is_identical_and_valid(game: str, seed: int) -> None:
    record = _read_one(format_game(_simulated(game, seed)))
    first = _document(record)
    _validator().validate(json.loads(first))
    back = _back(first)
    assert back == record
    again = json.loads(_document(back))
    # read back, the record has no text to point into: the same document but for its places
    assert _without_places(again) == _without_places(json.loads(first))


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_text_json_text_gives_the_canonical_text(game: str, seed: int) -> None:
    text = format_game(_simulated(game, seed))
    back = _back(_document(_read_one(text)))
    verdict = Referee(back.tag("Rules") or "42").judge(back)
    assert format_game(canonical(back, verdict)) == text


def test_seatless_record_becomes_canonical_through_json() -> None:
    """Seat labels left out in the text are written out by the canonical form."""
    record = _simulated("42", 7)
    text = format_game(record)
    bare = _read_one(text)
    for hand in bare.hands:
        for call in hand.calls:
            call.seat = None
        for trick in hand.tricks:
            trick.plays = [p._replace(seat=None) for p in trick.plays]
    seatless = format_game(bare)
    assert seatless != text
    back = _back(_document(_read_one(seatless)))
    assert format_game(canonical(back, Referee().judge(back))) == text


def _without_places(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_places(v) for k, v in value.items() if k != "at" and not k.endswith("_at")}
    if isinstance(value, list):
        return [_without_places(v) for v in value]
    return value


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 1_000), edits=EDITS)
def test_mutated_records_never_crash_the_referee(game: str, seed: int, edits: list[tuple[float, str, str]]) -> None:
    """Reader and referee together: any damage gives diagnostics, never an exception."""
    text = mutate(format_game(_simulated(game, seed)), edits)
    referee = Referee()
    for index, result in enumerate(read_text(text, "m.42"), start=1):
        if result.record is not None:
            verdict = referee.judge(result.record, file="m.42", game_index=index)
            assert all(d.file == "m.42" for d in verdict.diagnostics)


# -- writing never changes what the referee says (issue 10) -------------------------------------


def _meaning(record: GameRecord, rules: str | None = None) -> Any:
    """What the referee says of ``record``: its verdict (hands, scores, winner) and the
    codes of its diagnostics, without the places, which writing moves."""
    verdict = Referee(rules or record.tag("Rules") or "42").judge(record, file="t.42", game_index=1)
    text = document_json(Judged("t.42", 1, record, verdict, verdict.diagnostics))
    assert text is not None
    said = json.loads(text)["verdict"]
    said["diagnostics"] = sorted((d["code"], d["hand"]) for d in said["diagnostics"])
    return _without_places(said)


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_judge_of_the_written_record_is_judge_of_the_record(game: str, seed: int) -> None:
    """``judge(parse(write(r))) == judge(r)`` for simulated games of the three games."""
    record = _simulated(game, seed)
    assert _meaning(_read_one(format_game(record))) == _meaning(record)


def _fmt(text: str) -> str | None:
    """What ``referee fmt`` writes for ``text``, or None when it would leave it alone."""
    from referee.notation.writer import format_records

    records = []
    for result in read_text(text, "t.42"):
        record = result.record
        if record is None or any(d.is_syntax for d in result.diagnostics) or any(h.unreadable for h in record.hands):
            return None
        verdict = Referee(record.tag("Rules") or "42").judge(record, file="t.42", game_index=1)
        if any(d.is_syntax for d in verdict.diagnostics):
            return None
        records.append(canonical(record, verdict))
    return "".join(format_records(records))


def _meanings(text: str) -> list[Any]:
    return [_meaning(r.record) for r in read_text(text, "t.42") if r.record is not None]


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 1_000), edits=EDITS, seatless=st.booleans())
def test_fmt_never_changes_meaning(game: str, seed: int, edits: list[tuple[float, str, str]], seatless: bool) -> None:
    """``fmt`` on generated records of the three games, with seats left out and random
    damage (rule errors included): the verdicts before and after are equal, and a second
    ``fmt`` changes nothing."""
    text = format_game(_simulated(game, seed))
    if seatless:
        text = _without_seats(text)
    text = mutate(text, edits)
    after = _fmt(text)
    if after is None:
        return  # a syntax error: fmt leaves the file alone
    assert _meanings(after) == _meanings(text)
    assert _fmt(after) == after


def _without_seats(text: str) -> str:
    """The record with the seat labels of its calls and plays left out, as people write it."""
    import re

    out = []
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith("bid "):
            line = re.sub(r"(?<=[ ,])[A-Z] (?=\d|pass)", "", line)
        elif stripped.startswith("play ") or (
            line.startswith("       ") and " => " not in line and "-" in line and not re.search(r"^\s+[A-Z] \d-\d \d-\d", line)
        ):
            line = re.sub(r"(?<= )[A-Z] (?=\d-\d)", "", line)
        out.append(line)
    return "\n".join(out)
