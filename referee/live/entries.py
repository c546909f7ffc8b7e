"""What a scorer types at the table, read as the notation's own words.

An entry is an item of a hand as a record writes it (``bid N 30``, ``trump sixes``,
``play E 6-4``, ``exchange 3-2 for 3-1``, ``claim``, ``deal N 6-6 ... E ...``), and the
keyword may be left out where the hand says what comes next: ``30`` and ``pass`` in
the auction, ``sixes`` when trump is to be named, ``6-4`` or ``E 6-4`` in the play.
A trailing ``!`` asks to record what the rules refuse but the table let happen (a play
out of turn, a renege).  A comment (``; Ann arrives``, or after an entry: ``E 6-4 ;
slow``) is an entry of its own, written after the item before it.  At a score sheet's
table (``sheet``) the result, the award and the score are entries too.  The words are read by the notation's one reader, so an entry
reads exactly as the same line of a file would, did-you-mean hints included.

>>> [(e.kind, e.seat, e.override) for e in read_entry("E 5-3!", "play")]
[('play', 'E', True)]
>>> [(e.kind, e.words) for e in read_entry("30 pass", "bid")]
[('call', 'bid 30'), ('call', 'bid pass')]
>>> [(e.kind, e.words) for e in read_entry("E 6-4 ; slow", "play")]
[('play', 'play E 6-4'), ('comment', '; slow')]
>>> [(e.kind, e.words) for e in read_entry("made", "result", sheet=True)]
[('result', 'result made')]
>>> read_entry("trum sixes", "trump")
Traceback (most recent call last):
...
referee.live.entries.EntryError: S001: `trum` is not an entry: did you mean `trump`?
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from .. import codes
from ..engine.refusal import Refusal
from ..notation.items import award, bid, claim, deal, exchange, misdeal, play, result, score, trump
from ..notation.items.spec import ItemSpec
from ..notation.reader import read_text
from ..notation.record import (
    Call,
    Claim,
    Dealt,
    Exchange,
    HandRecord,
    Misdeal,
    Play,
    StatedAward,
    StatedResult,
    StatedScore,
    TrickRecord,
    TrumpRecord,
)
from ..notation.tokens import SUITS

__all__ = ["KEYWORDS", "SHEET_KEYWORDS", "Entry", "EntryError", "EntryKind", "entries_of", "read_entry", "with_comments", "words_of"]

EntryKind = Literal["deal", "misdeal", "call", "exchange", "trump", "play", "claim", "result", "award", "score", "comment"]

KEYWORDS: dict[str, EntryKind] = {
    "deal": "deal",
    "misdeal": "misdeal",
    "bid": "call",
    "exchange": "exchange",
    "trump": "trump",
    "play": "play",
    "claim": "claim",
    "concede": "claim",
}
"""The items a scorer enters, by the keyword that starts them."""

SHEET_KEYWORDS: dict[str, EntryKind] = {"result": "result", "award": "award", "score": "score"}
"""The items a score sheet's scorer enters besides (``--detail hands``): how the hand went."""

_NOT_ENTERED = {
    "result": "the result is worked out by the referee when the hand ends",
    "award": "the award is worked out by the referee when the hand ends",
    "score": "the score is worked out by the referee when the hand ends",
    "hand": "a hand starts by itself when the one before it ends",
    "widow": "the widow is the tiles the deal leaves",
    "cat": "the cat is the tiles the deal leaves",
    "accept": "a play out of turn is recorded by entering it with `!` (`W 5-3!`)",
    "renege": "a renege is recorded by entering the play with `!` (`E 5-3!`)",
    "forfeit": "forfeits are written by matches, not at the table",
}

Item = list[Dealt] | Misdeal | Call | Exchange | TrumpRecord | Play | Claim | StatedResult | StatedAward | StatedScore | str
"""An entry's item as the reader read it (a comment: its text)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One action typed at the table, as the reader read it (seats as typed: None when
    left out)."""

    kind: EntryKind
    item: Item
    override: bool = False
    """Typed with a trailing ``!``: record the irregularity the rules refuse."""

    @property
    def seat(self) -> str | None:
        item = self.item
        return item.seat if isinstance(item, Call | Play) else None

    @property
    def words(self) -> str:
        """The entry in the notation's canonical words (``bid N 30``, ``play E 6-4!``)."""
        return words_of(self.kind, self.item) + ("!" if self.override else "")


