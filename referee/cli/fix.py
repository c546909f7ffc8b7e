"""``referee fix``: the result, award and score lines and the [Winner] tag made to agree with the replay."""

from __future__ import annotations

import typer

from .app import app
from .common import OPTIONS_OPT, RULES_OPT, SEARCHED, consoles
from .params import Command, paths_argument


@app.command(cls=Command)
def fix(
    paths: list[str] = paths_argument(
        f"Record files, directories (searched for {SEARCHED}), or - (standard input: the fixed text goes to standard output)."
    ),
    check_only: bool = typer.Option(False, "--check", help="Change nothing; list the files whose results need fixing (exit 1)."),
    diff: bool = typer.Option(False, "--diff", help="Change nothing; show what would change as a unified diff."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
) -> None:
    """Rewrite the result, award and score lines and the [Winner] tag that disagree with
    the replay (E501-E504), and add them where they are missing.

    Nothing else changes: not a deal, bid or play, not a comment, not the layout. A
    record with any other error (a renege not ruled, a tile not held, a syntax error...)
    is left as it is and named. A file is replaced through a temporary file and a
    rename, so it is never left half written; another fix or fmt of the same file waits
    for this one, and a file changed by something else meanwhile is left as it is (exit 2).

    \b
    Examples:
      referee fix samples/league/week3.42 --diff
      referee fix --check samples/league
      referee fix league/
      cat game.42 | referee fix -
    """
    import difflib
    import sys

    from ..diagnostics import Diagnostic
    from ..league.fix import FIXED, apply_edits, blocking, edits, left_as_written
    from ..notation.reader import cannot_read, file_text, read_text
    from ..run.inputs import STDIN, UsageError, expand_paths, named, shown
    from ..run.output import WriteError
    from ..run.records import judge_results
    from ..words import plural
    from .common import _print_diagnostic, _referee, _usage_fail, write_raw
    from .inplace import read_each

    out, err = consoles()
    try:
        referee = _referee(rules, options)
        files = expand_paths(paths).files
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    status = 0
    for item in read_each(files, in_place=not (diff or check_only), command="fix"):  # each under its lock (inplace.py)
        name, raw, editor = item.name, item.data, item.edit
        file = shown(name)  # the name as data: the records' and their diagnostics'
        display = named(name)  # the name in a message: one line, whatever it holds
        if isinstance(item.error, WriteError):  # another writer holds it
            _usage_fail(err, str(item.error))
            status = 2
            continue
        if item.error is not None:
            _print_diagnostic(err, cannot_read(file, item.error))
            status = 2
            continue
        read = file_text(raw, file)  # as the reader reads it, and the form to write it back in
        if isinstance(read, Diagnostic):  # not text: written back, it would not be the same file
            _print_diagnostic(err, read)
            status = 2
            if name == STDIN and not (diff or check_only):
                write_raw(raw)  # a filter passes on what it cannot mend
            continue
        before, form = read
        found = []
        for judged in judge_results(read_text(before, file), referee, file):
            i = judged.index
            stop = blocking(judged.diagnostics)
            if stop:
                first = stop[0]
                more = sorted({str(d.code) for d in stop})
                err.print(
                    f"{named(first.location())}: record {i} not fixed: {', '.join(more)} (run `referee check`)",
                    highlight=False,
                    markup=False,
                )
                status = max(status, 2 if any(d.is_syntax for d in stop) else 1)
                continue
            mended = edits(judged, before)
            for d in left_as_written(judged):
                err.print(
                    f"{named(d.location())}: the {FIXED[d.code]} of hand {d.hand} is left as written: the score sheet does not say "
                    "enough to write it right (run `referee check`)",
                    highlight=False,
                    markup=False,
                )
                status = max(status, 1)
            found += mended
        after = apply_edits(before, found)
        if name == STDIN and not (diff or check_only):
            write_raw(form.encode(after))
            continue
        if form.newline == "\r":  # shown as the file has it
            before, after = before.replace("\n", "\r"), after.replace("\n", "\r")
        if after == before:
            continue
        if diff:
            sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True), display, display + " (fixed)"))
            status = max(status, 1)
        elif check_only:
            out.print(f"{display}: {plural(len(found), 'result')} to fix", highlight=False, markup=False)
            status = max(status, 1)
        else:
            try:  # atomic, and never over a change made meanwhile (inplace.py)
                assert editor is not None
                editor.replace(form.text(after), encoding=form.codec)
            except WriteError as e:
                _usage_fail(err, str(e))  # says it; the other files go on
                status = 2
                continue
            for edit in sorted(found, key=lambda e: (e.line, e.order)):
                out.print(f"{display}:{edit.line}: {edit.describe()}", highlight=False, markup=False)
    raise typer.Exit(status)
