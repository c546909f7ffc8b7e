"""``exchange TILE... for TILE...`` or ``exchange none``: the tiles the declarer took
from the widow or cat into hand, and those put back.

>>> SPEC.read("exchange 6-6 for 2-1")
Exchange(take=[Tile(6-6)], give=[Tile(2-1)], at=(0, 20), comments=(), after=())
>>> SPEC.read("exchange none", plain=True)
Exchange(take=[], give=[], at=(0, 13), comments=(), after=())
>>> SPEC.lines(HandRecord(exchange=Exchange([], [])))
['  exchange none']
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.tiles import Tile
from ..hands import HandScan
from ..lines import INDENT, Lines
from ..memo import LineMemo
from ..plain import line_span
from ..record import Exchange, HandRecord
from ..tokens import TILES, is_tile_like
from .spec import ItemSpec

__all__ = ["SPEC"]


# exchange: EXCHANGE (NONE | TILE+ FOR TILE+)
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = h.words(i, j)
    take: list[Tile] = []
    give: list[Tile] = []
    if len(words) == 1 and toks[words[0]].lower() == "none":
        h.record.exchange = Exchange([], [], h.span(i, words[0]))
        return
    side = take
    split = False
    written = [0, 0]  # tiles written on each side of `for`, dominoes or not
    for k in words:
        w = toks[k]
        t = TILES.get(w)
        if t is not None or is_tile_like(w):
            written[split] += 1
            if t is not None:
                side.append(t)
            else:
                h.bad_tile(k)
        elif w.lower() == "for" and not split:
            split, side = True, give
        else:
            h.syntax()
    if not (split and all(written)):
        h.syntax()
    h.record.exchange = Exchange(take, give, h.span(i, words[-1] if words else i))


def _exchange(line: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[int, int]] | None:
    """An ``exchange`` line: the tiles taken and given, and where it is in the line."""
    words = line.split()
    span = line_span(line, 0)
    if len(words) == 2 and words[1].lower() == "none":
        return (), (), span
    # One tile for one (Moon's exchange, a line new in a quarter of hands): as below, in one step.
    if len(words) == 4 and words[2].lower() == "for":
        taken, given = TILES.get(words[1]), TILES.get(words[3])  # neither is ``for``: no tile is written so
        return None if taken is None or given is None else ((taken,), (given,), span)
    lowered = [w.lower() for w in words]
    if lowered.count("for") != 1:
        return None
    split = lowered.index("for")
    if split < 2 or split == len(words) - 1:
        return None
    try:
        take = tuple(TILES[w] for w in words[1:split])
        give = tuple(TILES[w] for w in words[split + 1 :])
    except KeyError:
        return None
    return take, give, span


_EXCHANGES = LineMemo(_exchange)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = _EXCHANGES[line]
    if found is None or rec.exchange is not None:
        return False
    take, give, (start, end) = found
    rec.exchange = Exchange(list(take), list(give), (at + start, at + end))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    ex = hand.exchange
    if ex is None:
        return
    take, give = " ".join(map(str, ex.take)), " ".join(map(str, ex.give))
    text = f"exchange {take or 'none'} for {give or 'none'}" if ex.take or ex.give else "exchange none"
    out.line(ex.comments, INDENT, text, ex.after)


SPEC = ItemSpec(
    rule="exchange",
    terminals=("EXCHANGE",),
    field="exchange",
    rank=2,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`exchange TILE... for TILE...` or `exchange none`",
)