class EntryError(Exception):
    """Words that are not an entry: a refusal with a syntax code, the reader's words and hint."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal) + (f": {refusal.hint}" if refusal.hint else ""))
        self.refusal = refusal


def _error(message: str, hint: str | None = None, code: codes.Code = codes.S001) -> EntryError:
    return EntryError(Refusal(code, message, hint))


_WRITTEN: dict[str, tuple[str, ItemSpec]] = {
    "deal": ("deal", deal.SPEC),
    "misdeal": ("misdeal", misdeal.SPEC),
    "call": ("calls", bid.SPEC),
    "exchange": ("exchange", exchange.SPEC),
    "trump": ("trump", trump.SPEC),
    "play": ("tricks", play.SPEC),
    "claim": ("claim", claim.SPEC),
    "result": ("result", result.SPEC),
    "award": ("award", award.SPEC),
    "score": ("score", score.SPEC),
}
"""Each kind of entry: the field of a hand's record that holds it, and its item's spec."""


def words_of(kind: EntryKind, item: Item) -> str:
    """An item's line as the writer writes it, on one line, without the comments the item
    carries (they are entries of their own)."""
    item = _bare(item)
    if kind == "comment":
        return f"; {item}"
    name, spec = _WRITTEN[kind]
    hand = HandRecord()
    setattr(hand, name, [item] if kind == "call" else [TrickRecord([item])] if isinstance(item, Play) else item)
    return " ".join(" ".join(line.split()) for line in spec.lines(hand))


def _bare(item: Item) -> Item:
    """``item`` without its comments."""
    if isinstance(item, str):
        return item
    if isinstance(item, list):
        return [replace(d, comments=(), after=()) for d in item]
    if isinstance(item, Play):
        return item._replace(comments=(), after=())
    return replace(item, comments=(), after=())


def read_entry(text: str, keyword: str, *, sheet: bool = False) -> list[Entry]:
    """The entries ``text`` holds (several calls or plays may share a line, a comment may
    follow them), read as the item its first word names, or else as ``keyword``'s (what
    the hand waits for); ``sheet``: a score sheet's table, where the result, the award and
    the score are entered.

    Raises ``EntryError`` for words that are not an entry.
    """
    text, semi, note = " ".join(text.split()).partition(";")
    note = note.strip()
    if any(c in note for c in "{}"):
        raise _error("a comment at the table cannot hold `{` or `}`", "write it without braces")
    comment = [Entry("comment", note)] if note else []
    text = text.strip()
    if not text and semi:
        if not note:
            raise _error("an empty comment", "write something after `;`")
        return comment
    override = text.endswith("!")
    if override:
        text = text[:-1].rstrip()
    if not text:
        raise _error("nothing to enter")
    if any(c in text for c in "[]{}/=>"):
        raise _error(f"`{text}` is not an entry: tags, `{{...}}`, `/` and `=>` are not entered", "enter one item, such as `E 6-4`")
    keywords = {**KEYWORDS, **SHEET_KEYWORDS} if sheet else KEYWORDS
    first = text.split()[0].lower()
    if first in _NOT_ENTERED and first not in keywords:
        raise _error(f"`{first}` is not entered", _NOT_ENTERED[first])
    if first not in keywords:
        near = difflib.get_close_matches(first, [*keywords, *_NOT_ENTERED], n=1, cutoff=0.8)
        if near and len(first) > 2:
            raise _error(f"`{first}` is not an entry", f"did you mean `{near[0]}`?")
        text = f"{_keyword(text, keyword, sheet)} {text}"
    results = list(read_text(f"hand\n  {text}\n", "entry"))
    problems = [d for r in results for d in r.diagnostics if d.is_error]
    if problems:
        d = problems[0]
        message = d.message if "`hand`" not in d.message else f"cannot read `{text}`"
        raise _error(message, d.hint, d.code)
    hands = [h for r in results if r.record is not None for h in r.record.hands]
    if len(hands) != 1:
        raise _error(f"cannot read `{text}`")
    items = _items(hands[0], sheet=sheet)
    if not items:
        raise _error("nothing to enter")
    return [Entry(kind, item, override) for kind, item in items] + comment


def entries_of(hand: HandRecord, *, sheet: bool = False) -> list[Entry]:
    """The entries a hand's record holds, in the order they were made, its comments among
    them after the item each follows (its result, award and score are the referee's
    except at a score sheet's table, ``sheet``; its irregularities are marks on plays: not
    entries)."""
    return [Entry(kind, item) for kind, item in _items(hand, sheet=sheet, comments=True)]


_TILE = re.compile(r"^[0-9]-[0-9]$")
_DECLARED = {*SUITS, "doubles", "follow-me", "follow", "no-trump", "notrump", "no", "nello", "sevens"}
"""The words that start a declaration (``follow me`` and ``no trump`` are two)."""


def _keyword(text: str, keyword: str, sheet: bool = False) -> str:
    """The item an entry without its keyword is, by its shape: a tile is a play, ``pass``
    a call, a suit or contract word a trump, ``none`` or ``... for ...`` an exchange; a
    bare number is what the hand waits for (a bid in the auction, a suit when trump is to
    be named, a tile such as ``64`` in the play).

    >>> _keyword("E 6-4", "bid"), _keyword("sixes", "bid"), _keyword("S pass", "play"), _keyword("64", "bid"), _keyword("6", "trump")
    ('play', 'trump', 'bid', 'bid', 'trump')
    """
    words = text.lower().split()
    if len(words) > 1 and len(words[0]) == 1 and words[0].isalpha():
        words = words[1:]  # a seat first: the item is what follows it
    word = words[0]
    if word == "none" or "for" in words:
        return "exchange"
    if _TILE.match(word):
        return "play"
    if word == "pass":
        return "bid"
    if word in _DECLARED:
        return "trump"
    if sheet and (word in ("made", "set") or words[-1] in ("made", "set")):
        return "result"
    return keyword


def _items(h: HandRecord, *, sheet: bool = False, comments: bool = False) -> list[tuple[EntryKind, Item]]:
    """A hand's entries in the order they were made; with ``comments``, each comment after
    the item it follows (one written above an item follows the item before it)."""
    out: list[tuple[EntryKind, Item]] = []

    def add(kind: EntryKind, item: Item, before: tuple[str, ...] = (), after: tuple[str, ...] = ()) -> None:
        if comments:
            out.extend(("comment", c) for c in before)
        out.append((kind, item))
        if comments:
            out.extend(("comment", c) for c in after)

    if comments:
        out += [("comment", c) for c in (*h.comments, *h.after)]
    if h.misdeal is not None:
        add("misdeal", h.misdeal, h.misdeal.comments, h.misdeal.after)
    if h.deal is not None:
        add("deal", h.deal, tuple(c for d in h.deal for c in d.comments), tuple(c for d in h.deal for c in d.after))
    for c in h.calls:
        add("call", c, c.comments, c.after)
    if h.exchange is not None:
        add("exchange", h.exchange, h.exchange.comments, h.exchange.after)
    if h.trump is not None:
        add("trump", h.trump, h.trump.comments, h.trump.after)
    for tr in h.tricks:
        for k, p in enumerate(tr.plays):
            first, last = k == 0, k == len(tr.plays) - 1
            add("play", p, (tr.comments if first else ()) + p.comments, p.after + (tr.after if last else ()))
    if h.claim is not None:
        add("claim", h.claim, h.claim.comments, h.claim.after)
    if sheet:
        for kind, stated in (("result", h.result), ("award", h.award), ("score", h.score)):
            if stated is not None:
                add(kind, stated, stated.comments, stated.after)  # type: ignore[arg-type]  # the three kinds
    return out


def with_comments(h: HandRecord, notes: list[tuple[int, str]], *, sheet: bool = False) -> HandRecord:
    """A copy of ``h`` with the comments typed at the table: each ``(k, text)`` after the
    k-th entry of the hand (on the hand's line for k = 0), as ``entries_of`` reads it back."""
    if not notes:
        return h
    out = replace(h, calls=list(h.calls), tricks=[replace(tr, plays=list(tr.plays)) for tr in h.tricks])
    slots: list[Callable[[str], None]] = []

    def field_slot(name: str) -> Callable[[str], None]:
        def add(text: str) -> None:
            item = getattr(out, name)
            setattr(out, name, replace(item, after=(*item.after, text)))

        return add

    def call_slot(i: int) -> Callable[[str], None]:
        def add(text: str) -> None:
            out.calls[i] = replace(out.calls[i], after=(*out.calls[i].after, text))

        return add

    def play_slot(t: int, i: int) -> Callable[[str], None]:
        def add(text: str) -> None:
            play = out.tricks[t].plays[i]
            out.tricks[t].plays[i] = play._replace(after=(*play.after, text))

        return add

    def deal_slot(text: str) -> None:
        assert out.deal is not None
        last = out.deal[-1]
        out.deal = [*out.deal[:-1], replace(last, after=(*last.after, text))]

    if h.misdeal is not None:
        slots.append(field_slot("misdeal"))
    if h.deal:
        slots.append(deal_slot)
    slots += [call_slot(i) for i in range(len(h.calls))]
    slots += [field_slot(name) for name in ("exchange", "trump") if getattr(h, name) is not None]
    slots += [play_slot(t, i) for t, tr in enumerate(h.tricks) for i in range(len(tr.plays))]
    if h.claim is not None:
        slots.append(field_slot("claim"))
    if sheet:
        slots += [field_slot(name) for name in ("result", "award", "score") if getattr(h, name) is not None]
    for k, text in notes:
        if k == 0 or not slots:
            out.after = (*out.after, text)
        else:
            slots[min(k, len(slots)) - 1](text)
    return out
