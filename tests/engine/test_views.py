"""Views, decisions and legal lists, the turn order, and hands whose deal is not known.

Deals are written out tile by tile so each test's situation can be read off the page.
"""

from __future__ import annotations

import pytest

from referee.engine import actions
from referee.engine.actions import Bid, Call, Declare, Exchange, Play
from referee.engine.claims import position_of
from referee.engine.declarations import DOUBLES, Declaration
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.rebuild import rebuild_deal
from referee.engine.tiles import Tile, tile
from referee.engine.turns import TurnOrder
from tests.engine.test_engine import DEAL_SIXES, E, N, S, W, deal_of, row

# N holds four doubles: a plunge, partner S names trump.
DEAL_DOUBLES = deal_of(
    "6-6 5-5 4-4 3-3 6-5 6-4 6-3",
    "6-2 6-1 6-0 5-4 5-3 5-2 5-1",
    "5-0 4-3 4-2 4-1 4-0 3-2 3-1",
    "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
)
MOON_DEAL = deal_of("6-6 6-5 6-4 6-3 6-2 6-1 0-0", "5-5 5-4 5-3 5-2 5-1 4-4 4-3", "4-2 4-1 3-3 3-2 3-1 2-2 2-1")
MOON_WIDOW = row("1-1")


def bid_all(hand: Hand, *calls: Bid | None) -> None:
    for call in calls:
        hand.bid(None, call)


def in_play(rules: dict[str, str] | None = None, deal: list[list[Tile]] = DEAL_SIXES, trump: Declaration | None = None) -> Hand:
    hand = Hand(make_rules("42", rules), dealer=W, deal=deal)
    bid_all(hand, Bid(30), None, None, None)
    hand.declare(trump or Declaration("suit", 6))
    return hand


def strs(items: object) -> list[str]:
    assert isinstance(items, list | tuple)
    return [str(x) for x in items]


# -- legal calls ---------------------------------------------------------------------------


def test_legal_calls_open_with_a_pass_and_every_bid_of_the_ladder() -> None:
    hand = Hand(make_rules("42"), dealer=W, deal=DEAL_SIXES)
    assert strs(hand.legal_calls()) == ["None", *map(str, range(30, 42)), "42", "84"]


def test_legal_calls_after_two_marks_allow_one_mark_more() -> None:
    hand = Hand(make_rules("42"), dealer=W, deal=DEAL_SIXES)
    bid_all(hand, Bid(84))
    assert strs(hand.legal_calls()) == ["None", "126"]


def test_legal_calls_under_points_scoring_reach_168_only_over_84() -> None:
    hand = Hand(make_rules("42", {"scoring": "points"}), dealer=W, deal=DEAL_SIXES)
    assert strs(hand.legal_calls())[-2:] == ["42", "84"]
    bid_all(hand, Bid(84))
    assert strs(hand.legal_calls()) == ["None", "168"]


def test_a_forced_dealer_is_offered_no_pass() -> None:
    hand = Hand(make_rules("42", {"all-pass": "forced"}), dealer=W, deal=DEAL_SIXES)
    bid_all(hand, None, None, None)
    options = hand.decision().options
    assert hand.decision().kind == "call" and options[0] == Call(W, Bid(30)) and Call(W, None) not in options


def test_legal_calls_offer_a_plunge_to_a_hand_of_four_doubles_only() -> None:
    rules = make_rules("42", {"plunge": "on", "splash": "on"})
    hand = Hand(rules, dealer=W, deal=DEAL_DOUBLES)
    contracts = [b for b in hand.legal_calls() if b is not None and b.contract]
    assert strs(contracts) == ["84 splash", "168 plunge"]
    hand.bid(N, None)  # E holds no double
    assert [b for b in hand.legal_calls() if b is not None and b.contract] == []


def test_88_calls_name_the_suits_the_bidder_holds() -> None:
    deal = deal_of(
        "6-6 6-6 6-5 6-5 6-4 6-4 5-5 5-5 5-4",
        "3-3 3-3 3-2 3-2 3-1 3-1 2-2 2-2 2-1",
        "6-3 6-3 6-2 6-2 6-1 6-1 6-0 6-0 5-3",
        "5-3 5-2 5-2 5-1 5-1 5-0 5-0 4-4 4-4",
        "4-3 4-3 4-2 4-2 4-1 4-1 4-0 4-0 2-1",
        "2-0 2-0 1-1 1-1 1-0 1-0 0-0 0-0 3-0",
    )
    hand = Hand(make_rules("88"), dealer=5, deal=deal)  # A (seat 0) calls first: sixes, fives and fours
    bids = [b for b in hand.legal_calls() if b is not None]
    assert {b.suit for b in bids} == {4, 5, 6}
    assert [b.amount for b in bids if b.suit == 6] == [*range(60, 89, 2), 176, 264, 352]


