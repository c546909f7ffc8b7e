"""``referee live``: referee a game at the table, entry by entry (``referee/live/``)."""

from __future__ import annotations

from enum import StrEnum

import typer

from .app import app
from .common import consoles
from .params import GAME_RULES_OPT, Command, choice_option, complete_paths, game_options_option, name_value, name_values


class Detail(StrEnum):
    plays = "plays"
    hands = "hands"


class Deals(StrEnum):
    unknown = "unknown"
    known = "known"


@app.command(cls=Command)
def live(
    path: str = typer.Argument(
        ...,
        metavar="FILE",
        autocompletion=complete_paths,
        help="The game's record: a new file starts a game, one that ends with an unfinished game resumes it.",
    ),
    rules: str = GAME_RULES_OPT,
    options: str | None = game_options_option("nello=on renege=as-played"),
    dealer: str | None = typer.Option(
        None, "--dealer", metavar="SEAT", help="Who deals the first hand of a new game (default: the last seat)."
    ),
    names: str | None = typer.Option(None, "--names", metavar="N=Ann,E=Bob,...", help="The players of a new game, by seat."),
    tag: list[str] = typer.Option(
        [], "--tag", metavar="NAME=VALUE", help='A tag of a new game, e.g. --tag Event="Friday league" (repeat it).'
    ),
    detail: Detail = choice_option(
        Detail.plays,
        "--detail",
        help="plays (every call and play) or hands (a score sheet: the auction, the trump and how each hand went: "
        "result NS 35 made, made, set, award EW 1, score NS 3 EW 2).",
    ),
    deals: Deals = choice_option(
        Deals.unknown,
        "--deals",
        help="unknown (the usual case: plays are checked against the set, the turn and what each seat has shown) or known "
        "(each hand starts with its deal, and every check is exact).",
    ),
    new_game: bool = typer.Option(
        False, "--new-game", help="Start a new game after the finished games FILE holds (a club night in one file)."
    ),
) -> None:
    """Referee a game at the table: enter each call and play as it happens, hear at once
    what is illegal, see what may be played and the score, and never lose the game.

    Entries are the notation's own words: 30, pass, sixes, 6-4, E 6-4, claim, concede,
    exchange 3-2 for 3-1, deal N ... E ... ; E 5-3! records a play out of turn or a
    renege that the table let stand; "; text" (alone or after an entry) is a comment,
    kept in the record. With --detail hands, a score sheet: the calls (or only the
    winning bid), the trump, and how the hand went (made, set, result NS 35 made,
    award EW 1, score NS 3 EW 2). Commands: undo, show, score, options, help, quit.
    On a terminal it prompts, with tab completion of the legal entries; from a pipe it
    answers each line with one line (ok, refused, undone...). Every entry is journaled
    (FILE.journal) and FILE rewritten whole after it; FILE.lock keeps a second live off
    the game; running it again resumes where the game stopped. See docs/live.md.

    \b
    Examples:
      referee live friday.42 --names N=Ann,E=Bob,S=Cy,W=Di --dealer N
      referee live moon.42 --rules moon
      referee live night.42 --detail hands --dealer W      # a score sheet: S 32, fives, made
      referee live friday.42                      # resume: hand 6, trick 3, E to play
      printf '30\\npass\\npass\\npass\\nsixes\\n' | referee live game.42
    """
    import io
    import sys

    from ..live.session import Session, run_lines, run_prompt
    from ..live.table import LiveError, Table
    from ..run.inputs import UsageError
    from .common import _usage_fail, game_rules

    _out, err = consoles()
    try:
        referee, _chosen = game_rules(rules, options)
        seats = name_values(names, "--names")
        tags = [name_value(t, "--tag") for t in tag]
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    name, chosen = referee.defaults
    try:
        table = Table.open(
            path,
            rules=name,
            options=chosen,
            profiles=referee.profiles,
            names=dict(seats),
            tags=tags,
            dealer=dealer,
            detail=detail.value,
            deals=deals.value,
            new_game=new_game,
        )
    except LiveError as e:
        raise _usage_fail(err, str(e)) from None
    try:
        stdin = sys.stdin if sys.stdin is not None else io.StringIO()  # closed (<&-): no entries, as from an empty pipe
        interactive = stdin.isatty() and sys.stdout.isatty()
        session = Session(table, interactive=interactive)
        if interactive:
            run_prompt(session, sys.stdout)
        else:

            def write(line: str) -> None:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()

            run_lines(session, stdin, write)
    except LiveError as e:
        raise _usage_fail(err, str(e)) from None
    finally:
        table.close()
