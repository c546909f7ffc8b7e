"""Turn order in a hand: who plays after whom, who sits out, and how many play to a trick.

``TurnOrder`` is the only writer of that order.  A contract that sits the declarer's
partner out (nello) takes the seat out for the hand; a play out of turn that the
table accepts diverts the order until its trick closes, and then it is clockwise
again.  The seating helpers (``seat_order``, ``partner_seat``) serve the solver too.
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
    """The order of play of one hand.

    ``next[seat]`` is the seat that plays after ``seat``, ``size`` the tiles in a
    trick, ``out`` the seats that sit the hand out.  They change only through the
    methods here: ``sit_out`` (for the hand), ``divert`` and ``restore`` (for one
    trick).

    >>> from referee.engine.games import GAMES
    >>> order = TurnOrder(GAMES["42"])
    >>> order.next, order.size
    ((1, 2, 3, 0), 4)
    >>> order.sit_out(2); order.next, order.size, order.sits_out(2)
    ((1, 3, 3, 0), 3, True)
    >>> order.divert(3, played=[0]); order.next, order.diverted   # N led; the table lets W play before E
    ((1, 3, 3, 1), True)
    >>> order.restore(); order.next, order.diverted                # the trick closed: clockwise again
    ((1, 3, 3, 0), False)
    """

    __slots__ = ("_clockwise", "_saved", "diverted", "next", "out", "size")

    def __init__(self, game: Game) -> None:
        self._clockwise = game.next_seat
        self.next: tuple[int, ...] = game.next_seat
        """The seat that plays after each seat."""
        self.out: tuple[int, ...] = ()
        """The seats that sit this hand out (nello's partner)."""
        self.size = game.players
        """Tiles in a trick: every player, less those who sit out."""
        self.diverted = False
        """A play out of turn was accepted in the trick in play (``restore`` when it closes)."""
        self._saved = game.next_seat

    def sits_out(self, seat: int) -> bool:
        return seat in self.out

    def sit_out(self, seat: int) -> None:
        """``seat`` plays no tile this hand: turns skip it and tricks are one tile smaller."""
        players = len(self._clockwise)
        self.out = (seat,)
        self.next = seat_order(players, self.out)
        self.size = players - 1

    def divert(self, seat: int, played: Collection[int]) -> None:
        """The table accepts a play out of turn by ``seat`` in a trick that ``played`` have
        played to: the seats still to play follow ``seat`` clockwise until the trick
        closes.  Accepted at the lead (nobody has played), the order is unchanged."""
        if not played:
            return
        done = {*played, seat}
        order = [s for s in self._others_from(seat) if s not in done][: self.size - len(played) - 1]
        nxt = list(self.next)
        for x, y in zip([seat, *order], order, strict=False):
            nxt[x] = y
        if not self.diverted:
            self._saved = self.next
            self.diverted = True
        self.next = tuple(nxt)

    def restore(self) -> None:
        """The order as it was before ``divert`` (its trick has closed)."""
        self.next, self.diverted = self._saved, False

    def _others_from(self, seat: int) -> list[int]:
        """The other seats that play this hand, clockwise from ``seat``."""
        step = self._clockwise
        out = []
        s = step[seat]
        while s != seat:
            if s not in self.out:
                out.append(s)
            s = step[s]
        return out


def out_of_turn(game: Game, turn: int | None, seat: int, code: Code, verb: str) -> Refusal:
    """The refusal of a call or play by ``seat`` when it is ``turn``'s turn."""
    whose = f"{game.seats[turn]}'s turn" if turn is not None else "nobody's turn"
    return Refusal(code, f"{game.seats[seat]} {verb} out of turn: it is {whose}", seat=seat)
