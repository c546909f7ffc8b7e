"""The special contracts of RULES.md section 2: nello, plunge, splash and sevens.

Engine rules one by one, the notation for each contract, and Hypothesis
properties: random legal hands under each contract replay clean and score as
an independent reckoning says, and single mutations are caught with their code.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion

from referee.engine.auction import Bid
from referee.engine.deal import shuffle_deal
from referee.engine.declarations import Declaration, table_for
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.profiles import OptionError
from referee.engine.tiles import Tile, tile
from referee.judging.replay import judge
from referee.notation.reader import read_text
from referee.notation.record import GameRecord, HandRecord, Tag
from referee.notation.writer import format_game
from referee.play.players import Player
from referee.play.simulate import scored_record, simulate_games
from referee.report.render import render_diagnostic

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
ALL_ON = {"nello": "on", "plunge": "on", "splash": "on", "sevens": "on"}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
CONTRACTS = ("nello", "plunge", "splash", "sevens")


def tiles(text: str) -> list[Tile]:
    return [tile(t) for t in text.split()]


# A deal where N holds five doubles (plunge and splash), E and W hold the rest.
DEAL = [
    tiles("6-6 5-5 4-4 3-3 2-2 6-5 6-4"),
    tiles("6-3 6-2 6-1 6-0 5-4 5-3 5-2"),
    tiles("5-1 5-0 4-3 4-2 4-1 4-0 3-2"),
    tiles("3-1 3-0 2-1 2-0 1-1 1-0 0-0"),
]


def auction(hand: Hand, bidder: int, bid: Bid) -> None:
    """Everyone passes but ``bidder``, who makes ``bid``."""
    while hand.phase is Phase.AUCTION:
        seat = hand.turn
        assert seat is not None
        hand.bid(seat, bid if seat == bidder else None)


# -- options ----------------------------------------------------------------------------


def test_contracts_are_off_by_default_and_only_in_42() -> None:
    rules = make_rules("42")
    assert [rules.contract(c) for c in CONTRACTS] == [None] * 4
    assert rules.option_values()["nello"] == "off"
    assert rules.option_values()["nello-doubles"] == "own-suit"
    on = make_rules("42", ALL_ON)
    assert all(on.contract(c) is not None for c in CONTRACTS)
    for game in ("moon", "88"):
        with pytest.raises(OptionError, match="no option 'nello'"):
            make_rules(game, {"nello": "on"})


def test_contradictory_options_are_refused() -> None:
    with pytest.raises(OptionError, match="nello-doubles needs nello=on"):
        make_rules("42", {"nello-doubles": "low"})
    assert make_rules("42", {"nello": "on", "nello-doubles": "low"}).option("nello-doubles") == "low"
    with pytest.raises(OptionError, match="takes off or on"):
        make_rules("42", {"sevens": "yes"})


# -- nello ------------------------------------------------------------------------------


def nello_hand(doubles: str = "own-suit") -> Hand:
    rules = make_rules("42", {"nello": "on", "nello-doubles": doubles})
    hand = Hand(rules, dealer=3, deal=DEAL)
    auction(hand, 0, Bid(42))
    hand.declare(hand.default_declaration("nello"))
    return hand


def test_nello_partner_sits_out_and_tricks_have_three_tiles() -> None:
    hand = nello_hand()
    assert hand.trick_size == 3 and hand.sits_out(2) and not hand.sits_out(1)
    hand.play(tile("2-2"), 0)
    assert hand.turn == 1
    hand.play(tile("6-3"), 1)
    assert hand.turn == 3  # S (seat 2) is skipped
    refusal = hand.check_play(2, tile("4-3"))
    assert refusal is not None and refusal.code == "E410"
    trick = hand.play(tile("1-1"), 3)
    assert trick is not None and len(trick.plays) == 3 and trick.winner == 0


def test_nello_own_suit_doubles_form_a_suit_and_there_is_no_trump() -> None:
    table = table_for(Declaration("nello", doubles_suit=True))
    assert table.trump is None and not any(table.is_trump)
    # a led double calls doubles; the highest double wins; a double follows only doubles
    assert table.winner([tile("2-2"), tile("6-2"), tile("6-6")]) == 2
    assert table.playable([tile("6-2"), tile("1-1")], tile("2-2")) == [tile("1-1")]
    assert table.playable([tile("6-2"), tile("1-1")], tile("2-0")) == [tile("6-2")]


@pytest.mark.parametrize(("mode", "led_double_wins"), [("high", True), ("low", False)])
def test_nello_doubles_high_or_low_in_their_suit(mode: str, led_double_wins: bool) -> None:
    hand = nello_hand(mode)
    assert hand.table is not None
    assert (hand.table.winner([tile("2-2"), tile("6-2")]) == 0) is led_double_wins


def test_nello_set_at_the_first_trick_the_declarer_takes() -> None:
    hand = nello_hand()
    for t in ("6-6", "6-3", "1-1"):
        hand.play(tile(t))
    assert hand.decided and hand.finished
    result = hand.result()
    assert result.made is False and result.awards == (0, 1)


def test_nello_made_when_the_declarer_loses_every_trick() -> None:
    rules = make_rules("42", {"nello": "on"})
    deal = [
        tiles("6-0 5-0 4-0 3-0 2-0 1-0 0-0"),
        tiles("6-6 6-5 6-4 6-3 6-2 6-1 5-5"),
        tiles("5-4 5-3 5-2 5-1 4-4 4-3 4-2"),
        tiles("4-1 3-3 3-2 3-1 2-2 2-1 1-1"),
    ]
    hand = Hand(rules, dealer=3, deal=deal)
    auction(hand, 0, Bid(84))
    hand.declare(hand.default_declaration("nello"))
    while not hand.finished:
        hand.play(hand.legal_plays()[0])
    result = hand.result()
    assert result.made is True and result.tricks == (0, 7) and result.awards == (2, 0)


def test_nello_needs_the_option_a_mark_bid_and_the_doubles_of_the_options() -> None:
    off = Hand(make_rules("42"), dealer=3, deal=DEAL)
    auction(off, 0, Bid(42))
    assert off.check_declare(Declaration("nello")) is not None
    assert off.check_declare(Declaration("nello")).code == "E211"  # type: ignore[union-attr]
    low = Hand(make_rules("42", {"nello": "on"}), dealer=3, deal=DEAL)
    auction(low, 0, Bid(35))
    assert low.check_declare(low.default_declaration("nello")).code == "E212"  # type: ignore[union-attr]
    wrong = Hand(make_rules("42", {"nello": "on"}), dealer=3, deal=DEAL)
    auction(wrong, 0, Bid(42))
    assert wrong.check_declare(Declaration("nello", doubles_low=True)).code == "E304"  # type: ignore[union-attr]


def test_nello_claim_gives_every_remaining_trick_away_and_is_verified() -> None:
    rules = make_rules("42", {"nello": "on"})
    deal = [
        tiles("6-0 5-0 4-0 3-0 2-0 1-0 0-0"),
        tiles("6-6 6-5 6-4 6-3 6-2 6-1 5-5"),
        tiles("5-4 5-3 5-2 5-1 4-4 4-3 4-2"),
        tiles("4-1 3-3 3-2 3-1 2-2 2-1 1-1"),
    ]
    hand = Hand(rules, dealer=3, deal=deal)
    auction(hand, 0, Bid(42))
    hand.declare(hand.default_declaration("nello"))
    for t in ("6-0", "6-5", "3-3"):
        hand.play(tile(t))
    assert hand.check_claim("declarers") is None  # N can lose every trick whatever E and W do
    hand.claim("declarers")
    assert hand.result().made is True and hand.result().tricks == (0, 7)


# -- plunge and splash -------------------------------------------------------------------


def test_plunge_needs_the_option_four_doubles_and_four_marks() -> None:
    off = Hand(make_rules("42"), dealer=3, deal=DEAL)
    assert off.check_bid(0, Bid(168, None, "plunge")).code == "E211"  # type: ignore[union-attr]
    rules = make_rules("42", ALL_ON)
    hand = Hand(rules, dealer=3, deal=DEAL)
    assert hand.check_bid(0, Bid(168, None, "plunge")) is None  # N holds five doubles: opens at 4 marks
    assert hand.check_bid(0, Bid(126, None, "plunge")).code == "E203"  # type: ignore[union-attr]
    assert hand.check_bid(0, Bid(210, None, "plunge")).code == "E204"  # type: ignore[union-attr]
    hand2 = Hand(rules, dealer=0, deal=DEAL)  # E opens; E holds no double
    assert hand2.check_bid(1, Bid(168, None, "plunge")).code == "E210"  # type: ignore[union-attr]
    assert hand2.check_bid(1, Bid(84, None, "splash")).code == "E210"  # type: ignore[union-attr]


def test_plunge_jumps_over_any_bid_and_goes_one_mark_over_four() -> None:
    rules = make_rules("42", ALL_ON)
    deal = [DEAL[1], DEAL[0], DEAL[3], DEAL[2]]  # E holds the doubles
    hand = Hand(rules, dealer=3, deal=deal)
    hand.bid(0, Bid(84))
    assert hand.check_bid(1, Bid(168, None, "plunge")) is None  # a jump no normal bid may make
    assert hand.check_bid(1, Bid(168)).code == "E204"  # type: ignore[union-attr]
    hand = Hand(rules, dealer=3, deal=deal)
    hand.bid(0, Bid(84))
    hand.bid(1, Bid(168, None, "plunge"))
    assert hand.check_bid(2, Bid(210)) is None  # one mark more is a normal bid


def test_after_a_plunge_the_partner_names_trump_and_the_declarer_leads() -> None:
    rules = make_rules("42", ALL_ON)
    hand = Hand(rules, dealer=3, deal=DEAL)
    auction(hand, 0, Bid(168, None, "plunge"))
    assert hand.trump_caller == 2
    assert hand.check_declare(Declaration("suit", 6), by=0).code == "E213"  # type: ignore[union-attr]
    assert hand.check_declare(Declaration("nello"), by=2) is not None
    hand.declare(Declaration("suit", 1), by=2)
    assert hand.turn == 0
    # all seven tricks needed: W trumps the 6-6 and sets it at once
    for t in ("6-6", "6-3", "5-0", "1-1"):
        hand.play(tile(t))
    assert hand.decided and hand.result().made is False and hand.result().awards == (0, 4)


def test_splash_is_two_marks_with_three_doubles() -> None:
    rules = make_rules("42", ALL_ON)
    hand = Hand(rules, dealer=3, deal=DEAL)
    assert hand.check_bid(0, Bid(84, None, "splash")) is None
    assert hand.check_bid(0, Bid(42, None, "splash")).code == "E203"  # type: ignore[union-attr]
    hand.bid(0, Bid(84, None, "splash"))
    assert hand.trump_caller == 2


# -- sevens -----------------------------------------------------------------------------


def test_sevens_forces_the_tile_nearest_seven_and_nearest_wins() -> None:
    rules = make_rules("42", {"sevens": "on"})
    hand = Hand(rules, dealer=3, deal=DEAL)
    auction(hand, 0, Bid(42))
    hand.declare(Declaration("sevens"))
    assert hand.legal_plays() == [tile("4-4"), tile("3-3")]  # 8 and 6 pips, both one from 7
    refusal = hand.check_play(0, tile("6-6"))
    assert refusal is not None and refusal.code == "E411"
    table = hand.table
    assert table is not None
    # 4-3 (7) beats 6-2 (8); 6-1 and 5-2 tie at 7: the first played wins
    assert table.winner([tile("6-2"), tile("4-3"), tile("5-2")]) == 1
    assert table.winner([tile("6-1"), tile("5-2")]) == 0


def test_sevens_tied_tiles_are_both_playable() -> None:
    table = table_for(Declaration("sevens"))
    assert sorted(table.playable([tile("6-2"), tile("4-2"), tile("6-6")], None)) == [tile("4-2"), tile("6-2")]


# -- notation ---------------------------------------------------------------------------

RECORD = """[Rules "42"] [Options "nello=on plunge=on splash=on sevens=on"] [Mode "log"]

