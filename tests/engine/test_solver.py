"""The double-dummy solver against a plain exhaustive minimax written here.

The oracle below knows nothing of the solver: no pruning, no tables, no bit
masks; it plays every legal tile of every seat through ``TrumpTable.playable``
and ``TrumpTable.winner``.  Endings are reached by random legal play through a
real ``Hand`` of every game and contract, so ``claims.position_of`` is tested
with them.
"""

from __future__ import annotations

import dataclasses
import doctest
import random
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from types import CodeType

import pytest

from referee.engine import solver_search, solver_stack
from referee.engine.auction import Bid
from referee.engine.claims import position_of
from referee.engine.deal import shuffle_deal
from referee.engine.declarations import Declaration
from referee.engine.games import GAMES, make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.par import par
from referee.engine.solver import Position, claim_holds, solve, solve_line
from referee.engine.solver_bounds import bounds_for
from referee.engine.solver_endings import three_tricks_for, two_tricks_for
from referee.engine.solver_mtd import exact
from referee.engine.solver_order import order_for
from referee.engine.solver_search import STRIDE, Search
from referee.engine.solver_setup import Setup
from referee.engine.tiles import Tile, count_value, tile
from referee.engine.trump import declarations_for
from referee.engine.turns import seat_order

# Every game and contract: (game, declaration, options).
CONTRACTS: list[tuple[str, Declaration, dict[str, str]]] = [
    *[("42", Declaration("suit", s), {}) for s in range(7)],
    ("42", Declaration("doubles"), {}),
    ("42", Declaration("follow-me"), {}),
    ("42", Declaration("follow-me", doubles_low=True), {"follow-me-doubles": "low"}),
    ("42", Declaration("nello", doubles_suit=True), {"nello": "on"}),
    ("42", Declaration("nello"), {"nello": "on", "nello-doubles": "high"}),
    ("42", Declaration("nello", doubles_low=True), {"nello": "on", "nello-doubles": "low"}),
    ("42", Declaration("sevens"), {"sevens": "on"}),
    *[("moon", Declaration("suit", s), {}) for s in (0, 3, 6)],
    ("moon", Declaration("doubles"), {}),
    ("moon", Declaration("follow-me"), {}),
    *[("88", Declaration("suit", s), {}) for s in range(7)],
]


def oracle(pos: Position) -> tuple[int, dict[Tile, int]]:
    """The value of ``pos`` and after each legal tile, by trying every line of play."""
    table = pos.table
    players = len(pos.hands)
    nxt = seat_order(players, pos.out)
    size = players - len(pos.out)
    side = pos.teams[pos.declarer]
    hands = [list(h) if s not in pos.out else [] for s, h in enumerate(pos.hands)]

    def worth(tiles: list[Tile]) -> int:
        if pos.lose_all:
            return 1
        return pos.trick_points + (sum(count_value(t) for t in tiles) if pos.counters else 0)

    def after(seat: int, trick: list[tuple[int, Tile]], t: Tile) -> int:
        hands[seat].remove(t)
        trick.append((seat, t))
        if len(trick) < size:
            v = best(nxt[seat], trick)
        else:
            tiles = [x for _, x in trick]
            winner = trick[table.winner(tiles)][0]
            v = (worth(tiles) if pos.teams[winner] == side else 0) + (best(winner, []) if hands[winner] else 0)
        trick.pop()
        hands[seat].append(t)
        return v

    def best(seat: int, trick: list[tuple[int, Tile]]) -> int:
        lead = trick[0][1] if trick else None
        values = [after(seat, trick, t) for t in set(table.playable(hands[seat], lead))]
        return max(values) if (pos.teams[seat] == side) != pos.lose_all else min(values)

    trick = list(pos.trick)
    per_tile = {t: pos.taken + after(pos.turn, trick, t) for t in set(table.playable(hands[pos.turn], trick[0][1] if trick else None))}
    values = per_tile.values()
    value = max(values) if (pos.teams[pos.turn] == side) != pos.lose_all else min(values)
    return value, per_tile


def claim_oracle(pos: Position) -> bool:
    """Whether the declaring side takes every remaining trick (nello: loses every one), by the oracle."""
    tricks_only = dataclasses.replace(pos, trick_points=1, counters=False, points=pos.tricks)
    value, _ = oracle(tricks_only)
    active = [s for s in range(len(pos.hands)) if s not in pos.out]
    left = (sum(len(pos.hands[s]) for s in active) + len(pos.trick)) // len(active)
    taken = pos.tricks[pos.declaring_team]
    return value == (taken if pos.lose_all else taken + left)


