"""Double-dummy analysis: the value of a position with every hand known.

The value is what the declaring side ends the hand with if every remaining
trick is played out with best play by everyone: in 42 and Texas 88 the points
it takes in the whole hand (those already taken included); in Moon the tricks
the bidder takes (the two others play together against the bidder); in nello
the tricks the declarer takes, which the declarer wants as low as possible.
Under sevens the plays are forced (each player plays the tile nearest 7 pips;
only ties leave a choice), and the result says so and gives the line.

A search that runs past its node budget says "unsolved" and gives no value: a
referee or an analysis must never report a guess as a value.  This module is the
public entry: ``solve``, ``solve_line`` and ``claim_holds``.  What a position and
a result are is in ``solver_position``; a position becomes searches in
``solver_setup``, the search itself is ``solver_search`` and the zero-window
driver that turns its answers into values is ``solver_mtd``.  A live hand's
position is built from its view (``claims.position_of``); par, every declaration
solved, is in ``par``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .solver_mtd import solution_at
from .solver_node import Node, OutOfBudget
from .solver_position import Position, Solution, legal_tiles, start_position
from .solver_setup import Setup
from .tiles import Tile

__all__ = ["DEFAULT_BUDGET", "Position", "Solution", "claim_holds", "solve", "solve_line", "start_position"]

DEFAULT_BUDGET = 2_000_000
"""Nodes a search may visit before it gives up: about 6 s of CPU in 42 and in Texas 88 (docs/performance.md)."""


def solve(
    position: Position,
    *,
    budget: int = DEFAULT_BUDGET,
    moves: bool = False,
    line: bool = False,
    equivalence: bool = True,
    stop: Callable[[], bool] | None = None,
) -> Solution:
    """The value of ``position`` with best play by everyone.

    ``moves``: also the value after each legal tile; ``line``: a line of best play
    (always given under sevens).  Past ``budget`` nodes the result is unsolved, and
    so it is when ``stop`` (asked every ``solver_search.STRIDE`` nodes) says to give
    up (``Solution.stopped``).

    >>> from referee.engine.declarations import Declaration, table_for
    >>> from referee.engine.games import GAMES
    >>> from referee.engine.tiles import tile
    >>> hands = [[tile(t) for t in h.split()] for h in ("6-6 5-5", "6-5 4-4", "5-0 6-4", "3-3 2-2")]
    >>> p = start_position(GAMES["42"], table_for(Declaration("suit", 6)), hands, 0)
    >>> s = solve(p, moves=True)
    >>> s.value, str(s.best), [(str(t), v) for t, v in s.moves], s.cost(tile("5-5"))
    (27, '6-6', [('6-6', 27), ('5-5', 11)], 16)
    >>> solve(p, budget=3).solved, solve(p, budget=3).value
    (False, None)
    """
    setup = Setup(position, budget, equivalence=equivalence, stop=stop)
    return solution_at(setup, setup.root, position, position.legal() if moves else [], position.taken, moves=moves, line=line)


def solve_line(
    position: Position, plays: Sequence[Tile], *, budget: int = DEFAULT_BUDGET, stop: Callable[[], bool] | None = None
) -> list[Solution | None]:
    """The solution before each of ``plays``, played in turn from ``position``, with the
    value after each legal tile (``moves``): what an analysis of a played hand asks.

    Each position is solved on its own budget of ``budget`` nodes: one past it is
    unsolved and every other is still solved.  One search serves the whole line, its
    table kept from one position to the next (a position's value counts from the start
    of its trick, so what is learnt at one position holds at every other).  The
    positions are solved from the last to the first: the endings cost a few nodes
    each, so a line cut short (``stop``, asked between positions and every
    ``solver_search.STRIDE`` nodes) has solved as many as it could; the position being
    searched when ``stop`` said so is unsolved (``Solution.stopped``) and those not yet
    reached are None.  A tile its player may not play is a ``ValueError``, before any
    search.

    >>> from referee.engine.declarations import Declaration, table_for
    >>> from referee.engine.games import GAMES
    >>> from referee.engine.tiles import tile
    >>> hands = [[tile(t) for t in h.split()] for h in ("6-6 5-5", "6-5 4-4", "5-0 6-4", "3-3 2-2")]
    >>> p = start_position(GAMES["42"], table_for(Declaration("suit", 6)), hands, 0)
    >>> plays = [tile(t) for t in "5-5 6-5 5-0 3-3 4-4 6-4 2-2 6-6".split()]
    >>> [(s.value, s.cost(t)) for s, t in zip(solve_line(p, plays), plays)][:3]  # North's 5-5 gives away 16
    [(27, 16), (11, 0), (11, 0)]
    """
    setup = Setup(position, budget, stop=stop)
    search = setup.search
    hands = [list(h) for h in position.hands]
    trick = list(position.trick)
    taken = position.taken
    node = setup.root
    # Every position of the line first (a few operations a play), then the searches.
    at: list[tuple[Node, list[int], list[Tile], int]] = []
    for t in plays:
        legal = legal_tiles(position.table, hands[node.seat], trick)
        if t not in legal:
            raise ValueError(f"seat {node.seat} cannot play {t}: its legal tiles are {' '.join(map(str, legal)) or 'none'}")
        at.append((node, list(search.hands), legal, taken))
        nxt = search.advance(node, setup.slot_of(node.seat, t))
        hands[node.seat].remove(t)
        trick = [] if nxt.k == 0 else [*trick, (node.seat, t)]
        if nxt.k == 0 and setup.decl_side[nxt.seat]:
            taken += node.rem - nxt.rem
        node = nxt
    out: list[Solution | None] = [None] * len(at)
    for i in reversed(range(len(at))):
        if stop is not None and stop():
            break
        node, held, legal, taken = at[i]
        setup.reset(held)
        out[i] = solution = solution_at(setup, node, position, legal, taken, moves=True, line=False)
        if solution.stopped:
            break
    return out


def claim_holds(position: Position, *, budget: int = DEFAULT_BUDGET) -> bool | None:
    """Can the declaring side take every remaining trick whatever the others play
    (in nello: can the declarer lose every one)?  None past the budget.

    >>> from referee.engine.declarations import Declaration, table_for
    >>> from referee.engine.games import GAMES
    >>> from referee.engine.tiles import tile
    >>> hands = [[tile(t) for t in h.split()] for h in ("6-6 6-5", "1-0 4-4", "5-0 3-3", "3-1 2-2")]
    >>> claim_holds(start_position(GAMES["42"], table_for(Declaration("suit", 6)), hands, 0))
    True
    >>> claim_holds(start_position(GAMES["42"], table_for(Declaration("suit", 1)), hands, 0))
    False
    """
    setup = Setup(position, budget, tricks_only=True)
    root = setup.root
    if root.left == 0:
        return True
    try:
        if position.lose_all:
            return setup.search.value(root, 0, 1) <= 0
        return setup.search.value(root, root.left - 1, root.left) >= root.left
    except OutOfBudget:
        return None
