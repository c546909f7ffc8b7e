"""Reading one hand: its text, comments already blanked, into a ``HandRecord``.

The hand is cut into words (``tokens.TOKEN``); each item keyword starts an item,
which its item's general reader (``ItemSpec.scan``, in ``items/``) reads from its words.  Every item and
sub-item keeps its place as offsets.  Anything the item readers do not take is a
syntax error: the hand is marked unreadable and the caller asks the grammar
(``diagnose``) what was expected there.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
import re
from bisect import bisect_right
from collections.abc import Callable
from typing import NamedTuple

from .. import codes
from ..codes import Code
from ..source import Span
from .record import HandRecord
from .tokens import LETTERS, MAX_DIGITS, SPACES, TOKEN, Problem, is_number, out_of_range, splits_as_grammar

__all__ = ["BOOKKEEPING", "HandScan", "ItemReader", "Keyword", "scan_hand"]

_WORDY = re.compile(r"[A-Za-z]{3}")
"""A line that could hold a keyword (a deal row or a trick holds none: seats are one letter)."""

ItemReader = Callable[["HandScan", int, int], None]
"""Reads one item: the scan, and the range of its words (the keyword first)."""


class Keyword(NamedTuple):
    """An item keyword as the hand scanner needs it (from the registry)."""

    word: str
    read: ItemReader
    rank: int | None
    single: str | None
    """The record field a second one of would repeat (None: it may repeat)."""


class HandScan:
    """One hand's words and what the item readers made of them.

    Words are found line by line with ``str.split`` (``TOKEN`` where a line holds
    ``,`` ``/`` or ``=``, and everywhere in a hand that holds white space the grammar
    does not take), and a line's newline is a word of its own (``\\n``).  Where each
    word is is worked out only when a reader asks (``at``, ``span``), a line at a
    time; a span that starts or ends a line costs nothing more.
    """

    __slots__ = (
        "base",
        "broken",
        "firsts",
        "items",
        "last_kw",
        "lines",
        "problems",
        "rank",
        "record",
        "singles",
        "skipped",
        "starts",
        "toks",
    )

    def __init__(self, text: str, base: int, keywords: frozenset[str]) -> None:
        self.base = base
        toks: list[str] = []
        items: list[int] = []
        """The indexes of the words that start items."""
        lines: list[tuple[int, str]] = []
        """Each line: where it starts (in ``text``) and its text."""
        firsts: list[int] = []
        """The index of each line's first word (its newline for a blank line)."""
        pos = 0
        split = splits_as_grammar(text)
        for line in text.split("\n"):
            firsts.append(len(toks))
            lines.append((pos, line))
            pos += len(line) + 1
            words = TOKEN.findall(line) if (not split or "," in line or "/" in line or "=" in line) else line.split()
            if words:
                if words[0].lower() in keywords:
                    items.append(len(toks))
                    for k in range(1, len(words)):
                        if len(words[k]) > 2 and words[k].lower() in keywords:
                            items.append(len(toks) + k)
                elif _WORDY.search(line) and not keywords.isdisjoint(w.lower() for w in words):
                    items.extend(len(toks) + k for k, w in enumerate(words) if w.lower() in keywords)
                toks.extend(words)
            toks.append("\n")
        self.toks = toks
        self.items = items
        self.lines = lines
        self.firsts = firsts
        self.starts: dict[int, list[int]] = {}
        """Where each word of a line starts, for the lines a reader asked about."""
        self.record = HandRecord()
        self.problems: list[Problem] = []
        self.broken = False
        """A syntax error: the grammar is asked for its wording."""
        self.skipped: list[Span] = []
        """Bookkeeping the grammar does not read (a ``result``, ``award`` or ``score`` line, a
        trick's ``=> SEAT``), left out of the record: the hand is still replayed, and each
        gets its syntax error (``assemble.read_chunk``)."""
        self.rank = -1
        self.last_kw = ""
        self.singles: set[str] = set()

    def words(self, i: int, j: int) -> list[int]:
        """The indexes of the words of the item that starts at word ``i`` and ends before
        word ``j``, after its keyword and without newlines."""
        toks = self.toks
        return [k for k in range(i + 1, j) if toks[k] != "\n"]

    # -- places ---------------------------------------------------------------------------
    def _start(self, i: int) -> int:
        """Where word ``i`` starts, in the hand's text."""
        row = bisect_right(self.firsts, i) - 1
        pos, line = self.lines[row]
        first = self.firsts[row]
        if i == first:
            return pos + len(line) - len(line.lstrip(SPACES))
        starts = self.starts.get(row)
        if starts is None:
            starts = []
            find = line.find
            at = 0
            for w in self.toks[first : self.firsts[row + 1] - 1 if row + 1 < len(self.firsts) else len(self.toks) - 1]:
                at = find(w, at)
                starts.append(pos + at)
                at += len(w)
            self.starts[row] = starts
        return starts[i - first]

    def _end(self, j: int) -> int:
        """Where word ``j`` ends."""
        toks = self.toks
        if j + 1 < len(toks) and toks[j + 1] == "\n" and toks[j] != "\n":  # the last word of its line
            row = bisect_right(self.firsts, j) - 1
            pos, line = self.lines[row]
            return pos + len(line.rstrip(SPACES))
        return self._start(j) + len(toks[j])

    def line_text(self, i: int, j: int) -> str | None:
        """The text from the start of word ``i`` to the end of word ``j``, when both are on
        one line (a terminal of the grammar, such as ``follow me``, never spans lines)."""
        row = bisect_right(self.firsts, i) - 1
        if bisect_right(self.firsts, j) - 1 != row:
            return None
        pos, line = self.lines[row]
        return line[self._start(i) - pos : self._end(j) - pos]

    def at(self, i: int) -> Span:
        """The span of word ``i``."""
        base = self.base
        return (base + self._start(i), base + self._end(i))

    def span(self, i: int, j: int) -> Span:
        """From the start of word ``i`` to the end of word ``j`` (inclusive)."""
        base = self.base
        return (base + self._start(i), base + self._end(j))

    # -- problems -------------------------------------------------------------------------
    def syntax(self) -> None:
        """The words do not follow the grammar here; ``diagnose`` words it."""
        self.broken = True
        self.record.unreadable = True

    def skip(self, i: int, j: int) -> None:
        """Words ``i`` to ``j`` are bookkeeping the grammar does not read: left out, with
        their syntax error, and the rest of the hand is read on."""
        self.skipped.append(self.span(i, j))

    def problem(self, code: Code, message: str, span: Span | None, hint: str | None = None, *, unreadable: bool = True) -> None:
        if unreadable:
            self.record.unreadable = True
        self.problems.append(Problem(code, message, span, hint))

    def number(self, i: int) -> int | None:
        """Word ``i`` as a whole number; a too long one is reported (S013) and gives None."""
        word = self.toks[i]
        if len(word.lstrip("+-0")) > MAX_DIGITS:
            self.record.unreadable = True
            self.problems.append(out_of_range(word, self.at(i)))
            return None
        return int(word)

    def bad_tile(self, i: int) -> None:
        self.problem(
            codes.S002, f"`{self.toks[i]}` is not a domino of the double-six set", self.at(i), "a tile is two ends from 0 to 6, such as 6-4"
        )

    def order(self, kw: Keyword, i: int) -> bool:
        """Check the order of items; False for a second single item (reported, then skipped)."""
        word = kw.word
        if kw.single is not None:
            if kw.single in self.singles:
                self.problem(codes.S011, f"a second `{word}` in this hand; the first one counts", self.at(i), unreadable=False)
                return False
            self.singles.add(kw.single)
        if kw.rank is None:
            return True
        if kw.rank < self.rank:
            self.problem(
                codes.S011,
                f"`{word}` comes after `{self.last_kw}`",
                self.at(i),
                "items of a hand go: deal, bid, exchange, trump, play, result",
                unreadable=False,
            )
        else:
            self.rank = kw.rank
            self.last_kw = word
        return True


