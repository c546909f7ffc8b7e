"""A ``Position`` turned into the searches that solve it (``solver_search``) and their root.

The checks of a position (tiles held the right number of times, the right seat to
play) are made here, once, before any search; the bit masks, the search on the
value and the second search on tricks alone that answers "every trick?" are built
here; the driver (``solver_mtd``) only asks them questions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from .solver_layout import layout_for
from .solver_node import Node
from .solver_position import Position
from .solver_search import Search
from .tiles import ALL_TILES, Tile
from .turns import seat_order

__all__ = ["Setup", "union"]


class Setup:
    """A position turned into a ``Search`` and its root node.

    ``equivalence`` and ``weakest`` turn off two reductions of the plays searched, for
    the tests that hold the search equal without them.
    """

    def __init__(
        self,
        pos: Position,
        budget: int,
        *,
        tricks_only: bool = False,
        equivalence: bool = True,
        weakest: bool = True,
        stop: Callable[[], bool] | None = None,
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
            every=weakest and not pos.lose_all,
        )
        # Taking every point left is taking every trick left, a question about tricks
        # alone: asked of a search that ignores the counters (one on the same hands), it
        # lets more tiles stand for each other and is often answered much sooner.  Where one
        # trick settles a test, either search tries only the weaker of two tiles that one
        # side holds (``weakest``, ``solver_order``); not in nello, where a trick is unwanted.
        self.claims: Search | None = None
        if counters and tp > 0:
            self.claims = Search(
                layout, masks, nxt, size, decl_side, maxer, 1, False, equivalence=equivalence, budget=budget, stop=stop, every=weakest
            )
        self.budget = budget
        self.limit = budget
        rem = left * tp + sum(cnt[s] for s in range(len(cnt)) if (played | union(masks)) >> s & 1)
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

    def moves(self, node: Node, *, tricks: bool = False) -> list[int]:
        """The distinct legal slots at ``node`` in the order of the search on the value, or
        (``tricks``) of the search on tricks alone, whose table holds the best lead of a proof
        of every trick: a lead tried first that does not take every trick may cost as much to
        refute as the whole proof."""
        if tricks and self.claims is not None:
            self.claims.sync()
            return self.claims.moves(node)
        return self.search.moves(node)

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


def union(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out
