"""What the double-dummy solver is asked and what it answers: ``Position`` and ``Solution``.

Kept apart from the search so that the callers (``claims``, ``par``, the analysis)
and the driver (``solver_mtd``) share these types without importing the search,
and ``solver.py`` stays the small public entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .declarations import TrumpTable
from .profiles import Game
from .tiles import Tile
from .turns import partner_seat

__all__ = ["Position", "Solution", "legal_tiles", "start_position"]


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the search needs: the tiles left, the trick, the score so far.

    ``points`` and ``tricks`` are what each side (index into the game's teams)
    has taken; their defaults suit two sides (Moon has three: ``start_position``
    and ``claims.position_of`` fill them for the game).  ``out`` lists seats that
    sit the hand out (nello's partner);
    their tiles are ignored.  ``lose_all``: nello, the value counts the
    declarer's tricks and the declarer wants it low.
    """

    table: TrumpTable
    hands: tuple[tuple[Tile, ...], ...]
    teams: tuple[int, ...]
    declarer: int
    turn: int
    trick: tuple[tuple[int, Tile], ...] = ()
    points: tuple[int, ...] = (0, 0)
    tricks: tuple[int, ...] = (0, 0)
    out: tuple[int, ...] = ()
    trick_points: int = 1
    counters: bool = True
    lose_all: bool = False

    @property
    def declaring_team(self) -> int:
        return self.teams[self.declarer]

    @property
    def unit(self) -> str:
        """'points' (42, Texas 88) or 'tricks' (Moon, nello)."""
        return "tricks" if self.lose_all or (self.trick_points == 1 and not self.counters) else "points"

    @property
    def taken(self) -> int:
        """The value the declaring side has already: tricks in nello, else points."""
        team = self.declaring_team
        return self.tricks[team] if self.lose_all else self.points[team]

    def legal(self) -> list[Tile]:
        """The distinct tiles the player to move may play, high first (as ``Hand.legal_plays``)."""
        return legal_tiles(self.table, self.hands[self.turn], self.trick)


def legal_tiles(table: TrumpTable, hand: Sequence[Tile], trick: Sequence[tuple[int, Tile]]) -> list[Tile]:
    """The distinct tiles of ``hand`` that may be played to ``trick``, high first."""
    return sorted(set(table.playable(hand, trick[0][1] if trick else None)), reverse=True) if hand else []


@dataclass(frozen=True, slots=True)
class Solution:
    """The result of a search.  ``value`` is None exactly when ``solved`` is False."""

    solved: bool
    value: int | None
    unit: str
    """'points' or 'tricks'."""
    minimises: bool
    """True in nello: the declarer wants the value low."""
    forced: bool
    """Sevens: every play is forced (ties aside); ``line`` is the forced line."""
    best: Tile | None = None
    """A best tile for the player to move."""
    moves: tuple[tuple[Tile, int], ...] = ()
    """The value after each legal tile of the player to move (when asked for)."""
    line: tuple[tuple[int, Tile], ...] = ()
    """A line of best play to the end, as (seat, tile) (when asked for)."""
    nodes: int = 0
    mover_high: bool = True
    """Whether the player to move plays for a higher value (the declaring side, nello's opponents)."""
    stopped: bool = False
    """Unsolved because ``stop`` said to give up (a time limit), not for the node budget."""

    def cost(self, t: Tile) -> int:
        """What playing ``t`` gives away against a best play, in the value's unit (0: a best play).

        Needs the values of ``moves``; a ``KeyError`` for a tile not among them.
        """
        after = dict(self.moves)[t]
        assert self.value is not None
        return self.value - after if self.mover_high else after - self.value


def start_position(game: Game, table: TrumpTable, hands: Sequence[Sequence[Tile]], declarer: int) -> Position:
    """The position before the first lead: ``declarer`` leads; nello's partner sits out.

    >>> from referee.engine.declarations import Declaration, table_for
    >>> from referee.engine.games import GAMES
    >>> from referee.engine.tiles import tile
    >>> hands = [[tile(t) for t in h.split()] for h in ("6-6 5-5", "6-5 4-4", "5-0 6-4", "3-3 2-2")]
    >>> p = start_position(GAMES["42"], table_for(Declaration("suit", 6)), hands, 0)
    >>> p.turn, p.unit, p.out
    (0, 'points', ())
    >>> start_position(GAMES["42"], table_for(Declaration("nello")), hands, 0).out
    (2,)
    """
    contract = game.contract_by_name.get(table.declaration.kind)
    partner = partner_seat(game, declarer) if contract is not None and contract.partner_out else None
    out = () if partner is None else (partner,)
    teams = len(game.team_labels)
    return Position(
        table=table,
        hands=tuple(tuple(h) for h in hands),
        teams=game.teams,
        declarer=declarer,
        turn=declarer,
        points=(0,) * teams,
        tricks=(0,) * teams,
        out=out,
        trick_points=game.trick_points,
        counters=game.counters_score,
        lose_all=contract is not None and contract.lose_all,
    )