def hand_in_play(game: str, declaration: Declaration, options: dict[str, str], rng: random.Random) -> Hand:
    """A hand of ``game`` just after trump is named, the first bidder the declarer."""
    rules = make_rules(game, options)
    g = rules.game
    deal, kitty = shuffle_deal(g, rng)
    dealer = rng.randrange(g.players)
    hand = Hand(rules, dealer, deal, kitty)
    first = (dealer + 1) % g.players
    if game == "42":
        hand.bid(first, Bid(42))
    elif game == "moon":
        hand.bid(first, Bid(4))
    else:
        suit = declaration.suit
        assert suit is not None
        if not any(t.has(suit) for t in hand.hands[first]):  # the bidder must hold the suit
            return hand_in_play(game, declaration, options, rng)
        hand.bid(first, Bid(60, suit))
    while hand.phase is Phase.AUCTION:
        hand.bid(hand.turn, None)
    if hand.phase is Phase.EXCHANGE:
        if game == "moon":  # the widow joins the hand, then one of the eight goes back
            hand.exchange(list(hand.kitty), [rng.choice(hand.hands[first] + hand.kitty)])
        else:  # the cat: tiles go back from the hand, and no counter may stay in the cat
            give = rng.sample([t for t in hand.hands[first] if not count_value(t)], len(hand.kitty))
            hand.exchange(list(hand.kitty), give)
    if hand.phase is Phase.DECLARE:
        hand.declare(declaration)
    assert hand.phase is Phase.PLAY
    return hand


def ending(game: str, declaration: Declaration, options: dict[str, str], rng: random.Random, tricks_left: int) -> Position:
    """Random legal play down to ``tricks_left`` tricks, sometimes into the next trick."""
    hand = hand_in_play(game, declaration, options, rng)
    stop = GAMES[game].hand_size - tricks_left
    extra = rng.randrange(hand.trick_size)
    while len(hand.tricks) < stop or len(hand.trick) < extra:
        hand.play(rng.choice(hand.legal_plays()))
    return position_of(hand.view())


def endings(n: int, tricks: dict[str, int], seed: int) -> Iterator[tuple[str, Declaration, Position]]:
    rng = random.Random(seed)
    for i in range(n):
        game, declaration, options = CONTRACTS[i % len(CONTRACTS)]
        yield game, declaration, ending(game, declaration, options, rng, tricks[game])


def check(pos: Position) -> None:
    value, per_tile = oracle(pos)
    got = solve(pos, moves=True)
    assert got.solved
    assert got.value == value
    assert dict(got.moves) == per_tile
    assert got.best is not None and per_tile[got.best] == value
    assert got.cost(got.best) == 0 and min(got.cost(t) for t in per_tile) == 0


@pytest.mark.parametrize("seed", range(4))
def test_two_trick_endings_match_the_oracle(seed: int) -> None:
    for _, _, pos in endings(len(CONTRACTS) * 10, {"42": 2, "moon": 2, "88": 2}, seed):
        check(pos)


@pytest.mark.parametrize("seed", range(3))
def test_three_trick_endings_match_the_oracle(seed: int) -> None:
    for _, _, pos in endings(len(CONTRACTS) * 3, {"42": 3, "moon": 3, "88": 2}, 100 + seed):
        check(pos)


def test_four_trick_endings_match_the_oracle() -> None:
    for _, _, pos in endings(len(CONTRACTS) - 7, {"42": 4, "moon": 4, "88": 2}, 7):
        check(pos)


def test_88_three_trick_endings_match_the_oracle() -> None:
    """Three tricks of six plays: the first trick's last play looks the next leads up in
    the table (``solver_search.ETC_FROM``) before searching them."""
    n = 0
    for game, _, pos in endings(len(CONTRACTS) * 8, {"42": 1, "moon": 1, "88": 3}, 11):
        if game == "88":
            check(pos)
            n += 1
    assert n == 56


def test_claims_agree_with_the_oracle() -> None:
    """``claim_holds`` between tricks and within one, against the oracle on tricks."""
    answers = set()
    for _, _, pos in endings(len(CONTRACTS) * 4, {"42": 3, "moon": 3, "88": 2}, 5):
        want = claim_oracle(pos)
        assert claim_holds(pos) is want
        answers.add(want)
    assert answers == {True, False}


