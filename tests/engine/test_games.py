"""Whole games in every profile: the deal rotates, scores add up, the right side wins.

Players and deals come from fixed seeds, so every game here is the same on
every run. The expected scores and winner are worked out in this file from
RULES.md, not taken from ``GameState``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from referee.engine.deal import check_deal, shuffle_deal
from referee.engine.game import GameState
from referee.engine.games import make_rules
from referee.engine.hand import HandResult, Phase
from referee.engine.profiles import Rules
from referee.play.players import Player, SensiblePlayer, drive_hand


@dataclass
class Played:
    rules: Rules
    first_dealer: int
    state: GameState
    dealers: list[int] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)


def play_game(
    rules: Rules, seed: int, *, sensible: bool = True, pass_rate: float = 0.6, limit: int = 400, all_pass: frozenset[int] = frozenset()
) -> Played:
    """Play until a side wins; the hands numbered in ``all_pass`` (from 0) are passed out by everyone."""
    rng = random.Random(seed)
    game = rules.game
    first = rng.randrange(game.players)
    state = GameState(rules, first_dealer=first)
    players: list[Player] = [
        SensiblePlayer(random.Random(rng.random())) if sensible else Player(random.Random(rng.random()), pass_rate=pass_rate)
        for _ in game.seats
    ]
    out = Played(rules, first, state)
    while not state.over and state.hands_played < limit:
        assert state.check_new_hand() is None
        deal, kitty = shuffle_deal(game, rng)
        assert check_deal(game, deal) == []
        dealer = state.dealer
        assert state.check_dealer(dealer) is None
        assert state.check_dealer((dealer + 1) % game.players) is not None
        hand = state.new_hand(deal, kitty)
        if state.hands_played in all_pass:
            while hand.phase is Phase.AUCTION:
                hand.bid(hand.turn, None)
            assert hand.phase is Phase.THROWN_IN
        drive_hand(hand, players)
        assert hand.finished
        out.dealers.append(hand.dealer)
        out.results.append(state.finish(hand))
    return out


def expected_awards(rules: Rules, r: HandResult) -> tuple[int, ...]:
    """RULES.md sections 2-4, from the points and tricks each side took."""
    game = rules.game
    teams = len(game.team_labels)
    if r.thrown_in:
        return (0,) * teams
    assert r.bid is not None and r.declaring_team is not None
    me = r.declaring_team
    amount = r.bid.amount
    lost_a_trick = sum(r.tricks) - r.tricks[me] > 0
    if game.name == "moon":
        made = r.tricks[me] >= (7 if amount == 21 else amount)
        return tuple((amount if made else -amount) if t == me else r.tricks[t] for t in range(teams))
    unit = {"42": 42, "88": 88}[game.name]
    all_in = amount > unit or (game.name == "42" and amount == 42)
    made = (not lost_a_trick and sum(r.tricks) == game.tricks) if all_in else r.points[me] >= amount
    other = 1 - me
    if rules.target_unit == "marks":
        marks = max(1, amount // unit)
        return tuple(marks if (t == me) == made else 0 for t in range(2))
    if all_in:
        return tuple(amount if (t == me) == made else 0 for t in range(2))
    if made:
        return r.points
    return tuple(0 if t == me else r.points[other] + amount for t in range(2))


def expected_winner(rules: Rules, scores: list[int], declaring: int | None) -> int | None:
    reached = [t for t, s in enumerate(scores) if s >= rules.target]
    if not reached:
        return None
    if declaring in reached:
        return declaring
    best = max(scores[t] for t in reached)
    top = [t for t in reached if scores[t] == best]
    return top[0] if len(top) == 1 else None


def check_game(p: Played, *, must_finish: bool = True) -> None:
    """Dealers, awards, running score and winner, hand by hand.

    ``must_finish=False`` accepts a game cut off at the hand limit (random
    players in Moon can drift below zero for a long time).
    """
    game = p.rules.game
    n = game.players
    if must_finish:
        assert p.state.over, "the game did not reach the target"
    # the dealer moves one seat clockwise after every hand, thrown-in hands included
    assert p.dealers == [(p.first_dealer + i) % n for i in range(len(p.dealers))]
    assert p.state.dealer == (p.first_dealer + len(p.dealers)) % n
    scores = [0] * len(game.team_labels)
    for i, r in enumerate(p.results):
        assert r.awards == expected_awards(p.rules, r), f"hand {i + 1}: {r}"
        scores = [s + a for s, a in zip(scores, r.awards, strict=True)]
        winner = expected_winner(p.rules, scores, r.declaring_team)
        last = i == len(p.results) - 1 and p.state.over
        assert (winner is not None) == last, f"hand {i + 1}: scores {scores}"
        if last:
            assert winner is not None and p.state.winner == winner
            assert scores[winner] >= p.rules.target
    assert p.state.scores == scores
    refusal = p.state.check_new_hand()
    assert (refusal is not None and refusal.code == "E505") == p.state.over


CASES = [
    ("42", {}, 0),
    ("42", {}, 1),
    ("42", {"scoring": "points"}, 2),
    ("42", {"all-pass": "forced"}, 3),
    ("42", {"follow-me-doubles": "low"}, 4),
    ("moon", {}, 5),
    ("moon", {}, 6),
    ("moon", {"all-pass": "forced", "target": "15"}, 7),
    ("88", {}, 8),
    ("88", {"scoring": "marks"}, 9),
    ("88", {"target": "250"}, 10),
]


@pytest.mark.parametrize(("profile", "options", "seed"), CASES)
def test_sensible_game_reaches_the_target(profile: str, options: dict[str, str], seed: int) -> None:
    rules = make_rules(profile, options)
    thrown = frozenset() if rules.option("all-pass") == "forced" else frozenset({0, 3})
    p = play_game(rules, seed, all_pass=thrown)
    check_game(p)
    assert thrown <= {i for i, r in enumerate(p.results) if r.thrown_in}
    assert len(p.results) > 4


@pytest.mark.parametrize(("profile", "options", "seed"), CASES)
def test_random_game_reaches_the_target(profile: str, options: dict[str, str], seed: int) -> None:
    rules = make_rules(profile, options)
    p = play_game(rules, seed, sensible=False, pass_rate=0.6)
    check_game(p, must_finish=profile != "moon")


@pytest.mark.parametrize("profile", ["42", "moon", "88"])
def test_thrown_in_hands_pass_the_deal(profile: str) -> None:
    """Shy players pass a lot; thrown-in hands score nothing and still move the deal."""
    p = play_game(make_rules(profile), seed=11, sensible=False, pass_rate=0.85)
    check_game(p)
    thrown = [i for i, r in enumerate(p.results) if r.thrown_in]
    assert thrown, "this seed should produce a hand everyone passed"
    for i in thrown:
        assert p.results[i].awards == (0,) * len(p.rules.game.team_labels)
        if i + 1 < len(p.dealers):
            assert p.dealers[i + 1] == (p.dealers[i] + 1) % p.rules.game.players


@pytest.mark.parametrize("profile", ["42", "moon"])
def test_forced_dealer_never_throws_in(profile: str) -> None:
    p = play_game(make_rules(profile, {"all-pass": "forced"}), seed=11, sensible=False, pass_rate=0.85)
    check_game(p)
    assert not any(r.thrown_in for r in p.results)
    forced = [r for r in p.results if r.declarer is not None and r.declarer == p.dealers[p.results.index(r)]]
    assert forced, "with shy players some dealer should have been forced to bid"


def test_marks_game_ends_on_the_hand_that_reaches_seven() -> None:
    p = play_game(make_rules("42"), seed=0)
    check_game(p)
    assert max(p.state.scores) == 7
    assert sorted(p.state.scores)[0] < 7
