"""Where the judge puts what it finds: each diagnostic with its file, record and hand.

The replay, the hand judge, the rulings and the labels all report through one
``Sink``; none of them needs another to say what it found, so none keeps a
reference to another (a record's objects are then freed by reference counting,
without the cycle collector).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import codes
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

    def not_followed(self, number: int, at: Span | None, *, log: bool) -> None:
        """The note that hand ``number`` is not followed past an error, naming the error
        (the last one this hand reported), and what is lost with it."""
        after = "its score is not computed" if log else "its score and the running score after it are not checked"
        cause = next((d.code for d in reversed(self.out) if d.is_error and d.hand == number), None)
        past = f"{cause} ({cause.summary})" if cause is not None else "this error"
        self.add(codes.W103, f"hand {number} cannot be followed past {past}; {after}", at)
