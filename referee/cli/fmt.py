"""``referee fmt``: records rewritten in the canonical form."""

from __future__ import annotations

import sys

import typer
from rich.console import Console

from ..output import WriteError, reason, write_text
from ..pipeline import UsageError, expand_paths, judge_paths
from ..report.render import fold_repeats
from . import app
from .common import (
    OPTIONS_OPT,
    RULES_OPT,
    _print_diagnostic,
    _referee,
    _usage_fail,
)


@app.command()
def fmt(
    paths: list[str] = typer.Argument(..., help="Record files or directories (searched for *.42)."),
    check_only: bool = typer.Option(False, "--check", help="Change nothing; list files that are not canonical (exit 1)."),
    diff: bool = typer.Option(False, "--diff", help="Change nothing; show what would change as a unified diff."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
) -> None:
    """Rewrite records in the canonical form: tags in order, tiles high end first,
    one trick per line, seat labels written out. Comments survive.

    A file with a syntax error is left untouched (exit 2).

    \b
    Examples:
      referee fmt samples/
      referee fmt --check league/
      referee fmt --diff game.42
    """
    import difflib

    from ..notation.writer import format_game
    from ..report.canonical import canonical

    out = Console(highlight=False, emoji=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = [f for f in expand_paths(paths) if f != "-"]
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    status = 0
    for name in files:
        try:
            with open(name, encoding="utf-8", errors="replace") as f:
                before = f.read()
        except OSError as e:  # e.g. no permission: this file is left alone, the others go on
            _usage_fail(err, f"cannot read {name}: {reason(e)}")  # says it; the other files go on
            status = 2
            continue
        parts: list[str] = []
        broken = False
        for judged in judge_paths([name], referee):
            syntax = [d for d in judged.diagnostics if d.is_syntax]
            if judged.record is None or syntax or any(h.unreadable for h in judged.record.hands):
                broken = True
                for d in fold_repeats(syntax):
                    _print_diagnostic(err, d)
                continue
            parts.append(format_game(canonical(judged.record, judged.verdict)))
        if broken:
            err.print(f"{name}: not formatted (syntax errors)")
            status = 2
            continue
        after = "\n".join(parts)
        if after == before:
            continue
        if diff:
            sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True), name, name + " (canonical)"))
            status = max(status, 1)
        elif check_only:
            out.print(f"{name}: not canonical")
            status = max(status, 1)
        else:
            try:
                write_text(name, after)  # a kill or a full disk leaves the original, never half a file (output.py)
            except WriteError as e:
                _usage_fail(err, str(e))  # says it; the other files go on
                status = 2
                continue
            out.print(f"{name}: formatted")
    raise typer.Exit(status)
