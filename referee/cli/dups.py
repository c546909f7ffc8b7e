"""``referee dups``: games entered twice, deals played at several tables, games entered again in part."""

from __future__ import annotations

import typer

from .app import app
from .common import PATHS_HELP, Format, consoles
from .params import Command, choice_option, paths_argument


@app.command(cls=Command)
def dups(
    paths: list[str] = paths_argument(PATHS_HELP),
    fmt: Format = choice_option(Format.text, "--format", "-f", help="text (each group with its places, file:line) or json (one document)."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when any duplicate is found."),
) -> None:
    """Find the same game entered twice, the same deal played at several tables, and a
    game entered again after its first hands were entered on their own.

    Only what was played counts: the deal (each seat's tiles) and the tiles played,
    in order; tags, comments, seat labels, bids and written results do not. Records
    are not judged, and only a hash of each hand is kept, so memory stays small on
    big inputs. Records with a syntax error are left out (exit 2).

    \b
    Examples:
      referee dups samples/league
      referee dups samples/league --format json
      referee dups league/ --strict
    """
    import json
    import sys

    from ..league.dups import Hashes
    from ..league.render import dups_document, dups_lines, dups_summary
    from ..run.inputs import UsageError, expand_paths, read_input, shown
    from ..run.local import tune_gc
    from .common import _print_diagnostic, _usage_fail
    from .progress import Meter, wants_progress

    out, err = consoles()
    try:
        files = expand_paths(paths).files
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    hashes = Hashes()
    status = 0
    with Meter(err, files, show=wants_progress() and fmt is Format.text) as meter:
        for name in files:
            display = shown(name)
            for index, rr in enumerate(read_input(name), start=1):
                record = rr.record
                meter.advance(display, len(record.hands) if record is not None else None)
                problems = [d.resolve(record.source if record else None) for d in rr.diagnostics if d.is_syntax]
                if problems or record is None or any(h.unreadable for h in record.hands):
                    status = 2
                    with meter.output():
                        for d in problems:
                            _print_diagnostic(err, d)
                    continue
                hashes.add(record, display, index)
    groups = hashes.groups()
    if fmt is Format.json:
        sys.stdout.write(json.dumps(dups_document(groups, hashes.records), indent=2) + "\n")
    else:
        for line in dups_lines(groups):
            out.print(line, highlight=False, markup=False)
        out.print(dups_summary(groups, hashes.records), highlight=False, markup=False)
    raise typer.Exit(status or (1 if strict and groups else 0))
