"""What a hand diagram shows, as plain frozen data.

The SVG drawing (``referee.report.svg``) and the HTML page (``referee.report.html``)
read only these classes, never the record, verdict or engine models: those are
being reshaped, and ``referee.report.adapter`` is the one place that turns them
into a ``Diagram``.  Keeping the picture's vocabulary here, small and frozen, lets
the drawing code and its snapshots stay put while the models move.

Tiles are ``(hi, lo)`` pairs with ``hi >= lo``; seats are their labels (``"N"``,
``"A"``); sides are team labels (``"NS"``, ``"ACE"``, or a seat in Moon).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Call",
    "Claim",
    "Contract",
    "Diagram",
    "Flag",
    "Item",
    "Kitty",
    "Note",
    "PlayView",
    "Position",
    "RecordView",
    "ScoreRow",
    "SeatView",
    "TilePair",
    "TrickView",
    "played_when",
    "tile_label",
]

Severity = Literal["error", "warning", "note"]
Item = Literal["auction", "exchange", "trump", "play", "claim", "result", "deal", "hand"]
"""The part of a hand a diagnostic concerns, for placing it on a page."""

TilePair = tuple[int, int]
"""A domino as its two ends, high end first: ``(6, 4)``."""


def tile_label(tile: TilePair) -> str:
    """``6-4``: how the notation writes a tile.

    >>> tile_label((6, 4))
    '6-4'
    """
    return f"{tile[0]}-{tile[1]}"


def played_when(tricks: Iterable[TrickView], seat: str, tiles: Sequence[TilePair]) -> tuple[int | None, ...]:
    """For each of ``seat``'s ``tiles``, the trick it was played in (None: not played).
    A tile held twice (Texas 88) takes its plays in order.

    >>> t = TrickView(1, "N", (PlayView("N", (6, 4)),))
    >>> played_when([t], "N", [(6, 6), (6, 4)])
    (None, 1)
    """
    when: dict[TilePair, list[int]] = {}
    for t in tricks:
        for p in t.plays:
            if p.seat == seat:
                when.setdefault(p.tile, []).append(t.number)
    out: list[int | None] = []
    for tile in tiles:
        left = when.get(tile, [])
        out.append(left.pop(0) if left else None)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Flag:
    """A rule the referee found broken by one play (E401-E404, E410, E411)."""

    code: str
    message: str
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """A diagnostic of the hand, with where it was found (``line:column`` in the record)."""

    code: str
    severity: Severity
    message: str
    where: str | None = None
    """``12:9``: the line and column in the record, when the diagnostic has a place."""
    hint: str | None = None
    trick: int | None = None
    """The trick of the play it concerns, so a page can list it beside that trick."""
    item: Item = "hand"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat at the table, and what it holds at the moment shown."""

    label: str
    side: str
    name: str | None = None
    tiles: tuple[TilePair, ...] = ()
    legal: tuple[TilePair, ...] = ()
    """Of ``tiles``, those the rules let the seat play at the moment shown (empty: not marked)."""
    played_in: tuple[int | None, ...] = ()
    """Beside ``tiles`` in the full view: the trick each tile was played in (None: never)."""
    dealer: bool = False
    declarer: bool = False
    sits_out: bool = False
    """Nello: the declarer's partner plays no tile this hand."""
    to_play: bool = False
    """Whose turn it is at the moment shown."""
    flagged: tuple[tuple[TilePair, str], ...] = ()
    """Tiles of ``tiles`` this seat played illegally, with the code (the full view)."""


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction: ``text`` is ``pass``, ``30``, ``64 treys``, ``168 plunge``."""

    seat: str
    text: str
    winning: bool = False


@dataclass(frozen=True, slots=True)
class Kitty:
    """Moon's widow or Texas 88's cat, and the declarer's exchange with it."""

    name: str
    tiles: tuple[TilePair, ...]
    taken: tuple[TilePair, ...] = ()
    given: tuple[TilePair, ...] = ()
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Contract:
    """Who won the auction, for how much, and what is trump."""

    declarer: str
    side: str
    bid: str
    trump: str | None = None
    trump_by: str | None = None
    """The seat that named trump when it is not the declarer (a plunge's partner)."""