def scan_hand(text: str, base: int, keywords: dict[str, Keyword], words: frozenset[str]) -> HandScan:
    """Read the hand in ``text`` (its comments blanked), whose first character is at ``base``;
    ``words`` are the item keywords (``keywords``' keys)."""
    h = HandScan(text, base, words)
    toks = h.toks
    rec = h.record
    items = h.items
    n = items[0] if items else len(toks)
    i = _skip(toks, 0)
    if i >= n or toks[i].lower() != "hand":  # pragma: no cover - the scanner cuts hands at `hand` lines
        h.syntax()
    else:
        first = last = i
        i = _skip(toks, i + 1)
        if i < n and is_number(toks[i]):
            rec.number = h.number(i)
            last = i
            i = _skip(toks, i + 1)
        if i < n and toks[i].lower() == "dealer":
            j = _skip(toks, i + 1)
            if j < n and len(toks[j]) == 1 and toks[j] in LETTERS:
                rec.dealer = toks[j].upper()
                rec.dealer_at = h.at(j)
                last = j
                i = _skip(toks, j + 1)
            else:  # `dealer` with no seat after it
                h.syntax()
                last = i
                i = j
        rec.at = h.span(first, last)
        if _skip(toks, i) < n:
            h.syntax()  # words between the hand line and the first item
    for k, start in enumerate(items):
        stop = items[k + 1] if k + 1 < len(items) else len(toks)
        kw = keywords[toks[start].lower()]
        if h.order(kw, start):
            if kw.single in BOOKKEEPING:
                _read_or_skip(h, kw, start, stop)
            else:
                kw.read(h, start, stop)
        else:  # a second single item: read (its syntax counts), then dropped
            kept, h.record = h.record, HandRecord()
            kw.read(h, start, stop)
            kept.unreadable |= h.record.unreadable
            h.record = kept
    return h


BOOKKEEPING = frozenset({"result", "award", "score"})
"""The items that only restate what the replay computes: one the grammar does not read
is left out with its error, and the hand is still replayed (one slip costs one line)."""


def _read_or_skip(h: HandScan, kw: Keyword, start: int, stop: int) -> None:
    """Read a bookkeeping item; when it does not follow the grammar, leave it out of the
    record and mark its words skipped, and keep the hand readable."""
    rec = h.record
    broken, unreadable = h.broken, rec.unreadable
    kw.read(h, start, stop)
    if (h.broken and not broken) or (rec.unreadable and not unreadable):
        h.broken, rec.unreadable = broken, unreadable
        assert kw.single is not None
        setattr(rec, kw.single, None)
        last = stop - 1
        while last > start and h.toks[last] == "\n":
            last -= 1
        h.skip(start, last)


def _skip(toks: list[str], i: int) -> int:
    """The first word from ``i`` that is not a newline."""
    n = len(toks)
    while i < n and toks[i] == "\n":
        i += 1
    return i
