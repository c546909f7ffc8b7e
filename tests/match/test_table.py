"""The match's driver (``referee.match.table``) with bots in this process: requests follow the
rules, no message tells a seat another seat's unplayed tile, faults become forfeits, and what
it writes checks clean.

The bots here are ``LocalBot``s (the shipped players, or scripted responders), so these tests
start no process; the bots as processes are tested in test_match_cli.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.deal import shuffle_deal
from referee.engine.games import make_rules
from referee.engine.profiles import Rules
from referee.judging.replay import judge
from referee.match.bots import LocalBot, ShippedBot
from referee.match.table import FaultRule, GameOutcome, GameSpec, TimeRule, play_game

pytestmark = pytest.mark.deadline(120)
"""Every test here drives games (or bot processes); none takes near this."""

Message = dict[str, Any]
ALL_ON = {"nello": "on", "plunge": "on", "splash": "on", "sevens": "on"}
TILE = re.compile(r"\b[0-6]-[0-6]\b")


def spec(rules: Rules, seed: int, names: tuple[str, ...] | None = None, max_hands: int = 200) -> GameSpec:
    n = rules.game.players
    return GameSpec(
        number=1,
        names=names or tuple(f"bot{i}" for i in range(n)),
        deal=lambda k: shuffle_deal(rules.game, random.Random(f"{seed}/{k}")),
        first_dealer=seed % n,
        seed=seed,
        max_hands=max_hands,
    )


def bold(kind: str) -> Callable[[Message], Message | None]:
    """A shipped player that bids and declares every special contract it is offered."""
    bot = ShippedBot(kind)

    def answer(message: Message) -> Message | None:
        reply = bot.answer(message)
        if message.get("type") == "request" and reply is not None:
            special = [w for w in message["legal"] if any(c in w for c in ("plunge", "splash", "nello", "sevens"))]
            if special:
                reply["value"] = special[0]
        return reply

    return answer


def play(
    rules: Rules, seed: int, responders: list[Callable[[Message], Message | None]], **kw: Any
) -> tuple[GameOutcome, list[list[Message]]]:
    heard: list[list[Message]] = [[] for _ in responders]
    seats = [LocalBot(r, heard[i].append) for i, r in enumerate(responders)]
    faults = kw.pop("faults", FaultRule())
    return play_game(rules, spec(rules, seed, **kw), seats, TimeRule(), faults), heard


def test_a_game_of_each_kind_checks_clean() -> None:
    for game, options in (("42", {}), ("42", ALL_ON), ("moon", {}), ("88", {})):
        rules = make_rules(game, options)
        out, _ = play(rules, 5, [ShippedBot("sensible").answer for _ in rules.game.seats])
        verdict = judge(out.record)
        assert [d.code for d in verdict.diagnostics] == [], (game, verdict.diagnostics)
        assert out.termination == "normal" and out.winner is not None
        assert verdict.winner == rules.game.team_labels[out.winner]


def test_requests_follow_the_rules_of_the_special_contracts() -> None:
    """After a plunge or splash the partner is asked for trump; a nello partner is never asked
    to play; a forced dealer is offered no pass."""
    rules = make_rules("42", {**ALL_ON, "all-pass": "forced"})
    seen = {"partner named trump": 0, "nello": 0, "forced": 0}
    for seed in range(12):
        out, heard = play(rules, seed, [bold("random") for _ in range(4)], max_hands=4)
        assert [d.code for d in judge(out.record).diagnostics if d.is_error] == []
        for seat, messages in enumerate(heard):
            me = "NESW"[seat]
            for m in messages:
                if m["type"] != "request":
                    continue
                v = m["view"]
                assert v["seat"] == me and v["turn"] == me and m["legal"] == v["legal"]
                if m["kind"] == "trump" and v["contract"] in ("plunge", "splash"):
                    assert v["declarer"] != me and v["declarer"] in ("NS" if me in "NS" else "EW")
                    seen["partner named trump"] += 1
                if m["kind"] == "play":
                    assert me not in v["out"]
                    seen["nello"] += bool(v["out"])
                if m["kind"] == "call" and len(v["calls"]) == 3 and all(c["call"] == "pass" for c in v["calls"]):
                    assert "pass" not in m["legal"]
                    seen["forced"] += 1
    assert all(seen.values()), seen


def leaks(messages: list[Message], me: str | None = None) -> list[str]:
    """Tiles a seat was told while another seat still held them (or the widow or cat it did
    not take), hand by hand, from what the hand's end then shows; the seat is the last
    ``hello``'s (or ``me``)."""
    found: list[str] = []
    hand: list[Message] = []
    for m in messages:
        if m["type"] == "hello":
            me = m["seat"]
        hand.append(m)
        if not (m["type"] == "event" and m["event"] == "hand_end"):
            continue
        assert me is not None
        deal, kitty = m["deal"], set(m["kitty"])
        own = set(deal[me])
        played: set[str] = set()
        took = False
        for said in hand[:-1]:
            if said["type"] == "event" and said["event"] == "play":
                played.add(said["tile"])
            if (said["type"] == "request" and said["kind"] == "exchange") or (
                said["type"] == "event" and said["event"] == "exchange" and said["seat"] == me
            ):
                took = True
            allowed = own | played | (kitty if took else set())
            mentioned = set(TILE.findall(repr(said)))
            found += [f"{m['hand']}: {t} in {said['type']} {said.get('event', '')}" for t in sorted(mentioned - allowed)]
        hand = []
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["42", "moon"]), kind=st.sampled_from(["random", "sensible"]))
def test_no_message_to_a_seat_holds_another_seats_unplayed_tile(seed: int, game: str, kind: str) -> None:
    rules = make_rules(game, ALL_ON if game == "42" else {})
    _, heard = play(rules, seed, [bold(kind) for _ in rules.game.seats], max_hands=3)
    for seat, messages in zip(rules.game.seats, heard, strict=True):
        assert messages and leaks(messages, seat) == []


