"""Options, consoles and helpers the commands share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from ..codes import Severity
from ..diagnostics import Diagnostic
from ..engine.games import GAMES
from ..engine.profiles import OptionError, Profile, make_rules
from ..judge.house import HouseRuleError, load_house_rules
from ..judge.replay import Referee
from ..pipeline import JOBS_PER_CORE, UsageError
from ..report.render import render_diagnostic


class Format(StrEnum):
    text = "text"
    json = "json"


def _parse_options(text: str | None) -> dict[str, str]:
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
    if rules.lower() in GAMES:
        return rules.lower(), {}
    if rules.lower().endswith(".toml") or Path(rules).is_file():
        try:
            house = load_house_rules(rules)
        except HouseRuleError as e:
            raise UsageError("\n".join(f"--rules: {problem}" for problem in e.problems)) from None
        return house.name, {house.name: house}
    raise UsageError(f"--rules: unknown profile {rules!r}; the profiles are {', '.join(GAMES)}, or give a house-rule file (.toml)")


def _referee(rules: str, options: str | None, *, detail: bool = True) -> Referee:
    name, profiles = _profile(rules)
    chosen = _parse_options(options)
    try:
        make_rules(name, chosen, profiles)
    except OptionError as e:
        raise UsageError(f"--options: {e}") from None
    return Referee(name, chosen, profiles, detail=detail)


def _usage_fail(err: Console, message: str) -> typer.Exit:
    for line in message.splitlines() or [""]:  # one problem a line; soft_wrap: a log is not cut at 80 columns
        err.print(f"[bold red]error[/]: {escape(line)}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


RULES_OPT = typer.Option(
    "42",
    "--rules",
    "-r",
    help="Rules for records with no [Rules] tag: 42, moon, 88, or a house-rule file (.toml) that records may also name.",
)


OPTIONS_OPT = typer.Option(None, "--options", "-o", help='Options for those records, e.g. "all-pass=forced scoring=points".')


JOBS_OPT = typer.Option(
    None,
    "--jobs",
    "-j",
    min=1,
    help="Processes that read and judge big inputs (default: the cores available; 1: this one only; "
    f"at most {JOBS_PER_CORE} per core, a larger number is lowered to that).",
)


@contextmanager
def _progress(err: Console, show: bool) -> Iterator[Callable[[int | None], None]]:
    """A hands-per-second bar on a terminal's stderr; the callable advances it by a record's hands."""
    if not show:
        yield lambda hands: None
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(
        SpinnerColumn(),
        TextColumn("{task.completed:,.0f} hands"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task("reading", total=None, rate="")

        def advance(hands: int | None) -> None:
            if hands:
                speed = progress.tasks[0].speed
                progress.update(task, advance=hands, rate=f"{speed:,.0f} hands/s" if speed else "")

        yield advance


_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow", Severity.NOTE: "bold cyan"}


def _print_diagnostic(out: Console, d: Diagnostic) -> None:
    text = render_diagnostic(d)
    head, _, rest = text.partition("\n")
    label, _, message = head.partition(": ")
    out.print(f"[{_STYLE[d.severity]}]{escape(label)}[/]: [bold]{escape(message)}[/]")
    if rest:
        out.print(escape(rest))
    out.print()