hand 1 dealer W
  bid N 168 plunge, E pass, S pass, W pass
  trump sixes by S

hand 2 dealer W
  bid N 42, E pass, S pass, W pass
  trump nello

hand 3 dealer W
  bid N 84 splash, E pass, S pass, W pass
  trump doubles by S

hand 4 dealer W
  bid N 42, E pass, S pass, W pass
  trump sevens
"""


def test_contract_notation_reads_and_writes_back_canonically() -> None:
    (result,) = read_text(RECORD.replace('[Mode "log"]', ""))
    assert result.diagnostics == []
    record = result.record
    assert record is not None
    h1, h2, h3, h4 = record.hands
    assert h1.calls[0].contract == "plunge" and h1.calls[0].amount == 168
    assert h1.trump is not None and (h1.trump.kind, h1.trump.suit, h1.trump.by) == ("suit", 6, "S")
    assert h2.trump is not None and h2.trump.kind == "nello"
    assert h3.calls[0].contract == "splash"
    assert h4.trump is not None and h4.trump.kind == "sevens"
    assert format_game(record) == RECORD.replace(' [Mode "log"]', "").replace("] [", "]\n[")


# -- whole records: samples and snapshots -----------------------------------------------

CONTRACT_SAMPLES = sorted(p for p in (SAMPLES / "legal").glob("42-*.42") if any(c in p.name for c in CONTRACTS))
BROKEN_SAMPLES = sorted(p for p in (SAMPLES / "broken").glob("42-*.42") if any(c in p.name for c in (*CONTRACTS, "contract")))


def _check(path: Path) -> list[str]:
    (result,) = read_text(path.read_text(encoding="utf-8"), path.name)
    assert result.record is not None
    verdict = judge(result.record, file=path.name)
    return [render_diagnostic(d) for d in result.diagnostics + verdict.diagnostics]


def test_there_is_a_made_and_a_set_sample_for_every_contract() -> None:
    names = [p.name for p in CONTRACT_SAMPLES]
    for c in CONTRACTS:
        for outcome in ("made", "set"):
            assert f"42-{c}-{outcome}.42" in names


@pytest.mark.parametrize("path", CONTRACT_SAMPLES, ids=lambda p: p.name)
def test_legal_contract_samples_check_clean(path: Path) -> None:
    assert _check(path) == []


@pytest.mark.parametrize("path", BROKEN_SAMPLES, ids=lambda p: p.name)
def test_broken_contract_samples_report_their_diagnostics(path: Path, snapshot: SnapshotAssertion) -> None:
    text = path.read_text(encoding="utf-8")
    expected = sorted(line.split()[2] for line in text.splitlines() if line.startswith("; expect:"))
    (result,) = read_text(text, path.name)
    assert result.record is not None
    verdict = judge(result.record, file=path.name)
    diags = [d.resolve(result.record.source) for d in result.diagnostics + verdict.diagnostics]
    assert sorted(d.code for d in diags) == expected
    assert "\n\n".join(render_diagnostic(d) for d in diags) == snapshot


# -- Hypothesis: random legal contract hands --------------------------------------------


def contract_hand(seed: int, contract: str, doubles: str = "own-suit") -> tuple[Hand, list[list[Tile]]] | None:
    """A random deal played under ``contract`` by random legal players (None: no bidder fits)."""
    options = dict(ALL_ON, **{"nello-doubles": doubles})
    rules = make_rules("42", options)
    rng = random.Random(seed)
    deal, _ = shuffle_deal(rules.game, rng)
    dealer = rng.randrange(4)
    hand = Hand(rules, dealer, deal)
    players = [Player(random.Random(rng.random())) for _ in range(4)]
    spec = rules.contract(contract)
    assert spec is not None
    seats = [s for s in range(4) if sum(t.is_double for t in deal[s]) >= spec.min_doubles]
    if not seats:
        return None
    bidder = rng.choice(seats)
    marks = spec.min_marks + rng.randrange(2) if spec.when == "trump" else spec.min_marks
    auction(hand, bidder, Bid(42 * marks, None, contract if spec.when == "bid" else None))
    caller = hand.trump_caller
    assert caller is not None
    if spec.when == "trump":
        decl = hand.default_declaration("nello") if contract == "nello" else Declaration(contract)
    else:
        decl = players[caller].choose_declaration(hand)
    hand.declare(decl, by=caller)
    while not hand.finished:
        seat = hand.turn
        assert seat is not None
        hand.play(players[seat].choose_play(hand), seat)
    return hand, [list(h) for h in deal]


def as_record(hand: Hand, deal: list[list[Tile]]) -> GameRecord:
    result = hand.result()
    hr = scored_record(1, hand, deal, [], result, list(result.awards))
    hr.score = None
    opts = " ".join(f"{k}={v}" for k, v in hand.rules.option_values().items() if k in (*CONTRACTS, "nello-doubles"))
    return GameRecord(tags=[Tag(name="Rules", value="42"), Tag(name="Options", value=opts), Tag(name="Mode", value="log")], hands=[hr])


def reckon(hand: Hand) -> tuple[bool, tuple[int, int]]:
    """Made or set, and the marks, worked out from the tricks alone (not from the engine's result)."""
    assert hand.declarer is not None and hand.high_bid is not None and hand.declaration is not None
    team = hand.declarer % 2
    for trick in hand.tricks:
        tiles_ = [t for _, t in trick.plays]
        if hand.declaration.kind == "sevens":  # nearest 7 wins, the first played on a tie
            best = min(range(len(tiles_)), key=lambda i: (abs(tiles_[i].pips - 7), i))
            assert trick.plays[best][0] == trick.winner
    won = [tr.winner for tr in hand.tricks]
    if hand.declaration.kind == "nello":
        made = hand.declarer not in won and len(won) == 7
        assert all(len(tr.plays) == 3 for tr in hand.tricks)
        assert all(s != (hand.declarer + 2) % 4 for tr in hand.tricks for s, _ in tr.plays)
    else:
        made = len(won) == 7 and all(w % 2 == team for w in won)
    marks = hand.high_bid.amount // 42
    return made, ((marks, 0) if made == (team == 0) else (0, marks))


@FAST
@given(st.integers(0, 2**32), st.sampled_from(CONTRACTS), st.sampled_from(("own-suit", "high", "low")))
def test_random_contract_hands_replay_clean_and_score_right(seed: int, contract: str, doubles: str) -> None:
    played = contract_hand(seed, contract, doubles)
    if played is None:
        return
    hand, deal = played
    made, awards = reckon(hand)
    assert hand.result().made is made and hand.result().awards == awards
    record = as_record(hand, deal)
    verdict = judge(record)
    assert verdict.diagnostics == []
    assert verdict.hands[0].made is made
    # the written text reads back to the same verdict
    (again,) = read_text(format_game(record))
    assert again.record is not None and judge(again.record).diagnostics == []


def _codes(record: GameRecord) -> list[str]:
    return [d.code for d in judge(record).diagnostics]


@FAST
@given(st.integers(0, 2**32))
def test_a_sevens_play_that_is_not_the_nearest_tile_is_caught(seed: int) -> None:
    played = contract_hand(seed, "sevens")
    assert played is not None
    hand, deal = played
    record = as_record(hand, deal)
    hr = record.hands[0]
    first = hr.tricks[0].plays[0]
    leader = hand.declarer
    assert leader is not None
    held = deal[leader]
    nearest = min(abs(t.pips - 7) for t in held)
    farther = [t for t in held if abs(t.pips - 7) > nearest]
    if not farther:
        return
    hr.tricks[0].plays[0] = first._replace(tile=farther[0])
    assert _codes(record)[0] == "E411"


@FAST
@given(st.integers(0, 2**32))
def test_a_nello_partner_playing_is_caught(seed: int) -> None:
    played = contract_hand(seed, "nello")
    assert played is not None
    hand, deal = played
    record = as_record(hand, deal)
    assert hand.declarer is not None
    partner = (hand.declarer + 2) % 4
    trick = record.hands[0].tricks[0]
    trick.plays.append(trick.plays[0]._replace(seat="NESW"[partner], tile=deal[partner][0]))
    assert "E410" in _codes(record)


@FAST
@given(st.integers(0, 2**32), st.sampled_from(("plunge", "splash")))
def test_a_plunge_or_splash_without_the_doubles_is_caught(seed: int, contract: str) -> None:
    played = contract_hand(seed, contract)
    if played is None:
        return
    hand, deal = played
    assert hand.declarer is not None
    record = as_record(hand, deal)
    hr: HandRecord = record.hands[0]
    # give the bidder's doubles to an opponent, one for one, until too few are left
    need = 4 if contract == "plunge" else 3
    mine = next(d for d in hr.deal or [] if d.seat == "NESW"[hand.declarer])
    other = next(d for d in hr.deal or [] if d.seat == "NESW"[(hand.declarer + 1) % 4])
    while sum(t.is_double for t in mine.tiles) >= need:
        i = next(i for i, t in enumerate(mine.tiles) if t.is_double)
        j = next((j for j, t in enumerate(other.tiles) if not t.is_double), None)
        if j is None:
            return
        mine.tiles[i], other.tiles[j] = other.tiles[j], mine.tiles[i]
    assert _codes(record)[0] == "E210"


@pytest.mark.parametrize("contract", CONTRACTS)
def test_a_contract_named_without_its_option_is_caught(contract: str) -> None:
    for seed in range(50):
        played = contract_hand(seed, contract)
        if played is not None:
            break
    assert played is not None
    record = as_record(*played)
    record.tags = [t for t in record.tags if t.name != "Options"]
    assert _codes(record)[0] == "E211"


def test_simulated_games_with_every_contract_on_check_clean() -> None:
    """Every game checks clean, contracts and all (tests/engine/test_simulate.py holds their rates)."""
    rules = make_rules("42", ALL_ON)
    played: set[str] = set()
    for record in simulate_games(rules, 20, seed=5):
        assert judge(record).diagnostics == []
        played |= {c.contract for h in record.hands for c in h.calls if c.contract}
        played |= {h.trump.kind for h in record.hands if h.trump is not None and h.trump.kind in ("nello", "sevens")}
    assert played >= {"nello", "sevens", "splash"}


def test_points_scoring_of_an_all_or_nothing_contract() -> None:
    rules = make_rules("42", {"nello": "on", "scoring": "points"})
    hand = Hand(rules, dealer=3, deal=DEAL)
    auction(hand, 0, Bid(84))
    hand.declare(hand.default_declaration("nello"))
    for t in ("6-6", "6-3", "1-1"):
        hand.play(tile(t))
    assert hand.finished and hand.result().awards == (0, 84)
