"""``referee analyze``: the double-dummy value before and after every play of every hand."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, TextIO

import typer

from ..run.cluster import ClusterSpec
from .app import app
from .common import CLUSTER_OPT, OPTIONS_OPT, PATHS_HELP, RULES_OPT, VERBOSE_OPT, consoles
from .params import Command, choice_option, number_option, paths_argument

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rich.console import Console

    from ..diagnostics import Diagnostic
    from ..judging.analysis import HandAnalysis
    from ..judging.judged import Judged


class AnalyzeFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


BUDGET_HELP = "2,000,000"
"""``solver.DEFAULT_BUDGET`` as the help shows it (a test keeps them equal; the solver is not imported for --help)."""
TIME_LIMIT_HELP = "120"
"""``analysis.DEFAULT_TIME_LIMIT`` as the help shows it (a test keeps them equal)."""


@app.command(cls=Command)
def analyze(
    paths: list[str] = paths_argument(PATHS_HELP),
    hand: int | None = number_option(None, "--hand", "-H", minimum=1, help="Only the hand of this written number (in every record)."),
    fmt: AnalyzeFormat = choice_option(
        AnalyzeFormat.text,
        "--format",
        "-f",
        help="text (a table a hand), json (JSON Lines: a line a hand, a diagnostic or the summary) or csv (a row a play).",
    ),
    par: bool = typer.Option(False, "--par", help="Also solve each deal from the declarer's lead under every declaration the rules allow."),
    budget: int | None = number_option(
        None,
        "--budget",
        minimum=1,
        metavar="NODES",
        help=f"Nodes the search may visit for each position of the play (and each par declaration); a position past it has no value, the others keep theirs (default {BUDGET_HELP}).",
    ),
    time_limit: float | None = typer.Option(
        None,
        "--time-limit",
        min=0.0,
        metavar="SECONDS",
        help=f"Seconds of search (CPU time) for each hand, par included; the positions solved by then are reported, the others have no value (default {TIME_LIMIT_HELP}; 0: no limit).",
    ),
    output: str | None = typer.Option(
        None, "--output", "-O", metavar="FILE", help="Write the analysis to this file instead of standard output."
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = number_option(
        None,
        "--jobs",
        "-j",
        minimum=1,
        help="Processes that solve hands side by side (default: the cores available; 1: this one only; at most 4 per core).",
    ),
    verbose: bool = VERBOSE_OPT,
    cluster: ClusterSpec | None = CLUSTER_OPT,
) -> None:
    """Analyse every hand with a full deal double-dummy: the value before each play and
    after the play made, the cost of each play (points, or tricks, its side gave away
    against its best choice), the best tiles, the value at the opening lead, and the
    first play that turned a contract that could be made into one that could not (and
    back).  A value is the declaring side's final total with best play by everyone
    (docs/analysis.md).  Each position is solved on its own node budget, the hand within
    its time limit: a position past either has no value and says why, and no value is
    guessed.  A hand without a full deal, or with an error that changes the position (a
    tile not held, a renege, an illegal deal), is not analysed: a W105 note says why.
    The exit status is that of `check`.

    \b
    Examples:
      referee analyze samples/legal/42-costly-play.42
      referee analyze samples/legal/42-game.42 --hand 3 --format json
      referee analyze samples/legal/moon-game.42 --hand 2 --par
      referee analyze samples/legal/moon-game.42 --format csv -O plays.csv --jobs 2
      referee analyze samples/legal/88-game.42 --hand 1 --budget 20000 --time-limit 10
      referee analyze samples/legal/42-game.42 --cluster local:2
    """
    import json
    import sys
    from contextlib import ExitStack, closing, nullcontext

    from .. import codes
    from ..engine.solver import DEFAULT_BUDGET
    from ..judging.analysis import DEFAULT_TIME_LIMIT, HandAnalysis
    from ..judging.isolate import counts_as_game
    from ..report.analysis import CSV_FIELDS, analysis_document, analysis_rows
    from ..report.escaping import csv_writer
    from ..report.render import diagnostic_json, fold_repeats
    from ..run.analyse import analyse_records, skip_note
    from ..run.inputs import UsageError, expand_paths
    from ..run.local import default_jobs, max_jobs, tune_gc
    from ..run.outcomes import Totals
    from ..run.output import atomic_write
    from ..run.records import judge_paths
    from ..words import plural
    from .common import _referee, _usage_fail, batch_options, name_skipped
    from .guard import stdout_closed
    from .progress import Meter, wants_progress
    from .targets import check_outputs

    out, err = consoles(wide=True)
    try:
        referee = _referee(rules, options)
        batch_options(jobs, cluster, None, None)
        inputs = expand_paths(paths)
        check_outputs([output], inputs.files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    files = inputs.files
    totals = Totals(files=len(files), skipped=len(inputs.skipped))
    name_skipped(err, inputs.skipped, verbose)

    def judged() -> Iterator[Judged]:
        """Every record judged once, with its trace (what the analysis solves), and counted
        for the summary as it is judged (so that the count is whole even when the printing
        stops early)."""
        for j in judge_paths(files, referee, trace=True):
            totals.count(j.file, _hands(j, hand), counts_as_game(j), _shown(j, hand))
            yield j

    width = min(jobs or default_jobs(), max_jobs())
    executor = None
    stack = ExitStack()
    if cluster is not None:  # hands go to the cluster's workers as tasks (docs/distributed.md)
        from ..run.dask import open_session

        try:
            session = stack.enter_context(open_session(cluster))
        except UsageError as e:
            raise _usage_fail(err, str(e)) from None
        executor = session.executor
        width = session.threads()
    analysed = not_analysed = positions = solved = 0
    found = False
    source = judged()
    with stack, atomic_write(output) if output else nullcontext(sys.stdout) as stream:  # -O: all of it or nothing (run/output.py)
        page = _file_console(stream) if output else out
        writer = csv_writer(stream, CSV_FIELDS) if fmt is AnalyzeFormat.csv else None  # formula-like text quoted (report/escaping.py)
        if writer is not None:
            writer.writeheader()
        with Meter(err, files, show=wants_progress() and fmt is not AnalyzeFormat.json) as meter:
            results = analyse_records(
                source,
                referee,
                only=hand,
                budget=budget or DEFAULT_BUDGET,
                with_par=par,
                time_limit=(time_limit or None) if time_limit is not None else DEFAULT_TIME_LIMIT,
                jobs=width,
                done=lambda j: meter.advance(j.file, 1),
                executor=executor,
            )
            with closing(results):  # stopping early shuts the workers down
                for j, items in results:
                    found = found or bool(items)
                    notes = [skip_note(j, i) for i in items if not isinstance(i, HandAnalysis)]
                    done = [i for i in items if isinstance(i, HandAnalysis)]
                    analysed += len(done)
                    positions += sum(a.positions for a in done)
                    solved += sum(a.solved for a in done)
                    not_analysed += len(notes)
                    # a W105 note is counted as a hand not analysed, not as a warning; an S016 is an error
                    totals.count(j.file, None, False, [d for d in notes if d.code != codes.W105])
                    meter.advance(j.file, 0)
                    if stdout_closed() and not output:  # the reader has gone: judge on, unprinted, for the exit status
                        break
                    shown = fold_repeats(_shown(j, hand) + notes)
                    with meter.output():
                        if fmt is AnalyzeFormat.json:
                            for a in done:
                                stream.write(json.dumps(analysis_document(j, a), ensure_ascii=False) + "\n")
                            for d in shown:
                                stream.write(diagnostic_json(d) + "\n")
                        elif writer is not None:
                            for a in done:
                                writer.writerows(analysis_rows(j, a))
                            _print_all(err, shown)
                        else:
                            _print_text(page, j, done, shown)
        for _ in source:  # what is left after the reader went: judged and counted, not analysed
            if totals.exit_status == 2:
                break
        if hand is not None and not found and not stdout_closed():
            raise _usage_fail(err, f"no record of {', '.join(paths)} has a hand numbered {hand}")
        summary = f"{totals.summary()}; {plural(analysed, 'hand')} analysed" + (f", {not_analysed:,} not" if not_analysed else "")
        if solved < positions:  # said only when some position has no value
            summary += f" ({solved:,} of {plural(positions, 'position')} solved)"
        if fmt is AnalyzeFormat.json:
            from ..interchange.summaries import AnalyzeSummary, summary_json

            line = AnalyzeSummary(
                type="summary",
                files=totals.files,
                games=totals.games,
                hands=totals.hands,
                analysed=analysed,
                not_analysed=not_analysed,
                positions=positions,
                solved=solved,
                errors=totals.errors,
                warnings=totals.warnings,
                notes=totals.notes,
                exit=totals.exit_status,
            )
            stream.write(summary_json(line) + "\n")
        elif fmt is AnalyzeFormat.text and output is None:
            out.print(summary)
        else:
            err.print(summary)
    raise typer.Exit(totals.exit_status)


def _file_console(stream: TextIO) -> Console:
    from ..report.console import Console

    return Console(file=stream, width=100_000, highlight=False, emoji=False, color_system=None)


def _shown(j: Judged, only: int | None) -> list[Diagnostic]:
    """The record's diagnostics that concern what is analysed (with --hand, that hand's and the record's own)."""
    return [d for d in j.diagnostics if only is None or d.hand in (None, only)]


def _hands(j: Judged, only: int | None) -> int | None:
    """Hands of the record counted in the summary (with --hand, the one of that number)."""
    if j.record is None:
        return None
    hands = j.record.hands
    return len(hands) if only is None else sum(h.label(i) == only for i, h in enumerate(hands, start=1))


def _print_all(console: Console, diagnostics: list[Diagnostic]) -> None:
    from .common import _print_diagnostic

    for d in diagnostics:
        _print_diagnostic(console, d)


def _print_text(out: Console, j: Judged, done: list[HandAnalysis], shown: list[Diagnostic]) -> None:
    from ..report.analysis import analysis_tables

    for a in done:
        for part in analysis_tables(j, a):
            out.print(part)
        out.print()
    _print_all(out, shown)
