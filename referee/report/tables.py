"""Tables for people: a column too narrow for a word folds it onto the next line, rather
than cutting it with an ellipsis.

Rich cuts a cell's word to fit its column (``deal…``, ``tru…``) when the terminal is
narrower than the table; a cut word is lost, a folded one (``deale`` / ``r``) is only
broken.  Every table the commands print goes through ``folded``.

>>> from rich.console import Console
>>> from rich.table import Table
>>> t = Table()
>>> t.add_column("dealer")
>>> t.add_row("W")
>>> out = Console(width=8, color_system=None, file=__import__("io").StringIO())
>>> out.print(folded(t)); "…" in out.file.getvalue(), "deal" in out.file.getvalue()
(False, True)
"""

from __future__ import annotations

from rich.table import Table

__all__ = ["folded"]


def folded(table: Table) -> Table:
    """``table``, each of whose columns folds a word too long for it (header and cells)."""
    for column in table.columns:
        column.overflow = "fold"
    return table
