"""``convert``'s JSON text, written straight from the record (``interchange.jsontext``), is
byte for byte the general path's: ``shapes.dump`` then ``json.dumps``."""

from __future__ import annotations

import json
from enum import IntEnum, StrEnum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.engine.tiles import Tile
from referee.interchange.jsontext import document_json, value_json
from referee.interchange.shapes import dump
from referee.judging.judged import Judged
from referee.judging.replay import Referee
from referee.notation.reader import read_text
from referee.notation.record import RECORD_VERSION, Play, Tag
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from referee.source import Segment, Source
from tests.mutations import EDITS, mutate

SAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("samples").rglob("*.42"))


def _general(j: Judged) -> str:
    assert j.record is not None
    source = j.record.source
    doc = {
        "format": "referee-record",
        "version": RECORD_VERSION,
        "file": j.file,
        "index": j.index,
        "record": dump(j.record, source),
        "verdict": dump(j.verdict, source),
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _all_equal(text: str, name: str) -> int:
    referee = Referee()
    n = 0
    for index, result in enumerate(read_text(text, name), start=1):
        if result.record is None:
            continue
        verdict = referee.judge(result.record, file=name, game_index=index)
        j = Judged(name, index, result.record, verdict, [*result.diagnostics, *verdict.diagnostics])
        assert document_json(j) == _general(j)
        n += 1
    return n


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(["42", "moon", "88"]), seed=st.integers(0, 1_000), edits=EDITS)
def test_damaged_records_are_written_as_the_general_path_writes_them(game: str, seed: int, edits: list[tuple[float, str, str]]) -> None:
    record = next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=4))
    _all_equal(mutate(format_game(record), edits), "m.42")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_is_written_as_the_general_path_writes_it(path: Path) -> None:
    _all_equal(path.read_text(encoding="utf-8"), str(path))  # every record it reads, compared


def test_the_samples_hold_records() -> None:
    assert sum(_all_equal(path.read_text(encoding="utf-8"), str(path)) for path in SAMPLES) >= len(SAMPLES)


class _Kind(StrEnum):
    suit = "suit"


class _Small(IntEnum):
    one = 1


@pytest.mark.parametrize(
    "value",
    [
        {"a": 1.5, "b": float("inf"), "c": [True, False, None]},
        {1: "one", None: 2, _Kind.suit: _Small.one},
        [Tile.of(6, 4), "6-4", 64, _Kind.suit, (), []],
        ("é \u2028 \x00 \"'\\", Play("N", Tile.of(1, 0), ("a comment",))),
        Play(None, Tile.of(0, 0)),
    ],
)
def test_odd_values_are_written_as_the_general_path_writes_them(value: Any) -> None:
    assert value_json(value) == json.dumps(dump(value), ensure_ascii=False, separators=(",", ":"))


def test_places_across_segments_and_past_their_ends() -> None:
    one = Source("x.42", [Segment(10, 3, "ab\ncd\n")])
    two = Source("x.42", [Segment(0, 1, '[Rules "42"]\n'), Segment(40, 9, "hand 1\n  bid N 30\n")])
    for source in (one, two):
        for span in [(10, 12), (13, 15), (0, 3), (12, 99), (16, 16), (40, 47), (49, 55), (200, 300)]:
            tag = Tag("Rules", "42", at=span)
            assert value_json(tag, source) == json.dumps(dump(tag, source), ensure_ascii=False, separators=(",", ":"))
