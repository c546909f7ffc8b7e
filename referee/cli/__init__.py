"""The ``referee`` command line: one Typer app (``app.py``), one module of commands per job.

A command's module loads when the command is first asked for (``app.Commands``), so
``referee check`` imports none of the other commands' modules, and ``referee
--version`` none at all; each command imports what it needs when it runs.
"""

from __future__ import annotations

from .app import WRAP, app
from .guard import guarded

# no traceback, whatever fails: output faults and bugs get words and an exit status (guard.py)
WRAP.append(guarded)
__all__ = ["app"]
