"""The streaming reader: notation text in, ``GameRecord`` models with source spans out.

The input is never held whole.  ``_chunks`` scans it line by line and cuts it
at record boundaries (a ``hand`` line; a tag line after hands), each chunk is
parsed by the one cached Lark parser whose callbacks build the models as the
parser reduces (no parse tree), and ``_Assembler`` groups hands into games or
hand logs.  A syntax error costs one hand: it becomes an S001 diagnostic and
the hand is still yielded, marked ``unreadable``, so the hands after it are
read as usual.  Nothing here raises on bad input.

Speed matters (logs of a million hands): a clean hand is one Lark token that
the callbacks split with plain string operations, and models are built the way
``model_construct`` builds them (no validation; the grammar already checked the
text) but without its per-call overhead.
"""

from __future__ import annotations

import codecs
import contextlib
import difflib
import re
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from itertools import chain
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from pydantic import BaseModel

from ..diagnostics import Diagnostic
from ..engine.declarations import NUMBER_ALIASES
from ..engine.tiles import TileError, parse_tile
from ..trusted import construct, new_object, set_dict, set_extra, set_fields, set_private, trusted
from .grammar import build_parser
from .record import (
    Call,
    Claim,
    Dealt,
    Exchange,
    GameRecord,
    HandRecord,
    Play,
    Span,
    StatedAward,
    StatedResult,
    StatedScore,
    Tag,
    TileAt,
    TrickRecord,
    TrumpRecord,
)

__all__ = [
    "KNOWN_TAGS",
    "Batch",
    "ReadResult",
    "batches",
    "first_bad_byte",
    "open_text",
    "read_batch",
    "read_path",
    "read_stream",
    "read_text",
    "spanned",
]

KNOWN_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Round", "Table", "Rules", "Options", "Target", "Mode", "Winner", "Scorer",
    "North", "East", "South", "West", "A", "B", "C", "D", "E", "F",
)  # fmt: skip
"""Tag names the notation knows, in their canonical capitalisation."""
_CANONICAL_TAG = {name.lower(): name for name in KNOWN_TAGS}


@dataclass(frozen=True, slots=True)
class ReadResult:
    """One record read from the input, or a file-level problem (``record`` None)."""

    record: GameRecord | None
    diagnostics: list[Diagnostic]
    lean: tuple[tuple[int, _Chunk], ...] = ()
    """Read with ``lean=True``: the hands (by index) whose deal or plays were built without
    spans, and the chunk each came from, for ``spanned``."""


# -- fast model construction (``referee.trusted``) -------------------------------------

_new_trick = partial(trusted, TrickRecord)
_new_dealt = partial(trusted, Dealt)
_new_tag = partial(trusted, Tag)
_new_exchange = partial(trusted, Exchange)
_new_trump = partial(trusted, TrumpRecord)
_new_claim = partial(trusted, Claim)
_new_result = partial(trusted, StatedResult)
_new_award = partial(trusted, StatedAward)
_new_score = partial(trusted, StatedScore)
_new_hand = partial(trusted, HandRecord)
_new_game = partial(trusted, GameRecord)

# The models built once per tile or call get hand-written constructors (and two
# loops inline them), which fill every field in the order written here.
_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {
    TileAt: ("tile", "at"),
    Play: ("at", "comments", "seat", "tile"),
    Call: ("at", "comments", "seat", "amount", "suit", "contract"),
    Dealt: ("at", "comments", "seat", "tiles"),
    TrickRecord: ("at", "comments", "plays", "winner", "winner_at"),
}
for _model, _names in _FIELDS.items():
    if tuple(_model.model_fields) != _names:  # pragma: no cover - only if record.py changes
        raise RuntimeError(f"record.py changed {_model.__name__}'s fields: update the reader's constructors for it")
_DEALT_SET = frozenset(_FIELDS[Dealt])
_TRICK_SET = frozenset(_FIELDS[TrickRecord])


def _tile_at(tile: str, at: Span) -> TileAt:
    return construct(TileAt, {"tile": tile, "at": at}, {"tile", "at"})


def _call(at: Span, seat: str | None, amount: int | None, suit: int | None, contract: str | None = None) -> Call:
    return construct(
        Call,
        {"at": at, "comments": [], "seat": seat, "amount": amount, "suit": suit, "contract": contract},
        {"at", "comments", "seat", "amount", "suit"} if contract is None else {"at", "comments", "seat", "amount", "suit", "contract"},
    )


def _lean_dealt(seat: str, tiles: list[TileAt]) -> Dealt:
    return construct(Dealt, {"at": None, "comments": [], "seat": seat, "tiles": tiles}, set(_DEALT_SET))


def _lean_trick(plays: list[Play]) -> TrickRecord:
    return construct(TrickRecord, {"at": None, "comments": [], "plays": plays, "winner": None, "winner_at": None}, set(_TRICK_SET))


# -- small lexical helpers -------------------------------------------------------------

_TILE_TEXT: dict[str, str] = {}
for _hi in range(7):
    for _lo in range(_hi + 1):
        for _text in (f"{_hi}-{_lo}", f"{_lo}-{_hi}", f"{_hi}{_lo}", f"{_lo}{_hi}"):
            _TILE_TEXT[_text] = f"{_hi}-{_lo}"


def _canonical_tile(text: str) -> str | None:
    """``"4-6"`` -> ``"6-4"``; None for text that is not a double-six tile."""
    hit = _TILE_TEXT.get(text)
    if hit is not None:
        return hit
    try:
        return str(parse_tile(text))
    except TileError:
        return None


# Lean reading (``read_*(lean=True)``, what ``check`` reads first): a clean deal or
# play item is built from these shared, span-less models, one dict lookup per word.
# They are never mutated: a record read lean is only replayed, and read again in
# full (``spanned``) when the replay has anything to report.
_LEAN_TILE: dict[str, TileAt] = {}
_LEAN_PLAY: dict[tuple[str | None, str], Play] = {}
for _text, _canon in _TILE_TEXT.items():
    _LEAN_TILE[_text] = construct(TileAt, {"tile": _canon, "at": None}, {"tile", "at"})
    for _seat in (None, *"NESWABCDFneswabcdf"):
        _LEAN_PLAY[_seat, _text] = construct(
            Play, {"at": None, "comments": [], "seat": _seat and _seat.upper(), "tile": _canon}, {"at", "comments", "seat", "tile"}
        )

_SUITS: dict[str, int] = {name.lower(): suit for name, suit in NUMBER_ALIASES.items()}
_SEAT_LETTERS = frozenset("neswabcdfNESWABCDF")
_BID_CONTRACTS = frozenset(("plunge", "splash"))
_BY_RX = re.compile(r"\s+by\s+([A-Za-z])\s*$", re.I)
# Inside a token: 1 newline, 2 seat letter, 3 tile, 4 winner's seat, 5 slash.
_RUN_RX = re.compile(r"(\n)|([A-Za-z])|([0-9]+-[0-9]+|[0-9][0-9])|=>[ \t]*([A-Za-z])|(/)")
# Inside a bid: 1 newline, 2 word (seat, pass or suit name), 3 amount, 4 comma.
_CALL_RX = re.compile(r"(\n)|([0-6]s(?![A-Za-z])|[A-Za-z]+)|([0-9]+)|(,)")
# Inside award/score/result/exchange: 1 newline, 2 word, 3 tile, 4 signed number.
_WORD_NUM_RX = re.compile(r"(\n)|([A-Za-z]+)|([0-9]+-[0-9]+)|([+-]?[0-9]+)")
_HAND_LINE_RX = re.compile(r"hand(?:[ \t]+([0-9]+))?(?:[ \t]+dealer[ \t]+([NESWA-F])(?![A-Za-z0-9_]))?", re.I)
# Item keywords in lower-cased text: the last item of a `hand` token that a syntax error cut short.
_ITEM_WORD_RX = re.compile(r"(deal|widow|cat|bid|exchange|trump|play|claim|concede|result|award|score)(?![a-z_])")
_TAG_RX = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n]|\\.)*)"', re.S)
_ESCAPE_RX = re.compile(r'\\(["\\])')
_WORD_RX = re.compile(r"[^\s;{}\[\]/,]{1,24}|[^\s]")
_SQUEEZE_RX = re.compile(r"[\s-]+")

