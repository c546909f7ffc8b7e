"""The plain-layout fast path (``notation/plain.py``) reads exactly what ``scan_hand`` reads.

``plain_hand`` may decline any hand (None); when it answers, its record must equal the
general reader's field by field, places included, and the general reader must find
nothing wrong with the hand.  And it must answer for the layout programs and ``fmt``
write, or the fast path is not fast.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.notation import memo as memo_module
from referee.notation.comments import blank
from referee.notation.hands import scan_hand
from referee.notation.items import ITEMS, KEYWORD_WORDS, KEYWORDS, PLAIN_ITEMS, PLAIN_LAYOUT
from referee.notation.memo import LineMemo
from referee.notation.plain import Layout, plain_hand
from referee.notation.record import HandRecord
from referee.notation.scanner import HAND, Chunk, chunks
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from tests.mutations import EDITS, mutate

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["42", "moon", "88"]


def _fields(value: Any) -> Any:
    """Everything a record holds, places (``compare=False``) included."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *((f.name, _fields(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, (list, tuple)):
        return tuple(_fields(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _fields(v)) for k, v in value.items())
    return value


def _hands(text: str) -> list[tuple[str, int]]:
    """Each hand chunk of ``text``, comments blanked, with its offset."""
    return [(blank(c.text, c.offset)[0], c.offset) for c in chunks([text]) if isinstance(c, Chunk) and c.kind == HAND]


def _agree(text: str, base: int) -> HandRecord | None:
    """The plain reading of a hand, after checking it against the general reader's; and the
    layout's (``PLAIN_LAYOUT``, blocks read whole) against the plain reading line by line."""
    plain = plain_hand(text, base, PLAIN_ITEMS)
    if plain is not None:
        general = scan_hand(text, base, KEYWORDS, KEYWORD_WORDS)
        assert not general.broken and general.problems == [], text
        assert _fields(plain) == _fields(general.record), text
    layout = PLAIN_LAYOUT.read(text, base)
    if layout is not None:
        assert plain is not None, text
        assert _fields(layout) == _fields(plain), text
    with_layout = plain_hand(text, base, PLAIN_ITEMS, PLAIN_LAYOUT)
    assert _fields(with_layout) == _fields(plain), text
    return plain


def _in_layout(text: str, base: int) -> HandRecord | None:
    """The layout's reading of a hand, after checking it (``_agree``)."""
    _agree(text, base)
    return PLAIN_LAYOUT.read(text, base)


def _simulated(game: str, seed: int, players: str = "random") -> str:
    return format_game(next(simulate_games(make_rules(game), 1, seed, players=players, max_hands=8)))


@pytest.mark.parametrize("path", sorted((ROOT / "samples").rglob("*.42")), ids=lambda p: p.name)
def test_samples_read_the_same_either_way(path: Path) -> None:
    for text, base in _hands(path.read_text(encoding="utf-8")):
        _agree(text, base)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", ["random", "sensible"])
def test_the_written_layout_takes_the_fast_path(game: str, players: str) -> None:
    for seed in range(4):
        hands = _hands(_simulated(game, seed, players))
        assert hands
        for text, base in hands:
            assert _agree(text, base) is not None, text
            assert _in_layout(text, base) is not None, text


def test_the_layout_reads_winners_and_lines_between_its_blocks() -> None:
    text = (
        "hand 12 dealer s\n"
        "  misdeal by S\n"
        "  deal N 6-6 6-5\n"
        "       E 5-5 5-4\n"
        "  bid N 30, E pass\n"
        "  trump sixes\n"
        "  play N 6-6 E 5-5 => N\n"
        "       N 6-5 E 5-4\n"
        "       N 4-6 e 45 => N\n"
        "  claim\n"
        "  result NS 30 made\n"
    )
    (blanked, base), *_ = _hands('[Rules "42"]\n\n' + text)
    record = _in_layout(blanked, base)
    assert record is None  # `e 45`: a tile not as fmt writes it
    record = _in_layout(*_hands(text.replace("e 45", "E 5-4"))[0])
    assert record is not None and record.misdeal is not None and record.claim is not None
    assert [t.winner for t in record.tricks] == ["N", None, "N"]