# -- legal exchanges and declarations --------------------------------------------------------


def test_moon_exchanges_take_the_widow_and_put_back_any_one_of_eight() -> None:
    hand = Hand(make_rules("moon"), dealer=2, deal=MOON_DEAL, kitty=MOON_WIDOW)
    bid_all(hand, Bid(4), None, None)
    exchanges = hand.legal_exchanges()
    assert len(exchanges) == 8 and all(e.take == (tile("1-1"),) for e in exchanges)
    assert {e.give[0] for e in exchanges} == {*MOON_DEAL[0], tile("1-1")}
    assert hand.decision() == hand.view(0).decision and hand.decision().kind == "exchange"


def test_cat_exchanges_leave_no_counter_in_the_cat() -> None:
    rules = make_rules("88")
    deal = deal_of(
        "6-6 6-6 6-5 6-5 6-4 6-4 5-5 4-4 6-2",
        "3-3 3-3 3-2 3-2 3-1 3-1 2-2 2-2 2-1",
        "6-3 6-3 6-2 6-1 6-1 6-0 6-0 5-3 5-3",
        "5-5 5-2 5-2 5-1 5-1 5-0 4-4 2-1 1-1",
        "4-3 4-3 4-2 4-2 4-1 4-1 4-0 4-0 1-1",
        "2-0 2-0 1-0 1-0 0-0 0-0 3-0 3-0 5-4",
    )
    cat = row("5-4 5-0")  # the 5-0 counts five; the 5-4 nothing
    hand = Hand(rules, dealer=5, deal=deal, kitty=cat)
    bid_all(hand, Bid(60, 6), None, None, None, None, None)
    assert hand.phase is Phase.EXCHANGE
    exchanges = hand.legal_exchanges()
    assert exchanges and all(tile("5-0") in e.take for e in exchanges)
    assert Exchange((tile("5-0"),), (tile("6-2"),)) in exchanges and Exchange((tile("5-0"),), (tile("6-4"),)) not in exchanges
    assert all(hand.check_exchange(e.take, e.give) is None for e in exchanges)
    assert hand.check_exchange((), ()) is not None


def test_plunge_routes_trump_to_the_partner() -> None:
    hand = Hand(make_rules("42", {"plunge": "on"}), dealer=W, deal=DEAL_DOUBLES)
    bid_all(hand, Bid(168, None, "plunge"), None, None, None)
    decision = hand.decision()
    assert hand.phase is Phase.DECLARE and decision.seat == S and decision.kind == "declare"
    assert all(isinstance(a, Declare) and a.by == S for a in decision.options)
    assert hand.view(N).decision.options == () and hand.view(S).decision.options == decision.options
    assert "doubles" in strs([a.declaration for a in decision.options if isinstance(a, Declare)])


def test_legal_declarations_follow_the_options_and_the_bid() -> None:
    rules = make_rules("42", {"nello": "on", "nello-doubles": "low", "sevens": "on", "follow-me-doubles": "low"})
    hand = Hand(rules, dealer=W, deal=DEAL_SIXES)
    bid_all(hand, Bid(42), None, None, None)
    declared = hand.legal_declarations()
    assert Declaration("nello", doubles_low=True) in declared and Declaration("sevens") in declared
    assert Declaration("follow-me", doubles_low=True) in declared and Declaration("follow-me") not in declared
    low = Hand(rules, dealer=W, deal=DEAL_SIXES)
    bid_all(low, Bid(30), None, None, None)
    assert all(d.kind not in ("nello", "sevens") for d in low.legal_declarations())  # they need a mark


# -- the player's view -------------------------------------------------------------------------


def test_a_player_view_holds_its_own_tiles_and_the_public_record() -> None:
    hand = in_play()
    hand.play(tile("6-6"))
    view = hand.view(E)
    assert view.hand == tuple(DEAL_SIXES[E]) and view.trick == ((N, tile("6-6")),)
    assert view.kitty is None and view.tiles_left == (6, 7, 7, 7)
    assert view.decision.seat == E and view.decision.kind == "play" and view.decision.exact
    assert {a.tile for a in view.decision.options if isinstance(a, Play)} == set(DEAL_SIXES[E])
    assert hand.view(S).decision == type(view.decision)(E, "play", (), True)


