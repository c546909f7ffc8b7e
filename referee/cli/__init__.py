"""The ``referee`` command line: one Typer app (``app.py``), one module of commands per job.

The command modules import what they need when a command runs, so ``referee --version``
and ``--help`` stay quick.
"""

from __future__ import annotations

from . import analyze, bot, check, convert, dups, fix, fmt, live, match, rules, score, select, show, simulate, standings, stats, tag
from .app import app
from .guard import guard_commands

# the commands registered on ``app`` as they loaded (select, dups, stats, standings, fix and tag are the league tools)
guard_commands(app)  # no traceback, whatever fails: output faults and bugs get words and an exit status (guard.py)
__all__ = [
    "analyze",
    "app",
    "bot",
    "check",
    "convert",
    "dups",
    "fix",
    "fmt",
    "live",
    "match",
    "rules",
    "score",
    "select",
    "show",
    "simulate",
    "standings",
    "stats",
    "tag",
]
