"""A console for output that is no terminal, which writes plain text without loading rich.

Where its output is not a terminal (a pipe, a file, ``-O``) and nothing asks for colour, a
console of ``report.console`` writes each line of text as it is, its control characters
made ``visible``: no colour, no wrapping (``soft_wrap``), no markup unless a call asks for
it.  ``PlainConsole`` writes exactly that for the common call (strings, no tab, no other
option), and hands every other call, and every other attribute, to such a console, made
the first time one is needed.  ``check -q`` and ``convert`` into a pipe then never load
rich (about a tenth of their start-up); ``tests/report/test_plain.py`` holds both ways of
printing equal on any text.

>>> import io
>>> out = PlainConsole(file=io.StringIO())
>>> out.print("Ann\\x1b[2J", "[b]Bob[/b]")
>>> out.print()
>>> out.file.getvalue()
'Ann\\\\x1b[2J [b]Bob[/b]\\n\\n'
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from .controls import visible

if TYPE_CHECKING:
    from .console import Console

__all__ = ["PlainConsole", "plain_for"]

_RICH_TERMINAL = ("FORCE_COLOR", "TTY_COMPATIBLE")
"""rich's documented environment variables that may make it treat a file or a pipe as a
terminal (colour, cursor codes): with either set, output goes through rich itself."""

_DEFAULTS = {"highlight": False, "markup": False, "emoji": False, "soft_wrap": True}
"""Options a call may give to ``print`` that ask for nothing the console does not already
do (they are the console's own settings)."""


def plain_for(file: TextIO | None, *, stderr: bool = False) -> bool:
    """Whether a soft-wrapping console of ``file`` (by default standard output or error)
    writes plain text: not a terminal, and no colour asked for through the environment."""
    stream = file if file is not None else sys.stderr if stderr else sys.stdout
    if stream is None or any(name in os.environ for name in _RICH_TERMINAL):
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is not None and not isatty()
    except ValueError:  # a closed stream: rich then takes it for no terminal, and says what is wrong when written
        return False


class PlainConsole:
    """The soft-wrapping console of a stream that is no terminal (see the module's docstring):
    ``Console(file=file, stderr=stderr, highlight=False, emoji=False, soft_wrap=True)``."""

    __slots__ = ("_file", "_rich", "_stderr")

    def __init__(self, *, file: TextIO | None = None, stderr: bool = False) -> None:
        self._file = file
        self._stderr = stderr
        self._rich: Console | None = None

    @property
    def file(self) -> TextIO:
        """Where it writes: ``file``, or standard output or error as they are at each print."""
        return self._file if self._file is not None else sys.stderr if self._stderr else sys.stdout

    @property
    def rich(self) -> Console:
        """The console of ``report.console`` this one stands for, made when first needed."""
        if self._rich is None:
            from .console import Console

            self._rich = Console(file=self._file, stderr=self._stderr, highlight=False, emoji=False, soft_wrap=True)
        return self._rich

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", **options: Any) -> None:
        """``Console.print``: plain strings written here, anything else by rich."""
        # a separator of printable text: rich drops some control characters of a separator
        # (a backspace, a carriage return) where ``visible`` shows them
        if (
            sep.isprintable()
            and all(type(o) is str for o in objects)
            and all(v is None or _DEFAULTS.get(k) is v for k, v in options.items())
        ):
            text = sep.join(objects) + end
            if "\t" not in text:  # rich turns a tab into spaces, by the width of what comes before it
                file = self.file
                file.write(visible(text))
                file.flush()
                return
        self.rich.print(*objects, sep=sep, end=end, **options)

    def __getattr__(self, name: str) -> Any:
        """Every other attribute is the rich console's."""
        return getattr(self.rich, name)
