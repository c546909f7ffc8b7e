"""What the readers and writers of the other programs' formats share: their errors
and notes as diagnostics, the seat maps, and the tags a converted record carries.

Every reader yields ``(index, record, problems)`` per record, as ``interchange.jsonread``
does for the referee's own JSON, so ``convert`` judges them the same way.  A reader
never raises on bad input: a ``PeerError`` names the place and becomes an ``S017``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ... import codes
from ...diagnostics import Diagnostic
from ...engine.games import GAMES
from ...notation.record import GameRecord, Tag
from ...source import Position

__all__ = [
    "PEER_GAME",
    "SOUTH_FIRST",
    "PeerError",
    "PeerRead",
    "Refusal",
    "error_diagnostic",
    "note_diagnostic",
    "plays_peer_game",
    "tag_value",
]

PEER_GAME = next(g for g in GAMES.values() if g.seats == ("N", "E", "S", "W")).name
"""The game every one of these programs plays: four players in two partnerships."""

PeerRead = tuple[int, GameRecord | None, list[Diagnostic]]
"""What a reader yields per record: its 1-based index, the record (None when it could
not be read) and the problems and notes found on the way."""

SOUTH_FIRST = ("S", "W", "N", "E")
"""The referee's seat of players 0-3 in mk5, LukeConran and the Taylor-Incorvia
scorekeeper: player 0 sits at the bottom of the screen (South) and play goes clockwise,
so 1 is West, 2 North, 3 East; partners are two apart."""


@dataclass
class PeerError(Exception):
    """Input that cannot be decoded, with its place: a line and column of the input, or a
    path inside a JSON document (``where``)."""

    message: str
    line: int | None = None
    column: int | None = None
    where: str | None = None
    hint: str | None = None
    line_text: str | None = None
    width: int = 1

    def __str__(self) -> str:
        return self.message


def error_diagnostic(e: PeerError, file: str, index: int | None = None) -> Diagnostic:
    """The ``S017`` diagnostic of a decoding error."""
    message = e.message if e.where is None else f"{e.where}: {e.message}"
    at = None
    if e.line is not None:
        column = e.column or 1
        at = Position(e.line, column, e.line, column + max(e.width, 1))
    return Diagnostic(codes.S017, message, hint=e.hint, file=file, game=index, at=at, line_text=e.line_text)


def note_diagnostic(message: str, file: str, index: int | None = None, line: int | None = None) -> Diagnostic:
    """A ``W107`` note: what a reader inferred that its source did not state."""
    at = Position(line, 1, line, 2) if line is not None else None
    return Diagnostic(codes.W107, message, file=file, game=index, at=at)


@dataclass(frozen=True)
class Refusal:
    """Why a writer cannot put a record in its format (an ``S018``)."""

    reasons: tuple[str, ...]

    def diagnostic(self, file: str, index: int, target: str) -> Diagnostic:
        what = "; ".join(self.reasons)
        return Diagnostic(codes.S018, f"this record is not written as {target}: {what}", file=file, game=index)


def plays_peer_game(record: GameRecord) -> bool:
    """Whether ``record`` names the game the other programs play (or no game, which reads as it)."""
    return (record.tag("Rules") or PEER_GAME).strip() == PEER_GAME


def tag_value(tags: Sequence[Tag], name: str) -> str | None:
    """The value of the last tag called ``name`` (case-insensitive)."""
    low = name.lower()
    for t in reversed(tags):
        if t.name.lower() == low:
            return t.value
    return None
