"""One bot as a child process speaking ``referee-bot/1``: start, tell, ask, ping, close, restart.

Whatever the bot does, the referee never blocks without a bound and never raises: every
wait has a deadline, and what went wrong comes back as a :class:`Fault` value (a time,
illegal, protocol, crash or stall fault, with its details) for the match to adjudicate.

- The bot is started from an argv (no shell) in its own process group, and :meth:`BotProcess.close`
  kills the whole group, so a bot's children do not outlive it.
- Lines go to its stdin through a writer thread, so a bot that stops reading cannot block the
  referee. Its stdout is read by a reader thread into a small bounded queue (a bot that floods
  stdout is slowed, not buffered without end); a line over ``MAX_BOT_LINE`` bytes is a protocol fault
  at once. Its stderr is drained by a third thread into a log file, up to a cap, so a flood of
  stderr never blocks the bot.
- Each reply's latency is measured from the moment the request was handed to the writer to the
  moment its line was read, and kept in a bounded histogram.
- A message whose ``id`` names an earlier request or ping is stale: ignored and counted (the rule of
  the ACPC dealer). An ``id`` never sent is a protocol fault.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal

from pydantic import BaseModel

from ..interchange.bot_protocol import (
    MAX_BOT_LINE,
    Action,
    BadLine,
    Clock,
    FaultKind,
    Hello,
    Info,
    Ping,
    Pong,
    Quit,
    Ready,
    Request,
    RequestKind,
    View,
    clip,
    encode,
    parse_bot_line,
)

__all__ = [
    "STDERR_CAP",
    "BotCommand",
    "BotProcess",
    "Fault",
    "Journal",
    "Latencies",
    "Reply",
]

STDERR_CAP = 16 << 20
"""Bytes of a bot's stderr kept in its log; the rest is counted and dropped."""

CEILING_MS = 600_000
"""The longest the referee waits for one answer when no time control bounds it: past it, a stall."""

_QUEUE_LINES = 64
_POSIX = os.name == "posix"

Journal = Callable[[Literal["to", "from"], bytes, float], None]
"""Called with every line written to or read from a bot and its ``time.monotonic()`` stamp."""


@dataclass(frozen=True, slots=True)
class Fault:
    """What a bot did wrong, as a value: the match decides what it costs."""

    kind: FaultKind
    detail: str
    """In words: ``no answer within 200 ms + 50 ms margin``, ``exited with status 3``."""
    overrun_ms: int | None = None
    """For a time fault: how far past its allowance the bot was when the referee stopped waiting."""
    line: str | None = None
    """The offending line, clipped and escaped, when there is one."""

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}" + (f": {self.line}" if self.line is not None else "")


@dataclass(frozen=True, slots=True)
class Reply:
    """A legal answer in time, and how long it took (milliseconds, write to read)."""

    value: str
    latency_ms: float


@dataclass(frozen=True, slots=True)
class BotCommand:
    """How to start a bot: an argv run without a shell, in ``cwd``, with ``env`` added to the referee's environment."""

    name: str
    argv: Sequence[str]
    cwd: Path | None = None
    env: Mapping[str, str] = field(default_factory=dict)


