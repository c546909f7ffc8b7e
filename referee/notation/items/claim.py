"""``claim`` (the declarers take the rest of the tricks) or ``concede`` (they give the
hand up): the hand stops there, and the judge checks the claim.

>>> SPEC.read("Concede")
Claim(kind='concede', at=(0, 7), comments=(), after=())
>>> SPEC.read("claim", plain=True) == SPEC.read("claim")
True
>>> SPEC.lines(HandRecord(claim=Claim("claim")))
['  claim']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..plain import indent
from ..record import Claim, HandRecord
from .spec import ItemSpec

__all__ = ["SPEC"]


# claim: CLAIM | CONCEDE
def scan(h: HandScan, i: int, j: int) -> None:
    if h.words(i, j):
        h.syntax()
    h.record.claim = Claim(cast(Literal["claim", "concede"], h.toks[i].lower()), h.at(i))


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    if rec.claim is not None or len(words) != 1:
        return False
    start = at + indent(line)
    rec.claim = Claim(words[0].lower(), (start, start + len(words[0])))  # type: ignore[arg-type]
    return True


def write(hand: HandRecord, out: Lines) -> None:
    c = hand.claim
    if c is not None:
        out.line(c.comments, INDENT, c.kind, c.after)


SPEC = ItemSpec(
    rule="claim",
    terminals=("CLAIM", "CONCEDE"),
    field="claim",
    rank=5,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`claim` (declarers take the rest) or `concede` (they give it up)",
)
