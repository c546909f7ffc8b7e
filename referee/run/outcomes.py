"""What a batch command keeps of each judged record (``Outcome``), and the counts of its
closing summary line (``Totals``).

An outcome is small enough to send between processes: the record's place, its hands,
its diagnostics, and what the command's ``extract`` made of it in the worker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..diagnostics import Diagnostic
from ..judging.isolate import counts_as_game, extract_safely, read_fault
from ..judging.judged import Judged
from ..words import plural

__all__ = ["Extract", "Outcome", "Totals", "fault_outcome", "outcome_of"]

T = TypeVar("T")

Extract = Callable[[Judged], T]
"""What a command keeps of a judged record (run where the record is judged)."""


@dataclass(slots=True)
class Outcome(Generic[T]):
    """What a command needs of one judged record: small enough to send between processes."""

    file: str
    index: int
    hands: int | None
    """Hands in the record; None for a problem with the input and no record."""
    is_game: bool
    diagnostics: list[Diagnostic]
    data: T | None
    """What the command's ``extract`` made of the record (None without an ``extract``)."""


def outcome_of(j: Judged, extract: Extract[T] | None) -> Outcome[T]:
    """The outcome of a judged record (an ``extract`` that fails is an S016 on it)."""
    data, diagnostics = extract_safely(j, extract)
    if j.record is None:
        return Outcome(j.file, j.index, None, False, diagnostics, data)
    return Outcome(j.file, j.index, len(j.record.hands), counts_as_game(j), diagnostics, data)


def fault_outcome(name: str, index: int, error: Exception) -> Outcome[Any]:
    """The file-level outcome of a file whose reading failed (``judging.isolate.read_fault``):
    record ``index`` and those after it are not read."""
    return Outcome(name, index, None, False, [read_fault(name, error, index)], None)


@dataclass
class Totals:
    """Counts for the closing summary line."""

    files: int = 0
    skipped: int = 0
    """Files in the directories given that are not record files."""
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    notes: int = 0
    """Notes (``W103``, ``W106``...) are counted apart from warnings: they say what the
    referee did, not that something may be wrong."""
    status: int = 0
    per_file: dict[str, list[int]] = field(default_factory=dict)
    """Each file's games, hands, errors, warnings and notes."""

    def add_outcome(self, o: Outcome[Any]) -> None:
        self.count(o.file, o.hands, o.is_game, o.diagnostics)

    def count(self, file: str, hands: int | None, is_game: bool, diagnostics: list[Diagnostic]) -> None:
        """Add one record (``hands`` None: a problem with the input, no record)."""
        counts = self.per_file.setdefault(file, [0, 0, 0, 0, 0])
        if hands is not None:
            self.games += is_game
            self.hands += hands
            counts[0] += is_game
            counts[1] += hands
        for d in diagnostics:
            if d.is_error:
                self.errors += 1
                counts[2] += 1
            elif d.severity.value == "note":
                self.notes += 1
                counts[4] += 1
            else:
                self.warnings += 1
                counts[3] += 1
            self.status = max(self.status, d.code.exit_status)

    @property
    def exit_status(self) -> int:
        return self.status

    def summary(self) -> str:
        """``2 files, 1 game, 8 hands: 3 errors, 1 warning`` (``, 2 notes`` when there are any)."""
        files = plural(self.files, "file") + (f" ({self.skipped:,} skipped)" if self.skipped else "")
        return f"{files}, {plural(self.games, 'game')}, {plural(self.hands, 'hand')}: " + counted(self.errors, self.warnings, self.notes)


def counted(errors: int, warnings: int, notes: int) -> str:
    """``3 errors, 1 warning``, and the notes when there are any: the words of every summary."""
    return f"{plural(errors, 'error')}, {plural(warnings, 'warning')}" + (f", {plural(notes, 'note')}" if notes else "")
