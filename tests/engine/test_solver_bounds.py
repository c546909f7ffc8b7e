"""The sure tricks of ``solver_bounds`` on positions built to meet them, against the oracle,
and the cut-offs the search takes from its table, against the search without them.

Random endings rarely hold what a bound is for; these are dealt so that they do, and
the solver's answers (the value after every legal tile, and "every trick?") are held
to the plain minimax of ``test_solver``.  Endings longer than the oracle can reach are
held to the search with the shortcut turned off.
"""

from __future__ import annotations

import random

import pytest

from referee.engine import solver_search
from referee.engine.declarations import Declaration, table_for
from referee.engine.games import GAMES
from referee.engine.solver import claim_holds, solve, start_position
from referee.engine.solver_bounds import bounds_for
from referee.engine.solver_setup import Setup
from referee.engine.tiles import ALL_TILES, Tile
from tests.engine.test_solver import CONTRACTS, check, claim_oracle, ending


def test_a_top_trump_tied_by_its_copy_takes_a_trick_for_a_seat_holding_another_trump() -> None:
    """Texas 88: a seat holds one copy of the highest trump left and another trump, and the
    other copy is the only tile of the other side as high.  The seat plays its copy in the
    first trick the other copy is not already in (a tie goes to the tile played first), so
    its side takes a trick whatever is played: the search takes that as a bound at once
    (``sure``), and every answer stays the oracle's."""
    rng = random.Random(88)
    game = GAMES["88"]
    tiles = sorted(ALL_TILES.values())
    seen_sides = set()
    for i in range(24):
        suit = rng.randrange(7)
        table = table_for(Declaration("suit", suit))
        trumps = sorted((t for t in tiles if table.is_trump[t]), key=lambda t: table.rank[t][suit], reverse=True)
        top, other_trumps = trumps[0], trumps[1:]
        holder = rng.randrange(6)
        rival = (holder + rng.choice((1, 3, 5))) % 6  # a seat of the other side
        second = rng.choice(other_trumps)
        pool = [t for t in tiles for _ in range(2)]
        for t in (top, top, second):
            pool.remove(t)
        # No tile of the rival side above the top trump: the only one left that high is its copy.
        rng.shuffle(pool)
        hands: list[list[Tile]] = [[] for _ in range(6)]
        hands[holder] += [top, second]
        hands[rival].append(top)
        for seat in range(6):
            while len(hands[seat]) < 3:
                hands[seat].append(pool.pop())
        pos = start_position(game, table, hands, rng.randrange(6))
        setup = Setup(pos, 10**7)
        search = setup.search
        bounds = bounds_for(setup.layout, search.hands, search.nxt, search.size, search.decl_side, search.trick_points, search.cnt)
        lo, hi, _ = bounds.sure(pos.turn, setup.root.rem, setup.root.left, sum(search.hands))
        mine = search.decl_side[holder]
        assert (lo if mine else setup.root.rem - hi) >= search.trick_points, i
        seen_sides.add(mine)
        check(pos)
        assert claim_holds(pos) is claim_oracle(pos)
    assert seen_sides == {True, False}


@pytest.mark.parametrize("seed", range(2))
def test_texas_88_cut_offs_from_the_table_change_no_answer(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a trick's last play with three tricks or more left, the table is looked up for each
    next lead first (``solver_search.ETC_FROM``): one that settles the test settles the play,
    and a play whose next lead cannot reach the window is not tried.  On Texas 88 endings of
    four and five tricks (beyond the oracle), searched through many windows, every value and
    the value after each legal tile are those of the search that never looks ahead."""
    rng = random.Random(280 + seed)
    contracts = [(d, o) for g, d, o in CONTRACTS if g == "88"]
    for i in range(10):
        declaration, options = contracts[i % len(contracts)]
        pos = ending("88", declaration, options, rng, 4 + i % 2)
        monkeypatch.setattr(solver_search, "ETC_FROM", 99)
        plain = solve(pos, moves=True, budget=10**8)
        monkeypatch.setattr(solver_search, "ETC_FROM", 3)
        ahead = solve(pos, moves=True, budget=10**8)
        assert plain.solved and ahead.solved
        assert (ahead.value, dict(ahead.moves)) == (plain.value, dict(plain.moves)), i