def test_budget_exhaustion_says_unsolved_and_gives_no_value() -> None:
    rng = random.Random(3)
    hand = hand_in_play("42", Declaration("suit", 5), {}, rng)
    pos = position_of(hand.view())
    small = solve(pos, budget=50, moves=True, line=True)
    assert not small.solved and small.value is None and small.best is None and small.moves == () and small.line == ()
    assert small.nodes == 51
    assert claim_holds(pos, budget=0) is None
    assert solve(pos).solved


def test_line_of_best_play_replays_to_the_value() -> None:
    """Every tile of the line is legal in the live hand, and the hand ends with the value."""
    rng = random.Random(11)
    for game, declaration, options in CONTRACTS[::3]:
        hand = hand_in_play(game, declaration, options, rng)
        while len(hand.tricks) < GAMES[game].hand_size - 4:
            hand.play(rng.choice(hand.legal_plays()))
        pos = position_of(hand.view())
        got = solve(pos, line=True)
        assert got.solved and got.value is not None
        for seat, t in got.line:
            assert hand.turn == seat and t in hand.legal_plays()
            hand.play(t)
        assert hand.phase is Phase.DONE
        team = pos.declaring_team
        assert got.value == (hand.team_tricks[team] if pos.lose_all else hand.points[team])


def test_a_line_keeps_one_table_and_gives_what_each_position_alone_gives() -> None:
    """``solve_line`` along random play: at every position the oracle's value and values
    after each tile (endings), or ``solve``'s own (whole Moon and 42 hands)."""
    rng = random.Random(23)
    for game, declaration, options in CONTRACTS[::2]:
        tricks = 3 if game != "88" else 2
        hand = hand_in_play(game, declaration, options, rng)
        while len(hand.tricks) < GAMES[game].hand_size - tricks:
            hand.play(rng.choice(hand.legal_plays()))
        start = position_of(hand.view())
        positions, plays = [], []
        while not hand.finished:
            positions.append(position_of(hand.view()))
            plays.append(rng.choice(hand.legal_plays()))
            hand.play(plays[-1])
        line = solve_line(start, plays)
        assert len(line) == len(plays)
        for pos, got in zip(positions, line, strict=True):
            value, per_tile = oracle(pos)
            assert got is not None, "every position of a short line is solved within the budget"
            assert (got.value, dict(got.moves)) == (value, per_tile)
    for game, declaration, options in [("moon", Declaration("suit", 3), {}), ("42", Declaration("suit", 5), {})]:
        hand = hand_in_play(game, declaration, options, rng)
        start = position_of(hand.view())
        positions, plays = [], []
        while not hand.finished and len(plays) < 12:
            positions.append(position_of(hand.view()))
            plays.append(rng.choice(hand.legal_plays()))
            hand.play(plays[-1])
        for pos, got in zip(positions, solve_line(start, plays), strict=True):
            alone = solve(pos, moves=True)
            assert got is not None
            assert (got.value, got.moves, got.mover_high) == (alone.value, alone.moves, alone.mover_high)


def _played_out(game: str, declaration: Declaration, seed: int) -> tuple[Position, list[Tile]]:
    """A hand's opening position and a line of best play of it to the last trick (a hand
    played at random ends when its contract is settled)."""
    start = position_of(hand_in_play(game, declaration, {}, random.Random(seed)).view())
    return start, [t for _, t in solve(start, line=True).line]


def test_a_line_solves_each_position_on_its_own_budget_and_refuses_an_illegal_tile() -> None:
    """A position past the budget is unsolved; every other one is still solved, and right."""
    start, plays = _played_out("42", Declaration("suit", 4), 8)
    whole = solve_line(start, plays)
    short = solve_line(start, plays, budget=60)
    assert len(short) == len(whole) == len(plays) and all(s is not None and s.solved for s in whole)
    unsolved = [i for i, s in enumerate(short) if s is not None and not s.solved]
    assert 0 in unsolved and len(unsolved) < len(plays) - 4  # the opening is dear, the endings cheap
    for got, want in zip(short, whole, strict=True):
        assert got is not None and want is not None and not got.stopped
        if got.solved:
            assert (got.value, got.moves) == (want.value, want.moves)
        else:
            assert got.value is None and got.moves == () and got.nodes > 60
    held_by_another = start.hands[(start.turn + 1) % 4][0]
    with pytest.raises(ValueError, match="cannot play"):
        solve_line(start, [plays[0], held_by_another])


