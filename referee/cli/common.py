"""Options, consoles and helpers the commands share.

Everything heavy (rich, pydantic, the reader and the engine) is imported inside the
functions, when a command runs: ``referee --version`` and ``--help`` load only this.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from ..engine.games import DEFAULT_GAME, NAMES
from .params import RULES_METAVAR, complete_rules, did_you_mean, number_option

if TYPE_CHECKING:
    from rich.console import Console

    from ..diagnostics import Diagnostic
    from ..engine.profiles import Profile
    from ..judge.replay import Referee


class Format(StrEnum):
    text = "text"
    json = "json"


def consoles(*, wide: bool = False) -> tuple[Console, Console]:
    """The standard output and standard error consoles of a command.

    Neither hard-wraps a line (a log or a pipe gets each message whole); ``wide``
    (tables) lets a table take the width it needs when the output is not a terminal.
    """
    from rich.console import Console

    out = Console(highlight=False, emoji=False, soft_wrap=not wide, width=100_000 if wide and not sys.stdout.isatty() else None)
    err = Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)
    return out, err


def _parse_options(text: str | None) -> dict[str, str]:
    from ..pipeline import UsageError

    out: dict[str, str] = {}
    for item in (text or "").replace(",", " ").split():
        key, eq, value = item.partition("=")
        if not eq:
            raise UsageError(f"--options: {item!r} has no value; write name=value")
        out[key.lower()] = value.lower()
    return out


def _profile(rules: str) -> tuple[str, dict[str, Profile]]:
    """``--rules``: a built-in profile, or a house-rule TOML file whose profile becomes
    the default and may be named by records' ``[Rules]`` tags."""
    from pathlib import Path

    from ..engine.games import GAMES
    from ..judge.house import HouseRuleError, load_house_rules
    from ..pipeline import UsageError

    if rules.lower() in GAMES:
        return rules.lower(), {}
    if rules.lower().endswith(".toml") or Path(rules).is_file():
        try:
            house = load_house_rules(rules)
        except HouseRuleError as e:
            raise UsageError("\n".join(f"--rules: {problem}" for problem in e.problems)) from None
        return house.name, {house.name: house}
    raise UsageError(
        f"--rules: unknown profile {rules!r}{did_you_mean(rules.lower(), GAMES)}; "
        f"the profiles are {', '.join(GAMES)}, or give a house-rule file (.toml)"
    )


def _referee(rules: str, options: str | None, *, detail: bool = True) -> Referee:
    from ..engine.games import GAMES
    from ..engine.profiles import OptionError, make_rules
    from ..judge.house import option_suggestion
    from ..judge.replay import Referee
    from ..pipeline import UsageError

    name, profiles = _profile(rules)
    chosen = _parse_options(options)
    try:
        make_rules(name, chosen, profiles)
    except OptionError as e:
        game = GAMES[profiles[name].base if name in profiles else name]
        guess = option_suggestion(game, e.key, chosen)
        raise UsageError(f"--options: {e}" + (f"; did you mean {guess}?" if guess else "")) from None
    return Referee(name, chosen, profiles, detail=detail)


def _usage_fail(err: Console, message: str) -> typer.Exit:
    from rich.markup import escape

    for line in message.splitlines() or [""]:  # one problem a line; soft_wrap: a log is not cut at 80 columns
        err.print(f"[bold red]error[/]: {escape(line)}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


RULES_OPT: Any = typer.Option(
    DEFAULT_GAME,
    "--rules",
    "-r",
    metavar=RULES_METAVAR,
    autocompletion=complete_rules,
    help=f"Rules for records with no [Rules] tag: {', '.join(NAMES)}, or a house-rule file (.toml) that records may also name.",
)


OPTIONS_OPT: Any = typer.Option(
    None, "--options", "-o", metavar='"NAME=VALUE ..."', help='Options for those records, e.g. "all-pass=forced scoring=points".'
)


JOBS_OPT: Any = number_option(
    None,
    "--jobs",
    "-j",
    minimum=1,
    help="Processes that read and judge big inputs (default: the cores available; 1: this one only; "
    "at most 4 per core, a larger number is lowered to that).",
)

VERBOSE_OPT: Any = typer.Option(
    False, "--verbose", "-v", help="Name each file of a directory given that was skipped (not a record file), on standard error."
)


def name_skipped(err: Console, skipped: list[str], verbose: bool) -> None:
    """With ``--verbose``, say which files a directory held that were not read: the
    summary line counts them, so nothing is left out without a word."""
    if verbose:
        for name in skipped:
            err.print(f"skipped {name}: not a record file", highlight=False, soft_wrap=True)


PATHS_HELP = "Record files, directories (searched for *.42, *.moon, *.88), or - for standard input."


_STYLE = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan"}


def _print_diagnostic(out: Console, d: Diagnostic) -> None:
    """One diagnostic as ``check`` prints it (every command that shows one uses this)."""
    from rich.markup import escape

    from ..report.render import render_diagnostic

    text = render_diagnostic(d)
    head, _, rest = text.partition("\n")
    label, _, message = head.partition(": ")
    out.print(f"[{_STYLE[d.severity.value]}]{escape(label)}[/]: [bold]{escape(message)}[/]")
    if rest:
        out.print(escape(rest))
    out.print()
