"""The prompt without prompt_toolkit: the standard library's ``input`` with readline's
tab completion of the entries open now and the commands (where readline exists)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .complete import candidates

if TYPE_CHECKING:
    from .table import Table

__all__ = ["prompt_lines"]


def prompt_lines(table: Table) -> tuple[str, Iterator[str]]:
    """The lines typed, until end of input."""
    with contextlib.suppress(ImportError):
        import readline

        found: list[str] = []

        def complete(text: str, state: int) -> str | None:
            if state == 0:
                found[:] = candidates(table, readline.get_line_buffer().lstrip())
            return found[state] if state < len(found) else None

        readline.set_completer_delims("")
        readline.set_completer(complete)
        readline.parse_and_bind("tab: complete")

    def lines() -> Iterator[str]:
        while True:
            try:
                yield input(f"{table.where()} > ")
            except KeyboardInterrupt:
                print()
                continue
            except EOFError:
                return

    return "readline", lines()
