"""``misdeal [by SEAT]``: the hand was misdealt and dealt again by the same player; the
deal the record writes is the redeal.

>>> SPEC.read("misdeal by w")
Misdeal(by='W', at=(0, 12), by_at=(11, 12), comments=(), after=())
>>> SPEC.read("misdeal by w", plain=True) == SPEC.read("misdeal by w")
True
>>> SPEC.lines(HandRecord(misdeal=Misdeal("W")))
['  misdeal by W']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..plain import line_span
from ..record import HandRecord, Misdeal
from ..tokens import is_seat
from .common import not_a_seat
from .spec import ItemSpec

__all__ = ["SPEC"]


# misdeal: MISDEAL (BY SEAT)?
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = h.words(i, j)
    by = by_at = None
    if len(words) == 2 and toks[words[0]].lower() == "by" and is_seat(toks[words[1]]):
        by, by_at = toks[words[1]].upper(), h.at(words[1])
    elif words:
        h.syntax()
    h.record.misdeal = Misdeal(by, h.span(i, words[-1] if words else i), by_at)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    if rec.misdeal is not None:
        return False
    if len(words) == 1:
        rec.misdeal = Misdeal(None, line_span(line, at))
        return True
    if len(words) != 3 or words[1].lower() != "by" or not is_seat(words[2]):
        return False
    end = at + len(line.rstrip())
    rec.misdeal = Misdeal(words[2].upper(), line_span(line, at), (end - 1, end))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    m = hand.misdeal
    if m is not None:
        out.line(m.comments, INDENT, "misdeal" + (f" by {m.by}" if m.by is not None else ""), m.after)


def impossible(m: Misdeal) -> str | None:
    return not_a_seat(m.by)


SPEC = ItemSpec(
    rule="misdeal",
    terminals=("MISDEAL",),
    field="misdeal",
    rank=0,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`misdeal [by SEAT]` (the hand was misdealt and dealt again; the deal written is the redeal)",
    impossible=impossible,
)
