"""What the referee derives from a record by replay, reported beside the record."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..diagnostics import Diagnostic
from ..trusted import construct

__all__ = ["GameVerdict", "HandVerdict", "TrickVerdict", "trick_verdict"]


class TrickVerdict(BaseModel):
    """One trick as the rules judge it."""

    leader: str
    seats: list[str]
    """The seat of each play, in play order."""
    tiles: list[str]
    winner: str
    points: int


class HandVerdict(BaseModel):
    """One hand replayed: the auction's outcome, every trick, the score."""

    number: int
    """1-based position of the hand in its game."""
    dealer: str | None = None
    declarer: str | None = None
    call_seats: list[str] = Field(default_factory=list)
    """The seat of each call the auction accepted, in order."""
    bid: int | None = None
    bid_suit: int | None = None
    trump: str | None = None
    tricks: list[TrickVerdict] = Field(default_factory=list)
    claim: str | None = None
    points: dict[str, int] = Field(default_factory=dict)
    """Points each side took (tricks in Moon)."""
    tricks_won: dict[str, int] = Field(default_factory=dict)
    made: bool | None = None
    awards: dict[str, int] = Field(default_factory=dict)
    score: dict[str, int] | None = None
    """Running score after this hand; None once an earlier hand could not be followed."""
    thrown_in: bool = False
    followed: bool = True
    """False when an error stopped the replay of this hand part way."""


class GameVerdict(BaseModel):
    """A game (or a logged hand) judged: per-hand results, the score, the winner."""

    rules: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    target: int | None = None
    target_unit: str | None = None
    mode: str = "game"
    hands: list[HandVerdict] = Field(default_factory=list)
    score: dict[str, int] | None = None
    winner: str | None = None
    diagnostics: list[Diagnostic] = Field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(not d.is_error for d in self.diagnostics)


_TRICK_FIELDS = ("leader", "seats", "tiles", "winner", "points")
assert tuple(TrickVerdict.model_fields) == _TRICK_FIELDS and all(f.is_required() for f in TrickVerdict.model_fields.values())


def trick_verdict(leader: str, seats: list[str], tiles: list[str], winner: str, points: int) -> TrickVerdict:
    """``trusted(TrickVerdict, ...)`` for the seven or nine tricks of every hand, without
    the keyword packing and defaults (a trick sets every field)."""
    return construct(
        TrickVerdict, {"leader": leader, "seats": seats, "tiles": tiles, "winner": winner, "points": points}, set(_TRICK_FIELDS)
    )
