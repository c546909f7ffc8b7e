"""Hands in the plain layout, read a line at a time: the reader's fast path.

Nearly every hand a program or ``referee fmt`` writes has one item per line, one
deal row or one trick per line, seats written, tiles as ``6-4``, and calls separated
by commas on the ``bid`` line.  Such a hand is read here, each line split once (what a
line is, its item and its words, is remembered by its text: most lines repeat from hand
to hand) and taken whole by its item's plain reader (``ItemSpec.plain``, in ``items/``),
with its places worked out from where its line starts.  Anything else (a seat left out, ``/`` between tricks,
an item out of order, a word that is not where the layout puts it, any error) makes
``plain_hand`` answer None, and the hand is read by ``hands.scan_hand``, which reads
every form the grammar allows and words its errors.

So this module decides nothing about the notation: it only recognises a layout whose
meaning ``scan_hand`` gives.  ``tests/notation/test_plain.py`` holds the two to the
same record, places included, on the samples, on generated hands of every game and
on their mutations.

The layout ``fmt`` writes exactly (one space between words, rows and tricks indented
under the first, no comment) is read faster still, whole blocks at a time: a
``Layout`` matches the hand with one regular expression, hands each block item (the
deal's rows, the tricks) its block whole (``PlainItem.block``) and each other line to
its plain reader as above.  Whatever it declines goes to the line-by-line reading.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from . import memo
from .lines import INDENT
from .memo import LineMemo
from .record import HandRecord
from .tokens import splits_as_grammar

__all__ = ["Kinds", "Layout", "PlainBlock", "PlainItem", "PlainReader", "indent", "line_span", "plain_hand"]

PlainReader = Callable[[HandRecord, str, int, Sequence[str]], bool]
"""Reads one line of an item into the record: the line, where it starts (an offset of the
input), its words (the keyword first, on the item's first line; none for the line an item
read apart ends the hand with, ``PlainItem.last``).  False: not plain."""

PlainBlock = Callable[[HandRecord, str, int, str], bool]
"""Reads an item's block in the layout ``fmt`` writes: its lines after the keyword (each
matched by the item's ``PlainItem.line``), where the block starts (an offset of the
input), and what separates its lines (a newline and the indent).  False: not plain."""

_HAND = re.compile(r"[ \t]*(?i:hand)(?:[ \t]+([0-9]{1,9}))?(?:[ \t]+(?i:dealer)[ \t]+([A-Za-z]))?[ \t]*")
"""The hand line, plainly written."""


def indent(line: str) -> int:
    """Where the text of ``line`` starts."""
    return len(line) - len(line.lstrip())


def line_span(line: str, at: int) -> tuple[int, int]:
    """The span of a line's text, from its indent to its last word (``at``: where the line
    starts, an offset of the input).

    >>> line_span("  claim  ", 100)
    (102, 107)
    """
    return (at + len(line) - len(line.lstrip()), at + len(line.rstrip()))


class PlainItem(NamedTuple):
    """What ``plain_hand`` needs of an item (from its registry entry)."""

    read: PlainReader
    rank: int | None
    more: PlainReader | None
    """Reads a line that starts with no keyword, which continues the item (deal rows,
    tricks); None: the item has no such lines."""
    names: slice | None
    """The words of its line that are names (sides), which must not be item keywords: the
    grammar would start an item there (its reader takes its other words only as numbers or
    words of its own, none of them a keyword); None: it has no names."""
    block: PlainBlock | None = None
    """Reads the item's lines whole, in the layout ``fmt`` writes; None: read line by line."""
    line: str | None = None
    """A regular expression of one line of its block, after the keyword or the indent."""
    repeats: bool = True
    """Its lines repeat from hand to hand; False: most are new (a running score), so only
    the first ``memo.FRESH_SIZE`` met are remembered (``Kinds``)."""
    last: bool = False
    """Its line, when it ends the hand, is read apart by the ``Layout``, neither split nor
    looked up in ``Kinds``: its reader is given no words, and splits the line itself when
    it has not met it (a running score, new in most hands of a game in points)."""


def _head(line: str) -> tuple[int | None, str | None, tuple[int, int], int, int] | None:
    """The ``hand`` line: its number, the dealer and where the dealer and the line are."""
    m = _HAND.fullmatch(line)
    if m is None:
        return None
    number = None if m.group(1) is None else int(m.group(1))
    dealer = None if m.group(2) is None else m.group(2).upper()
    return number, dealer, m.span(2), indent(line), len(line.rstrip())


_HEADS = LineMemo(_head)


