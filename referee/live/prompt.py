"""The interactive prompt of ``referee live``, with prompt_toolkit: tab completes the
entries open now and the commands, and the prompt says where the game stands.

Only ``referee live`` imports this module (prompt_toolkit takes a tenth of a second to
load, which no other command should pay).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from .complete import candidates

if TYPE_CHECKING:
    from .table import Table

__all__ = ["prompt_lines"]


class _Entries(Completer):
    """Completes what is typed so far to an entry open now or a command."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor.lstrip()
        for word in candidates(self.table, typed):
            yield Completion(word, start_position=-len(typed))


def prompt_lines(table: Table) -> tuple[str, Iterator[str]]:
    """The lines typed at the prompt, until end of input (Ctrl-D); Ctrl-C drops the line
    being typed."""
    prompt: PromptSession[str] = PromptSession(completer=_Entries(table), complete_while_typing=False)

    def lines() -> Iterator[str]:
        while True:
            try:
                yield prompt.prompt(f"{table.where()} > ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                return

    return "prompt_toolkit", lines()
