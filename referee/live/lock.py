"""One ``referee live`` per game: a lock file beside the record.

``game.42.lock`` holds an exclusive ``flock`` for as long as a table has the game open.
The kernel releases it when the process ends however it ends (a kill, a crash, a
closed terminal), so a lock left behind by a dead process is no lock: the next
``live`` takes it over.  The file names the process that holds it, for the message
the second ``live`` gives.

A lock file is removed when its table closes.  Removing it opens a race that this
guards against: a second ``live`` that opened the old file just before its removal
would lock a file no longer there, while a third creates and locks a new one; so after
taking the lock, a table checks that the path still names the file it locked, and
tries again when it does not.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from pathlib import Path

__all__ = ["GameLock", "Locked", "lock_path", "sync_directory"]


class Locked(Exception):
    """Another ``referee live`` has the game open (or the lock file cannot be made)."""


def lock_path(record: Path) -> Path:
    """The lock file of a record: ``game.42.lock`` beside ``game.42``."""
    return record.with_name(record.name + ".lock")


def sync_directory(directory: Path) -> None:
    """Make a file's creation (or removal) in ``directory`` durable (best effort: not every
    file system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class GameLock:
    """The lock of one record, held from ``acquire`` to ``release``."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, record: Path) -> GameLock:
        """Lock ``record`` for this process, or raise ``Locked`` naming who holds it."""
        path = lock_path(record)
        for _ in range(10):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as e:
                raise Locked(f"cannot make the lock file {path}: {os.strerror(e.errno or errno.EIO).lower()}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                holder = _holder(fd)
                os.close(fd)
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    who = f" (process {holder})" if holder else ""
                    raise Locked(f"{record} is open in another `referee live`{who}; only one may referee a game at a time") from None
                raise Locked(f"cannot lock {path}: {os.strerror(e.errno or errno.EIO).lower()}") from None
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if not same:  # removed by the table that held it, after this one opened it: take the new one
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            os.fsync(fd)
            sync_directory(path.parent)
            return cls(path, fd)
        raise Locked(f"cannot lock {path}: it keeps being replaced")  # pragma: no cover - ten races in a row

    def release(self) -> None:
        """Remove the lock file and let the lock go (a second call does nothing)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)  # while still locked: nobody can be holding the file it names
        os.close(fd)

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _holder(fd: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        return os.pread(fd, 32, 0).decode("ascii").strip()
    return ""
