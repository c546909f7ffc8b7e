"""The commands of a session at the table, and what tab completes at its prompt: the
entries open now, then the commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table

__all__ = ["COMMANDS", "candidates"]

COMMANDS = {
    "undo": "take back the last entry",
    "show": "the hand in play: tiles, auction, tricks",
    "score": "the score of the game",
    "options": "the entries open now",
    "help": "this list",
    "quit": "close the game (it is saved after every entry)",
}
"""The commands a session takes besides entries, with their help."""


def candidates(table: Table, typed: str) -> list[str]:
    """The entries open now and the commands that start with ``typed`` (a seat typed
    first is kept: ``E 6`` completes to ``E 6-4``).

    >>> import tempfile, pathlib
    >>> from referee.live.table import Table
    >>> t = Table.open(pathlib.Path(tempfile.mkdtemp()) / "g.42")
    >>> candidates(t, "3")[:3], candidates(t, "pa"), candidates(t, "un")
    (['30', '31', '32'], ['pass'], ['undo'])
    >>> t.close()
    """
    options = table.options()
    low = typed.lower()
    head, _, rest = typed.partition(" ")
    seat = options.seat or ""
    out = [e for e in options.entries if e.lower().startswith(low)]
    if head.upper() == seat and rest:  # `E 6` -> `E 6-4`
        out += [f"{head} {e}" for e in options.entries if e.lower().startswith(rest.lower())]
    out += [c for c in COMMANDS if c.startswith(low)]
    return list(dict.fromkeys(out))
