"""``referee score``: a score sheet per game, as tables, JSON Lines or CSV."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from enum import StrEnum
from typing import Any

import typer
from rich.console import Console

from ..pipeline import Judged, Totals, UsageError, default_jobs, expand_paths, outcomes, tune_gc
from ..report.render import fold_repeats
from . import app
from .common import (
    JOBS_OPT,
    OPTIONS_OPT,
    RULES_OPT,
    _print_diagnostic,
    _progress,
    _referee,
    _usage_fail,
)
from .guard import stdout_closed


class ScoreFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command()
def score(
    paths: list[str] = typer.Argument(..., help="Record files, directories (searched for *.42), or - for standard input."),
    fmt: ScoreFormat = typer.Option(
        ScoreFormat.text, "--format", "-f", help="text (tables), json (one object per record, JSON Lines) or csv (one row per hand)."
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """Score every hand: bid, trump, points, made or set, awards, running score, winner.

    Where the record states a result, award, score or winner that disagrees with
    the replay, the table shows both and the exit status is 1.

    \b
    Examples:
      referee score samples/legal/42-game.42
      referee score league.42 --format csv > hands.csv
    """
    import csv

    from ..report.scoresheet import CSV_FIELDS, score_table

    out = Console(highlight=False, emoji=False, soft_wrap=False, width=160 if not sys.stdout.isatty() else None)
    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = expand_paths(paths)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    writer = None
    if fmt is ScoreFormat.csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
    extract: Callable[[Judged], Any] = {ScoreFormat.csv: _score_rows, ScoreFormat.json: _score_json, ScoreFormat.text: _whole}[fmt]
    with _progress(err, err.is_terminal and fmt is not ScoreFormat.json) as advance:
        for o in outcomes(files, referee, extract, jobs=jobs or default_jobs(), lean=True, share=True):  # rows need no spans
            totals.add_outcome(o)
            advance(o.hands)
            for d in fold_repeats(o.diagnostics):
                if d.is_syntax:
                    _print_diagnostic(err, d)
            if stdout_closed():  # the reader has gone: judge on, unprinted, for the exit status (guard.py)
                if totals.exit_status == 2:
                    break
                continue
            if fmt is ScoreFormat.csv:
                assert writer is not None
                for row in o.data or ():
                    writer.writerow(row)
            elif fmt is ScoreFormat.json:
                if o.data is not None:  # None: judging the record failed (S014, printed above)
                    sys.stdout.write(f"{o.data}\n")
            else:
                judged = o.data
                if judged is not None and judged.verdict is not None and judged.record is not None and judged.record.hands:
                    out.print(score_table(judged))
                    out.print()
    if fmt is ScoreFormat.text:
        out.print(totals.summary())
    else:
        err.print(totals.summary())
    raise typer.Exit(totals.exit_status)


def _score_rows(j: Judged) -> list[dict[str, Any]]:
    """``score --format csv``: the rows of one record (run in the worker processes)."""
    from ..report.scoresheet import hand_rows

    return list(hand_rows(j))


def _score_json(j: Judged) -> str:
    """``score --format json``: the line of one record."""
    from ..report.scoresheet import hand_rows

    v = j.verdict
    doc = {
        "file": j.file,
        "record": j.index,
        "rules": v.rules if v else None,
        "hands": list(hand_rows(j)),
        "score": v.score if v else None,
        "winner": v.winner if v else None,
        "errors": sum(d.is_error for d in j.diagnostics),
    }
    return json.dumps(doc)


def _whole(j: Judged) -> Judged:
    return j
