"""The record: what was written, as typed pydantic models with source spans.

These models are the interchange format (``referee convert``, ``referee schema``).
They hold only what the recorder wrote: the deal, calls, exchange, trump,
plays and the result/score the recorder claimed.  Everything the referee
derives (trick winners, points, awards, running score) lives in
``referee.judge.verdict`` and is reported beside the record, never trusted from it.

Tiles are kept as written-canonical text (``"6-4"``, high end first); seats as
their labels (``"N"``, ``"A"``).  ``at`` is the source span, ``None`` for records
that did not come from text.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Call",
    "Claim",
    "Dealt",
    "Exchange",
    "GameRecord",
    "HandRecord",
    "Play",
    "Span",
    "StatedAward",
    "StatedResult",
    "StatedScore",
    "Tag",
    "TileAt",
    "TrickRecord",
    "TrumpRecord",
]

RECORD_VERSION = 1


class Span(NamedTuple):
    """1-based line and column of the first character, and of the end (exclusive)."""

    line: int
    column: int
    end_line: int
    end_column: int


class _Item(BaseModel):
    model_config = ConfigDict(frozen=False, extra="forbid")

    at: Span | None = None
    comments: list[str] = Field(default_factory=list)
    """Comments written just before this item (``;`` lines and ``{...}``)."""


class Tag(_Item):
    name: str
    value: str


class TileAt(BaseModel):
    """One tile as written (canonical text) and where."""

    model_config = ConfigDict(extra="forbid")

    tile: str
    at: Span | None = None


class Dealt(_Item):
    seat: str
    tiles: list[TileAt]


class Call(_Item):
    """One call of the auction: a pass (``amount`` None) or a bid."""

    seat: str | None = None
    amount: int | None = None
    suit: int | None = None
    """Texas 88: the trump suit named with the bid (0-6)."""
    contract: Literal["plunge", "splash"] | None = None
    """42: a contract named with the bid (``bid N 168 plunge``)."""


class Exchange(_Item):
    """Moon's widow or 88's cat: tiles taken into hand, tiles put back."""

    take: list[TileAt]
    give: list[TileAt]


class TrumpRecord(_Item):
    """The declaration as written: 'suit' with ``suit``, 'doubles', 'follow-me', or a
    contract named after the auction, 'nello' or 'sevens' (42 options)."""

    kind: Literal["suit", "doubles", "follow-me", "nello", "sevens"]
    suit: int | None = None
    doubles_low: bool = False
    by: str | None = None
    """The seat that named trump when written (``trump sixes by S``: the partner after a plunge)."""
    by_at: Span | None = None


class Play(_Item):
    seat: str | None = None
    tile: str


class TrickRecord(_Item):
    plays: list[Play]
    winner: str | None = None
    """The winner the recorder wrote (``=> W``), checked against the rules."""
    winner_at: Span | None = None


class Claim(_Item):
    kind: Literal["claim", "concede"]


class StatedResult(_Item):
    """``result NS 35 made``: declaring side, its points (tricks in Moon), made/set."""

    side: str | None = None
    points: int | None = None
    outcome: Literal["made", "set"] | None = None


class StatedAward(_Item):
    """``award NS 1``: marks (or points) each named side scored for the hand."""

    amounts: dict[str, int]


class StatedScore(_Item):
    """``score NS 3 EW 2``: the running score after the hand."""

    scores: dict[str, int]


class HandRecord(_Item):
    number: int | None = None
    unreadable: bool = False
    """The hand had a syntax error; its items may be partial and it is not replayed."""
    dealer: str | None = None
    dealer_at: Span | None = None
    deal: list[Dealt] | None = None
    kitty: list[TileAt] | None = None
    """The widow or cat as the recorder wrote it (checked against the deal)."""
    kitty_at: Span | None = None
    calls: list[Call] = Field(default_factory=list)
    calls_at: Span | None = None
    exchange: Exchange | None = None
    trump: TrumpRecord | None = None
    tricks: list[TrickRecord] = Field(default_factory=list)
    claim: Claim | None = None
    result: StatedResult | None = None
    award: StatedAward | None = None
    score: StatedScore | None = None


class GameRecord(_Item):
    """A game (a tag header and its hands) or, with ``[Mode "log"]`` or no header,
    a log of independent hands."""

    version: int = RECORD_VERSION
    tags: list[Tag] = Field(default_factory=list)
    hands: list[HandRecord] = Field(default_factory=list)
    trailing_comments: list[str] = Field(default_factory=list)

    def tag(self, name: str) -> str | None:
        """The value of the last tag called ``name`` (case-insensitive)."""
        low = name.lower()
        for t in reversed(self.tags):
            if t.name.lower() == low:
                return t.value
        return None

    def tag_at(self, name: str) -> Span | None:
        low = name.lower()
        for t in reversed(self.tags):
            if t.name.lower() == low:
                return t.at
        return None
