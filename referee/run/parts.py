"""``--parts DIR``: a command's output as ordered files ``DIR/part-00000``, ``part-00001``, ...

A run over hundreds of millions of hands writes more than one file comfortably holds,
and the tools that take such output (Dask's ``read_text``, Spark, a shell loop) read
a directory of parts in name order.  Concatenated in that order the parts are,
byte for byte, what ``-O FILE`` would hold.  A part ends only at a record boundary
(the command calls ``boundary()`` after each record's output) once it holds about
``PART_BYTES``, so no record's lines are split between two parts; the parts are
written as the records arrive, so nothing holds the whole output.

Like ``-O`` (``output.atomic_write``) the directory appears whole or not at all: the
parts are written into a hidden directory beside it, each one flushed to disk, and
that directory is renamed to DIR at the end; a run that fails or is stopped leaves
nothing behind.  DIR must not exist or be empty: parts of an earlier, longer run
would otherwise stay behind and join the output.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TextIO, cast

from .output import GuardedStream, WriteError

__all__ = ["PART_BYTES", "PartWriter", "part_name", "write_parts"]

PART_BYTES = 64 * 2**20
"""About how much a part holds before the next record starts a new one (counted in characters)."""


def part_name(n: int) -> str:
    """``part-00000`` to ``part-99999``, then wider names that still sort after them, so that
    name order is part order however many parts there are: past each width's last
    value, the next part's name is that last value followed by a number one digit wider
    (``part-99999000000`` for the 100,001st part), and a prefix sorts before what extends it.

    >>> [part_name(n) for n in (0, 99_999, 100_000, 1_099_999, 1_100_000)]
    ['part-00000', 'part-99999', 'part-99999000000', 'part-99999999999', 'part-999999999990000000']
    """
    prefix, width, first = "", 5, 0
    while n - first >= 10**width:  # past this width: its last value, then one digit more
        prefix += "9" * width
        first += 10**width
        width += 1
    return f"part-{prefix}{n - first:0{width}d}"


class PartWriter:
    """A text stream whose text goes to one part after another."""

    encoding = "utf-8"

    def __init__(self, folder: Path, shown: str, part_bytes: int) -> None:
        self.folder = folder
        self.shown = shown
        self.part_bytes = part_bytes
        self.parts = 0
        self.size = 0
        self.full = False
        self.raw: TextIO | None = None
        self.stream: GuardedStream | None = None

    def _next(self) -> GuardedStream:
        self._close()
        name = part_name(self.parts)
        try:
            self.raw = open(self.folder / name, "w", encoding=self.encoding, newline="")  # noqa: SIM115 - closed in _close
        except OSError as e:
            raise WriteError(f"{self.shown}/{name}", e) from None
        self.stream = GuardedStream(self.raw, f"{self.shown}/{name}")
        self.parts += 1
        self.size = 0
        self.full = False
        return self.stream

    def write(self, text: str) -> int:
        if not text:
            return 0
        stream = self.stream if self.stream is not None and not self.full else self._next()
        self.size += len(text)
        return stream.write(text)

    def boundary(self) -> None:
        """A record's output is complete: the next one starts a new part if this one is full."""
        if self.size >= self.part_bytes:
            self.full = True

    def flush(self) -> None:
        if self.stream is not None:
            self.stream.flush()

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def _close(self) -> None:
        """Put the current part on disk and close it."""
        if self.raw is None or self.stream is None:
            return
        raw, stream = self.raw, self.stream
        self.raw = self.stream = None
        try:
            stream.flush()
            raw.flush()
            os.fsync(raw.fileno())
            raw.close()
        except OSError as e:
            with suppress(OSError):
                raw.close()
            raise WriteError(stream.target, e) from None

    def finish(self) -> None:
        """Close the last part (an empty ``part-00000`` if nothing was written)."""
        if self.parts == 0:
            self._next()
        self._close()

    def abandon(self) -> None:
        """Close the current part without keeping it (the run failed)."""
        if self.raw is not None:
            with suppress(OSError):
                self.raw.close()
        self.raw = self.stream = None

    def as_text_io(self) -> TextIO:
        """This writer where a ``TextIO`` is expected (a console's file, ``csv.writer``)."""
        return cast(TextIO, self)


def _check_target(target: Path, shown: str) -> None:
    """DIR must be new or an empty directory (its parent must exist)."""
    if target.is_dir():
        if any(target.iterdir()):
            raise WriteError(shown, OSError(errno.ENOTEMPTY, "the directory is not empty (give a new or empty one)"))
    elif target.exists() or target.is_symlink():
        raise WriteError(shown, OSError(errno.ENOTDIR, "it exists and is not a directory"))


@contextmanager
def write_parts(directory: str | Path, *, part_bytes: int | None = None) -> Iterator[PartWriter]:
    """A ``PartWriter`` whose parts appear as ``directory`` once all of them are on disk."""
    shown = str(directory)
    target = Path(directory)
    _check_target(target, shown)
    import tempfile  # here, not at the top: only --parts needs it (start-up)

    try:
        temp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    except OSError as e:
        raise WriteError(shown, e) from None
    writer = PartWriter(temp, shown, part_bytes if part_bytes is not None else PART_BYTES)
    try:
        yield writer
        writer.finish()
        try:
            mask = os.umask(0o022)
            os.umask(mask)
            os.chmod(temp, 0o777 & ~mask)
            os.rename(temp, target)  # onto a missing or empty directory: all the parts appear at once
        except OSError as e:
            raise WriteError(shown, e) from None
    except BaseException:
        writer.abandon()
        shutil.rmtree(temp, ignore_errors=True)
        raise
    with suppress(OSError):  # make the rename durable (best effort, as output.atomic_write does)
        fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
