"""``deal SEAT TILE... SEAT TILE...``: each seat's tiles, one row a line in canonical form.

>>> SPEC.read("deal N 6-6 65\\n     e 5-5 5-4")
[Dealt(seat='N', tiles=[Tile(6-6), Tile(6-5)], at=(5, 13), comments=(), after=()), Dealt(seat='E', tiles=[Tile(5-5), Tile(5-4)], at=(19, 28), comments=(), after=())]
>>> SPEC.read("deal N 6-6 65\\n     e 5-5 5-4", plain=True) == SPEC.read("deal N 6-6 65\\n     e 5-5 5-4")
True
>>> SPEC.lines(HandRecord(deal=SPEC.read("deal N 6-6 65 E 5-5 5-4")))
['  deal N 6-6 6-5', '       E 5-5 5-4']
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.tiles import ALL_TILES, Tile
from ..hands import HandScan
from ..lines import INDENT, Lines
from ..record import Dealt, HandRecord
from ..tokens import SEAT_OF, SEAT_TEXT, TILE_TEXT, TILES, is_seat, is_tile_like
from .spec import ItemSpec

__all__ = ["SPEC"]

_TILE = TILES.__getitem__
_WORD = {**TILES, **SEAT_OF}.__getitem__
"""A word of a row in the layout ``fmt`` writes: a seat, or a tile."""


# deal: DEAL dealt*      dealt: SEAT TILE+
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    rec = h.record
    rows = rec.deal if rec.deal is not None else []
    rec.deal = rows
    seat: str | None = None
    tiles: list[Tile] = []
    written = 0  # tiles written in the row, good or not
    first = last = -1
    for k in range(i + 1, j):
        w = toks[k]
        if w == "\n":
            continue
        t = TILES.get(w)
        if t is not None or is_tile_like(w):
            if seat is None:
                h.syntax()
                continue
            written += 1
            last = k
            if t is not None:
                tiles.append(t)
            else:
                h.bad_tile(k)
        elif is_seat(w):
            if seat is not None:
                if not written:
                    h.syntax()
                rows.append(Dealt(seat, tiles, h.span(first, last)))
            seat, tiles, written, first, last = w.upper(), [], 0, k, k
        else:
            h.syntax()
    if seat is not None:
        if not written:
            h.syntax()
        rows.append(Dealt(seat, tiles, h.span(first, last)))


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    """The ``deal`` line, with or without the first row."""
    if rec.deal is not None:
        return False
    rec.deal = []
    if len(words) == 1:
        return True
    rest = words[1:]
    return plain_row(rec, line, at, rest, line.find(rest[0], line.find(words[0]) + len(words[0])))


def plain_row(rec: HandRecord, line: str, at: int, words: Sequence[str], start: int = -1) -> bool:
    """A row of the deal (``start``: where its seat is, when not the line's first word)."""
    if len(words) < 2:
        return False
    try:
        seat = SEAT_OF[words[0]]
        tiles = list(map(_TILE, words[1:]))
    except KeyError:
        return False
    if start < 0:
        start = line.find(words[0])
    rec.deal.append(Dealt(seat, tiles, (at + start, at + len(line.rstrip()))))  # type: ignore[union-attr]
    return True


ROW = f"{SEAT_TEXT}(?: {TILE_TEXT})++"
"""A row of the deal in the layout ``fmt`` writes: a seat and its tiles, one space between."""


def plain_block(rec: HandRecord, block: str, at: int, brk: str) -> bool:
    """The rows of the deal, each matched by ``ROW`` and separated by ``brk``: every word is
    a seat or a tile of four characters with its space, so a row of ``n`` characters holds
    ``(n + 3) // 4`` words, and its span is its text."""
    if rec.deal is not None:
        return False
    rows: list[Dealt] = []
    rec.deal = rows
    try:
        words = list(map(_WORD, block.split()))
    except KeyError:  # pragma: no cover - ``ROW`` takes only seats and tiles
        return False
    i = 0
    step = len(brk)
    for row in block.split(brk):
        n = len(row)
        j = i + ((n + 3) >> 2)
        rows.append(Dealt(words[i], words[i + 1 : j], (at, at + n)))  # type: ignore[arg-type]
        i = j
        at += n + step
    return True


_TILE_TEXTS = {t: str(t) for t in ALL_TILES.values()}
"""``str(tile)`` of every tile, for rows of ``Tile`` values (an ``int`` equal to a tile is not one)."""


def _tile_texts(tiles: list[Tile]) -> list[str] | None:
    """``str`` of each tile from ``_TILE_TEXTS``; None when one is not a ``Tile`` of the set."""
    try:
        texts = [_TILE_TEXTS[t] for t in tiles if type(t) is Tile]
    except KeyError:  # a ``Tile`` made apart, outside the set
        return None
    return texts if len(texts) == len(tiles) else None


def _row(d: Dealt) -> str:
    texts = _tile_texts(d.tiles)
    return f"{d.seat} {' '.join(map(str, d.tiles) if texts is None else texts)}".rstrip()


def _plain_rows(deal: list[Dealt]) -> list[str] | None:
    """The texts of rows without comments; None if one has any."""
    texts = []
    for d in deal:
        if d.comments or d.after:
            return None
        texts.append(_row(d))
    return texts


def write(hand: HandRecord, out: Lines) -> None:
    deal = hand.deal
    if deal:
        texts = _plain_rows(deal)
        if texts is not None:  # no comments: the lines ``block`` writes for these entries
            out.rows("deal", texts)
            return
        out.block("deal", [(d.comments, _row(d), d.after) for d in deal])
    elif deal is not None:
        out.line((), INDENT, "deal", ())


SPEC = ItemSpec(
    rule="deal",
    terminals=("DEAL",),
    field="deal",
    rank=0,
    single=False,
    scan=scan,
    plain=plain,
    plain_more=plain_row,
    plain_block=plain_block,
    plain_line=ROW,
    write=write,
    form="`deal SEAT TILE... SEAT TILE...` (seats in any order)",
)
