"""Turn order in a hand: who plays after whom, who sits out, and how many play to a trick.

``TurnOrder`` works that order out: a contract that sits the declarer's partner out
(nello) takes the seat out for the hand; a play out of turn that the table accepts
diverts the order until its trick closes, and then it is as it was.  An order is a
value: a change is a new order, which the hand takes in place of the old.  The seating helpers (``seat_order``, ``partner_seat``) serve the solver too.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from .refusal import Refusal

if TYPE_CHECKING:
    from ..codes import Code
    from .profiles import Game

__all__ = ["TurnOrder", "out_of_turn", "partner_seat", "seat_order"]


def seat_order(players: int, out: Sequence[int] = ()) -> tuple[int, ...]:
    """The next seat clockwise from each seat, skipping the seats in ``out`` (a partner who sits out).

    >>> seat_order(4), seat_order(4, (2,))
    ((1, 2, 3, 0), (1, 3, 3, 0))
    """
    order = []
    for s in range(players):
        n = (s + 1) % players
        while n in out and n != s:
            n = (n + 1) % players
        order.append(n)
    return tuple(order)


def partner_seat(game: Game, seat: int) -> int | None:
    """The first other seat clockwise of ``seat``'s side (None when each plays alone)."""
    teams = game.teams
    n = game.players
    for step in range(1, n):
        other = (seat + step) % n
        if teams[other] == teams[seat]:
            return other
    return None


class TurnOrder:
    """The order of play of a hand: a value, never changed in place.

    ``next[seat]`` is the seat that plays after ``seat``, ``size`` the tiles in a
    trick, ``out`` the seats that sit the hand out.  A hand starts clockwise
    (``clockwise``) and takes the order each change gives: ``without`` a seat for
    the hand, ``divert`` for one trick; ``after_trick`` is the order to go back to
    when that trick closes (None: this one goes on).

    >>> order = TurnOrder.clockwise(4)
    >>> order.next, order.size
    ((1, 2, 3, 0), 4)
    >>> order = order.without(2); order.next, order.size, order.sits_out(2)
    ((1, 3, 3, 0), 3, True)
    >>> diverted = order.divert(3, played=[0]); diverted.next   # N led; the table lets W play before E
    (1, 3, 3, 1)
    >>> diverted.after_trick is order, order.after_trick        # the trick closed: as before
    (True, None)
    """

    __slots__ = ("after_trick", "next", "out", "size")

    def __init__(self, next_seat: tuple[int, ...], out: tuple[int, ...] = (), after_trick: TurnOrder | None = None) -> None:
        self.next = next_seat
        """The seat that plays after each seat."""
        self.out = out
        """The seats that sit this hand out (nello's partner)."""
        self.size = len(next_seat) - len(out)
        """Tiles in a trick: every player, less those who sit out."""
        self.after_trick = after_trick
        """The order when the trick in play closes, after an accepted play out of turn."""

    @staticmethod
    def clockwise(players: int) -> TurnOrder:
        """Every seat in turn, clockwise (one shared value for each number of players)."""
        order = _CLOCKWISE.get(players)
        if order is None:
            order = _CLOCKWISE[players] = TurnOrder(seat_order(players))
        return order

    def sits_out(self, seat: int) -> bool:
        return seat in self.out

    def without(self, seat: int) -> TurnOrder:
        """The order with ``seat`` sitting the hand out: turns skip it, tricks are a tile smaller."""
        out = (*self.out, seat)
        return TurnOrder(seat_order(len(self.next), out), out)

    def divert(self, seat: int, played: Collection[int]) -> TurnOrder:
        """The order when the table accepts a play out of turn by ``seat`` in a trick that
        ``played`` have played to: the seats still to play follow ``seat`` clockwise
        until the trick closes.  Accepted at the lead (nobody has played), the order
        is unchanged."""
        if not played:
            return self
        done = {*played, seat}
        order = [s for s in self._others_from(seat) if s not in done][: self.size - len(played) - 1]
        nxt = list(self.next)
        for x, y in zip([seat, *order], order, strict=False):
            nxt[x] = y
        return TurnOrder(tuple(nxt), self.out, self.after_trick or self)

    def _others_from(self, seat: int) -> list[int]:
        """The other seats that play this hand, clockwise from ``seat``."""
        players = len(self.next)
        return [s for s in ((seat + k) % players for k in range(1, players)) if s not in self.out]


_CLOCKWISE: dict[int, TurnOrder] = {}


def out_of_turn(game: Game, turn: int | None, seat: int, code: Code, verb: str) -> Refusal:
    """The refusal of a call or play by ``seat`` when it is ``turn``'s turn."""
    whose = f"{game.seats[turn]}'s turn" if turn is not None else "nobody's turn"
    return Refusal(code, f"{game.seats[seat]} {verb} out of turn: it is {whose}", seat=seat)