# Length of the keyword at the start of a (greedy) keyword token.
_KW_LEN = {
    "HAND": 4,
    "DEAL": 4,
    "WIDOW": 5,
    "CAT": 3,
    "BID": 3,
    "EXCHANGE": 8,
    "TRUMP": 5,
    "PLAY": 4,
    "CLAIM": 5,
    "CONCEDE": 7,
    "RESULT": 6,
    "AWARD": 5,
    "SCORE": 5,
}
_WORD_OF = {name: name.lower() for name in _KW_LEN}
_KEYWORDS = frozenset(_KW_LEN) | {"DEALER"}
_ITEM_KEYWORDS = frozenset(_KW_LEN) - {"HAND"}
_RULE_OF = {
    "DEAL": "deal",
    "WIDOW": "kitty",
    "CAT": "kitty",
    "BID": "bid",
    "EXCHANGE": "exchange",
    "TRUMP": "trump",
    "PLAY": "play",
    "CLAIM": "claim",
    "CONCEDE": "claim",
    "RESULT": "result",
    "AWARD": "award",
    "SCORE": "score",
}
# Order in which items of a hand may come; equal ranks may come in any order.
# The widow or cat has no rank: recorders write it with the deal or after the auction.
_RANK = {
    "deal": 0,
    "bid": 1,
    "exchange": 2,
    "trump": 3,
    "play": 4,
    "claim": 5,
    "concede": 5,
    "result": 6,
    "award": 6,
    "score": 6,
}
_SINGLE = {
    "widow": "kitty",
    "cat": "kitty",
    "exchange": "exchange",
    "trump": "trump",
    "claim": "claim",
    "concede": "claim",
    "result": "result",
    "award": "award",
    "score": "score",
}

# Plain words for what the parser expected (main ones first; the rest only when alone).
_WORDS: dict[str, str] = {
    "TAG": 'a tag such as [Event "..."]',
    "HAND": "`hand`",
    "DEALT": "a seat or a tile",
    "TRICKS": "a tile or a seat",
    "TILES": "a tile",
    "CALLS": "a call (a bid or `pass`)",
    "TRUMPVAL": "a trump (a suit such as `fives`, a number 0-6, `doubles` or `follow-me`)",
    "LOWHIGH": "`low` or `high`",
    "NONE": "`none`",
    "FOR": "`for`",
    "OUTCOME": "`made` or `set`",
    "AMOUNTS": "a side and a number",
    "SIDE": "a side (such as NS)",
    "NUMBER": "a number",
    "SIGNED": "a number",
    "SEAT": "a seat",
}
_MINOR: dict[str, str] = {"BY": "`by SEAT`", "DEALER": "`dealer`", "WINNER": "`=> seat`", "SLASH": "`/`", "COMMA": "`,`"}
_SUBSUMED = {"SEAT": ("DEALT", "TRICKS", "CALLS"), "SIDE": ("AMOUNTS",), "SIGNED": ("AMOUNTS",), "NUMBER": ("SIGNED",)}
_WINNER_HINT = "`=> seat` ends a trick; start the next trick on a new line or after `/`"
_CALL_HINT = "each call is a seat and `pass` or an amount"
_PLAY_HINT = "each play is a seat and a tile, such as `N 6-4`"
_tnew = tuple.__new__


def _words(expected: Iterable[str]) -> str:
    names = set(expected)
    main = [w for n, w in _WORDS.items() if n in names and not any(s in names for s in _SUBSUMED.get(n, ()))]
    main = list(dict.fromkeys(main))
    if not main and names & _ITEM_KEYWORDS:
        main = ["a new item (`deal`, `bid`, `trump`, `play`, `result`, ...) at the start of a line"]
    if not main:
        main = [w for n, w in _MINOR.items() if n in names] or ["the end of the hand"]
    if len(main) == 1:
        return main[0]
    return ", ".join(main[:-1]) + " or " + main[-1]


def _span(tok: Any, lo: int) -> Span:
    return _tnew(Span, (tok.line + lo, tok.column, tok.end_line + lo, tok.end_column))


def _kw_span(tok: Any, lo: int) -> Span:
    """Just the keyword at the start of a keyword token."""
    width = _KW_LEN.get(tok.type, len(tok.value))
    return _tnew(Span, (tok.line + lo, tok.column, tok.line + lo, tok.column + width))


def _join(start: Span, end: Span) -> Span:
    return _tnew(Span, (start[0], start[1], end[2], end[3]))


class _Problem(NamedTuple):
    code: str
    message: str
    at: Span | None
    hint: str | None = None


class _Atom(NamedTuple):
    kind: int
    text: str
    at: Span


def _atoms(children: list[Any], lo: int, rx: re.Pattern[str]) -> Iterator[_Atom]:
    """The pieces of an item's tokens (keyword skipped), by the group of ``rx`` that matched."""
    for tok in children:
        text = tok.value
        line = tok.line + lo
        base = tok.column
        ls = 0
        for m in rx.finditer(text, _KW_LEN.get(tok.type, 0)):
            g = m.lastindex or 0
            if g == 1:
                line += 1
                ls = m.end()
                base = 1
                continue
            raw = m.group()
            col = m.start() - ls + base
            yield _tnew(_Atom, (g, raw, _tnew(Span, (line, col, line, col + len(raw)))))


# -- per-chunk builder -------------------------------------------------------------------


class _Build:
    """What the parser callbacks collected from one chunk.

    Fields that start as None, False or a number are class attributes, set on the
    instance only when a callback changes them: one is made for every chunk.
    """

    lo = 0
    hand_seen = False
    number: int | None = None
    dealer: str | None = None
    dealer_at: Span | None = None
    hand_at: Span | None = None
    deal: list[Dealt] | None = None
    kitty: list[TileAt] | None = None
    kitty_at: Span | None = None
    calls_at: Span | None = None
    exchange: Exchange | None = None
    trump: TrumpRecord | None = None
    claim: Claim | None = None
    result: StatedResult | None = None
    award: StatedAward | None = None
    score: StatedScore | None = None
    unreadable = False
    rank = -1
    last_kw = ""
    error_line = 0
    unclosed_comment = False
    recovering = False
    """After a syntax error: items cut short by it are kept without further S001s."""
    lean = False
    """Build clean items without spans, from shared models (``_lean_deal``, ``_cached``)."""
    leaned = False
    """Some item of this hand was built lean."""

    def __init__(self) -> None:
        self.tags: list[Tag] = []
        self.calls: list[Call] = []
        self.tricks: list[TrickRecord] = []
        self.anchors: dict[int, tuple[int, int]] = {}
        """id(first item under a keyword) -> the keyword's place, so a comment before the keyword goes to it."""
        self.comments: list[tuple[int, int, int, int, str]] = []
        self.problems: list[_Problem] = []
        self.singles: set[str] = set()

    def error(self, code: str, message: str, at: Span | None, hint: str | None = None) -> None:
        """A syntax error: reported, and the hand will not be replayed."""
        self.unreadable = True
        if not (self.recovering and code == "S001"):
            self.problems.append(_Problem(code, message, at, hint))

    def item(self, kw: Any) -> bool:
        """Check the order of items; False for a second single item (reported, then skipped)."""
        word = _WORD_OF[kw.type]  # the keyword, lower-cased (the terminal is named after it)
        single = _SINGLE.get(word)
        if single is not None:
            if single in self.singles:
                self.problems.append(_Problem("S011", f"a second `{word}` in this hand; the first one counts", _kw_span(kw, self.lo)))
                return False
            self.singles.add(single)
        rank = _RANK.get(word)
        if rank is None:
            return True
        if rank < self.rank:
            self.problems.append(
                _Problem(
                    "S011",
                    f"`{word}` comes after `{self.last_kw}`",
                    _kw_span(kw, self.lo),
                    "items of a hand go: deal, bid, exchange, trump, play, result",
                )
            )
        else:
            self.rank = rank
            self.last_kw = word
        return True

    def bad_tile(self, text: str, at: Span) -> None:
        self.error("S002", f"`{text}` is not a domino of the double-six set", at, "a tile is two ends from 0 to 6, such as 6-4")

    def tile(self, text: str, at: Span) -> TileAt | None:
        canon = _canonical_tile(text)
        if canon is None:
            self.bad_tile(text, at)
            return None
        return _tile_at(canon, at)


class _Tok(NamedTuple):
    """One item cut out of a ``hand`` token; quacks like the Lark tokens the callbacks read."""

    type: str
    value: str
    line: int
    column: int
    end_line: int
    end_column: int


_CACHED = {"TRUMP": "trump", "RESULT": "result", "AWARD": "award", "SCORE": "score"}
"""Items built from a cache of their text (``_Callbacks._cached``): keyword -> field of ``_Build``."""
_ITEM_CACHE: dict[
    tuple[str, str],
    tuple[type[BaseModel], dict[str, Any], list[tuple[str, int, int]], list[tuple[str, Any]], frozenset[str], BaseModel],
] = {}
"""One-line trump, result, award and score texts: the model's values, its spans relative to
the item, the lists and dicts to copy, its fields set, and the model read lean."""
_ITEM_CACHE_SIZE = 4096
_BidShape = list[tuple[int, int, str | None, int | None, int | None, str | None, frozenset[str]]]
_BID_CACHE: dict[tuple[str, str], tuple[_BidShape, tuple[Call, ...]]] = {}
"""One-line ``bid`` texts: where each call sits and what it holds, and the calls read lean."""
_CALL_FIELDS = _FIELDS[Call]


