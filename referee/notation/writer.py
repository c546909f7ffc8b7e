"""The canonical writer: a ``GameRecord`` back to notation text.

One record has exactly one canonical text, so that ``referee format`` is
idempotent, diffs of reformatted files show only real changes, and a record
can be compared with another by comparing their texts.  The writer trusts the
record (it never replays it): it writes what the recorder said, in the
canonical spelling and layout.

>>> from referee.notation.record import Call, GameRecord, HandRecord, Tag
>>> rec = GameRecord(tags=[Tag(name="Rules", value="42"), Tag(name="Event", value="Demo")],
...                  hands=[HandRecord(number=1, dealer="N", calls=[Call(seat="E", amount=30), Call(seat="S")])])
>>> print(format_game(rec), end="")
[Event "Demo"]
[Rules "42"]
<BLANKLINE>
hand 1 dealer N
  bid E 30, S pass
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from pydantic import BaseModel

from ..engine.declarations import NUMBER_NAMES
from ..engine.tiles import TileError, parse_tile
from .record import (
    Call,
    Dealt,
    GameRecord,
    HandRecord,
    Play,
    Tag,
    TileAt,
    TrickRecord,
    TrumpRecord,
)

__all__ = ["TAG_ORDER", "format_game", "format_records", "strip_spans"]

TAG_ORDER: tuple[str, ...] = (
    "Event",
    "Site",
    "Date",
    "Round",
    "Table",
    "Scorer",
    "Rules",
    "Options",
    "Target",
    "Mode",
    "North",
    "East",
    "South",
    "West",
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "Winner",
)
"""Known tags in the order they are written; other tags follow in their own order."""

_TAG_RANK = {name.lower(): i for i, name in enumerate(TAG_ORDER)}
_INDENT = "  "

_M = TypeVar("_M", bound=BaseModel)


# -- small pieces -------------------------------------------------------------------------


def _tile(text: str) -> str:
    """A tile high end first (``4-6`` -> ``6-4``); text that is no tile is kept as is."""
    try:
        return str(parse_tile(text))
    except TileError:
        return text


def _tiles(tiles: Sequence[TileAt]) -> str:
    return " ".join(_tile(t.tile) for t in tiles)


def _quote(value: str) -> str:
    """A tag value in double quotes; ``\\`` and ``"`` are escaped with a backslash (as in PGN)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _inline(comments: Sequence[str]) -> str:
    """Comments written inside the line, each ``{text} `` (before the item they belong to)."""
    return "".join(f"{{{c}}} " for c in comments)


def _line_comments(comments: Sequence[str], indent: str) -> tuple[list[str], str]:
    """Comments of an item that starts a line: ``; text`` lines for the single-line
    ones up to the first that is not, the rest inline before the item.

    Order is kept: once a comment has to go inline, the ones after it follow it inline.
    """
    lines: list[str] = []
    i = 0
    while i < len(comments) and _single(comments[i]):
        lines.append(f"{indent}; {comments[i]}".rstrip())
        i += 1
    return lines, _inline(comments[i:])


def _single(comment: str) -> bool:
    """Whether the comment can be a ``; text`` line (it has no line break)."""
    return "\n" not in comment and "\r" not in comment


def _trump(trump: TrumpRecord) -> str:
    if trump.kind == "suit":
        if trump.suit is None or not 0 <= trump.suit <= 6:
            raise ValueError(f"a suit trump needs a suit 0-6, not {trump.suit!r}")
        return NUMBER_NAMES[trump.suit]
    if trump.kind in ("follow-me", "nello"):
        return f"{trump.kind} low" if trump.doubles_low else trump.kind
    return trump.kind


def _call(call: Call) -> str:
    words = [call.seat] if call.seat is not None else []
    if call.amount is None:
        words.append("pass")
    else:
        words.append(str(call.amount))
        if call.suit is not None:
            words.append(NUMBER_NAMES[call.suit])
        if call.contract is not None:
            words.append(call.contract)
    return " ".join(words)


def _play(play: Play) -> str:
    """``W 5-5``; a play's comments go before its tile (``W {why} 5-5``), inside the
    play, so that a comment before the seat can belong to the trick."""
    seat = "" if play.seat is None else play.seat + " "
    return f"{seat}{_inline(play.comments)}{_tile(play.tile)}"


def _trick(trick: TrickRecord) -> str:
    text = " ".join(_play(p) for p in trick.plays)
    if trick.winner is not None:
        text += f" => {trick.winner}"
    return text


def _sides(amounts: dict[str, int]) -> str:
    return " ".join(f"{side} {n}" for side, n in amounts.items())


# -- layout -------------------------------------------------------------------------------


