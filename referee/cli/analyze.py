"""``referee analyze``: the double-dummy value before and after every play of every hand."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, TextIO

import typer

from . import app
from .common import OPTIONS_OPT, PATHS_HELP, RULES_OPT, consoles
from .params import Command, choice_option, number_option, paths_argument

if TYPE_CHECKING:
    from rich.console import Console

    from ..diagnostics import Diagnostic
    from ..judge.analysis import HandAnalysis
    from ..judge.judged import Judged


class AnalyzeFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


BUDGET_HELP = "2,000,000"
"""``solver.DEFAULT_BUDGET`` as the help shows it (a test keeps them equal; the solver is not imported for --help)."""


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
        help=f"Positions the search may visit for each play (and each par declaration) before the hand is given up (default {BUDGET_HELP}).",
    ),
    output: str | None = typer.Option(
        None, "--output", "-O", metavar="FILE", help="Write the analysis to this file instead of standard output."
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = number_option(
        None, "--jobs", "-j", minimum=1, help="Processes that solve hands side by side (default: the cores available; 1: this one only)."
    ),
) -> None:
    """Analyse every hand with a full deal double-dummy: the value before each play and
    after the play made, the cost of each play (points, or tricks, its side gave away
    against its best choice), the best tiles, the value at the opening lead, and the
    first play that turned a contract that could be made into one that could not (and
    back).  A value is the declaring side's final total with best play by everyone
    (docs/analysis.md).  A hand without a full deal, with rule errors, or past the node
    budget is not analysed: a W105 note says why, and no value is guessed.  The exit
    status is that of `check`.

    \b
    Examples:
      referee analyze samples/legal/42-costly-play.42
      referee analyze samples/legal/42-game.42 --hand 3 --format json
      referee analyze samples/legal/moon-game.42 --hand 2 --par
      referee analyze samples/legal/moon-game.42 --format csv -O plays.csv --jobs 2
      referee analyze samples/legal/88-game.42 --hand 1 --budget 20000
    """
    import csv
    import json

    from ..engine.solver import DEFAULT_BUDGET
    from ..judge.analysis import HandAnalysis, analyse_records, skip_note
    from ..pipeline import Totals, UsageError, default_jobs, expand_paths, judge_paths, plural, tune_gc
    from ..report.analysis import CSV_FIELDS, analysis_document, analysis_rows
    from ..report.render import diagnostic_json
    from .common import _referee, _usage_fail
    from .progress import Meter, wants_progress

    out, err = consoles(wide=True)
    try:
        referee = _referee(rules, options)
        inputs = expand_paths(paths)
        files = inputs.files
        stream = _open(output)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    if output is not None:
        out = _file_console(stream)
    tune_gc()
    totals = Totals(files=len(files), skipped=len(inputs.skipped))
    writer = csv.DictWriter(stream, fieldnames=CSV_FIELDS, lineterminator="\n") if fmt is AnalyzeFormat.csv else None
    if writer is not None:
        writer.writeheader()
    analysed = not_analysed = 0
    found = False
    with Meter(err, files, show=wants_progress() and fmt is not AnalyzeFormat.json) as meter:
        records = ((j, None) for j in judge_paths(files, referee))
        results = analyse_records(
            records,
            referee,
            only=hand,
            budget=budget or DEFAULT_BUDGET,
            with_par=par,
            jobs=jobs or default_jobs(),
            done=lambda j: meter.advance(j.file, 1),
        )
        for j, items in results:
            found = found or bool(items)
            notes = [skip_note(j, i) for i in items if not isinstance(i, HandAnalysis)]
            shown = [d for d in j.diagnostics if hand is None or d.hand in (None, hand)] + notes
            done = [i for i in items if isinstance(i, HandAnalysis)]
            analysed += len(done)
            not_analysed += len(notes)
            # the W105 notes are counted as hands not analysed, not as warnings of the record
            totals.count(j.file, _hands(j, hand), j.verdict is not None and j.verdict.mode == "game", shown[: len(shown) - len(notes)])
            meter.advance(j.file, 0)
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
                    _print_text(out, j, done, shown)
    if hand is not None and not found:
        raise _usage_fail(err, f"no record of {', '.join(paths)} has a hand numbered {hand}")
    summary = f"{totals.summary()}; {plural(analysed, 'hand')} analysed" + (f", {not_analysed:,} not" if not_analysed else "")
    if fmt is AnalyzeFormat.json:
        line: dict[str, Any] = {"type": "summary", "files": totals.files, "games": totals.games, "hands": totals.hands}
        line |= {"analysed": analysed, "not_analysed": not_analysed, "errors": totals.errors, "warnings": totals.warnings}
        stream.write(json.dumps(line | {"exit": totals.exit_status}) + "\n")
    elif fmt is AnalyzeFormat.text and output is None:
        out.print(summary)
    else:
        err.print(summary)
    if output is not None:
        stream.close()
    raise typer.Exit(totals.exit_status)


def _open(output: str | None) -> TextIO:
    """The stream the analysis goes to: standard output, or ``output`` (a usage error if it cannot be written)."""
    import sys

    from ..pipeline import UsageError

    if output is None:
        return sys.stdout
    try:
        return open(output, "w", encoding="utf-8", newline="")
    except OSError as e:
        raise UsageError(f"cannot write {output}: {e.strerror or e}") from None


def _file_console(stream: TextIO) -> Console:
    from rich.console import Console

    return Console(file=stream, width=100_000, highlight=False, emoji=False, color_system=None)


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