class _Callbacks:
    """The grammar's rule callbacks: each builds its item into the current ``_Build``.

    Tokens are Lark ``Token`` objects or ``_Tok``; both have type, value,
    line, column, end_line and end_column (chunk-relative lines).
    """

    def __init__(self) -> None:
        self.b = _Build()

    def start(self, children: list[Any]) -> None:
        return None

    def hand(self, children: list[Any]) -> None:
        return None

    def tag(self, children: list[Any]) -> None:
        b = self.b
        tok = children[0]
        m = _TAG_RX.match(tok.value)
        if m is None:  # pragma: no cover - the TAG terminal guarantees the shape
            return
        name = _CANONICAL_TAG.get(m.group(1).lower(), m.group(1))
        value = _ESCAPE_RX.sub(r"\1", m.group(2))
        b.tags.append(_new_tag(at=_span(tok, b.lo), comments=[], name=name, value=value))

    def hand_line(self, children: list[Any], items: list[tuple[str, int, int]] | None = None) -> None:
        """The hand line, then the items the ``hand`` token swallowed (``items``: already
        found by ``_whole_hand``)."""
        b = self.b
        lo = b.lo
        tok = children[0]
        text: str = tok.value
        b.hand_seen = True
        m = _HAND_LINE_RX.match(text)
        assert m is not None  # the HAND terminal starts with this
        line = tok.line + lo
        col = tok.column
        b.hand_at = _tnew(Span, (line, col, line, col + m.end()))
        number, dealer = m.groups()
        if number:
            b.number = int(number)
        if dealer:
            b.dealer = dealer.upper()
            b.dealer_at = _tnew(Span, (line, col + m.start(2), line, col + m.end(2)))
        if len(children) == 3:  # `dealer SEAT` after a comment
            seat = children[2]
            b.dealer = seat.value.upper()
            b.dealer_at = _span(seat, lo)
            b.hand_at = _join(b.hand_at, b.dealer_at)
        if items is None and m.end() < len(text):
            items = _split_items(text, m.end())[0]
        if items:
            self._items(tok, items)

    def _items(self, tok: Any, items: list[tuple[str, int, int]]) -> None:
        """Hand each item inside a ``hand`` token (keyword terminal, start, end) to its rule."""
        text: str = tok.value
        lean = self.b.lean
        # Lines and columns go forward from item to item: each newline is counted once.
        line = tok.line
        nl = -1  # where the line of the current item starts (-1: the token's first line)
        prev = 0
        for kind, s, e in items:
            crossed = text.count("\n", prev, s)
            if crossed:
                line += crossed
                nl = text.rfind("\n", prev, s)
            prev = s
            column = s - nl if nl >= 0 else tok.column + s
            value = text[s:e]
            newlines = value.count("\n")
            end_column = len(value) - value.rfind("\n") if newlines else column + len(value)
            item = _tnew(_Tok, (kind, value, line, column, line + newlines, end_column))
            field = _CACHED.get(kind)
            if field is not None and not newlines:
                self._cached(field, item)
            elif kind == "BID" and not newlines:
                self._cached_bid(item)
            elif lean and ((kind == "DEAL" and self._lean_deal(item)) or (kind == "PLAY" and self._lean_play(item))):
                continue
            else:
                getattr(self, _RULE_OF[kind])([item])

    def _lean_deal(self, tok: _Tok) -> bool:
        """A clean ``deal`` item (seat letters and their tiles) built from shared span-less
        models; False, with nothing done, for anything else (``deal`` reads it then)."""
        words = tok.value.split()
        if len(words[0]) != 4:  # pragma: no cover - the grammar puts a space after `deal`
            return False
        rows: list[Dealt] = []
        seat: str | None = None
        tiles: list[TileAt] = []
        lean_tile = _LEAN_TILE
        for w in words[1:]:
            one = lean_tile.get(w)
            if one is not None:
                if seat is None:
                    return False
                tiles.append(one)
            elif len(w) == 1 and w in _SEAT_LETTERS:
                if seat is not None:
                    rows.append(_lean_dealt(seat, tiles))
                seat, tiles = w.upper(), []
            else:
                return False
        if seat is None:
            return False
        rows.append(_lean_dealt(seat, tiles))
        b = self.b
        b.item(tok)
        if b.deal is None:
            b.deal = rows
        else:
            b.deal.extend(rows)
        b.leaned = True
        return True

    def _lean_play(self, tok: _Tok) -> bool:
        """A clean ``play`` item (one trick a line, each play a seat and a tile) built from
        shared span-less models; False, with nothing done, for anything else."""
        value = tok.value
        if value[4:5] not in (" ", "\t", "\n"):  # `play6-4`, `play/`: left to ``play``
            return False
        tricks: list[TrickRecord] = []
        lean_play = _LEAN_PLAY
        for line in value[4:].split("\n"):
            words = line.split()
            if not words:
                continue
            if len(words) & 1:
                return False
            pairs = iter(words)
            try:
                tricks.append(_lean_trick([lean_play[seat, tile] for seat, tile in zip(pairs, pairs, strict=False)]))
            except KeyError:
                return False
        if not tricks:
            return False
        b = self.b
        b.item(tok)
        b.tricks.extend(tricks)
        b.leaned = True
        return True

    def _cached_bid(self, tok: _Tok) -> None:
        """A one-line ``bid`` item, its calls built from the last time the same text was read."""
        b = self.b
        key = (tok.type, tok.value)
        hit = _BID_CACHE.get(key)
        lo = b.lo
        line = tok.line + lo
        col = tok.column
        if hit is None:
            problems, unreadable, first = len(b.problems), b.unreadable, len(b.calls)
            self.bid([tok])
            if len(b.problems) != problems or b.unreadable != unreadable or len(b.calls) == first:
                return  # not cached: the text has a problem, or no call
            shape: _BidShape = []
            for call in b.calls[first:]:
                at = call.at
                values = call.__dict__
                if (
                    at is None or at[0] != line or at[2] != line or tuple(values) != _CALL_FIELDS or values["comments"]
                ):  # pragma: no cover - one-line calls stay on their line
                    return
                shape.append(
                    (
                        at[1] - col,
                        at[3] - col,
                        values["seat"],
                        values["amount"],
                        values["suit"],
                        values["contract"],
                        frozenset(call.__pydantic_fields_set__),
                    )
                )
            if len(_BID_CACHE) >= _ITEM_CACHE_SIZE:
                _BID_CACHE.clear()
            lean = tuple(
                construct(Call, {**call.__dict__, "at": None, "comments": []}, set(call.__pydantic_fields_set__))
                for call in b.calls[first:]
            )
            _BID_CACHE[key] = (shape, lean)
            return
        b.item(tok)
        calls = b.calls
        if b.lean:  # shared span-less calls (see ``_LEAN_TILE``)
            calls.extend(hit[1])
            b.leaned = True
            return
        first = len(calls)
        for start, end, seat, amount, suit, contract, given in hit[0]:
            call = new_object(Call)
            set_dict(
                call,
                {
                    "at": _tnew(Span, (line, col + start, line, col + end)),
                    "comments": [],
                    "seat": seat,
                    "amount": amount,
                    "suit": suit,
                    "contract": contract,
                },
            )
            set_fields(call, set(given))
            set_extra(call, None)
            set_private(call, None)
            calls.append(call)
        b.anchors[id(calls[first])] = (line, col)
        end_at = calls[-1].at
        assert end_at is not None
        b.calls_at = _join(b.calls_at or _kw_span(tok, lo), end_at)

    def _cached(self, field: str, tok: _Tok) -> None:
        """A one-line trump, result, award or score item, built from the last time the same
        text was read (these repeat from hand to hand): the same model, moved to this line."""
        b = self.b
        key = (tok.type, tok.value)
        hit = _ITEM_CACHE.get(key)
        if hit is not None:
            if b.item(tok):
                cls, base, spans, copies, given, lean = hit
                if b.lean:  # the shared span-less model (see ``_LEAN_TILE``)
                    setattr(b, field, lean)
                    b.leaned = True
                    return
                line = tok.line + b.lo
                col = tok.column
                values = base.copy()
                for name, start, end in spans:
                    values[name] = _tnew(Span, (line, col + start, line, col + end))
                for name, value in copies:
                    values[name] = value.copy()
                setattr(b, field, construct(cls, values, set(given)))
            return
        problems, unreadable = len(b.problems), b.unreadable
        getattr(self, _RULE_OF[tok.type])([tok])
        model = getattr(b, field)
        if model is None or len(b.problems) != problems or b.unreadable != unreadable:
            return  # not cached: the text has a problem, or this item was not the one kept
        line = tok.line + b.lo
        col = tok.column
        # The model's values in field order (``base``), then what is filled in per hit:
        # spans moved to the new line, and fresh copies of lists and dicts.
        base = {}
        spans = []
        copies = []
        for name, value in model.__dict__.items():
            base[name] = value
            if type(value) is Span:
                if value[0] != line or value[2] != line:  # pragma: no cover - one-line items stay on their line
                    return
                spans.append((name, value[1] - col, value[3] - col))
            elif type(value) is list:
                if value:  # pragma: no cover - comments are attached later
                    return
                copies.append((name, []))  # not ``value``: comments may yet be attached to it
            elif type(value) is dict:
                copies.append((name, dict(value)))
            elif not (value is None or type(value) in (str, int, bool)):  # pragma: no cover - only if record.py changes
                return
        if len(_ITEM_CACHE) >= _ITEM_CACHE_SIZE:
            _ITEM_CACHE.clear()
        given = frozenset(model.__pydantic_fields_set__)
        bare = base | {name: None for name, _, _ in spans} | {name: value.copy() for name, value in copies}
        _ITEM_CACHE[key] = (type(model), base, spans, copies, given, construct(type(model), bare, set(given)))

    def deal(self, children: list[Any]) -> None:
        b = self.b
        lo = b.lo
        kw = children[0]
        b.item(kw)
        dealt = b.deal if b.deal is not None else []
        b.deal = dealt
        first = len(dealt)
        seat: str | None = None
        tiles: list[TileAt] = []
        sl = sc = el = ec = 0
        for tok in children:
            line = tok.line + lo
            base = tok.column
            skip = _KW_LEN.get(tok.type, 0)
            for lt in tok.value.split("\n"):
                pos = skip
                for w in lt[skip:].split():
                    pos = lt.find(w, pos)
                    col = base + pos
                    pos += len(w)
                    if w[0] > "9":  # a seat, perhaps with its first tile joined on ("N6-6")
                        if seat is not None:
                            dealt.append(_new_dealt(at=_tnew(Span, (sl, sc, el, ec)), comments=[], seat=seat, tiles=tiles))
                        seat = w[0].upper()
                        tiles = []
                        sl, sc, el, ec = line, col, line, col + 1
                        if len(w) == 1:
                            continue
                        w = w[1:]
                        col += 1
                    at = _tnew(Span, (line, col, line, col + len(w)))
                    canon = _TILE_TEXT.get(w) or _canonical_tile(w)
                    if canon is None:
                        b.bad_tile(w, at)
                    elif seat is None:
                        b.error(
                            "S001",
                            f"the tile `{w}` has no seat: write the seat before its tiles",
                            at,
                            "a deal reads like `deal N 6-6 6-5 ... E 6-4 ...`",
                        )
                    else:
                        one = new_object(TileAt)  # _tile_at, inlined: this runs for every tile dealt
                        set_dict(one, {"tile": canon, "at": at})
                        set_fields(one, {"tile", "at"})
                        set_extra(one, None)
                        set_private(one, None)
                        tiles.append(one)
                        el, ec = line, col + len(w)
                line += 1
                base = 1
                skip = 0
        if seat is not None:
            dealt.append(_new_dealt(at=_tnew(Span, (sl, sc, el, ec)), comments=[], seat=seat, tiles=tiles))
        if len(dealt) > first:
            b.anchors[id(dealt[first])] = (kw.line + lo, kw.column)

    def kitty(self, children: list[Any]) -> None:
        b = self.b
        kw = children[0]
        if not b.item(kw):
            return
        tiles: list[TileAt] = []
        end = _kw_span(kw, b.lo)
        for atom in _atoms(children, b.lo, _RUN_RX):
            one = b.tile(atom.text, atom.at)
            if one is not None:
                tiles.append(one)
            end = atom.at
        b.kitty = tiles
        b.kitty_at = _join(_kw_span(kw, b.lo), end)

    def bid(self, children: list[Any]) -> None:
        b = self.b
        lo = b.lo
        kw = children[0]
        b.item(kw)
        calls = b.calls
        first = len(calls)
        seat: str | None = None
        seat_at: Span | None = None
        amount: int | None = None
        amount_at: Span | None = None
        for g, raw, at in _atoms(children, lo, _CALL_RX):
            if g == 2 and amount_at is not None and raw.lower() in _SUITS:  # the suit named with a Texas 88 bid
                calls.append(_call(_tnew(Span, (seat_at or amount_at)[:2] + at[2:]), seat, amount, _SUITS[raw.lower()]))
                seat = seat_at = amount = amount_at = None
                continue
            if g == 2 and amount_at is not None and raw.lower() in _BID_CONTRACTS:  # 42: `168 plunge`, `84 splash`
                calls.append(_call(_tnew(Span, (seat_at or amount_at)[:2] + at[2:]), seat, amount, None, raw.lower()))
                seat = seat_at = amount = amount_at = None
                continue
            if amount_at is not None:  # the bid before this had no suit
                calls.append(_call(_tnew(Span, (seat_at or amount_at)[:2] + amount_at[2:]), seat, amount, None))
                seat = seat_at = amount = amount_at = None
            if g == 3:
                amount, amount_at = int(raw), at
            elif g == 2 and raw in _SEAT_LETTERS:
                if seat is not None and seat_at is not None:
                    b.error("S001", f"the seat `{seat}` has no call", seat_at, _CALL_HINT)
                seat, seat_at = raw.upper(), at
            elif g == 2 and raw.lower() == "pass":
                calls.append(_call(_tnew(Span, (seat_at or at)[:2] + at[2:]), seat, None, None))
                seat = seat_at = None
            elif g == 2:
                b.error("S001", f"`{raw}` is not a call", at, _CALL_HINT)
        if amount_at is not None:
            calls.append(_call(_tnew(Span, (seat_at or amount_at)[:2] + amount_at[2:]), seat, amount, None))
        elif seat is not None and seat_at is not None:
            b.error("S001", f"the seat `{seat}` has no call", seat_at, _CALL_HINT)
        if len(calls) > first:
            b.anchors[id(calls[first])] = (kw.line + lo, kw.column)
            end = calls[-1].at
            assert end is not None
            b.calls_at = _join(b.calls_at or _kw_span(kw, lo), end)

    def exchange(self, children: list[Any]) -> None:
        b = self.b
        kw = children[0]
        if not b.item(kw):
            return
        start = end = _kw_span(kw, b.lo)
        take: list[TileAt] = []
        give: list[TileAt] = []
        split = none = False
        for _g, raw, at in _atoms(children, b.lo, _WORD_NUM_RX):
            end = at
            word = raw.lower()
            if word == "for":
                split = True
            elif word == "none":
                none = True
            else:
                one = b.tile(raw, at)
                if one is not None:
                    (give if split else take).append(one)
        if not (none or split):
            b.error(
                "S001", "`exchange` needs `none` or the tiles taken, `for`, and the tiles put back", start, "e.g. `exchange 6-6 for 1-0`"
            )
        b.exchange = _new_exchange(at=_join(start, end), comments=[], take=take, give=give)

    def trump(self, children: list[Any]) -> None:
        b = self.b
        kw = children[0]
        if not b.item(kw):
            return
        start = _kw_span(kw, b.lo)
        body = " ".join(tok.value[_KW_LEN.get(tok.type, 0) :] for tok in children)
        end = _span(children[-1], b.lo) if len(children) > 1 or len(kw.value) > 5 else start
        by: str | None = None
        by_at: Span | None = None
        m_by = _BY_RX.search(body)
        if m_by is not None:  # `... by S`: the seat is the last character of the item
            by, body = m_by.group(1).upper(), body[: m_by.start()]
            by_at = Span(end.end_line, end.end_column - 1, end.end_line, end.end_column)
        word = _SQUEEZE_RX.sub("", body.lower())
        low = word.endswith("low")
        if low:
            word = word[:-3]
        elif word.endswith("high"):
            word = word[:-4]
        at = _join(start, end)
        if word in ("doubles", "nello", "sevens"):
            b.trump = _new_trump(at=at, comments=[], kind=word, suit=None, doubles_low=low)
        elif word in ("followme", "notrump", "notrumps"):
            b.trump = _new_trump(at=at, comments=[], kind="follow-me", suit=None, doubles_low=low)
        elif word in _SUITS or (word.isdigit() and len(word) == 1 and word < "7"):
            b.trump = _new_trump(at=at, comments=[], kind="suit", suit=_SUITS[word] if word in _SUITS else int(word), doubles_low=low)
        elif not word:
            b.error("S001", "`trump` needs a declaration", start, "a suit such as `fives` (or 0-6), `doubles` or `follow-me`")
        else:
            b.error(
                "S001",
                f"`{body.strip()}` is not one declaration",
                at,
                "a suit such as `fives` (or 0-6), `doubles` or `follow-me`, then `low` or `high`",
            )
        if b.trump is not None and by is not None:
            b.trump.by, b.trump.by_at = by, by_at

    def play(self, children: list[Any]) -> None:
        b = self.b
        lo = b.lo
        kw = children[0]
        b.item(kw)
        tricks = b.tricks
        first = len(tricks)
        # The trick being read: plays so far, a seat waiting for its tile, where it
        # begins and ends, and the stated winner (`expect`: `=>` seen, seat not yet).
        plays: list[Play] = []
        seat: str | None = None
        sl = sc = bl = bc = el = ec = 0
        winner: str | None = None
        winner_at: Span | None = None
        expect = False
        for tok in children:
            typ = tok.type
            if typ == "NL" or typ == "SLASH":
                self._close(plays, seat, sl, sc, bl, bc, el, ec, winner, winner_at, expect)
                plays, seat, winner, winner_at, expect = [], None, None, None, False
                continue
            line = tok.line + lo
            base = tok.column
            skip = 4 if typ == "PLAY" else 0
            segments = tok.value.split("\n")
            last = len(segments) - 1
            for n, lt in enumerate(segments):
                pos = skip
                body = lt[skip:]
                for w in body.replace("/", " / ").split() if "/" in body else body.split():
                    pos = lt.find(w, pos)
                    col = base + pos
                    pos += len(w)
                    c = w[0]
                    if c == "/":
                        self._close(plays, seat, sl, sc, bl, bc, el, ec, winner, winner_at, expect)
                        plays, seat, winner, winner_at, expect = [], None, None, None, False
                        continue
                    if c == "=":  # `=>`, its seat joined on or next
                        expect = True
                        if len(w) == 2:
                            continue
                        w, col, c = w[2:], col + 2, w[2]
                    if c > "9":  # a seat (perhaps with its tile joined on: "W5-5")
                        if expect:
                            expect = False
                            winner_at = _tnew(Span, (line, col, line, col + 1))
                            if not plays:
                                b.error("S001", "`=>` names a trick's winner but the trick has no tiles", winner_at)
                            winner = c.upper()
                            el, ec = line, col + 1
                            continue
                        if seat is not None:
                            b.error("S001", f"the seat `{seat}` has no tile", _tnew(Span, (sl, sc, sl, sc + 1)), _PLAY_HINT)
                        if winner is not None:
                            b.error("S001", "a seat comes after the trick's winner", _tnew(Span, (line, col, line, col + 1)), _WINNER_HINT)
                        seat, sl, sc = c.upper(), line, col
                        if len(w) == 1:
                            continue
                        w = w[1:]
                        col += 1
                    canon = _TILE_TEXT.get(w) or _canonical_tile(w)
                    ec = col + len(w)
                    if canon is None or winner is not None:
                        if winner is not None and seat is None:  # (a seat before it was reported already)
                            b.error(
                                "S001", f"the tile `{w}` comes after the trick's winner", _tnew(Span, (line, col, line, ec)), _WINNER_HINT
                            )
                        if canon is None:
                            b.bad_tile(w, _tnew(Span, (line, col, line, ec)))
                            seat = None
                            continue
                    at = _tnew(Span, (line, col, line, ec) if seat is None else (sl, sc, line, ec))
                    if not plays:
                        bl, bc = at[0], at[1]
                    el = line
                    play = new_object(Play)  # built inline: this runs for every tile played
                    set_dict(play, {"at": at, "comments": [], "seat": seat, "tile": canon})
                    set_fields(play, {"at", "comments", "seat", "tile"})
                    set_extra(play, None)
                    set_private(play, None)
                    plays.append(play)
                    seat = None
                if n < last:  # a newline inside the token ends the trick
                    self._close(plays, seat, sl, sc, bl, bc, el, ec, winner, winner_at, expect)
                    plays, seat, winner, winner_at, expect = [], None, None, None, False
                    line += 1
                    base = 1
                    skip = 0
        self._close(plays, seat, sl, sc, bl, bc, el, ec, winner, winner_at, expect)
        if len(tricks) > first:
            b.anchors[id(tricks[first])] = (kw.line + lo, kw.column)

    def _close(
        self,
        plays: list[Play],
        seat: str | None,
        sl: int,
        sc: int,
        bl: int,
        bc: int,
        el: int,
        ec: int,
        winner: str | None,
        winner_at: Span | None,
        expect: bool,
    ) -> None:
        """End the trick being read: report a seat left without a tile, keep the plays."""
        b = self.b
        if seat is not None:
            b.error("S001", f"the seat `{seat}` has no tile", _tnew(Span, (sl, sc, sl, sc + 1)), _PLAY_HINT)
        if expect:
            b.error("S001", "`=>` needs the seat that won the trick", _tnew(Span, (el, ec, el, ec + 1)))
        if plays:
            b.tricks.append(_new_trick(at=_tnew(Span, (bl, bc, el, ec)), comments=[], plays=plays, winner=winner, winner_at=winner_at))

    def claim(self, children: list[Any]) -> None:
        b = self.b
        kw = children[0]
        if b.item(kw):
            b.claim = _new_claim(at=_span(kw, b.lo), comments=[], kind="claim" if kw.type == "CLAIM" else "concede")

    def result(self, children: list[Any]) -> None:
        b = self.b
        kw = children[0]
        if not b.item(kw):
            return
        start = end = _kw_span(kw, b.lo)
        side: str | None = None
        points: int | None = None
        outcome: str | None = None
        step = 0  # side, then points, then made/set
        for g, raw, at in _atoms(children, b.lo, _WORD_NUM_RX):
            end = at
            word = raw.lower()
            if word in ("made", "set") and step < 3:
                outcome, step = word, 3
            elif g == 2 and step < 1:
                side, step = raw.upper(), 1
            elif g == 4 and step < 2:
                points, step = int(raw), 2
            else:
                b.error("S001", f"`{raw}` is out of place in `result`", at, "a result reads like `result NS 35 made`")
        if outcome is None:
            b.error("S001", "`result` needs `made` or `set`", end, "a result reads like `result NS 35 made`")
        b.result = _new_result(at=_join(start, end), comments=[], side=side, points=points, outcome=outcome)

    def _amounts(self, children: list[Any]) -> tuple[dict[str, int], Span]:
        b = self.b
        kw = children[0]
        start = end = _kw_span(kw, b.lo)
        amounts: dict[str, int] = {}
        side: str | None = None
        side_at: Span | None = None
        for g, raw, at in _atoms(children, b.lo, _WORD_NUM_RX):
            end = at
            if g == 2:
                if side is not None:
                    b.error("S001", f"the side `{side}` has no number", side_at)
                side, side_at = raw.upper(), at
            elif side is None:
                b.error(
                    "S001",
                    f"the number `{raw}` has no side",
                    at,
                    f"write a side before each number, such as `{kw.value[: _KW_LEN[kw.type]].lower()} NS 1`",
                )
            else:
                if side in amounts:
                    b.problems.append(_Problem("S011", f"the side `{side}` is named twice; the later number counts", side_at))
                amounts[side] = int(raw)
                side = side_at = None
        if side is not None:
            b.error("S001", f"the side `{side}` has no number", side_at)
        if not amounts and side is None:
            b.error("S001", f"`{kw.value[: _KW_LEN[kw.type]].lower()}` needs a side and a number", start)
        return amounts, _join(start, end)

    def award(self, children: list[Any]) -> None:
        if self.b.item(children[0]):
            amounts, at = self._amounts(children)
            self.b.award = _new_award(at=at, comments=[], amounts=amounts)

    def score(self, children: list[Any]) -> None:
        if self.b.item(children[0]):
            scores, at = self._amounts(children)
            self.b.score = _new_score(at=at, comments=[], scores=scores)


