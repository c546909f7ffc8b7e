"""Whatever is typed at the table, in whatever order, the table agrees with ``check``: a
random run of legal entries, illegal ones and undos, and after each the table's
diagnostics are those ``referee check`` gives the file, and the file is canonical."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.judging.replay import Referee
from referee.live.table import Table
from referee.notation.reader import read_records
from referee.notation.writer import format_records
from referee.report.canonical import canonical

GAMES = {"42": ("W", {"target": "2"}), "moon": ("C", {"target": "7"}), "88": ("F", {"target": "200"})}
JUNK = st.sampled_from(
    [
        "6-6",
        "7-2",
        "E 6-4",
        "N 6-6!",
        "pass",
        "30",
        "E 29",
        "84",
        "sixes",
        "nello",
        "follow-me",
        "claim",
        "concede",
        "exchange none",
        "Q 6-4",
        "trum 6",
        "; a note",
        "6-5 ; after a play",
        "exchange 3-2 for 3-1",
    ]
)
"""Entries that may or may not fit the moment: most are refused."""

SHEET_JUNK = st.sampled_from(
    [
        "made",
        "set",
        "NS 35 made",
        "EW 20 set",
        "result NS 50 made",
        "A 5 made",
        "result B 3 set",
        "award NS 1",
        "award EW 1",
        "award A 5 B 1 C 1",
        "award NS 40 EW 2",
        "score NS 1 EW 0",
        "score A 3 B 1 C 1",
        "sixes",
        "doubles",
        "exchange 3-2 for 3-1",
        "exchange 5-0 for 0-0",
        "6-4",
        "S 31",
        "E 84",
        "; a note",
    ]
)
"""What a score sheet's scorer may type: how a hand went, fitting or not."""


def checked(path: Path) -> list[tuple[str, str]]:
    """What ``referee check`` says of the file: each diagnostic's code and words."""
    out: list[tuple[str, str]] = []
    for result in read_records(str(path)):
        out += [(d.code, d.message) for d in result.diagnostics]
        if result.record is not None:
            out += [(d.code, d.message) for d in Referee().judge(result.record, file=str(path)).diagnostics]
    return out


def run_table(data: st.DataObject, game: str, steps: int, *, sheet: bool = False) -> None:
    dealer, options = GAMES[game]
    junk = SHEET_JUNK if sheet else JUNK
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.42"
        with Table.open(path, rules=game, dealer=dealer, options=options, detail="hands" if sheet else "plays") as table:
            for _ in range(steps):
                kind = data.draw(st.sampled_from(["legal"] * 6 + ["junk"] * 2 + ["undo"]))
                if kind == "undo":
                    table.undo()
                elif kind == "junk":
                    table.enter(data.draw(junk))
                else:
                    entries = table.options().entries
                    if not entries:
                        break
                    table.enter(data.draw(st.sampled_from(entries)))
                assert [(d.code, d.message) for d in table.diagnostics] == checked(path)
                assert not [d for d in table.diagnostics if d.is_error]
            text = path.read_text(encoding="utf-8")
            (result,) = list(read_records(str(path)))
            assert result.record is not None
            assert "".join(format_records([canonical(result.record, Referee().judge(result.record))])) == text


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_table_agrees_with_check_after_every_entry(game: str, data: st.DataObject, no_fsync: None) -> None:
    run_table(data, game, steps=60)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_score_sheets_table_agrees_with_check_after_every_entry(game: str, data: st.DataObject, no_fsync: None) -> None:
    """``--detail hands``: the calls and trump, and how each hand went, fitting or not."""
    run_table(data, game, steps=40, sheet=True)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_table_agrees_with_check_on_long_runs(game: str, data: st.DataObject, no_fsync: None) -> None:
    run_table(data, game, steps=200)
