"""Editing a record file in place (``fmt``, ``fix``): one editor at a time, and never over
a change made meanwhile.

``fmt`` and ``fix`` read a file, work out its new text and replace it (atomically:
``output.atomic_write``).  Two of them on one file at once (a ``fix`` started while a
``fmt`` of the league directory runs, two terminals, a cron job) would each write what
they made of the text they read, and the second rename would silently undo the first
one's change; a person saving the file in an editor meanwhile would lose their edit.

``editing`` holds an exclusive ``flock`` on the file from the read to the rename, so a
second ``fmt`` or ``fix`` waits (up to ``LOCK_WAIT`` seconds, then says the file is
busy) and then reads what the first one wrote: the file ends as the two changes made
one after the other.  The lock is taken on the file itself (no lock file is left
behind); since the rename puts a new file in its place, a waiting editor that gets the
lock of a file no longer there takes the lock of the new one.  A program that does not
lock (an editor) is caught by a compare-and-swap: just before the rename, the file must
still be the one that was read (device, inode, size and modification time), or it is
left as it is now and the command says so (exit status 2).
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..run.output import WriteError, write_text

__all__ = ["LOCK_WAIT", "Editing", "editing"]

LOCK_WAIT = 60.0
"""Seconds to wait for another ``fmt`` or ``fix`` to finish with the file."""

_POLL = 0.05


def _identity(info: os.stat_result) -> tuple[int, int, int, int]:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


@dataclass
class Editing:
    """A file read under its lock: its bytes, and ``replace`` to write its new text."""

    name: str
    path: str
    """The file itself (a symlink resolved: the link stays a link)."""
    data: bytes
    read_as: tuple[int, int, int, int] | None
    """Device, inode, size and modification time when read (None: not a regular file, not locked)."""

    def replace(self, text: str, *, encoding: str = "utf-8") -> None:
        """Write ``text`` over the file in ``encoding``, unless it changed since it was read
        (a ``WriteError``)."""
        write_text(self.name, text, encoding=encoding, before_replace=self._unchanged)

    def _unchanged(self) -> None:
        if self.read_as is None:
            return
        try:
            now: tuple[int, int, int, int] | None = _identity(os.stat(self.path))
        except FileNotFoundError:
            now = None
        if now != self.read_as:
            raise WriteError(
                self.name, OSError(errno.EAGAIN, "it changed while it was being rewritten; it is left as it is now, run the command again")
            )


@contextmanager
def editing(name: str, *, wait: float | None = None) -> Iterator[Editing]:
    """``name`` read whole under an exclusive lock held until the block ends.

    Raises ``OSError`` when the file cannot be opened or read (as ``open`` would), and a
    ``WriteError`` when another process keeps it locked for ``wait`` seconds (by default
    ``LOCK_WAIT``, read when called).
    """
    path = os.path.realpath(name)
    deadline = time.monotonic() + (LOCK_WAIT if wait is None else wait)
    while True:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # a FIFO or a device: nothing to lock, nothing is replaced
                yield Editing(name, path, _read(fd), None)
                return
            _lock(fd, name, deadline)
            try:
                current = os.stat(path)
            except FileNotFoundError:
                continue  # renamed away while this one waited: the new file is locked next time round
            if (current.st_dev, current.st_ino) != (info.st_dev, info.st_ino):
                continue  # another editor replaced it while this one waited: lock the new file
            data = _read(fd)
            yield Editing(name, path, data, _identity(os.fstat(fd)))
            return
        finally:
            os.close(fd)  # the lock goes with it


def _lock(fd: int, name: str, deadline: float) -> None:
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise WriteError(
                    name, OSError(errno.EWOULDBLOCK, "another process is rewriting it (fmt or fix); try again when it is done")
                ) from None
            time.sleep(_POLL)


def _read(fd: int) -> bytes:
    parts = []
    while chunk := os.read(fd, 1 << 20):
        parts.append(chunk)
    return b"".join(parts)
