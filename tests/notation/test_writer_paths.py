"""The writer's short cuts for items without comments (``Lines.line`` appending a line
whole, ``rows`` for blocks, the kept texts of plays, the tile table of deal rows) write
what its general path writes: the same records written with every ``_plain_*`` function
declining and every line through ``Lines.commented``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.engine.tiles import Tile
from referee.notation.items import bid, deal, play
from referee.notation.lines import Lines
from referee.notation.reader import read_text
from referee.notation.record import Call, Dealt, GameRecord, HandRecord, Play, Tag, TrickRecord
from referee.notation.writer import format_game, format_records
from referee.play.simulate import simulate_games
from tests.mutations import EDITS, mutate

_SHORT_CUTS = [(play, "_plain_trick"), (deal, "_plain_rows"), (deal, "_tile_texts"), (bid, "_plain_calls")]


@contextmanager
def _general() -> Iterator[None]:
    """The writer without its short cuts: each declines, and every line takes the general path."""
    with pytest.MonkeyPatch.context() as mp:
        for module, name in _SHORT_CUTS:
            mp.setattr(module, name, lambda *_: None)
        mp.setattr(Lines, "line", Lines.commented)
        yield


def _outcome(records: list[GameRecord]) -> str:
    """The text of ``records``, or the error writing them raised (a record the notation cannot hold)."""
    try:
        return "".join(format_records(records))
    except Exception as e:  # compared, not hidden: both paths must fail alike
        return f"{type(e).__name__}"


def _both(records: list[GameRecord]) -> None:
    fast = [_outcome(records), _outcome(records)]  # the second time from the kept texts
    with _general():
        general = _outcome(records)
    assert fast == [general, general]


_COMMENTS = ["{c}", "{a\nb}", " ; c\n", "\n; c\n", "{x}"]


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["42", "moon", "88"]),
    seed=st.integers(0, 1_000),
    comments=st.lists(st.tuples(st.floats(0, 1), st.sampled_from(_COMMENTS)), max_size=4),
    edits=EDITS,
)
def test_records_read_back_are_written_as_the_general_path_writes_them(
    game: str, seed: int, comments: list[tuple[float, str]], edits: list[tuple[float, str, str]]
) -> None:
    """Simulated games, comments put in anywhere (before, inside and after items, plays and
    rows) and the text damaged: every record the reader makes of it."""
    text = format_game(next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=3)))
    for where, comment in comments:
        i = int(where * len(text))
        text = text[:i] + comment + text[i:]
    records = [r.record for r in read_text(mutate(text, edits), "m.42") if r.record is not None]
    _both(records)


class _Seat(str):
    """A seat that is a ``str`` of another type (written as its characters)."""


_seats: st.SearchStrategy[Any] = st.sampled_from(["N", "E", "s", _Seat("N")]) | st.none()
_tiles: st.SearchStrategy[Any] = st.sampled_from([Tile.of(6, 4), Tile.of(0, 0), Tile(46), Tile(13), 46, True])
_notes = st.sampled_from([(), (), (), (), (), ("c",), ("a\nb",), ("x", "y")])
"""Comments, or (mostly: the short cuts are taken only where nothing on a line has any) none."""


_plain_plays: st.SearchStrategy[Any] = st.just(Play("N", Tile.of(6, 4))) | st.tuples(_seats, _tiles).map(lambda p: Play(*p))
"""A play as the reader shares it, or one of the same seat and tile written otherwise (equal
to it: a ``str`` subclass, an ``int``, a ``Tile`` made apart), without comments."""
_odd_plays: st.SearchStrategy[Any] = st.one_of(
    st.tuples(_seats, _tiles, _notes, _notes).map(lambda p: Play(*p)),
    st.tuples(_seats, _tiles, st.just(()), st.just(())),  # not a Play, though equal to one
    st.tuples(_seats, _tiles).map(lambda p: Play(*p, [], [])),  # type: ignore[arg-type]  # comments in a list: unhashable
)
_plays: st.SearchStrategy[Any] = st.lists(_plain_plays, min_size=1, max_size=4) | st.lists(
    _plain_plays | _odd_plays, min_size=1, max_size=4
)
"""A trick's plays (a trick without plays is an error either way): mostly without comments,
since the short cuts are taken only where nothing on a line has any."""


@st.composite
def _hands(draw: st.DrawFn) -> HandRecord:
    """Hands whose rows, calls, tricks and plays hold comments or none, and plays and tiles
    of other types than their hints name (an ``int``, a ``Tile`` made apart or out of order,
    a ``str`` subclass, a tuple for a play)."""
    tricks = [
        TrickRecord(
            draw(_plays),
            draw(st.sampled_from([None, "N", "e"])),
            comments=draw(_notes),
            after=draw(_notes),
        )
        for _ in range(draw(st.integers(0, 3)))
    ]
    rows = [
        Dealt(draw(_seats) or "N", draw(st.lists(_tiles, max_size=7)), comments=draw(_notes), after=draw(_notes))
        for _ in range(draw(st.integers(0, 3)))
    ]
    calls = [
        Call(draw(_seats), draw(st.sampled_from([None, 30, 31, 84])), comments=draw(_notes), after=draw(_notes))
        for _ in range(draw(st.integers(0, 4)))
    ]
    return HandRecord(number=draw(st.integers(1, 3)), deal=rows if draw(st.booleans()) else None, calls=calls, tricks=tricks)


@settings(max_examples=300, deadline=None)
@given(st.lists(_hands(), min_size=1, max_size=3))
def test_hands_of_odd_fields_are_written_as_the_general_path_writes_them(hands: list[HandRecord]) -> None:
    _both([GameRecord([Tag("Rules", "42")], hands)])


def test_the_general_path_is_what_is_compared() -> None:
    """The short cuts are taken by a plain hand, and ``_general`` turns each of them off."""
    hand = HandRecord(deal=[Dealt("N", [Tile.of(6, 4)])], calls=[Call("N", 30)], tricks=[TrickRecord([Play("N", Tile.of(6, 4))])])
    assert play._plain_trick(hand.tricks[0]) == "N 6-4"
    assert deal._plain_rows(hand.deal or []) == ["N 6-4"]
    assert bid._plain_calls(hand.calls) == "N 30"
    with _general():
        assert play._plain_trick(hand.tricks[0]) is None
        assert deal._plain_rows(hand.deal or []) is None
        assert bid._plain_calls(hand.calls) is None
        assert format_game(GameRecord(hands=[hand])) == "hand\n  deal N 6-4\n  bid N 30\n  play N 6-4\n"