# -- the parser ------------------------------------------------------------------------------

_LOCK = threading.Lock()
_CALLBACKS = _Callbacks()


def _comment(tok: Any) -> Any:
    text = tok.value[1:] if tok.type == "LINE_COMMENT" else tok.value[1:-1]
    b = _CALLBACKS.b
    b.comments.append((tok.line + b.lo, tok.column, tok.end_line + b.lo, tok.end_column, text.strip()))
    return tok


@cache
def _parser() -> Lark:
    """The one LALR parser, built on first use and shared."""
    return build_parser(_CALLBACKS, {"LINE_COMMENT": _comment, "BRACE_COMMENT": _comment})


def _syntax_error(b: _Build, e: UnexpectedInput, text: str, kind: int) -> None:
    """Turn Lark's exception into an S001 in plain words at the offending token."""
    lo = b.lo
    after = ""
    parser_state = getattr(getattr(e, "interactive_parser", None), "parser_state", None)
    if parser_state is not None:
        for value in reversed(parser_state.value_stack):
            if isinstance(value, Token) and value.type in _KEYWORDS:
                word = value.value[: _KW_LEN.get(value.type, len(value.value))].lower()
                if value.type == "HAND":  # the token may hold items: name the last of them
                    inner = _ITEM_WORD_RX.findall(value.value.lower(), 4)
                    word = inner[-1] if inner else "hand"
                after = " after the `hand` line" if word == "hand" else f" after `{word}`"
                break
    hint: str | None = None
    if isinstance(e, UnexpectedToken):
        tok = e.token
        expected = e.expected
        if tok.type == "$END":
            found = "the end of the hand" if kind == _HAND else "the end of the input"
            line, col, width = (tok.end_line or 1) + lo, tok.end_column or 1, 1
        else:
            first = tok.value.split("\n", 1)[0]
            found = f"`{first[:24]}`"
            line, col, width = tok.line + lo, tok.column, max(1, len(first[:24]))
    else:
        assert isinstance(e, UnexpectedCharacters)
        pos = e.pos_in_stream or 0
        expected = e.allowed
        line, col = e.line + lo, e.column
        if text.startswith("{", pos):
            b.error("S001", "this `{` comment is never closed", Span(line, col, line, col + 1), "close it with `}`")
            b.unclosed_comment = True
            b.error_line = e.line
            return
        m = _WORD_RX.match(text, pos)
        word = m.group() if m else text[pos : pos + 1]
        found = f"`{word}`"
        width = max(1, len(word))
        if word.startswith("["):
            hint = 'a tag reads like [Event "Friday league"], on a line of its own before the hands'
    message = f"unexpected {found}{after}" if kind == _HAND and not expected else f"expected {_words(expected)}{after}, found {found}"
    b.error("S001", message, Span(line, col, line, col + width), hint)
    b.error_line = line - lo


