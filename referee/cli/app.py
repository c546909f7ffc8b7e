"""The Typer app of the ``referee`` command, with its global options.

It lives apart from the command modules so that each of them imports the app and none
is imported back by it.  The commands register on ``app`` as their modules load, and a
module loads only when it is needed (``Commands``): ``referee check`` loads
``check.py`` and none of the other command modules (nor the libraries they import),
while ``referee --help``, a name that is no command and shell completion of command
names load them all, so that what they print is the same as if all were always loaded.

No ``from __future__ import annotations`` here (nor in ``check.py``): typer reads the
global options' types with ``typing.get_type_hints``, which compiles and evaluates each
annotation written as a string, at every start.
"""

import importlib
import os
from collections.abc import Callable
from typing import Any

import typer
from typer.main import get_command_from_info, get_command_name

from .. import __version__
from .params import Group

COMMANDS = {
    "analyze": "analyze",
    "bot": "bot",
    "bot-check": "bot",
    "check": "check",
    "convert": "convert",
    "schema": "convert",
    "dups": "dups",
    "fix": "fix",
    "fmt": "fmt",
    "live": "live",
    "match": "match",
    "rules": "rules",
    "score": "score",
    "select": "select",
    "report": "show",
    "show": "show",
    "simulate": "simulate",
    "standings": "standings",
    "stats": "stats",
    "tag": "tag",
}
"""Each command and the module of ``referee.cli`` that defines it (tests/cli/test_lazy.py
holds this equal to what the modules register)."""

WRAP: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = []
"""What each command's function is put inside once its module has loaded (``__init__.py``
puts ``guard.guarded`` here).  Not as it registers: ``check``'s help is set after its
``def``."""

LAZY: list[bool] = []
"""Whether the commands load as they are asked for: the console script (``guard.run``)
sets it; otherwise the group loads them all when it is built."""

_WRAPPED: set[int] = set()
"""The ``CommandInfo`` of each command already put inside ``WRAP``."""


def _modules(name: str | None = None) -> list[str]:
    """The module defining command ``name``, or all the command modules for no name or a name that is no command."""
    module = COMMANDS.get(name or "")
    return [module] if module else sorted(set(COMMANDS.values()))


class Commands(Group):
    """The ``referee`` group, whose commands' modules load when a command is first asked for
    (click's lazy-group pattern): the one command's module for ``get_command``, all of them
    for ``list_commands`` (``--help``, completion) and for a name that is no command (whose
    error suggests the names nearest it among all)."""

    def __init__(self, *args: Any, commands: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # typer's commands, of the modules loaded so far, are added as asked for
        if not LAZY:  # a program that builds the group (a test) reads ``commands`` whole, as click's groups have it
            self._add(_modules())

    def _add(self, modules: list[str]) -> None:
        for module in modules:
            importlib.import_module(f"{__package__}.{module}")
        for info in app.registered_commands:
            if id(info) not in _WRAPPED and info.callback is not None:
                _WRAPPED.add(id(info))
                for wrap in WRAP:
                    info.callback = wrap(info.callback)
            name = info.name or get_command_name(info.callback.__name__ if info.callback else "")
            if name not in self.commands:
                command = get_command_from_info(
                    info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode
                )
                self.add_command(command, name)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            self._add(_modules(cmd_name))
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: Any) -> list[str]:
        self._add(_modules())
        return super().list_commands(ctx)


app = typer.Typer(
    cls=Commands,
    no_args_is_help=True,
    add_completion=False,  # typer's own completion options cost every command pydantic's import; see main()
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Referee and hand-record processor for Texas 42, Moon and Texas 88.\n\nExit status: 0 clean, 1 rule errors, 2 syntax or usage errors.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def _completion(install: bool) -> Any:
    """``--install-completion`` / ``--show-completion``: typer's, for the shell found by shellingham."""

    def callback(ctx: typer.Context, param: Any, value: bool) -> None:
        if value:
            from typer import completion

            completion.get_completion_inspect_parameters()  # registers typer's completion scripts
            (completion.install_callback if install else completion.show_callback)(ctx, param, value)

    return callback


if os.environ.get("_REFEREE_COMPLETE"):  # the shell asks for completions: answer in typer's protocol
    from typer.completion import get_completion_inspect_parameters

    get_completion_inspect_parameters()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
    install_completion: bool = typer.Option(
        False,
        "--install-completion",
        callback=_completion(install=True),
        is_eager=True,
        expose_value=False,
        help="Install completion (commands, options, --rules profiles, --format values, record files) for this shell.",
    ),
    show_completion: bool = typer.Option(
        False,
        "--show-completion",
        callback=_completion(install=False),
        is_eager=True,
        expose_value=False,
        help="Print the completion script for this shell, to copy it or install it by hand.",
    ),
) -> None:
    """Check, score and convert records of Texas 42, Moon and Texas 88.

    Exit status: 0 clean, 1 rule errors, 2 syntax or usage errors.
    """