def plain_hand(text: str, base: int, items: dict[str, PlainItem], layout: "Layout | None" = None) -> HandRecord | None:
    """The hand in ``text`` (comments blanked; its first character at offset ``base``), when
    it is written in the plain layout; None otherwise.  ``items``: each item keyword (lower
    case) to its plain reader; ``layout``: the layout of ``items`` tried first."""
    if layout is not None:
        rec = layout.read(text, base)
        if rec is not None:
            return rec
    if not splits_as_grammar(text):
        return None
    rec = HandRecord()
    pos = 0
    lines = text.split("\n")
    k = 0
    while k < len(lines) and not lines[k].strip():
        pos += len(lines[k]) + 1
        k += 1
    if k == len(lines):
        return None
    head = lines[k]
    found = _HEADS[head]
    if found is None:
        return None
    at = base + pos
    rec.number, dealer, dealer_at, start, end = found
    if dealer is not None:
        rec.dealer = dealer
        rec.dealer_at = (at + dealer_at[0], at + dealer_at[1])
    rec.at = (at + start, at + end)
    pos += len(head) + 1
    kinds = layout.kinds if layout is not None and layout.items is items else Kinds(items)
    return None if _read_lines(rec, lines[k + 1 :], base + pos, kinds, -1, None) is None else rec


Kind = tuple[PlainItem | None, Sequence[str]] | None
"""What a line is, from its text alone: its item (None: it starts with no keyword, and
continues the item before it) and its words; None: not plain."""


class Kinds(dict[str, Kind]):
    """The ``Kind`` of each line, remembered by its text: ``kinds[line]``.  At most
    ``memo.MEMO_SIZE`` lines are kept, of which ``memo.FRESH_SIZE`` of items whose lines
    seldom repeat (``PlainItem.repeats``).  A line of an item that holds names
    (``PlainItem.names``) is not plain when a name is an item keyword (the grammar would
    start an item there).

    >>> from referee.notation.items import PLAIN_ITEMS
    >>> kinds = Kinds(PLAIN_ITEMS)
    >>> kinds["  trump fives"][1], kinds["  score A 1 B 2 C 3"][1], len(kinds), kinds.fresh
    (('trump', 'fives'), ('score', 'A', '1', 'B', '2', 'C', '3'), 2, 1)
    >>> kinds["  result A play made"], kinds["  A 1"][0]
    (None, None)
    """

    def __init__(self, items: dict[str, PlainItem]) -> None:
        super().__init__()
        self.by_word = items
        self.keywords = frozenset(items)
        self.fresh = 0
        """Lines kept of items whose lines seldom repeat."""
        self.named: dict[tuple[str, ...], bool] = {}
        """Whether the names of a line hold no item keyword, by the names as written (at
        most ``memo.MEMO_SIZE``): a running score is new in most hands, its sides are the
        same in every hand of a game."""

    def __missing__(self, line: str) -> Kind:
        words = line.split()
        entry = self.by_word.get(words[0].lower()) if words else None
        if entry is not None and entry.names is not None:
            names = tuple(words[entry.names])
            clear = self.named.get(names)
            if clear is None:
                clear = self.keywords.isdisjoint(map(str.lower, names))
                if len(self.named) < memo.MEMO_SIZE:
                    self.named[names] = clear
            if not clear:
                return None
        if entry is not None and not entry.repeats:
            if self.fresh >= memo.FRESH_SIZE or len(self) >= memo.MEMO_SIZE:
                return entry, words  # read once, as split (readers never change the words)
            self.fresh += 1
        kind = entry, tuple(words)
        if len(self) < memo.MEMO_SIZE:
            self[line] = kind
        return kind


def _read_lines(rec: HandRecord, lines: list[str], at: int, kinds: Kinds, rank: int, more: PlainReader | None) -> int | None:
    """Read ``lines`` into ``rec``, each by its item's plain reader (the first line starts at
    offset ``at``; blank lines are skipped).  ``rank`` and ``more``: the place in the order of
    the item before and its reader of the lines that continue it.  None: not plain (a line
    out of order, a continuation with nothing to continue, a reader that declines); else
    the rank of the last item read."""
    for line in lines:
        kind: Kind = kinds[line]
        if kind is None:
            return None
        entry, words = kind
        if words:
            if entry is None:
                if more is None or not more(rec, line, at, words):
                    return None
            else:
                read, item_rank, more = entry[0], entry[1], entry[2]
                if item_rank is not None:
                    if item_rank < rank:
                        return None
                    rank = item_rank
                if not read(rec, line, at, words):
                    return None
        at += len(line) + 1
    return rank


_LINE = r"  {not_block}[a-z]++(?: [ -~]*+)?\n"
"""An item line between the blocks: two spaces, a word (not a block item's keyword and
its space), printable ASCII (so ``str.split`` cuts it as the grammar does); each is read
by its item's plain reader."""


