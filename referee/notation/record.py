"""The record: what was written, as plain slotted classes with source offsets.

These hold only what the recorder wrote: the deal, calls, exchange, trump,
plays and the result, award and score the recorder claimed.  Everything the
referee derives (trick winners, points, awards, running score) lives in the
verdict and is reported beside the record, never trusted from it.

Tiles are engine ``Tile`` values (``str(tile)`` is the canonical text ``"6-4"``);
seats and sides are their labels as written, upper-cased (``"N"``, ``"NS"``).
``at`` is a ``Span`` of offsets into the record's ``Source`` (``GameRecord.source``),
``None`` for records that did not come from text; spans never take part in
equality, so two records of the same game read from different texts are equal.
Comments are kept where they were written: ``comments`` before an item (on the
lines above it, or inside it), ``after`` on its line after it.

The JSON shape (``referee schema``) is built from these classes at the edge, by
pydantic, in ``referee.interchange``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from ..engine.tiles import Tile
from ..source import Source, Span
from .contracts import BidContract, TrumpKind

__all__ = [
    "RECORD_VERSION",
    "AcceptedPlay",
    "Call",
    "Claim",
    "Dealt",
    "Exchange",
    "Fault",
    "Forfeit",
    "GameRecord",
    "HandRecord",
    "Kitty",
    "Misdeal",
    "Play",
    "RenegeCall",
    "StatedAward",
    "StatedResult",
    "StatedScore",
    "Tag",
    "TrickRecord",
    "TrumpRecord",
]

RECORD_VERSION = 5
"""The version of the JSON shape of a record (versions 1 to 4 are still read; 3 added
the irregularities: ``misdeal``, ``renege``, ``accepted``; 4 added ``forfeit``; 5 added
the verdict's ``detail`` of each hand, ``hands`` for a score sheet's hand judged without
plays)."""

Comments = tuple[str, ...]


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class Dealt:
    """One seat's row of the deal."""

    seat: str
    tiles: list[Tile]
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class Kitty:
    """The widow or cat as the recorder wrote it (checked against the deal); ``word`` is
    the keyword written."""

    word: Literal["widow", "cat"]
    tiles: list[Tile]
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class Call:
    """One call of the auction: a pass (``amount`` None) or a bid."""

    seat: str | None = None
    amount: int | None = None
    suit: int | None = None
    """A trump suit named with the bid (0-6), where bids name one."""
    contract: BidContract | None = None
    """A contract named with the bid (``bid N 168 plunge``)."""
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class Exchange:
    """The widow or cat exchange: tiles taken into hand, tiles put back (both empty: ``none``)."""

    take: list[Tile]
    give: list[Tile]
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class TrumpRecord:
    """The declaration as written: 'suit' with ``suit``, 'doubles', 'follow-me', or a
    contract named after the auction ('nello', 'sevens')."""

    kind: TrumpKind
    suit: int | None = None
    doubles_low: bool = False
    by: str | None = None
    """The seat that named trump when written (``trump sixes by S``)."""
    at: Span | None = field(default=None, compare=False)
    by_at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


class Play(NamedTuple):
    """One tile played.  Its place is worked out from its trick's when asked
    (``notation.locate.play_spans``); comments are kept by replacing the play."""

    seat: str | None
    tile: Tile
    comments: Comments = ()
    """Comments written between the seat and the tile."""
    after: Comments = ()


@dataclass(slots=True)
class TrickRecord:
    plays: list[Play]
    winner: str | None = None
    """The winner the recorder wrote (``=> W``), checked against the rules."""
    at: Span | None = field(default=None, compare=False)
    winner_at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class Claim:
    kind: Literal["claim", "concede"]
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class StatedResult:
    """``result NS 35 made``: declaring side, its points (tricks where counters do not score), made/set."""

    side: str | None = None
    points: int | None = None
    outcome: Literal["made", "set"] | None = None
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class StatedAward:
    """``award NS 1``: what each named side scored for the hand."""

    amounts: dict[str, int]
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class StatedScore:
    """``score NS 3 EW 2``: the running score after the hand."""

    scores: dict[str, int]
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class Misdeal:
    """``misdeal by W``: the hand was misdealt (by ``by``, its dealer) and dealt again by the
    same player; the deal the record writes is the redeal."""

    by: str | None = None
    at: Span | None = field(default=None, compare=False)
    by_at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class RenegeCall:
    """``renege E trick 3 called by N``: a renege called and ruled at the table: who reneged,
    in which trick (1-based), who called it.  The hand is scored by the ruling."""

    seat: str
    trick: int
    called_by: str | None = None
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class AcceptedPlay:
    """``accept W trick 3``: W played to trick 3 (1-based) out of turn and the table let the
    play stand; play goes on clockwise from W."""

    seat: str
    trick: int
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


Fault = Literal["time", "illegal", "crash", "protocol", "stall"]
"""What a seat forfeits for in a match: over its time, an illegal or unlisted action, a
crash, a malformed message, no answer to a ping (the grammar's ``FAULT``)."""


@dataclass(slots=True)
class Forfeit:
    """``forfeit N time trick 5``: a seat's fault in a match played under the referee, and
    the trick (1-based) it came in when written.  How the hand is scored is the match's
    rule, not the record's."""

    seat: str
    fault: Fault
    trick: int | None = None
    at: Span | None = field(default=None, compare=False)
    comments: Comments = ()
    after: Comments = ()


@dataclass(slots=True)
class HandRecord:
    number: int | None = None
    """The hand number as written (``hand 2``); hands are reported by it."""
    dealer: str | None = None
    deal: list[Dealt] | None = None
    kitty: Kitty | None = None
    calls: list[Call] = field(default_factory=list)
    exchange: Exchange | None = None
    trump: TrumpRecord | None = None
    tricks: list[TrickRecord] = field(default_factory=list)
    claim: Claim | None = None
    result: StatedResult | None = None
    award: StatedAward | None = None
    score: StatedScore | None = None
    misdeal: Misdeal | None = None
    renege: RenegeCall | None = None
    accepted: list[AcceptedPlay] = field(default_factory=list)
    forfeit: Forfeit | None = None
    unreadable: bool = False
    """The hand had a syntax error: its items may be partial and it is not replayed."""
    at: Span | None = field(default=None, compare=False)
    """The ``hand`` line."""
    dealer_at: Span | None = field(default=None, compare=False)
    calls_at: Span | None = field(default=None, compare=False)
    """The ``bid`` item, keyword to last call."""
    comments: Comments = ()
    after: Comments = ()

    def label(self, index: int) -> int:
        """The number hands are reported by: the written number, else ``index`` (its 1-based place)."""
        return self.number if self.number is not None else index


@dataclass(slots=True)
class GameRecord:
    """A game (a tag header and its hands), or one hand of a log: a hand under a
    ``[Mode "log"]`` header (which it carries) or a hand before any header."""

    tags: list[Tag] = field(default_factory=list)
    hands: list[HandRecord] = field(default_factory=list)
    trailing_comments: Comments = ()
    """Comments after the last item of the record."""
    at: Span | None = field(default=None, compare=False)
    source: Source | None = field(default=None, compare=False, repr=False)
    """The text the record was read from, for quoting it in diagnostics."""

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

    @property
    def mode(self) -> str:
        """'log' for a hand of a log (a ``[Mode "log"]`` header, or none), else 'game'."""
        if not self.tags:
            return "log"
        mode = (self.tag("Mode") or "game").strip().lower()
        return mode if mode in ("game", "log") else "game"