class _Patterns(NamedTuple):
    """The grammar's own regular expressions, as its lexer compiles them, for the reader's
    shortcuts past Lark (``_whole_hand``, ``_whole_header``)."""

    hand_line: re.Pattern[str]
    """The start of the ``HAND`` terminal: `hand`, its number and dealer."""
    item: re.Pattern[str]
    """One repetition of the rest of ``HAND``: whitespace, one item (each item terminal a
    named group: ``lastgroup`` is the item's keyword terminal) and the look-ahead for the next."""
    tag: re.Pattern[str]
    ws: re.Pattern[str]


_ITEMS_AT = "(?:(?i:\\s*)(?:"
"""Where ``HAND``'s items begin in the regex Lark writes for it: ``(?:\\s*(?:DEAL|WIDOW|...)NEXT)*``."""


def _split_hand_pattern(pattern: str) -> tuple[str, list[str], str]:
    """``HAND``'s regex as (hand line, the item alternatives, the look-ahead after an item).

    Matching the hand line, then the items one at a time, takes the text the whole
    regex takes (its item loop is greedy and nothing follows it) and tells each
    item's place on the way.  Raises if the grammar no longer has this shape.
    """
    start = pattern.find(_ITEMS_AT)
    if start < 0 or not pattern.endswith(")*"):
        raise RuntimeError("grammar/notation.lark: the HAND terminal no longer reads `hand line (items)*`")
    i = start + len(_ITEMS_AT)
    depth, begin, parts = 1, i, []
    while depth:
        c = pattern[i]
        if c == "\\":
            i += 1
        elif c == "[":  # a character class: brackets and bars inside it are literal
            i = pattern.index("]", i + 2)
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if (c == "|" and depth == 1) or depth == 0:
            parts.append(pattern[begin:i])
            begin = i + 1
        i += 1
    return pattern[:start], parts, pattern[i:-2]


