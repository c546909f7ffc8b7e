"""``widow TILE...`` (Moon), ``cat TILE...`` (Texas 88): the kitty as the recorder wrote
it, checked against the deal; the record keeps the word written.

>>> SPEC.read("cat 6-6 5-4")
Kitty(word='cat', tiles=[Tile(6-6), Tile(5-4)], at=(0, 11), comments=(), after=())
>>> SPEC.read("Widow 6-6", plain=True)
Kitty(word='widow', tiles=[Tile(6-6)], at=(0, 9), comments=(), after=())
>>> SPEC.lines(HandRecord(kitty=Kitty("widow", [])))
['  widow']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from ...engine.tiles import Tile
from ..hands import HandScan
from ..lines import INDENT, Lines
from ..memo import LineMemo
from ..plain import line_span
from ..record import HandRecord, Kitty
from ..tokens import TILES, is_tile_like
from .spec import ItemSpec

__all__ = ["SPEC"]


# kitty: (WIDOW | CAT) TILE*
def scan(h: HandScan, i: int, j: int) -> None:
    tiles: list[Tile] = []
    last = i
    for k in h.words(i, j):
        w = h.toks[k]
        t = TILES.get(w)
        if t is not None:
            tiles.append(t)
            last = k
        elif is_tile_like(w):
            h.bad_tile(k)
        else:
            h.syntax()
    word = cast(Literal["widow", "cat"], h.toks[i].lower())
    h.record.kitty = Kitty(word, tiles, h.span(i, last))


def _kitty(line: str) -> tuple[str, tuple[Tile, ...], tuple[int, int]] | None:
    """A ``widow`` or ``cat`` line: its keyword, its tiles and where it is in the line."""
    words = line.split()
    word = words[0].lower()
    if word not in ("widow", "cat"):
        return None
    try:
        tiles = tuple(TILES[w] for w in words[1:])
    except KeyError:
        return None
    return word, tiles, line_span(line, 0)


_KITTIES = LineMemo(_kitty)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = _KITTIES[line]
    if found is None or rec.kitty is not None:
        return False
    word, tiles, (start, end) = found
    rec.kitty = Kitty(word, list(tiles), (at + start, at + end))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    k = hand.kitty
    if k is not None:
        out.line(k.comments, INDENT, f"{k.word} {' '.join(map(str, k.tiles))}".rstrip(), k.after)


SPEC = ItemSpec(
    rule="kitty",
    terminals=("WIDOW", "CAT"),
    field="kitty",
    rank=None,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`widow TILE...`, `cat TILE...`",
)
