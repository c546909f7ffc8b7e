"""``accept SEAT trick N``: SEAT played to trick N (1-based) out of turn and the table let
the play stand; play goes on from SEAT.  A hand may hold several.

>>> SPEC.read("accept w TRICK 3")
[AcceptedPlay(seat='W', trick=3, at=(0, 16), comments=(), after=())]
>>> SPEC.read("accept w TRICK 3", plain=True) == SPEC.read("accept W trick 3")
True
>>> SPEC.lines(HandRecord(accepted=[AcceptedPlay("W", 3), AcceptedPlay("N", 5)]))
['  accept W trick 3', '  accept N trick 5']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..plain import line_span
from ..record import AcceptedPlay, HandRecord
from .common import not_a_seat, scan_seat_trick, seat_trick, trick_out_of_range
from .spec import ItemSpec

__all__ = ["SPEC"]


# accept: ACCEPT SEAT TRICK NUMBER
def scan(h: HandScan, i: int, j: int) -> None:
    words = h.words(i, j)
    found = scan_seat_trick(h, words)
    if found is None:
        return
    seat, trick, rest = found
    if rest:
        h.syntax()
    h.record.accepted.append(AcceptedPlay(seat, trick, h.span(i, words[-1])))


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = seat_trick(words)
    if found is None or len(words) != 4:
        return False
    rec.accepted.append(AcceptedPlay(*found, line_span(line, at)))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    for a in hand.accepted:
        out.line(a.comments, INDENT, f"accept {a.seat} trick {a.trick}", a.after)


def impossible(a: AcceptedPlay) -> str | None:
    return trick_out_of_range(a.trick) or not_a_seat(a.seat)


SPEC = ItemSpec(
    rule="accept",
    terminals=("ACCEPT",),
    field="accepted",
    rank=5,
    single=False,
    scan=scan,
    plain=plain,
    write=write,
    form="`accept SEAT trick N` (the table let SEAT's play out of turn to trick N stand)",
    impossible=impossible,
)
