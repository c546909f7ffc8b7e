"""The line that ends a hand in the layout ``fmt`` writes, read apart (``PlainItem.last``):
a Moon running score, new in most hands, is neither split nor looked up in ``Kinds`` by the
``Layout``, and its reader splits it only when it has not met it.  These tests hold that
reading to the line-by-line reading and to the general reader, record, places and
diagnostics, for score lines written every way."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.judging.replay import Referee
from referee.notation import memo as memo_module
from referee.notation.items import PLAIN_LAYOUT
from referee.notation.items.common import SCORES
from referee.notation.plain import Layout
from referee.notation.reader import read_text
from tests.notation.test_plain import _agree, _fields

_HAND = """hand 1 dealer A
  deal A 6-2 6-1 5-2 4-4 3-2 2-1 1-1
       B 6-6 6-5 5-5 5-4 4-3 4-2 0-0
       C 6-4 6-3 5-3 5-1 4-1 3-3 3-1
  widow 2-2
  bid B 4, C 5, A pass
  exchange 2-2 for 4-1
  trump treys
  play C 3-3 A 3-2 B 4-3
       C 6-3 A 2-1 B 4-2
       C 5-3 A 6-1 B 5-4
       C 3-1 A 5-2 B 6-5
       C 2-2 A 6-2 B 0-0
       C 6-4 A 1-1 B 6-6
       B 5-5 C 5-1 A 4-4
  result C 5 made
  award A 0 B 2 C 5
"""
"""A Moon hand as ``fmt`` writes it, its score line left to each test."""

_SIDES = ["A", "b", "C", "NS", "x", "score", "Play", "A1"]
_NUMBERS = ["0", "5", "-2", "+5", "007", "999999999", "1000000000", "x", "٣", "play"]
_TAILS = ["", "\n", "\n\n", "  \n", "\n  award A 0 B 2 C 5\n", "\n  score A 0 B 2 C 5\n", "\n       A 1\n"]


def _moon(score: str, tail: str) -> str:
    return f'[Rules "moon"]\n\n{_HAND}{score}\n{tail}'


@settings(max_examples=300, deadline=None)
@given(
    amounts=st.lists(st.tuples(st.sampled_from(_SIDES), st.sampled_from(_NUMBERS)), min_size=0, max_size=4),
    tail=st.sampled_from(_TAILS),
    fresh=st.sampled_from([0, 256]),
)
@example(amounts=[("A", "0"), ("B", "0"), ("C", "5")], tail="", fresh=0)
@example(amounts=[("A", "0"), ("b", "0"), ("A", "5")], tail="", fresh=256)
@example(amounts=[("A", "0"), ("B", "0"), ("C", "5")], tail="\n  score A 0 B 0 C 5\n", fresh=0)
def test_the_last_line_reads_as_line_by_line_and_the_general_reader(amounts: list[tuple[str, str]], tail: str, fresh: int) -> None:
    """The hand read by the layout, read line by line and read by the general reader: the
    same record, places included (``_agree``), new or remembered; a clean score line that
    ends the hand is read by the layout, at its own place."""
    score = "  score" + "".join(f" {side} {n}" for side, n in amounts)
    text = _HAND + score + "\n" + tail
    base = 1000
    saved, kept, room = memo_module.FRESH_SIZE, dict(SCORES), SCORES.room
    memo_module.FRESH_SIZE = SCORES.room = fresh
    SCORES.clear()  # every line new to the score's memory: 0, none kept
    try:
        layout = Layout(PLAIN_LAYOUT.items)  # a layout that has met no line
        laid = layout.read(text, base)
        if laid is not None and laid.score is not None:
            laid.score.scores.clear()  # the record's own: what the memory keeps is not touched
        again = layout.read(text, base)  # remembered, when there is room
        first = _agree(text, base)
        second = _agree(text, base)
    finally:
        memo_module.FRESH_SIZE, SCORES.room = saved, room
        SCORES.clear()
        SCORES.update(kept)
    assert _fields(first) == _fields(second)
    assert again is None or _fields(again) == _fields(first)
    clean = len(amounts) > 0 and len({side.upper() for side, _ in amounts}) == len(amounts)
    clean = clean and all(side.isalpha() and side.lower() not in ("score", "play") for side, _ in amounts)
    clean = clean and all(n in ("0", "5", "-2", "+5", "007", "999999999") for _, n in amounts)
    if clean and tail in ("", "\n", "\n\n"):
        assert again is not None and again.score is not None, score
        assert score not in layout.kinds  # read apart, not through ``Kinds``
        assert again.score.scores == {side.upper(): int(n) for side, n in amounts}
        start = base + len(_HAND) + 2
        assert again.score.at == (start, start + len(score) - 2)


def _diagnostics(text: str) -> list[str]:
    """Every diagnostic ``check`` gives ``text``, every field (code, words, place)."""
    out = []
    referee = Referee(detail=False)
    for i, rr in enumerate(read_text(text, "<test>"), 1):
        found = list(rr.diagnostics)
        if rr.record is not None:
            found += referee.judge(rr.record, file="<test>", game_index=i).diagnostics
        out += [repr(d) for d in found]
    return out


@pytest.mark.parametrize(
    "score",
    [
        "  score A 0 B 2 C 5",
        "  score A 0 B 0 C 5",
        "  score C 5 B 0 A 0",
        "  score A 0 B 0",
        "  score A 0 B 0 C",
        "  score A 0 A 0 C 5",
        "  score A 00 B 0 C 5",
        "  score A 0 B 0 play 5",
        "  score A 0 B 0 C 5 score",
        "  score a 0 b 0 c 5",
        "  score N 0 E 0 C 5",
        "  score A 0 B 0 C 5000000000",
        "  score",
    ],
)
def test_a_score_line_gets_the_diagnostics_the_general_reader_gives(score: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Right, wrong or malformed, a score line that ends a Moon hand gets the same
    diagnostics at the same line and column as when no hand is read in the layout (the
    line-by-line reading and the general reader decide)."""
    text = _moon(score, "")
    found = _diagnostics(text)
    right = score == "  score A 0 B 2 C 5"  # the hand's own score: only the game's early end is said
    assert (len(found) == 1 and "W102" in found[0]) == right, found
    monkeypatch.setattr(Layout, "read", lambda self, text, base: None)
    assert found == _diagnostics(text)