@cache
def _patterns() -> _Patterns:
    terminals = {t.name: t for t in _parser().terminals}
    line, parts, after = _split_hand_pattern(terminals["HAND"].pattern.to_regexp())
    named = []
    for part in parts:
        kw = re.match(r"\(\?i:([a-z]+)", part)
        if kw is None or kw.group(1).upper() not in _ITEM_KEYWORDS:
            raise RuntimeError(f"grammar/notation.lark: an item of the HAND terminal starts with {part[:20]!r}")
        named.append(f"(?P<{kw.group(1).upper()}>{part})")
    return _Patterns(
        re.compile(line),
        re.compile(_ITEMS_AT[3:-3] + "(?:" + "|".join(named) + ")" + after),
        re.compile(terminals["TAG"].pattern.to_regexp()),
        re.compile(terminals["WS"].pattern.to_regexp()),
    )


def _split_items(text: str, pos: int) -> tuple[list[tuple[str, int, int]], int]:
    """The items of a hand from ``pos`` (each its keyword terminal, start and end), and where they stop."""
    match = _patterns().item.match
    items: list[tuple[str, int, int]] = []
    while (m := match(text, pos)) is not None:
        kind = m.lastgroup
        assert kind is not None
        pos = m.end()
        items.append((kind, m.start(kind), pos))
    return items, pos


def _whole_header(text: str) -> list[_Tok] | None:
    """The ``TAG`` tokens of a header chunk that holds one tag a line and nothing else, else None.

    Lark would lex just these tokens and reduce a ``tag`` for each: the reader calls
    ``tag`` itself (as ``_whole_hand`` does for a hand).
    """
    tag_rx = _patterns().tag
    toks: list[_Tok] = []
    for number, line in enumerate(text.split("\n"), start=1):
        body = line.strip(" \t\r\f")
        if not body:
            continue
        m = tag_rx.fullmatch(body)
        if m is None:
            return None
        column = line.index(body) + 1
        toks.append(_Tok("TAG", body, number, column, number, column + len(body)))
    return toks


def _whole_hand(text: str) -> tuple[_Tok, list[tuple[str, int, int]]] | None:
    """The ``HAND`` token and its items when it is all of a hand chunk's text but whitespace, else None.

    Then Lark would lex just that token (only ``HAND`` can match at a ``hand``
    keyword) and reduce ``hand_line``, ``hand`` and ``start``: the reader calls
    ``hand_line`` itself and saves Lark's per-parse set-up, the common case of a
    clean hand.  Anything else (comments, a `dealer` after a comment, syntax
    errors) goes through Lark.
    """
    rx = _patterns()
    ws = rx.ws.match(text)
    pos = ws.end() if ws is not None else 0
    m = rx.hand_line.match(text, pos)
    if m is None:
        return None
    items, end = _split_items(text, m.end())
    if end < len(text):
        tail = rx.ws.match(text, end)
        if tail is None or tail.end() != len(text):
            return None
    value = text[pos:end]
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    newlines = value.count("\n")
    end_column = len(value) - value.rfind("\n") if newlines else column + len(value)
    if pos:
        items = [(kind, start - pos, stop - pos) for kind, start, stop in items]
    return _tnew(_Tok, ("HAND", value, line, column, line + newlines, end_column)), items


def _parse(b: _Build, text: str, kind: int) -> None:
    """Run the parser over one chunk into ``b``; never raises."""
    with _LOCK:
        parser = _parser()
        _CALLBACKS.b = b
        try:
            whole = _whole_hand(text) if kind == _HAND else None
            tags = _whole_header(text) if kind == _HEADER else None
            if whole is not None:
                _CALLBACKS.hand_line([whole[0]], whole[1])
            elif tags:
                for tag in tags:
                    _CALLBACKS.tag([tag])
            else:
                b.lean = False  # comments are placed by the spans of the items around them
                parser.parse(text)
        except UnexpectedInput as e:
            _syntax_error(b, e, text, kind)
            ip = getattr(e, "interactive_parser", None)
            if ip is not None:  # reduce whatever complete items wait on the stack
                b.recovering = True
                with contextlib.suppress(Exception):  # best effort; the S001 is already reported
                    ip.feed_eof()
        except Exception as e:  # a bug in a callback must not cost the rest of the file
            b.error("S001", f"the reader failed on this part ({type(e).__name__}: {e}); please report it", None)


# -- comments --------------------------------------------------------------------------------


def _attach(b: _Build, hand: HandRecord | None) -> list[str]:
    """Give each comment to the item after it (or the item it sits inside); return the rest."""
    if not b.comments:
        return []
    entries: list[tuple[tuple[int, int], int, tuple[int, int], list[str]]] = []

    def add(item: Any, depth: int = 1) -> None:
        at = item.at
        if at is not None:
            anchor = b.anchors.get(id(item), (at.line, at.column))
            entries.append((anchor, -depth, (at.end_line, at.end_column), item.comments))

    for t in b.tags:
        add(t)
    if hand is not None:
        add(hand)
        for d in hand.deal or ():
            add(d)
        for c in hand.calls:
            add(c)
        for t2 in hand.tricks:
            add(t2)
            for p in t2.plays:
                add(p, 2)
        for one in (hand.exchange, hand.trump, hand.claim, hand.result, hand.award, hand.score):
            if one is not None:
                add(one)
    # At one place the outer item comes first: a comment before a trick's line is the trick's.
    entries.sort(key=lambda e: (e[0], -e[1]))
    rest: list[str] = []
    for line, col, end_line, end_col, text in b.comments:
        start, stop = (line, col), (end_line, end_col)
        after = next((e for e in entries if e[0] >= stop), None)
        inside = None
        for e in entries:
            if e[0] < start < e[2] and (inside is None or (-e[1], e[0]) >= (-inside[1], inside[0])):
                inside = e
        target = inside if inside is not None and (after is None or after[0] >= inside[2]) else after
        if target is None:
            rest.append(text)
        else:
            target[3].append(text)
    return rest


# -- chunking ----------------------------------------------------------------------------------

_JUNK, _HEADER, _HAND = 0, 1, 2
_SPECIAL = re.compile(r'[{};"\x00]')
"""What makes a line need a closer look: comments, tag values, and a NUL byte."""
_HAND_START = re.compile(r"hand(?![A-Za-z_])", re.I)


