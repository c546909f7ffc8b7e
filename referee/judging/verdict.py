"""What the referee derives from a record by replay, reported beside the record.

Plain slotted classes: one is made per hand judged.  Their JSON shape (and its
schema) is built at the edge, in ``referee.interchange``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..diagnostics import Diagnostic
from ..engine.games import DEFAULT_GAME, GAMES
from ..engine.profiles import Game

__all__ = ["GameVerdict", "HandVerdict", "TrickVerdict", "game_of"]


@dataclass(slots=True)
class TrickVerdict:
    """One trick as the rules judge it."""

    leader: str
    seats: list[str]
    """The seat of each play, in play order."""
    tiles: list[str]
    winner: str
    points: int


@dataclass(slots=True)
class HandVerdict:
    """One hand replayed: the auction's outcome, every trick, the score."""

    number: int
    """The hand's number as written (``hand 2``), else its place in its record (1-based)."""
    index: int = 0
    """The hand's place in its record (1-based)."""
    dealer: str | None = None
    declarer: str | None = None
    call_seats: list[str] = field(default_factory=list)
    """The seat of each call the auction accepted, in order."""
    bid: int | None = None
    bid_suit: int | None = None
    trump: str | None = None
    tricks: list[TrickVerdict] = field(default_factory=list)
    claim: str | None = None
    points: dict[str, int] = field(default_factory=dict)
    """Points each side took (tricks where counters do not score)."""
    tricks_won: dict[str, int] = field(default_factory=dict)
    made: bool | None = None
    awards: dict[str, int] = field(default_factory=dict)
    score: dict[str, int] | None = None
    """Running score after this hand; None once an earlier hand could not be followed."""
    thrown_in: bool = False
    penalty: str | None = None
    """The side that lost the hand by a renege ruled at the table (``renege=lose-hand``), or by a
    ``forfeit`` in a match played under the referee."""
    followed: bool = True
    """False when an error stopped the replay of this hand part way."""
    detail: Literal["plays", "hands"] = "plays"
    """plays: replayed play by play; hands: a score sheet's hand (``[Detail "hands"]``) with no
    play written, judged from its auction, result and award (``points`` are known only when
    the sheet pins them down, ``tricks`` are empty)."""


@dataclass(slots=True)
class GameVerdict:
    """A game (or a logged hand) judged: per-hand results, the score, the winner."""

    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    target: int | None = None
    target_unit: str | None = None
    mode: str = "game"
    hands: list[HandVerdict] = field(default_factory=list)
    score: dict[str, int] | None = None
    winner: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(not d.is_error for d in self.diagnostics)


def game_of(verdict: GameVerdict | None) -> Game:
    """The game a verdict was judged under (a house-rule profile's verdict names its base
    game: ``Rules.name``); the default game when there is no verdict or it names none.

    >>> game_of(GameVerdict(rules="moon")).title, game_of(None).name
    ('Moon', '42')
    """
    return GAMES.get(((verdict.rules if verdict else None) or DEFAULT_GAME).lower(), GAMES[DEFAULT_GAME])
