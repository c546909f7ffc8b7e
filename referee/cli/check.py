"""``referee check``: every problem in every record, compiler style or as JSON Lines.

No ``from __future__ import annotations`` here: typer reads the command's parameter types
with ``typing.get_type_hints``, which compiles and evaluates each annotation written as a
string, at every start of ``check``; the few names known only to the type checker are
quoted instead.
"""

from typing import TYPE_CHECKING

import typer

from ..run.cluster import ClusterSpec
from .app import app
from .common import CLUSTER_OPT, JOBS_OPT, OPTIONS_OPT, OUTPUT_OPT, PARTS_OPT, PATHS_HELP, RULES_OPT, VERBOSE_OPT, Format, consoles
from .params import Command, choice_option, number_option, paths_argument

if TYPE_CHECKING:
    from rich.console import Console

    from ..judging.replay import Referee
    from ..run.outcomes import Totals
    from .common import Output


CRIB = """\
[Rules "42"] [Target "1 mark"] [North "Ann"] [East "Bob"]   ; tags
hand 1 dealer W                     ; `;` to the end of the line is a comment
  deal N 6-6 6-5 6-4 6-3 5-5 4-4 1-0  ; one row per seat
       E 6-2 6-1 6-0 5-4 5-3 3-3 2-0
       S 5-2 5-1 5-0 4-3 4-2 2-2 1-1
       W 4-1 4-0 3-2 3-1 3-0 2-1 0-0
  bid N 34, E pass, S pass, W pass    ; seat labels are optional
  trump sixes                         ; or doubles, follow-me
  play N 6-6 E 6-2 S 5-0 W 0-0 => N   ; one trick a line, or / between
       N 6-5 E 6-1 S 1-1 W 2-1
  claim                               {N shows the rest: a comment in braces}
  result NS 42 made                   ; result, award, score: optional, checked
  award NS 1
  score NS 1 EW 0
"""
"""The notation crib of ``check --help``: a whole hand that checks clean (a test reads
it out of the help text and checks it)."""


