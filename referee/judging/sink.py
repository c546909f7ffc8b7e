"""Where the judge puts what it finds: each diagnostic with its file, record and hand.

The replay, the hand judge, the rulings and the labels all report through one
``Sink``; none of them needs another to say what it found, so none keeps a
reference to another (a record's objects are then freed by reference counting,
without the cycle collector).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..codes import Code
from ..diagnostics import Diagnostic
from ..engine.refusal import Refusal
from ..source import Span

__all__ = ["Sink"]


@dataclass
class Sink:
    """Collects diagnostics with the file, record and hand they belong to."""

    file: str | None
    game: int | None
    hand: int | None = None
    out: list[Diagnostic] = field(default_factory=list)

    def add(self, code: Code, message: str, at: Span | None, hint: str | None = None) -> None:
        self.out.append(Diagnostic(code, message, at, hint, self.file, self.game, self.hand))

    def refusal(self, r: Refusal, at: Span | None) -> None:
        self.add(r.code, r.message, at, r.hint)
