"""``award SIDE N [SIDE N ...]``: what each side scored for the hand, as the recorder
wrote it (checked against the judge's award).

>>> SPEC.read("award ns 1 EW -1")
StatedAward(amounts={'NS': 1, 'EW': -1}, at=(0, 16), comments=(), after=())
>>> SPEC.read("award ns 1 EW -1", plain=True) == SPEC.read("award NS 1 EW -1")
True
>>> SPEC.lines(HandRecord(award=StatedAward({"NS": 1})))
['  award NS 1']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..record import HandRecord, StatedAward
from .common import AWARDS, scan_amounts, sides_text
from .spec import ItemSpec

__all__ = ["SPEC"]

_known = AWARDS.get
_new = AWARDS.new
"""Bound once: a line met before is one call of ``dict.get`` in C, a new one costs no
frame of ``__missing__`` before it is read (a Moon running score is new in most hands)."""


def scan(h: HandScan, i: int, j: int) -> None:
    amounts, at = scan_amounts(h, i, j)
    h.record.award = StatedAward(amounts, at)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = _known(line) or _new(line, words)
    if found is None or rec.award is not None:
        return False
    amounts, start, end = found
    rec.award = StatedAward(dict(amounts), (at + start, at + end))  # a copy: the memory's stays as read
    return True


def write(hand: HandRecord, out: Lines) -> None:
    a = hand.award
    if a is not None:
        out.line(a.comments, INDENT, f"award {sides_text(a.amounts)}".rstrip(), a.after)


SPEC = ItemSpec(
    rule="award",
    terminals=("AWARD",),
    field="award",
    rank=6,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`award SIDE N [SIDE N ...]`",
)
