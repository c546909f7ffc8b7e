"""``referee fix`` on simulated games whose stated results were damaged at random: after
it, ``check`` finds no E501-E504, and ``convert --to json`` says the same of every deal,
bid and play as before."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.notation.record import GameRecord, HandRecord, StatedAward, StatedResult, StatedScore, Tag
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from tests.cli.test_cli import Run

FIXED = {"E501", "E502", "E503", "E504"}
PLAYED = ("misdeal", "deal", "kitty", "calls", "exchange", "trump", "tricks", "accepted", "renege", "claim")
"""What a hand's JSON says of its deal, bids and plays."""


def _damage_hand(data: st.DataObject, hand: HandRecord, sides: tuple[str, ...]) -> HandRecord:
    """The hand with its result, award and score lines changed, dropped or left."""
    changes: dict[str, Any] = {}
    what = data.draw(st.sampled_from(["keep", "drop", "change"]), label="result")
    if what == "drop":
        changes["result"] = None
    elif what == "change":
        changes["result"] = StatedResult(
            data.draw(st.sampled_from((None, *sides))),
            data.draw(st.none() | st.integers(0, 90)),
            data.draw(st.sampled_from(["made", "set"])),
        )
    for field in ("award", "score"):
        what = data.draw(st.sampled_from(["keep", "drop", "change"]), label=field)
        if what == "drop":
            changes[field] = None
        elif what == "change":
            amounts = data.draw(st.dictionaries(st.sampled_from(sides), st.integers(-30, 300), min_size=1))
            changes[field] = StatedAward(amounts) if field == "award" else StatedScore(amounts)
    return dataclasses.replace(hand, **changes)


def _damaged(data: st.DataObject, record: GameRecord, sides: tuple[str, ...]) -> GameRecord:
    hands = [_damage_hand(data, h, sides) for h in record.hands]
    tags = [t for t in record.tags if t.name != "Winner"]
    winner = data.draw(st.sampled_from((None, "keep", *sides)), label="winner")
    if winner == "keep":
        tags = record.tags
    elif winner is not None:
        tags = [*tags, Tag("Winner", winner)]
    return dataclasses.replace(record, tags=tags, hands=hands)


def _played(text: str) -> list[list[dict[str, Any]]]:
    """What ``convert`` says of the deals, bids and plays, places left out."""
    run = Run("convert", "--to", "jsonl", "--jobs", "1", "-", stdin=text)
    assert run.code in (0, 1), run.err
    return [[_placeless({k: h[k] for k in PLAYED}) for h in json.loads(line)["record"]["hands"]] for line in run.out.splitlines()]


def _placeless(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _placeless(v) for k, v in value.items() if k != "at" and not k.endswith("_at")}
    if isinstance(value, list):
        return [_placeless(v) for v in value]
    return value


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(["42", "moon", "88"]), seed=st.integers(0, 100_000), data=st.data())
def test_fix_then_check_finds_no_stated_result_wrong_and_the_play_is_untouched(game: str, seed: int, data: st.DataObject) -> None:
    rules = make_rules(game)
    record = next(simulate_games(rules, 1, seed, players="random", max_hands=5))
    text = format_game(_damaged(data, record, rules.game.team_labels))
    fixed = Run("fix", "-", stdin=text)
    assert fixed.code == 0, fixed.err
    check = Run("check", "--format", "json", "--jobs", "1", "-", stdin=fixed.out)
    found = {json.loads(line).get("code") for line in check.out.splitlines()}
    assert found.isdisjoint(FIXED), check.out
    assert _played(fixed.out) == _played(text)
    assert Run("fix", "--check", "-", stdin=fixed.out).out == ""  # fixed once, nothing is left
