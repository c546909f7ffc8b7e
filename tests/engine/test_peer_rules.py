"""The rules other 42 programs play, as options of the engine (issue 27, item 4): who
leads after a plunge or splash, LukeConran's mark ladder and trump opening lead,
jswood23's Delve and Forced Nil (with nello on 2 marks), and VAB's auction that goes
round until one bidder is left.  Each option, its default and its refusals."""

from __future__ import annotations

import pytest

from referee.engine.auction import Bid, still_to_call
from referee.engine.declarations import Declaration
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.profiles import OptionError
from referee.engine.tiles import Tile, tile


def tiles(text: str) -> list[Tile]:
    return [tile(t) for t in text.split()]


# N holds five doubles (a plunge or a splash); the deal of samples/legal/42-plunge-made.42.
DEAL = [
    tiles("6-6 6-5 5-5 5-0 2-1 1-1 0-0"),
    tiles("6-3 6-2 4-3 3-2 2-2 2-0 1-0"),
    tiles("5-2 5-1 4-4 4-2 4-1 3-3 3-1"),
    tiles("6-4 6-1 6-0 5-4 5-3 4-0 3-0"),
]
N, E, S, W = range(4)


def calls(hand: Hand, *amounts: int | None) -> None:
    """Each call in turn (None a pass)."""
    for amount in amounts:
        assert hand.turn is not None
        hand.bid(hand.turn, None if amount is None else Bid(amount))


def plunged(options: dict[str, str], contract: str = "plunge", amount: int = 168) -> Hand:
    """E, S and W pass and N (the dealer) bids the contract; S names aces."""
    hand = Hand(make_rules("42", {contract: "on", **options}), dealer=N, deal=DEAL)
    calls(hand, None, None, None)
    hand.bid(N, Bid(amount, None, contract))
    hand.declare(Declaration("suit", 1), by=S)
    return hand


# -- plunge-lead ---------------------------------------------------------------------------


def test_a_plunge_is_led_by_the_partner_under_plunge_lead_partner() -> None:
    hand = plunged({"plunge-lead": "partner"})
    assert hand.phase is Phase.PLAY and hand.turn == S
    refusal = hand.check_play(N, tile("6-6"))
    assert refusal is not None and refusal.code == "E401" and "S's turn" in refusal.message
    hand.play(tile("5-2"), S)
    assert hand.turn == W  # clockwise from the leader


def test_a_splash_is_led_by_the_partner_too() -> None:
    assert plunged({"plunge-lead": "partner"}, "splash", 84).turn == S


def test_the_declarer_leads_a_plunge_by_default() -> None:
    hand = plunged({})
    assert hand.rules.option("plunge-lead") == "declarer" and hand.turn == N
    refusal = hand.check_play(S, tile("5-2"))
    assert refusal is not None and refusal.code == "E401"


def test_the_partner_leads_only_after_a_plunge_or_splash() -> None:
    hand = Hand(make_rules("42", {"plunge": "on", "plunge-lead": "partner"}), dealer=N, deal=DEAL)
    calls(hand, None, None, None, 42)
    hand.declare(Declaration("suit", 6))
    assert hand.turn == N


def test_plunge_lead_needs_a_contract_that_names_the_partner() -> None:
    with pytest.raises(OptionError, match="plunge-lead needs plunge=on or splash=on"):
        make_rules("42", {"plunge-lead": "partner"})
    with pytest.raises(OptionError, match="takes declarer or partner"):
        make_rules("42", {"plunge": "on", "plunge-lead": "bidder"})


# -- mark-bids -----------------------------------------------------------------------------


def mark_bid(options: dict[str, str], first: int, second: int) -> str | None:
    """The code of the refusal of ``second`` bid over ``first`` (None: allowed) by the next
    seat, ``first`` reached from N's opening of at most 84 one mark at a time."""
    hand = Hand(make_rules("42", options), dealer=W, deal=DEAL)
    calls(hand, *([first] if first <= 84 else range(84, first + 1, 42)))
    assert hand.turn is not None
    refusal = hand.check_bid(hand.turn, Bid(second))
    return None if refusal is None else str(refusal.code)


@pytest.mark.parametrize(
    ("first", "second", "one_more", "after_84"),
    [
        (84, 168, "E204", None),  # LukeConran: 84 straight to 168
        (84, 126, None, None),
        (126, 168, None, None),
        (42, 84, None, None),
        (30, 84, None, None),
        (42, 126, "E204", "E204"),  # above 84 only once 84 is bid
        (42, 168, "E204", "E204"),
        (168, 210, None, "E204"),  # LukeConran's ladder stops at 168
    ],
)
def test_mark_bids_after_84(first: int, second: int, one_more: str | None, after_84: str | None) -> None:
    assert mark_bid({}, first, second) == one_more
    assert mark_bid({"mark-bids": "after-84"}, first, second) == after_84


