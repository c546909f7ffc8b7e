"""Hands in the plain layout, read a line at a time: the reader's fast path.

Nearly every hand a program or ``referee fmt`` writes has one item per line, one
deal row or one trick per line, seats written, tiles as ``6-4``, and calls separated
by commas on the ``bid`` line.  Such a hand is read here, each line split once and
taken whole by its item's plain reader (``items.ITEMS``), with its places worked out
from where its line starts.  Anything else (a seat left out, ``/`` between tricks,
an item out of order, a word that is not where the layout puts it, any error) makes
``plain_hand`` answer None, and the hand is read by ``hands.scan_hand``, which reads
every form the grammar allows and words its errors.

So this module decides nothing about the notation: it only recognises a layout whose
meaning ``scan_hand`` gives.  ``tests/notation/test_plain.py`` holds the two to the
same record, places included, on the samples, on generated hands of every game and
on their mutations.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from .itemscan import declaration
from .memo import LineMemo
from .record import (
    AcceptedPlay,
    Call,
    Claim,
    Dealt,
    Exchange,
    HandRecord,
    Kitty,
    Misdeal,
    Play,
    RenegeCall,
    StatedAward,
    StatedResult,
    StatedScore,
    TrickRecord,
    TrumpRecord,
)
from .tokens import LETTERS, MAX_DIGITS, SUITS, TILES, splits_as_grammar

__all__ = ["PlainItem", "PlainReader", "plain_hand"]

PlainReader = Callable[[HandRecord, str, int, list[str]], bool]
"""Reads one line of an item into the record: the line, where it starts (an offset of the
input), its words (the keyword first, on the item's first line).  False: not plain."""

_HAND = re.compile(r"[ \t]*(?i:hand)(?:[ \t]+([0-9]{1,9}))?(?:[ \t]+(?i:dealer)[ \t]+([A-Za-z]))?[ \t]*")
"""The hand line, plainly written."""

_CONTRACTS = ("plunge", "splash")

_UPPER = {c: c.upper() for c in LETTERS}
"""A seat letter to the seat: any other word is not a seat."""


class _SeatPlays(dict[str, Play]):
    """One seat word's plays, by tile word, made when first read."""

    def __init__(self, seat: str) -> None:
        super().__init__()
        self.seat = _UPPER[seat]  # KeyError: not a seat

    def __missing__(self, word: str) -> Play:
        play = self[word] = tuple.__new__(Play, (self.seat, TILES[word], (), ()))  # KeyError: not a tile
        return play


class _Plays(dict[str, _SeatPlays]):
    """Each seat word, then each tile word, to its play: a play is immutable, so a hand's
    dozens of plays are two dictionary lookups each, made in C by ``map`` (at most one
    entry per letter and way of writing a tile, about 5,000)."""

    def __missing__(self, seat: str) -> _SeatPlays:
        plays = self[seat] = _SeatPlays(seat)
        return plays


_PLAYS = _Plays()
_by_tile = dict.__getitem__
_TILE = TILES.__getitem__


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _seat(word: str) -> bool:
    return len(word) == 1 and word in LETTERS


def _number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word.lstrip("0")) <= MAX_DIGITS


def _signed(word: str) -> bool:
    digits = word[1:] if word[:1] in ("+", "-") else word
    return digits.isascii() and digits.isdigit() and len(word.lstrip("+-0")) <= MAX_DIGITS


def _side(word: str) -> bool:
    return word.isascii() and word.isalpha()


# -- one reader per item ------------------------------------------------------------------


def deal_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    """The ``deal`` line, with or without the first row."""
    if rec.deal is not None:
        return False
    rec.deal = []
    if len(words) == 1:
        return True
    rest = words[1:]
    return deal_row(rec, line, at, rest, line.find(rest[0], line.find(words[0]) + len(words[0])))


def deal_row(rec: HandRecord, line: str, at: int, words: list[str], start: int = -1) -> bool:
    """A row of the deal (``start``: where its seat is, when not the line's first word)."""
    if len(words) < 2:
        return False
    try:
        seat = _UPPER[words[0]]
        tiles = list(map(_TILE, words[1:]))
    except KeyError:
        return False
    if start < 0:
        start = line.find(words[0])
    rec.deal.append(Dealt(seat, tiles, (at + start, at + len(line.rstrip()))))  # type: ignore[union-attr]
    return True


def kitty_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    word = words[0].lower()
    if rec.kitty is not None or word not in ("widow", "cat"):
        return False
    try:
        tiles = [TILES[w] for w in words[1:]]
    except KeyError:
        return False
    rec.kitty = Kitty(word, tiles, (at + _indent(line), at + len(line.rstrip())))  # type: ignore[arg-type]
    return True


