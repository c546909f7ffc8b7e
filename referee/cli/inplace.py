"""Editing a record file in place (``fmt``, ``fix``, ``tag``): one writer at a time, and
never over a change made meanwhile.

These commands read a file, work out its new text and replace it (atomically:
``output.atomic_write``).  Two of them on one file at once (a ``fix`` started while a
``fmt`` of the league directory runs, two terminals, a cron job) would each write what
they made of the text they read, and the second rename would silently undo the first
one's change; a game kept open in ``referee live`` would lose its next entry.

``editing`` holds the record's lock (``run/lock.py``, the one ``referee live`` holds
while its game is open) from the read to the rename, so a second ``fmt``, ``fix`` or
``tag`` waits (up to ``LOCK_WAIT`` seconds, then says the file is busy) and then reads
what the first one wrote: the file ends as the two changes made one after the other.
A file open in ``referee live`` is not waited for: the command says so and leaves it
alone (exit status 2).  A program that does not lock (an editor) is caught by a
compare-and-swap: just before the rename, the file must still be the one that was read
(device, inode, size and modification time), or it is left as it is now and the
command says so (exit status 2).

``read_each`` is the loop the three commands share: each file read once, under its
lock when it is to be rewritten, the lock held until the next file is asked for.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass

from ..run.lock import Locked, RecordLock
from ..run.output import WriteError, write_text

__all__ = ["LOCK_WAIT", "Editing", "Read", "editing", "read_each"]

LOCK_WAIT = 60.0
"""Seconds to wait for another ``fmt``, ``fix`` or ``tag`` to finish with the file."""


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
def editing(name: str, *, command: str = "fmt", wait: float | None = None) -> Iterator[Editing]:
    """``name`` read whole under the record's lock (for ``command``), held until the block ends.

    Raises ``OSError`` when the file cannot be opened or read (as ``open`` would), and a
    ``WriteError`` when it is open in ``referee live``, or another writer keeps it for
    ``wait`` seconds (by default ``LOCK_WAIT``, read when called).
    """
    path = os.path.realpath(name)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or a device: nothing to lock, nothing is replaced
            yield Editing(name, path, _read(fd), None)
            return
    finally:
        os.close(fd)
    try:
        lock: RecordLock | nullcontext[None] = RecordLock.acquire(path, command, wait=LOCK_WAIT if wait is None else wait)
    except Locked as e:
        if not e.unmade:
            raise WriteError(name, OSError(errno.EWOULDBLOCK, _why(e, name))) from None
        lock = nullcontext()  # a folder nobody can make a lock file in: nobody can rewrite the file either (its write says why)
    with lock:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))  # under the lock: what the last writer left
        try:
            data = _read(fd)
            yield Editing(name, path, data, _identity(os.fstat(fd)))
        finally:
            os.close(fd)


def _why(e: Locked, name: str) -> str:
    """The lock's words without the file's name (``WriteError`` names it)."""
    return str(e).removeprefix(os.path.realpath(name)).removeprefix(name).lstrip(": ") or str(e)


@dataclass
class Read:
    """One file of ``read_each``: its bytes and its editor (None when not rewritten in place),
    or why it could not be read (``error``: an ``OSError``, or a ``WriteError`` for a busy file)."""

    name: str
    data: bytes = b""
    edit: Editing | None = None
    error: OSError | WriteError | None = None


def read_each(names: Iterable[str], *, in_place: bool, command: str) -> Iterator[Read]:
    """Each file of ``names`` read once, as bytes (standard input and FIFOs cannot be read
    twice); a file to be rewritten in place (``in_place``, not standard input) is read under
    its lock, held until the next file is asked for or the loop ends."""
    from ..run.inputs import STDIN, input_bytes

    with ExitStack() as held:
        for name in names:
            held.close()
            try:
                if name == STDIN or not in_place:
                    yield Read(name, input_bytes(name))
                else:
                    edit = held.enter_context(editing(name, command=command))
                    yield Read(name, edit.data, edit)
            except (OSError, WriteError) as e:  # no permission, or another writer has it: the others go on
                yield Read(name, error=e)


def _read(fd: int) -> bytes:
    parts = []
    while chunk := os.read(fd, 1 << 20):
        parts.append(chunk)
    return b"".join(parts)