def test_a_jump_to_168_names_the_rule() -> None:
    hand = Hand(make_rules("42", {"mark-bids": "after-84"}), dealer=W, deal=DEAL)
    hand.bid(N, Bid(42))
    refusal = hand.check_bid(E, Bid(168))
    assert (
        refusal is not None and refusal.message == "E bid 4 marks over 1 mark; more than 2 marks is bid only over a bid of 2 marks or more"
    )


def test_after_84_lists_168_over_84_and_nothing_above() -> None:
    hand = Hand(make_rules("42", {"mark-bids": "after-84"}), dealer=W, deal=DEAL)
    hand.bid(N, Bid(84))
    amounts = [b.amount for b in hand.legal_calls() if b is not None]
    assert amounts == [126, 168]


def test_mark_bids_needs_marks_scoring() -> None:
    with pytest.raises(OptionError, match="mark-bids needs scoring=marks"):
        make_rules("42", {"mark-bids": "after-84", "scoring": "points"})


# -- opening-lead --------------------------------------------------------------------------


def led(options: dict[str, str], declaration: Declaration) -> Hand:
    """N bids 30 and names ``declaration``; N is to lead."""
    hand = Hand(make_rules("42", options), dealer=W, deal=DEAL)
    calls(hand, 30, None, None, None)
    hand.declare(declaration)
    return hand


def test_a_non_trump_opening_lead_is_refused_under_opening_lead_trump() -> None:
    hand = led({"opening-lead": "trump"}, Declaration("suit", 5))
    refusal = hand.check_play(N, tile("6-6"))
    assert refusal is not None and refusal.code == "E414"
    assert refusal.message == "N led 6-6, which is not a trump, holding 6-5"
    assert hand.legal_plays() == tiles("6-5 5-5 5-0")
    assert hand.check_play(N, tile("5-0")) is None


def test_any_opening_lead_by_default() -> None:
    hand = led({}, Declaration("suit", 5))
    assert hand.check_play(N, tile("6-6")) is None and len(hand.legal_plays()) == 7


def test_the_trump_lead_is_owed_only_when_held_and_only_at_the_first_trick() -> None:
    hand = led({"opening-lead": "trump"}, Declaration("suit", 4))  # N holds no four
    assert hand.check_play(N, tile("6-6")) is None
    for t in ("6-6", "6-3", "4-4", "6-1"):  # S trumps with 4-4 and leads the next trick
        hand.play(tile(t))
    assert hand.turn == S and hand.check_play(S, tile("5-2")) is None  # S holds 4-2 and 4-1, but it is trick 2


def test_doubles_trump_asks_for_a_double_and_follow_me_for_nothing() -> None:
    hand = led({"opening-lead": "trump"}, Declaration("doubles"))
    refusal = hand.check_play(N, tile("6-5"))
    assert refusal is not None and refusal.code == "E414"
    assert led({"opening-lead": "trump"}, Declaration("follow-me")).check_play(N, tile("6-5")) is None


# -- delve ---------------------------------------------------------------------------------


@pytest.mark.parametrize("first", [30, 42, 84, 126, 168])
def test_a_delve_is_7_marks_over_any_lower_bid(first: int) -> None:
    assert mark_bid({"delve": "on"}, first, 294) is None


def test_without_delve_7_marks_is_a_jump() -> None:
    assert mark_bid({}, 30, 294) == "E204"


def test_a_delve_is_outbid_one_mark_at_a_time() -> None:
    hand = Hand(make_rules("42", {"delve": "on"}), dealer=W, deal=DEAL)
    calls(hand, 30, 294)
    refusal = hand.check_bid(S, Bid(294))
    assert refusal is not None and refusal.code == "E202"  # a second delve does not raise the bid
    assert hand.check_bid(S, Bid(336)) is None
    refusal = hand.check_bid(S, Bid(378))
    assert refusal is not None and refusal.code == "E204"
    assert 294 in [b.amount for b in Hand(make_rules("42", {"delve": "on"}), dealer=W, deal=DEAL).legal_calls() if b]


def test_delve_needs_the_one_more_ladder_and_marks() -> None:
    with pytest.raises(OptionError, match="delve needs mark-bids=one-more"):
        make_rules("42", {"delve": "on", "mark-bids": "after-84"})
    with pytest.raises(OptionError, match="delve needs scoring=marks"):
        make_rules("42", {"delve": "on", "scoring": "points"})


