"""``renege SEAT trick N [called by SEAT]``: a renege called and ruled at the table: who
reneged, in which trick (1-based), who called it.  The hand is scored by the ruling.

>>> SPEC.read("renege e trick 3 called by n")
RenegeCall(seat='E', trick=3, called_by='N', at=(0, 28), comments=(), after=())
>>> SPEC.read("renege e trick 3", plain=True)
RenegeCall(seat='E', trick=3, called_by=None, at=(0, 16), comments=(), after=())
>>> SPEC.lines(HandRecord(renege=RenegeCall("E", 3, "N")))
['  renege E trick 3 called by N']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..plain import line_span
from ..record import HandRecord, RenegeCall
from ..tokens import is_seat
from .common import not_a_seat, scan_seat_trick, seat_trick, trick_out_of_range
from .spec import ItemSpec

__all__ = ["SPEC"]


# renege: RENEGE SEAT TRICK NUMBER (CALLED BY SEAT)?
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = h.words(i, j)
    found = scan_seat_trick(h, words)
    if found is None:
        return
    seat, trick, rest = found
    caller = None
    if len(rest) == 3 and toks[rest[0]].lower() == "called" and toks[rest[1]].lower() == "by" and is_seat(toks[rest[2]]):
        caller = toks[rest[2]].upper()
    elif rest:
        h.syntax()
    h.record.renege = RenegeCall(seat, trick, caller, h.span(i, words[-1]))


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = seat_trick(words)
    if rec.renege is not None or found is None:
        return False
    caller = None
    if len(words) == 7 and words[4].lower() == "called" and words[5].lower() == "by" and is_seat(words[6]):
        caller = words[6].upper()
    elif len(words) != 4:
        return False
    rec.renege = RenegeCall(*found, caller, line_span(line, at))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    r = hand.renege
    if r is not None:
        called = f" called by {r.called_by}" if r.called_by is not None else ""
        out.line(r.comments, INDENT, f"renege {r.seat} trick {r.trick}{called}", r.after)


def impossible(r: RenegeCall) -> str | None:
    return trick_out_of_range(r.trick) or not_a_seat(r.seat) or not_a_seat(r.called_by)


SPEC = ItemSpec(
    rule="renege",
    terminals=("RENEGE",),
    field="renege",
    rank=5,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`renege SEAT trick N [called by SEAT]` (a renege called and ruled at the table)",
    impossible=impossible,
)
