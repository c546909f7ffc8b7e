"""What the plays show the table: the suits each seat has shown out of, the tiles a seat
may still hold, and a renege that a later play reveals.

A seat that does not follow the suit led has none of it (it is void in that suit),
unless it reneged: then a later play of that suit gives the renege away.  This is all
a live referee knows when the deal is not known (a ``Hand`` built with ``deal=None``),
and all a player may infer of the others' tiles.  Suits are those of the hand's trump
table: 0-6, and ``DOUBLES`` (7) when doubles are a suit.  Under sevens every tile
follows, so nobody shows out.
"""

from __future__ import annotations

from .. import codes
from .declarations import DOUBLES, NUMBER_NAMES, TrumpTable
from .refusal import Refusal
from .state import HandState
from .tiles import Tile

__all__ = ["candidates", "revealed_renege", "revealed_reneges", "shown_out", "suit_name", "voids"]


def suit_name(table: TrumpTable, suit: int) -> str:
    """A suit as players say it under ``table``: 'sixes', or 'trumps' for the trump suit."""
    return NUMBER_NAMES[suit] if suit != table.trump or suit == DOUBLES else "trumps"


def _plays(h: HandState) -> list[tuple[tuple[int, Tile], ...]]:
    """The plays of each trick so far, the trick in play last."""
    return [*(tr.plays for tr in h.tricks), tuple(h.trick)]


def shown_out(h: HandState) -> list[dict[int, int]]:
    """For each seat, the suits it has shown out of, each with the trick (1-based) where
    it first did."""
    out: list[dict[int, int]] = [{} for _ in h.game.seats]
    table = h.table
    if table is None or table.forced:
        return out
    calls, follows = table.calls, table.follows
    for number, plays in enumerate(_plays(h), 1):
        if plays:
            led = calls[plays[0][1]]
            for seat, t in plays[1:]:
                if not follows[t] >> led & 1:
                    out[seat].setdefault(led, number)
    return out


def voids(h: HandState, seat: int) -> frozenset[int]:
    """The suits ``seat`` has shown out of."""
    return frozenset(shown_out(h)[seat])


def candidates(h: HandState, seat: int) -> list[Tile]:
    """The tiles ``seat`` may hold, as far as the plays tell: every tile of the set not yet
    played, less those of a suit the seat has shown out of (high first).

    Not exact: the seat need not hold them all, and a renege makes a void untrue.
    """
    left = list(h.game.copies)
    for plays in _plays(h):
        for _, t in plays:
            left[t] -= 1
    table = h.table
    shown = sum(1 << suit for suit in shown_out(h)[seat]) if table is not None else 0
    tiles = sorted(set(h.game.tiles), reverse=True)
    if not shown:
        return [t for t in tiles if left[t] > 0]
    assert table is not None
    follows = table.follows
    return [t for t in tiles if left[t] > 0 and not follows[t] & shown]


def revealed_renege(h: HandState, seat: int, t: Tile) -> Refusal | None:
    """Whether ``seat`` playing ``t`` now gives away a renege: in an earlier trick it did
    not follow a suit that ``t`` belongs to, so it held ``t`` then.  The refusal (E404)
    names that trick in ``trick``.

    The play itself may be legal: this is for a referee who cannot see the tiles, to
    flag the renege when it comes to light (and record it with ``actions.Renege``).
    """
    table = h.table
    if table is None or table.forced:
        return None
    follows = table.follows
    for suit, number in sorted(shown_out(h)[seat].items(), key=lambda item: item[1]):
        if follows[t] >> suit & 1:
            who = h.seat(seat)
            return Refusal(
                codes.E404,
                f"{who} reneged in trick {number}: {suit_name(table, suit)} were led and {who} did not follow, yet held {t}",
                f"{who} plays {t} now, so had to follow with it then",
                seat=seat,
                tile=t,
                trick=number,
            )
    return None


def revealed_reneges(h: HandState) -> list[tuple[int, int]]:
    """(seat, trick) of each renege the plays so far give away, in the order they came to light."""
    table = h.table
    if table is None or table.forced:
        return []
    calls, follows = table.calls, table.follows
    shown: list[dict[int, int]] = [{} for _ in h.game.seats]
    found: list[tuple[int, int]] = []
    for number, plays in enumerate(_plays(h), 1):
        if not plays:
            continue
        led = calls[plays[0][1]]
        for k, (seat, t) in enumerate(plays):
            for suit, earlier in shown[seat].items():
                if follows[t] >> suit & 1 and (seat, earlier) not in found:
                    found.append((seat, earlier))
            if k and not follows[t] >> led & 1:
                shown[seat].setdefault(led, number)
    return found
