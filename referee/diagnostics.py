"""Diagnostics: a problem found in a record, where it is, and how to say it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .codes import CATALOG, Severity
from .engine.refusal import Refusal
from .notation.record import Span

__all__ = ["Diagnostic", "exit_status"]


class Diagnostic(BaseModel):
    """One problem: stable code, severity, words, place (file:line:col), hint."""

    model_config = ConfigDict(frozen=True)

    code: str
    severity: Severity
    message: str
    file: str | None = None
    at: Span | None = None
    hint: str | None = None
    game: int | None = None
    """1-based index of the game (record) in its file."""
    hand: int | None = None
    """1-based index of the hand in its game."""

    @classmethod
    def make(
        cls,
        code: str,
        message: str,
        at: Span | None = None,
        *,
        hint: str | None = None,
        file: str | None = None,
        game: int | None = None,
        hand: int | None = None,
    ) -> Diagnostic:
        return cls(code=code, severity=CATALOG[code].severity, message=message, at=at, hint=hint, file=file, game=game, hand=hand)

    @classmethod
    def of(cls, refusal: Refusal, at: Span | None, **where: int | str | None) -> Diagnostic:
        return cls.make(refusal.code, refusal.message, at, hint=refusal.hint, **where)  # type: ignore[arg-type]

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def is_syntax(self) -> bool:
        return CATALOG[self.code].syntax and self.is_error

    def location(self) -> str:
        where = self.file or "<record>"
        if self.at is not None:
            where += f":{self.at.line}:{self.at.column}"
        return where


def exit_status(diagnostics: list[Diagnostic]) -> int:
    """0 clean (warnings allowed), 1 rule errors, 2 syntax or usage errors."""
    if any(d.is_syntax for d in diagnostics):
        return 2
    if any(d.is_error for d in diagnostics):
        return 1
    return 0