def test_voids_come_from_a_suit_not_followed() -> None:
    hand = in_play()
    for t in ("6-6", "5-5", "4-3", "3-0"):
        hand.play(tile(t))
    assert [hand.voids(s) for s in range(4)] == [frozenset(), {6}, {6}, {6}]
    assert hand.view(N).voids == (frozenset(), frozenset({6}), frozenset({6}), frozenset({6}))


def test_the_widow_is_seen_by_the_declarer_alone_and_its_exchange_by_count() -> None:
    hand = Hand(make_rules("moon"), dealer=2, deal=MOON_DEAL, kitty=MOON_WIDOW)
    bid_all(hand, Bid(4), None, None)
    assert hand.view(0).kitty == tuple(MOON_WIDOW) and hand.view(1).kitty is None
    hand.exchange(MOON_WIDOW, row("0-0"))
    declarer, other = hand.view(0), hand.view(1)
    assert declarer.kitty == (tile("0-0"),) and declarer.exchanged == ((tile("1-1"),), (tile("0-0"),))
    assert other.kitty is None and other.exchanged is None and other.exchange == (1, 1)
    assert tile("1-1") in declarer.hand


def test_nello_partner_is_out_and_never_asked_to_play() -> None:
    hand = Hand(make_rules("42", {"nello": "on"}), dealer=W, deal=DEAL_SIXES)
    bid_all(hand, Bid(42), None, None, None)
    hand.declare(hand.default_declaration("nello"))
    seen = set()
    while not hand.finished:
        decision = hand.decision()
        seen.add(decision.seat)
        action = decision.options[0]
        assert isinstance(action, Play)
        hand.apply(action)
    assert S not in seen and hand.view(N).out == (S,)
    assert hand.decision() == type(hand.decision())(None, "none")


def test_a_hand_view_replaces_the_snapshot_and_builds_the_solver_position() -> None:
    hand = in_play()
    hand.play(tile("6-6"))
    view = hand.view()
    assert view.hands == tuple(tuple(h) for h in hand.hands) and view.legal == tuple(hand.legal_plays())
    assert view.turn == E and view.out == () and view.contract is None and view.trump_caller == N
    position = position_of(view)
    assert position.turn == E and position.trick == view.trick and position.tricks == (0, 0)
    with pytest.raises(ValueError):
        position_of(Hand(make_rules("42"), dealer=W, deal=DEAL_SIXES).view())


# -- turn order --------------------------------------------------------------------------------


def test_an_accepted_play_out_of_turn_diverts_the_order_for_its_trick_only() -> None:
    hand = in_play()
    hand.play(tile("6-6"))
    hand.apply(actions.Accept(W))
    hand.play(tile("3-0"))
    assert hand.turn == E and hand.order.after_trick is not None
    hand.play(tile("5-5"))
    assert hand.turn == S
    hand.play(tile("4-3"))
    assert hand.order.after_trick is None and hand.next_seats == (E, S, W, N)


def test_turn_order_skips_a_seat_that_sits_out() -> None:
    clockwise = TurnOrder.clockwise(4)
    order = clockwise.without(S)
    assert order.next == (E, W, W, N) and order.size == 3 and order.sits_out(S)
    assert clockwise.next == (E, S, W, N) and clockwise.size == 4  # a value: changed by a new one
    diverted = order.divert(W, [N])  # N led; W plays before E: E follows W, then the trick closes
    assert diverted.next[W] == E and diverted.after_trick is order and diverted.size == 3
    assert order.divert(W, []) is order  # accepted at the lead: nothing to divert


# -- a deal nobody knows -----------------------------------------------------------------------


def blind_in_play(game: str = "42") -> Hand:
    hand = Hand(make_rules(game), dealer=W if game == "42" else 2, deal=None)
    players = hand.game.players
    bid_all(hand, Bid(30 if game == "42" else 4), *([None] * (players - 1)))
    hand.declare(Declaration("suit", 6))
    return hand


def test_a_blind_hand_takes_any_unplayed_tile_in_turn() -> None:
    hand = blind_in_play()
    assert hand.blind and not hand.deal_known and hand.phase is Phase.PLAY
    assert hand.check_play(None, tile("1-0")) is None  # nobody knows what N holds
    hand.play(tile("6-6"))
    refusal = hand.check_play(None, tile("6-6"))
    assert refusal is not None and refusal.code == "E403"
    out_of_turn = hand.check_play(W, tile("2-0"))
    assert out_of_turn is not None and out_of_turn.code == "E401"
    assert hand.check_play(None, tile("0-0")) is None  # E may be void in sixes: no renege can be told
    decision = hand.decision()
    assert decision.kind == "play" and not decision.exact and len(decision.options) == 27