def test_a_stopped_line_keeps_what_it_solved_from_the_end() -> None:
    """``stop`` is asked between positions and every ``STRIDE`` nodes: told to stop at its
    fifth question, the line has solved the last positions (few nodes each) and left the
    rest unreached (None), never guessed."""
    start, plays = _played_out("42", Declaration("suit", 2), 3)
    whole = solve_line(start, plays)
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 5

    cut = solve_line(start, plays, stop=stop)
    assert cut[:-4] == [None] * (len(plays) - 4)
    assert [(s.value, s.moves) for s in cut[-4:] if s is not None] == [(s.value, s.moves) for s in whole[-4:] if s is not None]


def test_a_search_told_to_stop_gives_up_within_a_stride() -> None:
    """A Texas 88 deal from its opening lead needs far more than ``STRIDE`` nodes; a
    ``stop`` that always says yes ends it at the first question, unsolved."""
    hand = hand_in_play("88", Declaration("suit", 6), {}, random.Random(5))
    start = position_of(hand.view())
    got = solve(start, stop=lambda: True)
    assert (got.solved, got.value, got.stopped) == (False, None, True)
    assert STRIDE < got.nodes <= 2 * STRIDE + 1
    assert solve(start, budget=STRIDE // 2, stop=lambda: True).stopped is False  # the budget came first


def test_sevens_is_forced_and_gives_the_forced_line() -> None:
    rules = make_rules("42", {"sevens": "on"})
    deal = [
        [tile(t) for t in h.split()]
        for h in (
            "6-1 5-2 4-3 6-0 5-1 4-2 3-3",  # N: the three 7s, then three 6s and a 6
            "6-2 5-3 4-4 6-3 5-4 2-0 1-0",
            "0-0 1-1 2-1 3-0 3-1 3-2 4-0",
            "4-1 5-0 5-5 6-4 6-5 6-6 2-2",
        )
    ]
    hand = Hand(rules, 3, deal)
    hand.bid(0, Bid(42))
    for seat in (1, 2, 3):
        hand.bid(seat, None)
    hand.declare(Declaration("sevens"))
    got = solve(position_of(hand.view()))
    assert got.forced and got.solved
    assert len(got.line) == 28
    for seat, t in got.line:  # each play is a tile nearest 7 of the hand (any of them on a tie)
        assert hand.turn == seat and abs(t.pips - 7) == min(abs(x.pips - 7) for x in hand.hands[seat])
        hand.play(t)
    assert got.value == hand.points[0]
    assert str(got.line[0][1]) in ("6-1", "5-2", "4-3") and str(got.line[2][1]) == "3-2"  # N's 7s tie; S's 3-2 is alone


@pytest.mark.parametrize("game", ["42", "moon", "88"])
def test_equivalent_tiles_searched_once_change_no_value(game: str) -> None:
    rng = random.Random(17)
    for declaration, options in [(d, o) for g, d, o in CONTRACTS if g == game][:4]:
        pos = ending(game, declaration, options, rng, 4 if game != "88" else 3)
        with_eq = solve(pos, moves=True)
        without = solve(pos, moves=True, equivalence=False)
        assert with_eq.value == without.value and with_eq.moves == without.moves
        assert with_eq.nodes <= without.nodes


def test_position_checks_its_tiles() -> None:
    pos = ending("42", Declaration("suit", 2), {}, random.Random(1), 2)
    short = pos.hands[0][1:] if pos.hands[0] else ()
    bad = Position(**{**{f: getattr(pos, f) for f in pos.__dataclass_fields__}, "hands": (short, *pos.hands[1:])})
    with pytest.raises(ValueError, match="tiles where"):
        solve(bad)


def test_the_worked_example_of_docs_analysis() -> None:
    """docs/analysis.md's example is a doctest session: its numbers are the solver's."""
    path = Path(__file__).resolve().parents[2] / "docs" / "analysis.md"
    failed, attempted = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert attempted >= 8 and failed == 0


def test_par_solves_every_declaration_and_names_the_best() -> None:
    rows = ("1-0 2-0 2-1 3-0 3-1 4-0 4-1", "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4", "4-3 4-2 3-3 3-2 2-2 1-1 0-0")
    hands = [[tile(t) for t in r.split()] for r in rows]
    p = par(make_rules("42", {"nello": "on", "sevens": "on"}), hands, 0)
    got = {str(line.declaration): (line.solution.value, line.made) for line in p.lines}
    assert got == {
        "blanks": (29, None),
        "aces": (34, None),
        "deuces": (16, None),
        "treys": (16, None),
        "fours": (42, None),
        "fives": (42, None),
        "sixes": (0, None),
        "doubles": (16, None),
        "follow-me": (42, None),
        "nello": (0, True),  # North loses every trick
        "sevens": (34, False),
    }
    assert p.best is not None and str(p.best.declaration) == "fours"  # the first of the best
    # Texas 88: a bid names a suit the bidder holds, so par offers only those.
    assert [d.suit for d in declarations_for(make_rules("88"), [tile("6-5"), tile("5-5"), tile("2-0")])] == [0, 2, 5, 6]


@pytest.mark.parametrize("game", ["42", "moon", "88"])
def test_the_weaker_of_two_tiles_and_lost_leads_change_no_answer(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where one trick settles a test for a side, a seat of that side plays the weaker of two
    tiles (``solver_order``), and a lead whose every tile loses is seen at once
    (``solver_bounds``): on longer endings than the oracle reaches, the search that asks
    "every trick?" answers as the search that tries both, at the root and after each legal
    tile, for every contract; so do ``claim_holds`` and the search on points (its value by
    zero-window tests from a low first guess, so through many windows).  Texas 88 only
    makes these; here every game does, so that tricks of three and four plays and Moon's
    three sides are tested too."""
    monkeypatch.setattr(solver_search, "WEAKEST_SIZE", 3)
    rng = random.Random(28)
    contracts = [(d, o) for g, d, o in CONTRACTS if g == game and d.kind != "nello"]
    answers = set()
    visited = [0, 0]
    for i in range(60 if game == "42" else 24):
        declaration, options = contracts[i % len(contracts)]
        pos = ending(game, declaration, options, rng, rng.randint(3, 5) if game == "42" else rng.randint(3, 4))
        both, weakest = Setup(pos, 10**7, weakest=False), Setup(pos, 10**7)
        assert both.takes_all(both.root) == weakest.takes_all(weakest.root)
        for t in pos.legal():
            m = both.slot_of(pos.turn, t)
            assert both.takes_all(both.root, m) == weakest.takes_all(weakest.root, m)
        for setup in (both, weakest):  # and the search on points, whose tests pass through such nodes
            setup.begin()
        assert exact(partial(both.points().value, both.root), both.root.rem, 1) == exact(
            partial(weakest.points().value, weakest.root), weakest.root.rem, 1
        )
        visited[0] += both.nodes()
        visited[1] += weakest.nodes()
        plain = Setup(pos, 10**7, tricks_only=True, weakest=False)
        holds = claim_holds(pos, budget=10**7)
        answers.add(holds)
        assert holds == (plain.search.value(plain.root, plain.root.left - 1, plain.root.left) >= plain.root.left)
    assert answers == {True, False}
    assert visited[1] != visited[0]  # the shortcuts were taken somewhere: the test tests something


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython's frame stack")
def test_a_whole_texas_88_search_fits_in_the_stack_its_entry_reserves() -> None:
    """Every search starts from a frame of ``ROOM`` words (``solver_stack.enter``), which
    CPython places at the base of a stack chunk of its own (the smallest power of two of
    16 KiB and up holding it and 1,000 words more); the frames of a search 54 plays deep (9
    tricks of 6 plays in Texas 88: a lead and five follows a trick), with the deepest call
    a node makes on top, must fit in the rest, or the search crosses a chunk boundary
    and CPython maps and unmaps a chunk each time it does."""
    inner = {c.co_name: c for c in Search._build.__code__.co_consts if isinstance(c, CodeType)}
    for made in (order_for, bounds_for, two_tricks_for, three_tricks_for):
        inner |= {f"{made.__name__}.{c.co_name}": c for c in made.__code__.co_consts if isinstance(c, CodeType)}

    def words(code: CodeType) -> int:
        return len(code.co_varnames) + len(code.co_cellvars) + len(code.co_freevars) + code.co_stacksize + 10

    depth = words(inner["root"]) + 9 * words(inner["lead"]) + 45 * words(inner["follow"])
    # An ending of two tricks is solved by six nested plays of ``solver_endings`` (on a
    # lead, in place of the five follows and the lead of the last trick searched).
    assert 6 * words(inner["two_tricks_for.play"]) <= 5 * words(inner["follow"]) + words(inner["lead"])
    # The first trick of an ending of three is played by five nested plays of its own, in
    # place of the five follows.
    assert 5 * words(inner["three_tricks_for.follows"]) <= 5 * words(inner["follow"])
    ending = ("lead", "follow", "two_tricks_for.play", "three_tricks_for.follows")
    on_top = max(words(c) for name, c in inner.items() if name not in ending)
    chunk = 2048
    while chunk < solver_stack.ROOM + 1000 + 10:
        chunk *= 2
    assert depth + on_top <= chunk - words(solver_stack.enter.__code__)
