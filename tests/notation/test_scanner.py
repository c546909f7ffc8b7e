"""The scanner's two ways of cutting chunks agree, and the decoder places what is not text.

Text with no ``{`` comment is cut by one regex search for the lines that start a chunk
(``_Cutter._fast``); text with one is cut line by line (``_Cutter._line``), which
follows comments across lines.  Where both apply (no ``{``), they must cut the same
chunks at the same places, on generated games of every game and on their mutations.
"""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.notation.scanner import Chunk, NotText, TooLong, _Cutter, chunks, decode_blocks
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from tests.mutations import EDITS, mutate

GAMES = ["42", "moon", "88"]


def _simulated(game: str, seed: int) -> str:
    return format_game(next(simulate_games(make_rules(game), 1, seed, max_hands=8)))


def _cut(text: str, fast: bool) -> list[Chunk | TooLong]:
    cutter = _Cutter(1, 0)
    out = list(cutter._fast(text)) if fast else [c for line in text.split("\n")[:-1] for c in cutter._line(line + "\n")]
    return out + list(cutter.finish())


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 500), edits=EDITS)
def test_the_fast_cut_is_the_line_by_line_cut(game: str, seed: int, edits: list[tuple[float, str, str]]) -> None:
    text = mutate(_simulated(game, seed), edits).replace("{", "(").replace("}", ")")
    text = text if text.endswith("\n") else text + "\n"
    assert _cut(text, fast=True) == _cut(text, fast=False)


def test_every_line_start_is_tried() -> None:
    """Tag and hand lines in every case and indent, next to lines that only look like them."""
    lines = ['[Rules "42"]', "  hand 1", "HAND 2", "\thAnD", "handy 3", "hand-4", " x hand", "; hand", "", "  [Event]", "h", "[", "hand"]
    text = "\n".join(lines * 3) + "\n"
    fast = _cut(text, fast=True)
    assert fast == _cut(text, fast=False)
    assert len(fast) > 10


@given(
    st.text(st.sampled_from("ab \n\u00e9"), max_size=60),
    st.sampled_from([b"\x00", b"\xff", b"\xc3"]),
    st.integers(1, 70),
    st.integers(1, 3),
)
@settings(max_examples=300, deadline=None)
def test_what_is_not_text_is_placed_however_the_bytes_come(before: str, bad: bytes, size: int, line: int) -> None:
    """The decoder counts the lines of a block only when more text or a problem follows it
    (not at the end): the line and column of a NUL or a byte that is not UTF-8 (a lone
    lead byte at the end too) are the same for every block size, as the text before it says."""
    blocks = list(decode_blocks(io.BytesIO(before.encode() + bad), size, line=line))
    *texts, last = blocks
    assert "".join(t for t in texts if isinstance(t, str)) == before
    assert isinstance(last, NotText)
    assert (last.line, last.column) == (line + before.count("\n"), len(before) - before.rfind("\n"))


_NOTES = st.lists(
    st.tuples(st.floats(0, 1), st.sampled_from(["; a note\n", "\n", "  ; indented\n", "{ a brace }\n", "{ opened\n", "closed }\n"])),
    max_size=8,
)


def _noted(text: str, notes: list[tuple[float, str]]) -> str:
    """``text`` with comment and blank lines put between its lines."""
    lines = text.splitlines(keepends=True)
    for where, line in notes:
        lines.insert(int(where * len(lines)), line)
    return "".join(lines)


def _chunked(text: str, sizes: list[int]) -> list[Chunk | TooLong | NotText]:
    """``text`` cut into chunks when it comes in blocks of ``sizes`` (then of the last one)."""
    blocks: list[str] = []
    at = 0
    while at < len(text):
        size = sizes[min(len(blocks), len(sizes) - 1)]
        blocks.append(text[at : at + size])
        at += size
    return list(chunks(blocks))


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 500),
    notes=_NOTES,
    sizes=st.lists(st.integers(1, 400), min_size=1, max_size=6),
)
def test_the_chunks_are_the_same_however_the_text_comes(game: str, seed: int, notes: list[tuple[float, str]], sizes: list[int]) -> None:
    """One process reads a file in blocks from its start, a unit of ``--cluster`` from the
    unit's start: a blank or comment line that ends a block goes with the same chunk as
    when it does not (with the text before the next boundary, not the one before it)."""
    text = _noted(_simulated(game, seed), notes)
    assert _chunked(text, sizes) == _chunked(text, [len(text) + 1])


def test_comment_lines_at_the_end_of_a_block_go_with_the_next_chunk() -> None:
    text = "hand 1\n  trump sixes\n; before hand 2\n\nhand 2\n  trump fives\n"
    whole = _chunked(text, [len(text)])
    assert [c.text for c in whole if isinstance(c, Chunk)] == ["hand 1\n  trump sixes\n", "; before hand 2\n\nhand 2\n  trump fives\n"]
    assert _chunked(text, [text.index("\n;") + 1]) == whole  # the block ends before the comment
    assert _chunked(text, [text.index("\n\nhand 2") + 1]) == whole  # ... and after it