# -- nello-marks and forced-nello --------------------------------------------------------

NELLO2 = {"nello": "on", "nello-marks": "2"}
FORCED = {**NELLO2, "forced-nello": "on", "all-pass": "forced"}


def nello_after(options: dict[str, str], *amounts: int | None) -> str | None:
    """The code of the refusal of nello after the calls (dealer W; None: allowed)."""
    hand = Hand(make_rules("42", options), dealer=W, deal=DEAL)
    calls(hand, *amounts)
    refusal = hand.check_declare(hand.default_declaration("nello"))
    return None if refusal is None else str(refusal.code)


def test_nello_on_two_marks() -> None:
    assert nello_after({"nello": "on"}, 42, None, None, None) is None
    assert nello_after(NELLO2, 42, None, None, None) == "E212"
    assert nello_after(NELLO2, 84, None, None, None) is None


def test_a_forced_dealer_may_call_nello_on_one_mark() -> None:
    assert nello_after(FORCED, None, None, None, 42) is None  # W, the dealer, forced after three passes
    assert nello_after(FORCED, None, None, None, 41) == "E212"  # a point bid is not a mark
    assert nello_after(FORCED, 42, None, None, None) == "E212"  # N was not forced
    assert nello_after({**FORCED, "forced-nello": "off"}, None, None, None, 42) == "E212"


def test_forced_nello_needs_its_setting() -> None:
    with pytest.raises(OptionError, match="forced-nello needs nello-marks=2"):
        make_rules("42", {"nello": "on", "forced-nello": "on", "all-pass": "forced"})
    with pytest.raises(OptionError, match="forced-nello needs all-pass=forced"):
        make_rules("42", {**NELLO2, "forced-nello": "on"})
    with pytest.raises(OptionError, match="nello-marks needs nello=on"):
        make_rules("42", {"nello-marks": "2"})


# -- auction -------------------------------------------------------------------------------


def test_the_auction_goes_round_until_one_bidder_is_left() -> None:
    hand = Hand(make_rules("42", {"auction": "until-one-left"}), dealer=W, deal=DEAL)
    calls(hand, 30, 31, None, None)  # N 30, E 31, S and W pass
    assert hand.phase is Phase.AUCTION and hand.turn == N and still_to_call(hand) == 1
    calls(hand, 32)  # N again; S and W are out, so E
    assert hand.turn == E
    refusal = hand.check_bid(S, Bid(33))
    assert refusal is not None and refusal.code == "E201"
    calls(hand, None)
    phase: Phase = hand.phase  # read again: the calls moved it on (mypy narrowed it above)
    assert phase is Phase.DECLARE and hand.declarer == N and hand.high_bid == Bid(32)


def test_one_round_by_default() -> None:
    hand = Hand(make_rules("42"), dealer=W, deal=DEAL)
    calls(hand, 30, 31, None, None)
    assert hand.phase is Phase.DECLARE and hand.declarer == E
    refusal = hand.check_bid(N, Bid(32))
    assert refusal is not None and refusal.code == "E209"


def test_everyone_passing_still_throws_the_hand_in_and_a_lone_bid_wins() -> None:
    hand = Hand(make_rules("42", {"auction": "until-one-left"}), dealer=W, deal=DEAL)
    calls(hand, None, None, None, None)
    assert hand.phase is Phase.THROWN_IN
    hand = Hand(make_rules("42", {"auction": "until-one-left"}), dealer=W, deal=DEAL)
    calls(hand, None, None, 30, None)
    assert hand.phase is Phase.DECLARE and hand.declarer == S


def test_moon_plays_the_open_auction_too() -> None:
    deal = [tiles("6-6 6-5 6-4 6-3 6-2 6-1 0-0"), tiles("5-5 5-4 5-3 5-2 5-1 4-4 4-3"), tiles("4-2 4-1 3-3 3-2 3-1 2-2 2-1")]
    hand = Hand(make_rules("moon", {"auction": "until-one-left"}), dealer=2, deal=deal, kitty=[tile("1-1")])
    calls(hand, 4, 5, None, 6)  # A 4, B 5, C passes, A 6: B is still in
    assert hand.phase is Phase.AUCTION and hand.turn == 1
    calls(hand, 21)  # shooting the moon ends the auction at once
    phase: Phase = hand.phase  # read again: the call moved it on (mypy narrowed it above)
    assert phase is Phase.EXCHANGE and hand.declarer == 1
