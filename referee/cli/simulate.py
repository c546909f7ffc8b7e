"""``referee simulate``: reproducible legal games written in the notation."""

from __future__ import annotations

from enum import StrEnum

import typer

from .app import app
from .common import consoles
from .params import GAME_RULES_OPT, Command, choice_option, game_options_option, number_option


class Players(StrEnum):
    sensible = "sensible"
    random = "random"


@app.command(cls=Command)
def simulate(
    rules: str = GAME_RULES_OPT,
    options: str | None = game_options_option("all-pass=forced scoring=points"),
    games: int = number_option(1, "--games", "-n", minimum=1, help="How many complete games to write."),
    seed: int = number_option(
        0, "--seed", "-s", minimum=-(2**63), metavar="S", help="Random seed: the same seed writes the same games, byte for byte."
    ),
    players: Players = choice_option(
        Players.sensible,
        "--players",
        help="sensible (bid on hand strength and the contracts on, play to win) or random (random legal choices).",
    ),
    output: str | None = typer.Option(None, "--output", "-O", metavar="FILE", help="Write to this file instead of standard output."),
) -> None:
    """Write complete, legal, reproducible games in the notation.

    With the options that turn them on, the sensible players bid nello, sevens,
    plunge and splash from their tiles, as players do (docs/cli.md gives when, the
    sources and the rates measured).

    \b
    Examples:
      referee simulate --games 100 --seed 1 -O games.42
      referee simulate --rules moon --games 10
      referee simulate --rules 88 --options scoring=marks --games 5
      referee simulate --options "nello=on plunge=on splash=on sevens=on" --games 100
    """
    import sys
    from contextlib import nullcontext

    from rich.progress import Progress

    from ..notation.writer import format_game
    from ..play.simulate import simulate_games
    from ..run.inputs import UsageError
    from ..run.output import atomic_write
    from .common import _usage_fail, game_rules
    from .guard import stdout_closed
    from .progress import wants_progress

    _out, err = consoles()
    try:
        _referee, chosen = game_rules(rules, options)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    show = wants_progress() and (output is not None or not sys.stdout.isatty())
    with (
        atomic_write(output) if output else nullcontext(sys.stdout) as stream,  # -O: all of it or nothing (run/output.py)
        Progress(console=err, disable=not show, transient=True) as progress,
    ):
        task = progress.add_task("simulating", total=games)
        for i, record in enumerate(simulate_games(chosen, games, seed, players=players.value)):
            if i:
                stream.write("\n")
            stream.write(format_game(record))
            progress.advance(task)
            if not output and stdout_closed():  # the reader has gone: nothing more to write for
                break