@app.command(cls=Command)
def check(
    paths: list[str] = paths_argument(PATHS_HELP),
    fmt: Format = choice_option(Format.text, "--format", "-f", help="text for people, json for JSON Lines (one diagnostic per line)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only a one-line summary per file."),
    max_errors: int = number_option(0, "--max-errors", minimum=0, help="Stop after showing this many errors (0: no limit)."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
    cluster: ClusterSpec | None = CLUSTER_OPT,
    output: str | None = OUTPUT_OPT,
    parts: str | None = PARTS_OPT,
    verbose: bool = VERBOSE_OPT,
) -> None:
    from ..run.inputs import UsageError, expand_paths
    from ..run.local import tune_gc
    from .common import _referee, _usage_fail, batch_options, command_output, name_skipped
    from .targets import check_outputs

    _out, err = consoles()
    try:
        batch_options(jobs, cluster, output, parts)
        referee = _referee(rules, options, detail=False)  # check prints only diagnostics and counts
        inputs = expand_paths(paths)
        check_outputs([output], inputs.files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    name_skipped(err, inputs.skipped, verbose)
    with command_output(output, parts) as sink:
        totals = _check(inputs.files, len(inputs.skipped), referee, sink, err, fmt, quiet, max_errors, jobs, cluster)
    raise typer.Exit(totals.exit_status)


def _check(
    files: list[str],
    skipped: int,
    referee: "Referee",
    sink: "Output",
    err: "Console",
    fmt: Format,
    quiet: bool,
    max_errors: int,
    jobs: int | None,
    cluster: ClusterSpec | None,
) -> "Totals":
    """Check every record of ``files``, writing to ``sink``; the totals give the exit status."""
    from ..report.render import diagnostic_json, fold_repeats, in_line_order
    from ..run.batch import outcomes
    from ..run.local import default_jobs
    from ..run.outcomes import Outcome, Totals
    from ..words import plural
    from .common import _print_diagnostic
    from .guard import stdout_closed
    from .progress import Meter, wants_progress

    out, _err = consoles(file=None if sink.to_stdout else sink.stream)
    totals = Totals(files=len(files), skipped=skipped)
    shown_errors = 0
    stopped = False
    last_file: str | None = None
    with Meter(err, files, show=wants_progress() and (fmt is not Format.json or not sink.to_stdout)) as meter:
        judged: Outcome[None]
        for judged in outcomes(files, referee, jobs=jobs or default_jobs(), share=True, cluster=cluster):
            if quiet and last_file is not None and judged.file != last_file:
                with meter.output():
                    _quiet_line(out, totals, last_file)
            last_file = judged.file
            if stdout_closed():  # the reader has gone: judge on, unprinted, for the exit status (guard.py)
                totals.count(judged.file, judged.hands, judged.is_game, judged.diagnostics)
                if totals.exit_status == 2:
                    break
                continue
            shown = []
            for d in in_line_order(judged.diagnostics):  # --max-errors shows the first errors down the file
                if max_errors and d.is_error:
                    if shown_errors == max_errors:
                        stopped = True
                        break
                    shown_errors += 1
                shown.append(d)
            totals.count(judged.file, judged.hands, judged.is_game, shown)  # what was shown is what is counted
            meter.advance(judged.file, judged.hands)
            if shown and not quiet:
                with meter.output():
                    for d in fold_repeats(shown):  # at most REPEATS_SHOWN of a code per record, then a W104 note
                        if fmt is Format.json:
                            sink.stream.write(diagnostic_json(d) + "\n")
                        else:
                            _print_diagnostic(out, d)
            sink.boundary()
            if stopped:
                break
    if quiet and last_file is not None:
        _quiet_line(out, totals, last_file)
    if stopped:
        totals.files = len(totals.per_file)  # the files read before the stop
    summary = totals.summary() + (f" (stopped after {plural(max_errors, 'error')}; there may be more)" if stopped else "")
    if fmt is Format.json and not quiet:
        from ..interchange.summaries import SummaryLine, summary_json

        line = SummaryLine(
            type="summary",
            files=totals.files,
            skipped=totals.skipped,
            games=totals.games,
            hands=totals.hands,
            errors=totals.errors,
            warnings=totals.warnings,
            notes=totals.notes,
            exit=totals.exit_status,
        )
        sink.stream.write(summary_json(line) + "\n")
    else:
        out.print(summary)
    if not sink.to_stdout:  # -O, --parts: the terminal still gets the result
        err.print(summary)
    return totals


check.__doc__ = f"""Check records against the rules and report every problem with its place.

    \b
    Notation (full description: docs/notation.md), a whole hand of Texas 42:
{"".join("      " + line for line in CRIB.splitlines(keepends=True))}
    Moon: seats A B C, `widow 0-0` and `exchange 0-0 for 1-1` for the widow; Texas 88:
    seats A-F, bids name a suit (`bid A 80 sixes`), `cat` and `exchange` for the cat.
    42 contracts (options, see `referee rules`): `trump nello`, `trump sevens`,
    `bid N 168 plunge` / `bid N 84 splash` then `trump sixes by S`.

    \b
    Examples:
      referee check samples/
      referee check game.42 --format json
      cat hands.42 | referee check -
      referee check samples/broken/ --max-errors 3
      referee check samples/ --format json -O problems.jsonl
      referee check samples/ --cluster local:2
    """


def _quiet_line(out: "Console", totals: "Totals", file: str) -> None:
    from ..run.outcomes import counted
    from ..words import plural

    games, hands, errors, warnings, notes = totals.per_file.get(file, [0, 0, 0, 0, 0])
    out.print(f"{file}: {plural(games, 'game')}, {plural(hands, 'hand')}, {counted(errors, warnings, notes)}")
