"""Judged samples for the picture tests, read and judged as the commands do."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from referee.judging.replay import Referee
from referee.notation.reader import read_records
from referee.report.adapter import At, hand_diagram, judge_traced, read_views
from referee.report.diagram import Diagram
from referee.report.html import report_html

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"42": "samples/legal/42-game.42", "moon": "samples/legal/moon-game.42", "88": "samples/legal/88-game.42"}
RENEGE = "samples/broken/42-renege.42"
"""E reneges in trick 1 (E404): the sample with an illegal play."""
CLAIM = ("samples/legal/42-game.42", 9)
"""Hand 9 of the 42 game ends with N's claim after trick 5."""


def diagram(path: str, hand: int, at: At = None, record: int = 1) -> Diagram:
    """The diagram of one hand of a sample, judged as ``referee show`` judges it."""
    rr = list(read_records(path))[record - 1]
    assert rr.record is not None
    verdict, trace = judge_traced(Referee(), rr.record, file=path, index=record)
    return hand_diagram(rr.record, verdict, trace, hand, at=at, file=path)


def page(path: str, hands: int | None = None) -> str:
    """The report page of a sample; ``hands``: keep only the first hands of each record
    (the snapshots keep two, so that they stay small enough to review)."""
    views, unread, _ = read_views(path, Referee())
    if hands is not None:
        views = [replace(v, hands=v.hands[:hands]) for v in views]
    return report_html(views, file=path, problems=unread)
