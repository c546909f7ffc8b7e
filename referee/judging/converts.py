"""A record's calls and plays as the engine's actions, through tables kept for each game's
seats: a replay meets the same few dozen calls and few hundred plays again and again, so
each is converted once and then looked up (``follow.HandJudge`` hands whole runs of them
to ``Hand.call_run`` and ``Hand.play_run``)."""

from __future__ import annotations

from functools import cache, partial

from ..engine import actions
from ..notation.record import Play
from .labels import seat_labels

__all__ = ["EngineCalls", "EnginePlays", "engine_calls", "engine_plays", "new_bid", "new_call"]

new_bid = partial(tuple.__new__, actions.Bid)
new_call = partial(tuple.__new__, actions.Call)
"""A bid and a call from a tuple of their fields: C calls, with no Python-level ``__new__``."""


class EnginePlays(dict[Play, actions.Play]):
    """A record's play (seat label, tile) to the engine's (seat number, tile), for one
    game's seats, made when first met: a replay meets the same few hundred plays
    millions of times.  Plays with comments are converted but not kept (their text is
    the writer's, so they could grow the table without bound); a seat this game does
    not have, or none, raises ``KeyError``."""

    def __init__(self, seats: dict[str, int]) -> None:
        super().__init__()
        self.seats = seats

    def __missing__(self, play: Play) -> actions.Play:
        converted = actions.Play(self.seats[play.seat], play.tile)  # type: ignore[index]
        if not (play.comments or play.after):
            self[play] = converted
        return converted


class EngineCalls(dict[tuple[str | None, int | None, int | None, str | None], actions.Call]):
    """A record's call, as (seat label, amount, suit, contract), to the engine's ``Call``,
    for one game's seats, made when first met (a replay meets the same few dozen calls
    again and again).  At most ``LIMIT`` are kept: an amount is any number written, so
    the table could otherwise grow without bound.  A seat this game does not have raises
    ``KeyError``."""

    LIMIT = 1024

    def __init__(self, seats: dict[str, int]) -> None:
        super().__init__()
        self.seats = seats

    def __missing__(self, key: tuple[str | None, int | None, int | None, str | None]) -> actions.Call:
        label, amount, suit, contract = key
        seat = None if label is None else self.seats[label]
        converted = new_call((seat, None if amount is None else new_bid((amount, suit, contract))))
        if len(self) < self.LIMIT:
            self[key] = converted
        return converted


@cache
def engine_calls(seats: tuple[str, ...], names: tuple[str, ...]) -> EngineCalls:
    """The call conversion table of a game's seats (one per game)."""
    return EngineCalls(seat_labels(seats, names))


@cache
def engine_plays(seats: tuple[str, ...], names: tuple[str, ...]) -> EnginePlays:
    """The conversion table of a game's seats (one per game: a handful in all)."""
    return EnginePlays(seat_labels(seats, names))
