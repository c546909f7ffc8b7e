"""The hand engine: regressions other programs get wrong, every refusal code, scoring.

Deals are written out tile by tile so each test's situation can be read off the page.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from referee.codes import CATALOG
from referee.engine.auction import Bid
from referee.engine.deal import check_deal
from referee.engine.declarations import Declaration
from referee.engine.game import GameState
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.profiles import OptionError
from referee.engine.refusal import IllegalAction, Refusal
from referee.engine.tiles import Tile, tile

N, E, S, W = range(4)
A, B, C, D, E6, F = range(6)


def row(text: str) -> list[Tile]:
    return [tile(t) for t in text.split()]


def deal_of(*rows: str) -> list[list[Tile]]:
    return [row(r) for r in rows]


# N holds every six; the docstring deal of referee.engine.hand.
DEAL_SIXES = deal_of(
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
)
# W holds 5-1 as its only five; S holds the 4-2 and the 3-2.
DEAL_A = deal_of(
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "5-5 5-4 5-3 5-2 5-0 4-4 4-3",
    "4-2 4-1 4-0 3-3 3-2 3-1 3-0",
    "5-1 2-2 2-1 2-0 1-1 1-0 0-0",
)
# As DEAL_A, but S's only tile with a two is the 4-2.
DEAL_B = deal_of(
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "5-5 5-4 5-3 5-2 5-0 4-4 4-3",
    "4-2 4-1 4-0 3-3 3-1 3-0 1-1",
    "5-1 3-2 2-2 2-1 2-0 1-0 0-0",
)
# E's only five is the 5-4, W's the 6-4: both trumps when fours are trump.
DEAL_C = deal_of(
    "6-6 6-5 5-5 5-3 5-2 5-1 5-0",
    "5-4 6-3 6-2 6-1 6-0 3-3 3-2",
    "4-4 4-3 4-2 4-1 4-0 3-1 3-0",
    "6-4 2-2 2-1 2-0 1-1 1-0 0-0",
)
# Under doubles E's fours are 5-4 4-3 and the 4-4, which is only a trump.
DEAL_D = deal_of(
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "2-2 5-4 5-3 5-1 5-0 4-4 4-3",
    "4-2 4-1 4-0 3-3 3-2 3-1 3-0",
    "5-5 5-2 2-1 2-0 1-1 1-0 0-0",
)
# Texas 88: a counter (5-0) in the cat; B holds no three.
DEAL_88 = deal_of(
    "6-6 6-6 6-5 6-5 6-4 6-4 6-3 6-3 6-2",
    "6-2 6-1 6-1 6-0 6-0 5-5 5-5 5-4 5-4",
    "5-3 5-3 5-2 5-2 5-1 5-1 5-0 0-0 4-4",
    "4-4 4-3 4-3 4-2 4-2 4-1 4-1 4-0 4-0",
    "3-3 3-3 3-2 3-2 3-1 3-1 3-0 3-0 2-2",
    "2-2 2-1 2-1 2-0 2-0 1-1 1-1 1-0 1-0",
)
CAT_88 = row("5-0 0-0")
# Moon: A holds six sixes and the 5-5; the widow is 0-0.
DEAL_MOON = deal_of(
    "6-6 6-5 6-4 6-3 6-2 6-1 5-5",
    "5-4 5-3 5-2 5-1 4-4 4-3 4-2",
    "4-1 3-3 3-2 3-1 2-2 2-1 1-1",
)
WIDOW = row("0-0")


def test_the_deals_above_are_legal() -> None:
    for deal in (DEAL_SIXES, DEAL_A, DEAL_B, DEAL_C, DEAL_D):
        assert check_deal(make_rules("42").game, deal) == []
        assert len({t for h in deal for t in h}) == 28
    assert check_deal(make_rules("88").game, [*DEAL_88]) == []
    assert sorted(t for h in [*DEAL_88, CAT_88] for t in h) == sorted(make_rules("88").game.tiles)
    assert check_deal(make_rules("moon").game, DEAL_MOON) == []
    assert sorted(t for h in [*DEAL_MOON, WIDOW] for t in h) == sorted(make_rules("moon").game.tiles)


def auction(hand: Hand, *calls: int | Bid | None) -> None:
    """Make ``calls`` in turn from the first bidder (an int is a bid of that amount)."""
    for call in calls:
        assert hand.turn is not None
        hand.bid(hand.turn, Bid(call) if isinstance(call, int) else call)


def hand_42(
    deal: list[list[Tile]], dealer: int, *calls: int | None, trump: Declaration | None = None, options: dict[str, str] | None = None
) -> Hand:
    h = Hand(make_rules("42", options), dealer, deal)
    auction(h, *calls)
    if trump is not None:
        h.declare(trump)
    return h


def plays(hand: Hand, *tiles: str) -> None:
    for t in tiles:
        hand.play(tile(t))


def play_high(hand: Hand, *, to_the_end: bool = False) -> None:
    """Each player plays the highest tile it may until the hand is over."""
    while hand.phase is Phase.PLAY and (to_the_end or not hand.decided):
        hand.play(hand.legal_plays()[0])


def refused(refusal: Refusal | None, code: str) -> Refusal:
    assert refusal is not None, f"expected {code}, the engine allowed it"
    assert refusal.code == code, str(refusal)
    assert code in CATALOG
    return refusal


SIXES = Declaration("suit", 6)
FIVES = Declaration("suit", 5)
FOURS = Declaration("suit", 4)
BLANKS = Declaration("suit", 0)


# -- regressions: what other programs get wrong -------------------------------------


def test_trumps_rank_by_the_trump_number_not_the_led_number() -> None:
    # fours trump, N leads 5-3 (fives); E trumps with 5-4, W over-trumps with 6-4
    h = hand_42(DEAL_C, W, 30, None, None, None, trump=FOURS)
    plays(h, "5-3", "5-4", "3-0")
    trick = h.play(tile("6-4"))
    assert trick is not None
    assert trick.winner == W
    assert trick.points == 1 + 10


def test_a_trump_does_not_follow_its_other_number() -> None:
    # fours trump, W leads 2-1: S's 4-2 is a trump, so S is void in deuces
    h = hand_42(DEAL_B, S, 30, None, None, None, trump=FOURS)
    h.play(tile("2-1"))
    assert h.legal_plays() == row("6-2")
    h.play(tile("6-2"))
    assert h.legal_plays() == row("5-2")
    h.play(tile("5-2"))
    assert h.legal_plays() == row("4-2 4-1 4-0 3-3 3-1 3-0 1-1")
    assert h.check_play(S, tile("3-3")) is None
    trick = h.play(tile("4-2"))
    assert trick is not None and trick.winner == S


def test_a_trump_played_on_its_other_number_is_a_renege_when_the_suit_is_held() -> None:
    h = hand_42(DEAL_A, S, 30, None, None, None, trump=FOURS)
    plays(h, "2-1", "6-2", "5-2")
    assert h.legal_plays() == row("3-2")
    r = refused(h.check_play(S, tile("4-2")), "E404")
    assert r.message == "S reneged: deuces were led and S held 3-2"


def test_trump_lead_calls_trumps_not_its_high_end() -> None:
    # fours trump, W leads 6-4: a trump lead. N holds sixes but no fours: N is void.
    h = hand_42(DEAL_C, N, None, None, 30, None, trump=FOURS)
    assert h.declarer == W
    h.play(tile("6-4"))
    assert h.legal_plays() == row("6-6 6-5 5-5 5-3 5-2 5-1 5-0")  # N is void in trumps
    h.play(tile("6-6"))
    assert h.legal_plays() == row("5-4")  # E must trump


# -- play refusals -------------------------------------------------------------------


def test_renege_names_the_suit_and_the_tile_held() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None, trump=FOURS)
    plays(h, "5-5", "3-0")
    r = refused(h.check_play(W, tile("2-2")), "E404")
    assert r.message == "W reneged: fives were led and W held 5-1"
    with pytest.raises(IllegalAction) as info:
        h.play(tile("2-2"))
    assert info.value.refusal.code == "E404"
    assert h.check_play(W, tile("5-1")) is None


def test_renege_on_a_trump_lead_says_trumps() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None, trump=FOURS)
    h.play(tile("4-4"))
    r = refused(h.check_play(S, tile("3-3")), "E404")
    assert r.message == "S reneged: trumps were led and S held 4-2"


def test_doubles_after_a_double_lead_a_double_must_be_played() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None, trump=Declaration("doubles"))
    h.play(tile("4-4"))
    refused(h.check_play(S, tile("4-2")), "E404")
    assert h.legal_plays() == row("3-3")


def test_doubles_a_double_is_not_a_number() -> None:
    # doubles trump; S leads 4-2 (fours): W holds no four, N the 6-4, E 5-4 4-3 and 4-4
    h = hand_42(DEAL_D, E, 30, None, None, None, trump=Declaration("doubles"))
    assert h.declarer == S
    h.play(tile("4-2"))
    assert h.legal_plays() == row("5-5 5-2 2-1 2-0 1-1 1-0 0-0")
    h.play(tile("1-1"))  # a double played on a number lead is a trump ...
    h.play(tile("6-4"))
    assert h.legal_plays() == row("5-4 4-3")  # ... and the 4-4 is no four
    refused(h.check_play(E, tile("4-4")), "E404")
    trick = h.play(tile("4-3"))
    assert trick is not None and trick.winner == W


def test_tile_not_held() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None, trump=FOURS)
    r = refused(h.check_play(E, tile("6-6")), "E402")
    assert r.message == "E played 6-6 but does not hold it"


def test_tile_played_twice() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None, trump=FOURS)
    trick = None
    for t in ("5-5", "3-0", "5-1", "6-5"):
        trick = h.play(tile(t))
    assert trick is not None and trick.winner == E
    r = refused(h.check_play(E, tile("5-5")), "E403")
    assert r.message == "5-5 was already played in this hand"


def test_play_out_of_turn() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None, trump=FOURS)
    r = refused(h.check_play(S, tile("3-3")), "E401")
    assert r.message == "S played out of turn: it is E's turn"
    with pytest.raises(IllegalAction):
        h.play(tile("3-3"), S)


def test_play_before_the_declaration() -> None:
    h = hand_42(DEAL_A, N, 30)
    refused(h.check_play(E, tile("5-5")), "E409")
    auction(h, None, None, None)
    assert h.phase is Phase.DECLARE
    refused(h.check_play(E, tile("5-5")), "E409")
    with pytest.raises(IllegalAction):
        h.play(tile("5-5"))


def test_play_after_the_hand_ended() -> None:
    h = hand_42(DEAL_SIXES, W, 42, None, None, None, trump=SIXES)
    play_high(h)
    assert h.phase is Phase.DONE
    refused(h.check_play(None, tile("6-6")), "E405")


def test_play_in_a_thrown_in_hand() -> None:
    h = hand_42(DEAL_A, N, None, None, None, None)
    assert h.phase is Phase.THROWN_IN and h.finished
    refused(h.check_play(None, tile("5-5")), "E405")


def test_declare_outside_the_declaration_phase() -> None:
    h = hand_42(DEAL_A, N, 30)
    refused(h.check_declare(FOURS), "E409")


# -- auction refusals ----------------------------------------------------------------


def test_bid_out_of_turn() -> None:
    h = Hand(make_rules("42"), N, DEAL_A)
    r = refused(h.check_bid(S, Bid(30)), "E201")
    assert r.message == "S bid out of turn: it is E's turn"
    h.bid(E, Bid(30))
    refused(h.check_bid(E, Bid(31)), "E201")  # a second call by one player


def test_bid_not_higher() -> None:
    h = hand_42(DEAL_A, N, 31)
    refused(h.check_bid(S, Bid(31)), "E202")
    refused(h.check_bid(S, Bid(30)), "E202")
    assert h.check_bid(S, Bid(32)) is None


@pytest.mark.parametrize(
    ("game", "amount"),
    [
        ("42", 29),
        ("42", 43),
        ("42", 85),
        ("42", 0),
        ("moon", 3),
        ("moon", 8),
        ("moon", 14),
        ("88", 58),
        ("88", 61),
        ("88", 90),
        ("88", 440),
    ],
)
def test_bid_off_the_ladder(game: str, amount: int) -> None:
    deal = {"42": DEAL_A, "moon": DEAL_MOON, "88": DEAL_88}[game]
    h = Hand(make_rules(game), 0, deal)
    suit = 5 if game == "88" else None
    refused(h.check_bid(None, Bid(amount, suit)), "E203")


@pytest.mark.parametrize(
    ("first", "second", "code"),
    [
        ((30,), 84, None),
        ((84,), 168, "E204"),
        ((84,), 126, None),
        ((42,), 126, "E204"),
        ((42,), 84, None),
        ((None,), 126, "E204"),
        ((84, 126), 168, None),
        ((84, 126), 210, "E204"),
        ((41, 42), 126, "E204"),
    ],
)
def test_mark_jumps(first: tuple[int | None, ...], second: int, code: str | None) -> None:
    h = hand_42(DEAL_A, N, *first)
    r = h.check_bid(None, Bid(second))
    if code is None:
        assert r is None
    else:
        refused(r, code)


@pytest.mark.parametrize(
    ("first", "second", "code"),
    [
        ((30,), 84, None),
        ((84,), 168, None),
        ((84,), 126, "E203"),
        ((42,), 168, "E204"),
        ((None,), 168, "E204"),
        ((42,), 84, None),
        ((84, 168), 210, "E203"),
    ],
)
def test_points_version_ladder_42_84_168(first: tuple[int | None, ...], second: int, code: str | None) -> None:
    """Under points scoring the mark bids are 42, 84 and 168, 168 only over 84."""
    h = hand_42(DEAL_A, N, *first, options={"scoring": "points"})
    r = h.check_bid(None, Bid(second))
    if code is None:
        assert r is None
    else:
        refused(r, code)


def test_forced_dealer_may_not_pass() -> None:
    h = hand_42(DEAL_A, N, None, None, None, options={"all-pass": "forced"})
    r = refused(h.check_bid(N, None), "E205")
    assert "dealer" in r.message
    refused(h.check_bid(N, Bid(29)), "E203")
    h.bid(N, Bid(30))
    assert h.phase is Phase.DECLARE and h.declarer == N


def test_forced_dealer_may_pass_after_a_bid() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, options={"all-pass": "forced"})
    assert h.check_bid(N, None) is None


def test_reshake_dealer_may_pass() -> None:
    h = hand_42(DEAL_A, N, None, None, None, None)
    assert h.phase is Phase.THROWN_IN
    result = h.result()
    assert result.thrown_in and result.awards == (0, 0)


def test_moon_forced_dealer_must_bid_at_least_4() -> None:
    h = Hand(make_rules("moon", {"all-pass": "forced"}), C, DEAL_MOON, WIDOW)
    auction(h, None, None)
    refused(h.check_bid(C, None), "E205")
    assert h.check_bid(C, Bid(4)) is None


def test_88_suit_bid_without_the_suit() -> None:
    h = Hand(make_rules("88"), A, DEAL_88, CAT_88)
    r = refused(h.check_bid(B, Bid(60, 3)), "E206")
    assert r.message == "B bid treys but holds no trey"
    assert h.check_bid(B, Bid(60, 5)) is None
    h.bid(B, Bid(60, 5))
    r = refused(h.check_bid(C, Bid(62, 6)), "E206")
    assert r.message == "C bid sixes but holds no six"


def test_88_bid_must_name_a_suit() -> None:
    h = Hand(make_rules("88"), A, DEAL_88, CAT_88)
    refused(h.check_bid(B, Bid(60)), "E207")


def test_42_and_moon_bids_name_no_suit() -> None:
    refused(Hand(make_rules("42"), N, DEAL_A).check_bid(E, Bid(30, 5)), "E207")
    refused(Hand(make_rules("moon"), C, DEAL_MOON, WIDOW).check_bid(A, Bid(4, 6)), "E207")


def test_88_ladder_steps_of_two_then_marks() -> None:
    h = Hand(make_rules("88"), A, DEAL_88, CAT_88)
    h.bid(B, Bid(88, 5))
    assert h.check_bid(C, Bid(176, 5)) is None
    assert h.check_bid(C, Bid(264, 5)) is None  # no one-mark-at-a-time rule in 88
    refused(h.check_bid(C, Bid(88, 5)), "E202")


def test_call_after_the_auction() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None)
    r = refused(h.check_bid(E, None), "E209")
    assert "over" in r.message
    with pytest.raises(IllegalAction):
        h.bid(E, Bid(31), force=True)


def test_moon_21_ends_the_auction() -> None:
    h = Hand(make_rules("moon"), C, DEAL_MOON, WIDOW)
    h.bid(A, Bid(21))
    assert h.phase is Phase.EXCHANGE and h.declarer == A
    refused(h.check_bid(B, None), "E209")


def test_moon_bids_go_up() -> None:
    h = Hand(make_rules("moon"), C, DEAL_MOON, WIDOW)
    h.bid(A, Bid(5))
    refused(h.check_bid(B, Bid(5)), "E202")
    refused(h.check_bid(B, Bid(4)), "E202")
    h.bid(B, Bid(7))
    assert h.check_bid(C, Bid(21)) is None


# -- widow and cat -------------------------------------------------------------------


def hand_88_won_by_b() -> Hand:
    h = Hand(make_rules("88"), A, DEAL_88, CAT_88)
    auction(h, Bid(60, 5), None, None, None, None, None)
    assert h.phase is Phase.EXCHANGE and h.declarer == B
    return h


def test_counter_left_in_the_cat() -> None:
    h = hand_88_won_by_b()
    r = refused(h.check_exchange([], []), "E302")
    assert r.message == "B left the counter 5-0 in the cat"
    r = refused(h.check_exchange(row("5-0"), row("5-5")), "E302")
    assert r.message == "B left the counter 5-5 in the cat"
    refused(h.check_exchange(row("0-0"), row("6-1")), "E302")
    assert h.check_exchange(row("5-0"), row("6-1")) is None
    assert h.check_exchange(row("5-0 0-0"), row("6-1 6-0")) is None


def test_cat_exchange_errors() -> None:
    h = hand_88_won_by_b()
    r = refused(h.check_exchange(row("6-6"), row("6-1")), "E301")
    assert "not in the cat" in r.message
    refused(h.check_exchange(row("5-0"), row("3-3")), "E301")  # B does not hold 3-3
    refused(h.check_exchange(row("5-0"), row("6-1 6-0")), "E301")  # one taken, two given
    refused(h.check_exchange(row("5-0 5-0"), row("6-1 6-1")), "E301")  # the cat holds one 5-0


def test_cat_exchange_then_trump_is_the_bid_suit() -> None:
    h = hand_88_won_by_b()
    h.exchange(row("5-0"), row("6-1"))
    assert h.kitty == row("6-1 0-0")
    assert tile("5-0") in h.hands[B]
    assert h.phase is Phase.PLAY and h.declaration == FIVES and h.turn == B
    r = refused(h.check_declare(SIXES), "E304")
    assert "fives" in r.message
    assert h.check_declare(FIVES) is None


def test_moon_widow_exchange_errors() -> None:
    h = Hand(make_rules("moon"), C, DEAL_MOON, WIDOW)
    h.bid(A, Bid(21))
    r = refused(h.check_exchange([], []), "E303")
    assert "whole widow" in r.message
    refused(h.check_exchange(row("0-0"), []), "E303")
    refused(h.check_exchange(row("0-0"), row("6-6 6-5")), "E303")
    refused(h.check_exchange(row("6-6"), row("6-6")), "E301")
    refused(h.check_exchange(row("0-0"), row("5-4")), "E301")  # B's tile
    assert h.check_exchange(row("0-0"), row("0-0")) is None
    h.exchange(row("0-0"), row("6-1"))
    assert h.kitty == row("6-1") and tile("0-0") in h.hands[A]
    assert h.phase is Phase.DECLARE


def test_42_has_no_kitty_exchange() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None)
    refused(h.check_exchange([], []), "E306")


def test_trump_not_allowed() -> None:
    h = hand_42(DEAL_A, N, 30, None, None, None)
    r = refused(h.check_declare(Declaration("follow-me", doubles_low=True)), "E304")
    assert "follow-me-doubles" in (r.hint or "")
    assert h.check_declare(Declaration("follow-me")) is None
    low = hand_42(DEAL_A, N, 30, None, None, None, options={"follow-me-doubles": "low"})
    assert low.check_declare(Declaration("follow-me", doubles_low=True)) is None
    refused(low.check_declare(Declaration("follow-me")), "E304")


# -- deal checks ------------------------------------------------------------------------


def codes(problems: Sequence[Refusal]) -> list[str]:
    return [r.code for r in problems]


def test_wrong_deal_size() -> None:
    game = make_rules("42").game
    short = [list(h) for h in DEAL_A]
    moved = short[0].pop()
    short[1].append(moved)
    problems = check_deal(game, short)
    assert codes(problems) == ["E101", "E101"]
    assert problems[0].message == "N was dealt 6 tiles; each player gets 7 in Texas 42"


def test_tile_not_in_the_moon_set() -> None:
    game = make_rules("moon").game
    deal = [list(h) for h in DEAL_MOON]
    deal[2][0] = tile("6-0")
    problems = check_deal(game, deal)
    assert codes(problems) == ["E102"]
    assert problems[0].message == "6-0 is not in the Moon set"
    assert (problems[0].seat, problems[0].tile, problems[0].index) == (2, tile("6-0"), 0)


def test_duplicate_tile() -> None:
    game = make_rules("42").game
    deal = [list(h) for h in DEAL_A]
    deal[3][0] = tile("6-6")
    problems = check_deal(game, deal)
    assert codes(problems) == ["E103"]
    assert (problems[0].seat, problems[0].index) == (3, 0)


def test_88_holds_each_tile_twice_but_not_three_times() -> None:
    game = make_rules("88").game
    deal = [list(h) for h in DEAL_88]
    assert check_deal(game, deal) == []
    deal[5][0] = tile("6-6")
    assert codes(check_deal(game, deal)) == ["E103"]


# -- claims -------------------------------------------------------------------------------


def test_valid_claim_is_accepted_and_scored() -> None:
    h = hand_42(DEAL_SIXES, W, 42, None, None, None, trump=SIXES)
    assert h.check_claim("declarers") is None
    h.claim("declarers")
    assert h.phase is Phase.DONE
    result = h.result()
    assert result.points == (42, 0) and result.tricks == (7, 0)
    assert result.made is True and result.awards == (1, 0)
    refused(h.check_play(None, tile("6-6")), "E405")


def test_claim_after_some_tricks_counts_the_tiles_left() -> None:
    h = hand_42(DEAL_SIXES, W, 30, None, None, None, trump=SIXES, options={"scoring": "points"})
    h.play(tile("6-6"))
    assert h.check_claim("declarers") is not None  # not between tricks
    plays(h, "5-5", "4-3", "3-0")
    h.claim("declarers")
    assert h.result().points == (42, 0)
    assert h.result().awards == (42, 0)


def test_claim_the_opponents_can_defeat() -> None:
    # N has no blank; W trumps the first six
    h = hand_42(DEAL_SIXES, W, 30, None, None, None, trump=BLANKS)
    r = refused(h.check_claim("declarers"), "E407")
    assert "N" in r.message
    with pytest.raises(IllegalAction):
        h.claim("declarers")


def test_concession_gives_the_rest_to_the_opponents() -> None:
    h = hand_42(DEAL_SIXES, W, 30, None, None, None, trump=BLANKS)
    assert h.check_claim("opponents") is None
    h.claim("opponents")
    result = h.result()
    assert result.tricks == (0, 7) and result.points == (0, 42)
    assert result.made is False and result.awards == (0, 1)


def test_moon_has_no_concession() -> None:
    h = Hand(make_rules("moon"), C, DEAL_MOON, WIDOW)
    h.bid(A, Bid(21))
    h.exchange(WIDOW, WIDOW)
    h.declare(SIXES)
    assert h.check_claim("opponents") is not None
    assert h.check_claim("declarers") is None


# -- scoring: 42 marks ------------------------------------------------------------------


def test_marks_one_mark_bid_made_with_all_tricks() -> None:
    h = hand_42(DEAL_SIXES, W, 42, None, None, None, trump=SIXES)
    play_high(h)
    assert len(h.tricks) == 7 and all(t.winner == N for t in h.tricks)
    result = h.result()
    assert result.made is True and result.awards == (1, 0) and result.points == (42, 0)


def test_marks_two_mark_bid_scores_two() -> None:
    h = hand_42(DEAL_SIXES, W, 84, None, None, None, trump=SIXES)
    play_high(h)
    assert h.result().awards == (2, 0)


def test_mark_bid_needs_all_seven_tricks_and_ends_at_the_first_lost() -> None:
    h = hand_42(DEAL_SIXES, W, 42, None, None, None, trump=BLANKS)
    play_high(h)
    assert len(h.tricks) == 1 and h.tricks[0].winner == W  # W's 3-0 trumps the 6-6
    assert h.decided and h.phase is Phase.PLAY
    result = h.result()
    assert result.made is False and result.awards == (0, 1)


@pytest.mark.parametrize(("trump", "made"), [(SIXES, True), (BLANKS, False), (Declaration("follow-me"), None)])
def test_marks_point_bid_stops_as_soon_as_made_or_set(trump: Declaration, made: bool | None) -> None:
    h = hand_42(DEAL_SIXES, W, 30, None, None, None, trump=trump)
    while h.phase is Phase.PLAY and not h.decided:
        h.play(h.legal_plays()[0])
        if not h.trick:
            ns, ew = h.points
            assert h.decided == (ns >= 30 or ew > 12), (ns, ew)
    assert h.decided
    assert len(h.tricks) < 7 or h.phase is Phase.DONE
    result = h.result()
    assert result.made == (result.points[0] >= 30)
    if made is not None:
        assert result.made is made
    assert result.awards == ((1, 0) if result.made else (0, 1))


# -- scoring: 42 points version ----------------------------------------------------------


def test_points_version_made_point_bid_both_sides_score_what_they_took() -> None:
    h = hand_42(DEAL_C, W, 30, None, None, None, trump=FOURS, options={"scoring": "points"})
    play_high(h)
    assert h.phase is Phase.DONE and len(h.tricks) == 7  # point bids play out
    result = h.result()
    assert sum(result.points) == 42
    ns, ew = result.points
    assert result.made == (ns >= 30)
    assert result.awards == ((ns, ew) if result.made else (0, ew + 30))


def test_points_version_by_hand() -> None:
    # N leads sixes and wins every trick: 42 points; a made 30 scores 42 for N-S
    h = hand_42(DEAL_SIXES, W, 30, None, None, None, trump=SIXES, options={"scoring": "points"})
    play_high(h)
    assert h.result().awards == (42, 0)
    # with blanks trump W's blanks win: the set 30 gives E-W their points plus 30
    h = hand_42(DEAL_SIXES, W, 30, None, None, None, trump=BLANKS, options={"scoring": "points"})
    play_high(h)
    result = h.result()
    assert result.made is False and not h.decided  # played out
    assert result.awards == (0, result.points[1] + 30)
    assert result.points[1] > 12


def test_points_version_all_or_nothing_bids() -> None:
    h = hand_42(DEAL_SIXES, W, 42, None, None, None, trump=SIXES, options={"scoring": "points"})
    play_high(h)
    assert h.result().awards == (42, 0)
    h = hand_42(DEAL_SIXES, W, 84, None, None, None, trump=SIXES, options={"scoring": "points"})
    play_high(h)
    assert h.result().awards == (84, 0)
    h = hand_42(DEAL_SIXES, W, 84, None, 168, None, trump=BLANKS, options={"scoring": "points"})
    assert h.declarer == S
    play_high(h)
    assert len(h.tricks) == 1 and h.tricks[0].winner == W  # ends at the first trick the declarers lose
    assert h.result().awards == (0, 168)


# -- scoring: Texas 88 -------------------------------------------------------------------


def play_88(amount: int, suit: int, **options: str) -> Hand:
    h = Hand(make_rules("88", options), A, DEAL_88, CAT_88)
    auction(h, Bid(amount, suit), None, None, None, None, None)
    h.exchange(row("5-0"), row("6-1"))
    play_high(h)
    return h


def test_88_points_made_bid() -> None:
    h = play_88(60, 6)  # B holds sixes and the 5-5s; sixes trump
    result = h.result()
    assert h.phase is Phase.DONE and len(h.tricks) == 9
    assert sum(result.points) == 88 and sum(result.tricks) == 9
    aces, bdf = result.points
    assert result.made == (bdf >= 60)
    assert result.awards == ((aces, bdf) if result.made else (aces + 60, 0))


def test_88_points_formula_made_and_set() -> None:
    seen = set()
    for suit in (0, 1, 2, 4, 5, 6):
        h = play_88(60, suit)
        result = h.result()
        ace, bdf = result.points
        assert ace + bdf == 88
        made = bdf >= 60
        assert result.made is made
        assert result.awards == ((ace, bdf) if made else (ace + 60, 0))
        seen.add(made)
    assert seen == {True, False}


def test_88_all_or_nothing_bid_ends_at_the_first_lost_trick() -> None:
    h = play_88(176, 0)  # B's blanks: the 6-0s only
    result = h.result()
    assert result.made is False and result.awards == (176, 0)
    assert len(h.tricks) == next(i for i, t in enumerate(h.tricks) if t.winner % 2 == 0) + 1


def test_88_marks_scoring() -> None:
    h = play_88(60, 1, scoring="marks")
    result = h.result()
    assert result.awards in ((0, 1), (1, 0))
    assert result.awards == ((0, 1) if result.made else (1, 0))
    h = play_88(176, 0, scoring="marks")
    assert h.result().awards == (2, 0)


# -- scoring: Moon ----------------------------------------------------------------------


def moon_hand(bid: int, trump: Declaration) -> Hand:
    h = Hand(make_rules("moon"), C, DEAL_MOON, WIDOW)
    h.bid(A, Bid(bid))
    if h.phase is Phase.AUCTION:
        auction(h, None, None)
    h.exchange(WIDOW, WIDOW)
    h.declare(trump)
    play_high(h)
    return h


def test_moon_shoot_the_moon_made() -> None:
    h = moon_hand(21, SIXES)
    assert len(h.tricks) == 7 and all(t.winner == A for t in h.tricks)
    assert h.result().awards == (21, 0, 0)


def test_moon_shoot_the_moon_set_is_played_out() -> None:
    h = moon_hand(21, FIVES)  # B holds the trumps
    assert h.tricks[0].winner == B
    assert h.phase is Phase.DONE and len(h.tricks) == 7  # Moon hands are played out
    result = h.result()
    assert result.made is False
    assert result.awards == (-21, result.tricks[1], result.tricks[2])
    assert sum(result.tricks) == 7


def test_moon_bid_scores_the_bid_without_overtricks() -> None:
    assert moon_hand(5, SIXES).result().awards == (5, 0, 0)
    assert moon_hand(7, SIXES).result().awards == (7, 0, 0)  # 7 is not 21


def test_moon_set_bid_scores_minus_the_bid_and_opponents_a_point_a_trick() -> None:
    result = moon_hand(4, FOURS).result()
    assert result.tricks == (3, 4, 0)
    assert result.made is False and result.awards == (-4, 4, 0)
    result = moon_hand(5, Declaration("suit", 1)).result()
    assert result.tricks == (1, 1, 5) and result.awards == (-5, 1, 5)


def test_moon_blanks_trump_0_0_alone() -> None:
    h = Hand(make_rules("moon"), C, DEAL_MOON, WIDOW)
    h.bid(A, Bid(4))
    auction(h, None, None)
    h.exchange(WIDOW, row("6-1"))
    h.declare(BLANKS)
    h.play(tile("0-0"))  # a trump lead: nobody else holds a trump, so all are void
    assert h.legal_plays() == sorted(h.hands[B], reverse=True)
    plays(h, "4-2", "1-1")
    assert h.tricks[0].winner == A


# -- the game: dealers, winner, target --------------------------------------------------


def test_dealer_rotation_including_thrown_in_hands() -> None:
    rules = make_rules("42")
    g = GameState(rules, first_dealer=E)
    assert g.check_dealer(E) is None
    refused(g.check_dealer(N), "E105")
    h = g.new_hand(DEAL_A)
    assert h.dealer == E and h.turn == S
    auction(h, None, None, None, None)
    result = g.finish(h)
    assert result.thrown_in and g.scores == [0, 0]
    assert g.dealer == S and g.hands_played == 1
    r = refused(g.check_dealer(E), "E105")
    assert r.message == "E dealt, but the deal passes clockwise: S deals this hand"
    h = g.new_hand(DEAL_A)
    assert h.dealer == S and h.turn == W
    auction(h, 30, None, None, None)
    h.declare(FOURS)
    play_high(h)
    g.finish(h)
    assert g.dealer == W


def test_game_won_at_the_target_and_no_hand_after() -> None:
    g = GameState(make_rules("42", {"target": "2"}), first_dealer=W)
    for expected_score in ([1, 0], [2, 0]):
        assert g.check_new_hand() is None
        h = g.new_hand(DEAL_SIXES, dealer=W)
        auction(h, 42, None, None, None)
        h.declare(SIXES)
        play_high(h)
        g.finish(h)
        assert g.scores == expected_score
    assert g.over and g.winner == 0
    r = refused(g.check_new_hand(), "E505")
    assert "NS" in r.message


def test_opponents_win_by_setting() -> None:
    g = GameState(make_rules("42", {"target": "1"}), first_dealer=W)
    h = g.new_hand(DEAL_SIXES)
    auction(h, 42, None, None, None)
    h.declare(BLANKS)
    play_high(h)
    g.finish(h)
    assert g.scores == [0, 1] and g.winner == 1


def finish_moon(g: GameState, bid: int, trump: Declaration) -> None:
    h = g.new_hand(DEAL_MOON, WIDOW)
    h.bid(A, Bid(bid))
    auction(h, None, None)
    h.exchange(WIDOW, WIDOW)
    h.declare(trump)
    play_high(h)
    g.finish(h)


@pytest.mark.parametrize(
    ("before", "bid", "trump", "after", "winner"),
    [
        ([18, 17, 0], 4, FOURS, [14, 21, 0], B),  # A set; B alone reaches 21
        ([16, 20, 0], 5, Declaration("suit", 2), [21, 21, 1], A),  # both on 21: the declarer wins
        ([0, 20, 17], 5, Declaration("suit", 1), [-5, 21, 22], C),  # A not among them: the higher score
        ([0, 20, 16], 5, Declaration("suit", 1), [-5, 21, 21], None),  # still tied: play on
        ([10, 10, 10], 5, Declaration("suit", 1), [5, 11, 15], None),
    ],
)
def test_moon_game_end(before: list[int], bid: int, trump: Declaration, after: list[int], winner: int | None) -> None:
    g = GameState(make_rules("moon"), first_dealer=C)
    g.scores = list(before)
    finish_moon(g, bid, trump)
    assert g.scores == after
    assert g.winner == winner


# -- options ------------------------------------------------------------------------------


def test_option_defaults() -> None:
    r = make_rules("42")
    assert (r.option("all-pass"), r.option("scoring"), r.target, r.option("follow-me-doubles")) == ("reshake", "marks", 7, "high")
    assert make_rules("42", {"scoring": "points"}).target == 250
    assert make_rules("88").option("scoring") == "points" and make_rules("88").target == 500
    assert make_rules("88", {"scoring": "marks"}).target == 7
    assert make_rules("88", {"target": "250"}).target == 250
    assert make_rules("moon").target == 21


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("42", {"nonsense": "1"}),
        ("42", {"all-pass": "sometimes"}),
        ("42", {"scoring": "tricks"}),
        ("42", {"target": "seven"}),
        ("42", {"target": "0"}),
        ("88", {"all-pass": "forced"}),  # 88 has no forced bid
        ("88", {"follow-me-doubles": "low"}),
        ("moon", {"scoring": "marks"}),
        ("domino", {}),
    ],
)
def test_option_errors(game: str, options: dict[str, str]) -> None:
    with pytest.raises(OptionError) as info:
        make_rules(game, options)
    assert info.value.code == "S005"


def test_a_seat_with_no_tile_may_play_nothing_under_every_declaration() -> None:
    """A damaged record can leave a seat's deal out; under sevens (each plays the tile
    nearest 7) the nearest of no tiles once raised instead of giving no play (found by
    the fuzz harness through `referee show`)."""
    from referee.engine.declarations import Declaration, table_for

    for d in (Declaration("sevens"), Declaration("suit", 5), Declaration("doubles"), Declaration("follow-me")):
        assert table_for(d).playable([], None) == []
