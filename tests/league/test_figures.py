"""What the league tables say (issue 29, the smaller things): bids averaged in one unit,
the ranking in words, and tables that fold rather than cut a word at 60 columns."""

from __future__ import annotations

import io
import json

from rich.console import Console

from referee.league.games import GameLine, HandLine
from referee.league.render import standings_table, standings_title, stats_table
from referee.league.standings import Table
from referee.league.stats import Tally
from referee.report.scoresheet import score_sheet
from tests.cli.test_cli import ROOT, Run

SIDES: dict[str, tuple[str, ...]] = {"NS": ("N", "S"), "EW": ("E", "W")}


def test_point_bids_are_averaged_and_mark_bids_counted_apart() -> None:
    """An average of 30 and 84 would be 57, a bid nobody made."""
    hands = [
        HandLine("N", 30, True, None, {"NS": 1, "EW": 0}),
        HandLine("N", 84, False, None, {"NS": 0, "EW": 2}, point_bid=False),
        HandLine("N", 33, True, None, {"NS": 1, "EW": 0}),
    ]
    t = Tally("player")
    t.add(GameLine("x.42", 1, "42", "marks", True, SIDES, {"N": "Ann"}, "NS", {"NS": 7, "EW": 2}, hands))
    ann = next(s for s in t.rows() if s.name == "Ann")
    assert (ann.declared, ann.average_point_bid, ann.mark_bids) == (3, 31.5, 1)


def test_stats_of_the_league_count_its_mark_bids() -> None:
    doc = json.loads(Run("stats", "--jobs", "1", "--format", "json", f"{ROOT}/samples/league").out)
    sheets = [json.loads(line) for line in Run("score", "--jobs", "1", "--format", "json", f"{ROOT}/samples/league").out.splitlines()]
    marks = sum(1 for s in sheets for h in s["hands"] if h["declarer_name"] and h["bid"] and h["bid"] >= 42)
    assert sum(r["mark_bids"] for r in doc["rows"]) == marks
    assert all(r["average_point_bid"] is None or 30 <= r["average_point_bid"] <= 41 for r in doc["rows"])


def test_the_ranking_reads_as_words() -> None:
    """Not "ranked by wins, head-to-head, difference, for:" with nothing after it."""
    assert standings_title(["wins", "head-to-head", "difference", "for"], {"marks"}) == (
        "Standings, ranked by wins, then head-to-head, then marks difference, then marks for"
    )
    assert standings_title(["losses", "against"], {"points"}) == "Standings, ranked by fewest losses, then fewest points against"
    out = Run("standings", "--jobs", "1", f"{ROOT}/samples/league/week1.42").out
    assert out.splitlines()[0] == "Standings, ranked by wins, then head-to-head, then marks difference, then marks for"


def _printed(renderable: object, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return text


def test_tables_fold_words_at_60_columns_rather_than_cut_them() -> None:
    t = Tally("player")
    t.add(GameLine("x.42", 1, "42", "marks", True, SIDES, {"N": "Annabelle", "S": "Cy"}, "NS", {"NS": 7, "EW": 2}, []))
    table = Table()
    table.add_game(("Annabelle & Cy", "Bob & Di"), "Annabelle & Cy", {"Annabelle & Cy": 7, "Bob & Di": 2})
    from referee.judging.replay import Referee
    from referee.notation.reader import read_records
    from referee.run.records import judge_result

    judged = judge_result(next(read_records(str(ROOT / "samples/broken/42-winner-wrong.42"))), Referee(), "w.42", 1)
    for renderable in [stats_table(t.rows(), "player", []), standings_table(table.ranking(["wins"]), {"marks"}), *score_sheet(judged)]:
        text = _printed(renderable, 60)
        assert "…" not in text
        assert all(len(line) <= 60 for line in text.splitlines())
