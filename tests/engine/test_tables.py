"""Trump tables checked against RULES.md section 1, written without the engine's helpers.

The expected tables below come from this file's own small model of the rules
(and literal orders copied from the rulebook), so a mistake in
``referee.engine.declarations`` cannot hide in the expectation.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

import pytest

from referee.engine.declarations import Declaration, TrumpTable, table_for
from referee.engine.tiles import Tile, double_six, moon_set, tile

DOUBLES = 7  # the suit of the doubles when doubles are trump

# -- the rules, modelled independently -------------------------------------------------

# Every tile of the double-six set as (high end, low end), written out by hand.
ENDS: list[tuple[int, int]] = [(hi, lo) for hi in range(6, -1, -1) for lo in range(hi, -1, -1)]

DECLARATIONS: dict[str, Declaration] = {
    **{f"suit {n}": Declaration("suit", n) for n in range(7)},
    "doubles": Declaration("doubles"),
    "follow-me high": Declaration("follow-me"),
    "follow-me low": Declaration("follow-me", doubles_low=True),
}


def trump_of(d: Declaration) -> int | None:
    """The trump suit: a number, DOUBLES, or None for follow-me."""
    return d.suit if d.kind == "suit" else DOUBLES if d.kind == "doubles" else None


def is_trump(ends: tuple[int, int], d: Declaration) -> bool:
    hi, lo = ends
    if d.kind == "suit":
        return d.suit in (hi, lo)
    return d.kind == "doubles" and hi == lo


def expected_calls(ends: tuple[int, int], d: Declaration) -> int:
    """Rule 1: a trump calls trumps; rule 2: otherwise the higher end."""
    if is_trump(ends, d):
        trump = trump_of(d)
        assert trump is not None
        return trump
    return ends[0]


def expected_follows(ends: tuple[int, int], d: Declaration) -> set[int]:
    """A trump follows only trumps; a double its number; other tiles either end."""
    if is_trump(ends, d):
        trump = trump_of(d)
        assert trump is not None
        return {trump}
    return {ends[0], ends[1]}


@cache
def expected_order(suit: int, d: Declaration) -> list[tuple[int, int]]:
    """The tiles of ``suit``, highest first."""
    members = [e for e in ENDS if suit in expected_follows(e, d)]
    if suit == DOUBLES:
        return sorted(members, reverse=True)
    low_doubles = d.kind == "follow-me" and d.doubles_low

    def key(e: tuple[int, int]) -> tuple[int, int]:
        other = e[1] if e[0] == suit else e[0]
        double_place = (-1 if low_doubles else 7) if e[0] == e[1] else other
        return (double_place, other)

    return sorted(members, key=key, reverse=True)


def expected_winner(trick: list[tuple[int, int]], d: Declaration) -> int:
    """Index of the winning tile: highest trump, else highest of the called suit."""
    trumps = [i for i, e in enumerate(trick) if is_trump(e, d)]
    if trumps:
        suit = trump_of(d)
        assert suit is not None
        candidates = trumps
    else:
        suit = expected_calls(trick[0], d)
        candidates = [i for i, e in enumerate(trick) if suit in expected_follows(e, d)]
    order = expected_order(suit, d)
    return min(candidates, key=lambda i: (order.index(trick[i]), i))


def t_of(ends: tuple[int, int]) -> Tile:
    return Tile.of(*ends)


def names(tiles: str) -> list[Tile]:
    return [tile(x) for x in tiles.split()]


# -- whole tables -----------------------------------------------------------------------


def test_the_set_has_28_distinct_tiles() -> None:
    assert len(ENDS) == 28 == len(set(ENDS))
    assert sorted(double_six()) == sorted(t_of(e) for e in ENDS)


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_calls_follows_and_trump_flags(name: str) -> None:
    d = DECLARATIONS[name]
    table = table_for(d)
    for e in ENDS:
        t = t_of(e)
        assert table.calls[t] == expected_calls(e, d), f"{name}: {t} leads"
        assert table.suit_of_lead(t) == expected_calls(e, d)
        assert table.is_trump[t] == is_trump(e, d), f"{name}: {t} trump?"
        for suit in range(8):
            assert table.follows_suit(t, suit) == (suit in expected_follows(e, d)), f"{name}: does {t} follow suit {suit}?"


@pytest.mark.parametrize(
    "d",
    [
        *DECLARATIONS.values(),
        Declaration("nello"),
        Declaration("nello", doubles_low=True),
        Declaration("nello", doubles_suit=True),
        Declaration("sevens"),
    ],
)
def test_suit_sets_are_the_tiles_that_follow(d: Declaration) -> None:
    """``suit_sets`` (the renege test of ``play_run``) names, for each suit, the very tiles
    ``follows`` marks: a tile of the set follows the suit, and no other does."""
    table = table_for(d)
    for suit in range(8):
        want = {t for t in double_six() if table.follows_suit(t, suit)}
        assert {t for t in double_six() if t in table.suit_sets[suit]} == want, f"{d}: suit {suit}"
        for held in ([t for t in double_six() if t not in want][:7], double_six()[:7], []):
            assert table.suit_sets[suit].isdisjoint(held) == (not any(table.follows_suit(t, suit) for t in held))


def outranks(table: TrumpTable, suit: int, order: list[Tile], a: Tile, b: Tile) -> bool | None:
    """Whether ``a`` beats ``b`` in ``suit``, seen through ``winner()``; None if no trick shows it.

    ``order`` is the suit highest first; a trick is led by ``a``, by ``b``, or by
    a tile of the suit ranked below ``b`` (one ranked above both would take it).
    """
    if table.calls[a] == suit:
        return table.winner([a, b]) == 0
    if table.calls[b] == suit:
        return table.winner([b, a]) == 1
    below = [t for t in order[order.index(b) + 1 :] if table.calls[t] == suit]
    if not below:
        return None
    lead = below[0]
    first = table.winner([lead, a, b])
    second = table.winner([lead, b, a])
    assert first != 0 and second != 0, f"{lead} led should lose to {a} and {b}"
    return first == 1 and second == 2


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_rank_order_within_every_suit(name: str) -> None:
    """Every pair of tiles of a suit compares as the expected order says, wherever a trick shows it."""
    d = DECLARATIONS[name]
    table = table_for(d)
    for suit in [*range(7), DOUBLES]:
        order = [t_of(e) for e in expected_order(suit, d)]
        if not any(table.calls[t] == suit for t in order):
            continue  # DOUBLES when doubles are not trump: no such suit
        for i, a in enumerate(order):
            for b in order[i + 1 :]:
                assert outranks(table, suit, order, a, b) in (True, None), f"{name}: {a} should beat {b} in suit {suit}"


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_every_two_tile_trick(name: str) -> None:
    d = DECLARATIONS[name]
    table = table_for(d)
    for a, b in permutations(ENDS, 2):
        assert table.winner([t_of(a), t_of(b)]) == expected_winner([a, b], d), f"{name}: {a} led, {b} played"


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_every_three_tile_trick(name: str) -> None:
    d = DECLARATIONS[name]
    table = table_for(d)
    tiles = {e: t_of(e) for e in ENDS}
    for a, b, c in permutations(ENDS, 3):
        got = table.winner([tiles[a], tiles[b], tiles[c]])
        assert got == expected_winner([a, b, c], d), f"{name}: {a} {b} {c}"


# -- literal orders from the rulebook -----------------------------------------------


def assert_order(table: TrumpTable, suit: int, written: str) -> None:
    """The rulebook's order, highest first: every pair compares that way in a trick."""
    order = names(written)
    assert sorted(order) == sorted(t for t in double_six() if table.follows_suit(t, suit))
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            assert outranks(table, suit, order, a, b) is True, f"{a} over {b}"


