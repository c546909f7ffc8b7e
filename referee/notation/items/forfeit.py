"""``forfeit SEAT time|illegal|crash|protocol|stall [trick N]``: a seat's fault in a match
played under the referee (``referee match``), and the trick it came in.

>>> SPEC.read("forfeit e Time trick 5")
Forfeit(seat='E', fault='time', trick=5, at=(0, 22), comments=(), after=())
>>> SPEC.read("forfeit e crash", plain=True)
Forfeit(seat='E', fault='crash', trick=None, at=(0, 15), comments=(), after=())
>>> SPEC.lines(HandRecord(forfeit=Forfeit("W", "stall", 2)))
['  forfeit W stall trick 2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..plain import line_span
from ..record import Fault, Forfeit, HandRecord
from ..tokens import fits_number, is_number, is_seat
from .common import not_a_seat, trick_out_of_range
from .spec import ItemSpec

__all__ = ["FAULTS", "SPEC"]

FAULTS: tuple[Fault, ...] = get_args(Fault)
"""The faults, as the grammar's ``FAULT`` writes them."""


# forfeit: FORFEIT SEAT FAULT (TRICK NUMBER)?
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = h.words(i, j)
    fault = toks[words[1]].lower() if len(words) > 1 else ""
    if len(words) not in (2, 4) or not is_seat(toks[words[0]]) or fault not in FAULTS:
        h.syntax()
        return
    trick = None
    if len(words) == 4:
        if toks[words[2]].lower() != "trick" or not is_number(toks[words[3]]):
            h.syntax()
            return
        trick = h.number(words[3]) or 0
    h.record.forfeit = Forfeit(toks[words[0]].upper(), fault, trick, h.span(i, words[-1]))


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    n = len(words)
    if rec.forfeit is not None or n not in (3, 5) or not is_seat(words[1]):
        return False
    fault = words[2].lower()
    if fault not in FAULTS:
        return False
    trick = None
    if n == 5:
        if words[3].lower() != "trick" or not fits_number(words[4]):
            return False
        trick = int(words[4])
    rec.forfeit = Forfeit(words[1].upper(), fault, trick, line_span(line, at))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    f = hand.forfeit
    if f is not None:
        trick = f" trick {f.trick}" if f.trick is not None else ""
        out.line(f.comments, INDENT, f"forfeit {f.seat} {f.fault}{trick}", f.after)


def impossible(f: Forfeit) -> str | None:
    return (None if f.trick is None else trick_out_of_range(f.trick)) or not_a_seat(f.seat)


SPEC = ItemSpec(
    rule="forfeit",
    terminals=("FORFEIT",),
    field="forfeit",
    rank=5,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`forfeit SEAT time\\|illegal\\|crash\\|protocol\\|stall [trick N]` (a seat's fault in a match played under the referee)",
    impossible=impossible,
)
