"""How each item is read from its words: one reader per item of the grammar.

Each reader restates its grammar rule (quoted above it) over the words of one
item, as ``tokens`` classifies them, and builds the record's item with its place.
``tests/notation/test_grammar.py`` holds every reader to its rule: on generated and
damaged hands, a hand reads without a syntax error exactly when Lark parses it,
and into the same record Lark's parse tree gives.
"""

from __future__ import annotations

from typing import Literal, cast

from .. import codes
from ..engine.tiles import Tile
from .grammar import terminal
from .hands import HandScan
from .record import Call, Claim, Dealt, Exchange, Kitty, Play, StatedAward, StatedResult, StatedScore, TrickRecord, TrumpRecord
from .tokens import LETTERS, SUITS, TILES, is_number, is_signed, is_tile_like

__all__ = [
    "declaration",
    "read_award",
    "read_bid",
    "read_claim",
    "read_deal",
    "read_exchange",
    "read_kitty",
    "read_play",
    "read_result",
    "read_score",
    "read_trump",
]

_CONTRACTS = ("plunge", "splash")
_FOLLOW_ME = terminal("FOLLOWME")
_NO_TRUMP = terminal("NOTRUMP")
_DECLARED: dict[str, Literal["doubles", "nello", "sevens"]] = {"doubles": "doubles", "nello": "nello", "sevens": "sevens"}


def _seat(word: str) -> bool:
    return len(word) == 1 and word in LETTERS


def _words(h: HandScan, i: int, j: int) -> list[int]:
    """The indexes of the item's words after its keyword, newlines left out."""
    toks = h.toks
    return [k for k in range(i + 1, j) if toks[k] != "\n"]


