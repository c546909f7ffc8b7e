"""``trump DECLARATION [low | high] [by SEAT]``: the declaration, as a suit (``sixes``,
``6``), ``doubles``, ``follow-me`` (or ``no-trump``), or a contract named as the trump
(``nello``, ``sevens``).

>>> SPEC.read("trump Follow Me low by s")
TrumpRecord(kind='follow-me', suit=None, doubles_low=True, by='S', at=(0, 24), by_at=(23, 24), comments=(), after=())
>>> SPEC.read("trump 5", plain=True)
TrumpRecord(kind='suit', suit=5, doubles_low=False, by=None, at=(0, 7), by_at=None, comments=(), after=())
>>> SPEC.lines(HandRecord(trump=TrumpRecord("nello", doubles_low=True)))
['  trump nello low']
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.declarations import NUMBER_NAMES
from ..contracts import TRUMP_CONTRACTS, TrumpKind
from ..grammar import terminal
from ..hands import HandScan
from ..lines import INDENT, Lines
from ..memo import LineMemo
from ..plain import indent
from ..record import HandRecord, TrumpRecord
from ..tokens import SUITS, is_seat
from .spec import ItemSpec

__all__ = ["SPEC", "declaration"]

_FOLLOW_ME = terminal("FOLLOWME")
_NO_TRUMP = terminal("NOTRUMP")
_DECLARED: dict[str, TrumpKind] = {"doubles": "doubles", **{word: word for word in TRUMP_CONTRACTS}}
"""The declarations written as their own word (the grammar's ``DOUBLES``, ``NELLO``, ``SEVENS``)."""


def declaration(text: str) -> tuple[TrumpKind, int | None] | None:
    """The grammar's ``declaration`` (``sixes``, ``6``, ``doubles``, ``follow me``...) as a
    trump kind and suit; None when the words are not one.

    >>> declaration("Sixes"), declaration("no trump"), declaration("nello"), declaration("7")
    (('suit', 6), ('follow-me', None), ('nello', None), None)
    """
    text = text.lower()
    if text in SUITS:
        return "suit", SUITS[text]
    if len(text) == 1 and "0" <= text <= "6":
        return "suit", int(text)
    if text in _DECLARED:
        return _DECLARED[text], None
    if _FOLLOW_ME.fullmatch(text) or _NO_TRUMP.fullmatch(text):
        return "follow-me", None
    return None


# trump: TRUMP declaration LOWHIGH? (BY SEAT)?
# declaration: SUIT | DIGIT | DOUBLES | NELLO | SEVENS | FOLLOWME | NOTRUMP
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = h.words(i, j)
    if not words:
        h.syntax()
        return
    last = words[-1]
    by: str | None = None
    by_at = None
    if len(words) >= 2 and toks[words[-2]].lower() == "by" and is_seat(toks[last]):
        by, by_at = toks[last].upper(), h.at(last)
        words = words[:-2]
    low = False
    if words and toks[words[-1]].lower() in ("low", "high"):
        low = toks[words[-1]].lower() == "low"
        words = words[:-1]
    text = toks[words[0]] if len(words) == 1 else h.line_text(words[0], words[-1]) if words else None
    found = None if text is None else declaration(text)
    if found is None:
        h.syntax()
        return
    h.record.trump = TrumpRecord(found[0], found[1], low, by, h.span(i, last), by_at)


def _trump(line: str) -> tuple[str, int | None, int, int] | None:
    words = line.split()
    found = declaration(words[1]) if len(words) == 2 else None
    return None if found is None else (found[0], found[1], indent(line), len(line.rstrip()))


_TRUMPS = LineMemo(_trump)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = _TRUMPS[line]
    if found is None or rec.trump is not None:
        return False
    kind, suit, start, end = found
    rec.trump = TrumpRecord(kind, suit, False, None, (at + start, at + end))
    return True


def _declaration(trump: TrumpRecord) -> str:
    if trump.kind == "suit":
        if trump.suit is None or not 0 <= trump.suit <= 6:
            raise ValueError(f"a suit trump needs a suit 0-6, not {trump.suit!r}")
        text = NUMBER_NAMES[trump.suit]
    else:
        text = trump.kind
    return f"{text} low" if trump.doubles_low else text


def write(hand: HandRecord, out: Lines) -> None:
    t = hand.trump
    if t is not None:
        by = f" by {t.by}" if t.by is not None else ""
        out.line(t.comments, INDENT, f"trump {_declaration(t)}{by}", t.after)


def impossible(t: TrumpRecord) -> str | None:
    if t.kind == "suit" and (t.suit is None or not 0 <= t.suit <= 6):
        return f"a suit trump needs a suit 0 to 6, not {t.suit}"
    if t.kind != "suit" and t.suit is not None:
        return f"a {t.kind} trump names no suit"
    return None


SPEC = ItemSpec(
    rule="trump",
    terminals=("TRUMP",),
    field="trump",
    rank=3,
    single=True,
    scan=scan,
    plain=plain,
    write=write,
    form="`trump DECLARATION [low \\| high] [by SEAT]`",
    impossible=impossible,
)
