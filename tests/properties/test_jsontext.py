"""``convert``'s JSON text, written straight from the record (``interchange.jsontext``), is
byte for byte the general path's: ``shapes.dump`` then ``json.dumps``."""

from __future__ import annotations

import json
from dataclasses import dataclass
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
from referee.judging.verdict import TrickVerdict
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


class _Odd(str):
    """A text whose ``str()`` is not its own characters: written as ``str()`` says."""

    def __str__(self) -> str:
        return "odd"


_atoms = st.one_of(
    st.text(max_size=4),
    st.sampled_from(["N", "E", "S", "W", "6-4", 'a"b', "a\\b", "\x7f", "\u2028", _Kind.suit, _Odd("x")]),
    st.integers(-2_000, 2_000),
    st.booleans(),
    st.none(),
    st.sampled_from([Tile.of(6, 4), Tile.of(0, 0), Play("N", Tile.of(1, 0)), _Small.one]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_atoms, max_size=6) | st.dictionaries(st.text(max_size=3), _atoms, max_size=4), max_size=4))
def test_lists_and_mappings_are_written_as_the_general_path_writes_them(value: list[Any]) -> None:
    """The short cuts for lists of one type (texts joined as they are, plays remembered) and
    for whole numbers (looked up below 1,024) give the general path's text."""
    for _ in range(2):  # the second time, the plays' texts are remembered
        assert value_json(value) == json.dumps(dump(value), ensure_ascii=False, separators=(",", ":"))


_widths = st.lists(st.integers(0, 1_500) | st.sampled_from([1_022, 1_023, 1_024, 1_025, 1_030]), min_size=1, max_size=5)
_ends = st.tuples(st.integers(0, 5), st.integers(0, 1_030) | st.sampled_from([-1, 1_021, 1_022, 1_023, 1_024, 1_025]))


@settings(max_examples=300, deadline=None)
@given(_widths, st.lists(st.tuples(_ends, _ends) | st.tuples(st.integers(0, 9_000), st.integers(0, 9_000)), max_size=8))
def test_places_on_long_lines_are_written_as_the_general_path_writes_them(widths: list[int], spans: list[Any]) -> None:
    """A place on one line, its columns looked up (below 1,024) or formatted, or across lines,
    or past the segment's end; given as offsets, or as a line and a column for each end."""
    starts = [7 + sum(w + 1 for w in widths[:i]) for i in range(len(widths))]
    source = Source("x.42", [Segment(7, 3, "".join("x" * w + "\n" for w in widths))])
    offsets = []
    for span in spans:
        if isinstance(span[0], tuple):
            span = tuple(starts[min(line, len(starts) - 1)] + column for line, column in span)
        offsets.append(span)
        tags = [Tag("Rules", "42", at=span), Tag("Rules", "42", at=span)]  # the second from its line's kept text
        assert value_json(tags, source) == json.dumps(dump(tags, source), ensure_ascii=False, separators=(",", ":"))
    # in the drawn order, by one place writer: each place tried on the last one's line and the next first
    tags = [Tag("Rules", "42", at=span) for span in offsets]
    assert value_json(tags, source) == json.dumps(dump(tags, source), ensure_ascii=False, separators=(",", ":"))


def test_places_in_any_order_are_written_as_the_general_path_writes_them() -> None:
    """Every place of a small segment (empty lines, a newline, its end), written by one
    place writer forwards, backwards and shuffled: each tried on the last place's line and
    the next before a bisection, and on the right line whichever was written before."""
    source = Source("x.42", [Segment(7, 3, "\nabc\nd\n\nefghi\n")])
    spans = [(a, b) for a in range(6, 23) for b in (a, a + 1, 21)]
    for order in (spans, spans[::-1], spans[::3] + spans[1::3] + spans[2::3]):
        tags = [Tag("Rules", "42", at=span) for span in order]
        assert value_json(tags, source) == json.dumps(dump(tags, source), ensure_ascii=False, separators=(",", ":"))


_texts = st.sampled_from(["N", "E", "S", "W", "6-4", 'a"b', "a\\b", "\x7f", "\u2028", "é", _Kind.suit, _Odd("x")])
_fields = st.one_of(_texts, st.integers(-3, 3), st.booleans(), st.none(), st.sampled_from([Tile.of(6, 4), Tile(46), 5]))


@dataclass(slots=True)
class _SubTrick(TrickVerdict):
    """A trick of a subclass, with a field of its own: written as its class, not as a ``TrickVerdict``."""

    note: str = "sub"


@st.composite
def _hands(draw: st.DrawFn) -> tuple[list[Any], Source]:
    """Record and verdict objects whose fields hold what their hints name, repeated (the lists
    and mappings a writer keeps by their items), or something else (an ``int`` or a ``Tile``
    made apart among tiles, a ``str`` whose ``str()`` differs, a ``bool`` among numbers, in a
    list of deal rows or tricks a dict, a tuple, a number, None or a subclass's object)."""
    from referee.judging.verdict import HandVerdict, TrickVerdict
    from referee.notation.record import Dealt, HandRecord, TrickRecord

    seats = draw(st.lists(_texts, max_size=4) | st.just(["N", "E", "S", "W"]))
    tiles: list[Any] = draw(st.lists(st.sampled_from([Tile.of(6, 4), Tile.of(0, 0), Tile(46), 46]), max_size=7))
    plays: list[Any] = draw(
        st.lists(st.sampled_from([Play("N", Tile.of(1, 0)), Play(None, Tile.of(0, 0)), ("N", Tile.of(1, 0))]), max_size=4)
    )
    points = draw(st.dictionaries(_texts, st.integers(0, 2) | st.booleans(), max_size=3) | st.just({"NS": 1, "EW": 0}))
    spans = st.none() | st.tuples(st.integers(0, 40), st.integers(0, 40))
    points_won: Any = draw(_fields)
    trick = TrickVerdict(draw(_texts), list(seats), [str(s) for s in seats], draw(_texts), points_won)
    dealt = Dealt(draw(_texts), tiles, at=draw(spans))
    played = TrickRecord(
        plays, draw(_texts | st.none()), at=draw(spans), winner_at=draw(spans), comments=draw(st.just(()) | st.just(("c",)))
    )
    sub = _SubTrick(draw(_texts), list(seats), [], draw(_texts), 1)
    others: st.SearchStrategy[Any] = st.sampled_from([{"leader": "N"}, ("N", 1), 5, None, sub])  # among a list of objects of one class
    objects = [
        dealt,
        played,
        HandVerdict(
            draw(st.integers(0, 3)),
            call_seats=seats,
            tricks=draw(st.lists(st.just(trick) | others, max_size=3)),
            points=points,
            score=dict(points),
        ),
        HandRecord(
            draw(st.integers(0, 3)),
            deal=draw(st.lists(others | st.just(dealt), max_size=3)),
            tricks=draw(st.lists(others | st.just(played), max_size=3)),
        ),
    ]
    return objects, Source("x.42", [Segment(3, 2, "ab\ncd ef\n\nhand 1 dealer N\n  deal N 6-4\n")])


@settings(max_examples=300, deadline=None)
@given(_hands())
def test_records_of_odd_fields_are_written_as_the_general_path_writes_them(case: tuple[list[Any], Source]) -> None:
    """The writers a field's hint chooses (tiles, lists of texts and of plays, mappings of
    numbers, places before, across and after a segment's lines) give the general path's text,
    whatever the field holds, the first time and when they find it kept."""
    objects, source = case
    for _ in range(2):
        for obj in objects:
            assert value_json(obj, source) == json.dumps(dump(obj, source), ensure_ascii=False, separators=(",", ":"))
