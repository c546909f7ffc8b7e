"""``referee score``: a score sheet per game, as tables, JSON Lines or CSV."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from ..run.cluster import ClusterSpec
from .app import app
from .common import CLUSTER_OPT, JOBS_OPT, OPTIONS_OPT, OUTPUT_OPT, PARTS_OPT, PATHS_HELP, RULES_OPT, VERBOSE_OPT, consoles
from .params import Command, choice_option, paths_argument

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..judging.judged import Judged
    from ..judging.replay import Referee
    from ..run.outcomes import Totals
    from .common import Output


class ScoreFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command(cls=Command)
def score(
    paths: list[str] = paths_argument(PATHS_HELP),
    fmt: ScoreFormat = choice_option(
        ScoreFormat.text,
        "--format",
        "-f",
        help="text (tables), json (one object per record, JSON Lines) or csv (one row per hand, and one per game).",
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
    cluster: ClusterSpec | None = CLUSTER_OPT,
    output: str | None = OUTPUT_OPT,
    parts: str | None = PARTS_OPT,
    verbose: bool = VERBOSE_OPT,
) -> None:
    """Score every hand: bid, trump, points, made or set, awards, running score, winner.

    Where the record states a result, award, score or winner that disagrees with
    the replay, the table shows both. Every diagnostic is shown: the `!` column
    names the codes of each hand's, and they follow the table as `check` prints
    them. The exit status is that of `check`.

    \b
    Examples:
      referee score samples/legal/42-game.42
      referee score samples/legal/ --format csv > hands.csv
      referee score samples/legal/ --format json --parts scores/
    """
    from ..run.inputs import UsageError, expand_paths
    from ..run.local import tune_gc
    from .common import _referee, _usage_fail, batch_options, command_output, name_skipped
    from .targets import check_outputs

    _out, err = consoles()  # the sheets' console is made by _score
    try:
        batch_options(jobs, cluster, output, parts)
        referee = _referee(rules, options, tricks=False)  # a sheet reads no trick of a finished hand
        inputs = expand_paths(paths)
        check_outputs([output], inputs.files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    name_skipped(err, inputs.skipped, verbose)
    with command_output(output, parts) as sink:
        totals = _score(inputs.files, len(inputs.skipped), referee, sink, err, fmt, jobs, cluster)
    raise typer.Exit(totals.exit_status)


def _score(
    files: list[str],
    skipped: int,
    referee: Referee,
    sink: Output,
    err: Console,
    fmt: ScoreFormat,
    jobs: int | None,
    cluster: ClusterSpec | None,
) -> Totals:
    """Score every record of ``files``, writing to ``sink``; the totals give the exit status."""

    from ..report.escaping import csv_writer
    from ..report.render import fold_repeats
    from ..report.scoresheet import CSV_FIELDS
    from ..run.batch import outcomes
    from ..run.local import default_jobs
    from ..run.outcomes import Totals
    from .common import _print_diagnostic
    from .guard import stdout_closed
    from .progress import Meter, wants_progress

    totals = Totals(files=len(files), skipped=skipped)
    writer = None
    out: Console | None = None  # the sheets' console (rich's, for its tables): CSV and JSON print none
    if fmt is ScoreFormat.text:
        from ..report.tables import print_parts  # rich's tables: CSV and JSON need none

        out, _err = consoles(wide=True, file=None if sink.to_stdout else sink.stream)
    if fmt is ScoreFormat.csv:
        writer = csv_writer(sink.stream, CSV_FIELDS)  # formula-like text quoted (report/escaping.py)
        writer.writeheader()
    extract: Callable[[Judged], Any] = {ScoreFormat.csv: _score_rows, ScoreFormat.json: _score_json, ScoreFormat.text: _sheet}[fmt]
    with Meter(err, files, show=wants_progress() and (fmt is not ScoreFormat.json or not sink.to_stdout)) as meter:
        for o in outcomes(files, referee, extract, jobs=jobs or default_jobs(), share=True, cluster=cluster):  # rows need no spans
            totals.add_outcome(o)
            meter.advance(o.file, o.hands)
            if stdout_closed():  # the reader has gone: judge on, unprinted, for the exit status (guard.py)
                if totals.exit_status == 2:
                    break
                continue
            with meter.output():
                if fmt is ScoreFormat.csv:
                    assert writer is not None
                    for cells in o.data or ():
                        writer.write_cells(cells)
                elif fmt is ScoreFormat.json:
                    if o.data is not None:  # None: judging the record failed (S016, printed below)
                        sink.stream.write(f"{o.data}\n")
                else:
                    assert out is not None
                    if o.data is not None:
                        print_parts(out, o.data)  # plainly drawn when piped (report/tables.py)
                    for d in fold_repeats(o.diagnostics):
                        _print_diagnostic(out, d)
                if fmt is not ScoreFormat.text:  # the rows carry the codes; a record that could not be read says why here
                    for d in fold_repeats(o.diagnostics):
                        if d.is_syntax:
                            _print_diagnostic(err, d)
            sink.boundary()
    if out is not None:
        out.print(totals.summary())
    else:
        err.print(totals.summary())
    return totals


def _score_rows(j: Judged) -> list[tuple[Any, ...]]:
    """``score --format csv``: the rows of one record, as cells (run in the worker processes)."""
    from ..report.scoresheet import score_cells

    return score_cells(j)


def _score_json(j: Judged) -> str:
    """``score --format json``: the line of one record (run in the worker processes)."""
    import json

    from ..report.scoresheet import score_document

    return json.dumps(score_document(j))


def _sheet(j: Judged) -> list[RenderableType] | None:
    """``score`` (text): the sheet of one record and a blank line after it, made where the
    record is judged (a worker sends the sheet, not the record and its verdict); None for
    a record with no hand to show."""
    if j.verdict is None or j.record is None or not j.record.hands:
        return None
    from rich.text import Text

    from ..report.scoresheet import score_sheet

    return [*score_sheet(j), Text()]
