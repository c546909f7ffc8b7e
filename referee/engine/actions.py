"""The actions of a hand, as small immutable values (after PokerKit's operations).

The judge builds them from a record and hands them to ``Hand.check`` and
``Hand.apply``; the hand logs every action it applies, with its seat resolved,
in ``Hand.log``.  Seats are indexes into the game's seats; ``None`` means "whose
turn it is".
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
from typing import NamedTuple

from .declarations import NUMBER_NAMES, Declaration
from .tiles import Tile

__all__ = ["Accept", "Action", "Bid", "Call", "Claim", "Declare", "Exchange", "Forfeit", "Play", "Renege"]


class Bid(NamedTuple):
    """A bid: an amount in the game's unit, in Texas 88 the trump suit, and a
    contract named with the bid (42's 'plunge' or 'splash').  (``engine.auction``,
    which holds the bidding rules, hands it on too.)"""

    amount: int
    suit: int | None = None
    contract: str | None = None

    def __str__(self) -> str:
        words = [str(self.amount)]
        if self.suit is not None:
            words.append(NUMBER_NAMES[self.suit])
        if self.contract is not None:
            words.append(self.contract)
        return " ".join(words)


class Call(NamedTuple):
    """A call of the auction: a bid, or a pass (``bid`` None)."""

    seat: int | None
    bid: Bid | None


class Exchange(NamedTuple):
    """The declarer takes ``take`` from the widow or cat and puts back ``give``."""

    take: tuple[Tile, ...]
    give: tuple[Tile, ...]


class Declare(NamedTuple):
    """Trump is named (``by``: who named it; None: whoever names trump)."""

    declaration: Declaration
    by: int | None = None


class Play(NamedTuple):
    """A tile played to the trick."""

    seat: int | None
    tile: Tile


class Claim(NamedTuple):
    """``side`` 'declarers' claims the remaining tricks; 'opponents' is a concession."""

    side: str


class Accept(NamedTuple):
    """The table lets ``seat`` play out of turn: the turn passes to it, and the seats still
    to play to the trick follow it clockwise."""

    seat: int


class Renege(NamedTuple):
    """A renege by ``seat`` in trick ``trick`` (1-based), called at the table and ruled as
    the ``renege`` option says."""

    seat: int
    trick: int


class Forfeit(NamedTuple):
    """``seat``'s side loses the hand by a fault in a match played under the referee (an answer
    too late, an illegal one, a line that is not the protocol's, a crash, a stall): the hand ends
    where it stands and is scored as the scoring rule scores a hand lost by a renege, whatever
    the ``renege`` option says."""

    seat: int


Action = Call | Exchange | Declare | Play | Claim | Accept | Renege | Forfeit
