"""``play_run``'s common-case loop held equal to the general path, ``checked_run`` (each play
through ``check_play`` and then ``play``): the same count, refusal and last trick, and the
hand left in the same state, on hands of the three games and of 42 under the options that
change the play (the opening lead in trump, nello, sevens, plunge), with plays made
illegal, seats left out and runs that start or stop in the middle of a trick."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import actions
from referee.engine.deal import shuffle_deal
from referee.engine.declarations import Declaration
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.refusal import Refusal
from referee.engine.state import HandState
from referee.engine.tiles import ALL_TILES, Tile
from referee.engine.trick import checked_run

RULES: tuple[tuple[str, dict[str, str]], ...] = (
    ("42", {}),
    ("42", {"opening-lead": "trump"}),
    ("42", {"nello": "on", "sevens": "on", "plunge": "on", "splash": "on"}),
    ("42", {"renege": "as-played", "follow-me-doubles": "low"}),
    ("moon", {}),
    ("88", {}),
)
TILES = sorted(ALL_TILES.values())


def contract(rules_at: int, seed: int) -> tuple[list[actions.Action], Hand] | None:
    """A hand dealt and bid by random legal choices up to its first lead (None: thrown in)."""
    name, options = RULES[rules_at]
    rules = make_rules(name, options)
    rng = random.Random(seed)
    deal, kitty = shuffle_deal(rules.game, rng)
    hand = Hand(rules, rng.randrange(rules.game.players), deal, kitty)
    done: list[actions.Action] = []
    while hand.phase is not Phase.PLAY:
        if hand.phase is Phase.AUCTION:
            action: actions.Action = actions.Call(hand.turn, rng.choice(hand.legal_calls()))
        elif hand.phase is Phase.EXCHANGE:
            action = rng.choice(hand.legal_exchanges())
        elif hand.phase is Phase.DECLARE:
            action = actions.Declare(rng.choice(hand.legal_declarations()))
        else:
            return None
        hand.apply(action)
        done.append(action)
    return done, hand


def fresh(rules_at: int, seed: int, before: list[actions.Action]) -> Hand:
    name, options = RULES[rules_at]
    rules = make_rules(name, options)
    rng = random.Random(seed)
    deal, kitty = shuffle_deal(rules.game, rng)
    hand = Hand(rules, rng.randrange(rules.game.players), deal, kitty)
    for action in before:
        hand.apply(action)
    return hand


def state(h: HandState) -> tuple[object, ...]:
    """Every field of the hand, its order of play as the order's values."""
    order = h.order
    after = order.after_trick
    orders = (order.next, order.out, order.size, None if after is None else (after.next, after.out))
    return (*(getattr(h, name) for name in HandState.__slots__ if name != "order"), orders)


def made_first(hands: tuple[Hand, ...], made: list[actions.Action]) -> None:
    """Make ``made`` on each of ``hands`` one action at a time (``check``, then ``apply``), up
    to the first refused: a run then starts in the middle of an auction or a trick."""
    for h in hands:
        for action in made:
            if h.check(action) is not None:
                break
            h.apply(action, checked=None)


def assert_same_refusal(refusal: Refusal | None, why: Refusal | None) -> None:
    """The fast path's refusal and the general path's: both none, or alike in every field."""
    assert (refusal is None) == (why is None)
    if refusal is not None and why is not None:
        assert (refusal.code, refusal.message, refusal.hint, refusal.seat, refusal.tile) == (
            why.code,
            why.message,
            why.hint,
            why.seat,
            why.tile,
        )


@given(
    st.integers(0, len(RULES) - 1),
    st.integers(0, 2**32),
    st.data(),
)
@settings(max_examples=400, deadline=None)
def test_play_run_is_checked_run(rules_at: int, seed: int, data: st.DataObject) -> None:
    made = contract(rules_at, seed)
    if made is None:
        return
    before, hand = made
    dealt = [list(h) for h in hand.hands]
    rng = random.Random(seed + 1)
    plays: list[actions.Play] = []
    while hand.phase is Phase.PLAY and hand.legal_plays():
        seat = hand.turn
        t = rng.choice(hand.legal_plays())
        hand.apply(actions.Play(seat, t))
        plays.append(actions.Play(seat, t))
    for _ in range(data.draw(st.integers(0, 3))):  # made wrong: an unnamed seat, another seat, another tile, two swapped, one more
        if not plays:
            break
        k = data.draw(st.sampled_from([0, len(plays) - 1, data.draw(st.integers(0, len(plays) - 1))]))
        seat, t = plays[k]
        how = data.draw(st.integers(0, 5))
        if how == 0:
            plays[k] = actions.Play(None, t)
        elif how == 1:
            plays[k] = actions.Play(data.draw(st.integers(0, hand.game.players - 1)), t)
        elif how == 2:
            plays[k] = actions.Play(seat, data.draw(st.sampled_from(TILES)))
        elif how == 3:
            j = data.draw(st.integers(0, len(plays) - 1))
            plays[k], plays[j] = plays[j], plays[k]
        elif how == 4:
            plays.append(actions.Play(seat, t))
        else:  # a tile of the seat's own hand, played out of its place (a renege, a lead that is not a trump)
            plays[k] = actions.Play(seat, data.draw(st.sampled_from(dealt[seat or 0])))
    start = data.draw(st.integers(0, min(len(plays), 6)))  # played one by one first: a run may start mid-trick
    end = data.draw(st.sampled_from([len(plays), data.draw(st.integers(start, len(plays)))]))  # a run may stop mid-trick
    fast, slow = fresh(rules_at, seed, before), fresh(rules_at, seed, before)
    made_first((fast, slow), list(plays[:start]))
    assert state(fast) == state(slow)
    n, refusal, done = fast.play_run(plays[start:end])
    m, why, last = checked_run(slow, plays[start:end])
    assert (n, done) == (m, last)
    assert_same_refusal(refusal, why)
    assert state(fast) == state(slow)


def test_a_blind_hand_takes_the_general_path() -> None:
    """A hand whose deal nobody knows: each play taken from the player's unseen tiles."""
    rules = make_rules("42")
    plays = [actions.Play(None, t) for t in (Tile.of(6, 6), Tile.of(5, 5), Tile.of(4, 3), Tile.of(3, 0), Tile.of(6, 6))]
    hands = []
    for _ in range(2):
        h = Hand(rules, 3, None)
        for s in range(4):
            h.bid(s, actions.Bid(30) if s == 0 else None)
        h.declare(Declaration("suit", 6))
        hands.append(h)
    n, refusal, _ = hands[0].play_run(plays)
    m, why, _ = checked_run(hands[1], plays)
    assert (n, refusal and refusal.code) == (m, why and why.code) == (4, "E403")
    assert state(hands[0]) == state(hands[1])
