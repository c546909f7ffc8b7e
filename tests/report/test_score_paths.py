"""``score`` judges without a finished hand's tricks (``Referee(tricks=False)``): its sheets,
rows and lines are the same as from the full verdict, and the verdict differs only there
(a score sheet's hand, which has no plays, keeps the seats of its calls)."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli.common import consoles
from referee.engine.games import make_rules
from referee.judging.judged import Judged
from referee.judging.replay import Referee
from referee.judging.verdict import GameVerdict
from referee.notation.reader import read_text
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from referee.report.escaping import csv_writer
from referee.report.scoresheet import CSV_FIELDS, score_document, score_rows, score_sheet
from referee.report.tables import print_parts
from tests.mutations import EDITS, mutate

SAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("samples").rglob("*.42"))


def _judged(text: str, name: str, referee: Referee) -> list[Judged]:
    out = []
    for index, result in enumerate(read_text(text, name), start=1):
        verdict = referee.judge(result.record, file=name, game_index=index) if result.record is not None else None
        found = [*result.diagnostics, *(verdict.diagnostics if verdict else [])]
        out.append(Judged(name, index, result.record, verdict, found))
    return out


def _outputs(j: Judged) -> tuple[str, str, str]:
    """What ``score`` writes of one record as text, CSV and JSON."""
    text = io.StringIO()
    if j.verdict is not None and j.record is not None and j.record.hands:
        out, _err = consoles(wide=True, file=text)
        print_parts(out, score_sheet(j))
    rows = io.StringIO()
    csv_writer(rows, CSV_FIELDS).writerows(score_rows(j))
    return text.getvalue(), rows.getvalue(), json.dumps(score_document(j))


def _without_finished_tricks(v: GameVerdict | None) -> GameVerdict | None:
    if v is None:
        return None
    return replace(v, hands=[replace(h, tricks=[], call_seats=[]) if h.followed and h.detail == "plays" else h for h in v.hands])


def _all_equal(text: str, name: str) -> int:
    full = _judged(text, name, Referee())
    lean = _judged(text, name, Referee(tricks=False))
    assert len(full) == len(lean)
    for a, b in zip(full, lean, strict=True):
        assert _without_finished_tricks(a.verdict) == b.verdict
        assert _outputs(a) == _outputs(b)
    return sum(len(j.verdict.hands) for j in lean if j.verdict is not None)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_scores_the_same_without_finished_tricks(path: Path) -> None:
    _all_equal(path.read_text(encoding="utf-8"), str(path))


def test_the_samples_hold_hands() -> None:
    assert sum(_all_equal(path.read_text(encoding="utf-8"), str(path)) for path in SAMPLES) > 100


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(["42", "moon", "88"]), seed=st.integers(0, 1_000), edits=EDITS, unfinished=st.booleans())
def test_damaged_records_score_the_same_without_finished_tricks(
    game: str, seed: int, edits: list[tuple[float, str, str]], unfinished: bool
) -> None:
    record = next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=4))
    text = format_game(record)
    if unfinished:  # cut in the last hand's play (its result, award, score and two play lines gone): a hand in play (W108)
        text = '[Status "unfinished"]\n' + text.rstrip("\n").rsplit("\n", 5)[0] + "\n"
    _all_equal(mutate(text, edits), "m.42")
