"""Double-dummy analysis: the value of a position with every hand known.

The value is what the declaring side ends the hand with if every remaining
trick is played out with best play by everyone: in 42 and Texas 88 the points
it takes in the whole hand (those already taken included); in Moon the tricks
the bidder takes (the two others play together against the bidder); in nello
the tricks the declarer takes, which the declarer wants as low as possible.
Under sevens the plays are forced (each player plays the tile nearest 7 pips;
only ties leave a choice), and the result says so and gives the line.

A search that runs past its node budget says "unsolved" and gives no value: a
referee or an analysis must never report a guess as a value.  The search itself
is in ``solver_search``; this module turns positions into it and answers them,
and claims.  A live hand's position is built from its view (``claims.position_of``);
par, every declaration solved, is in ``par``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from .declarations import TrumpTable
from .profiles import Game
from .solver_layout import layout_for
from .solver_search import Node, OutOfBudget, OutOfTime, Search
from .tiles import ALL_TILES, Tile
from .turns import partner_seat, seat_order

__all__ = ["DEFAULT_BUDGET", "Position", "Solution", "claim_holds", "solve", "solve_line", "start_position"]

NEAR = 8
"""A zero-window test that costs this many times the one before is taken to be near the value."""
DEFAULT_BUDGET = 2_000_000
"""Nodes a search may visit before it gives up: about 6 s of CPU in 42 and in Texas 88 (docs/performance.md)."""


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
        return _legal(self.table, self.hands[self.turn], self.trick)


def _legal(table: TrumpTable, hand: Sequence[Tile], trick: Sequence[tuple[int, Tile]]) -> list[Tile]:
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


class _Setup:
    """A position turned into a ``Search`` and its root node."""

    def __init__(
        self, pos: Position, budget: int, *, tricks_only: bool = False, equivalence: bool = True, stop: Callable[[], bool] | None = None
    ) -> None:
        table = pos.table
        players = len(pos.hands)
        active = [s for s in range(players) if s not in pos.out]
        size = len(active)
        copies = Counter(t for s in active for t in pos.hands[s]) + Counter(t for _, t in pos.trick)
        width = 2 if copies and max(copies.values()) > 1 else 1
        if max(copies.values(), default=0) > 2:
            raise ValueError("a tile is held more than twice")
        self.layout = layout = layout_for(table, width)
        used: set[int] = set()

        def slot(t: Tile) -> int:
            s = layout.base[t]
            if s in used:
                s += 1
            used.add(s)
            return s

        played = 0
        for _, t in pos.trick:
            played |= 1 << slot(t)
        masks = [0] * players
        for s in active:
            for t in pos.hands[s]:
                masks[s] |= 1 << slot(t)
        self.masks = masks
        held = [len(pos.hands[s]) for s in active]
        k = len(pos.trick)
        left = max(held, default=0)
        in_trick = {seat for seat, _ in pos.trick}
        for s in active:
            want = left - (1 if s in in_trick else 0)
            if len(pos.hands[s]) != want:
                raise ValueError(f"seat {s} holds {len(pos.hands[s])} tiles where {want} are due")
        nxt = seat_order(players, pos.out)
        if k >= size or pos.turn not in active or (k and pos.turn != nxt[pos.trick[-1][0]]):
            raise ValueError(f"seat {pos.turn} cannot be the one to play")
        tricks_measure = tricks_only or pos.lose_all
        tp = 1 if tricks_measure else pos.trick_points
        counters = pos.counters and not tricks_measure
        cnt = layout.count if counters else (0,) * len(layout.count)
        decl_team = pos.declaring_team
        decl_side = tuple(pos.teams[s] == decl_team for s in range(players))
        maxer = tuple(d != pos.lose_all for d in decl_side)
        self.search = Search(
            layout,
            masks,
            nxt,
            size,
            decl_side,
            maxer,
            tp,
            counters,
            quick=not pos.lose_all,
            equivalence=equivalence,
            budget=budget,
            stop=stop,
        )
        # Taking every point left is taking every trick left, a question about tricks
        # alone: asked of a search that ignores the counters (one on the same hands), it
        # lets more tiles stand for each other and is often answered much sooner.
        self.claims: Search | None = None
        if counters and tp > 0:
            self.claims = Search(layout, masks, nxt, size, decl_side, maxer, 1, False, equivalence=equivalence, budget=budget, stop=stop)
        self.budget = budget
        self.limit = budget
        rem = left * tp + sum(cnt[s] for s in range(len(cnt)) if (played | _union(masks)) >> s & 1)
        if k:
            lay = layout
            first = lay.base[pos.trick[0][1]]
            led = lay.calls[first]
            st = lay.strength[led]
            best_i = pos.table.winner([t for _, t in pos.trick])
            best_seat = pos.trick[best_i][0]
            best_s = st[lay.base[pos.trick[best_i][1]]]
            pts = tp + sum(cnt[lay.base[t]] for _, t in pos.trick)
            self.root = Node(pos.turn, k, led, best_s, best_seat, pts, played, rem, left)
        else:
            self.root = Node(pos.turn, 0, 0, 0, pos.turn, tp, 0, rem, left)
        self.decl_side = decl_side
        self.maxer = maxer

    def nodes(self) -> int:
        """Nodes visited by both searches."""
        return self.search.nodes_visited + (self.claims.nodes_visited if self.claims is not None else 0)

    def begin(self) -> None:
        """Start a position: from now on both searches share ``budget`` nodes."""
        self.limit = self.nodes() + self.budget

    def points(self) -> Search:
        """The search on the value, allowed what is left of the position's budget."""
        self.search.allow(self.limit - self.nodes())
        return self.search

    def takes_all(self, node: Node, m: int = -1) -> bool | None:
        """Whether the declaring side takes every trick left from ``node`` (after playing
        slot ``m`` there, if given); None when not asked of the search on tricks (nello,
        Moon and claims, whose search counts tricks already)."""
        claims = self.claims
        if claims is None:
            return None
        claims.sync()
        claims.allow(self.limit - self.nodes())
        left = node.left
        tricks = node._replace(pts=1, rem=left)
        if m < 0:
            return claims.value(tricks, left - 1, left) >= left
        return claims.after(tricks, m, left - 1, left) >= left

    def reset(self, hands: Sequence[int]) -> None:
        """Set the tiles held (a mask a seat) for the next position, in both searches."""
        self.search.hands[:] = hands
        self.search.sync()
        if self.claims is not None:
            self.claims.sync()

    def slot_of(self, seat: int, t: Tile) -> int:
        """The slot of a tile ``seat`` holds (the one the search would play)."""
        base = self.layout.base[t]
        mask = self.masks[seat]
        return base + 1 if self.layout.width > 1 and mask >> (base + 1) & 1 else base

    def tile(self, slot: int) -> Tile:
        return ALL_TILES[self.layout.tile_of[slot]]