@dataclass(frozen=True, slots=True)
class PlayView:
    seat: str
    tile: TilePair
    flag: Flag | None = None
    legal: tuple[TilePair, ...] = ()
    """What the seat could have played at that moment (empty: not known)."""


@dataclass(frozen=True, slots=True)
class TrickView:
    """One trick: its plays in order, who led, and (once complete) who won and its points."""

    number: int
    leader: str
    plays: tuple[PlayView, ...]
    winner: str | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """``claim`` (the declarers take every trick left) or ``concede`` (the declarers give them up)."""

    kind: Literal["claim", "concede"]
    side: str
    after_trick: int

    @property
    def when(self) -> str:
        """``after trick 3``, or ``before the lead`` for a claim made before any trick."""
        return f"after trick {self.after_trick}" if self.after_trick else "before the lead"


@dataclass(frozen=True, slots=True)
class Position:
    """The moment a diagram shows, when it is not the whole hand.

    ``before_trick`` K: the tiles each seat held as trick K began; ``current`` holds
    trick K's plays as they went, when it was played.  ``kind`` says how the moment was
    asked for: a trick number, the claim, or the last trick played.
    """

    kind: Literal["trick", "claim", "last"]
    before_trick: int
    points: tuple[tuple[str, int], ...] = ()
    """Points (tricks in Moon) each side had taken at that moment."""
    current: TrickView | None = None


@dataclass(frozen=True, slots=True)
class Diagram:
    """Everything one hand diagram shows."""

    game: str
    """The game's key: ``42``, ``moon`` or ``88`` (the layout around the table follows it)."""
    title: str
    """``Texas 42``, ``Moon``, ``Texas 88``."""
    hand: int
    """The hand's place in its record (1-based): links and lookups go by it."""
    seats: tuple[SeatView, ...]
    """In table order, clockwise from the first seat (N, or A)."""
    sides: tuple[str, ...]
    hand_size: int
    """Tiles a player is dealt: the seat panels are as wide as a full hand."""
    kitty: Kitty | None = None
    calls: tuple[Call, ...] = ()
    contract: Contract | None = None
    tricks: tuple[TrickView, ...] = ()
    """Tricks played (in a position: those before it)."""
    claim: Claim | None = None
    position: Position | None = None
    result: str | None = None
    """``EW 36 made · award EW 1 · score NS 1 EW 2`` (None: the hand has none)."""
    notes: tuple[Note, ...] = ()
    deal_written: bool = True
    sheet: bool = False
    """A score sheet's hand, written without its plays (``[Detail "hands"]``): it has a
    result line and no table to draw."""
    """False when the record left out the deal and the hands were rebuilt from the plays."""
    record: str | None = None
    """Which file and record the hand comes from, for the title."""
    label: int | None = None
    """The hand's number as written (``hand 12``), which headings show; None: ``hand``."""

    @property
    def caption(self) -> str:
        """A one-line title: game, hand, and the moment shown."""
        text = f"{self.title} · hand {self.label or self.hand}"
        p = self.position
        if p is not None:
            text += {"claim": " · at the claim", "last": f" · last trick ({p.before_trick})"}.get(
                p.kind, f" · before trick {p.before_trick}"
            )
        return text

    def seat(self, label: str) -> SeatView:
        return next(s for s in self.seats if s.label == label)


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One line of a score sheet: a hand's contract and what it scored."""

    hand: int
    dealer: str
    bid: str
    trump: str
    points: str
    result: str
    """``made``, ``set``, ``thrown in`` or ``not followed``."""
    award: str
    score: str
    errors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RecordView:
    """One record of a file (a game, or one hand of a log) as a report page shows it."""

    file: str
    index: int
    title: str
    tags: tuple[tuple[str, str], ...]
    mode: str
    """``game`` (a running score and a winner) or ``log`` (independent hands)."""
    rows: tuple[ScoreRow, ...] = ()
    winner: str | None = None
    final: str | None = None
    """The final score, ``NS 7 EW 2``."""
    target: str | None = None
    hands: tuple[Diagram, ...] = ()
    notes: tuple[Note, ...] = ()
    """Diagnostics of the record as a whole (its tags, a broken record), not of one hand."""
