"""``score SIDE N [SIDE N ...]``: the running score after the hand, as the recorder wrote
it (checked against the judge's).

>>> SPEC.read("score NS 3 ew 2")
StatedScore(scores={'NS': 3, 'EW': 2}, at=(0, 15), comments=(), after=())
>>> SPEC.read("score NS 3 ew 2", plain=True) == SPEC.read("score NS 3 EW 2")
True
>>> SPEC.lines(HandRecord(score=StatedScore({"NS": 3, "EW": 2}, after=("close",))))
['  score NS 3 EW 2  ; close']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands import HandScan
from ..lines import INDENT, Lines
from ..record import HandRecord, StatedScore
from .common import SCORES, scan_amounts, sides_text
from .spec import ItemSpec

__all__ = ["SPEC"]

_known = SCORES.get
_new = SCORES.new
"""Bound once: a line met before is one call of ``dict.get`` in C, a new one costs no
frame of ``__missing__`` before it is read (a Moon running score is new in most hands)."""


def scan(h: HandScan, i: int, j: int) -> None:
    scores, at = scan_amounts(h, i, j)
    h.record.score = StatedScore(scores, at)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    """No words: the layout's last line, unsplit (``PlainItem.last``), split here when new."""
    found = _known(line)
    fresh = found is None
    if fresh:
        found = _new(line, words or line.split())
    if found is None or rec.score is not None:
        return False
    scores, start, end = found
    # a remembered line's amounts are copied (the memory's stay as read); a new line's are its own
    rec.score = StatedScore(dict(scores) if not fresh else scores, (at + start, at + end))
    return True


def write(hand: HandRecord, out: Lines) -> None:
    s = hand.score
    if s is not None:
        out.line(s.comments, INDENT, f"score {sides_text(s.scores)}".rstrip(), s.after)


SPEC = ItemSpec(
    rule="score",
    terminals=("SCORE",),
    field="score",
    rank=6,
    single=True,
    scan=scan,
    plain=plain,
    plain_repeats=False,
    plain_last=True,
    write=write,
    form="`score SIDE N [SIDE N ...]` (running score after the hand)",
)
