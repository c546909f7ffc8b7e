"""The Typer app of the ``referee`` command, with its global options.

It lives apart from the command modules so that each of them imports the app and none
is imported back by it: ``referee/cli/__init__.py`` imports the commands, which register
on ``app`` as they load.
"""

from __future__ import annotations

import os
from typing import Any

import typer

from .. import __version__
from .params import Group

app = typer.Typer(
    cls=Group,
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
