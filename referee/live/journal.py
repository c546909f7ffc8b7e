"""The journal of a game at the table: every entry, refusal and undo, in JSON Lines,
on disk before the record is rewritten.

``game.42.journal`` sits beside ``game.42``.  Each line is one JSON object, written
whole and ``fsync``ed before the table answers, so a kill at any moment loses at most
the entry being typed:

- ``{"op": "open", ...}``: the game as it starts (or as it was found): its tags, its
  first dealer, whether the deals are entered, the games before it in the file
  (``prefix``), and the entries it holds already.
- ``{"op": "enter", "n": 17, "entry": "play E 6-4", "typed": "6-4"}``: an entry
  recorded, in the notation's canonical words, and the count of entries after it.
- ``{"op": "undo", "n": 16, "entry": "play E 6-4"}``: the last entry taken back.
- ``{"op": "refused", "typed": ..., "code": "E402", "message": ...}`` and
  ``{"op": "resume", "n": 16, ...}``: the director's audit trail; they change nothing.

A line cut short by a crash can only be the last (lines are appended): it is dropped
with a note, and the file cut back to the lines before it.  A damaged line anywhere
else is an error naming its line, and the journal is left as it is for a person to
look at.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..run.output import sync_directory

__all__ = ["JOURNAL_VERSION", "Journal", "JournalError", "Replayed", "journal_path", "read_journal", "replay"]

JOURNAL_VERSION = 1
OPS = ("open", "enter", "undo", "refused", "resume")


class JournalError(Exception):
    """A journal that cannot be read past a damaged line (``path:line: why``)."""


def journal_path(record: Path) -> Path:
    """The journal of a record: ``game.42.journal`` beside ``game.42``."""
    return record.with_name(record.name + ".journal")


@dataclass
class Replayed:
    """What a journal says the game is: its last ``open`` line, and the entries after it."""

    opened: dict[str, Any]
    entries: list[str] = field(default_factory=list)
    lines: int = 0
    """Lines read."""


def read_journal(path: Path) -> tuple[list[dict[str, Any]], int | None, list[str]]:
    """The journal's lines as objects, the byte length of its good part when a torn last
    line follows it (None: none), and notes for the user.  ``JournalError`` for a damaged
    line that is not the last."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], None, []
    except OSError as e:
        raise JournalError(f"cannot read {path}: {os.strerror(e.errno or 0).lower()}") from None
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # the part after the last newline: empty, or a line cut short
    out: list[dict[str, Any]] = []
    good = 0
    for number, raw in enumerate(complete, start=1):
        obj = _line(raw)
        if obj is None:
            if number == len(complete) and not tail:  # the last line, whole but unreadable: cut short by a crash
                return out, good, [f"{path}:{number}: the last line was cut short (the program stopped while writing it) and is dropped"]
            raise JournalError(f"{path}:{number}: damaged line, not a journal entry: {_show(raw)}")
        out.append(obj)
        good += len(raw) + 1
    if tail:
        return out, good, [f"{path}:{len(complete) + 1}: the last line was cut short (the program stopped while writing it) and is dropped"]
    return out, None, []


def _line(raw: bytes) -> dict[str, Any] | None:
    try:
        obj = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(obj, dict) or obj.get("op") not in OPS:
        return None
    return obj


def _show(raw: bytes) -> str:
    text = raw[:60].decode("utf-8", "backslashreplace")
    return repr(text + ("..." if len(raw) > 60 else ""))


def replay(path: Path, lines: list[dict[str, Any]]) -> Replayed | None:
    """The game the journal's lines describe (None: no ``open`` line yet).
    ``JournalError`` where a line does not follow from the ones before it."""
    state: Replayed | None = None
    for number, line in enumerate(lines, start=1):
        op = line["op"]
        try:
            if op == "open":
                state = Replayed(dict(line), [str(e) for e in line.get("entries", [])])
            elif state is None:
                raise ValueError("before the game was opened")
            elif op == "enter":
                state.entries.append(str(line["entry"]))
            elif op == "undo":
                if not state.entries or state.entries[-1] != line["entry"]:
                    raise ValueError(f"takes back {line['entry']!r}, which is not the last entry")
                state.entries.pop()
            if state is not None and "n" in line and line["n"] != len(state.entries):
                raise ValueError(f"counts {line['n']} entries where the lines before give {len(state.entries)}")
        except (KeyError, TypeError, ValueError) as e:
            why = f"no {e}" if isinstance(e, KeyError) else str(e)
            raise JournalError(f"{path}:{number}: a `{op}` line that does not follow from the lines before it: {why}") from None
        if state is not None:
            state.lines = number
    return state


class Journal:
    """A journal open for appending, each line on disk before ``append`` returns."""

    def __init__(self, path: Path, *, keep: int | None = None) -> None:
        """Open (or create) ``path``; ``keep`` cuts it back to that many bytes first (a
        torn last line dropped)."""
        self.path = path
        new = not path.exists()
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        if keep is not None:
            os.ftruncate(self._fd, keep)
            os.fsync(self._fd)
        if new:
            os.fsync(self._fd)
            sync_directory(path.parent)

    def append(self, op: str, **fields: Any) -> None:
        """Write one line (with the op, the journal's version and the time) and flush it to disk."""
        line = {"op": op, "v": JOURNAL_VERSION, "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), **fields}
        data = (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)

    def close(self) -> None:
        fd, self._fd = self._fd, -1
        if fd >= 0:
            os.close(fd)
