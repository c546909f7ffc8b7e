"""``referee bot-check``: a bot's compliance with ``referee-bot/1``, check by check, naming
what it gets wrong (as fastchess's ``--compliance`` does for UCI engines).

Each check is a value (:class:`Check`): its name, whether it passed, and in words what the
bot did. A bot that cannot start fails the first check and the rest are not run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine.deal import shuffle_deal
from ..engine.games import DEFAULT_GAME, GAMES, NAMES, make_rules
from ..engine.profiles import Rules
from ..interchange.bot_protocol import Quit, Ready
from ..judging.replay import judge
from .messages import hello_for
from .process import BotCommand, BotProcess, Fault
from .table import FaultRule, GameSpec, SeatGone, TimeRule, play_game

__all__ = ["Check", "check_bot"]


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    ok: bool
    detail: str


def _games() -> list[tuple[str, Rules]]:
    """Each game, and each with its special contracts on: what the last checks play."""
    out = []
    for name in NAMES:
        game = GAMES[name]
        out.append((f"plays hands of {game.title}", make_rules(name)))
        if game.contracts:
            on = {c.name: "on" for c in game.contracts}
            out.append((f"plays hands of {game.title} with {', '.join(on)}", make_rules(name, on)))
    return out


HANDS = 3
"""Hands of each game the checks play."""


def check_bot(command: BotCommand, errors: Path, time_rule: TimeRule | None = None) -> Iterator[Check]:
    """Run the checks one by one against the bot ``command`` starts; its stderr goes to ``errors``."""
    rule = time_rule or TimeRule(decision_ms=5000, margin_ms=200, start_s=20.0, ping_s=1.0)
    rules = make_rules(DEFAULT_GAME)
    bot = BotProcess(command, errors / "bot-check.err")
    try:
        hello = hello_for(rules, 0, ["bot-check"] * 4, rule.control, 1)
        t = time.monotonic()
        ready = bot.start(hello, rule.start_s)
        if isinstance(ready, Fault):
            yield Check("starts and says ready", False, str(ready))
            return
        yield Check("starts and says ready", True, f"{_who(ready)} in {(time.monotonic() - t) * 1000:,.0f} ms")
        yield _timed("answers a ping with its id", lambda: bot.ping(rule.ping_s))
        bot.tell_raw(
            b'{"type":"event","event":"call","seat":"E","call":"pass","future":{"field":[1,2]}}\n'
            b'{"type":"notice","text":"a message of a later version"}\n'
        )
        yield _timed("ignores fields and messages it does not know", lambda: bot.ping(rule.ping_s))
        again = bot.greet(hello_for(rules, 2, ["bot-check"] * 4, rule.control, 2), rule.start_s)
        yield Check(
            "says ready to a second hello (a new game)", isinstance(again, Ready), str(again) if isinstance(again, Fault) else _who(again)
        )
        bot.tell(Quit())
        quit_at = time.monotonic()
        while bot.running and time.monotonic() - quit_at < 0.5:
            time.sleep(0.01)
        left = bot.running
        yield Check(
            "exits on quit",
            not left,
            "still running half a second after quit" if left else f"in {(time.monotonic() - quit_at) * 1000:,.0f} ms",
        )
    finally:
        bot.close()
    for name, rules in _games():
        yield _game(name, command, errors, rule, rules)


def _who(ready: Ready) -> str:
    return f"name {ready.name!r}" + (f", version {ready.version!r}" if ready.version else "")


def _timed(name: str, act: Callable[[], float | Fault]) -> Check:
    got = act()
    return Check(name, not isinstance(got, Fault), str(got) if isinstance(got, Fault) else f"in {got:,.1f} ms")


def _game(name: str, command: BotCommand, errors: Path, rule: TimeRule, rules: Rules) -> Check:
    game = rules.game.name
    n = rules.game.players
    seats = [BotProcess(command, errors / f"bot-check.{game}.{s}.err") for s in range(n)]
    spec = GameSpec(
        number=1,
        names=tuple(f"seat-{s}" for s in rules.game.seats),
        deal=lambda k: shuffle_deal(rules.game, random.Random(f"bot-check/{game}/{k}")),
        first_dealer=0,
        seed=7,
        max_hands=HANDS,
    )
    try:
        out = play_game(rules, spec, seats, rule, FaultRule(on_fault="forfeit-game"))
    except SeatGone as e:
        return Check(name, False, f"a seat could not be started: {e.fault}")
    finally:
        for seat in seats:
            seat.close()
    if out.faults:
        f = out.faults[0]
        return Check(name, False, f"hand {f.hand}, seat {f.seat}: {f.kind}: {f.detail}")
    errors_found = [f"{d.code} {d.message}" for d in judge(out.record).diagnostics if d.is_error]
    if errors_found:  # the referee's own check of what was played: a bug of the referee, not of the bot
        return Check(name, False, f"the record does not check: {errors_found[0]}")
    return Check(name, True, f"{len(out.awards)} hands, {out.decisions} decisions")