# deal: DEAL dealt*      dealt: SEAT TILE+
def read_deal(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    rec = h.record
    rows = rec.deal if rec.deal is not None else []
    rec.deal = rows
    seat: str | None = None
    tiles: list[Tile] = []
    written = 0  # tiles written in the row, good or not
    first = last = -1
    for k in range(i + 1, j):
        w = toks[k]
        if w == "\n":
            continue
        t = TILES.get(w)
        if t is not None or is_tile_like(w):
            if seat is None:
                h.syntax()
                continue
            written += 1
            last = k
            if t is not None:
                tiles.append(t)
            else:
                h.bad_tile(k)
        elif _seat(w):
            if seat is not None:
                if not written:
                    h.syntax()
                rows.append(Dealt(seat, tiles, h.span(first, last)))
            seat, tiles, written, first, last = w.upper(), [], 0, k, k
        else:
            h.syntax()
    if seat is not None:
        if not written:
            h.syntax()
        rows.append(Dealt(seat, tiles, h.span(first, last)))


# kitty: (WIDOW | CAT) TILE*
def read_kitty(h: HandScan, i: int, j: int) -> None:
    tiles: list[Tile] = []
    last = i
    for k in _words(h, i, j):
        w = h.toks[k]
        t = TILES.get(w)
        if t is not None:
            tiles.append(t)
            last = k
        elif is_tile_like(w):
            h.bad_tile(k)
        else:
            h.syntax()
    word = cast(Literal["widow", "cat"], h.toks[i].lower())
    h.record.kitty = Kitty(word, tiles, h.span(i, last))


# bid: BID (call (COMMA? call)*)?      call: SEAT? (PASS | NUMBER (SUIT | BIDCONTRACT)?)
def read_bid(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    calls = h.record.calls
    seat = amount_at = -1
    amount: int | None = None
    comma = False
    last = i
    first_call = len(calls)

    def call(end: int, suit: int | None = None, contract: str | None = None, passed: bool = False) -> None:
        nonlocal seat, amount_at, amount, comma, last
        start = seat if seat >= 0 else (amount_at if amount_at >= 0 else end)
        calls.append(
            Call(
                toks[seat].upper() if seat >= 0 else None,
                None if passed else amount,
                suit,
                contract,  # type: ignore[arg-type]  # "plunge" or "splash", checked above
                h.span(start, end),
            )
        )
        seat = amount_at = -1
        amount = None
        comma = False
        last = end

    for k in _words(h, i, j):
        w = toks[k]
        low = w.lower()
        if amount_at >= 0:
            if low in SUITS:
                call(k, suit=SUITS[low])
                continue
            if low in _CONTRACTS:
                call(k, contract=low)
                continue
            call(amount_at)
        if w == ",":
            if comma or len(calls) == first_call or seat >= 0:
                h.syntax()
            comma = True
        elif _seat(w):
            if seat >= 0:
                h.syntax()
            seat = k
        elif low == "pass":
            call(k, passed=True)
        elif is_number(w):
            amount_at, amount = k, h.number(k)
        else:
            h.syntax()
    if amount_at >= 0:
        call(amount_at)
    if seat >= 0 or comma:
        h.syntax()
    if len(calls) > first_call:
        start = h.record.calls_at[0] if h.record.calls_at is not None else h.at(i)[0]
        h.record.calls_at = (start, h.at(last)[1])


# exchange: EXCHANGE (NONE | TILE+ FOR TILE+)
def read_exchange(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = _words(h, i, j)
    take: list[Tile] = []
    give: list[Tile] = []
    if len(words) == 1 and toks[words[0]].lower() == "none":
        h.record.exchange = Exchange([], [], h.span(i, words[0]))
        return
    side = take
    split = False
    written = [0, 0]  # tiles written on each side of `for`, dominoes or not
    for k in words:
        w = toks[k]
        t = TILES.get(w)
        if t is not None or is_tile_like(w):
            written[split] += 1
            if t is not None:
                side.append(t)
            else:
                h.bad_tile(k)
        elif w.lower() == "for" and not split:
            split, side = True, give
        else:
            h.syntax()
    if not (split and all(written)):
        h.syntax()
    h.record.exchange = Exchange(take, give, h.span(i, words[-1] if words else i))


Kind = Literal["suit", "doubles", "follow-me", "nello", "sevens"]


def declaration(text: str) -> tuple[Kind, int | None] | None:
    """The grammar's ``declaration`` (``sixes``, ``6``, ``doubles``, ``follow me``...) as a
    trump kind and suit; None when the words are not one."""
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
def read_trump(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    words = _words(h, i, j)
    if not words:
        h.syntax()
        return
    last = words[-1]
    by: str | None = None
    by_at = None
    if len(words) >= 2 and toks[words[-2]].lower() == "by" and _seat(toks[last]):
        by, by_at = toks[last].upper(), h.at(last)
        words = words[:-2]
    low = False
    if words and toks[words[-1]].lower() in ("low", "high"):
        low = toks[words[-1]].lower() == "low"
        words = words[:-1]
    found = declaration(" ".join(toks[k] for k in words))
    if found is None:
        h.syntax()
        return
    h.record.trump = TrumpRecord(found[0], found[1], low, by, h.span(i, last), by_at)


# play: PLAY _sep* trick (_sep+ trick)* _sep*      trick: played+ (WIN SEAT)?
# played: SEAT? TILE      _sep: NL | SLASH
def read_play(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    tricks = h.record.tricks
    first_trick = len(tricks)
    plays: list[Play] = []
    seat = first = last = -1
    winner = -1
    expect = False
    bad = False  # a tile that is not a domino: reported (S002) and left out, the trick still written
    for k in range(i + 1, j):
        w = toks[k]
        if w == "\n" and (seat >= 0 or expect):
            continue  # a seat or `=>` waits for its tile or winner: the grammar reads on past the line end
        if w == "\n" or w == "/":
            if plays:
                if seat >= 0 or expect:
                    h.syntax()
                tricks.append(_trick(h, plays, first, last, winner))
            elif seat >= 0 or expect:
                h.syntax()
            plays, seat, winner, expect = [], -1, -1, False
            continue
        if winner >= 0:
            h.syntax()
            continue
        if expect:
            if _seat(w):
                winner, expect = k, False
            else:
                h.syntax()
            continue
        t = TILES.get(w)
        if t is not None:
            plays.append(Play(toks[seat].upper() if seat >= 0 else None, t))
            if not plays[1:]:
                first = seat if seat >= 0 else k
            last = k
            seat = -1
        elif _seat(w):
            if seat >= 0:
                h.syntax()
            seat = k
        elif w == "=>":
            if not plays or seat >= 0:
                h.syntax()
            expect = True
        elif is_tile_like(w):
            h.bad_tile(k)
            bad = True
            seat = -1
        else:
            h.syntax()
    if plays:
        if seat >= 0 or expect:
            h.syntax()
        tricks.append(_trick(h, plays, first, last, winner))
    elif seat >= 0 or expect:
        h.syntax()
    if len(tricks) == first_trick and not bad:
        h.syntax()


def _trick(h: HandScan, plays: list[Play], first: int, last: int, winner: int) -> TrickRecord:
    """A trick from its plays; its span runs from its first word (``first``) to its last
    tile or its winner.  Plays get their spans only when asked (``locate.play_spans``)."""
    if winner >= 0:
        return TrickRecord(plays, h.toks[winner].upper(), h.span(first, winner), h.at(winner))
    return TrickRecord(plays, None, h.span(first, last))


# claim: CLAIM | CONCEDE
def read_claim(h: HandScan, i: int, j: int) -> None:
    if _words(h, i, j):
        h.syntax()
    h.record.claim = Claim(cast(Literal["claim", "concede"], h.toks[i].lower()), h.at(i))


# result: RESULT (SEAT | SIDE)? NUMBER? OUTCOME
def read_result(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    side: str | None = None
    points: int | None = None
    outcome: Literal["made", "set"] | None = None
    step = 0  # side, then points, then made/set
    last = i
    for k in _words(h, i, j):
        w = toks[k]
        low = w.lower()
        last = k
        if low in ("made", "set") and step < 3:
            outcome, step = cast(Literal["made", "set"], low), 3
        elif step < 1 and w.isascii() and w.isalpha():
            side, step = w.upper(), 1
        elif step < 2 and is_number(w):
            points, step = h.number(k), 2
        else:
            h.syntax()
    if outcome is None:
        h.syntax()
    h.record.result = StatedResult(side, points, outcome, h.span(i, last))


# award: AWARD amount+      score: SCORE amount+      amount: side SIGNED      side: SEAT | SIDE
def _amounts(h: HandScan, i: int, j: int) -> tuple[dict[str, int], tuple[int, int]]:
    toks = h.toks
    amounts: dict[str, int] = {}
    side = -1
    last = i
    for k in _words(h, i, j):
        w = toks[k]
        last = k
        if side < 0:
            if w.isascii() and w.isalpha():
                side = k
            else:
                h.syntax()
        elif is_signed(w):
            label = toks[side].upper()
            if label in amounts:
                h.problem(codes.S011, f"the side `{label}` is named twice; the later number counts", h.at(side), unreadable=False)
            value = h.number(k)
            if value is not None:
                amounts[label] = value
            side = -1
        else:
            h.syntax()
            side = -1
    if side >= 0 or last == i:
        h.syntax()
    return amounts, h.span(i, last)


def read_award(h: HandScan, i: int, j: int) -> None:
    amounts, at = _amounts(h, i, j)
    h.record.award = StatedAward(amounts, at)


def read_score(h: HandScan, i: int, j: int) -> None:
    scores, at = _amounts(h, i, j)
    h.record.score = StatedScore(scores, at)
