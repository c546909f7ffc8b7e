"""``referee tag``: set or remove a tag in every record of many files at once."""

from __future__ import annotations

import typer

from .app import app
from .common import OPTIONS_OPT, RULES_OPT, VERBOSE_OPT, consoles
from .params import Command, paths_argument


@app.command(cls=Command)
def tag(
    paths: list[str] = paths_argument(
        "Record files, directories (searched for *.42, *.moon, *.88), or - (standard input: the tagged text goes to standard output)."
    ),
    set_: list[str] = typer.Option(
        [], "--set", metavar="NAME=VALUE", help="Give every record the tag NAME with this value, replacing the one it has (repeat it)."
    ),
    remove: list[str] = typer.Option([], "--remove", metavar="NAME", help="Take the tag NAME out of every record (repeat it)."),
    diff: bool = typer.Option(False, "--diff", help="Change nothing; show what would change as a unified diff."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    verbose: bool = VERBOSE_OPT,
) -> None:
    """Set or remove a tag in every record of the files given, and write each file back
    in the canonical form (as fmt writes it).

    --remove is applied before --set. A record without a header gets [Mode "log"] with
    a tag set, so that its hand stays a hand of a log. A file with a syntax error, or
    that a value would make unreadable ([Target "abc"]), is left as it was (exit 2).
    Each file is replaced through a temporary file and a rename, so it is never left
    half written; its encoding, byte-order mark and line ends are kept, another fmt,
    fix or tag of the same file waits for this one, and a file changed by something
    else meanwhile is left as it is (exit 2).

    \b
    Examples:
      referee tag --set Event="Grange league 2026" league/
      referee tag --set Round=3 --set Date=2026-03-19 week3.42
      referee tag --remove Scorer --diff league/
      cat game.42 | referee tag --set Table=2 - > tagged.42
    """
    import difflib
    import io
    import sys

    from ..diagnostics import Diagnostic
    from ..league.retag import retag
    from ..notation.reader import file_text, read_records, read_text
    from ..notation.writer import format_records
    from ..report.canonical import canonical
    from ..report.render import fold_repeats
    from ..run.inputs import STDIN, UsageError, expand_paths, shown
    from ..run.output import WriteError, reason
    from ..run.records import judge_results
    from ..words import left_as_they_were, plural
    from .common import _print_diagnostic, _referee, _usage_fail, name_skipped, write_raw
    from .inplace import read_each

    out, err = consoles()
    try:
        referee = _referee(rules, options)
        sets = [_pair(text) for text in set_]
        removes = [_name(text.strip(), "--remove") for text in remove]
        both = {n.lower() for n, _ in sets} & {n.lower() for n in removes}
        if both:
            raise UsageError(f"--set and --remove both name {', '.join(sorted(both))}: give one of them")
        if not sets and not removes:
            raise UsageError("nothing to do: give --set NAME=VALUE or --remove NAME")
        inputs = expand_paths(paths)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    name_skipped(err, inputs.skipped, verbose)
    for name in _unknown([n for n, _ in sets]):
        err.print(f"note: `{name}` is not a tag the notation knows: `check` will report it (S003)", highlight=False, markup=False)
    status = 0
    tally = {"changed": 0, "same": 0, "left": 0}
    for item in read_each(inputs.files, in_place=not diff, command="tag"):  # each under its lock (inplace.py)
        path, data, edit = item.name, item.data, item.edit
        display = shown(path)
        if item.error is not None:  # e.g. no permission, or another writer holds it: the others go on
            problem = item.error
            _usage_fail(err, str(problem) if isinstance(problem, WriteError) else f"cannot read {display}: {reason(problem)}")
            status, tally["left"] = 2, tally["left"] + 1
            continue
        read = file_text(data, display)  # the text as the reader reads it, and the form to keep
        records, problems = [], []
        for judged in judge_results(read_records(io.BytesIO(data), display), referee, display):
            syntax = [d for d in judged.diagnostics if d.is_syntax and d.is_error]
            if judged.record is None or syntax or any(h.unreadable for h in judged.record.hands):
                problems += syntax
                continue
            records.append(retag(canonical(judged.record, judged.verdict), sets=sets, removes=removes))
        after = "".join(format_records(records))
        if not problems:  # the tags set must read back: a value the reader refuses would lose the record
            problems = [
                d
                for judged in judge_results(read_text(after, display), referee, display)
                for d in judged.diagnostics
                if d.is_syntax and d.is_error
            ]
            if problems:
                err.print(f"{display}: the tags given would not read back:", highlight=False, markup=False)
        if problems or not records or isinstance(read, Diagnostic):
            for d in fold_repeats(problems):
                _print_diagnostic(err, d)
            err.print(f"{display}: left as it was", highlight=False, markup=False)
            status, tally["left"] = 2, tally["left"] + 1
            if path == STDIN and not diff:
                write_raw(data)  # a filter passes on what it cannot tag: the output is the input, unchanged
            continue
        before, form = read
        after = form.as_read(after)
        if path == STDIN and not diff:
            write_raw(form.encode(after))
            continue
        if after == before:
            tally["same"] += 1
            continue
        tally["changed"] += 1
        if diff:
            sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True), display, display + " (tagged)"))
            continue
        try:  # atomic, in the file's own encoding and line ends, never over a change made meanwhile
            assert edit is not None
            edit.replace(form.text(after), encoding=form.codec)
        except WriteError as e:
            _usage_fail(err, str(e))  # says it; the other files go on
            status, tally["changed"], tally["left"] = 2, tally["changed"] - 1, tally["left"] + 1
            continue
        out.print(f"{display}: tagged {plural(len(records), 'record')}", highlight=False, markup=False)
    if inputs.files != [STDIN] or diff:
        done = "would change" if diff else "tagged"
        err.print(
            f"{plural(len(inputs.files), 'file')}: {tally['changed']:,} {done}, {tally['same']:,} unchanged, "
            f"{left_as_they_were(tally['left'])}",
            highlight=False,
            markup=False,
        )
    raise typer.Exit(status)


def _name(text: str, option: str) -> str:
    """A tag name as the notation writes one (``Event``, ``Round``...), or a usage error."""
    import re

    from ..run.inputs import UsageError

    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", text):
        raise UsageError(f"{option}: {text!r} is not a tag name (letters, digits and _, starting with a letter)")
    return text


def _pair(text: str) -> tuple[str, str]:
    """``--set NAME=VALUE``: a known tag name (a near miss of one is refused with the one
    meant) and a value on one line."""
    from ..notation.tags import KNOWN_TAGS
    from ..run.inputs import UsageError
    from .params import did_you_mean

    name, eq, value = text.partition("=")
    if not eq:
        raise UsageError(f"--set: {text!r} is not NAME=VALUE")
    name = _name(name.strip(), "--set")
    if "\n" in value or "\r" in value:
        raise UsageError(f"--set {name}: a tag's value is one line")
    if name.lower() not in {k.lower() for k in KNOWN_TAGS}:
        near = did_you_mean(name, KNOWN_TAGS)
        if near:
            raise UsageError(f"--set: `{name}` is not a tag the notation knows{near}")
    return name, value


def _unknown(names: list[str]) -> list[str]:
    from ..notation.tags import KNOWN_TAGS

    known = {k.lower() for k in KNOWN_TAGS}
    return [n for n in names if n.lower() not in known]
