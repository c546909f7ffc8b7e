"""The rich console every command prints through on a terminal: data shown as data
(``report.escaping`` says how every output escapes it).  ``report.plain.PlainConsole``
stands for it where the output is no terminal."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import rich.console
from rich.segment import Segment
from rich.text import Text

from .controls import CONTROLS, visible

__all__ = ["Console"]


class Console(rich.console.Console):
    """A rich console that shows data as data: markup only where a call asks for it, and
    control characters as escapes (see the module's docstring).

    >>> import io
    >>> c = Console(file=io.StringIO(), width=60, color_system=None)
    >>> c.print("[b]Ann[/b] \\x1b[2J")
    >>> c.file.getvalue()
    '[b]Ann[/b] \\\\x1b[2J\\n'
    """

    def __init__(self, *args: Any, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, markup=markup, **kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """Every string printed, put in a table or measured becomes text here: escaped
        before it is measured, so tables keep their width."""
        return super().render_str(visible(text), **kwargs)

    def render(self, renderable: rich.console.RenderableType, options: rich.console.ConsoleOptions | None = None) -> Iterable[Segment]:
        """What ``render_str`` did not see (a ``Text`` built from data) is escaped as it is drawn."""
        for segment in super().render(renderable, options):
            if segment.control is None and CONTROLS.search(segment.text):
                yield Segment(visible(segment.text), segment.style)
            else:
                yield segment
