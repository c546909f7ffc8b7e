"""Options, consoles and helpers the commands share.

Everything heavy (rich, pydantic, the reader and the engine) is imported inside the
functions, when a command runs: ``referee --version`` and ``--help`` load only this.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TextIO, cast

import typer

from ..engine.games import DEFAULT_GAME, NAMES
from .params import RULES_METAVAR, cluster_option, complete_rules, did_you_mean, number_option

if TYPE_CHECKING:
    from rich.console import Console

    from ..diagnostics import Diagnostic
    from ..engine.profiles import Profile, Rules
    from ..judging.replay import Referee
    from ..league.names import Aliases
    from ..run.cluster import ClusterSpec


class Format(StrEnum):
    text = "text"
    json = "json"


def consoles(*, wide: bool = False, file: TextIO | None = None) -> tuple[Console, Console]:
    """The standard output (or ``file``: ``-O``, ``--parts``) and standard error consoles of a command.

    Neither hard-wraps a line (a log or a pipe gets each message whole); ``wide``
    (tables) lets a table take the width it needs when the output is not a terminal.
    A console that is no terminal's and not ``wide`` is a ``report.plain.PlainConsole``,
    which stands for rich's and writes what it would.
    """
    from ..report.plain import PlainConsole, plain_for

    if not wide and plain_for(file):  # no terminal: plain text, written without loading rich (report/plain.py)
        out = cast("Console", PlainConsole(file=file))
    else:
        from ..report.console import Console  # data stays data: no markup read, control characters escaped

        terminal = (file or sys.stdout).isatty()
        out = Console(file=file, highlight=False, emoji=False, soft_wrap=not wide, width=100_000 if wide and not terminal else None)
        if wide and not terminal:  # its size then fixed: rich would ask the terminals for it at each print (score: a sheet a record)
            out.height = out.height
    if plain_for(None, stderr=True):
        return out, cast("Console", PlainConsole(stderr=True))
    from ..report.console import Console

    return out, Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)


def _parse_options(text: str | None) -> dict[str, str]:
    from ..run.inputs import UsageError

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
    from ..run.inputs import UsageError

    if rules.lower() in GAMES:
        return rules.lower(), {}
    from ..judging.house import HouseRuleError, load_house_rules  # a house-rule file only (start-up)

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


def _referee(rules: str, options: str | None, *, detail: bool = True, tricks: bool = True) -> Referee:
    from ..engine.games import GAMES, make_rules
    from ..engine.profiles import OptionError
    from ..judging.replay import Referee
    from ..run.inputs import UsageError

    name, profiles = _profile(rules)
    chosen = _parse_options(options)
    try:
        make_rules(name, chosen, profiles)
    except OptionError as e:
        from ..judging.house import option_suggestion  # a usage error only (start-up)

        game = GAMES[profiles[name].base if name in profiles else name]
        guess = option_suggestion(game, e.key, chosen)
        raise UsageError(f"--options: {e}" + (f"; did you mean {guess}?" if guess else "")) from None
    return Referee(name, chosen, profiles, detail=detail, tricks=tricks)


def game_rules(rules: str, options: str | None) -> tuple[Referee, Rules]:
    """The referee of ``--rules`` and ``--options`` and the rules of the game they make
    (``UsageError`` with the words for what is wrong)."""
    from ..engine.games import make_rules

    referee = _referee(rules, options)
    name, chosen = referee.defaults
    return referee, make_rules(name, chosen, referee.profiles)


def _aliases(referee: Referee) -> Aliases:
    """The ``[players]`` table of the house-rule file given with ``--rules`` (none without one)."""
    from ..judging.house import HouseRuleError, load_players
    from ..league.names import Aliases
    from ..run.inputs import UsageError

    source = referee.profiles[referee.defaults[0]].source if referee.profiles else None
    if source is None:
        return Aliases()
    try:
        return Aliases.of(load_players(source))
    except HouseRuleError as e:
        raise UsageError("\n".join(f"--rules: {p}" for p in e.problems)) from None


def _usage_fail(err: Console, message: str) -> typer.Exit:
    from rich.markup import escape

    for line in message.splitlines() or [""]:  # one problem a line; soft_wrap: a log is not cut at 80 columns
        err.print(f"[bold red]error[/]: {escape(line)}", highlight=False, soft_wrap=True, markup=True)
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

CLUSTER_OPT: Any = cluster_option(
    "Read and judge on a Dask cluster instead of --jobs: local:N starts N worker processes here, "
    "tcp://HOST:PORT uses a running scheduler whose workers can read the inputs (a shared file system or URLs), "
    "sync runs Dask in this process (debugging). Needs pip install 'referee42[dask]'; see docs/distributed.md."
)

OUTPUT_OPT: Any = typer.Option(
    None, "--output", "-O", metavar="FILE", help="Write here instead of standard output (all of it, or nothing if the run fails)."
)

PARTS_OPT: Any = typer.Option(
    None,
    "--parts",
    metavar="DIR",
    help="Write the output as DIR/part-00000, part-00001, ... of about 64 MB each, in order (together: the whole output); "
    "DIR must be new or empty.",
)


def batch_options(jobs: int | None, cluster: ClusterSpec | None, output: str | None, parts: str | None) -> None:
    """Refuse options that do not go together (a ``UsageError``, exit status 2).

    ``--jobs`` with ``--cluster`` is refused rather than ignored: the one says how many
    processes of this machine, the other where the work goes, and a user who gives both
    wants something that one of them would silently not do (``--cluster local:N`` is
    ``N`` processes here).
    """
    from ..run.inputs import UsageError

    if jobs is not None and cluster is not None:
        raise UsageError("--jobs and --cluster do not go together: --cluster local:N runs N worker processes here")
    if output is not None and parts is not None:
        raise UsageError("--output and --parts do not go together: give one file, or one directory of parts")


@dataclass
class Output:
    """Where a command writes what would go to standard output."""

    stream: TextIO
    boundary: Callable[[], None]
    """Called after each record's output: ``--parts`` may start the next part there."""
    to_stdout: bool