class _Out:
    """Collects lines; ``item`` writes an item with its comments before it."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def item(self, comments: Sequence[str], indent: str, text: str) -> None:
        before, inline = _line_comments(comments, indent)
        self.lines.extend(before)
        self.lines.append(f"{indent}{inline}{text}")

    def block(self, keyword: str, entries: Sequence[tuple[Sequence[str], str]]) -> None:
        """An item whose entries (deal seats, tricks) go one to a line, the later lines
        aligned under the first entry; each entry's comments come before its line."""
        head = f"{_INDENT}{keyword} "
        pad = " " * len(head)
        for i, (comments, text) in enumerate(entries):
            if i == 0:
                self.item(comments, _INDENT, f"{keyword} {text}")
            else:
                self.item(comments, pad, text)


def _tag_key(indexed: tuple[int, Tag]) -> tuple[int, int]:
    i, tag = indexed
    return (_TAG_RANK.get(tag.name.lower(), len(TAG_ORDER)), i)


def _kitty_word(record: GameRecord, hand: HandRecord) -> str:
    """``widow`` in Moon, ``cat`` otherwise; a header-less log guesses from the kitty size."""
    rules = record.tag("Rules")
    if rules is not None:
        return "widow" if rules.strip().lower() == "moon" else "cat"
    return "widow" if hand.kitty is not None and len(hand.kitty) == 1 else "cat"


def _hand(out: _Out, record: GameRecord, hand: HandRecord) -> None:
    head = ["hand"]
    if hand.number is not None:
        head.append(str(hand.number))
    if hand.dealer is not None:
        head += ["dealer", hand.dealer]
    out.item(hand.comments, "", " ".join(head))
    if hand.deal:
        out.block("deal", [(d.comments, _dealt(d)) for d in hand.deal])
    if hand.kitty is not None:
        out.item((), _INDENT, f"{_kitty_word(record, hand)} {_tiles(hand.kitty)}".rstrip())
    if hand.calls:
        first, *rest = hand.calls
        text = "bid " + _call(first) + "".join(f", {_inline(c.comments)}{_call(c)}" for c in rest)
        out.item(first.comments, _INDENT, text)
    if hand.exchange is not None:
        ex = hand.exchange
        text = f"exchange {_tiles(ex.take) or 'none'} for {_tiles(ex.give) or 'none'}" if ex.take or ex.give else "exchange none"
        out.item(ex.comments, _INDENT, text)
    if hand.trump is not None:
        by = f" by {hand.trump.by}" if hand.trump.by is not None else ""
        out.item(hand.trump.comments, _INDENT, f"trump {_trump(hand.trump)}{by}")
    if hand.tricks:
        out.block("play", [(t.comments, _trick(t)) for t in hand.tricks])
    if hand.claim is not None:
        out.item(hand.claim.comments, _INDENT, hand.claim.kind)
    if hand.result is not None:
        r = hand.result
        words = ["result"]
        if r.side is not None:
            words.append(r.side)
        if r.points is not None:
            words.append(str(r.points))
        if r.outcome is not None:
            words.append(r.outcome)
        out.item(r.comments, _INDENT, " ".join(words))
    if hand.award is not None:
        out.item(hand.award.comments, _INDENT, f"award {_sides(hand.award.amounts)}".rstrip())
    if hand.score is not None:
        out.item(hand.score.comments, _INDENT, f"score {_sides(hand.score.scores)}".rstrip())


def _dealt(dealt: Dealt) -> str:
    return f"{dealt.seat} {_tiles(dealt.tiles)}".rstrip()


# -- public -------------------------------------------------------------------------------


def format_game(record: GameRecord) -> str:
    """The canonical text of one game (or hand log), ending with a newline."""
    out = _Out()
    for c in record.comments:
        out.lines.append(f"; {c}".rstrip() if _single(c) else f"{{{c}}}")
    for _, tag in sorted(enumerate(record.tags), key=_tag_key):
        out.item(tag.comments, "", f"[{tag.name} {_quote(tag.value)}]")
    for i, hand in enumerate(record.hands):
        if record.tags or i:
            out.lines.append("")
        _hand(out, record, hand)
    for c in record.trailing_comments:
        out.lines.append(f"; {c}".rstrip() if _single(c) else f"{{{c}}}")
    return "\n".join(out.lines) + "\n"


def format_records(records: Iterable[GameRecord]) -> Iterator[str]:
    """Each game's text; every game after the first starts with the blank line that
    separates it from the one before, so ``"".join(...)`` is a whole file."""
    for i, record in enumerate(records):
        text = format_game(record)
        yield ("\n" + text) if i else text


def strip_spans(record: _M) -> _M:
    """A deep copy with every source span (``at`` and ``*_at``) set to None.

    Records read from different texts of the same game differ only in their
    spans; comparing stripped copies compares what was recorded.
    """
    copy = record.model_copy(deep=True)
    _strip(copy)
    return copy


def _strip(model: BaseModel) -> None:
    for name in type(model).model_fields:
        value = getattr(model, name)
        if name == "at" or name.endswith("_at"):
            if value is not None:
                setattr(model, name, None)
        elif isinstance(value, BaseModel):
            _strip(value)
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, BaseModel):
                    _strip(v)
