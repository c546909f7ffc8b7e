"""The misbehaving bot (tests/bots/bad_bot.py) at East, one fault at a time, under both fault
rules, with and without ``--recover``: each gives the expected forfeit, termination and fault
count, and the record it leaves checks clean. The three other seats are shipped bots in this
process, so each case starts one process.

Every wait is bounded by the table's time rule (a decision within 300 ms + 100 ms, a ping
within 0.5 s, a start within 10 s), so no case can hang.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.engine.deal import shuffle_deal
from referee.engine.games import make_rules
from referee.judging.replay import judge
from referee.match.bots import LocalBot
from referee.match.process import BotProcess
from referee.match.table import FaultRule, GameOutcome, GameSpec, Seat, SeatGone, TimeRule, play_game

from .script import bad_bot

pytestmark = pytest.mark.deadline(60)
"""Every test here drives games (or bot processes); none takes near this."""

RULES = make_rules("42")
TIME = TimeRule(decision_ms=300, margin_ms=100, start_s=10.0, ping_s=0.5)

EXPECTED = {
    "illegal": "illegal",
    "not-legal-list": "illegal",
    "garbage": "protocol",
    "wrong-id": "protocol",
    "oversize": "protocol",
    "slow": "time",
    "late-stale-reply": "time",
    "crash": "crash",
    "no-pong": "stall",
}
"""The fault each misbehaviour is, at the bad bot's first request (or first ping)."""


def played(fault: str, tmp_path: Path, rule: FaultRule, hands: int = 2) -> tuple[GameOutcome, BotProcess]:
    east = BotProcess(bad_bot(fault, "--delay", "0.6"), tmp_path / "east.err")
    seats: list[Seat] = [LocalBot.shipped("random"), east, LocalBot.shipped("random"), LocalBot.shipped("random")]
    spec = GameSpec(
        number=1,
        names=("good", "bad", "good", "bad"),
        deal=lambda k: shuffle_deal(RULES.game, random.Random(f"faults/{k}")),
        first_dealer=3,
        seed=1,
        max_hands=hands,
    )
    try:
        return play_game(RULES, spec, seats, TIME, rule), east
    finally:
        east.close()


@pytest.mark.parametrize("recover", [False, True], ids=["", "recover"])
@pytest.mark.parametrize("on_fault", ["forfeit-hand", "forfeit-game"])
@pytest.mark.parametrize("fault", sorted(EXPECTED))
def test_one_fault(fault: str, on_fault: str, recover: bool, tmp_path: Path) -> None:
    out, east = played(fault, tmp_path, FaultRule(on_fault=on_fault, recover=recover))  # type: ignore[arg-type]
    kinds = [f.kind for f in out.faults]
    assert kinds and kinds[0] == EXPECTED[fault], [str(f) for f in out.faults]
    assert all(f.seat == "E" and f.bot == "bad" for f in out.faults)
    first = out.record.hands[out.faults[0].hand - 1]
    assert first.forfeit is not None and (first.forfeit.seat, first.forfeit.fault) == ("E", EXPECTED[fault])
    verdict = judge(out.record)
    assert [d for d in verdict.diagnostics if d.is_error] == []
    gone = EXPECTED[fault] in ("crash", "stall")
    if on_fault == "forfeit-game" or (gone and not recover):
        ended = {"illegal": "illegal move", "protocol": "illegal move", "time": "time forfeit", "crash": "abandoned", "stall": "abandoned"}
        assert (out.termination, out.winner, len(kinds)) == (ended[EXPECTED[fault]], 0, 1)
        assert verdict.winner == "NS"
    else:  # the game goes on: the next hand is dealt and played
        assert out.termination in ("normal", "unterminated") and len(out.record.hands) == 2
        assert east.restarts == (len(kinds) if gone else 0)  # a bot started again faults again at its first request
    if fault == "late-stale-reply" and on_fault == "forfeit-hand":
        assert out.stale["bad"] == 1  # the late answer came, and was ignored


def test_exit_at_hello_stops_the_match(tmp_path: Path) -> None:
    with pytest.raises(SeatGone) as caught:
        played("exit-on-hello", tmp_path, FaultRule())
    assert caught.value.name == "bad" and caught.value.fault.kind == "crash"


def test_a_flood_of_stderr_is_no_fault_and_is_logged(tmp_path: Path) -> None:
    out, _ = played("stderr-flood", tmp_path, FaultRule(), hands=1)
    assert out.faults == []
    assert (tmp_path / "east.err").stat().st_size >= 1 << 20


def test_max_faults_with_recover_ends_the_game_at_the_nth(tmp_path: Path) -> None:
    out, east = played("no-pong", tmp_path, FaultRule(recover=True, max_faults=2), hands=5)
    assert [f.kind for f in out.faults] == ["stall", "stall"]
    assert (out.termination, out.winner, east.restarts) == ("abandoned", 0, 1)


def test_a_reply_past_the_game_budget_is_a_time_fault(tmp_path: Path) -> None:
    """With --tc, a decision may take what is left of the bot's budget for the game, no more."""
    east = BotProcess(bad_bot("slow", "--delay", "0.6"), tmp_path / "east.err")
    seats: list[Seat] = [LocalBot.shipped("random"), east, LocalBot.shipped("random"), LocalBot.shipped("random")]
    spec = GameSpec(
        number=1, names=("good", "bad", "good", "bad"), deal=lambda k: shuffle_deal(RULES.game, random.Random(f"faults/{k}")),
        first_dealer=3, seed=1, max_hands=1,
    )  # fmt: skip
    budget = TimeRule(decision_ms=None, game_ms=250, increment_ms=10, margin_ms=100, start_s=10.0, ping_s=0.5)
    try:
        out = play_game(RULES, spec, seats, budget, FaultRule())
    finally:
        east.close()
    (fault,) = out.faults
    assert fault.kind == "time" and "no answer within 250 ms + 100 ms margin" in fault.detail
