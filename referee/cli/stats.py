"""``referee stats``: figures per player, team or seat, from the seat tags and the replay."""

from __future__ import annotations

from enum import StrEnum

import typer

from .app import app
from .common import JOBS_OPT, OPTIONS_OPT, PATHS_HELP, RULES_OPT, consoles
from .params import Command, choice_option, paths_argument


class By(StrEnum):
    player = "player"
    team = "team"
    seat = "seat"


class StatsFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command(cls=Command)
def stats(
    paths: list[str] = paths_argument(PATHS_HELP),
    by: By = choice_option(By.player, "--by", help="player (names from the seat tags), team (a side's players) or seat."),
    fmt: StatsFormat = choice_option(StatsFormat.text, "--format", "-f", help="text (a table), json (one document) or csv (one row each)."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """Figures per player, team or seat: games played and won, hands, hands declared,
    bids made and set, the average winning bid, marks or points won and lost, and
    each special contract tried and made.

    Names come from the seat tags ([North "Ann"]); an unnamed seat is reported as
    the seat. Names that differ only in case, accents or spaces (Jo, jo; José,
    Jose) are one player, with a note on standard error; a house-rule file's
    [players] table maps other spellings to one name. Every figure is the
    replay's, not what the records state.

    \b
    Examples:
      referee stats samples/league
      referee stats samples/league --by team
      referee stats samples/league --format csv > players.csv
    """
    import json
    import sys

    from ..league.games import summary
    from ..league.names import Roster
    from ..league.render import STATS_CSV_FIELDS, stats_document, stats_rows, stats_table
    from ..league.stats import Tally
    from ..report.escaping import csv_writer
    from ..run.batch import outcomes
    from ..run.inputs import UsageError, expand_paths
    from ..run.local import default_jobs, tune_gc
    from ..run.outcomes import Totals
    from .common import _aliases, _print_diagnostic, _referee, _usage_fail
    from .progress import Meter, wants_progress

    out, err = consoles(wide=True)
    try:
        referee = _referee(rules, options)
        roster = Roster(_aliases(referee))
        files = expand_paths(paths).files
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    tally = Tally(by.value, roster)
    with Meter(err, files, show=wants_progress() and fmt is StatsFormat.text) as meter:
        for o in outcomes(files, referee, summary, jobs=jobs or default_jobs(), share=True):
            totals.add_outcome(o)
            meter.advance(o.file, o.hands)
            if o.data is not None:
                tally.add(o.data)
            elif o.hands is None:
                with meter.output():
                    for d in o.diagnostics:
                        _print_diagnostic(err, d)
    rows = tally.rows()
    if fmt is StatsFormat.json:
        sys.stdout.write(json.dumps(stats_document(rows, by.value), indent=2) + "\n")
    elif fmt is StatsFormat.csv:
        writer = csv_writer(sys.stdout, STATS_CSV_FIELDS)  # formula-like text quoted (report/escaping.py)
        writer.writeheader()
        writer.writerows(stats_rows(rows))
    else:
        out.print(stats_table(rows, by.value, tally.contracts()))
    for line in [*tally.notes, *roster.notes()]:
        err.print(f"note: {line}", highlight=False, markup=False)
    err.print(totals.summary())
    raise typer.Exit(2 if totals.exit_status == 2 else 0)
