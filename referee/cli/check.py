"""``referee check``: every problem in every record, compiler style or as JSON Lines."""

from __future__ import annotations

import json
import sys

import typer
from rich.console import Console

from ..pipeline import Outcome, Totals, UsageError, default_jobs, expand_paths, outcomes, plural, tune_gc
from ..report.render import diagnostic_json, fold_repeats
from . import app
from .common import (
    JOBS_OPT,
    OPTIONS_OPT,
    RULES_OPT,
    Format,
    _print_diagnostic,
    _progress,
    _referee,
    _usage_fail,
)
from .guard import stdout_closed


@app.command()
def check(
    paths: list[str] = typer.Argument(..., help="Record files, directories (searched for *.42), or - for standard input."),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="text for people, json for JSON Lines (one diagnostic per line)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only a one-line summary per file."),
    max_errors: int = typer.Option(0, "--max-errors", min=0, help="Stop after this many errors (0: no limit)."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """Check records against the rules and report every problem with its place.

    \b
    Notation (full description: docs/notation.md):
      ; a comment          {a comment attached to the next item}
      [Rules "42"] [Options "all-pass=forced"] [Target "7 marks"] [North "Ann"]
      hand 1 dealer N
        deal N 6-6 6-5 5-5 4-1 3-0 2-2 1-0
             E 6-4 6-2 5-3 4-4 3-2 2-1 0-0  ... one seat per line
        bid E 30, S pass, W 31, N pass        seat labels optional
        trump fives                           or doubles, follow-me
        play W 5-5 N 5-0 E 5-3 S 6-5          one trick per line, or / between
        result EW 35 made                     optional; checked
        award EW 1                            optional; checked
        score NS 0 EW 1                       optional; checked
    Moon: seats A B C, `exchange 3-1 for 6-0` for the widow; Texas 88: seats
    A-F, bids name a suit (`bid B 64 fives`), `exchange` for the cat.
    42 contracts (options, see `referee rules`): `trump nello`, `trump sevens`,
    `bid N 168 plunge` / `bid N 84 splash` then `trump sixes by S`.

    \b
    Examples:
      referee check samples/
      referee check game.42 --format json
      cat hands.42 | referee check - --rules moon
    """
    out = Console(highlight=False, emoji=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)
    try:
        referee = _referee(rules, options, detail=False)  # check prints only diagnostics and counts
        files = expand_paths(paths)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    shown_errors = 0
    stopped = False
    last_file: str | None = None
    with _progress(err, err.is_terminal and fmt is not Format.json) as advance:
        judged: Outcome[None]
        for judged in outcomes(files, referee, jobs=jobs or default_jobs(), lean=True, share=True):
            if quiet and last_file is not None and judged.file != last_file:
                _quiet_line(out, totals, last_file)
            last_file = judged.file
            totals.add_outcome(judged)
            advance(judged.hands)
            if stdout_closed():  # the reader has gone: judge on, unprinted, for the exit status (guard.py)
                if totals.exit_status == 2:
                    break
                continue
            for d in fold_repeats(judged.diagnostics):
                if max_errors and d.is_error:
                    shown_errors += 1
                    if shown_errors > max_errors:
                        stopped = True
                        break
                if quiet:
                    continue
                if fmt is Format.json:
                    sys.stdout.write(diagnostic_json(d) + "\n")
                else:
                    _print_diagnostic(out, d)
            if stopped:
                break
    if quiet and last_file is not None:
        _quiet_line(out, totals, last_file)
    summary = totals.summary() + (f" (stopped after {max_errors} errors)" if stopped else "")
    if fmt is Format.json and not quiet:
        status = totals.exit_status
        sys.stdout.write(
            json.dumps(
                {
                    "type": "summary",
                    "files": totals.files,
                    "games": totals.games,
                    "hands": totals.hands,
                    "errors": totals.errors,
                    "warnings": totals.warnings,
                    "exit": status,
                }
            )
            + "\n"
        )
    else:
        out.print(summary)
    raise typer.Exit(totals.exit_status)


def _quiet_line(out: Console, totals: Totals, file: str) -> None:
    games, hands, errors, warnings = totals.per_file.get(file, [0, 0, 0, 0])
    out.print(f"{file}: {plural(games, 'game')}, {plural(hands, 'hand')}, {plural(errors, 'error')}, {plural(warnings, 'warning')}")
