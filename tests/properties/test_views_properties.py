"""Properties of the engine's views and decisions over random hands of every game and contract.

Hands are played by choosing among the engine's own legal options (``Hand.decision``)
with a contract in view: the first bidder bids it (a plunge or splash hand is dealt
its doubles), trump is named for it when it may be.  At every step:

- no ``PlayerView`` holds another seat's unplayed tile, nor a kitty its seat did not
  take (every tile-bearing field outside the played tricks is checked against what
  the seat may know, copies counted: Texas 88 holds each tile twice);
- the decision's options are exactly the actions the hand's checks accept, found by
  trying every call, declaration, exchange and tile there could be;
- a hand dealt blind (``deal=None``) accepts the same actions, and the tiles it
  offers each seat include every tile that seat really holds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.actions import Action, Bid, Call, Declare, Exchange, Play
from referee.engine.deal import shuffle_deal
from referee.engine.declarations import Declaration
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.tiles import Tile
from referee.engine.views import PlayerView

VARIANTS: list[tuple[str, dict[str, str], str | None]] = [
    ("42", {}, None),
    ("42", {"all-pass": "forced"}, "doubles"),
    ("42", {"follow-me-doubles": "low"}, "follow-me"),
    ("42", {"nello": "on"}, "nello"),
    ("42", {"nello": "on", "nello-doubles": "low"}, "nello"),
    ("42", {"nello": "on", "nello-doubles": "high", "scoring": "points"}, "nello"),
    ("42", {"plunge": "on"}, "plunge"),
    ("42", {"splash": "on", "scoring": "points"}, "splash"),
    ("42", {"sevens": "on"}, "sevens"),
    ("moon", {}, None),
    ("moon", {"all-pass": "forced", "follow-me-doubles": "low"}, "follow-me"),
    ("moon", {}, "doubles"),
    ("88", {}, None),
    ("88", {"scoring": "marks"}, None),
]
"""(game, options, the contract or trump the first bidder plays for)."""

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rig(hands: list[list[Tile]], seat: int, doubles: int) -> None:
    """Give ``seat`` at least ``doubles`` doubles, swapped in from the other hands."""
    mine = hands[seat]
    for other in (h for s, h in enumerate(hands) if s != seat):
        for i, t in enumerate(other):
            if sum(x.is_double for x in mine) >= doubles:
                return
            if t.is_double:
                j = next(k for k, x in enumerate(mine) if not x.is_double)
                mine[j], other[i] = t, mine[j]


def deal(game: str, options: dict[str, str], target: str | None, rng: random.Random) -> Hand:
    rules = make_rules(game, options)
    hands, kitty = shuffle_deal(rules.game, rng)
    dealer = rng.randrange(rules.game.players)
    contract = rules.game.contract_by_name.get(target or "")
    if contract is not None and contract.min_doubles:
        rig(hands, (dealer + 1) % rules.game.players, contract.min_doubles)
    return Hand(rules, dealer, hands, kitty)


def choose(hand: Hand, first: int, target: str | None, rng: random.Random) -> Action:
    """One of the options the hand offers, leaning towards ``target``."""
    decision = hand.decision()
    options = list(decision.options)
    assert options, decision
    if decision.kind == "call":
        calls = [a for a in options if isinstance(a, Call)]
        bids = [a for a in calls if a.bid is not None]
        if decision.seat == first and bids:
            wanted = [a for a in bids if a.bid is not None and a.bid.contract == target]
            marks = [a for a in bids if a.bid is not None and a.bid.amount >= hand.game.hand_total]
            if wanted:
                return wanted[0]
            if target in ("nello", "sevens") and marks:
                return marks[0]
            return rng.choice(bids[:3])
        passing = [a for a in calls if a.bid is None]
        if passing and rng.random() < (0.9 if target else 0.6):
            return passing[0]
        return rng.choice(options)
    if decision.kind == "declare":
        named = [a for a in options if isinstance(a, Declare) and a.declaration.kind == target]
        return named[0] if named else rng.choice(options)
    return rng.choice(options)


def play_out(game: str, options: dict[str, str], target: str | None, rng: random.Random, step: Callable[[Hand], None]) -> Hand:
    """A hand played to its end from the engine's options, with ``step`` called before each action."""
    return play_from(deal(game, options, target, rng), target, rng, step)


def play_from(hand: Hand, target: str | None, rng: random.Random, step: Callable[[Hand], None]) -> Hand:
    first = hand.turn
    assert first is not None
    while True:
        step(hand)
        if hand.decision().kind == "none":
            return hand
        if hand.phase is Phase.EXCHANGE and not hand.decision().options:  # a cat whose counters cannot all be replaced
            return hand
        hand.apply(choose(hand, first, target, rng))


# -- what a seat may see ---------------------------------------------------------------------


def tiles_in(value: object) -> Iterator[Tile]:
    """Every tile in ``value``, looking into tuples (named ones too), lists and sets."""
    if isinstance(value, Tile):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for x in value:
            yield from tiles_in(x)


PLAYED = {"trick", "tricks"}
"""The fields that hold only tiles played face up."""


