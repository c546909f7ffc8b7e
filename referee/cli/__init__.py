"""The ``referee`` command line: one Typer app, one module of commands per job.

The command modules import what they need when a command runs, so ``referee --version``
and ``--help`` stay quick.
"""

from __future__ import annotations

import typer

from .. import __version__

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Referee and hand-record processor for Texas 42, Moon and Texas 88.\n\nExit status: 0 clean, 1 rule errors, 2 syntax or usage errors.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """Check, score and convert records of Texas 42, Moon and Texas 88.

    Exit status: 0 clean, 1 rule errors, 2 syntax or usage errors.
    """


from . import check, convert, fmt, rules, score, show, simulate  # noqa: E402  - the commands register on ``app``
from .guard import guard_commands  # noqa: E402

guard_commands(app)  # no traceback, whatever fails: output faults and bugs get words and an exit status (guard.py)

__all__ = ["app", "check", "convert", "fmt", "rules", "score", "show", "simulate"]
