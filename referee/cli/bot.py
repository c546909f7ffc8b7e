"""``referee bot`` (the shipped players as bots of ``referee-bot/1``) and ``referee bot-check``
(a bot's compliance with the protocol, check by check)."""

from __future__ import annotations

from enum import StrEnum

import typer

from .app import app
from .common import consoles
from .params import Command


class BotKind(StrEnum):
    sensible = "sensible"
    random = "random"


@app.command(cls=Command)
def bot(
    kind: BotKind = typer.Argument(..., metavar="random|sensible", help="Which shipped player: sensible or random."),
    name: str | None = typer.Option(None, "--name", metavar="TEXT", help="The name it gives in ready (default: random or sensible)."),
) -> None:
    """Play as a bot of protocol referee-bot/1 over standard input and output.

    The shipped players of `referee simulate`, seeing only what the referee tells their
    seat (each decision is made on a hand rebuilt from the request's view). Give it to
    `referee match` as a bot, or test your own against it.

    Exit status: 0 when told quit (or at the end of the input), 2 for usage.

    \b
    Examples:
      referee bot sensible <<< '{"type": "ping", "id": 1}'
      referee match --bot mine="python3 mine.py" --bot sensible="referee bot sensible" --pairs 100
      referee bot-check -- python3 examples/bots/random_bot.py
    """
    from ..match.bots import serve
    from ..match.settings import check_name
    from .common import _usage_fail

    if name is not None:
        try:
            check_name(name)
        except ValueError as e:
            raise _usage_fail(consoles()[1], f"--name: {e}") from None
    raise typer.Exit(serve(kind.value, name=name))


@app.command("bot-check", cls=Command, context_settings={"allow_interspersed_args": False})
def bot_check(
    command: list[str] = typer.Argument(..., metavar="-- CMD...", help="The bot's command, after --, run without a shell."),
    log: str | None = typer.Option(None, "--log", metavar="DIR", help="Keep the bot's stderr in this folder."),
    decision: str = typer.Option("5s", "--decision", metavar="TIME", help="The most time for one decision."),
    start: str = typer.Option("20s", "--start", metavar="TIME", help="How long the bot has to say ready."),
) -> None:
    """Test that a bot speaks referee-bot/1 (docs/bots.md), and name what it gets wrong.

    It starts the bot, says hello, pings it, sends what a later version of the protocol
    might (fields and messages it does not know), says hello again, tells it to quit,
    then plays a few hands of 42 (with and without the special contracts), Moon and
    Texas 88 with a copy of the bot at every seat.

    Exit status: 0 every check passed, 1 a check failed, 2 for usage.

    \b
    Examples:
      referee bot-check -- python3 examples/bots/random_bot.py
      referee bot-check --log logs/ -- node bot.js --level 2
    """
    import shutil
    import tempfile
    from pathlib import Path

    from ..match.compliance import check_bot
    from ..match.process import BotCommand
    from ..match.settings import time_ms
    from ..match.table import TimeRule
    from .common import _usage_fail

    out, err = consoles()
    try:
        limit = time_ms(decision)
        ready = time_ms(start, allow_none=False) or 1000
    except ValueError as e:
        raise _usage_fail(err, str(e)) from None
    rule = TimeRule(decision_ms=limit, margin_ms=200, start_s=ready / 1000, ping_s=1.0)
    folder = Path(log) if log else Path(tempfile.mkdtemp(prefix="referee-bot-check-"))
    folder.mkdir(parents=True, exist_ok=True)
    failed = passed = 0
    try:
        out.print(f"bot-check: {' '.join(command)}", highlight=False, markup=False)
        for check in check_bot(BotCommand("bot", command), folder, rule):
            mark = "ok  " if check.ok else "FAIL"
            out.print(f"  {mark}  {check.name}: {check.detail}", highlight=False, markup=False)
            passed += check.ok
            failed += not check.ok
    finally:
        if not log:
            shutil.rmtree(folder, ignore_errors=True)
    skipped = "; the others need a bot that starts, and were not run" if failed and not passed else ""
    out.print(f"{passed} of {passed + failed} checks passed{skipped}", highlight=False, markup=False)
    raise typer.Exit(1 if failed else 0)
