"""What one seat may know at a decision: the ``view`` each ``request`` of ``referee-bot/1`` carries.

It mirrors the engine's view of one seat (``Hand.view(seat)``), so that the match fills it
field by field and a bot needs no rules engine: its own tiles, the widow or cat only if it
took them, everything public (calls, trump, plays, tricks, score), the suits each seat has
shown out of, and the legal answers. Another seat's unplayed tile never appears in it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["OUT", "CalledBid", "Played", "RequestKind", "Seat", "TrickDone", "View"]

RequestKind = Literal["call", "exchange", "trump", "play"]
"""The decisions a seat is asked for: a bid or pass, the exchange with the widow or cat, the trump
(or contract) declared, a tile to play."""


def _all_present(schema: dict[str, Any]) -> None:
    """The referee writes every field of its messages, those with a default too: the schema says so."""
    schema["required"] = list(schema.get("properties", {}))


OUT = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True, json_schema_extra=_all_present)
"""The configuration of every message the referee writes."""

Seat = Annotated[str, Field(min_length=1, max_length=1)]


class Played(BaseModel):
    """A tile a seat played."""

    model_config = OUT

    seat: Seat
    tile: str
    """The tile as the notation writes it, high end first: ``6-4``."""


class CalledBid(BaseModel):
    """A call of the auction: a bid or a pass."""

    model_config = OUT

    seat: Seat
    call: str
    """As the notation writes it after the seat: ``30``, ``pass``, ``84 splash``, ``64 fives``."""


class TrickDone(BaseModel):
    """A finished trick."""

    model_config = OUT

    number: int = Field(ge=1)
    """1-based number of the trick in the hand."""
    plays: list[Played]
    """The tiles in the order they were played; the first is the lead."""
    winner: Seat
    points: int
    """What the trick is worth (its counters plus the trick point; 1 in Moon, where tricks are counted)."""


class View(BaseModel):
    """Everything one seat may know at a decision, and nothing more.

    It is filled from the engine's view of one seat (``Hand.view(seat)``): another seat's
    unplayed tiles never appear in it, nor the widow or cat unless this seat took them.
    """

    model_config = OUT

    seat: Seat
    """The seat this view belongs to."""
    hand: int = Field(ge=1)
    """1-based number of the hand in the game."""
    phase: RequestKind
    """What the hand waits for: ``call`` (the auction), ``exchange``, ``trump`` or ``play``."""
    dealer: Seat
    turn: Seat
    """The seat whose decision is awaited: at a request, this seat."""
    tiles: list[str]
    """This seat's unplayed tiles, high first."""
    kitty: list[str] | None
    """The widow (Moon) or cat (Texas 88) as this seat saw it when it took it; null for every other
    seat, and before the exchange."""
    laid_away: list[str] | None
    """The tiles this seat laid away in the exchange; null for every other seat."""
    exchanged: int | None
    """How many tiles the declarer exchanged with the widow or cat (public); null before the exchange,
    and in 42."""
    calls: list[CalledBid]
    """The auction so far, in order."""
    bid: CalledBid | None
    """The high bid so far (after the auction: the contract); null while every call was a pass."""
    declarer: Seat | None
    """The seat that won the auction; null during the auction."""
    contract: str | None
    """The special contract bid or declared: ``plunge``, ``splash``, ``nello``, ``sevens``; null for a
    plain bid."""
    trump: str | None
    """The declaration, as the notation writes it: ``sixes``, ``doubles``, ``follow-me``, ``nello low``,
    ``sevens``; null until it is declared."""
    trump_by: Seat | None
    """The seat that named the trump when it is not the declarer (the partner after a plunge or splash)."""
    out: list[Seat]
    """Seats that sit this hand out (a nello declarer's partner)."""
    trick: list[Played]
    """The trick in progress, lead first; empty before its lead."""
    tricks: list[TrickDone]
    """The finished tricks of this hand."""
    points: dict[str, int]
    """By side: the points each side has taken in this hand so far (in Moon, where tricks are counted,
    its tricks)."""
    tricks_won: dict[str, int]
    """By side: the tricks each side has taken in this hand so far."""
    tiles_left: dict[str, int]
    """By seat: how many tiles each seat still holds."""
    score: dict[str, int]
    """By side: the game score before this hand (marks or points)."""
    void: dict[str, list[str]]
    """By seat: the suits each seat has shown out of (failed to follow) in this hand, in the notation's
    words (``sixes``, ``doubles``, ``trumps``); a seat that has shown out of none is left out."""
    legal: list[str]
    """Every answer this seat may give now (the same list as the request's ``legal``)."""
