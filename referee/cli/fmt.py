"""``referee fmt``: records rewritten in the canonical form."""

from __future__ import annotations

import typer

from .app import app
from .common import OPTIONS_OPT, RULES_OPT, SEARCHED, VERBOSE_OPT, consoles
from .params import Command, paths_argument


@app.command(cls=Command)
def fmt(
    paths: list[str] = paths_argument(
        f"Record files, directories (searched for {SEARCHED}), or - (standard input: the canonical text goes to standard output)."
    ),
    check_only: bool = typer.Option(False, "--check", help="Change nothing; list files that are not canonical (exit 1)."),
    diff: bool = typer.Option(False, "--diff", help="Change nothing; show what would change as a unified diff."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    verbose: bool = VERBOSE_OPT,
) -> None:
    """Rewrite records in the canonical form: tags in order, tiles high end first,
    one trick per line, seat labels written out. Comments stay where they were written.

    A file with a syntax error is left untouched (exit 2); from standard input, it is
    written back to standard output unchanged. A file keeps its encoding, byte-order
    mark and line ends (CRLF, CR). A file is replaced through a temporary file and a
    rename, so it is never left half written (a kill or a full disk leaves the original);
    another fmt or fix of the same file waits for this one, and a file changed by
    something else meanwhile is left as it is (exit 2).

    \b
    Examples:
      referee fmt league/
      referee fmt --check league/
      referee fmt --diff game.42
      cat game.42 | referee fmt -
    """
    import difflib
    import io
    import sys

    from ..diagnostics import Diagnostic
    from ..notation.reader import file_text, read_records
    from ..notation.writer import format_records
    from ..report.canonical import canonical
    from ..report.render import fold_repeats
    from ..run.inputs import STDIN, UsageError, expand_paths, named, shown
    from ..run.output import WriteError, reason
    from ..run.records import judge_results
    from ..words import left_as_they_were, plural
    from .common import _print_diagnostic, _referee, _usage_fail, name_skipped, write_raw
    from .inplace import read_each

    out, err = consoles()
    try:
        referee = _referee(rules, options)
        inputs = expand_paths(paths)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    name_skipped(err, inputs.skipped, verbose)
    status = 0
    tally = {"changed": 0, "canonical": 0, "broken": 0}
    for item in read_each(inputs.files, in_place=not (diff or check_only), command="fmt"):  # each under its lock (inplace.py)
        name, data, edit = item.name, item.data, item.edit
        file = shown(name)  # the name as data: the records' and their diagnostics'
        display = named(name)  # the name in a message: one line, whatever it holds
        if item.error is not None:  # e.g. no permission, or another writer holds it: the others go on
            problem = item.error
            _usage_fail(err, str(problem) if isinstance(problem, WriteError) else f"cannot read {display}: {reason(problem)}")
            status = 2
            tally["broken"] += 1
            continue
        read = file_text(data, file)  # as the reader reads it, and the form (encoding, BOM, line ends) to keep
        records = []
        broken = False
        for judged in judge_results(read_records(io.BytesIO(data), file), referee, file):  # bad bytes are S006, as in check
            syntax = [d for d in judged.diagnostics if d.is_syntax]
            if judged.record is None or syntax or any(h.unreadable for h in judged.record.hands):
                broken = True
                for d in fold_repeats(syntax):
                    _print_diagnostic(err, d)
                continue
            records.append(canonical(judged.record, judged.verdict))
        if broken or isinstance(read, Diagnostic):
            err.print(f"{display}: not formatted (syntax errors)")
            status = 2
            tally["broken"] += 1
            if name == STDIN and not (diff or check_only):
                write_raw(data)  # a filter passes on what it cannot format: the output is the input, unchanged
            continue
        before, form = read
        after = form.as_read("".join(format_records(records)))
        if name == STDIN and not (diff or check_only):
            write_raw(form.encode(after))
            continue
        if after == before:
            tally["canonical"] += 1
            continue
        tally["changed"] += 1
        if diff:
            sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True), display, display + " (canonical)"))
            status = max(status, 1)
        elif check_only:
            out.print(f"{display}: not canonical")
            status = max(status, 1)
        else:
            try:
                assert edit is not None
                edit.replace(form.text(after), encoding=form.codec)  # atomic, and never over a change made meanwhile
            except WriteError as e:
                _usage_fail(err, str(e))  # says it; the other files go on
                status = 2
                tally["changed"] -= 1
                tally["broken"] += 1
                continue
            out.print(f"{display}: formatted")
    if inputs.files != [STDIN] or diff or check_only:
        done = "not canonical" if (diff or check_only) else "formatted"
        skipped = f" ({len(inputs.skipped):,} skipped)" if inputs.skipped else ""
        err.print(
            f"{plural(len(inputs.files), 'file')}{skipped}: {tally['changed']:,} {done}, "
            f"{tally['canonical']:,} already canonical, {left_as_they_were(tally['broken'])}",
            highlight=False,
        )
    raise typer.Exit(status)