def _last_item(items: dict[str, PlainItem]) -> str | None:
    """The keyword of the item read apart when its line ends the hand (``PlainItem.last``);
    None: no such item among ``items``."""
    words = [word for word, entry in items.items() if entry.last]
    if len(words) > 1:
        raise ValueError(f"one item at most is read apart at the end of a hand: {words}")
    return words[0] if words else None


class Layout:
    """The layout ``fmt`` writes, as one regular expression per hand: the ``hand`` line,
    then each block item of ``items`` (those with a ``PlainItem.block``) in their order,
    each a keyword and its lines, one space between words and its later lines indented
    under its first (or no such item), and any item lines around them; the line of the
    item read apart (``PlainItem.last``: the running score), when it ends the hand, in a
    group of its own, read without ``Kinds``.

    >>> from referee.notation.items import PLAIN_ITEMS
    >>> Layout(PLAIN_ITEMS).words
    ('deal', 'play')
    """

    def __init__(self, items: dict[str, PlainItem]) -> None:
        blocks = sorted((entry.rank if entry.rank is not None else -1, word) for word, entry in items.items() if entry.block is not None)
        self.words = tuple(word for _, word in blocks)
        self.last = _last_item(items)
        apart = (*self.words, self.last) if self.last is not None else self.words
        lines = "((?:" + _LINE.format(not_block="(?!(?:" + "|".join(apart) + ") )") + ")*+)"
        pattern = r"(\n*)hand ([0-9]{1,9})(?: dealer ([A-Za-z]))?\n" + lines
        self.breaks: list[str] = []
        for word in self.words:
            line = items[word].line
            brk = "\n" + " " * (len(INDENT) + len(word) + 1)
            self.breaks.append(brk)
            pattern += f"(?:{INDENT}{word} ({line}(?:{brk}{line})*+)\n{lines})?"
        if self.last is not None:  # its line, when it ends the hand, in a group of its own
            pattern += f"(?:({INDENT}{self.last} [ -~]*+)\n)?"
        self.regex = re.compile(pattern + r"\n*\Z")
        self.items = items
        self.kinds = Kinds(items)
        """The ``Kind`` of each item line, by its text (lines repeat from hand to hand more
        than runs of lines do: a Moon hand's exchange and score lines make most of its runs new)."""
        self.steps: list[tuple[int, PlainBlock, str, PlainReader | None]] = []
        """Each block item: its rank, its reader, its line break, its reader of the lines that continue it."""
        for word, brk in zip(self.words, self.breaks, strict=True):
            entry = items[word]
            if entry.rank is None or entry.block is None:
                raise ValueError(f"a block item has a place in the order: {word}")
            self.steps.append((entry.rank, entry.block, brk, entry.more))

    def read(self, text: str, base: int) -> HandRecord | None:
        """The hand in ``text`` (as ``plain_hand``), when it is in this layout; None otherwise."""
        m = self.regex.match(text)
        if m is None:
            return None
        groups = m.groups()
        rec = HandRecord()
        start = base + m.end(1)
        rec.number = int(groups[1])
        dealer = groups[2]
        if dealer is None:
            end = base + m.end(2)
        else:
            end = base + m.end(3)
            rec.dealer = dealer.upper()
            rec.dealer_at = (end - 1, end)
        rec.at = (start, end)
        kinds = self.kinds
        # A run of item lines is printable ASCII, each line ended by its newline (``_LINE``), so
        # ``splitlines`` cuts it as ``split("\n")`` would, without the empty text after the last.
        rank = -1
        more: PlainReader | None = None
        g = 3  # the first run of item lines (``groups`` counts from 0)
        for block_rank, read_block, brk, block_more in self.steps:
            lines = groups[g]
            if lines:
                after = _read_lines(rec, lines.splitlines(), base + m.start(g + 1), kinds, rank, more)
                if after is None:
                    return None
                rank = after
            block = groups[g + 1]
            g += 2
            if block is None:  # the item is not in the hand (nor the lines after it)
                continue
            if block_rank < rank or not read_block(rec, block, base + m.start(g), brk):
                return None
            rank, more = block_rank, block_more
        lines = groups[g]
        if lines and _read_lines(rec, lines.splitlines(), base + m.start(g + 1), kinds, rank, more) is None:
            return None
        last = self.last
        if last is not None and groups[g + 1] is not None:  # the line read apart (``PlainItem.last``)
            entry = self.items[last]
            if entry.rank is not None and entry.rank < rank:
                return None
            if not entry.read(rec, groups[g + 1], base + m.start(g + 2), ()):
                return None
        return rec