@pytest.mark.parametrize(
    "change",
    [
        ("  deal", "  DEAL"),  # a keyword in capitals
        ("       E 5-5", "      E 5-5"),  # a row indented otherwise
        ("E 5-5 5-4", "E 5-5  5-4"),  # two spaces
        ("  trump sixes\n", "  trump sixes\n  trump fives\n"),  # a single item twice
        ("  bid N 30, E pass\n", ""),
        ("  result NS 30 made\n", "  result NS 30 made\n  play N 4-4\n"),  # a second play item
        ("  trump sixes\n", "  trump sixes\n  deal W 3-3\n"),  # a second deal item
        ("  result NS 30 made\n", "  result NS 30 made\n  bid S pass\n"),  # out of order
        ("  bid N 30, E pass\n", "  bid N 30, E pass\n  n 4-4 3-3\n"),  # a deal row indented as an item
        ("hand 12", "hand 0012"),
    ],
)
def test_the_layout_reads_what_the_lines_read_or_declines(change: tuple[str, str]) -> None:
    text = (
        "hand 12 dealer s\n  deal N 6-6 6-5\n       E 5-5 5-4\n  bid N 30, E pass\n  trump sixes\n"
        "  play N 6-6 E 5-5 => N\n       N 6-5 E 5-4\n  result NS 30 made\n"
    )
    for blanked, base in _hands(text.replace(*change)):
        _agree(blanked, base)


def test_the_layout_reads_a_line_that_continues_the_block_before_it() -> None:
    """A deal row written as an item line, after the deal: the deal's reader of its rows
    reads it, in the layout as line by line (given the block's reader)."""
    text = "hand 1\n  deal N 6-6 6-5\n       E 5-5 5-4\n  s 4-4 4-3\n  bid N 30, E pass\n"
    (blanked, base), *_ = _hands(text)
    record = _in_layout(blanked, base)
    assert record is not None and record.deal is not None
    assert [text[slice(*row.at)] for row in record.deal if row.at is not None] == ["N 6-6 6-5", "E 5-5 5-4", "s 4-4 4-3"]


def test_the_layout_of_one_item_is_its_own_block() -> None:
    for spec in ITEMS:
        if spec.plain_block is not None:
            layout = Layout({word: spec.plain_item for word in spec.keywords})
            assert layout.words == spec.keywords


def test_comments_and_spacing_keep_the_fast_path_and_its_places() -> None:
    text = (
        "hand 3 Dealer w   ; a comment\n"
        "\tDEAL n 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"
        "       e 55 5-4 5-3 5-2 5-1 5-0 4-4 {after E}\n"
        "       s 4-3 4-2 4-1 4-0 3-3 3-2 3-1\n"
        "       w 3-0 2-2 2-1 2-0 1-1 1-0 0-0\n"
        "  bid n 30 ,e pass,  s Pass, w pass\n"
        "  trump Sixes\n"
        "  play n 6-6 e 5-5 s 4-3 w 3-0 => n\n"
    )
    for blanked, base in _hands(text):
        record = _agree(blanked, base)
        assert record is not None and record.tricks[0].winner == "N"


@pytest.mark.parametrize(
    "hand",
    [
        "hand 1\n  deal N 6-6\n  play 6-6\n",  # a play without its seat
        "hand 1\n  play N 6-6 / E 5-5\n",  # tricks separated by /
        "hand 1\n  trump sixes\n  bid N 30\n",  # items out of order
        "hand 1\n  trump sixes\n  trump fives\n",  # a single item twice
        "hand 1\n  bid N 30 E pass\n",  # calls without commas
        "hand 1\n  trump doubles low\n",
        "hand 1\n  result CAT 30 made\n",  # a keyword where a side goes
        "hand 1\n  deal N 7-2\n",  # not a domino
        "hand 1\n  award NS 1 NS 2\n",  # a side named twice (S011)
        "hand 1\n  score NS 1 EW 1234567890\n",  # a number out of range (S013)
        "hand 1\n  score NS 1 EW two\n",  # not a number
        "hand 1\n  award N-S 1\n",  # not a side
        "hand 1 deal N 6-6\n",  # an item on the hand line
    ],
)
def test_other_layouts_go_to_the_general_reader(hand: str) -> None:
    for text, base in _hands(hand):
        assert plain_hand(text, base, PLAIN_ITEMS) is None


