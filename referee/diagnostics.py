"""Diagnostics: a problem found in a record, where it is, and how to say it.

A diagnostic is made where the problem is found, with its place as offsets into the
record's text (``span``); ``resolve`` turns them into a line and column, and keeps
the line to quote, once the record is judged and before its text is let go.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .codes import Code, Severity
from .source import Position, Source, Span

__all__ = ["Diagnostic", "exit_status"]


@dataclass(slots=True)
class Diagnostic:
    """One problem: stable code, words, place (file:line:col), hint, and which record
    (``game``: its 1-based place in the file) and hand (the hand's written number, else
    its place) it concerns.

    >>> from referee import codes
    >>> from referee.source import Segment, Source
    >>> d = Diagnostic(codes.E404, "E reneged", span=(12, 15), file="x.42")
    >>> d.resolve(Source("x.42", [Segment(0, 1, "hand 1\\n  play N 6-1\\n")])).location()
    'x.42:2:6'
    """

    code: Code
    message: str
    span: Span | None = None
    """Offsets into the record's source, until resolved."""
    hint: str | None = None
    file: str | None = None
    game: int | None = None
    hand: int | None = None
    at: Position | None = None
    """Line and column, once resolved."""
    line_text: str | None = None
    """The source line ``at`` starts on, to quote."""

    @property
    def severity(self) -> Severity:
        return self.code.severity

    @property
    def is_error(self) -> bool:
        return self.code.severity is Severity.ERROR

    @property
    def is_syntax(self) -> bool:
        return self.code.syntax and self.is_error

    def resolve(self, source: Source | None) -> Diagnostic:
        """Line and column of ``span`` in ``source`` (and the line to quote); a copy."""
        if self.span is None or source is None or self.at is not None:
            return self
        at = source.span(self.span)
        return replace(self, at=at, line_text=source.line_text(at.line))

    def data(self) -> dict[str, Any]:
        """The diagnostic as JSON data (the shape ``referee schema`` publishes as
        ``Diagnostic``): ``check --format json`` lines and the verdicts of ``convert``."""
        at = self.at
        return {
            "code": str(self.code),
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "at": None if at is None else {"line": at.line, "column": at.column, "end_line": at.end_line, "end_column": at.end_column},
            "hint": self.hint,
            "game": self.game,
            "hand": self.hand,
        }

    def location(self) -> str:
        where = self.file or "<record>"
        if self.at is not None:
            where += f":{self.at.line}:{self.at.column}"
        return where


def exit_status(diagnostics: list[Diagnostic]) -> int:
    """0 clean (warnings allowed), 1 rule errors, 2 syntax or usage errors."""
    return max((d.code.exit_status for d in diagnostics), default=0)


def reason(error: OSError) -> str:
    """``error`` in the words of the tool's other messages: "no space left on device"."""
    text = error.strerror or str(error) or type(error).__name__
    return text[:1].lower() + text[1:]