class _Binary(Exception):
    def __init__(self, line: int, column: int, what: str) -> None:
        super().__init__(what)
        self.line, self.column, self.what = line, column, what


class _Chunk(NamedTuple):
    first_line: int
    lines: list[str]
    kind: int
    start: tuple[int, int]
    """Where the chunk's first non-comment text is."""
    end: tuple[int, int]
    """Just past its last non-comment text."""


def _scan_line(line: str, in_brace: bool) -> tuple[int, bool]:
    """Index of the first character outside comments (-1 if none), and whether a `{` is still open."""
    i, n, first = 0, len(line), -1
    while i < n:
        if in_brace:
            j = line.find("}", i)
            if j < 0:
                return first, True
            in_brace, i = False, j + 1
            continue
        c = line[i]
        if c in " \t\r\f":
            i += 1
            continue
        if c == ";":
            break
        if c == "{":
            in_brace, i = True, i + 1
            continue
        if first < 0:
            first = i
        if c == '"':  # a tag value: `{` and `;` inside it are text
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        i += 1
    return first, in_brace


def _chunks(lines: Iterable[str]) -> Iterator[_Chunk]:
    """Cut the input into chunks at record boundaries; comment lines go with the chunk after them."""
    buf: list[str] = []
    first_line = 1
    kind = _JUNK
    tail = 0  # lines of buf up to and including the last one with text
    in_brace = False
    start = (0, 0)
    last_no, last_text = 0, ""  # the last line with text (its end is worked out when a chunk ends)
    it = iter(lines)
    head = next(it, None)
    if head is None:
        return
    if head.startswith("\ufeff"):
        head = head[1:]
    for lineno, raw in enumerate(chain((head,), it), 1):
        line = raw.rstrip("\r\n")
        if in_brace or _SPECIAL.search(line):
            if "\x00" in line:
                raise _Binary(lineno, line.index("\x00") + 1, "a NUL byte")
            first, in_brace = _scan_line(line, in_brace)
        else:
            stripped = line.lstrip(" \t\r\f")
            first = len(line) - len(stripped) if stripped else -1
        if first < 0:
            buf.append(line)
            continue
        c = line[first]
        if (c == "[" and kind != _HEADER) or ((c == "h" or c == "H") and _HAND_START.match(line, first)):
            if tail:
                yield _Chunk(first_line, buf[:tail], kind, start, (last_no, len(last_text.rstrip()) + 1))
                buf = buf[tail:]
                first_line += tail
            kind = _HEADER if c == "[" else _HAND
            start = (lineno, first + 1)
        elif not tail:
            start = (lineno, first + 1)
        buf.append(line)
        tail = len(buf)
        last_no, last_text = lineno, line
    if buf:
        end = (last_no, len(last_text.rstrip()) + 1) if tail else (first_line, 1)
        yield _Chunk(first_line, buf, kind, start if tail else (first_line, 1), end)


# -- assembling records ------------------------------------------------------------------------


def _check_tags(tags: list[Tag]) -> list[_Problem]:
    """Unknown (S003) and repeated (S009) tags, and a Mode that is neither game nor log (S008)."""
    problems: list[_Problem] = []
    seen: set[str] = set()
    for t in tags:
        low = t.name.lower()
        if low not in _CANONICAL_TAG:
            close = difflib.get_close_matches(t.name, KNOWN_TAGS, n=1)
            hint = f"did you mean `{close[0]}`?" if close else "known tags: " + ", ".join(KNOWN_TAGS)
            problems.append(_Problem("S003", f"unknown tag `{t.name}`", t.at, hint))
        elif low in seen:
            problems.append(_Problem("S009", f"the tag `{t.name}` appears twice in this header; the later one counts", t.at))
        elif low == "mode" and t.value.strip().lower() not in ("game", "log"):
            problems.append(_Problem("S008", f'`[Mode "{t.value}"]` must be "game" or "log"', t.at))
        seen.add(low)
    return problems


def _parse_chunk(chunk: _Chunk, lean: bool = False) -> _Build:
    """Parse one chunk; a broken header line costs only that line: read on from the next one."""
    b = _Build()
    b.lo = chunk.first_line - 1
    b.lean = lean
    _parse(b, "\n".join(chunk.lines), chunk.kind)
    lines = chunk.lines
    while chunk.kind == _HEADER and b.error_line and not b.unclosed_comment and b.error_line < len(lines) and not b.hand_seen:
        cut = b.error_line
        lines = lines[cut:]
        b.lo += cut
        b.error_line = 0
        _parse(b, "\n".join(lines), chunk.kind)
    return b


def _is_log(tags: list[Tag]) -> bool:
    """Whether a header puts its hands in ``[Mode "log"]`` (the last Mode tag counts)."""
    mode = next((t.value for t in reversed(tags) if t.name == "Mode"), "")
    return mode.strip().lower() == "log"


class _Assembler:
    """Groups chunk results into records: games, ``[Mode "log"]`` logs, or header-less hand logs."""

    def __init__(self, file: str | None, lean: bool = False) -> None:
        self.file = file
        self.lean = lean
        self.game_lean: list[tuple[int, _Chunk]] = []
        self.count = 0
        self.header: list[Tag] | None = None
        self.log = False
        self.header_problems: list[_Problem] = []
        self.game_hands: list[HandRecord] = []
        self.game_problems: list[tuple[_Problem, int | None]] = []
        self.game_open = False
        self.game_start = (0, 0)
        self.game_end = (0, 0)
        self.comments: list[str] = []
        self.junk: list[_Problem] = []

    def _diags(self, problems: Iterable[tuple[_Problem, int | None]], game: int) -> list[Diagnostic]:
        return [Diagnostic.make(p.code, p.message, p.at, hint=p.hint, file=self.file, game=game, hand=hand) for p, hand in problems]

    def _emit(self, record: GameRecord, problems: list[tuple[_Problem, int | None]], lean: Iterable[tuple[int, _Chunk]] = ()) -> ReadResult:
        self.count += 1
        if self.junk:
            problems = [(p, None) for p in self.junk] + problems
            self.junk = []
        return ReadResult(record, self._diags(problems, self.count), tuple(lean))

    def _record(
        self, tags: list[Tag], hands: list[HandRecord], start: tuple[int, int], end: tuple[int, int], trailing: list[str]
    ) -> GameRecord:
        return _new_game(at=Span(start[0], start[1], end[0], end[1]), comments=[], tags=tags, hands=hands, trailing_comments=trailing)

    def flush(self) -> Iterator[ReadResult]:
        """End the current game (or a log header that had no hands)."""
        if self.game_open and self.header is not None:
            problems = [(p, None) for p in self.header_problems] + self.game_problems
            record = self._record(self.header, self.game_hands, self.game_start, self.game_end, self.comments)
            self.comments = []
            yield self._emit(record, problems, self.game_lean)
        self.game_open = False
        self.game_hands, self.game_problems, self.header_problems, self.game_lean = [], [], [], []

    def feed(self, chunk: _Chunk) -> Iterator[ReadResult]:
        b = _parse_chunk(chunk, self.lean)
        hand = _hand_of(b, chunk) if (b.hand_seen or chunk.kind == _HAND) else None
        lean = ((0, chunk),) if b.leaned else ()
        rest = _attach(b, hand)
        if self.comments:
            first = b.tags[0] if b.tags else hand
            if first is not None:
                first.comments[:0] = self.comments
                self.comments = []
        if chunk.kind == _HEADER or b.tags:
            yield from self.flush()
            self.header = b.tags
            self.log = _is_log(b.tags)
            self.header_problems = _check_tags(b.tags) + [p for p in b.problems if hand is None]
            self.game_open = True
            self.game_start, self.game_end = chunk.start, chunk.end
            if hand is None:
                self.comments.extend(rest)
                return
        elif hand is None:  # text before the first record: report it with the next record
            self.junk.extend(b.problems)
            self.comments.extend(rest)
            return
        assert hand is not None
        if self.header is None:
            yield self._emit(self._record([], [hand], chunk.start, chunk.end, rest), [(p, 1) for p in b.problems], lean)
        elif self.log:
            tags = [_new_tag(at=t.at, comments=list(t.comments), name=t.name, value=t.value) for t in self.header]
            problems: list[tuple[_Problem, int | None]] = [(p, None) for p in self.header_problems]
            problems += [(p, 1) for p in b.problems]
            self.header_problems = []
            self.game_open = False
            yield self._emit(self._record(tags, [hand], chunk.start, chunk.end, rest), problems, lean)
        else:
            if lean:
                self.game_lean.append((len(self.game_hands), chunk))
            self.game_hands.append(hand)
            if b.problems:
                index = len(self.game_hands)
                self.game_problems.extend((p, index) for p in b.problems)
            self.game_end = chunk.end
            self.comments.extend(rest)

    def finish(self) -> Iterator[ReadResult]:
        yield from self.flush()
        if self.count == 0:
            where = self.file or "the input"
            problems = [Diagnostic.make(p.code, p.message, p.at, hint=p.hint, file=self.file) for p in self.junk]
            problems.append(
                Diagnostic.make(
                    "S007",
                    f"no games or hands in {where}",
                    None,
                    hint='a record starts with tags such as [Rules "42"] or with a `hand` line',
                    file=self.file,
                )
            )
            yield ReadResult(None, problems)


