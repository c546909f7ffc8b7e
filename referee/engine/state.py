"""The state of one hand and the values it reports: its phase, finished tricks and result.

``HandState`` is the data of a hand.  The rules of each part of it live in their own
modules (``auction``, ``trump``, ``trick``, ``scoring``, ``irregular``), which read and
change these fields; ``Hand`` (``engine/hand.py``) puts the ``check``/``can``/``apply``
seam and the views on them.  The order of play is a ``TurnOrder`` value, worked out by
its own methods.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .actions import Action, Bid
from .declarations import Declaration, TrumpTable
from .profiles import Rules
from .tiles import Tile
from .turns import TurnOrder

__all__ = ["AUCTION", "DECLARE", "DONE", "EXCHANGE", "PLAY", "THROWN_IN", "HandResult", "HandState", "Phase", "Trick"]


class Phase(StrEnum):
    AUCTION = "auction"
    EXCHANGE = "exchange"
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"
    THROWN_IN = "thrown-in"


# A member looked up through the enum class costs a lookup in the class's members
# each time (about 0.3 us in Python 3.11, as much as a whole check of a bid); the rules
# compare phases on every action, so they use these module constants.
AUCTION = Phase.AUCTION
EXCHANGE = Phase.EXCHANGE
DECLARE = Phase.DECLARE
PLAY = Phase.PLAY
DONE = Phase.DONE
THROWN_IN = Phase.THROWN_IN


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, who won it, its points.

    A named tuple, not a frozen dataclass: one is made for every trick replayed.
    """

    leader: int
    plays: tuple[tuple[int, Tile], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand scored. Teams are indexes into ``Game.team_labels``."""

    declarer: int | None
    bid: Bid | None
    declaring_team: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    made: bool | None
    awards: tuple[int, ...]
    """Marks (or points) each team scores for the hand."""
    thrown_in: bool = False


class HandState:
    """A hand from the deal to the last trick, as data.

    ``deal`` is each seat's tiles in seat order.  ``deal_known`` is False when the
    record omitted the deal and the tiles were rebuilt from the plays.  A ``deal`` of
    None is a hand whose tiles nobody knows (the live referee at a table): ``blind``
    is True, every seat starts with no tile known, and each play is taken from the
    player's unseen tiles (see ``Hand``).
    """

    __slots__ = (
        "blind",
        "calls",
        "claimed",
        "deal_known",
        "dealer",
        "declaration",
        "declarer",
        "exchanged",
        "game",
        "hands",
        "high_bid",
        "kitty",
        "log",
        "lose_all",
        "order",
        "penalty",
        "phase",
        "points",
        "reneges",
        "rules",
        "table",
        "team_tricks",
        "trick",
        "tricks",
        "trump_lead",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deal: Sequence[Sequence[Tile]] | None,
        kitty: Sequence[Tile] = (),
        *,
        deal_known: bool = True,
    ) -> None:
        game = rules.game
        n = game.players
        self.rules = rules
        self.game = game
        self.dealer = dealer
        self.blind = deal is None
        """Nobody's tiles are known: plays are checked against the set and the turn only."""
        # ``map(list, ...)``: C calls, no comprehension frame a hand
        self.hands: list[list[Tile]] = [[] for _ in range(n)] if deal is None else list(map(list, deal))
        """Each seat's unplayed tiles (as far as they are known)."""
        self.kitty: list[Tile] = list(kitty)
        self.deal_known = deal_known and deal is not None
        """False when the record omitted the deal (hands rebuilt from the plays, or unknown)."""
        self.phase = AUCTION
        self.turn: int | None = (dealer + 1) % n
        """Whose turn it is (None: nobody's)."""
        self.order = TurnOrder.clockwise(n)
        """The order of play: a ``TurnOrder`` value, replaced by the one each change gives."""
        self.calls: list[tuple[int, Bid | None]] = []
        self.high_bid: Bid | None = None
        self.declarer: int | None = None
        self.declaration: Declaration | None = None
        self.table: TrumpTable | None = None
        self.lose_all = False
        """The declarer must lose every trick (nello)."""
        self.trump_lead = False
        """The first lead must be a trump when the leader holds one (``opening-lead=trump``)."""
        self.trick: list[tuple[int, Tile]] = []
        self.tricks: list[Trick] = []
        teams = len(game.team_labels)
        self.points = [0] * teams
        self.team_tricks = [0] * teams
        self.claimed: str | None = None
        self.exchanged: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None = None
        self.log: list[Action] = []
        """Every action applied, in order, with its seat resolved."""
        self.reneges: list[tuple[int, int]] = []
        """(seat, trick number) of each renege played: a play refused as E404 and applied anyway."""
        self.penalty: int | None = None
        """The side that lost the hand by a ruled renege (``renege=lose-hand``)."""

    def seat(self, s: int) -> str:
        """The label of seat ``s`` ('N', 'A', ...)."""
        return self.game.seats[s]
