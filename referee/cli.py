"""The ``referee`` command line."""

from __future__ import annotations

import typer

from . import __version__

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Referee and hand-record processor for Texas 42, Moon and Texas 88.")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """Check, score and convert records of Texas 42, Moon and Texas 88."""
