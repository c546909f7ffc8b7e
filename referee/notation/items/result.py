"""``result [SIDE] [POINTS] made|set``: the result the recorder claimed (the declaring
side, its points, made or set), checked against the judge's.

>>> SPEC.read("result ns 35 made")
StatedResult(side='NS', points=35, outcome='made', at=(0, 17), comments=(), after=())
>>> SPEC.read("result set", plain=True)
StatedResult(side=None, points=None, outcome='set', at=(0, 10), comments=(), after=())
>>> SPEC.lines(HandRecord(result=StatedResult("EW", None, "set")))
['  result EW set']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..memo import LineMemo
from ..plain import indent
from ..record import HandRecord, StatedResult
from ..tokens import fits_number, is_number, is_side
from .spec import ItemSpec

__all__ = ["SPEC"]


# result: RESULT (SEAT | SIDE)? NUMBER? OUTCOME
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    side: str | None = None
    points: int | None = None
    outcome: Literal["made", "set"] | None = None
    step = 0  # side, then points, then made/set
    last = i
    for k in h.words(i, j):
        w = toks[k]
        low = w.lower()
        last = k
        if low in ("made", "set") and step < 3:
            outcome, step = cast(Literal["made", "set"], low), 3
        elif step < 1 and w.isascii() and w.isalpha():
            side, step = w.upper(), 1
        elif step < 2 and is_number(w):
            points, step = h.number(k), 2
        else:
            h.syntax()
    if outcome is None:
        h.syntax()
    h.record.result = StatedResult(side, points, outcome, h.span(i, last))


def _result(line: str) -> tuple[str | None, int | None, str, int, int] | None:
    words = line.split()
    if len(words) > 4:
        return None
    outcome = words[-1].lower()
    if outcome not in ("made", "set"):
        return None
    side: str | None = None
    points: int | None = None
    middle = words[1:-1]
    if middle and is_side(middle[0]) and middle[0].lower() not in ("made", "set"):
        side = middle.pop(0).upper()
    if middle and fits_number(middle[0]):
        points = int(middle.pop(0))
    if middle:
        return None
    return side, points, outcome, indent(line), len(line.rstrip())


_RESULTS = LineMemo(_result)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = _RESULTS[line]
    if found is None or rec.result is not None:
        return False
    side, points, outcome, start, end = found
    rec.result = StatedResult(side, points, outcome, (at + start, at + end))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    r = hand.result
    if r is not None:
        words = ["result"] + [str(x) for x in (r.side, r.points, r.outcome) if x is not None]
        out.line(r.comments, INDENT, " ".join(words), r.after)


SPEC = ItemSpec(
    rule="result",
    terminals=("RESULT",),
    field="result",
    rank=6,
    single=True,
    scan=scan,
    plain=plain,
    names=slice(1, None),
    write=write,
    form="`result [SIDE] [POINTS] made\\|set`",
)
