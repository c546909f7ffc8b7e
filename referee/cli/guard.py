"""Every command's last line of defence: output faults become words and an exit status.

The promise is no traceback and the documented exit status whatever happens, so
each command runs inside ``guarded``, which puts its standard streams behind
``output.GuardedStream``:

- A full disk or an I/O error on standard output or an ``-O`` file (a
  ``WriteError``): ``error: cannot write to standard output: no space left on
  device``, exit status 2 (reliability review T6).
- A reader that went away (``referee check samples/ | head -1``, W2): nothing more
  is printed and no message either, but the command goes on judging without
  printing, so the exit status is the one the input deserves.  The work stays
  bounded: it is never more than the command would have done with its reader
  still there, and the reading commands stop at once when the status can only be
  2 (``stdout_closed``).
- A usage error found only once the run has started (``--cluster`` naming a
  scheduler that cannot be reached): ``error: --cluster tcp://...: cannot reach the
  Dask scheduler: ...``, exit status 2.
- Any other exception (a bug) that escapes the per-record containment of
  ``judge.isolate``: ``error: internal error: ...; please report it``, exit status 2.
- A standard stream that was closed when the process started (``referee check x
  >&-``, ``2>&-``, ``<&-``, as cron and daemons run commands; Python then has
  ``None`` for it): a closed standard output or error is a reader that is not there,
  as quiet as a broken pipe, and the exit status is the one the input deserves; a
  closed standard input reads as a file that cannot be read (``S014 cannot read
  <stdin>: standard input is closed``, exit status 2) by the commands given ``-``,
  and is not missed by the others.

- An interrupt: Ctrl-C (SIGINT) or SIGTERM (``kill``, a service manager stopping a
  job) ends the command at once, as an exception (``KeyboardInterrupt``,
  ``Terminated``) that unwinds it: an ``-O`` file being written is removed (its
  target is left as it was), worker processes are stopped (``local.stop_children``),
  a local Dask cluster is closed.  One line says so on standard error
  (``referee: interrupted (SIGINT)``) and the exit status is 128 + the signal's
  number, as a shell gives: 130 for SIGINT, 143 for SIGTERM.  A second signal during
  that clean-up is ignored.  Should the exception be lost (Python ignores one raised in
  an at-fork hook or a ``__del__``) or the clean-up hang, the process ends anyway
  ``LAST_RESORT`` seconds after the signal, its workers stopped, with the same line and
  status; a pool's workers are forked with the two signals held back, so that none
  arrives inside a fork (``run/local.process_pool``).

``run`` is the console script: it guards ``--help`` and ``--version`` too, which
print before any command runs, installs the handlers of SIGINT and SIGTERM, and first puts ``/dev/null`` on a closed descriptor
0, 1 or 2, so that no file the command opens later takes its number (a worker
process, or a library writing to descriptor 1, would otherwise write into it).
"""

from __future__ import annotations

import errno
import functools
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, TextIO, cast

import typer

from ..run.output import GuardedStream, WriteError

__all__ = ["INTERRUPTED", "Terminated", "guarded", "handle_signals", "run", "stdout_closed"]

INTERRUPTED = "referee: {what} ({signal}); stopped\n"
"""The line an interrupt leaves on standard error."""


class Terminated(BaseException):
    """SIGTERM, raised where the command is, as Ctrl-C raises ``KeyboardInterrupt``
    (a ``BaseException``, so that no ``except Exception`` of the command takes it)."""


_SIGNALLED: list[int] = []
"""The signal that ended the run, once one has."""


def _on_signal(number: int, frame: object) -> None:
    """The first SIGINT or SIGTERM ends the command (as an exception); the ones after it
    are ignored, so that the clean-up it starts runs to its end."""
    if _SIGNALLED:
        return
    _SIGNALLED.append(number)
    _last_resort(number)
    if number == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated


LAST_RESORT = 5.0
"""Seconds after an interrupt when the process ends anyway, should the exception the
handler raised have been lost (Python ignores one raised inside a ``__del__``, a
weakref callback or an at-fork hook) or the clean-up hang."""

_WATCHDOG: list[Any] = []


def _last_resort(number: int) -> None:
    """Start the watch that ends the process ``LAST_RESORT`` seconds after the signal,
    workers stopped first, unless the command has unwound by then (``_interrupted``)."""
    import threading

    def end() -> None:
        from ..run.local import stop_children

        with suppress(Exception):
            stop_children(grace=0.2)
        what = "interrupted" if number == signal.SIGINT else "terminated"
        with suppress(OSError):
            os.write(2, INTERRUPTED.format(what=what, signal=signal.Signals(number).name).encode())
        os._exit(128 + number)

    timer = threading.Timer(LAST_RESORT, end)
    timer.daemon = True
    timer.start()
    _WATCHDOG.append(timer)


def handle_signals() -> None:
    """SIGINT and SIGTERM end a command as exceptions it unwinds (see the module's docstring).
    Only the main thread may install them: elsewhere (a command run from a thread) this does nothing."""
    with suppress(ValueError):
        signal.signal(signal.SIGINT, _on_signal)
        signal.signal(signal.SIGTERM, _on_signal)


