"""The driver of the double-dummy search: exact values from zero-window tests (MTD(f)).

The search (``solver_search``) only answers "does the declaring side reach at
least beta?"; this module turns such answers into a value, a best tile, the value
after each legal tile and a line of best play, within the position's node budget.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .solver_node import Node, OutOfBudget, OutOfTime
from .solver_position import Position, Solution
from .solver_setup import Setup
from .tiles import Tile

__all__ = ["NEAR", "NEAR_BELOW", "best_line", "exact", "keeper", "solution_at"]

NEAR = 8
"""A zero-window test that costs this many times the one before is taken to be near the value."""

NEAR_BELOW = 6
"""Plays a trick below which a dear test restarts the step (42, Moon).  In Texas 88 a dear
test is as often far from the value, and restarting made the descent a point at a time:
without it, seed-1 deal 6 takes 1,052,178 nodes instead of 1,461,545 (five tests instead
of eight); the other deals of the bench solved within the budget are unchanged."""


def exact(evaluate: Callable[[int, int], int], hi: int, guess: int, cost: Callable[[], int] | None = None) -> int:
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


def keeper(setup: Setup, node: Node, value: int) -> int:
    """A play at ``node`` that keeps ``value`` (the first in the search's order).

    ``value`` is the node's value, so one zero-window test a play suffices: a play
    worth at least ``value`` to a player who wants it high (at most, to one who
    wants it low) is worth exactly ``value``.
    """
    high = setup.maxer[node.seat]
    every = value == node.rem and setup.claims is not None  # every point left: every trick left
    for m in setup.moves(node, tricks=every):
        if every:
            if setup.takes_all(node, m):
                return m
            continue
        search = setup.points()
        if high and search.after(node, m, value - 1, value) >= value:
            return m
        if not high and search.after(node, m, value, value + 1) <= value:
            return m
    raise AssertionError("no play keeps the solved value")  # pragma: no cover


def best_line(setup: Setup, node: Node, value: int) -> list[tuple[int, Tile]]:
    """A line of best play from ``node``, each play keeping the value (the hands are left as they were)."""
    search = setup.search
    saved = list(search.hands)
    out: list[tuple[int, Tile]] = []
    try:
        while node.left:
            m = keeper(setup, node, value)
            out.append((node.seat, setup.tile(m)))
            nxt = search.advance(node, m)
            if nxt.k == 0 and setup.decl_side[nxt.seat]:
                value -= node.rem - nxt.rem
            node = nxt
    finally:
        search.hands[:] = saved
        search.sync()
    return out


def solution_at(setup: Setup, node: Node, position: Position, legal: list[Tile], taken: int, *, moves: bool, line: bool) -> Solution:
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

    cost = setup.nodes if setup.search.size < NEAR_BELOW else None
    try:
        if node.left == 0:
            return Solution(True, taken, unit, minimises, forced, mover_high=high)
        # First ask whether the declaring side takes everything left (nello: nothing):
        # from the opening lead that is often so, and a strong side proves it fast.
        everything = setup.takes_all(node)
        if everything is None:
            future = exact(value, node.rem, 1 if position.lose_all else node.rem, cost)
        else:
            # Short of every trick, the declaring side loses at least one trick's points.
            top = node.rem - setup.search.trick_points
            future = node.rem if everything else exact(value, top, top, cost)
        values: list[tuple[Tile, int]] = []
        if moves:
            for t in legal:
                m = setup.slot_of(node.seat, t)
                everything = setup.takes_all(node, m) if future == node.rem else None
                v = node.rem if everything else exact(partial(value, m=m), node.rem - (everything is False), future - (everything is False))
                values.append((t, taken + v))
        best_tile = setup.tile(keeper(setup, node, future))
        played = tuple(best_line(setup, node, future)) if line or forced else ()
    except OutOfBudget as e:
        stopped = isinstance(e, OutOfTime)
        return Solution(False, None, unit, minimises, forced, nodes=setup.nodes() - before, mover_high=high, stopped=stopped)
    nodes = setup.nodes() - before
    return Solution(True, taken + future, unit, minimises, forced, best_tile, tuple(values), played, nodes, high)
