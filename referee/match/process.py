"""One bot as a child process speaking ``referee-bot/1``: start, tell, ask, ping, close, restart.

Whatever the bot does, the referee never blocks without a bound and never raises: every
wait has a deadline, and what went wrong comes back as a :class:`Fault` value (a time,
illegal, protocol, crash or stall fault, with its details) for the match to adjudicate.

- The bot is started from an argv (no shell) in its own process group, and :meth:`BotProcess.close`
  kills the whole group, so a bot's children do not outlive it.
- Its stdin and stdout are non-blocking pipes the referee drives itself (``pipes.LinePipes``); a
  line over ``MAX_BOT_LINE`` bytes is a protocol fault. Its stderr is drained by a thread into a log
  file, up to a cap, so a flood of stderr never blocks the bot or the referee.
- Each reply's latency is measured from the request's write to the reading of the answer, and
  kept in a bounded histogram (``latency.Latencies``).
- A message whose ``id`` names an earlier request or ping is stale: ignored and counted (the rule of
  the ACPC dealer). An ``id`` never sent is a protocol fault.

POSIX only (Linux, macOS, WSL): on another system :meth:`BotProcess.start` returns a fault saying so.
"""

from __future__ import annotations

import contextlib
import os
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
from .latency import Latencies
from .pipes import Eof, LinePipes, Oversize, WriteFailed

__all__ = ["CEILING_MS", "STDERR_CAP", "BotCommand", "BotProcess", "Fault", "Journal", "Reply"]

STDERR_CAP = 16 << 20
"""Bytes of a bot's stderr kept in its log; the rest is counted and dropped."""

CEILING_MS = 600_000
"""The longest the referee waits for one answer when no time control bounds it: past it, a stall."""

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