def _interrupted(err: GuardedStream, error: BaseException) -> int:
    """Stop what the command started, say it was interrupted and give 128 + the signal's number."""
    from ..run.local import stop_children

    number = signal.SIGTERM if isinstance(error, Terminated) else signal.SIGINT
    stop_children()
    with suppress(WriteError):
        what = "terminated" if number == signal.SIGTERM else "interrupted"
        err.write(INTERRUPTED.format(what=what, signal=signal.Signals(number).name))
        err.flush()
    while _WATCHDOG:  # unwound in time: the last resort is not needed
        _WATCHDOG.pop().cancel()
    return 128 + number


_STDOUT: list[GuardedStream] = []
"""The guarded standard output of each command running (innermost last)."""


def stdout_closed() -> bool:
    """Whether the reader of standard output has gone (a broken pipe): the reading
    commands then print nothing more and stop once their exit status can only be 2."""
    return bool(_STDOUT) and _STDOUT[-1].gone


class _Absent(io.TextIOBase):
    """Where a standard stream closed at start-up goes: nowhere (its guard never writes to it)."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)

    def isatty(self) -> bool:
        return False


class _ClosedInput(io.RawIOBase):
    """Standard input closed at start-up: reading it fails as a file that cannot be read."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise OSError(errno.EBADF, "standard input is closed")


def _guard(stream: Any, target: str) -> GuardedStream:
    """``stream`` guarded; ``None`` (closed when the process started) is a reader already gone."""
    if stream is not None:
        return GuardedStream(stream, target, standard=True)
    absent = GuardedStream(cast(TextIO, _Absent()), target)
    absent.gone = True
    return absent


@contextmanager
def _streams() -> Iterator[tuple[GuardedStream, GuardedStream]]:
    """``sys.stdout`` and ``sys.stderr`` guarded for the duration (the consoles look them up on each print),
    and a closed ``sys.stdin`` made a stream whose reading fails with words."""
    saved = sys.stdout, sys.stderr, sys.stdin
    out = _guard(sys.stdout, "to standard output")
    err = _guard(sys.stderr, "to standard error")
    sys.stdout, sys.stderr = out.as_text_io(), err.as_text_io()
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_ClosedInput()), encoding="utf-8")
    _STDOUT.append(out)
    try:
        yield out, err
    finally:
        _STDOUT.pop()
        sys.stdout, sys.stderr, sys.stdin = saved


def _fill_closed_descriptors() -> None:
    """Put ``/dev/null`` on each of descriptors 0, 1 and 2 that is closed (see the module's docstring)."""
    for fd, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, mode)
            except OSError:
                continue
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def _fail(err: GuardedStream, problem: str | WriteError) -> int:
    """Say what failed on standard error (if it can still be written, and once) and give exit status 2."""
    if isinstance(problem, WriteError):
        if problem.reported:
            return 2
        problem.reported = True
    with suppress(WriteError):
        err.write(f"error: {problem}\n")
        err.flush()
    return 2


def _finish(out: GuardedStream, err: GuardedStream, status: int) -> int:
    """Flush what is still buffered, inside the guard: a full disk often shows only here."""
    try:
        out.flush()
    except WriteError as e:
        status = _fail(err, e)
    try:
        err.flush()
    except WriteError:
        status = 2
    return status


def guarded(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` with output faults and escaped exceptions turned into a message and
    an exit status (see the module's docstring)."""

    @functools.wraps(command)
    def run_command(*args: Any, **kwargs: Any) -> None:
        with _streams() as (out, err):
            try:
                command(*args, **kwargs)
                status = 0
            except typer.Exit as e:
                status = e.exit_code
            except WriteError as e:
                status = _fail(err, e)
            except Exception as e:
                status = _fail(err, _escaped(e))
            except (KeyboardInterrupt, Terminated) as e:
                status = _interrupted(err, e)
            status = _finish(out, err, status)
        raise typer.Exit(status)

    return run_command


def _escaped(error: Exception) -> str:
    """The message of an exception that escaped a command: a usage error found once the
    run had started (``--cluster`` with a scheduler that cannot be reached) in its own
    words, anything else as the bug it is."""
    from ..judging.isolate import crash_summary
    from ..run.inputs import UsageError

    if isinstance(error, UsageError):
        return str(error)
    return f"internal error: {crash_summary(error)}; please report it"


def run() -> None:
    """The ``referee`` console script: the app, with its standard streams guarded also for
    ``--help``, ``--version`` and usage errors, which are printed before any command runs."""
    from .app import LAZY, app

    LAZY.append(True)  # only the command run loads its module (app.Commands)
    _fill_closed_descriptors()
    handle_signals()
    with _streams() as (out, err):
        try:
            app()
            status: int = 0
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 0 if e.code is None else 2
        except WriteError as e:
            status = _fail(err, e)
        except Exception as e:
            from ..judging.isolate import crash_summary

            status = _fail(err, f"internal error: {crash_summary(e)}; please report it")
        except (KeyboardInterrupt, Terminated) as e:  # before or after the command itself (click's own would say "Aborted!")
            status = _interrupted(err, e)
        if _SIGNALLED and status != 128 + _SIGNALLED[0]:  # an interrupt that click took first
            status = _interrupted(err, Terminated() if _SIGNALLED[0] == signal.SIGTERM else KeyboardInterrupt())
        status = _finish(out, err, status)
    sys.exit(status)
