"""How the commands take their arguments: words for metavars, Click errors without
pydantic's wording, shell completion of profiles, formats and record files.

Only the standard library and typer are imported here: ``referee --version`` and
``--help`` load this module and must stay quick.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from ..engine.games import DEFAULT_GAME, NAMES

__all__ = [
    "BUILT_IN_PROFILES",
    "COMMAND_ORDER",
    "ENCODING_HELP",
    "GAME_RULES_OPT",
    "RULES_METAVAR",
    "Command",
    "Group",
    "choice_option",
    "cluster_option",
    "complete_paths",
    "complete_rules",
    "did_you_mean",
    "game_options_option",
    "name_value",
    "name_values",
    "number_option",
    "parse_choice",
    "parse_number",
    "paths_argument",
]

E = TypeVar("E", bound=Enum)

BUILT_IN_PROFILES = NAMES
RULES_METAVAR = "|".join(NAMES) + "|FILE.toml"
"""``42|moon|88|FILE.toml``: what ``--rules`` takes."""
"""The built-in ``--rules`` profiles, for completion (a test keeps them equal to ``GAMES``)."""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean json?"`` for a near miss, else nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"; did you mean {close[0]}?" if close else ""


def parse_choice(kind: type[E]) -> Callable[[Any], E]:
    """A parser for an ``Enum`` option: typer's own wraps its error in pydantic's
    ``Value error, `` prefix; this one says what the values are and which was meant."""
    values = [str(m.value) for m in kind]

    def parse(value: Any) -> E:
        if isinstance(value, kind):
            return value
        text = str(value).strip().lower()
        for member in kind:
            if member.value == text:
                return member
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(values)}{did_you_mean(text, values)}")

    return parse


def parse_number(minimum: int) -> Callable[[Any], int]:
    """A parser for a whole-number option with a lower bound, in words (not pydantic's)."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                raise typer.BadParameter(f"{value!r} is not a whole number") from None
        if number < minimum:
            raise typer.BadParameter(f"{number} is too small; give {minimum} or more")
        return number

    return parse


def _complete_values(kind: type[Enum]) -> Callable[[str], list[str]]:
    def complete(incomplete: str) -> list[str]:
        return [str(m.value) for m in kind if str(m.value).startswith(incomplete)]

    return complete


def choice_option(default: E | None, *decls: str, help: str, kind: type[E] | None = None) -> Any:
    """An option taking one of an ``Enum``'s values: metavar ``text|json``, completed by the
    shell (``kind`` names the ``Enum`` when the default is None)."""
    values = kind if kind is not None else type(default)
    assert issubclass(values, Enum)
    return typer.Option(
        default,
        *decls,
        metavar="|".join(str(m.value) for m in values),
        parser=parse_choice(values),
        autocompletion=_complete_values(values),
        help=help,
    )


def number_option(default: int | None, *decls: str, minimum: int, help: str, metavar: str = "N") -> Any:
    """A whole-number option (``--jobs N``) with a lower bound and a plain error."""
    return typer.Option(default, *decls, metavar=metavar, parser=parse_number(minimum), help=help)


def parse_cluster_option(value: Any) -> Any:
    """``--cluster``: the ``ClusterSpec`` it names, or a usage error that says what is wrong,
    including a Dask that is not installed (and how to install it)."""
    from ..run.cluster import ClusterSpec, parse_cluster

    if isinstance(value, ClusterSpec):
        return value
    try:
        spec = parse_cluster(str(value))
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    module, what = ("dask.bag", "Dask") if spec.kind == "sync" else ("distributed", "Dask's distributed scheduler")
    try:
        __import__(module)
    except ImportError:
        raise typer.BadParameter(f"needs {what}, which is not installed: pip install 'referee42[dask]'") from None
    return spec


def cluster_option(help: str) -> Any:
    """``--cluster local[:N]|tcp://HOST:PORT|sync`` (value: a ``ClusterSpec``, or None)."""
    return typer.Option(None, "--cluster", metavar="local[:N]|tcp://HOST:PORT|sync", parser=parse_cluster_option, help=help)


def _files(incomplete: str, keep: Callable[[Path], bool]) -> list[str]:
    """Folders, and the files ``keep`` accepts, whose names start with ``incomplete``."""
    head, sep, stem = incomplete.rpartition("/")
    prefix = head + sep
    try:
        entries = sorted(Path(prefix or ".").iterdir())
    except OSError:
        return []
    out = []
    for entry in entries:
        if not entry.name.startswith(stem) or (entry.name.startswith(".") and not stem.startswith(".")):
            continue
        if entry.is_dir():
            out.append(f"{prefix}{entry.name}/")
        elif keep(entry):
            out.append(f"{prefix}{entry.name}")
    return out


def complete_rules(incomplete: str) -> list[str]:
    """``--rules``: the built-in profiles, then house-rule files (``*.toml``) and folders."""
    profiles = [p for p in BUILT_IN_PROFILES if p.startswith(incomplete)]
    return profiles + _files(incomplete, lambda p: p.suffix.lower() == ".toml")


def complete_paths(incomplete: str) -> list[str]:
    """Record files (``*.42``, ``*.json``, ``*.jsonl``) and folders, or ``-`` for standard input."""
    found = _files(incomplete, lambda p: p.suffix.lower() in (".42", ".json", ".jsonl"))
    return (["-"] if incomplete in ("", "-") else []) + found


def paths_argument(help: str) -> Any:
    """The ``PATH...`` argument of the commands that read records."""
    return typer.Argument(..., metavar="PATH...", help=help, autocompletion=complete_paths)


ENCODING_HELP = (
    'Read record files in this encoding instead of UTF-8, e.g. cp1252 (Windows\' "ANSI"), latin-1, utf-16 '
    "(fmt and fix write them back in it)."
)


def _reading_encoding(ctx: Any, param: Any, value: str | None) -> None:
    """``--encoding``: the encoding record files are read in while the command runs."""
    from ..notation.encodings import EncodingError, reading  # small: codecs and difflib

    try:
        ctx.with_resource(reading(value))
    except EncodingError as e:
        raise typer.BadParameter(str(e)) from None


_READS_RECORDS = ("paths", "file")
"""The arguments of the commands that read records: each such command takes ``--encoding``."""


class Command(TyperCommand):
    """A command whose usage line and argument list say ``PATH...`` and ``FILE``, not
    typer's ``{paths}...`` and ``<list[str]>``.

    A command that reads records (a ``PATH...`` or ``FILE`` argument) takes
    ``--encoding NAME``, given here once for all of them: it sets the encoding the
    reader reads files in for the command's run (``notation.encodings.reading``), so
    no command passes it on by hand.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if any(p.param_type_name == "argument" and p.name in _READS_RECORDS for p in self.params):
            option = TyperOption(
                param_decls=["--encoding"], metavar="NAME", expose_value=False, callback=_reading_encoding, help=ENCODING_HELP
            )
            self.params.append(option)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument" and param.metavar:
                pieces.append(param.metavar)
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument" and param.metavar:
                if not getattr(param, "hidden", False):
                    arguments.append((param.metavar, getattr(param, "help", None) or ""))
                continue
            record = param.get_help_record(ctx)
            if record is not None:
                (arguments if param.param_type_name == "argument" else options).append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


COMMAND_ORDER = (
    "check",
    "score",
    "show",
    "convert",
    "fmt",
    "fix",
    "live",
    "report",
    "analyze",
    "select",
    "tag",
    "dups",
    "stats",
    "standings",
    "simulate",
    "match",
    "bot",
    "bot-check",
    "rules",
    "schema",
)
"""The order ``referee --help`` lists the commands in: as a newcomer meets them (check a
record, score it, look at it, convert and tidy it, fix its results, referee one at the table), then the pictures and
analysis, the league tools, and the helpers.  A command not named here comes last."""


class Group(TyperGroup):
    """The ``referee`` group, whose unused ``--help`` is a plain ``False``: typer gives it
    None, and coerces every non-bool value through pydantic, which ``referee check --help``
    would then import for nothing (a third of a second).  Its commands are listed in
    ``COMMAND_ORDER``, not in the order their modules happen to register them."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None and option.default is None:
            option.default = False
        return option


# -- the game a command plays (live, match, simulate) ------------------------------------------

GAME_RULES_OPT: Any = typer.Option(
    DEFAULT_GAME,
    "--rules",
    "-r",
    metavar=RULES_METAVAR,
    autocompletion=complete_rules,
    help=f"The game: {', '.join(NAMES)}, or a house-rule file (.toml).",
)
"""``--rules`` of the commands that play a game of their own (the readers' ``RULES_OPT``
is for records without a ``[Rules]`` tag)."""


def game_options_option(example: str) -> Any:
    """``--options "NAME=VALUE ..."`` of a command that plays a game, with an example."""
    return typer.Option(None, "--options", "-o", metavar='"NAME=VALUE ..."', help=f'Options of the game, e.g. "{example}".')


def name_value(text: str, option: str) -> tuple[str, str]:
    """``NAME=VALUE`` (a value on one line), or a ``UsageError`` naming ``option``."""
    from ..run.inputs import UsageError

    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise UsageError(f"{option}: {text!r} is not NAME=VALUE")
    if "\n" in value or "\r" in value:
        raise UsageError(f"{option} {name}: a value is one line")
    return name.strip(), value.strip()


def name_values(text: str | None, option: str, sep: str = ",") -> list[tuple[str, str]]:
    """``N=Ann,E=Bob``: the pairs, in order."""
    return [name_value(part, option) for part in (text or "").split(sep) if part.strip()]