def test_a_blind_moon_hand_refuses_a_tile_not_in_the_set() -> None:
    hand = blind_in_play("moon")
    refusal = hand.check_play(None, tile("6-0"))
    assert refusal is not None and refusal.code == "E102"


def test_candidates_leave_out_the_suits_a_seat_showed_out_of() -> None:
    hand = blind_in_play()
    for t in ("6-6", "5-5", "6-4", "3-0"):
        hand.play(tile(t))
    assert hand.voids(E) == {6} and hand.voids(S) == frozenset()
    candidates = hand.candidates(E)
    assert not any(t.has(6) for t in candidates) and tile("5-4") in candidates and tile("6-6") not in candidates
    assert len(hand.candidates(S)) == 24


def test_a_renege_revealed_later_names_its_trick_and_can_be_ruled() -> None:
    hand = blind_in_play()
    for t in ("6-6", "5-5", "6-4", "3-0", "6-5"):  # E showed out of sixes in trick 1; N leads again
        hand.play(tile(t))
    assert hand.revealed_renege(E, tile("5-4")) is None
    refusal = hand.revealed_renege(E, tile("6-3"))
    assert refusal is not None and refusal.code == "E404" and refusal.trick == 1 and refusal.seat == E
    assert "trick 1" in refusal.message
    assert hand.check(actions.Renege(E, 1)) is not None  # not yet given away
    hand.play(tile("6-3"))
    assert hand.check(actions.Renege(E, 1)) is None
    hand.apply(actions.Renege(E, 1))
    assert hand.finished and hand.result().made is True  # E-W lose the hand: N-S's bid counts as made


def test_no_renege_is_revealed_under_sevens() -> None:
    hand = Hand(make_rules("42", {"sevens": "on"}), dealer=W, deal=None)
    bid_all(hand, Bid(42), None, None, None)
    hand.declare(Declaration("sevens"))
    for t in ("6-1", "5-5", "4-3", "0-0"):
        hand.play(tile(t))
    assert hand.voids(S) == frozenset() and hand.revealed_renege(S, tile("5-2")) is None


def test_rebuild_takes_each_play_from_a_blind_hand() -> None:
    rules = make_rules("42")
    calls = [actions.Call(None, Bid(30)), *[actions.Call(None, None)] * 3]
    plays = [Play(None, t) for t in row("6-6 5-5 4-3 3-0 6-5 5-4")]
    held = rebuild_deal(rules, W, calls, Declaration("suit", 6), plays)
    assert held == [row("6-6 6-5"), row("5-5 5-4"), row("4-3"), row("3-0")]


def test_doubles_are_a_suit_of_their_own_in_the_voids() -> None:
    hand = Hand(make_rules("42"), dealer=W, deal=None)
    bid_all(hand, Bid(30), None, None, None)
    hand.declare(Declaration("doubles"))
    hand.play(tile("6-6"))
    hand.play(tile("5-4"))
    assert hand.voids(E) == {DOUBLES}


def test_exchange_options_are_actions_the_hand_accepts() -> None:
    hand = Hand(make_rules("moon"), dealer=2, deal=MOON_DEAL, kitty=MOON_WIDOW)
    bid_all(hand, Bid(4), None, None)
    for option in hand.decision().options:
        assert isinstance(option, Exchange) and hand.check(option) is None


def test_every_field_of_a_hand_view_is_the_hand_s_own() -> None:
    """The view is built field by field in order, so each field is checked by its name."""
    hand = Hand(make_rules("moon"), dealer=2, deal=MOON_DEAL, kitty=MOON_WIDOW)
    bid_all(hand, Bid(4), None, None)
    hand.exchange(MOON_WIDOW, row("0-0"))
    hand.declare(Declaration("suit", 6))
    hand.play(tile("6-6"))
    view = hand.view()
    own = {name: getattr(hand, name) for name in view._fields if hasattr(hand, name)}
    expected = {
        name: tuple(map(tuple, value)) if name == "hands" else tuple(value) if isinstance(value, list) else value
        for name, value in own.items()
    }
    assert set(view._fields) - set(own) == {"contract", "out", "legal"}
    assert {name: getattr(view, name) for name in own} == expected
    assert (view.contract, view.out, view.legal) == (None, (), tuple(hand.legal_plays()))
