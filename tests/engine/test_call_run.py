"""``call_run``'s common-case loop held equal to the general path, ``checked_calls`` (each call
through ``check_call`` and then ``call``): the same count and refusal, and the hand left in
the same state, on auctions of the three games and of 42 under the options that change the
calls (a forced dealer, the auction round and round, mark bids, plunge and splash, delve,
points scoring), with calls out of turn, without a seat, under or equal to the bid standing,
off the ladder, naming a suit or a contract, after the auction's end, and runs that start in
the middle of the auction."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import actions
from referee.engine.auction import checked_calls
from referee.engine.deal import shuffle_deal
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase

from .test_play_run import assert_same_refusal, made_first, state

RULES: tuple[tuple[str, dict[str, str]], ...] = (
    ("42", {}),
    ("42", {"all-pass": "forced"}),
    ("42", {"auction": "until-one-left"}),
    ("42", {"plunge": "on", "splash": "on", "nello": "on", "mark-bids": "after-84"}),
    ("42", {"delve": "on"}),
    ("42", {"scoring": "points"}),
    ("moon", {}),
    ("moon", {"all-pass": "forced"}),
    ("88", {}),
)
KINDS = ("pass", "pass", "legal", "legal", "next", "over", "equal", "under", "any")
AMOUNTS = (0, 4, 5, 7, 8, 21, 29, 30, 31, 35, 41, 42, 43, 60, 62, 84, 88, 126, 168, 176)


def dealt(rules_at: int, seed: int) -> Hand:
    name, options = RULES[rules_at]
    rules = make_rules(name, options)
    rng = random.Random(seed)
    deal, kitty = shuffle_deal(rules.game, rng)
    return Hand(rules, rng.randrange(rules.game.players), deal, kitty)


def written(hand: Hand, rng: random.Random) -> list[actions.Call]:
    """Calls as a record might write them, each drawn against the auction so far (``hand``,
    which takes every call it allows): mostly the seat in turn, a pass or a legal bid, but
    also no seat or another, a bid over, equal to or under the bid standing, any amount, a
    suit or a contract named.  Drawn with ``rng`` (uniformly: Hypothesis would favour the
    first of each choice)."""
    players = hand.game.players
    calls: list[actions.Call] = []
    passes = rng.randrange(players + 1)  # the first calls all passes: a forced dealer, a hand thrown in
    for i in range(rng.randrange(1, 2 * players + 3)):
        turn = hand.turn
        seat = rng.choice([turn, turn, turn, None, *range(players)])
        high = hand.high_bid.amount if hand.high_bid is not None else None
        kind = "pass" if i < passes else rng.choice(KINDS)
        bid: actions.Bid | None = None
        if kind == "legal" and hand.phase is Phase.AUCTION:
            bid = rng.choice(hand.legal_calls())
        elif kind == "next":  # the least point bid over the bid standing (any amount when none is)
            bid = actions.Bid(next((a for a in hand.game.ladder.point_bids if high is None or a > high), rng.choice(AMOUNTS)))
        elif kind in ("over", "equal", "under"):
            base = high if high is not None else rng.choice(AMOUNTS)
            bid = actions.Bid(base + {"over": 1, "equal": 0, "under": -1}[kind])
        elif kind == "any":
            bid = actions.Bid(rng.choice(AMOUNTS))
        if bid is not None and kind != "legal":  # a suit or a contract named with it, or not
            named = rng.choice(("", "", "suit", "contract"))
            if named == "suit":
                bid = bid._replace(suit=rng.randrange(7))
            elif named == "contract":
                bid = bid._replace(contract=rng.choice(["plunge", "splash", "nello", "moon"]))
        call = actions.Call(seat, bid)
        calls.append(call)
        if hand.check(call) is None:
            hand.apply(call, checked=None)
    return calls


@given(st.integers(0, len(RULES) - 1), st.integers(0, 2**32), st.data())
@settings(max_examples=500, deadline=None)
def test_call_run_is_checked_calls(rules_at: int, seed: int, data: st.DataObject) -> None:
    calls = written(dealt(rules_at, seed), random.Random(seed + 1))
    start = data.draw(st.integers(0, min(len(calls), 3)))  # made one by one first: a run may start mid-auction
    fast, slow = dealt(rules_at, seed), dealt(rules_at, seed)
    made_first((fast, slow), list(calls[:start]))
    assert state(fast) == state(slow)
    n, refusal = fast.call_run(calls[start:])
    m, why = checked_calls(slow, calls[start:])
    assert n == m
    assert_same_refusal(refusal, why)
    assert state(fast) == state(slow)