def test_fives_trump_order() -> None:
    assert_order(table_for(Declaration("suit", 5)), 5, "5-5 6-5 5-4 5-3 5-2 5-1 5-0")


def test_threes_in_a_sixes_hand() -> None:
    assert_order(table_for(Declaration("suit", 6)), 3, "3-3 5-3 4-3 3-2 3-1 3-0")  # 6-3 is a trump here


def test_threes_in_a_non_threes_hand() -> None:
    assert_order(table_for(Declaration("follow-me")), 3, "3-3 6-3 5-3 4-3 3-2 3-1 3-0")
    assert_order(table_for(Declaration("doubles")), 3, "6-3 5-3 4-3 3-2 3-1 3-0")  # 3-3 is a trump
    assert_order(table_for(Declaration("suit", 1)), 3, "3-3 6-3 5-3 4-3 3-2 3-0")  # 3-1 is a trump


def test_doubles_trump_order() -> None:
    assert_order(table_for(Declaration("doubles")), DOUBLES, "6-6 5-5 4-4 3-3 2-2 1-1 0-0")


def test_follow_me_low_puts_the_double_last() -> None:
    table = table_for(Declaration("follow-me", doubles_low=True))
    assert_order(table, 3, "6-3 5-3 4-3 3-2 3-1 3-0 3-3")
    assert table.winner(names("3-3 3-0")) == 1
    assert table.winner(names("6-6 6-0")) == 1


def test_follow_me_high_keeps_the_double_on_top() -> None:
    table = table_for(Declaration("follow-me"))
    assert table.winner(names("3-0 3-3")) == 1
    assert table.winner(names("6-6 6-5")) == 0


# -- the worked examples of RULES.md section 1 --------------------------------------


