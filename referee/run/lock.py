"""One writer at a time for a record file: a lock file beside it.

Every command that rewrites a record in place takes this lock: ``referee live`` for as
long as its game is open, ``fmt``, ``fix`` and ``tag`` from the read of the file to
the rename of its new text (``cli/inplace.py``).  So a ``fmt`` of the league folder
never rewrites a game a table is keeping, and a table never loses an entry to a
``tag`` run meanwhile.

``game.42.lock`` holds an exclusive ``flock`` for as long as its holder has the file.
The kernel releases it when the process ends however it ends (a kill, a crash, a
closed terminal), so a lock left behind by a dead process is no lock: the next writer
takes it over.  The file names the process that holds it and its command, for the
message the next writer gives: a rewrite waits for another rewrite to finish, but
gives way at once to a game open in ``live`` (which may stay open all evening).

A lock file is removed when its holder lets it go.  Removing it opens a race that this
guards against: a writer that opened the old file just before its removal would lock
a file no longer there, while a third creates and locks a new one; so after taking
the lock, a writer checks that the path still names the file it locked, and tries
again when it does not.

>>> import tempfile, pathlib
>>> record = pathlib.Path(tempfile.mkdtemp()) / "game.42"
>>> with RecordLock.acquire(record, "live"):
...     RecordLock.acquire(record, "fmt")
Traceback (most recent call last):
...
referee.run.lock.Locked: ... is open in `referee live` (process ...); quit the game there first
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import time
from pathlib import Path

from .output import sync_directory

__all__ = ["LIVE", "Locked", "RecordLock", "lock_path"]

LIVE = "live"
"""The holder that keeps a game open: others give way to it at once instead of waiting."""

_POLL = 0.05


class Locked(Exception):
    """Another writer has the file (or the lock file cannot be made): the words say who."""

    def __init__(self, message: str, *, holder: str = "", unmade: bool = False) -> None:
        super().__init__(message)
        self.holder = holder
        """The command that holds the lock ('live', 'fmt'...), '' when not known."""
        self.unmade = unmade
        """The lock file could not be made (a read-only folder): nobody else can hold it either."""


def lock_path(record: str | Path) -> Path:
    """The lock file of a record: ``game.42.lock`` beside ``game.42`` (a symlink followed,
    so every name of one file shares its lock)."""
    real = Path(os.path.realpath(record))
    return real.with_name(real.name + ".lock")


class RecordLock:
    """The lock of one record, held from ``acquire`` to ``release``."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, record: str | Path, command: str, *, wait: float = 0.0) -> RecordLock:
        """Lock ``record`` for ``command`` of this process, waiting up to ``wait`` seconds for
        a writer other than ``live`` to finish; else raise ``Locked`` naming who holds it."""
        path = lock_path(record)
        deadline = time.monotonic() + wait
        races = 0
        while True:
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
            except OSError as e:
                raise Locked(f"cannot make the lock file {path}: {os.strerror(e.errno or errno.EIO).lower()}", unmade=True) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                pid, holder = _holder(fd)
                os.close(fd)
                if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise Locked(f"cannot lock {path}: {os.strerror(e.errno or errno.EIO).lower()}") from None
                if holder == LIVE or time.monotonic() >= deadline:
                    raise Locked(_busy(record, pid, holder, command), holder=holder) from None
                time.sleep(_POLL)  # another rewrite: it is over in a moment
                continue
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if not same:  # removed by the writer that held it, after this one opened it: take the new one
                os.close(fd)
                races += 1
                if races > 10:  # pragma: no cover - ten races in a row
                    raise Locked(f"cannot lock {path}: it keeps being replaced")
                continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()} {command}\n".encode())
            os.fsync(fd)
            sync_directory(path.parent)
            return cls(path, fd)

    def release(self) -> None:
        """Remove the lock file and let the lock go (a second call does nothing)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)  # while still locked: nobody can be holding the file it names
        os.close(fd)

    def __enter__(self) -> RecordLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _busy(record: str | Path, pid: str, command: str, mine: str) -> str:
    who = f" (process {pid})" if pid else ""
    if command == LIVE and mine == LIVE:
        return f"{record} is open in another `referee live`{who}; only one may referee a game at a time"
    if command == LIVE:
        return f"{record} is open in `referee live`{who}; quit the game there first"
    if command:
        return f"{record} is being rewritten by `referee {command}`{who}; try again when it is done"
    return f"{record} is being rewritten by another process{who}; try again when it is done"


def _holder(fd: int) -> tuple[str, str]:
    """The process id and the command the lock file names ('' for what it does not say)."""
    with contextlib.suppress(OSError, ValueError):
        words = os.pread(fd, 64, 0).decode("ascii").split()
        return (words[0] if words else "", words[1] if len(words) > 1 else "")
    return "", ""
