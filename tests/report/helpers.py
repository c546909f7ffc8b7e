"""Judged samples for the picture tests, read and judged as the commands do."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from referee.diagnostics import Diagnostic
from referee.judging.replay import Referee
from referee.report.adapter import At, hand_diagram, record_views
from referee.report.diagram import Diagram, Note, RecordView
from referee.report.html import report_html
from referee.run.records import judged_records

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"42": "samples/legal/42-game.42", "moon": "samples/legal/moon-game.42", "88": "samples/legal/88-game.42"}
RENEGE = "samples/broken/42-renege.42"
"""E reneges in trick 1 (E404): the sample with an illegal play."""
CLAIM = ("samples/legal/42-game.42", 9)
"""Hand 9 of the 42 game ends with N's claim after trick 5."""


def diagram(path: str, hand: int, at: At = None, record: int = 1) -> Diagram:
    """The diagram of one hand of a sample, judged as ``referee show`` judges it."""
    (j,) = judged_records(path, Referee(), trace=True, wanted=lambda index, _: index == record)
    assert j.record is not None and j.verdict is not None and j.trace is not None
    return hand_diagram(j.record, j.verdict, j.trace, hand, at=at, file=path)


def views_of(path: str) -> tuple[list[RecordView], list[Note], list[Diagnostic]]:
    """A file's records as report views, judged as ``referee report`` judges them."""
    return record_views(judged_records(path, Referee(), trace=True))


def page(path: str, hands: int | None = None) -> str:
    """The report page of a sample; ``hands``: keep only the first hands of each record
    (the snapshots keep two, so that they stay small enough to review)."""
    views, unread, _ = views_of(path)
    if hands is not None:
        views = [replace(v, hands=v.hands[:hands]) for v in views]
    return report_html(views, file=path, problems=unread)
