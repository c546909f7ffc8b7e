"""The words of ``referee match``'s options read into values: times, the time control, the
SPRT, the bots (``--bot NAME=CMD``, ``--bots FILE.toml``). Each reader raises ``ValueError``
with words for the user.

>>> time_ms("200ms"), time_ms("5s"), time_ms("1.5"), time_ms("2m"), time_ms("none")
(200, 5000, 1500, 120000, None)
>>> time_control("60+0.5"), time_control("40s")
((60000, 500), (40000, 0))
>>> sprt_of("elo0=0 elo1=10")
Sprt(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05, model='normalized')
>>> bot_of("alpha=python3 bots/alpha.py --depth 3").argv
['python3', 'bots/alpha.py', '--depth', '3']
"""

from __future__ import annotations

import math
import re
import shlex
import tomllib
from pathlib import Path

from .process import BotCommand
from .stats import Sprt

__all__ = ["bot_of", "bots_file", "check_name", "sprt_of", "time_control", "time_ms"]

_TIME = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m|min)?\s*$", re.IGNORECASE)
_SCALE = {"ms": 1, "s": 1000, "m": 60_000, "min": 60_000, None: 1000}


def time_ms(text: str, *, allow_none: bool = True) -> int | None:
    """A time as milliseconds: ``200ms``, ``5s``, ``1.5`` (seconds), ``2m``; ``none``: no limit."""
    if allow_none and text.strip().lower() in ("none", "inf", "off"):
        return None
    m = _TIME.match(text)
    if m is None:
        raise ValueError(f"{text!r} is not a time; write it like 500ms, 5s, 1.5 (seconds) or 2m")
    ms = float(m.group(1)) * _SCALE[m.group(2).lower() if m.group(2) else None]
    if not math.isfinite(ms) or ms > 86_400_000:
        raise ValueError(f"{text!r} is longer than a day")
    return round(ms)


def time_control(text: str) -> tuple[int, int]:
    """``GAME+INC``: each bot's budget for a game and what each decision adds to it (ms)."""
    game, plus, inc = text.partition("+")
    budget = time_ms(game, allow_none=False)
    assert budget is not None
    if budget <= 0:
        raise ValueError(f"{text!r}: the game's budget must be more than 0")
    increment = time_ms(inc, allow_none=False) if plus else 0
    return budget, increment or 0


def sprt_of(text: str) -> Sprt:
    """``elo0=0 elo1=5 [alpha=0.05] [beta=0.05] [model=normalized|logistic]``."""
    given: dict[str, str] = {}
    for item in text.replace(",", " ").split():
        key, eq, value = item.partition("=")
        if not eq or key not in ("elo0", "elo1", "alpha", "beta", "model"):
            raise ValueError(f"--sprt: {item!r} is not one of elo0=, elo1=, alpha=, beta=, model=")
        given[key] = value
    if "elo0" not in given or "elo1" not in given:
        raise ValueError("--sprt needs elo0= and elo1=, e.g. --sprt 'elo0=0 elo1=10'")
    model = given.get("model", "normalized")
    if model not in ("normalized", "logistic"):
        raise ValueError(f"--sprt: model is normalized or logistic, not {model!r}")
    try:
        numbers = {k: float(given[k]) for k in ("elo0", "elo1", "alpha", "beta") if k in given}
    except ValueError:
        raise ValueError(f"--sprt: {text!r} holds a value that is not a number") from None
    return Sprt(model=model, **numbers)  # type: ignore[arg-type]  # checked above


def check_name(name: str) -> str:
    """A bot's name: what the records write as a player's name."""
    if not name or len(name) > 64 or not all(c.isprintable() for c in name) or name != name.strip() or '"' in name:
        raise ValueError(f"{name!r} is not a bot's name: 1 to 64 printable characters, no quote, no space at either end")
    return name


def bot_of(text: str) -> BotCommand:
    """``--bot NAME=CMD``: the command is split as a shell would, and run without one."""
    name, eq, command = text.partition("=")
    if not eq or not command.strip():
        raise ValueError(f"--bot {text!r}: write NAME=COMMAND, e.g. --bot alpha='python3 alpha.py'")
    try:
        argv = shlex.split(command)
    except ValueError as e:
        raise ValueError(f"--bot {text!r}: {e}") from None
    return BotCommand(check_name(name.strip()), argv)


def bots_file(path: Path) -> list[BotCommand]:
    """``--bots FILE.toml``: a table per bot, ``command`` a string or a list, ``cwd`` and ``env`` optional.

    ::

        [bots.alpha]
        command = "python3 alpha.py --depth 3"
        [bots.beta]
        command = ["node", "beta.js"]
        cwd = "bots/beta"
        env = { BETA_LEVEL = "2" }
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"--bots: cannot read {path}: {e.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"--bots: {path} is not TOML: {e}") from None
    table = data.get("bots")
    if not isinstance(table, dict) or not table:
        raise ValueError(f"--bots: {path} has no [bots.NAME] tables")
    out = []
    for name, entry in table.items():
        if not isinstance(entry, dict) or "command" not in entry:
            raise ValueError(f"--bots: [bots.{name}] needs a command")
        command = entry["command"]
        if isinstance(command, str):
            argv = shlex.split(command)
        elif isinstance(command, list) and command and all(isinstance(a, str) for a in command):
            argv = list(command)
        else:
            raise ValueError(f"--bots: [bots.{name}] command must be a string or a list of strings")
        cwd = entry.get("cwd")
        env = entry.get("env", {})
        if not isinstance(env, dict) or not all(isinstance(v, str) for v in env.values()):
            raise ValueError(f"--bots: [bots.{name}] env must be a table of strings")
        where = None if cwd is None else (path.parent / str(cwd))
        out.append(BotCommand(check_name(str(name)), argv, where, dict(env)))
    return out
