"""A bot's stdin and stdout as lines over non-blocking pipes, driven from one thread.

A first version handed each line to a writer thread and took each answer from a reader
thread; measured against this one (bench/bot_bench.py, 20,000 pings and 20,000 decisions
with the reference bot, whole process, 7 paired runs) it took 1.53 times the CPU and 1.15
times the wall time. So the referee writes and reads here itself, with a selector, and
never blocks past a deadline:

- :meth:`LinePipes.send` writes what the pipe takes now and keeps the rest for the next wait;
  a bot that leaves more than ``PENDING_CAP`` bytes unread is one that stopped reading.
- :meth:`LinePipes.next` returns the next line with the time it was read, or the end of the
  output, or a line over ``MAX_BOT_LINE`` bytes (then the rest of that line is skipped), or
  None at the deadline. A bot's stdout is read only while the referee waits for it, so a bot
  that floods it is held back by the pipe, and memory stays bounded.

POSIX only: the selector needs pipes it can poll.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import time
from collections import deque
from dataclasses import dataclass
from typing import IO

from ..interchange.bot_protocol import MAX_BOT_LINE

__all__ = ["PENDING_CAP", "Eof", "Line", "LinePipes", "Oversize", "WriteFailed"]

PENDING_CAP = 8 << 20
"""Bytes written to a bot and not yet read by it, past which it counts as no longer reading."""

_CHUNK = 65536


@dataclass(frozen=True, slots=True)
class Line:
    """A line from the bot, its newline included, and the ``time.monotonic()`` it was read at."""

    data: bytes
    at: float


@dataclass(frozen=True, slots=True)
class Oversize:
    """A line longer than ``MAX_BOT_LINE``: its first bytes. The rest of it is skipped."""

    head: bytes
    at: float


@dataclass(frozen=True, slots=True)
class Eof:
    """The bot closed its stdout (it exited, most likely)."""


@dataclass(frozen=True, slots=True)
class WriteFailed:
    """The bot no longer takes input: its stdin is closed, or it left too much unread."""

    reason: str


class LinePipes:
    """The two pipes of one bot. Not thread-safe: the match that drives the bot owns it."""

    def __init__(self, stdin: IO[bytes], stdout: IO[bytes]) -> None:
        """``stdin`` and ``stdout`` are the bot's pipes as files; this object closes them."""
        self._stdin, self._stdout = stdin, stdout
        self._in = stdin.fileno()
        self._out = stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._writing = False
        self._pending = bytearray()
        self._partial = b""
        self._skipping = False
        self._lines: deque[Line | Oversize] = deque()
        self.eof = False
        self.write_error: str | None = None

    def send(self, data: bytes) -> None:
        """Write ``data`` now as far as the pipe takes it; the rest goes out while the referee waits."""
        if self.write_error is not None or self._in < 0:
            return
        self._pending += data
        if len(self._pending) > PENDING_CAP:
            self._fail(f"it left {len(self._pending):,} bytes unread")
            return
        self._flush()

    def next(self, deadline: float) -> Line | Oversize | Eof | WriteFailed | None:
        """The next thing from the bot, waiting up to ``deadline`` (``time.monotonic()``); None then."""
        while True:
            if self._lines:
                return self._lines.popleft()
            if self.eof:
                return Eof()
            if self.write_error is not None:
                return WriteFailed(self.write_error)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            for key, _ in self._selector.select(left):
                if key.fd == self._out:
                    self._read()
                else:
                    self._flush()

    def close_input(self) -> None:
        """Write what the pipe takes now and close the bot's stdin, so that it reads the end of its input."""
        if self._in < 0:
            return
        if self.write_error is None:
            self._flush()
        if self._writing:
            self._selector.unregister(self._in)
            self._writing = False
        self._in = -1
        with contextlib.suppress(OSError):  # unbuffered: nothing is left to write, whatever the bot did
            self._stdin.close()

    def close(self) -> None:
        self.close_input()
        self._selector.close()
        self._stdout.close()

    # -- inside -------------------------------------------------------------------------------------

    def _fail(self, reason: str) -> None:
        self.write_error = reason
        self._pending.clear()
        self._watch_input(False)

    def _flush(self) -> None:
        while self._pending:
            try:
                n = os.write(self._in, self._pending)
            except BlockingIOError:
                break
            except OSError as e:
                self._fail(e.strerror or type(e).__name__)
                return
            del self._pending[:n]
        self._watch_input(bool(self._pending))

    def _watch_input(self, on: bool) -> None:
        if on != self._writing and self._in >= 0:
            if on:
                self._selector.register(self._in, selectors.EVENT_WRITE)
            else:
                self._selector.unregister(self._in)
            self._writing = on

    def _read(self) -> None:
        try:
            data = os.read(self._out, _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        at = time.monotonic()
        if not data:
            self.eof = True
            self._selector.unregister(self._out)
            if self._partial and not self._skipping:
                self._lines.append(Line(self._partial, at))
            self._partial = b""
            return
        buffer = self._partial + data
        start = 0
        while (end := buffer.find(b"\n", start)) >= 0:
            if self._skipping:
                self._skipping = False
            else:
                self._lines.append(Line(buffer[start : end + 1], at))
            start = end + 1
        rest = buffer[start:]
        if self._skipping:
            rest = b""
        elif len(rest) >= MAX_BOT_LINE:
            self._lines.append(Oversize(rest[:200], at))
            self._skipping = True
            rest = b""
        self._partial = rest
