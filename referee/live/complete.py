"""What tab completes at the table's prompt: the entries open now, then the commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import Session

__all__ = ["candidates"]


def candidates(session: Session, typed: str) -> list[str]:
    """The entries open now and the commands that start with ``typed`` (a seat typed
    first is kept: ``E 6`` completes to ``E 6-4``).

    >>> import tempfile, pathlib
    >>> from referee.live.session import Session
    >>> from referee.live.table import Table
    >>> t = Table.open(pathlib.Path(tempfile.mkdtemp()) / "g.42")
    >>> candidates(Session(t), "3")[:3], candidates(Session(t), "pa"), candidates(Session(t), "un")
    (['30', '31', '32'], ['pass'], ['undo'])
    >>> t.close()
    """
    from .session import COMMANDS

    options = session.table.options()
    low = typed.lower()
    head, _, rest = typed.partition(" ")
    seat = options.seat or ""
    out = [e for e in options.entries if e.lower().startswith(low)]
    if head.upper() == seat and rest:  # `E 6` -> `E 6-4`
        out += [f"{head} {e}" for e in options.entries if e.lower().startswith(rest.lower())]
    out += [c for c in COMMANDS if c.startswith(low)]
    return list(dict.fromkeys(out))