def _union(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _exact(evaluate: Callable[[int, int], int], hi: int, guess: int, cost: Callable[[], int] | None = None) -> int:
    """The exact value in ``0..hi`` by zero-window searches (MTD(f)).

    Each ``evaluate(beta - 1, beta)`` says whether the value reaches ``beta`` and,
    fail-soft, returns a bound; a run of answers the same way doubles the step, so
    a poor ``guess`` costs a few searches, not one a point.  A test far from the
    value is cheap and one near it dear: so when a test costs (``cost``: work done
    so far) many times the one before, the step starts again from one.
    """
    lo = 0
    beta = max(1, min(hi, guess))
    step, last = 1, 0
    spent = cost() if cost is not None else 0
    was = -1
    while lo < hi:
        g = evaluate(beta - 1, beta)
        way = -1 if g < beta else 1
        now = cost() - spent if cost is not None else 0
        spent += now
        near = was >= 0 and now > NEAR * max(was, 1)
        was = now
        step = step * 2 if way == last and not near else 1
        last = way
        if way < 0:
            hi = g
            beta = max(lo + 1, hi - step + 1)
        else:
            lo = g
            beta = min(hi, lo + step)
    return lo


def _keeper(setup: _Setup, node: Node, value: int) -> int:
    """A play at ``node`` that keeps ``value`` (the first in the search's order).

    ``value`` is the node's value, so one zero-window test a play suffices: a play
    worth at least ``value`` to a player who wants it high (at most, to one who
    wants it low) is worth exactly ``value``.
    """
    high = setup.maxer[node.seat]
    for m in setup.search.moves(node):
        if value == node.rem and setup.claims is not None:  # every point left: every trick left
            if setup.takes_all(node, m):
                return m
            continue
        search = setup.points()
        if high and search.after(node, m, value - 1, value) >= value:
            return m
        if not high and search.after(node, m, value, value + 1) <= value:
            return m
    raise AssertionError("no play keeps the solved value")  # pragma: no cover


def _line(setup: _Setup, node: Node, value: int) -> list[tuple[int, Tile]]:
    """A line of best play from ``node``, each play keeping the value (the hands are left as they were)."""
    search = setup.search
    saved = list(search.hands)
    out: list[tuple[int, Tile]] = []
    try:
        while node.left:
            m = _keeper(setup, node, value)
            out.append((node.seat, setup.tile(m)))
            nxt = search.advance(node, m)
            if nxt.k == 0 and setup.decl_side[nxt.seat]:
                value -= node.rem - nxt.rem
            node = nxt
    finally:
        search.hands[:] = saved
        search.sync()
    return out


def _solution(setup: _Setup, node: Node, position: Position, legal: list[Tile], taken: int, *, moves: bool, line: bool) -> Solution:
    """Solve ``node`` of ``setup``'s search: ``taken`` is what the declaring side already
    has, ``legal`` the tiles its player may play; ``position`` gives the contract."""
    forced = position.table.forced
    unit, minimises = position.unit, position.lose_all
    high = setup.maxer[node.seat]
    before = setup.nodes()
    setup.begin()

    def value(a: int, b: int, m: int = -1) -> int:
        search = setup.points()
        return search.value(node, a, b) if m < 0 else search.after(node, m, a, b)

    try:
        if node.left == 0:
            return Solution(True, taken, unit, minimises, forced, mover_high=high)
        # First ask whether the declaring side takes everything left (nello: nothing):
        # from the opening lead that is often so, and a strong side proves it fast.
        everything = setup.takes_all(node)
        if everything is None:
            future = _exact(value, node.rem, 1 if position.lose_all else node.rem, setup.nodes)
        else:
            # Short of every trick, the declaring side loses at least one trick's points.
            top = node.rem - setup.search.trick_points
            future = node.rem if everything else _exact(value, top, top, setup.nodes)
        values: list[tuple[Tile, int]] = []
        if moves:
            for t in legal:
                m = setup.slot_of(node.seat, t)
                everything = setup.takes_all(node, m) if future == node.rem else None
                if everything:
                    v = node.rem
                else:
                    v = _exact(partial(value, m=m), node.rem - (everything is False), future - (everything is False))
                values.append((t, taken + v))
        best_tile = setup.tile(_keeper(setup, node, future))
        played = tuple(_line(setup, node, future)) if line or forced else ()
    except OutOfBudget as e:
        stopped = isinstance(e, OutOfTime)
        return Solution(False, None, unit, minimises, forced, nodes=setup.nodes() - before, mover_high=high, stopped=stopped)
    nodes = setup.nodes() - before
    return Solution(True, taken + future, unit, minimises, forced, best_tile, tuple(values), played, nodes, high)


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
    setup = _Setup(position, budget, equivalence=equivalence, stop=stop)
    return _solution(setup, setup.root, position, position.legal() if moves else [], position.taken, moves=moves, line=line)


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
    setup = _Setup(position, budget, stop=stop)
    search = setup.search
    hands = [list(h) for h in position.hands]
    trick = list(position.trick)
    taken = position.taken
    node = setup.root
    # Every position of the line first (a few operations a play), then the searches.
    at: list[tuple[Node, list[int], list[Tile], int]] = []
    for t in plays:
        legal = _legal(position.table, hands[node.seat], trick)
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
        out[i] = solution = _solution(setup, node, position, legal, taken, moves=True, line=False)
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
    setup = _Setup(position, budget, tricks_only=True)
    root = setup.root
    if root.left == 0:
        return True
    try:
        if position.lose_all:
            return setup.search.value(root, 0, 1) <= 0
        return setup.search.value(root, root.left - 1, root.left) >= root.left
    except OutOfBudget:
        return None