def _calls(line: str) -> tuple[tuple[tuple[str, int | None, int | None, str | None, int, int], ...], int, int] | None:
    """A ``bid`` line's calls (seat, amount, suit, contract, where the call starts and ends)
    and where the item starts and ends."""
    words = line.split()
    if len(words) < 3 or "," in words[-1]:
        return None
    calls = []
    first = line.find(words[0])
    pos = line.find(words[1], first + 3)
    end = len(line.rstrip())
    for piece in line[pos:end].split(","):
        call = piece.split()
        n = len(call)
        if n < 2 or n > 3:
            return None
        seat = _UPPER.get(call[0])
        value = call[1]
        if seat is None:
            return None
        suit: int | None = None
        contract: str | None = None
        if value.isdigit() and len(value) <= MAX_DIGITS:  # ASCII: the hand is (``splits_as_grammar``)
            amount: int | None = int(value)
            if n == 3:
                word = call[2].lower()
                if not word.isalpha():
                    return None
                if word in SUITS:
                    suit = SUITS[word]
                elif word in _CONTRACTS:
                    contract = word
                else:
                    return None
        elif n == 2 and value.lower() == "pass":
            amount = None
        else:
            return None
        calls.append((seat, amount, suit, contract, pos + len(piece) - len(piece.lstrip()), pos + len(piece.rstrip())))
        pos += len(piece) + 1
    return tuple(calls), first, end


_CALLS = LineMemo(_calls)


def bid_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _CALLS[line]
    if found is None or rec.calls:
        return False
    calls, first, end = found
    add = rec.calls.append
    for seat, amount, suit, contract, start, stop in calls:
        add(Call(seat, amount, suit, contract, (at + start, at + stop)))
    rec.calls_at = (at + first, at + end)
    return True


def exchange_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    if rec.exchange is not None:
        return False
    span = (at + _indent(line), at + len(line.rstrip()))
    if len(words) == 2 and words[1].lower() == "none":
        rec.exchange = Exchange([], [], span)
        return True
    lowered = [w.lower() for w in words]
    if lowered.count("for") != 1:
        return False
    split = lowered.index("for")
    if split < 2 or split == len(words) - 1:
        return False
    try:
        take = [TILES[w] for w in words[1:split]]
        give = [TILES[w] for w in words[split + 1 :]]
    except KeyError:
        return False
    rec.exchange = Exchange(take, give, span)
    return True


def _trump(line: str) -> tuple[str, int | None, int, int] | None:
    words = line.split()
    found = declaration(words[1]) if len(words) == 2 else None
    return None if found is None else (found[0], found[1], _indent(line), len(line.rstrip()))


_TRUMPS = LineMemo(_trump)


def trump_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _TRUMPS[line]
    if found is None or rec.trump is not None:
        return False
    kind, suit, start, end = found
    rec.trump = TrumpRecord(kind, suit, False, None, (at + start, at + end))
    return True


def play_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    """The ``play`` line: the keyword and the first trick."""
    if rec.tricks or len(words) == 1:
        return False
    rest = words[1:]
    return trick_line(rec, line, at, rest, line.find(rest[0], line.find(words[0]) + len(words[0])))


def trick_line(rec: HandRecord, line: str, at: int, words: list[str], start: int = -1) -> bool:
    """A trick (``start``: where its first seat is, when not the line's first word)."""
    n = len(words)
    winner = None
    if n > 2 and words[-2] == "=>":
        winner = words[-1]
        if not _seat(winner):
            return False
        n -= 2
    if n < 2 or n % 2:
        return False
    try:
        plays = list(map(_by_tile, map(_PLAYS.__getitem__, words[0:n:2]), words[1:n:2]))  # no Python frame per play
    except KeyError:
        return False
    if start < 0:
        start = line.find(words[0])
    end = at + len(line.rstrip())
    if winner is None:
        rec.tricks.append(TrickRecord(plays, None, (at + start, end)))
    else:
        rec.tricks.append(TrickRecord(plays, winner.upper(), (at + start, end), (end - 1, end)))
    return True


def claim_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    if rec.claim is not None or len(words) != 1:
        return False
    start = at + _indent(line)
    rec.claim = Claim(words[0].lower(), (start, start + len(words[0])))  # type: ignore[arg-type]
    return True


def _result(line: str) -> tuple[str | None, int | None, str, int, int] | None:
    words = line.split()
    if len(words) > 4:
        return None
    outcome = words[-1].lower()
    if outcome not in ("made", "set"):
        return None
    side: str | None = None
    points: int | None = None
    middle = words[1:-1]
    if middle and _side(middle[0]) and middle[0].lower() not in ("made", "set"):
        side = middle.pop(0).upper()
    if middle and _number(middle[0]):
        points = int(middle.pop(0))
    if middle:
        return None
    return side, points, outcome, _indent(line), len(line.rstrip())


_RESULTS = LineMemo(_result)


