"""Simulated games: reproducible, legal when replayed, scored to the target, and
round-tripping through the writer and the reader."""

from __future__ import annotations

import random
from functools import cache

import pytest

from referee.engine.auction import Bid
from referee.engine.declarations import Declaration
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.profiles import Rules
from referee.notation.record import GameRecord, HandRecord
from referee.notation.writer import format_game, format_records
from referee.play.simulate import options_tag, simulate_game, simulate_games

PROFILES = ("42", "moon", "88")
GAMES = 50


@cache
def games(profile: str, players: str = "sensible") -> tuple[GameRecord, ...]:
    """Simulated games shared by the tests (simulation is the slow part)."""
    return tuple(simulate_games(make_rules(profile), GAMES, seed=2024, players=players))


def replay(rules: Rules, record: HandRecord) -> Hand:
    """Play a recorded hand through a fresh engine hand; IllegalAction if anything is refused."""
    game = rules.game
    assert record.deal is not None and record.dealer is not None
    seat = {label: i for i, label in enumerate(game.seats)}
    deal = [list(d.tiles) for d in record.deal]
    assert [d.seat for d in record.deal] == list(game.seats)
    kitty = list(record.kitty.tiles) if record.kitty else []
    hand = Hand(rules, seat[record.dealer], deal, kitty)
    for call in record.calls:
        assert call.seat is not None
        hand.bid(seat[call.seat], None if call.amount is None else Bid(call.amount, call.suit))
    if hand.phase is Phase.EXCHANGE:
        ex = record.exchange
        hand.exchange(list(ex.take) if ex else [], list(ex.give) if ex else [])
    else:
        assert record.exchange is None
    if record.trump is not None:
        hand.declare(Declaration(record.trump.kind, record.trump.suit, record.trump.doubles_low))
    for trick in record.tricks:
        for play in trick.plays:
            assert play.seat is not None
            hand.play(play.tile, seat[play.seat])
    assert hand.finished
    return hand


def test_same_seed_same_text() -> None:
    for profile in PROFILES:
        rules = make_rules(profile)
        a = "".join(format_records(simulate_games(rules, 3, seed=99)))
        b = "".join(format_records(simulate_games(rules, 3, seed=99)))
        assert a == b
        assert a != "".join(format_records(simulate_games(rules, 3, seed=100)))


def test_random_players_reproducible_and_capped() -> None:
    rules = make_rules("moon")
    a = [format_game(r) for r in simulate_games(rules, 3, seed=5, players="random", max_hands=30)]
    b = [format_game(r) for r in simulate_games(rules, 3, seed=5, players="random", max_hands=30)]
    assert a == b
    for text, record in zip(a, simulate_games(rules, 3, seed=5, players="random", max_hands=30), strict=True):
        assert len(record.hands) <= 30
        if record.tag("Winner") is None:
            assert len(record.hands) == 30 and "[Winner" not in text
    with pytest.raises(ValueError):
        simulate_game(rules, random.Random(1), players="clever")


def test_options_tag_lists_only_non_default_options() -> None:
    assert options_tag(make_rules("42")) is None
    assert options_tag(make_rules("42", {"target": "5"})) is None
    assert options_tag(make_rules("42", {"all-pass": "forced", "scoring": "points"})) == "all-pass=forced scoring=points"
    assert options_tag(make_rules("88", {"scoring": "marks"})) == "scoring=marks"
    record = simulate_game(make_rules("42", {"scoring": "points", "target": "100"}), random.Random(3))
    assert [(t.name, t.value) for t in record.tags[:3]] == [("Rules", "42"), ("Options", "scoring=points"), ("Target", "100 points")]


@pytest.mark.parametrize("profile", PROFILES)
def test_games_reach_the_target_and_name_the_winner(profile: str) -> None:
    rules = make_rules(profile)
    labels = rules.game.team_labels
    for record in games(profile):
        assert record.tag("Rules") == profile
        assert record.tag("Target") == f"{rules.target} {rules.target_unit}"
        assert [h.number for h in record.hands] == list(range(1, len(record.hands) + 1))
        last = record.hands[-1].score
        assert last is not None
        assert list(last.scores) == list(labels)
        winner = record.tag("Winner")
        assert winner in labels
        assert last.scores[winner] >= rules.target
        # earlier hands never reached a decision
        for hand in record.hands[:-1]:
            if hand.score is not None:
                assert all(s < rules.target for s in hand.score.scores.values()) or len(labels) == rules.game.players


@pytest.mark.parametrize("profile", PROFILES)
def test_hands_replay_and_agree_with_their_stated_result(profile: str) -> None:
    rules = make_rules(profile)
    game = rules.game
    full = 0
    for record in games(profile):
        running = dict.fromkeys(game.team_labels, 0)
        expected_dealer = None
        for hand_record in record.hands:
            hand = replay(rules, hand_record)
            if expected_dealer is not None:
                assert hand.dealer == expected_dealer
            expected_dealer = (hand.dealer + 1) % game.players
            result = hand.result()
            if result.thrown_in:
                assert hand_record.trump is None and not hand_record.tricks and hand_record.result is None and hand_record.score is None
                continue
            assert hand_record.result is not None and hand_record.award is not None and hand_record.score is not None
            team = result.declaring_team
            assert team is not None
            assert hand_record.result.side == game.team_labels[team]
            assert hand_record.result.points == result.points[team]
            assert hand_record.result.outcome == ("made" if result.made else "set")
            awards = {game.team_labels[t]: a for t, a in enumerate(result.awards)}
            assert {k: v for k, v in awards.items() if v} == {k: v for k, v in hand_record.award.amounts.items() if v}
            for label, amount in awards.items():
                running[label] += amount
            assert hand_record.score.scores == running
            if len(hand.tricks) == game.tricks:
                full += 1
                assert sum(result.points) == game.hand_total
                assert sum(result.tricks) == game.tricks
            if game.kitty == "widow":
                assert hand_record.exchange is not None
            if game.trump_from_bid:
                assert hand_record.trump is not None and hand.high_bid is not None
                assert hand_record.trump.suit == hand.high_bid.suit
    assert full > 0