class BotProcess:
    """A bot's process and the pipes to it. Not thread-safe: one match drives it.

    ``stderr_log`` receives the bot's stderr (appended, across restarts; whole once :meth:`close`
    has returned). ``journal`` sees every line both ways with its time, enough to replay what was said.
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
        self._pipes: LinePipes | None = None
        self._drain_thread: threading.Thread | None = None

    # -- life ---------------------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    @property
    def running(self) -> bool:
        """The bot's process is alive (asking does not reap it)."""
        return self._proc is not None and _peek_exit(self._proc) is None

    def start(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        """Start the bot, say ``hello`` and wait up to ``timeout_s`` for ``ready``."""
        self.close()
        spawned = self._spawn()
        return spawned if spawned is not None else self.greet(hello, timeout_s)

    def greet(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        """Say ``hello`` (a new game, perhaps at another seat) and wait up to ``timeout_s`` for
        ``ready``; a bot that is not running is started first."""
        if not self.running:
            self.close()
            spawned = self._spawn()
            if spawned is not None:
                return spawned
        self.ready = None
        self._send(hello)
        got = self._await("ready", None, time.monotonic() + timeout_s)
        if isinstance(got, Fault):
            return Fault("time", f"no ready within {timeout_s * 1000:,.0f} ms") if got.kind == "time" else got
        assert isinstance(got[0], Ready)
        self.ready = got[0]
        return got[0]

    def _spawn(self) -> Fault | None:
        """Start the bot's process (None), or say why it could not be."""
        if not _POSIX:
            return Fault("crash", "bots are run on POSIX systems only (Linux, macOS, WSL)")
        try:
            proc = subprocess.Popen(  # an argv, never a shell
                list(self.command.argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.command.cwd,
                env={**os.environ, **self.command.env},
                start_new_session=True,
                bufsize=0,
            )
        except (OSError, ValueError) as e:
            return Fault("crash", f"could not be started: {clip(str(e), 200)}")
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._proc = proc
        self._pipes = LinePipes(proc.stdin, proc.stdout)
        self._drain_thread = threading.Thread(target=self._drain, args=(proc.stderr,), daemon=True, name=f"stderr of {self.command.name}")
        self._drain_thread.start()
        return None

    def restart(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        """Close the bot (its whole process group) and start it again: ``--recover`` after a crash."""
        self.close()
        self.restarts += 1
        return self.start(hello, timeout_s)

    def close(self, grace_s: float = 0.5) -> None:
        """Say ``quit``, give the bot ``grace_s`` to exit, then kill its process group; bounded."""
        proc, pipes = self._proc, self._pipes
        if proc is None or pipes is None:
            return
        self._proc = self._pipes = None
        if not pipes.eof and pipes.write_error is None:
            self._send_to(pipes, Quit())
        pipes.close_input()
        _wait_exit(proc, grace_s)
        _kill_group(proc)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        pipes.close()
        drain, self._drain_thread = self._drain_thread, None
        if drain is not None:
            drain.join(timeout=2)
        # A process that left the group (setsid) may still hold stderr open: then the drain thread
        # keeps it, rather than read from an fd number that a later open could be given.
        if proc.stderr is not None and (drain is None or not drain.is_alive()):
            with contextlib.suppress(OSError):
                proc.stderr.close()

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- talking ------------------------------------------------------------------------------------

    def tell(self, message: BaseModel) -> None:
        """Send a message that wants no answer (``deal``, an ``event``, ``quit``). A bot that is gone
        shows at the next ``ask`` or ``ping``."""
        self._send(message)

    def tell_raw(self, data: bytes) -> None:
        """Send lines as they are (``bot-check`` sends what a later version of the protocol could)."""
        if self._pipes is not None:
            if self.journal is not None:
                self.journal("to", data, time.monotonic())
            self._pipes.send(data)

    def ask(self, kind: RequestKind, view: View, clock: Clock, margin_ms: int = 0) -> Reply | Fault:
        """Ask for a decision and wait for a legal ``action``: up to ``clock.decision_ms`` plus
        ``margin_ms`` (``CEILING_MS`` when the clock has no limit)."""
        rid = self._new_id()
        request = Request(id=rid, kind=kind, legal=view.legal, view=view, clock=clock)
        limit = clock.decision_ms
        sent = self._send(request)
        got = self._await("action", rid, sent + (CEILING_MS if limit is None else limit + margin_ms) / 1000)
        if isinstance(got, Fault):
            if got.kind != "time":
                return got
            if limit is None:
                return Fault("stall", f"no answer within {CEILING_MS:,} ms (no time control)")
            over = max(0, round((time.monotonic() - sent) * 1000) - limit)
            return Fault("time", f"no answer within {limit:,} ms + {margin_ms:,} ms margin", overrun_ms=over)
        message, at, raw = got
        assert isinstance(message, Action)
        if message.value not in view.legal:
            shown = " ".join(view.legal[:8]) + (" …" if len(view.legal) > 8 else "")
            return Fault(
                "illegal",
                f"answered {clip(message.value, 40)!r}, which is not among the {len(view.legal)} legal answers ({shown})",
                line=clip(raw.rstrip(b"\r\n")),
            )
        latency = (at - sent) * 1000
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
        if self._pipes is None:
            return time.monotonic()
        return self._send_to(self._pipes, message)

    def _send_to(self, pipes: LinePipes, message: BaseModel) -> float:
        data = encode(message)
        at = time.monotonic()
        if self.journal is not None:
            self.journal("to", data, at)
        pipes.send(data)
        return at

    def _await(
        self, want: Literal["ready", "action", "pong"], wanted_id: int | None, deadline: float
    ) -> tuple[Ready | Action | Pong, float, bytes] | Fault:
        """The next message of type ``want`` (with ``wanted_id``), skipping infos and stale ids."""
        pipes = self._pipes
        if pipes is None:
            return Fault("crash", "is not running")
        while True:
            item = pipes.next(deadline)
            if item is None:
                return Fault("time", "no answer in time")
            if isinstance(item, Eof):
                return self._crash("closed its output")
            if isinstance(item, WriteFailed):
                return self._crash(f"stopped reading its input ({item.reason})")
            if isinstance(item, Oversize):
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
        """A crash fault, with the exit status when the bot exits within a second."""
        status = None if self._proc is None else _wait_exit(self._proc, 1.0)
        return Fault("crash", status or why)

    def _drain(self, stream: IO[bytes]) -> None:
        """Copy the bot's stderr to its log until it closes, keeping ``stderr_cap`` bytes at most."""
        kept = dropped = 0
        try:
            self.stderr_log.parent.mkdir(parents=True, exist_ok=True)
            log: IO[bytes] | None = open(self.stderr_log, "ab")  # noqa: SIM115 - closed below
        except OSError:
            log = None
        try:
            while chunk := os.read(stream.fileno(), 65536):
                room = max(0, self.stderr_cap - kept)
                if log is not None and room:
                    log.write(chunk[:room])
                    log.flush()
                kept += min(len(chunk), room)
                dropped += len(chunk) - min(len(chunk), room)
        except (OSError, ValueError):
            pass
        finally:
            if log is not None:
                if dropped:
                    log.write(f"\n[referee: {dropped:,} more bytes of stderr dropped past the cap of {self.stderr_cap:,}]\n".encode())
                log.close()


def _wait_exit(proc: subprocess.Popen[bytes], wait_s: float) -> str | None:
    """How the process ended, waiting up to ``wait_s`` for it, without reaping it."""
    deadline = time.monotonic() + wait_s
    while (status := _peek_exit(proc)) is None and time.monotonic() < deadline:
        time.sleep(0.005)
    return status


def _peek_exit(proc: subprocess.Popen[bytes]) -> str | None:
    """``exited with status N`` or ``killed by SIGNAME`` once the process has ended, else None.

    The process is not reaped (``WNOWAIT``), so its pid, which is its process group's id, cannot be
    given to another process before ``_kill_group`` has killed the group.
    """
    if proc.returncode is not None:
        code = proc.returncode
    else:
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return "ended"
        if info is None:
            return None
        code = info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
    if code >= 0:
        return f"exited with status {code}"
    try:
        return f"killed by {signal.Signals(-code).name}"
    except ValueError:
        return f"killed by signal {-code}"


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot and every process of its group (the children it started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
