"""From paths to judged records: the one loop that check, score and convert share."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostic
from .notation.reader import read_path, read_stream
from .record import GameRecord
from .replay import Referee
from .verdict import GameVerdict

__all__ = ["EXTENSIONS", "Judged", "Totals", "UsageError", "expand_paths", "judge_paths"]

EXTENSIONS = (".42",)
"""Record files found when a directory is given."""


class UsageError(Exception):
    """A bad command line: missing file, nothing to read (exit status 2)."""


@dataclass(slots=True)
class Judged:
    """One record of one file, with every diagnostic found for it."""

    file: str
    index: int
    record: GameRecord | None
    verdict: GameVerdict | None
    diagnostics: list[Diagnostic]


@dataclass
class Totals:
    """Counts for the closing summary line."""

    files: int = 0
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    syntax: bool = False
    per_file: dict[str, list[int]] = field(default_factory=dict)

    def add(self, j: Judged) -> None:
        counts = self.per_file.setdefault(j.file, [0, 0, 0, 0])
        if j.record is not None:
            hands = len(j.record.hands)
            is_game = j.verdict is None or j.verdict.mode == "game"
            self.games += is_game
            self.hands += hands
            counts[0] += is_game
            counts[1] += hands
        for d in j.diagnostics:
            if d.is_error:
                self.errors += 1
                counts[2] += 1
                self.syntax = self.syntax or d.is_syntax
            else:
                self.warnings += 1
                counts[3] += 1

    @property
    def exit_status(self) -> int:
        return 2 if self.syntax else 1 if self.errors else 0

    def summary(self) -> str:
        return (
            f"{_n(self.files, 'file')}, {_n(self.games, 'game')}, {_n(self.hands, 'hand')}: "
            f"{_n(self.errors, 'error')}, {_n(self.warnings, 'warning')}"
        )


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def expand_paths(paths: Iterable[str], extensions: tuple[str, ...] = EXTENSIONS) -> list[str]:
    """Files as given, directories searched recursively by extension, '-' for stdin."""
    out: list[str] = []
    for p in paths:
        if p == "-":
            out.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            found = sorted(str(f) for f in path.rglob("*") if f.is_file() and f.suffix in extensions)
            if not found:
                raise UsageError(f"{p}: no record files ({', '.join(extensions)}) in this directory")
            out.extend(found)
        elif path.is_file():
            out.append(p)
        else:
            raise UsageError(f"{p}: no such file or directory")
    return out


def judge_file(name: str, referee: Referee) -> Iterator[Judged]:
    """Read one file (or stdin) record by record and judge each record."""
    results = read_stream(_stdin_lines(), "<stdin>") if name == "-" else read_path(name)
    display = "<stdin>" if name == "-" else name
    for i, rr in enumerate(results, start=1):
        diagnostics = list(rr.diagnostics)
        verdict = None
        if rr.record is not None:
            verdict = referee.judge(rr.record, file=display, game_index=i)
            diagnostics.extend(verdict.diagnostics)
        yield Judged(display, i, rr.record, verdict, diagnostics)


STDIN_LINES: list[str] = []
"""Lines read from stdin, kept so that diagnostics can quote them."""


def _stdin_lines() -> Iterator[str]:
    for line in sys.stdin:
        STDIN_LINES.append(line)
        yield line


def judge_paths(paths: list[str], referee: Referee) -> Iterator[Judged]:
    for name in paths:
        yield from judge_file(name, referee)