@settings(max_examples=200, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 500), edits=EDITS)
def test_damaged_hands_are_read_alike_or_declined(game: str, seed: int, edits: list[tuple[float, str, str]]) -> None:
    for text, base in _hands(mutate(_simulated(game, seed), edits)):
        _agree(text, base)


@pytest.mark.parametrize("space", ["\x0b", "\x1c", "\x1f", "\xa0", "\x85", "\u2003", "\u3000"])
def test_white_space_the_grammar_does_not_take_goes_to_the_general_reader(space: str) -> None:
    """``str.split`` splits at these, the grammar's ``WS`` does not: a hand that holds one
    is the grammar's to read (a syntax error), not the plain reader's."""
    text = re.sub(r"play ([NESW]) ", lambda m: f"play {m.group(1)}{space}", _simulated("42", 1), count=1)
    assert space in text
    hands = _hands(text)
    assert hands
    declined = [plain_hand(t, b, PLAIN_ITEMS) is None and scan_hand(t, b, KEYWORDS, KEYWORD_WORDS).broken for t, b in hands]
    assert any(declined)
    for t, b in hands:
        _agree(t, b)


def _pool() -> list[tuple[str, int]]:
    """Hands of every game, the layout's and others, for reading in any order."""
    if not _POOL:
        for game in GAMES:
            for seed in range(3):
                _POOL.extend(_hands(_simulated(game, seed)))
    return _POOL


_POOL: list[tuple[str, int]] = []


def _item_lines(text: str) -> list[int]:
    """The indexes of the lines of ``text`` that start with an item keyword."""
    return [k for k, line in enumerate(text.split("\n")) if line.split()[:1] and line.split()[0].lower() in PLAIN_ITEMS]


@settings(max_examples=60, deadline=None)
@given(
    picks=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 10**6), st.booleans()), min_size=1, max_size=12),
    size=st.sampled_from([0, 1, 3, 4096]),
    fresh=st.sampled_from([0, 1, 256]),
)
def test_lines_remembered_or_not_read_alike(picks: list[tuple[int, int, int, bool]], size: int, fresh: int) -> None:
    """The layout remembers what each item line is by its text (``Layout.kinds``): hands
    read in any order, with item lines taken from other hands (of other games), by a
    layout whose memory holds ``size`` lines, ``fresh`` of them score lines (which seldom
    repeat), read as by a layout that has seen nothing and as the general reader reads them."""
    pool = _pool()
    saved = memo_module.MEMO_SIZE, memo_module.FRESH_SIZE
    memo_module.MEMO_SIZE, memo_module.FRESH_SIZE = size, fresh
    try:
        warm = Layout(PLAIN_ITEMS)
        for hand, other, which, swap in picks:
            text, base = pool[hand % len(pool)]
            if swap:  # an item line of another hand in place of one of this hand's
                lines, donor = text.split("\n"), pool[other % len(pool)][0].split("\n")
                mine, theirs = _item_lines(text), _item_lines(pool[other % len(pool)][0])
                lines[mine[which % len(mine)]] = donor[theirs[which % len(theirs)]]
                text = "\n".join(lines)
            cold = Layout(PLAIN_ITEMS).read(text, base)
            assert _fields(warm.read(text, base)) == _fields(cold), text
            assert len(warm.kinds) <= size and warm.kinds.fresh <= fresh and len(warm.kinds.named) <= size
            _agree(text, base)
    finally:
        memo_module.MEMO_SIZE, memo_module.FRESH_SIZE = saved


_SIDE_WORDS = ["NS", "ew", "A", "b", "C", "x", "Moon", "score", "Play", "TRUMP", "N-S", "7"]
_NUMBER_WORDS = ["0", "3", "-2", "+5", "-0", "007", "999999999", "1000000000", "-999999999", "x", "1_0", "٣", "3.5", "play"]


