"""``referee standings``: the league table, ranked by configurable tie-breaks, and its cross table."""

from __future__ import annotations

from enum import StrEnum

import typer

from .app import app
from .common import JOBS_OPT, OPTIONS_OPT, PATHS_HELP, RULES_OPT, consoles
from .params import Command, choice_option, paths_argument


class StandingsFormat(StrEnum):
    text = "text"
    json = "json"


@app.command(cls=Command)
def standings(
    paths: list[str] = paths_argument(PATHS_HELP),
    fmt: StandingsFormat = choice_option(
        StandingsFormat.text, "--format", "-f", help="text (the table and the cross table) or json (one document)."
    ),
    tie_breaks: str | None = typer.Option(
        None,
        "--tie-breaks",
        metavar="A,B,...",
        help="The ranking, in order (default: the house-rule file's [standings] tie-breaks, else wins,head-to-head,difference,for).",
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """A table for a league or round robin: games won and lost, marks (or points) for
    and against, the ranking, and a cross table of who beat whom.

    Teams are the sides' players from the seat tags (in Moon, each player); names
    that differ only in case, accents or spaces are one player (with a note), and a
    house-rule file's [players] table maps other spellings to one name. Only
    games the replay gives a winner count; the others are named on standard error. The tie-breaks are wins, losses,
    head-to-head, difference, for and against (docs/cli.md); a house-rule file sets
    its own in a [standings] table (tie-breaks = [...]).

    \b
    Examples:
      referee standings samples/league
      referee standings samples/league --format json
      referee standings samples/league --tie-breaks wins,difference
      referee standings league/ --rules friday.toml
    """
    import json
    import sys

    from ..judging.house import HouseRuleError, load_tie_breaks
    from ..league.games import summary
    from ..league.names import Roster
    from ..league.render import CROSS_TITLE, cross_table, standings_document, standings_table, standings_title
    from ..league.standings import DEFAULT_TIE_BREAKS, TIE_BREAKS, Table
    from ..run.batch import outcomes
    from ..run.inputs import UsageError, expand_paths
    from ..run.local import default_jobs, tune_gc
    from ..run.outcomes import Totals
    from .common import _aliases, _print_diagnostic, _referee, _usage_fail
    from .params import did_you_mean
    from .progress import Meter, wants_progress

    out, err = consoles(wide=True)
    try:
        referee = _referee(rules, options)
        roster = Roster(_aliases(referee))
        files = expand_paths(paths).files
        order = list(DEFAULT_TIE_BREAKS)
        source = referee.profiles[referee.defaults[0]].source if referee.profiles else None
        if source is not None:
            try:
                order = list(load_tie_breaks(source) or order)
            except HouseRuleError as e:
                raise UsageError("\n".join(f"--rules: {p}" for p in e.problems)) from None
        if tie_breaks is not None:
            order = [t.strip().lower() for t in tie_breaks.split(",") if t.strip()]
            for t in order:
                if t not in TIE_BREAKS:
                    raise UsageError(
                        f"--tie-breaks: {t!r} is not a tie-break{did_you_mean(t, TIE_BREAKS)}; they are {', '.join(TIE_BREAKS)}"
                    )
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    table = Table(roster)
    uncounted: list[str] = []
    with Meter(err, files, show=wants_progress() and fmt is StandingsFormat.text) as meter:
        for o in outcomes(files, referee, summary, jobs=jobs or default_jobs(), share=True):
            totals.add_outcome(o)
            meter.advance(o.file, o.hands)
            if o.data is not None and not table.add(o.data) and o.data.game:
                why = f" ({o.data.open_because})" if o.data.open_because else ""
                uncounted.append(f"{o.data.file}:{o.data.line}: record {o.index} is not counted: the game has no winner{why}")
            elif o.hands is None:
                with meter.output():
                    for d in o.diagnostics:
                        _print_diagnostic(err, d)
    rows = table.ranking(order)
    if fmt is StandingsFormat.json:
        sys.stdout.write(json.dumps(standings_document(rows, table, order), indent=2) + "\n")
    else:
        out.print(standings_title(order, table.units), markup=False)
        out.print(standings_table(rows, table.units))
        out.print()
        out.print(CROSS_TITLE, markup=False)
        out.print(cross_table(rows, table))
    for line in [*uncounted, *roster.notes()]:
        err.print(f"note: {line}", highlight=False, markup=False)
    err.print(totals.summary())
    raise typer.Exit(2 if totals.exit_status == 2 else 0)