def check_hidden(hand: Hand, seat: int, view: PlayerView) -> None:
    took = seat == hand.declarer and (hand.exchanged is not None or hand.phase is Phase.EXCHANGE)
    assert view.hand == tuple(hand.hands[seat])
    assert (view.kitty is not None) == took and (view.exchanged is not None) <= took
    played = Counter(t for tr in hand.tricks for _, t in tr.plays) + Counter(t for _, t in hand.trick)
    known = Counter(hand.hands[seat]) + played
    if took:
        exchanged = hand.exchanged or ((), ())
        known += Counter(hand.kitty) + Counter(exchanged[0]) + Counter(exchanged[1])
    parts: list[tuple[str, object]] = [(name, getattr(view, name)) for name in view._fields if name != "decision"]
    parts += [("decision", view.decision._replace(options=()))]
    for option in view.decision.options:  # each option alone (they share tiles), an exchange's halves apart
        parts += [("an option", x) for x in ((option.take, option.give) if isinstance(option, Exchange) else (option,))]
    for name, part in parts:
        if name == "game" or name in PLAYED:
            continue
        shown = Counter(tiles_in(part))
        assert not shown - known, (name, shown - known)


# -- the decision, against every action there could be -------------------------------------


def every_call(hand: Hand) -> Iterator[Call]:
    game = hand.game
    units = {42, 88, *([game.ladder.mark_unit] if game.ladder.mark_unit else [])}
    amounts = sorted({*range(0, 100), *(u * k for u in units for k in range(1, 9))})
    yield Call(hand.turn, None)
    for a in amounts:
        for suit in (None, *range(7)):
            yield Call(hand.turn, Bid(a, suit))
        for contract in ("plunge", "splash", "nello"):
            yield Call(hand.turn, Bid(a, None, contract))


def every_declaration(hand: Hand) -> Iterator[Declare]:
    """Every declaration a record can write (the doubles' place is a field of follow-me and nello only)."""
    by = hand.trump_caller
    yield from (Declare(Declaration("suit", s), by) for s in range(7))
    yield from (Declare(Declaration(kind), by) for kind in ("doubles", "follow-me", "nello", "sevens", "plunge"))
    yield Declare(Declaration("follow-me", doubles_low=True), by)
    yield from (Declare(Declaration("nello", doubles_low=low, doubles_suit=not low), by) for low in (False, True))


def every_exchange(hand: Hand) -> Iterator[Exchange]:
    assert hand.declarer is not None
    kitty = sorted(hand.kitty, reverse=True)
    for k in range(len(kitty) + 1):
        for take in set(combinations(kitty, k)):
            pool = sorted([*hand.hands[hand.declarer], *take], reverse=True)
            for n in range(len(kitty) + 2):
                for give in set(combinations(pool, n)):
                    yield Exchange(take, give)


def every_play(hand: Hand) -> Iterator[Play]:
    for t in sorted(set(hand.game.tiles)):
        yield Play(hand.turn, t)


EVERY: dict[str, Callable[[Hand], Iterator[Action]]] = {
    "call": every_call,
    "declare": every_declaration,
    "exchange": every_exchange,
    "play": every_play,
}


def check_complete(hand: Hand) -> None:
    decision = hand.decision()
    if decision.kind == "none":
        return
    accepted = {a for a in EVERY[decision.kind](hand) if hand.check(a) is None}
    assert set(decision.options) == accepted, (decision.kind, set(decision.options) ^ accepted)
    assert len(decision.options) == len(accepted)  # listed once each


# -- the properties ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options", "target"), VARIANTS)
@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_a_player_view_holds_no_other_seat_s_tiles(game: str, options: dict[str, str], target: str | None, rng: random.Random) -> None:
    def step(hand: Hand) -> None:
        whole = hand.decision()
        for seat in range(hand.game.players):
            view = hand.view(seat)
            check_hidden(hand, seat, view)
            assert view.decision == (whole if whole.seat == seat else whole._replace(options=()))

    play_out(game, options, target, rng, step)


@pytest.mark.parametrize(("game", "options", "target"), VARIANTS)
@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_the_options_are_every_action_the_checks_accept(game: str, options: dict[str, str], target: str | None, rng: random.Random) -> None:
    play_out(game, options, target, rng, check_complete)


@pytest.mark.parametrize(("game", "options", "target"), VARIANTS)
@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_a_blind_hand_follows_the_same_hand_and_offers_every_tile_held(
    game: str, options: dict[str, str], target: str | None, rng: random.Random
) -> None:
    dealt = deal(game, options, target, rng)
    known = Hand(dealt.rules, dealt.dealer, dealt.hands, dealt.kitty)
    play_from(dealt, target, rng, lambda hand: None)
    blind = Hand(known.rules, known.dealer, None)
    for action in dealt.log:
        if isinstance(action, Play):
            assert action.seat is not None
            assert blind.revealed_renege(action.seat, action.tile) is None
            for seat in range(known.game.players):
                assert set(known.hands[seat]) <= set(blind.candidates(seat))
            assert not blind.decision().exact
        known.apply(action)
        if isinstance(action, Exchange):
            continue  # nobody sees the kitty of a blind hand
        assert blind.check(action) is None, action
        blind.apply(action)
        view = blind.view(0)
        assert view.hand == () and view.kitty is None
    assert (blind.points, blind.team_tricks, blind.phase) == (known.points, known.team_tricks, known.phase)


def test_every_variant_reaches_its_contract() -> None:
    """The generator does play what each variant is for (a fixed seed a variant)."""
    for game, options, target in VARIANTS:
        if target is None:
            continue
        reached = []
        for seed in range(12):
            hand = play_out(game, options, target, random.Random(seed), lambda hand: None)
            bid = hand.high_bid
            reached.append((bid.contract if bid is not None else None, hand.declaration.kind if hand.declaration else None))
        assert any(target in pair for pair in reached), (game, options, target, reached)
