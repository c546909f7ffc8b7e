"""``referee match``: bots in any language play each other under the referee (protocol
``referee-bot/1``, docs/bots.md), as cutechess-cli runs chess engines."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import typer

from ..run.cluster import ClusterSpec
from .app import app
from .common import Format, consoles
from .params import GAME_RULES_OPT, Command, choice_option, cluster_option, game_options_option, number_option

if TYPE_CHECKING:
    from ..interchange.match_report import GameLine, PairingResult


MATCH_CLUSTER = cluster_option(
    "Play the pairs on a Dask cluster instead: local:N starts N worker processes here, tcp://HOST:PORT uses a running "
    "scheduler whose workers can run the bots' commands, sync plays them in this process. Needs pip install 'referee42[dask]'."
)


class DealsKind(StrEnum):
    duplicate = "duplicate"
    independent = "independent"


class TournamentKind(StrEnum):
    round_robin = "round-robin"
    gauntlet = "gauntlet"


class OnFault(StrEnum):
    forfeit_hand = "forfeit-hand"
    forfeit_game = "forfeit-game"


class Filler(StrEnum):
    sensible = "sensible"
    random = "random"


@app.command(cls=Command)
def match(
    bot: list[str] = typer.Option(
        [],
        "--bot",
        "-b",
        metavar="NAME=CMD",
        help="A bot: its name in the match and the command that runs it (no shell). Give two or more.",
    ),
    bots: str | None = typer.Option(
        None, "--bots", metavar="FILE.toml", help="Bots from a file: [bots.NAME] with command, and cwd and env."
    ),
    rules: str = GAME_RULES_OPT,
    options: str | None = game_options_option("nello=on plunge=on"),
    pairs: int | None = number_option(None, "--pairs", "-n", minimum=1, help="Pairs each two bots play (duplicate deals; 100 by default)."),
    games: int | None = number_option(
        None, "--games", minimum=1, help="Games each two bots play instead (a multiple of the games in a pair)."
    ),
    seed: int | None = number_option(
        None,
        "--seed",
        "-s",
        minimum=0,
        metavar="S",
        help="Seed of the deals and the bots: the same seed plays the same match (random by default).",
    ),
    deals: DealsKind = choice_option(
        DealsKind.duplicate, "--deals", help="duplicate: each pair plays the same deals with the sides swapped; independent."
    ),
    tournament: TournamentKind = choice_option(
        TournamentKind.round_robin,
        "--tournament",
        help="With more than two bots: round-robin (every two meet) or gauntlet (the first meets each).",
    ),
    tc: str | None = typer.Option(
        None, "--tc", metavar="GAME+INC", help="Each bot's time for a whole game, plus what each decision adds: 60+0.5 (seconds), 2m+100ms."
    ),
    decision: str = typer.Option("5s", "--decision", metavar="TIME", help="The most time for one decision: 200ms, 5s; none for no limit."),
    timemargin: str = typer.Option("100ms", "--timemargin", metavar="TIME", help="Grace past a bot's time before its answer is late."),
    start: str = typer.Option("20s", "--start", metavar="TIME", help="How long a bot has to say ready."),
    on_fault: OnFault = choice_option(
        OnFault.forfeit_hand, "--on-fault", help="What a fault costs: forfeit-hand (the faulting side loses the hand) or forfeit-game."
    ),
    max_faults: int | None = number_option(None, "--max-faults", minimum=1, help="A bot's game ends at its Nth fault in it."),
    recover: bool = typer.Option(
        False, "--recover", help="Start a bot that crashed or stalled again and play on (else its game is abandoned)."
    ),
    sprt: str | None = typer.Option(
        None,
        "--sprt",
        metavar='"elo0=.. elo1=.. [alpha=..] [beta=..]"',
        help="Stop two bots' match as soon as the SPRT decides (normalized Elo by default).",
    ),
    filler: Filler = choice_option(Filler.sensible, "--filler", help="The shipped player that takes Moon's third seat."),
    max_hands: int = number_option(200, "--max-hands", minimum=1, help="Hands after which a game no side has won stops (unterminated)."),
    event: str | None = typer.Option(None, "--event", metavar="TEXT", help="The records' [Event] tag."),
    concurrency: int = number_option(1, "--concurrency", "-j", minimum=1, help="Units (pairs) played side by side; results stay in order."),
    cluster: ClusterSpec | None = MATCH_CLUSTER,
    output: str | None = typer.Option(
        None, "--output", "-O", metavar="FILE", help="Write every game's record to this file (and its journal beside it)."
    ),
    parts: str | None = typer.Option(None, "--parts", metavar="DIR", help="Write each game's record to its own file in this folder."),
    results: str | None = typer.Option(None, "--results", metavar="FILE", help="Also write the summary as JSON to this file."),
    log: str | None = typer.Option(
        None, "--log", metavar="DIR", help="Keep every message to and from the bots, with times, and their stderr."
    ),
    resume: bool = typer.Option(False, "--resume", help="Go on with the match whose records -O or --parts names, from where it stopped."),
    fmt: Format = choice_option(
        Format.text, "--format", "-f", help="text for people, json for JSON Lines (a line a game, then the summary)."
    ),
) -> None:
    """Play a match between bots that speak referee-bot/1 (docs/bots.md) and report who is stronger.

    Every game is dealt and judged by the referee, written as a canonical record (the bots'
    names as the players), and reported as it ends; then Elo and normalized Elo with 95%
    intervals, LOS, the pairs, the net marks per duplicate deal, the faults and the SPRT.
    With more than two bots: Bradley-Terry ratings and a cross table. Moon seats a filler.

    Exit status: 0 a completed match, 1 games decided by faults, 2 usage, a bot that
    could not be started, or records that cannot be written.

    \b
    Examples:
      referee match --bot a="python3 a.py" --bot b="node b.js" --pairs 200 -O match.42
      referee match --bot s="referee bot sensible" --bot r="referee bot random" --pairs 30 --sprt "elo0=0 elo1=100"
      referee match --bots bots.toml --tournament round-robin --pairs 50 --concurrency 2
      referee match -b a=./a -b b=./b --tc 60+0.5 --on-fault forfeit-game --log logs/ -O m.42
      referee match -b a=./a -b b=./b -O m.42 --resume
    """
    import secrets
    import sys
    from pathlib import Path

    from ..match.session import MatchFailed, MatchSettings, play_match
    from ..match.settings import bot_of, bots_file, sprt_of, time_control, time_ms
    from ..match.store import StoreError
    from ..match.table import FaultRule, TimeRule
    from ..match.words import game_words, score_words, summary_words
    from ..run.inputs import UsageError
    from ..run.output import write_text
    from .common import _usage_fail, game_rules

    _out, err = consoles()
    try:
        _referee, chosen = game_rules(rules, options)
        commands = [bot_of(text) for text in bot]
        if bots:
            commands += bots_file(Path(bots))
        names = [c.name for c in commands]
        if len(commands) < 2:
            raise ValueError("a match needs two bots or more: --bot NAME=CMD twice, or --bots FILE.toml")
        if len(set(names)) < len(names):
            raise ValueError(f"two bots are named {next(n for n in names if names.count(n) > 1)!r}: give each its own name")
        if f"{filler.value}-filler" in names:
            raise ValueError(f"{filler.value}-filler is the name of Moon's filler: name the bot otherwise")
        if pairs is not None and games is not None:
            raise ValueError("give --pairs or --games, not both")
        if output is not None and parts is not None:
            raise ValueError("give -O FILE or --parts DIR, not both")
        if cluster is not None and concurrency > 1:
            raise ValueError("give --concurrency N or --cluster, not both")
        game = chosen.game
        per_unit = 1 if deals is DealsKind.independent else (2 if len(game.team_labels) == 2 else game.players)
        if games is not None and games % per_unit:
            raise ValueError(
                f"--games {games}: a unit of duplicate deals is {per_unit} games here; give a multiple of {per_unit}, or --pairs"
            )
        units = games // per_unit if games is not None else (pairs if pairs is not None else 100)
        budget, increment = time_control(tc) if tc is not None else (None, 0)
        limit = time_ms(decision)
        margin = time_ms(timemargin, allow_none=False) or 0
        ready = (time_ms(start, allow_none=False) or 1000) / 1000
        timing = TimeRule(
            decision_ms=limit or None,
            game_ms=budget,
            increment_ms=increment,
            margin_ms=margin,
            start_s=ready,
            ping_s=max(1.0, ((limit or 5000) + margin) / 1000),
        )
        settings = MatchSettings(
            rules=chosen,
            bots=commands,
            units=units,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            deals=deals.value,
            tournament=tournament.value,
            time=timing,
            faults=FaultRule(on_fault=on_fault.value, max_faults=max_faults, recover=recover),
            sprt=sprt_of(sprt) if sprt else None,
            concurrency=concurrency,
            cluster=cluster,
            filler=filler.value,
            max_hands=max_hands,
            event=event,
            output=Path(output) if output else None,
            parts=Path(parts) if parts else None,
            log=Path(log) if log else None,
            resume=resume,
        )
        if settings.sprt is not None and len(commands) != 2:
            raise ValueError("--sprt tests two bots: give exactly two")
    except (ValueError, UsageError) as e:
        raise _usage_fail(err, str(e)) from None

    json_out = fmt is Format.json
    unit = chosen.target_unit
    scored = "game" if per_unit == 1 else "pair" if per_unit == 2 else "rotation"

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def on_game(line: GameLine) -> None:
        say(line.model_dump_json() if json_out else game_words(line))

    def on_unit(pairing: PairingResult) -> None:
        if not json_out and len(commands) == 2:
            say(score_words(pairing, scored))

    def on_resume(units_done: int, games_done: int) -> None:
        err.print(f"resuming after {units_done} {scored}s ({games_done} games) already played", highlight=False)

    if not json_out:
        say(f"Match of {', '.join(names)}: {game.title}, {deals.value} deals, seed {settings.seed}")
    try:
        summary = play_match(settings, on_game, on_unit, on_resume)
        failure = None
    except (StoreError, UsageError) as e:
        raise _usage_fail(err, str(e)) from None
    except MatchFailed as e:
        summary, failure = e.summary, str(e)
    if json_out:
        say(summary.model_dump_json())
    else:
        for text in summary_words(summary, unit, scored):
            say(text)
    if results:
        write_text(results, summary.model_dump_json(indent=2) + "\n")
    if failure is not None:
        raise _usage_fail(err, failure)
    raise typer.Exit(summary.exit)
