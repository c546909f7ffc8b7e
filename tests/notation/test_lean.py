"""The reader's shortcuts, which `check` relies on for speed, against the plain reading.

* Lean reading (``lean=True``) builds clean deals and plays without spans from
  shared models; it must give the same record but for those spans, the same
  diagnostics, and ``spanned`` must give back exactly the full reading.
* A clean hand (``_whole_hand``) and a tag-only header (``_whole_header``) skip
  Lark; with both shortcuts off, every record must come out the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.diagnostics import Diagnostic
from referee.engine.profiles import make_rules
from referee.judge.replay import Referee
from referee.notation import reader
from referee.notation.reader import ReadResult, read_text, spanned
from referee.notation.writer import format_game, strip_spans
from referee.pipeline import judge_result
from referee.play.simulate import simulate_games
from tests.mutations import EDITS, mutate

SAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("samples").rglob("*.42"))
GAMES = ["42", "moon", "88"]


def _simulated(game: str, seed: int, players: str = "random") -> str:
    return format_game(next(simulate_games(make_rules(game), 1, seed, players=players, max_hands=6)))


def _same_but_spans(full: list[ReadResult], lean: list[ReadResult]) -> None:
    assert len(full) == len(lean)
    for a, b in zip(full, lean, strict=True):
        assert a.diagnostics == b.diagnostics
        assert a.lean == ()
        if a.record is None:
            assert b.record is None
            continue
        assert b.record is not None
        assert strip_spans(b.record) == strip_spans(a.record)
        assert spanned(b).record == a.record
        assert spanned(b).diagnostics == a.diagnostics


def _judged(results: list[ReadResult], rules: str) -> list[list[Diagnostic]]:
    referee = Referee(rules, detail=False)
    return [judge_result(r, referee, "t.42", i).diagnostics for i, r in enumerate(results, start=1)]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_lean_reading_of_every_sample_is_the_full_reading_without_spans(path: Path) -> None:
    text = path.read_text()
    full, lean = list(read_text(text, path.name)), list(read_text(text, path.name, lean=True))
    _same_but_spans(full, lean)
    rules = "moon" if "moon" in path.name else "88" if "88" in path.name else "42"
    assert _judged(lean, rules) == _judged(full, rules)


@pytest.mark.parametrize("game", GAMES)
def test_lean_reading_takes_every_hand_that_simulate_writes(game: str) -> None:
    text = _simulated(game, 7, players="sensible")
    (result,) = read_text(text, "s.42", lean=True)
    assert result.record is not None
    assert [i for i, _ in result.lean] == list(range(len(result.record.hands)))
    first = result.record.hands[0]
    assert first.deal is not None and first.deal[0].tiles[0].at is None and first.tricks[0].plays[0].at is None
    assert spanned(result).record.hands[0].tricks[0].plays[0].at is not None  # type: ignore[union-attr]


def test_a_rule_error_in_a_lean_record_is_reported_at_its_place() -> None:
    text = _simulated("42", 3, players="sensible")
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if line.lstrip().startswith("play "))
    lines[row], lines[row + 1] = lines[row + 1].replace("     ", "play", 1), lines[row].replace("play", "    ", 1)
    results = list(read_text("\n".join(lines), "t.42", lean=True))
    assert results[0].lean
    judged = judge_result(results[0], Referee("42", detail=False), "t.42", 1)
    assert judged.diagnostics
    assert all(d.at is not None for d in judged.diagnostics)
    full = judge_result(next(iter(read_text("\n".join(lines), "t.42"))), Referee("42", detail=False), "t.42", 1)
    assert judged.diagnostics == full.diagnostics


@settings(max_examples=80, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 1_000), edits=EDITS)
def test_lean_reading_of_damaged_records_is_the_full_reading_without_spans(
    game: str, seed: int, edits: list[tuple[float, str, str]]
) -> None:
    text = mutate(_simulated(game, seed), edits)
    full, lean = list(read_text(text, "m.42")), list(read_text(text, "m.42", lean=True))
    _same_but_spans(full, lean)
    assert _judged(lean, game) == _judged(full, game)


def _without_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "_whole_hand", lambda text: None)
    monkeypatch.setattr(reader, "_whole_header", lambda text: None)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shortcuts_past_lark_read_every_sample_as_lark_does(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text()
    fast = list(read_text(text, path.name))
    _without_shortcuts(monkeypatch)
    assert list(read_text(text, path.name)) == fast


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 1_000), edits=EDITS)
def test_shortcuts_past_lark_read_damaged_records_as_lark_does(game: str, seed: int, edits: list[tuple[float, str, str]]) -> None:
    text = mutate(_simulated(game, seed), edits)
    fast = list(read_text(text, "m.42"))
    with pytest.MonkeyPatch.context() as monkeypatch:
        _without_shortcuts(monkeypatch)
        slow = list(read_text(text, "m.42"))
    assert slow == fast


def test_a_clean_hand_is_split_into_its_items_by_the_grammar_own_regex() -> None:
    text = "\nhand 3 dealer E\n  bid N 30, E pass trump no-trump\n  play N 6-6 E 5-5 => N / S 4-4\n  concede\n"
    found = reader._whole_hand(text)
    assert found is not None
    tok, items = found
    assert (tok.line, tok.column, tok.end_line) == (2, 1, 5)
    assert [(kind, tok.value[s:e]) for kind, s, e in items] == [
        ("BID", "bid N 30, E pass"),
        ("TRUMP", "trump no-trump"),
        ("PLAY", "play N 6-6 E 5-5 => N / S 4-4"),
        ("CONCEDE", "concede"),
    ]
    assert reader._whole_hand(text.replace("concede", "concede ; done")) is None  # a comment: Lark reads it
    assert reader._whole_hand(text.replace("6-6", "6-6 x")) is None  # a mistake: Lark reports it


@pytest.mark.parametrize("path", [p for p in SAMPLES if p.parent.name == "legal"] + SAMPLES[:20], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_verdict_without_detail_has_the_same_diagnostics_and_totals_but_no_hands(path: Path) -> None:
    """What ``check`` judges with: ``detail=False`` drops the verdict of each hand, nothing else."""
    rules = "moon" if "moon" in path.name else "88" if "88" in path.name else "42"
    for index, result in enumerate(read_text(path.read_text(), path.name), start=1):
        if result.record is None:
            continue
        full = Referee(rules).judge(result.record, file=path.name, game_index=index)
        bare = Referee(rules, detail=False).judge(result.record, file=path.name, game_index=index)
        assert bare.hands == [] and (full.hands or not result.record.hands)
        assert bare.model_copy(update={"hands": full.hands}) == full