@settings(max_examples=300, deadline=None)
@given(
    item=st.sampled_from(["award", "score"]),
    amounts=st.lists(st.tuples(st.sampled_from(_SIDE_WORDS), st.sampled_from(_NUMBER_WORDS)), min_size=0, max_size=6),
    tail=st.sampled_from(["", " NS", " 3"]),
    fresh=st.sampled_from([0, 1, 256]),
    again=st.booleans(),
)
@example(item="score", amounts=[("A", "1"), ("b", "-2"), ("C", "3"), ("x", "+4"), ("Moon", "05")], tail="", fresh=1, again=True)
@example(item="award", amounts=[("NS", "1"), ("ew", "0"), ("A", "7"), ("b", "-1")], tail="", fresh=0, again=False)
@example(item="award", amounts=[("NS", "1")], tail="", fresh=0, again=True)
def test_award_and_score_lines_read_as_the_general_reader_reads_them(
    item: str, amounts: list[tuple[str, str]], tail: str, fresh: int, again: bool
) -> None:
    """An ``award`` or ``score`` line of one to six sides (``common.amounts_of``, whose usual
    lengths are written out), read new or remembered (``common.AmountLines``), gives what the
    general reader gives, or is declined (a side named twice, a side that is a keyword, a
    number out of range or not written as the plain layout writes it)."""
    line = f"  {item}" + "".join(f" {side} {n}" for side, n in amounts) + tail
    text = f"hand 1\n  bid N 30, E pass, S pass, W pass\n{line}\n"
    saved = memo_module.FRESH_SIZE
    memo_module.FRESH_SIZE = fresh
    try:
        first = _agree(text, 0)
        second = _agree(text, 0) if again else first  # the line remembered, when there is room
    finally:
        memo_module.FRESH_SIZE = saved
    assert _fields(first) == _fields(second)
    clean = not tail and amounts and len({side.upper() for side, _ in amounts}) == len(amounts)
    clean = clean and all(side.isalpha() and side.lower() not in KEYWORD_WORDS for side, _ in amounts)
    clean = clean and all(re.fullmatch(r"[+-]?[0-9]{1,9}", n) for _, n in amounts)
    if clean:  # a line as the plain layout writes it is read by it
        assert first is not None, line
        stated = first.award.amounts if item == "award" else first.score.scores  # type: ignore[union-attr]
        assert stated == {side.upper(): int(n) for side, n in amounts}


@settings(max_examples=300, deadline=None)
@given(
    item=st.sampled_from(["award", "score"]),
    amounts=st.lists(
        st.tuples(st.sampled_from(["A", "b", "C", "ns", "x", "play"]), st.sampled_from(_NUMBER_WORDS)), min_size=2, max_size=3
    ),
)
@example(item="score", amounts=[("A", "1"), ("b", "-2"), ("B", "3")])
@example(item="score", amounts=[("A", "1"), ("b", "-2"), ("C", "x")])
@example(item="award", amounts=[("A", "1"), ("a", "-2")])
def test_two_and_three_sides_read_as_the_general_reader_reads_them(item: str, amounts: list[tuple[str, str]]) -> None:
    """The lines of two and three sides (42's and Moon's), which ``common.amounts_of`` tests
    word by word, drawn from few sides so that one is often named twice: new or remembered,
    read as the general reader reads them, or declined."""
    line = f"  {item}" + "".join(f" {side} {n}" for side, n in amounts)
    text = f"hand 1\n  bid N 30, E pass, S pass, W pass\n{line}\n"
    first, second = _agree(text, 0), _agree(text, 0)
    assert _fields(first) == _fields(second)
    clean = len({side.upper() for side, _ in amounts}) == len(amounts) and all(side != "play" for side, _ in amounts)
    if clean and all(re.fullmatch(r"[+-]?[0-9]{1,9}", n) for _, n in amounts):
        assert first is not None, line