@contextmanager
def command_output(output: str | None, parts: str | None) -> Iterator[Output]:
    """Standard output, ``-O FILE`` (written atomically) or ``--parts DIR`` (``referee.run.parts``)."""
    from ..run.output import atomic_write

    if parts is not None:
        from ..run.parts import write_parts

        with write_parts(parts) as writer:
            yield Output(writer.as_text_io(), writer.boundary, False)
    elif output is not None:
        with atomic_write(output) as stream:
            yield Output(stream, lambda: None, False)
    else:
        yield Output(sys.stdout, lambda: None, True)


VERBOSE_OPT: Any = typer.Option(
    False, "--verbose", "-v", help="Name each file of a directory given that was skipped (not a record file), on standard error."
)


def name_skipped(err: Console, skipped: list[str], verbose: bool) -> None:
    """With ``--verbose``, say which files a directory held that were not read: the
    summary line counts them, so nothing is left out without a word."""
    from ..run.inputs import named

    if verbose:
        for name in skipped:
            err.print(f"skipped {named(name)}: not a record file", highlight=False, soft_wrap=True)


SEARCHED = ", ".join(f"*.{name}" for name in NAMES)
"""The record files a directory is searched for, as the help says it: a game's profile name
is its files' extension (``run.inputs.EXTENSIONS``, which is not imported at start-up)."""

PATHS_HELP = f"Record files, directories (searched for {SEARCHED}), or - for standard input."


_STYLE = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan"}


def _print_diagnostic(out: Console, d: Diagnostic) -> None:
    """One diagnostic as ``check`` prints it (every command that shows one uses this)."""
    from rich.markup import escape

    from ..report.render import render_diagnostic

    text = render_diagnostic(d)
    head, _, rest = text.partition("\n")
    label, _, message = head.partition(": ")
    out.print(f"[{_STYLE[d.severity.value]}]{escape(label)}[/]: [bold]{escape(message)}[/]", markup=True)
    if rest:
        out.print(rest)
    out.print()


def write_raw(data: bytes) -> None:
    """Bytes to standard output as they are: a filter's output (``fmt -``, ``fix -``) in the
    input's own form, or the input itself when it cannot be formatted.  They go through
    the guarded text stream (``cli/guard.py``), told to give back every byte it is given."""
    out = sys.stdout
    encoding = getattr(out, "encoding", None) or "utf-8"
    reconfigure = getattr(out, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape", newline="")
    out.write(data.decode(encoding, errors="surrogateescape"))