def test_random_players_replay() -> None:
    for profile in PROFILES:
        rules = make_rules(profile)
        for record in simulate_games(rules, 5, seed=11, players="random", max_hands=60):
            for hand_record in record.hands:
                replay(rules, hand_record)


@pytest.mark.parametrize("profile", PROFILES)
def test_round_trip_through_the_reader(profile: str) -> None:
    """format -> read -> format is the identity, and reading gives back the record."""
    from referee.notation.reader import read_text

    def read(text: str) -> list[GameRecord]:
        out = []
        for result in read_text(text):
            assert result.diagnostics == []
            assert result.record is not None
            out.append(result.record)
        return out

    records = games(profile)[:10] + tuple(simulate_games(make_rules(profile), 3, seed=8, players="random", max_hands=40))
    for record in records:
        text = format_game(record)
        [parsed] = read(text)
        assert parsed == record
        assert format_game(parsed) == text
    reread = read("".join(format_records(records)))
    assert reread == list(records)


# -- special contracts (issue 29, item 5) ---------------------------------------------------

ALL_CONTRACTS = {"nello": "on", "plunge": "on", "splash": "on", "sevens": "on"}


def _contract(record: HandRecord) -> str | None:
    bids = [c for c in record.calls if c.amount is not None]
    if bids and bids[-1].contract:
        return bids[-1].contract
    return record.trump.kind if record.trump is not None and record.trump.kind in ("nello", "sevens") else None


def test_sensible_players_bid_every_contract_at_a_plausible_rate() -> None:
    """Each contract comes up, none crowds out the game: the rates of docs/cli.md, on a small run."""
    rules = make_rules("42", ALL_CONTRACTS)
    hands = [h for r in simulate_games(rules, 30, seed=3) for h in r.hands]
    played = [_contract(h) for h in hands]
    rates = {c: played.count(c) / len(hands) for c in ALL_CONTRACTS}
    assert all(rate > 0 for rate in rates.values()), rates
    assert all(rate < 0.1 for rate in rates.values()) and sum(rates.values()) < 0.2, rates
    made = [h.result.outcome == "made" for h, c in zip(hands, played, strict=True) if c == "nello" and h.result is not None]
    assert sum(made) > len(made) / 2  # nello is played to be made, and defended
    again = [h for r in simulate_games(rules, 30, seed=3) for h in r.hands]
    assert again == hands


def _hand_with(rules: Rules, tiles: str, dealer: int = 3) -> Hand:
    """A deal giving N (seat 0) these tiles, the rest dealt in order."""
    from referee.engine.tiles import tile

    mine = [tile(t) for t in tiles.split()]
    rest = [t for t in sorted(set(rules.game.tiles), reverse=True) if t not in mine]
    return Hand(rules, dealer, [mine, rest[0:7], rest[7:14], rest[14:21]])


@pytest.mark.parametrize(
    ("tiles", "contract"),
    [
        ("6-6 5-5 4-4 3-3 6-5 5-4 1-0", "plunge"),  # four doubles, 6-5 and 5-4 sure behind them
        ("6-6 5-5 4-4 6-5 5-4 2-1 1-0", "splash"),  # three doubles and two sure tricks
        ("6-6 5-5 4-4 3-3 2-1 1-0 3-1", None),  # four doubles, nothing behind them
        ("1-0 2-0 2-1 3-0 3-1 4-0 0-0", "nello"),  # every tile low in its suits
        ("6-1 5-2 4-3 5-1 6-2 5-3 4-2", "sevens"),  # three sevens, four next to seven
        ("6-6 6-5 6-4 6-3 6-2 6-1 5-5", None),  # a mark in sixes: no contract needed
        ("6-0 5-1 4-4 3-2 2-2 1-1 5-3", None),  # an ordinary hand
    ],
)
def test_the_contract_a_hand_calls_for(tiles: str, contract: str | None) -> None:
    from referee.play.players import SensiblePlayer

    rules = make_rules("42", ALL_CONTRACTS)
    hand = _hand_with(rules, tiles)
    player = SensiblePlayer(random.Random(1))
    found = player.contract_for(hand, hand.hands[0])
    assert (found.name if found else None) == contract
    bid = player.choose_bid(hand)  # N opens (dealer W)
    if contract in ("plunge", "splash"):
        assert bid is not None and bid.contract == contract and bid.amount == 42 * (4 if contract == "plunge" else 2)
    elif contract is not None:
        assert bid == Bid(42)  # nello and sevens are named after a bid of one mark
    if contract is not None:
        assert player.contract_for(_hand_with(make_rules("42"), tiles), hand.hands[0]) is None  # off: never bid


def test_the_declarer_names_the_contract_it_bid_for() -> None:
    from referee.play.players import SensiblePlayer

    rules = make_rules("42", ALL_CONTRACTS)
    for tiles, kind in [("1-0 2-0 2-1 3-0 3-1 4-0 0-0", "nello"), ("6-1 5-2 4-3 5-1 6-2 5-3 4-2", "sevens")]:
        hand = _hand_with(rules, tiles)
        player = SensiblePlayer(random.Random(1))
        hand.bid(0, player.choose_bid(hand))
        for seat in (1, 2, 3):
            hand.bid(seat, None)
        assert hand.declarer == 0 and player.choose_declaration(hand) == hand.default_declaration(kind)
