"""What a scorer types at the table, read as the notation's own words.

An entry is an item of a hand as a record writes it (``bid N 30``, ``trump sixes``,
``play E 6-4``, ``exchange 3-2 for 3-1``, ``claim``, ``deal N 6-6 ... E ...``), and the
keyword may be left out where the hand says what comes next: ``30`` and ``pass`` in
the auction, ``sixes`` when trump is to be named, ``6-4`` or ``E 6-4`` in the play.
A trailing ``!`` asks to record what the rules refuse but the table let happen (a play
out of turn, a renege).  The words are read by the notation's one reader, so an entry
reads exactly as the same line of a file would, did-you-mean hints included.

>>> [(e.kind, e.seat, e.override) for e in read_entry("E 5-3!", "play")]
[('play', 'E', True)]
>>> [(e.kind, e.words) for e in read_entry("30 pass", "bid")]
[('call', 'bid 30'), ('call', 'bid pass')]
>>> read_entry("trum sixes", "trump")
Traceback (most recent call last):
...
referee.live.entries.EntryError: S001: `trum` is not an entry: did you mean `trump`?
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from .. import codes
from ..engine.refusal import Refusal
from ..notation.items import bid, claim, deal, exchange, misdeal, play, trump
from ..notation.reader import read_text
from ..notation.record import Call, Claim, Dealt, Exchange, HandRecord, Misdeal, Play, TrickRecord, TrumpRecord
from ..notation.tokens import SUITS

__all__ = ["KEYWORDS", "Entry", "EntryError", "EntryKind", "entries_of", "read_entry", "words_of"]

EntryKind = Literal["deal", "misdeal", "call", "exchange", "trump", "play", "claim"]

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

Item = list[Dealt] | Misdeal | Call | Exchange | TrumpRecord | Play | Claim


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


def words_of(kind: EntryKind, item: Item) -> str:
    """An item's line as the writer writes it, on one line."""
    hand = HandRecord()
    if kind == "deal":
        assert isinstance(item, list)
        hand.deal = item
        spec = deal.SPEC
    elif kind == "misdeal":
        assert isinstance(item, Misdeal)
        hand.misdeal = item
        spec = misdeal.SPEC
    elif kind == "call":
        assert isinstance(item, Call)
        hand.calls = [item]
        spec = bid.SPEC
    elif kind == "exchange":
        assert isinstance(item, Exchange)
        hand.exchange = item
        spec = exchange.SPEC
    elif kind == "trump":
        assert isinstance(item, TrumpRecord)
        hand.trump = item
        spec = trump.SPEC
    elif kind == "play":
        assert isinstance(item, Play)
        hand.tricks = [TrickRecord([item])]
        spec = play.SPEC
    else:
        assert isinstance(item, Claim)
        hand.claim = item
        spec = claim.SPEC
    return " ".join(" ".join(line.split()) for line in spec.lines(hand))


def read_entry(text: str, keyword: str) -> list[Entry]:
    """The entries ``text`` holds (several calls or plays may share a line), read as the
    item its first word names, or else as ``keyword``'s (what the hand waits for).

    Raises ``EntryError`` for words that are not an entry.
    """
    text = " ".join(text.split())
    override = text.endswith("!")
    if override:
        text = text[:-1].rstrip()
    if not text:
        raise _error("nothing to enter")
    if any(c in text for c in "[]{};/=>"):
        raise _error(f"`{text}` is not an entry: comments, tags, `/` and `=>` are not entered", "enter one item, such as `E 6-4`")
    first = text.split()[0].lower()
    if first in _NOT_ENTERED:
        raise _error(f"`{first}` is not entered", _NOT_ENTERED[first])
    if first not in KEYWORDS:
        near = difflib.get_close_matches(first, [*KEYWORDS, *_NOT_ENTERED], n=1, cutoff=0.8)
        if near and len(first) > 2:
            raise _error(f"`{first}` is not an entry", f"did you mean `{near[0]}`?")
        text = f"{_keyword(text, keyword)} {text}"
    results = list(read_text(f"hand\n  {text}\n", "entry"))
    problems = [d for r in results for d in r.diagnostics if d.is_error]
    if problems:
        d = problems[0]
        message = d.message if "`hand`" not in d.message else f"cannot read `{text}`"
        raise _error(message, d.hint, d.code)
    hands = [h for r in results if r.record is not None for h in r.record.hands]
    if len(hands) != 1:
        raise _error(f"cannot read `{text}`")
    return [Entry(kind, item, override) for kind, item in _items(hands[0])]


def entries_of(hand: HandRecord) -> list[Entry]:
    """The entries a hand's record holds, in the order they were made (its result, award
    and score are the referee's, and its irregularities are marks on plays: not entries)."""
    return [Entry(kind, item) for kind, item in _items(hand, empty_ok=True)]


_TILE = re.compile(r"^[0-9]-[0-9]$")
_DECLARED = {*SUITS, "doubles", "follow-me", "follow", "no-trump", "notrump", "no", "nello", "sevens"}
"""The words that start a declaration (``follow me`` and ``no trump`` are two)."""


def _keyword(text: str, keyword: str) -> str:
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
    if _TILE.match(word):
        return "play"
    if word == "pass":
        return "bid"
    if word in _DECLARED:
        return "trump"
    if word == "none" or "for" in words:
        return "exchange"
    return keyword


def _items(h: HandRecord, *, empty_ok: bool = False) -> list[tuple[EntryKind, Item]]:
    out: list[tuple[EntryKind, Item]] = []
    if h.misdeal is not None:
        out.append(("misdeal", h.misdeal))
    if h.deal is not None:
        out.append(("deal", h.deal))
    out += [("call", c) for c in h.calls]
    if h.exchange is not None:
        out.append(("exchange", h.exchange))
    if h.trump is not None:
        out.append(("trump", h.trump))
    out += [("play", p) for tr in h.tricks for p in tr.plays]
    if h.claim is not None:
        out.append(("claim", h.claim))
    if not out and not empty_ok:
        raise _error("nothing to enter")
    return out