def test_fours_trump_a_led_6_4_is_a_trump_lead() -> None:
    table = table_for(Declaration("suit", 4))
    assert table.calls[tile("6-4")] == 4
    assert table.is_trump[tile("6-4")]
    # a six does not follow it; a four does
    assert not table.follows_suit(tile("6-5"), 4)
    assert table.follows_suit(tile("4-0"), 4)


def test_a_led_5_3_calls_fives() -> None:
    table = table_for(Declaration("suit", 1))
    assert table.calls[tile("5-3")] == 5


def test_a_led_double_calls_its_number() -> None:
    table = table_for(Declaration("suit", 1))
    assert table.calls[tile("4-4")] == 4
    assert table.calls[tile("0-0")] == 0


def test_fives_led_6_5_and_5_1_follow() -> None:
    table = table_for(Declaration("suit", 3))
    assert table.follows_suit(tile("6-5"), 5)
    assert table.follows_suit(tile("5-1"), 5)
    assert not table.follows_suit(tile("6-1"), 5)


def test_fours_trump_twos_led_4_2_is_not_a_two() -> None:
    table = table_for(Declaration("suit", 4))
    assert table.calls[tile("2-1")] == 2
    assert not table.follows_suit(tile("4-2"), 2)
    assert table.follows_suit(tile("4-2"), 4)
    # and when played on the twos it wins as a trump
    assert table.winner(names("2-1 2-2 4-2")) == 2


def test_a_trump_never_follows_its_other_number_in_any_suit_hand() -> None:
    for trump in range(7):
        table = table_for(Declaration("suit", trump))
        for t in double_six():
            if t.has(trump):
                assert [s for s in range(8) if table.follows_suit(t, s)] == [trump], f"{t} with {trump} trump"


def test_doubles_a_double_never_follows_a_number_lead() -> None:
    table = table_for(Declaration("doubles"))
    assert table.calls[tile("5-3")] == 5
    assert not table.follows_suit(tile("5-5"), 5)
    assert not table.follows_suit(tile("3-3"), 3)
    # a double played on a number lead is a trump and wins
    assert table.winner(names("5-3 6-5 0-0")) == 2


def test_doubles_after_a_double_lead_only_doubles_follow() -> None:
    table = table_for(Declaration("doubles"))
    assert table.calls[tile("2-2")] == DOUBLES
    assert table.follows_suit(tile("6-6"), DOUBLES)
    assert not table.follows_suit(tile("2-1"), DOUBLES)
    assert table.winner(names("2-2 6-2 6-6")) == 2
    assert table.winner(names("2-2 6-2 1-1")) == 0


def test_trumps_rank_by_the_trump_number_never_the_led_number() -> None:
    # fours trump, fives led: 6-4 (a four with a six) beats 5-4 (a four with a five)
    table = table_for(Declaration("suit", 4))
    assert table.winner(names("5-3 5-4 6-4")) == 2
    assert table.winner(names("5-3 6-4 5-4")) == 1
    # threes trump, sixes led: 3-2 is a low trump even though 6-2 was led
    table = table_for(Declaration("suit", 3))
    assert table.winner(names("6-2 3-2 3-1")) == 1
    assert table.winner(names("6-2 3-1 6-3")) == 2


def test_off_suit_tiles_never_win() -> None:
    table = table_for(Declaration("suit", 0))
    assert table.winner(names("2-1 6-6 5-5 4-4")) == 0


def test_texas_88_identical_tiles_the_first_played_wins() -> None:
    fours = table_for(Declaration("suit", 4))
    assert fours.winner(names("6-4 6-4")) == 0
    assert fours.winner(names("5-3 6-4 6-4")) == 1
    fives = table_for(Declaration("suit", 2))
    assert fives.winner(names("5-3 6-5 6-5 5-1 6-5")) == 1
    assert fives.winner(names("5-3 5-3")) == 0


# -- Moon -------------------------------------------------------------------------------


def test_moon_set_is_22_tiles_without_blanks_but_0_0() -> None:
    expected = [t_of(e) for e in ENDS if e[1] != 0 or e == (0, 0)]
    assert len(expected) == 22
    assert sorted(moon_set()) == sorted(expected)
    assert tile("0-0") in moon_set()
    for t in names("6-0 5-0 4-0 3-0 2-0 1-0"):
        assert t not in moon_set()


def test_moon_blanks_trump_0_0_is_the_only_trump() -> None:
    table = table_for(Declaration("suit", 0))
    assert [t for t in moon_set() if table.is_trump[t]] == [tile("0-0")]
    # 0-0 beats any lead in Moon's set
    for t in moon_set():
        if t != tile("0-0"):
            assert table.winner([t, tile("0-0")]) == 1, str(t)


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_moon_set_calls_like_42(name: str) -> None:
    d = DECLARATIONS[name]
    table = table_for(d)
    for t in moon_set():
        assert table.calls[t] == expected_calls((t.hi, t.lo), d)