def test_the_leak_check_would_catch_a_leak() -> None:
    rules = make_rules("42")
    _, heard = play(rules, 1, [ShippedBot("random").answer for _ in range(4)], max_hands=1)
    first_request = next(i for i, m in enumerate(heard[0]) if m["type"] == "request")
    east = next(m for m in heard[0] if m["type"] == "event" and m["event"] == "hand_end")["deal"]["E"]
    heard[0][first_request]["view"]["tiles"].append(east[0])
    assert leaks(heard[0], "N") == [f"1: {east[0]} in request "]


def faulty(at: int, answer: Callable[[Message], Message | None], value: str) -> Callable[[Message], Message | None]:
    """``answer``, except that its ``at``-th action has ``value``."""
    count = [0]

    def bad(message: Message) -> Message | None:
        reply = answer(message)
        if message.get("type") == "request" and reply is not None:
            count[0] += 1
            if count[0] == at:
                reply["value"] = value
        return reply

    return bad


@pytest.mark.parametrize("on_fault", ["forfeit-hand", "forfeit-game"])
def test_an_illegal_answer_is_a_forfeit_that_checks_clean(on_fault: str) -> None:
    rules = make_rules("42")
    responders: list[Callable[[Message], Message | None]] = [ShippedBot("sensible").answer for _ in range(4)]
    responders[1] = faulty(3, responders[1], "6-6 please")
    out, heard = play(rules, 2, responders, faults=FaultRule(on_fault=on_fault))  # type: ignore[arg-type]
    (note,) = out.faults
    assert (note.seat, note.kind, note.hand) == ("E", "illegal", 1)
    first = out.record.hands[0]
    assert first.forfeit is not None and first.forfeit.seat == "E"
    verdict = judge(out.record)
    assert [d.code for d in verdict.diagnostics] == ["W106"]
    if on_fault == "forfeit-game":
        assert (out.termination, out.winner, len(out.record.hands)) == ("illegal move", 0, 1)
        assert verdict.winner == "NS"
    else:
        assert out.termination == "normal" and len(out.record.hands) > 1
    assert any(m["type"] == "event" and m["event"] == "forfeit" and m["reason"] == "illegal" for m in heard[0])


def test_max_faults_ends_a_bots_game_at_its_nth_fault() -> None:
    rules = make_rules("42")
    responders: list[Callable[[Message], Message | None]] = [ShippedBot("sensible").answer for _ in range(4)]
    responders[2] = faulty(1, faulty(20, responders[2], "nonsense"), "nonsense")
    out, _ = play(rules, 3, responders, faults=FaultRule(max_faults=2))
    assert [f.kind for f in out.faults] == ["illegal", "illegal"]
    assert (out.termination, out.winner) == ("illegal move", 1)
    assert judge(out.record).winner == "EW"
