"""Where following a hand stops: lost (``Stop``), open on purpose (``Open``), or over before
the record is (``End``), and where a hand stands, as a table says it (``where``).

The judge raises these; the game's replay (``replay.py``) and a score sheet's hand
(``sheet.py``) decide what each means for the verdict and the running score.
"""

from __future__ import annotations

from ..engine.hand import Hand, Phase
from ..source import Span

__all__ = ["End", "Open", "Stop", "where"]


class Stop(Exception):
    """The hand cannot be followed further."""


class Open(Exception):
    """The hand stops open on purpose: the last hand of a record marked
    ``[Status "unfinished"]`` (a game still being played), which may stop anywhere."""

    def __init__(self, hand: Hand, at: Span | None) -> None:
        super().__init__(where(hand))
        self.where = where(hand)
        self.at = at


def where(hand: Hand) -> str:
    """Where ``hand`` stands, as a table says it: 'E to bid', 'A to take the widow',
    'W to name trump', 'trick 3, E to play', or 'over'.

    >>> from referee.engine.games import make_rules
    >>> h = Hand(make_rules("42"), dealer=3, deal=None)
    >>> where(h)
    'N to bid'
    """
    seats = hand.game.seats
    phase = hand.phase
    if hand.finished:
        return "over"
    if phase is Phase.AUCTION:
        return f"{seats[hand.turn]} to bid" if hand.turn is not None else "in the auction"
    if phase is Phase.EXCHANGE:
        return f"{seats[hand.declarer or 0]} to take the {hand.game.kitty or 'kitty'}"
    if phase is Phase.DECLARE:
        return f"{seats[hand.trump_caller or 0]} to name trump"
    who = f", {seats[hand.turn]} to play" if hand.turn is not None else ""
    return f"trick {len(hand.tricks) + 1}{who}"


class End(Exception):
    """The hand was already over: the rest of the record is extra."""
