"""``referee simulate``: reproducible legal games written in the notation."""

from __future__ import annotations

import sys
from contextlib import nullcontext

import typer
from rich.console import Console

from ..engine.profiles import make_rules
from ..output import atomic_write
from ..pipeline import UsageError
from . import app
from .common import (
    _referee,
    _usage_fail,
)
from .guard import stdout_closed


@app.command()
def simulate(
    rules: str = typer.Option("42", "--rules", "-r", help="The game: 42, moon, 88, or a house-rule file (.toml)."),
    options: str | None = typer.Option(None, "--options", "-o", help='Options, e.g. "all-pass=forced scoring=points".'),
    games: int = typer.Option(1, "--games", "-n", min=1, help="How many complete games to write."),
    seed: int = typer.Option(0, "--seed", "-s", help="Random seed: the same seed writes the same games, byte for byte."),
    players: str = typer.Option(
        "sensible", "--players", help="sensible (bid on hand strength, play to win) or random (uniform legal choices)."
    ),
    output: str | None = typer.Option(None, "--output", "-O", help="Write to this file instead of standard output."),
) -> None:
    """Write complete, legal, reproducible games in the notation.

    \b
    Examples:
      referee simulate --games 100 --seed 1 -O games.42
      referee simulate --rules moon --games 10
      referee simulate --rules 88 --options scoring=marks --games 5
    """
    from rich.progress import Progress

    from ..notation.writer import format_game
    from ..play.simulate import simulate_games

    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        if players not in ("sensible", "random"):
            raise UsageError(f"--players: {players!r} is not sensible or random")
        referee = _referee(rules, options)
        chosen = make_rules(referee.defaults[0], referee.defaults[1], referee.profiles)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    show = err.is_terminal
    with (
        atomic_write(output) if output else nullcontext(sys.stdout) as stream,  # -O: all of it or nothing (output.py)
        Progress(console=err, disable=not show, transient=True) as progress,
    ):
        task = progress.add_task("simulating", total=games)
        for i, record in enumerate(simulate_games(chosen, games, seed, players=players)):
            if i:
                stream.write("\n")
            stream.write(format_game(record))
            progress.advance(task)
            if not output and stdout_closed():  # the reader has gone: nothing more to write for
                break
