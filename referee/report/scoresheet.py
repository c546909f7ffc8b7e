"""Score sheets: one row per hand of a judged record, with the recorder's claims beside the replay."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.table import Table

from ..engine.declarations import NUMBER_NAMES
from ..judge.judged import Judged
from ..judge.verdict import HandVerdict
from ..notation.record import HandRecord

__all__ = ["CSV_FIELDS", "hand_rows", "score_table"]

CSV_FIELDS = [
    "file",
    "record",
    "hand",
    "rules",
    "dealer",
    "declarer",
    "bid",
    "trump",
    "points",
    "result",
    "award",
    "score",
    "stated_result",
    "stated_award",
    "stated_score",
    "errors",
]


def _sides(d: dict[str, int] | None) -> str:
    if not d:
        return ""
    return " ".join(f"{k} {v}" for k, v in d.items())


def _bid(hv: HandVerdict) -> str:
    if hv.bid is None:
        return ""
    suit = f" {NUMBER_NAMES[hv.bid_suit]}" if hv.bid_suit is not None else ""
    return f"{hv.bid}{suit}"


def _outcome(hv: HandVerdict) -> str:
    if hv.thrown_in:
        return "thrown in"
    if not hv.followed:
        return "not followed"
    if hv.made is None:
        return ""
    return "made" if hv.made else "set"


def _stated_result(hr: HandRecord | None) -> str:
    if hr is None or hr.result is None:
        return ""
    r = hr.result
    return " ".join(str(x) for x in (r.side, r.points, r.outcome) if x is not None)


def hand_rows(j: Judged) -> Iterator[dict[str, Any]]:
    """One flat row per hand (CSV and JSON)."""
    if j.verdict is None or j.record is None:
        return
    v = j.verdict
    for hv, hr in zip(v.hands, j.record.hands, strict=False):
        errors = [d.code for d in j.diagnostics if d.hand == hv.number and d.is_error]
        yield {
            "file": j.file,
            "record": j.index,
            "hand": hv.number,
            "rules": v.rules or "",
            "dealer": hv.dealer or "",
            "declarer": hv.declarer or "",
            "bid": _bid(hv),
            "trump": hv.trump or "",
            "points": _sides(hv.points),
            "result": _outcome(hv),
            "award": _sides({k: a for k, a in hv.awards.items() if a}),
            "score": _sides(hv.score),
            "stated_result": _stated_result(hr),
            "stated_award": _sides(hr.award.amounts) if hr.award else "",
            "stated_score": _sides(hr.score.scores) if hr.score else "",
            "errors": " ".join(errors),
        }


def _both(actual: str, stated: str, wrong: bool) -> str:
    if wrong and stated:
        return f"{actual} [bold red](written: {stated})[/]"
    return actual


def score_table(j: Judged) -> Table:
    """A rich table of one record's hands; written values that disagree are shown beside."""
    v = j.verdict
    assert v is not None
    title = f"{j.file} #{j.index}: {v.rules or '?'}"
    if v.mode == "game" and v.target is not None:
        title += f", game to {v.target} {v.target_unit}"
    table = Table(title=title, title_justify="left")
    for col in ("hand", "dealer", "bid", "trump", "points", "result", "award", "score"):
        table.add_column(col, justify="right" if col in ("hand",) else "left")
    codes_by_hand: dict[int, set[str]] = {}
    for d in j.diagnostics:
        if d.hand is not None:
            codes_by_hand.setdefault(d.hand, set()).add(d.code)
    for row in hand_rows(j):
        codes = codes_by_hand.get(row["hand"], set())
        bid = f"{row['declarer']} {row['bid']}".strip()
        table.add_row(
            str(row["hand"]),
            row["dealer"],
            bid,
            row["trump"],
            row["points"],
            _both(row["result"], row["stated_result"], "E501" in codes),
            _both(row["award"], row["stated_award"], "E502" in codes),
            _both(row["score"], row["stated_score"], "E503" in codes),
        )
    if v.mode == "game":
        winner = v.winner or ("unknown" if v.score is None else "nobody yet")
        caption = f"winner: {winner}"
        stated = j.record.tag("Winner") if j.record else None
        if stated and any(d.code == "E504" for d in j.diagnostics):
            caption += f" [bold red](written: {stated})[/]"
        table.caption = caption
        table.caption_justify = "left"
    return table
