"""A judged record is freed by reference counting, not left to the cycle collector.

When the hand judge and its replay referred to each other, every record (its text,
items and verdict) became cyclic garbage: the collector then ran every few hundred
hands and cost ``check`` about a third of its time (docs/performance.md).  These tests
keep any new cycle out of the replay, for every game and for records with errors.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.engine.games import NAMES, make_rules
from referee.judging.replay import Referee
from referee.notation.reader import read_text
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def cycles_left_by(run: Callable[[], object]) -> Counter[str]:
    """The kinds of object ``run`` left in reference cycles (the collector finds them).

    ``run`` goes once first, so that whatever is built on first use (the grammar's
    parser, caches) is built before the count."""
    run()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()


def _judge_text(text: str, detail: bool) -> int:
    referee = Referee(detail=detail)
    judged = 0
    for i, rr in enumerate(read_text(text, "<test>"), 1):
        if rr.record is not None:
            referee.judge(rr.record, file="<test>", game_index=i)
            judged += 1
    return judged


@pytest.mark.parametrize("game", NAMES)
@pytest.mark.parametrize("detail", [False, True])
def test_simulated_games_leave_no_cycles(game: str, detail: bool) -> None:
    text = "\n".join(format_game(r) for r in simulate_games(make_rules(game), 6, seed=3))
    assert _judge_text(text, detail) == 6
    left = cycles_left_by(lambda: _judge_text(text, detail))
    assert not left, left.most_common(8)


def test_records_with_rule_errors_leave_no_cycles() -> None:
    """Refusals, stopped hands (``Stop`` unwinds through the judge), syntax errors and
    rulings too.

    Claims are left out: the double-dummy search that verifies one is a set of mutually
    recursive closures, freed by the collector after each claim."""
    texts = [
        p.read_text(encoding="utf-8")
        for folder in ("broken", "league")
        for p in sorted((SAMPLES / folder).rglob("*.42"))
        if "claim" not in p.read_text(encoding="utf-8")
    ]
    assert len(texts) > 20
    left = cycles_left_by(lambda: [_judge_text(text, True) for text in texts])
    assert not left, left.most_common(8)


def test_play_table_keeps_only_plain_plays() -> None:
    """The replay's table of record plays to engine plays is bounded: a play with a
    comment is converted but not kept (every comment could differ)."""
    from referee.engine import actions
    from referee.engine.tiles import tile
    from referee.judging.converts import EnginePlays
    from referee.notation.record import Play

    table = EnginePlays({"N": 0, "E": 1})
    plain = Play("E", tile("6-4"))
    assert table[plain] == actions.Play(1, tile("6-4"))
    assert plain in table
    noted = Play("E", tile("6-4"), ("a comment",))
    assert table[noted] == actions.Play(1, tile("6-4"))
    assert noted not in table
    for unknown in (Play(None, tile("6-4")), Play("Q", tile("6-4"))):
        with pytest.raises(KeyError):
            table[unknown]
    assert len(table) == 1


def test_call_table_is_bounded() -> None:
    """The replay's table of record calls to engine calls keeps at most ``LIMIT`` (an amount
    is any number written); past it calls are converted but not kept."""
    from referee.engine import actions
    from referee.judging.converts import EngineCalls

    table = EngineCalls({"N": 0, "E": 1})
    assert table[("E", None, None, None)] == actions.Call(1, None)
    assert table[(None, 30, None, None)] == actions.Call(None, actions.Bid(30))
    with pytest.raises(KeyError):
        table[("Q", 30, None, None)]
    for amount in range(2 * EngineCalls.LIMIT):
        assert table[("N", amount, 2, "plunge")] == actions.Call(0, actions.Bid(amount, 2, "plunge"))
    assert len(table) == EngineCalls.LIMIT