class Latencies:
    """Reply latencies in a histogram of 2% wide buckets: percentiles within 2%, in constant memory.

    >>> lat = Latencies()
    >>> for ms in (1.0, 2.0, 3.0, 4.0, 100.0):
    ...     lat.add(ms)
    >>> lat.count, lat.max_ms, round(lat.percentile(50), 1), round(lat.percentile(100))
    (5, 100.0, 3.0, 100)
    """

    _STEP = math.log(1.02)
    _FLOOR_MS = 0.001

    def __init__(self) -> None:
        self.count = 0
        self.total_ms = 0.0
        self.max_ms = 0.0
        self._buckets: dict[int, int] = {}

    def add(self, ms: float) -> None:
        self.count += 1
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)
        key = math.floor(math.log(max(ms, self._FLOOR_MS) / self._FLOOR_MS) / self._STEP)
        self._buckets[key] = self._buckets.get(key, 0) + 1

    def percentile(self, p: float) -> float:
        """The ``p``-th percentile (0-100) in milliseconds, to within 2%; 0 when nothing was measured."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(p / 100 * self.count))
        if rank >= self.count:
            return self.max_ms
        seen = 0
        for key in sorted(self._buckets):
            seen += self._buckets[key]
            if seen >= rank:
                return min(self.max_ms, self._FLOOR_MS * math.exp((key + 0.5) * self._STEP))
        return self.max_ms


@dataclass(frozen=True, slots=True)
class _Line:
    data: bytes
    at: float


@dataclass(frozen=True, slots=True)
class _Oversize:
    head: bytes
    at: float


@dataclass(frozen=True, slots=True)
class _Eof:
    at: float


_Item = _Line | _Oversize | _Eof | None  # None: wake up (the writer failed)


class BotProcess:
    """A bot's process and the pipes to it. Not thread-safe: one match drives it.

    ``stderr_log`` receives the bot's stderr (appended, across restarts). ``journal`` sees every line
    both ways with its time, enough to replay what was said.
    """

    def __init__(self, command: BotCommand, stderr_log: Path, *, journal: Journal | None = None, stderr_cap: int = STDERR_CAP) -> None:
        self.command = command
        self.stderr_log = stderr_log
        self.journal = journal
        self.stderr_cap = stderr_cap
        self.on_info: Callable[[Info], None] | None = None
        """Called with each ``info`` the bot sends."""
        self.ready: Ready | None = None
        self.stale = 0
        """Messages ignored because their ``id`` was an earlier request's or ping's."""
        self.infos = 0
        self.restarts = 0
        self.latencies = Latencies()
        self._last_id = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[_Item] = queue.Queue(_QUEUE_LINES)
        self._out: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._closing = threading.Event()
        self._write_error: str | None = None
        self._eof = False

    # -- life ---------------------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    @property
    def running(self) -> bool:
        """The bot's process is alive (it is not reaped by asking)."""
        return self._proc is not None and _peek_exit(self._proc) is None

    def start(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        """Start the bot, say ``hello`` and wait up to ``timeout_s`` for ``ready``."""
        if self._proc is not None:
            self.close()
        env = {**os.environ, **self.command.env}
        try:
            self._proc = subprocess.Popen(  # an argv, never a shell
                list(self.command.argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.command.cwd,
                env=env,
                start_new_session=_POSIX,
                creationflags=0 if _POSIX else getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
            )
        except (OSError, ValueError) as e:
            return Fault("crash", f"could not be started: {clip(str(e), 200)}")
        assert self._proc.stdin is not None and self._proc.stdout is not None and self._proc.stderr is not None
        self._lines = queue.Queue(_QUEUE_LINES)
        self._out = queue.SimpleQueue()
        self._closing = threading.Event()
        self._write_error = None
        self._eof = False
        self.ready = None
        self._threads = [
            threading.Thread(target=self._read, args=(self._proc.stdout, self._lines, self._closing), daemon=True),
            threading.Thread(target=self._write, args=(self._proc.stdin, self._out), daemon=True),
            threading.Thread(target=self._drain, args=(self._proc.stderr,), daemon=True),
        ]
        for t in self._threads:
            t.start()
        self._send(hello)
        got = self._await("ready", None, time.monotonic() + timeout_s)
        if isinstance(got, Fault):
            if got.kind == "time":
                got = Fault("time", f"no ready within {timeout_s * 1000:,.0f} ms", overrun_ms=0)
            return got
        assert isinstance(got[0], Ready)
        self.ready = got[0]
        return got[0]

    def restart(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        """Close the bot (its whole process group) and start it again: ``--recover`` after a crash."""
        self.close()
        self.restarts += 1
        return self.start(hello, timeout_s)

    def close(self, grace_s: float = 0.5) -> None:
        """Say ``quit``, give the bot ``grace_s`` to exit, then kill its process group; bounded."""
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        if self._write_error is None and not self._eof:
            self._send(Quit())
        self._out.put(None)  # the writer closes stdin after what is queued
        self._exited(proc, grace_s)
        _kill_group(proc)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        self._closing.set()
        for t in self._threads:
            t.join(timeout=2)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._threads = []

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- talking ------------------------------------------------------------------------------------

    def tell(self, message: BaseModel) -> None:
        """Send a message that wants no answer (``deal``, an ``event``, ``quit``). A bot that is gone
        shows at the next ``ask`` or ``ping``."""
        self._send(message)

    def ask(self, kind: RequestKind, view: View, clock: Clock, margin_ms: int = 0) -> Reply | Fault:
        """Ask for a decision and wait for a legal ``action``: up to ``clock.decision_ms`` plus
        ``margin_ms`` (``CEILING_MS`` when the clock has no limit)."""
        rid = self._new_id()
        request = Request(id=rid, kind=kind, legal=view.legal, view=view, clock=clock)
        limit = clock.decision_ms
        wait_ms = CEILING_MS if limit is None else limit + margin_ms
        sent = self._send(request)
        got = self._await("action", rid, sent + wait_ms / 1000)
        if isinstance(got, Fault):
            if got.kind == "time":
                over = max(0, round((time.monotonic() - sent) * 1000) - (limit or 0))
                if limit is None:
                    return Fault("stall", f"no answer within {CEILING_MS:,} ms (no time control)")
                return Fault("time", f"no answer within {limit:,} ms + {margin_ms:,} ms margin", overrun_ms=over)
            return got
        message, at, raw = got
        assert isinstance(message, Action)
        latency = (at - sent) * 1000
        if message.value not in view.legal:
            shown = " ".join(view.legal[:8]) + (" …" if len(view.legal) > 8 else "")
            return Fault(
                "illegal",
                f"answered {clip(message.value, 40)!r}, which is not among the {len(view.legal)} legal answers ({shown})",
                line=clip(raw.rstrip(b"\r\n")),
            )
        self.latencies.add(latency)
        return Reply(message.value, latency)

    def ping(self, timeout_s: float) -> float | Fault:
        """Send ``ping`` and wait up to ``timeout_s`` for its ``pong``: the round trip in ms, or a stall."""
        pid = self._new_id()
        sent = self._send(Ping(id=pid))
        got = self._await("pong", pid, sent + timeout_s)
        if isinstance(got, Fault):
            return Fault("stall", f"no pong within {timeout_s * 1000:,.0f} ms") if got.kind == "time" else got
        return (got[1] - sent) * 1000

    # -- inside -------------------------------------------------------------------------------------

    def _new_id(self) -> int:
        self._last_id += 1
        return self._last_id

    def _send(self, message: BaseModel) -> float:
        data = encode(message)
        at = time.monotonic()
        if self.journal is not None:
            self.journal("to", data, at)
        self._out.put(data)
        return at

    def _await(
        self, want: Literal["ready", "action", "pong"], wanted_id: int | None, deadline: float
    ) -> tuple[Ready | Action | Pong, float, bytes] | Fault:
        """The next message of type ``want`` (with ``wanted_id``), skipping infos and stale ids."""
        while True:
            if self._write_error is not None:
                return self._crash(f"stopped reading its input ({self._write_error})")
            if self._eof:
                return self._crash("closed its output")
            left = deadline - time.monotonic()
            if left <= 0:
                return Fault("time", "no answer in time")
            try:
                item = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if item is None:
                continue
            if isinstance(item, _Eof):
                self._eof = True
                continue
            if isinstance(item, _Oversize):
                return Fault("protocol", f"a line over the limit of {MAX_BOT_LINE:,} bytes", line=clip(item.head))
            if self.journal is not None:
                self.journal("from", item.data, item.at)
            message = parse_bot_line(item.data)
            if message is None:
                continue
            if isinstance(message, BadLine):
                return Fault("protocol", message.reason, line=message.line)
            if isinstance(message, Info):
                self.infos += 1
                if self.on_info is not None:
                    self.on_info(message)
                continue
            if isinstance(message, Action | Pong) and message.id != wanted_id:
                if 0 < message.id <= self._last_id:
                    self.stale += 1
                    continue
                return Fault("protocol", f"{message.type} for id {message.id}, which was never sent", line=clip(item.data.rstrip(b"\r\n")))
            if message.type != want:
                expected = "ready" if want == "ready" else f"{want} {wanted_id}"
                return Fault("protocol", f"{message.type} when the referee waits for {expected}", line=clip(item.data.rstrip(b"\r\n")))
            return message, item.at, item.data

    def _crash(self, why: str) -> Fault:
        proc = self._proc
        status = self._exited(proc, 1.0) if proc is not None else None
        return Fault("crash", status or why)

    def _exited(self, proc: subprocess.Popen[bytes], wait_s: float) -> str | None:
        """How the process ended, waiting up to ``wait_s``, without reaping it (its group is killed after)."""
        deadline = time.monotonic() + wait_s
        while True:
            status = _peek_exit(proc)
            if status is not None or time.monotonic() >= deadline:
                return status
            time.sleep(0.005)

    @staticmethod
    def _read(stream: IO[bytes], lines: queue.Queue[_Item], closing: threading.Event) -> None:
        def put(item: _Item) -> bool:
            while not closing.is_set():
                try:
                    lines.put(item, timeout=0.1)
                    return True
                except queue.Full:
                    continue
            return False

        try:
            while True:
                data = stream.readline(MAX_BOT_LINE)
                at = time.monotonic()
                if not data:
                    break
                if len(data) >= MAX_BOT_LINE and not data.endswith(b"\n"):
                    if not put(_Oversize(data[:200], at)):
                        return
                    while data and not data.endswith(b"\n"):  # drop the rest of the long line
                        data = stream.readline(MAX_BOT_LINE)
                    continue
                if not put(_Line(data, at)):
                    return
        except (OSError, ValueError):
            pass
        put(_Eof(time.monotonic()))

    def _write(self, stream: IO[bytes], out: queue.SimpleQueue[bytes | None]) -> None:
        try:
            while (data := out.get()) is not None:
                stream.write(data)
                if out.empty():
                    stream.flush()
            stream.close()
        except (OSError, ValueError) as e:
            self._write_error = type(e).__name__ if not isinstance(e, OSError) or not e.strerror else e.strerror
            with contextlib.suppress(queue.Full):
                self._lines.put_nowait(None)

    def _drain(self, stream: IO[bytes]) -> None:
        kept = dropped = 0
        try:
            self.stderr_log.parent.mkdir(parents=True, exist_ok=True)
            log: IO[bytes] | None = open(self.stderr_log, "ab")  # noqa: SIM115 - closed below
        except OSError:
            log = None
        try:
            while chunk := os.read(stream.fileno(), 65536):
                room = self.stderr_cap - kept
                if log is not None and room > 0:
                    log.write(chunk[:room])
                    log.flush()
                kept += min(len(chunk), max(room, 0))
                dropped += max(0, len(chunk) - max(room, 0))
        except (OSError, ValueError):
            pass
        finally:
            if log is not None:
                if dropped:
                    log.write(f"\n[referee: {dropped:,} more bytes of stderr dropped past the cap of {self.stderr_cap:,}]\n".encode())
                log.close()


def _peek_exit(proc: subprocess.Popen[bytes]) -> str | None:
    """``exited with status N`` or ``killed by SIGNAME`` once the process has ended, else None; the
    process is not reaped on POSIX, so its process group id cannot be reused before it is killed."""
    if _POSIX and hasattr(os, "waitid") and proc.returncode is None:
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            info = None
        if info is None:
            return None
        if info.si_code == os.CLD_EXITED:
            return f"exited with status {info.si_status}"
        return f"killed by {_signal_name(info.si_status)}"
    code = proc.poll()
    if code is None:
        return None
    return f"exited with status {code}" if code >= 0 else f"killed by {_signal_name(-code)}"


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot and every process of its group (children it started)."""
    if _POSIX:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    else:  # pragma: no cover - Windows: the bot itself (a job object would be needed for its children)
        with contextlib.suppress(OSError):
            proc.kill()
