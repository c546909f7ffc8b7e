"""``scoring.finished_score`` held to what it stands for: ``hand_score`` when ``finished``,
else None, at every step of hands played by random legal choices (thrown in, played to the
end, decided early, claimed), in the three games and 42 under the options that change the
contract (nello, sevens, plunge, splash, the points version).  A replay asks it at a
hand's end in place of the two (made and set tested once)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import actions
from referee.engine.deal import shuffle_deal
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.scoring import finished, finished_score, hand_score

RULES: tuple[tuple[str, dict[str, str]], ...] = (
    ("42", {}),
    ("42", {"nello": "on", "sevens": "on", "plunge": "on", "splash": "on"}),
    ("42", {"scoring": "points"}),
    ("moon", {}),
    ("88", {}),
)


def agrees(hand: Hand) -> None:
    assert finished_score(hand) == (hand_score(hand) if finished(hand) else None)


@given(st.integers(0, len(RULES) - 1), st.integers(0, 2**32 - 1), st.booleans())
@settings(max_examples=200, deadline=None)
def test_finished_score_is_hand_score_when_finished(rules_at: int, seed: int, claim: bool) -> None:
    name, options = RULES[rules_at]
    rules = make_rules(name, options)
    rng = random.Random(seed)
    deal, kitty = shuffle_deal(rules.game, rng)
    hand = Hand(rules, rng.randrange(rules.game.players), deal, kitty)
    agrees(hand)
    while hand.phase is not Phase.PLAY:
        if hand.phase is Phase.AUCTION:
            calls = hand.legal_calls()  # a pass one time in two: hands thrown in too
            action: actions.Action = actions.Call(hand.turn, None if None in calls and rng.random() < 0.5 else rng.choice(calls))
        elif hand.phase is Phase.EXCHANGE:
            action = rng.choice(hand.legal_exchanges())
        elif hand.phase is Phase.DECLARE:
            action = actions.Declare(rng.choice(hand.legal_declarations()))
        else:  # thrown in
            agrees(hand)
            return
        hand.apply(action)
        agrees(hand)
    stop = rng.randrange(rules.game.hand_size * rules.game.players) if claim else -1
    for n in range(rules.game.hand_size * rules.game.players):
        if hand.phase is not Phase.PLAY:
            break
        if n == stop and hand.check(actions.Claim("declarers")) is None:
            hand.apply(actions.Claim("declarers"))  # tricks awarded that were never played
            agrees(hand)
            break
        assert hand.turn is not None
        hand.apply(actions.Play(hand.turn, rng.choice(hand.legal_plays())))
        agrees(hand)
