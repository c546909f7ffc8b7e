"""Where a match's games are kept, so that what it played is never lost and a killed match
can go on (``--resume``).

The records go to one file (``-O FILE``, canonical records one after another) or one file a
game (``--parts DIR``). Beside them, a **journal** (``FILE.journal``, or ``DIR/match.journal``)
says what the match is (its first line: the settings that decide its games) and, a line per
unit, the unit's game lines (``match_report.GameLine``) and how long the records file was once
the unit was written. A unit's records are written and synced before its journal line, so
the journal never names a game that is not written; a resumed match cuts the records back to
the last unit its journal names, reads the units' results back from it, and goes on from the
next unit. An exclusive lock on the journal keeps a second match from writing the same files.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from ..interchange.match_report import GameLine
from ..run.output import write_text

__all__ = ["MatchStore", "StoreError"]


class StoreError(Exception):
    """The records or journal cannot be used (a usage or I/O error: exit 2)."""


class MatchStore:
    """A match's records and journal. ``settings`` is what a resumed match must agree with."""

    def __init__(self, output: Path | None, parts: Path | None, settings: dict[str, Any]) -> None:
        self.output = output
        self.parts = parts
        self.settings = settings
        self.journal_path = output.with_name(output.name + ".journal") if output is not None else parts / "match.journal" if parts else None
        self._journal: IO[str] | None = None
        self._records: IO[str] | None = None
        self.size = 0

    @property
    def keeps(self) -> bool:
        return self.journal_path is not None

    def open(self, resume: bool) -> list[list[GameLine]]:
        """Lock and open the files; with ``resume``, the units already played (from the journal)."""
        if self.journal_path is None:
            if resume:
                raise StoreError("--resume needs the records of the match: give -O FILE or --parts DIR")
            return []
        if self.parts is not None:
            self.parts.mkdir(parents=True, exist_ok=True)
        path = self.journal_path
        existing = path.read_text(encoding="utf-8") if path.exists() else ""
        if existing and not resume:
            raise StoreError(f"{path} holds a match already: give --resume to go on with it, or write the match elsewhere")
        if not existing and self.output is not None and self.output.exists() and self.output.stat().st_size and not resume:
            raise StoreError(f"{self.output} exists and is not a match's records (no {path.name} beside it): write the match elsewhere")
        try:
            journal = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - kept open, closed by close()
        except OSError as e:
            raise StoreError(f"cannot write {path}: {e.strerror}") from None
        try:
            fcntl.flock(journal.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            journal.close()
            raise StoreError(f"another match is writing {path}") from None
        self._journal = journal
        done = self._read(existing) if existing else []
        journal.seek(0)
        journal.truncate()
        journal.write(json.dumps({"type": "match", "settings": self.settings}) + "\n")
        for lines, size in done:
            journal.write(_unit_line(lines, size))
        self._sync()
        units = [lines for lines, _ in done]
        self._cut(done[-1][1] if done else 0, units)
        return units

    def _read(self, text: str) -> list[tuple[list[GameLine], int]]:
        """The units the journal names, each with the records' size once it was written."""
        rows = text.splitlines()
        try:
            head = json.loads(rows[0])
        except (ValueError, IndexError):
            raise StoreError(f"{self.journal_path} is not a match's journal") from None
        if not isinstance(head, dict) or head.get("type") != "match":
            raise StoreError(f"{self.journal_path} is not a match's journal")
        differ = [k for k, v in self.settings.items() if k in head.get("settings", {}) and head["settings"][k] != v and k != "pairs"]
        if differ:
            raise StoreError(
                f"the match in {self.journal_path} was played with other settings ({', '.join(sorted(differ))}): resume it with the same ones"
            )
        done: list[tuple[list[GameLine], int]] = []
        for row in rows[1:]:
            try:
                entry = json.loads(row)
                done.append(([GameLine.model_validate(g) for g in entry["games"]], int(entry["bytes"])))
            except (ValueError, KeyError, TypeError, ValidationError):
                break  # a line cut short when the match was killed: the unit is played again
        return done

    def _cut(self, size: int, units: list[list[GameLine]]) -> None:
        """Records past the last unit of the journal (written when the match was killed) go."""
        if self.output is not None:
            try:
                records = open(self.output, "a+", encoding="utf-8")  # noqa: SIM115 - kept open, closed by close()
            except OSError as e:
                raise StoreError(f"cannot write {self.output}: {e.strerror}") from None
            if records.tell() < size:
                records.close()
                raise StoreError(f"{self.output} is shorter than its journal says: it was changed since the match wrote it")
            records.truncate(size)
            records.seek(size)
            self._records = records
            self.size = size
        elif self.parts is not None:
            kept = {g.game for lines in units for g in lines}
            for part in self.parts.glob("game-*.42"):
                number = part.stem.removeprefix("game-")
                if number.isdigit() and int(number) not in kept:
                    part.unlink()

    def write(self, lines: Sequence[GameLine], texts: Sequence[str]) -> None:
        """A unit's records, then its journal line."""
        if self._journal is None:
            return
        if self._records is not None:
            for text in texts:
                chunk = ("\n" if self.size else "") + text
                self._records.write(chunk)
                self.size += len(chunk.encode("utf-8"))
            self._records.flush()
            os.fsync(self._records.fileno())
        elif self.parts is not None:
            for line, text in zip(lines, texts, strict=True):
                write_text(self.parts / f"game-{line.game:05d}.42", text)
        self._journal.write(_unit_line(lines, self.size))
        self._sync()

    def _sync(self) -> None:
        assert self._journal is not None
        self._journal.flush()
        os.fsync(self._journal.fileno())

    def close(self) -> None:
        for stream in (self._records, self._journal):
            if stream is not None:
                stream.close()
        self._records = self._journal = None


def _unit_line(lines: Sequence[GameLine], size: int) -> str:
    return json.dumps({"type": "unit", "bytes": size, "games": [g.model_dump(mode="json") for g in lines]}) + "\n"
