"""Par: what the declarer gets with best play under each declaration the rules allow.

Each declaration ``trump.declarations_for`` lists is solved from the declarer's
opening lead (``solver.solve``); the best of them is par.  A contract that is all or
nothing (nello, sevens) counts as every point of the hand when best play makes it,
and as less than any value when it fails.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .declarations import Declaration, table_for
from .profiles import Rules
from .solver import DEFAULT_BUDGET, Position, Solution, solve, start_position
from .tiles import Tile
from .trump import declarations_for

__all__ = ["Par", "ParLine", "par"]


@dataclass(frozen=True, slots=True)
class ParLine:
    """One declaration of a par table and its solution."""

    declaration: Declaration
    solution: Solution
    all_or_nothing: bool
    """Nello and sevens: the contract is made only by losing (nello) or taking every trick."""
    made: bool | None
    """For an all-or-nothing contract, whether best play makes it (None: unsolved, or not such a contract)."""


@dataclass(frozen=True, slots=True)
class Par:
    """What the declarer gets with best play under each declaration, and the best of them."""

    lines: tuple[ParLine, ...]
    best: ParLine | None
    """The declaration worth most to the declarer (None when nothing was solved): the
    highest value, where a made nello or sevens counts as every point or trick of the
    hand and a failed one as less than any value; on a tie the first in
    ``declarations_for``'s order."""


def _trump_lead(position: Position, held: Sequence[Tile], rules: Rules, budget: int, stop: Callable[[], bool] | None) -> Solution:
    """``solve`` from the opening lead; under ``opening-lead=trump`` a declarer holding a
    trump must lead one, so the value is the best among the trump leads (the value after
    each lead is the solver's, exact whatever the rule)."""
    table = position.table
    if not rules.trump_lead or table.trump is None or table.forced or not any(table.is_trump[t] for t in held):
        return solve(position, budget=budget, stop=stop)
    full = solve(position, budget=budget, moves=True, stop=stop)
    if not full.solved:
        return full
    moves = tuple((t, v) for t, v in full.moves if table.is_trump[t])
    value = max(v for _, v in moves) if full.mover_high else min(v for _, v in moves)
    return dataclasses.replace(full, value=value, moves=moves, best=next(t for t, v in moves if v == value))


def par(
    rules: Rules, hands: Sequence[Sequence[Tile]], declarer: int, *, budget: int = DEFAULT_BUDGET, stop: Callable[[], bool] | None = None
) -> Par:
    """Solve the deal from the declarer's opening lead under every declaration ``rules`` allow
    (``budget`` nodes each; ``stop`` as for ``solve``: once it has said so, the
    declarations left are unsolved too, ``Solution.stopped``).

    >>> from referee.engine.games import make_rules
    >>> from referee.engine.tiles import tile
    >>> rows = ("6-6 6-5 5-5", "6-4 4-4 5-0", "6-1 3-3 4-1", "2-2 3-2 1-0")  # the last three tricks
    >>> p = par(make_rules("42"), [[tile(t) for t in r.split()] for r in rows], 0)
    >>> [(str(line.declaration), line.solution.value) for line in p.lines]  # doctest: +NORMALIZE_WHITESPACE
    [('blanks', 0), ('aces', 38), ('deuces', 11), ('treys', 16), ('fours', 21), ('fives', 38), ('sixes', 38),
     ('doubles', 38), ('follow-me', 38)]
    >>> str(p.best.declaration)  # the first of the best
    'aces'
    """
    game = rules.game
    total = game.hand_total
    lines: list[ParLine] = []
    stopped = False
    for d in declarations_for(rules, hands[declarer]):
        position = start_position(game, table_for(d), hands, declarer)
        if stopped or (stop is not None and stop()):
            stopped = True
            solution = Solution(False, None, position.unit, position.lose_all, position.table.forced, stopped=True)
        else:
            solution = _trump_lead(position, hands[declarer], rules, budget, stop)
            stopped = solution.stopped
        contract = rules.contract(d.kind)
        # A contract named as the declaration needs a bid of a mark or more: all or nothing.
        special = contract is not None and contract.when == "trump"
        made: bool | None = None
        if special and solution.value is not None:
            made = solution.value == (0 if solution.minimises else total)
        lines.append(ParLine(d, solution, special, made))

    def worth(line: ParLine) -> int:
        if line.all_or_nothing:
            return total if line.made else -1
        assert line.solution.value is not None
        return line.solution.value

    solved = [line for line in lines if line.solution.solved]
    return Par(tuple(lines), max(solved, key=worth) if solved else None)