def result_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _RESULTS[line]
    if found is None or rec.result is not None:
        return False
    side, points, outcome, start, end = found
    rec.result = StatedResult(side, points, outcome, (at + start, at + end))
    return True


def _amounts(words: list[str]) -> dict[str, int] | None:
    n = len(words)
    if n < 3 or n % 2 == 0:
        return None
    amounts: dict[str, int] = {}
    for k in range(1, n, 2):
        side, value = words[k], words[k + 1]
        if not (_side(side) and _signed(value)):
            return None
        label = side.upper()
        if label in amounts:
            return None
        amounts[label] = int(value)
    return amounts


def _sides(line: str) -> tuple[dict[str, int], int, int] | None:
    """``award`` and ``score``: each side's amount, and where the item starts and ends."""
    amounts = _amounts(line.split())
    return None if amounts is None else (amounts, _indent(line), len(line.rstrip()))


_SIDES = LineMemo(_sides)
"""``award`` and ``score`` lines alike (their keyword is part of the text remembered)."""


def award_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _SIDES[line]
    if found is None or rec.award is not None:
        return False
    amounts, start, end = found
    rec.award = StatedAward(dict(amounts), (at + start, at + end))  # a copy: the memo's stays as read
    return True


def score_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _SIDES[line]
    if found is None or rec.score is not None:
        return False
    scores, start, end = found
    rec.score = StatedScore(dict(scores), (at + start, at + end))
    return True


def _whole(line: str, at: int) -> tuple[int, int]:
    """The span of a line's text, from its indent to its last word."""
    return (at + _indent(line), at + len(line.rstrip()))


def misdeal_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    if rec.misdeal is not None:
        return False
    if len(words) == 1:
        rec.misdeal = Misdeal(None, _whole(line, at))
        return True
    if len(words) != 3 or words[1].lower() != "by" or not _seat(words[2]):
        return False
    end = at + len(line.rstrip())
    rec.misdeal = Misdeal(words[2].upper(), _whole(line, at), (end - 1, end))
    return True


def _seat_trick(words: list[str]) -> tuple[str, int] | None:
    """``KEYWORD SEAT trick NUMBER ...``: the seat and the trick."""
    if len(words) < 4 or not _seat(words[1]) or words[2].lower() != "trick" or not _number(words[3]):
        return None
    return words[1].upper(), int(words[3])


def renege_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _seat_trick(words)
    if rec.renege is not None or found is None:
        return False
    caller = None
    if len(words) == 7 and words[4].lower() == "called" and words[5].lower() == "by" and _seat(words[6]):
        caller = words[6].upper()
    elif len(words) != 4:
        return False
    rec.renege = RenegeCall(*found, caller, _whole(line, at))
    return True


def accept_line(rec: HandRecord, line: str, at: int, words: list[str]) -> bool:
    found = _seat_trick(words)
    if found is None or len(words) != 4:
        return False
    rec.accepted.append(AcceptedPlay(*found, _whole(line, at)))
    return True


class PlainItem(NamedTuple):
    """What ``plain_hand`` needs of an item (from its registry entry)."""

    read: PlainReader
    rank: int | None
    more: PlainReader | None
    """Reads a line that starts with no keyword, which continues the item (deal rows,
    tricks); None: the item has no such lines."""
    names: bool
    """Its line holds names (sides), which must not be item keywords: the grammar would
    start an item there."""


def _head(line: str) -> tuple[int | None, str | None, tuple[int, int], int, int] | None:
    """The ``hand`` line: its number, the dealer and where the dealer and the line are."""
    m = _HAND.fullmatch(line)
    if m is None:
        return None
    number = None if m.group(1) is None else int(m.group(1))
    dealer = None if m.group(2) is None else m.group(2).upper()
    return number, dealer, m.span(2), _indent(line), len(line.rstrip())


_HEADS = LineMemo(_head)


def plain_hand(text: str, base: int, items: dict[str, PlainItem]) -> HandRecord | None:
    """The hand in ``text`` (comments blanked; its first character at offset ``base``), when
    it is written in the plain layout; None otherwise.  ``items``: each item keyword (lower
    case) to its plain reader."""
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
    rank = -1
    more: PlainReader | None = None
    at = base + pos
    # A repeated single item is refused by its reader (it finds its field filled).
    for line in lines[k + 1 :]:
        words = line.split()
        if words:
            entry = items.get(words[0].lower())
            if entry is None:
                if more is None or not more(rec, line, at, words):
                    return None
            else:
                read, item_rank, more, names = entry
                if names and not items.keys().isdisjoint(map(str.lower, words[1:])):
                    return None
                if item_rank is not None:
                    if item_rank < rank:
                        return None
                    rank = item_rank
                if not read(rec, line, at, words):
                    return None
        at += len(line) + 1
    return rec
