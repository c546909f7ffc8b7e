"""Output that fails cleanly: atomic file writes, and streams whose failures have words.

``fmt`` rewrites users' record files in place, and ``-O FILE`` may name a file
that already holds something.  Opening such a file with ``open(name, "w")``
empties it first, so a SIGKILL, Ctrl-C or a full disk during the write loses the
original (reliability review D1).  ``atomic_write`` writes a temporary file
beside the target, flushes and ``fsync``s it, gives it the original's mode, and
only then renames it over the target: readers see the old file or the new one,
never a mix, and on any failure the temporary file is removed.

A write that fails (a full disk, a read-only file, an I/O error) is raised as a
``WriteError`` whose text is what the user reads ("cannot write big.42:
permission denied"); the commands turn it into that message and exit status 2
(``referee.cli.guard``).  A reader that went away (a broken pipe, as in
``referee check x | head -1``) is not a failure: the stream goes quiet.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TextIO, cast

from ..diagnostics import reason

__all__ = ["GuardedStream", "WriteError", "atomic_write", "reason", "sync_directory", "write_text"]


class WriteError(Exception):
    """Output that could not be written: where, and the operating system's reason."""

    def __init__(self, target: str, error: OSError) -> None:
        self.target = target
        self.error = error
        self.reported = False
        """Said to the user already (a command's guard inside the console script's)."""
        from .inputs import named

        super().__init__(f"cannot write {named(target)}: {reason(error)}")


class GuardedStream:
    """A text stream whose write failures are ``WriteError``s naming the output.

    A broken pipe is not a failure but the reader saying "enough": the stream
    sets ``gone`` and drops everything written after it.  A standard stream
    (``standard=True``) that failed is also pointed at ``/dev/null``, Python's
    documented recipe, so that the interpreter's last flush of what is still
    buffered neither fails again nor prints a traceback.
    """

    def __init__(self, stream: TextIO, target: str, *, standard: bool = False) -> None:
        self.stream = stream
        self.target = target
        self.standard = standard
        self.gone = False
        """The reader closed the pipe: nothing more will be written."""
        self.failure: WriteError | None = None
        """The first write that failed.  It is also raised, but kept in case a library
        swallowed it (click's ``echo`` probes a stream with a write it catches)."""

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # a text stream, as click's probe for binary streams expects
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if text and not self.gone and self.failure is None:
            try:
                try:
                    self.stream.write(text)
                except UnicodeEncodeError:  # a terminal or PYTHONIOENCODING that cannot show a character: \uff16
                    encoding = getattr(self.stream, "encoding", None) or "utf-8"
                    self.stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
            except OSError as e:
                self._failed(e)
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self.failure is not None:
            raise self.failure
        if not self.gone:
            try:
                self.stream.flush()
            except OSError as e:
                self._failed(e)

    def _failed(self, error: OSError) -> None:
        if self.standard:
            self._to_devnull()
        if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
            self.gone = True
            return
        self.failure = WriteError(self.target, error)
        raise self.failure from None

    def _to_devnull(self) -> None:
        with suppress(OSError, ValueError, AttributeError):  # no descriptor (an in-memory stream): nothing to redirect
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)

    def __getattr__(self, name: str) -> Any:
        """Everything else (``isatty``, ``fileno``, ``encoding``, ...) is the stream's own."""
        return getattr(self.stream, name)

    def as_text_io(self) -> TextIO:
        """This stream where a ``TextIO`` is expected (``sys.stdout``, a console's file)."""
        return cast(TextIO, self)


def _umask() -> int:
    """The process's umask (a new file gets ``0o666 & ~umask``, as ``open`` would give it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextmanager
def atomic_write(path: str | Path, *, encoding: str = "utf-8", before_replace: Callable[[], None] | None = None) -> Iterator[TextIO]:
    """A text stream whose content replaces ``path`` only once all of it is safely on disk.

    A symlink is resolved so that the link stays a link and its target is
    rewritten.  A file the user may not write (a read-only ``fmt`` target) is
    refused even where the directory would let a rename through, because the mode
    says "do not change this".  A path that exists but is not a regular file
    (``/dev/null``, ``/dev/full``, a FIFO) is written directly: it cannot be
    replaced, and its failures are still reported.  Only the stream's own
    failures become ``WriteError``s; whatever else the caller's block raises
    passes through (and the target is left as it was).  ``before_replace`` runs
    once the new text is on disk, just before the rename: raising there leaves the
    target as it is (``fmt`` checks that nobody changed the file meanwhile).
    """
    shown = str(path)
    target = Path(os.path.realpath(path))
    try:
        info: os.stat_result | None = target.stat()
    except FileNotFoundError:
        info = None
    except OSError as e:
        raise WriteError(shown, e) from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        with _direct(target, shown, encoding) as stream:
            yield stream
        return
    if info is not None and not os.access(target, os.W_OK):
        raise WriteError(shown, PermissionError(errno.EACCES, os.strerror(errno.EACCES), shown))
    try:
        import tempfile  # here, not at the top: only -O and the rewriting commands need it (start-up)

        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise WriteError(shown, e) from None
    raw = os.fdopen(fd, "w", encoding=encoding, newline="")
    try:
        yield GuardedStream(raw, shown).as_text_io()
        try:
            raw.flush()
            os.fsync(raw.fileno())
            raw.close()
            os.chmod(temp, stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask())
            if info is not None and (info.st_uid, info.st_gid) != (os.getuid(), os.getgid()):
                with suppress(OSError):  # only root may give a file away; anyone else keeps it as their own
                    os.chown(temp, info.st_uid, info.st_gid)
            if before_replace is not None:
                before_replace()
            os.replace(temp, target)
        except OSError as e:
            raise WriteError(shown, e) from None
    except BaseException:
        with suppress(OSError):
            raw.close()  # may fail again flushing what a full disk refused; the descriptor is closed anyway
        with suppress(OSError):
            os.unlink(temp)
        raise
    sync_directory(target.parent)


@contextmanager
def _direct(target: Path, shown: str, encoding: str) -> Iterator[TextIO]:
    """Write a device or FIFO in place (there is nothing to replace), reporting its failures."""
    try:
        raw = open(target, "w", encoding=encoding, newline="")  # noqa: SIM115 - closed below, its failure reported
    except OSError as e:
        raise WriteError(shown, e) from None
    done = False
    try:
        yield GuardedStream(raw, shown).as_text_io()
        done = True
    finally:
        try:
            raw.close()  # the last flush: a full device says so here
        except OSError as e:
            if done:
                raise WriteError(shown, e) from None


def sync_directory(directory: Path) -> None:
    """Make a rename, or a file's creation or removal, in ``directory`` durable (best effort:
    not every file system allows it)."""
    with suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_text(path: str | Path, text: str, *, encoding: str = "utf-8", before_replace: Callable[[], None] | None = None) -> None:
    """Replace ``path``'s content with ``text`` atomically (see ``atomic_write``)."""
    with atomic_write(path, encoding=encoding, before_replace=before_replace) as stream:
        stream.write(text)