def _hand_of(b: _Build, chunk: _Chunk) -> HandRecord:
    """The hand record of a hand chunk."""
    at = b.hand_at
    if not b.hand_seen:  # the `hand` line itself is broken: take what a regex can
        line = chunk.lines[chunk.start[0] - chunk.first_line] if chunk.start[0] >= chunk.first_line else ""
        m = _HAND_LINE_RX.match(line, chunk.start[1] - 1)
        if m is not None:
            b.number = int(m.group(1)) if m.group(1) else None
            if m.group(2):
                b.dealer = m.group(2).upper()
                b.dealer_at = Span(chunk.start[0], m.start(2) + 1, chunk.start[0], m.end(2) + 1)
            at = Span(chunk.start[0], m.start() + 1, chunk.start[0], m.end() + 1)
        else:
            at = Span(chunk.start[0], chunk.start[1], chunk.start[0], chunk.start[1] + 1)
        b.unreadable = True
    return _new_hand(
        at=at,
        comments=[],
        number=b.number,
        unreadable=b.unreadable,
        dealer=b.dealer,
        dealer_at=b.dealer_at,
        deal=b.deal,
        kitty=b.kitty,
        kitty_at=b.kitty_at,
        calls=b.calls,
        calls_at=b.calls_at,
        exchange=b.exchange,
        trump=b.trump,
        tricks=b.tricks,
        claim=b.claim,
        result=b.result,
        award=b.award,
        score=b.score,
    )


# -- entry points --------------------------------------------------------------------------------


def _binary_result(file: str | None, line: int, column: int, what: str) -> ReadResult:
    where = file or "the input"
    return ReadResult(
        None,
        [
            Diagnostic.make(
                "S006",
                f"{where} is not a text record: line {line} holds {what}",
                Span(line, column, line, column + 1),
                hint="records are UTF-8 text files",
                file=file,
            )
        ],
    )


def read_stream(lines: Iterable[str], file: str | None = None, *, lean: bool = False) -> Iterator[ReadResult]:
    """Read records from lines of text (with or without their line ends), one result per record.

    ``lean``: clean deals and plays are built without spans from shared models
    (much faster; for replaying only, see ``spanned``).
    """
    assembler = _Assembler(file, lean)
    try:
        for chunk in _chunks(lines):
            yield from assembler.feed(chunk)
    except _Binary as e:
        yield _binary_result(file, e.line, e.column, e.what)
        return
    yield from assembler.finish()


def read_text(text: str, file: str | None = None, *, lean: bool = False) -> Iterator[ReadResult]:
    """Read records from a string."""
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        yield _binary_result(file, line, nul - (text.rfind("\n", 0, nul) + 1) + 1, "a NUL byte")
        return
    yield from read_stream(text.split("\n"), file, lean=lean)


def _first_bad_byte(path: Path) -> tuple[int, int, str] | None:
    """Line, column and description of the first byte that is not UTF-8 text, or None."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with path.open("rb") as f:
            while block := f.read(1 << 20):
                if b"\x00" in block:
                    raise ValueError
                decoder.decode(block)
            decoder.decode(b"", final=True)
        return None
    except (UnicodeDecodeError, ValueError):
        pass
    with path.open("rb") as f:  # rare: find the line for the message
        for number, raw in enumerate(f, 1):
            nul = raw.find(b"\x00")
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as e:
                if nul < 0 or e.start < nul:
                    return number, e.start + 1, f"the byte 0x{raw[e.start]:02x}, which is not UTF-8"
            if nul >= 0:
                return number, nul + 1, "a NUL byte"
    return 1, 1, "bytes that are not UTF-8"  # pragma: no cover - the block check and line check agree


def read_path(path: Path | str, display: str | None = None, *, lean: bool = False) -> Iterator[ReadResult]:
    """Read records from a file, streaming it line by line; ``display`` names it in diagnostics."""
    p = Path(path)
    name = display if display is not None else str(path)
    bad = _first_bad_byte(p)
    if bad is not None:
        yield _binary_result(name, *bad)
        return
    with open_text(p) as f:
        yield from read_stream(f, name, lean=lean)


def open_text(path: Path | str) -> TextIO:
    """A file checked to be UTF-8 (``first_bad_byte``), opened to be read line by line.

    Lines end at ``\\n`` only and come back as written (a lone ``\\r`` stays in its
    line); the text is decoded in large blocks, not line by line.
    """
    return open(path, encoding="utf-8", newline="\n")


def spanned(result: ReadResult) -> ReadResult:
    """``result`` with the hands read lean read again in full: every tile and play with its span.

    What was read lean is the same record but for those spans (and the shared
    models), so replaying it finds the same problems; only their places need the
    full reading, which is why ``check`` reads lean and calls this just for
    records with something to report.
    """
    record = result.record
    if not result.lean or record is None:
        return result
    hands = list(record.hands)
    for index, chunk in result.lean:
        hand = _hand_of(_parse_chunk(chunk), chunk)
        hand.comments = hands[index].comments
        hands[index] = hand
    return ReadResult(record.model_copy(update={"hands": hands}), result.diagnostics)


# -- batches for parallel reading ------------------------------------------------------------


class Batch(NamedTuple):
    """Consecutive chunks of one input that a worker process reads on its own with ``read_batch``.

    Batches are cut only before a header, or before a hand of a log, where the reader
    carries over no more than ``context`` can restore, so reading the batches one after
    another gives exactly what ``read_stream`` gives: the same records, numbers, lines,
    comments and diagnostics.
    """

    before: int
    """Records of the input before this batch."""
    context: _Chunk | None
    """The log header in force (``log``), or the chunk before the batch, whose trailing
    comments go to the batch's first item."""
    log: bool
    chunks: list[_Chunk]
    last: bool
    hands: int
    """Hand chunks in the batch, for progress."""


def batches(lines: Iterable[str], hands: int = 200) -> Iterator[Batch]:
    """Cut text (checked to be UTF-8 without NUL bytes) into batches of about ``hands`` hands.

    Only header chunks are parsed here, to follow the record count and the mode;
    hands are left to the workers.
    """
    count = 0
    header = log = open_game = False
    log_header: _Chunk | None = None
    prev: _Chunk | None = None
    prev_carries = False  # whether the reader may hold comments from ``prev`` for the next item
    pending: list[_Chunk] = []
    start: tuple[int, _Chunk | None, bool] = (0, None, False)
    in_batch = 0
    for chunk in _chunks(lines):
        if in_batch >= hands and len(pending) > 1:
            if chunk.kind == _HEADER:
                yield Batch(*start, pending, False, in_batch)
                pending, in_batch, start = [], 0, (count + open_game, prev if prev_carries else None, False)
            elif chunk.kind == _HAND and (not header or (log and not open_game)):
                yield Batch(*start, pending, False, in_batch)
                pending, in_batch, start = [], 0, (count, log_header, log_header is not None)
        pending.append(chunk)
        prev = chunk
        if chunk.kind == _HEADER:
            b = _parse_chunk(chunk)
            count += open_game
            header, log, open_game = True, _is_log(b.tags), True
            log_header = chunk if log else None
            prev_carries = not (log and b.hand_seen)
            if b.hand_seen:
                in_batch += 1
                if log:
                    count += 1
                    open_game = False
        elif chunk.kind == _HAND:
            in_batch += 1
            prev_carries = header and not log
            if not header or log:
                count += 1
                open_game = False
    yield Batch(*start, pending, True, in_batch)


def read_batch(batch: Batch, file: str | None = None, *, lean: bool = False) -> Iterator[ReadResult]:
    """The records of one batch, as ``read_stream`` would give them in the whole input."""
    assembler = _Assembler(file, lean)
    context = batch.context
    if context is not None:
        if not batch.log and context.kind == _HAND:  # a hand of the game before: only its trailing comments matter
            assembler.header, assembler.game_open = [], True
        for _ in assembler.feed(context):
            pass
        if batch.log:  # the header was reported with the log's first hand
            assembler.comments = []
        assembler.header_problems, assembler.game_open = [], False
        assembler.game_hands, assembler.game_problems = [], []
    assembler.count = batch.before
    for chunk in batch.chunks:
        yield from assembler.feed(chunk)
    if batch.last:
        yield from assembler.finish()
    else:
        assembler.comments = []  # they go to the first item of the next batch
        yield from assembler.flush()


def first_bad_byte(path: Path | str) -> tuple[int, int, str] | None:
    """Line, column and description of the first byte that is not UTF-8 text, or None."""
    return _first_bad_byte(Path(path))