@settings(max_examples=100, deadline=None)
@given(
    lines=st.lists(
        st.tuples(st.sampled_from(["award", "score"]), st.lists(st.sampled_from(_SIDE_WORDS), min_size=1, max_size=4)),
        min_size=1,
        max_size=8,
    )
)
@example(lines=[("score", ["A", "b", "C"]), ("score", ["A", "b", "Play"]), ("award", ["Play", "b", "C"])])
def test_names_are_remembered_by_all_the_sides_a_line_names(lines: list[tuple[str, list[str]]]) -> None:
    """Whether a line's names hold an item keyword is remembered by the names as written
    (``Kinds.named``): lines that share some sides and not others, read one after another by
    one layout, are read as by a layout that has seen nothing and as the general reader reads them."""
    warm = Layout(PLAIN_ITEMS)
    for item, sides in lines:
        line = f"  {item}" + "".join(f" {side} {n}" for n, side in enumerate(sides))
        text = f"hand 1\n  bid N 30, E pass, S pass, W pass\n{line}\n"
        assert _fields(warm.read(text, 0)) == _fields(Layout(PLAIN_ITEMS).read(text, 0)), line
        _agree(text, 0)


def test_a_repeated_line_is_read_once_and_each_hand_gets_its_own_objects() -> None:
    """One-line items are worked out once per text (``notation.memo``); the records still
    hold objects of their own, at their own places."""
    text = "\n".join(f"hand {n}\n  bid N 30, E pass, S pass, W pass\n  award NS 1\n  score NS {n} EW 0\n" for n in (1, 2))
    first, second = (plain_hand(t, b, PLAIN_ITEMS) for t, b in _hands(text))
    assert first is not None and second is not None
    assert first.award is not None and second.award is not None
    assert first.award == second.award and first.award.amounts is not second.award.amounts
    assert first.award.at != second.award.at and first.calls[0].at != second.calls[0].at
    first.award.amounts["NS"] = 5
    again = plain_hand(*_hands(text)[0], PLAIN_ITEMS)
    assert again is not None and again.award is not None and again.award.amounts == {"NS": 1}
    assert again.score is not None and first.score is not None and again.score.scores is not first.score.scores
    first.score.scores["NS"] = 7  # a score line remembered (``memo.FRESH_SIZE``) keeps its own amounts
    assert again.score.scores == {"NS": 1, "EW": 0}
    assert plain_hand(*_hands(text)[0], PLAIN_ITEMS).score.scores == {"NS": 1, "EW": 0}  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(["2-2", "6-6", "1-0", "4-1", "for", "FOR", "none", "7-1", "x"]), min_size=1, max_size=5))
@example(words=["2-2", "for", "4-1"])
@example(words=["for", "for", "4-1"])
@example(words=["2-2", "for", "for"])
def test_exchange_lines_read_as_the_general_reader_reads_them(words: list[str]) -> None:
    """An ``exchange`` line, one tile for one (read in one step, Moon's usual line) or any
    other, new: read as the general reader reads it, or declined; read when plainly written."""
    line = "  exchange " + " ".join(words)
    text = f"hand 1\n  bid A 4, B pass, C pass\n{line}\n"
    plain = _agree(text, 0)
    lowered = [w.lower() for w in words]
    split = lowered.index("for") if lowered.count("for") == 1 else 0
    tiles = [w for w in words if w.lower() != "for"]
    clean = lowered == ["none"] or (0 < split < len(words) - 1 and all(w in ("2-2", "6-6", "1-0", "4-1") for w in tiles))
    assert (plain is not None) == clean, line


def test_remembered_widow_and_exchange_lines_give_each_hand_lists_of_its_own() -> None:
    text = "\n".join(f"hand {n}\n  widow 6-6\n  bid A 4, B pass, C pass\n  exchange 6-6 for 1-0\n  score A {n} B 0 C 0\n" for n in (1, 2))
    first, second = (PLAIN_LAYOUT.read(t, b) for t, b in _hands(text))
    assert first is not None and second is not None
    assert first.kitty is not None and second.kitty is not None and first.exchange is not None and second.exchange is not None
    assert first.kitty == second.kitty and first.exchange == second.exchange
    assert type(first.kitty.tiles) is list and first.kitty.tiles is not second.kitty.tiles
    assert type(first.exchange.take) is list and first.exchange.take is not second.exchange.take
    assert type(first.exchange.give) is list and first.exchange.give is not second.exchange.give
    assert first.kitty.at != second.kitty.at and first.exchange.at != second.exchange.at


def test_the_memo_of_lines_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo_module, "MEMO_SIZE", 5)
    memo = LineMemo(len)
    assert [memo[str(n)] for n in range(100, 120)] == [3] * 20
    assert len(memo) == 5
