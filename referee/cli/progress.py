"""A progress bar on a terminal's standard error that never mixes with what a command prints.

The bar is drawn by the same console that prints everything the command writes to
standard error, and it is taken off the screen before anything is written to standard
output (``Meter.output``), so no line starts with a spinner.  It is drawn only when
standard error is a terminal, and only once a run has gone on for ``DELAY`` seconds:
short runs show nothing.  With files of known size it shows a bar, a percentage and
the time left, counted in bytes: a finished file counts its size, the file being read
an estimate from the hands read in it (the bytes per hand of the files finished so far).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING

from ..words import plural

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

__all__ = ["DELAY", "Meter", "wants_progress"]

DELAY = 1.0
"""Seconds a run goes on before the bar appears; ``REFEREE_PROGRESS_DELAY`` overrides it."""

REFRESH = 0.1
"""Seconds between two drawings of the bar."""

BYTES_PER_HAND = 400
"""The guess for the first file, before any file has been read to its end (a 42 hand
with its deal and seven tricks is 300 to 450 bytes)."""


def wants_progress() -> bool:
    """A bar only for a person watching: standard error is a terminal that can redraw a line."""
    return sys.stderr.isatty() and os.environ.get("TERM", "") != "dumb"


def _delay() -> float:
    try:
        return float(os.environ.get("REFEREE_PROGRESS_DELAY", DELAY))
    except ValueError:
        return DELAY


class Meter:
    """Counts hands (and bytes, for files of known size) and draws them when wanted.

    Use it as a context manager; wrap every write in ``output()``.
    """

    def __init__(self, err: Console, files: list[str], *, show: bool, unit: str = "hand") -> None:
        self.err = err
        self.show = show
        self.unit = unit
        self.sizes = {f: os.path.getsize(f) for f in files if f != "-" and os.path.isfile(f)}
        known = len(self.sizes) == len(files) and sum(self.sizes.values()) > 0
        self.total: int | None = sum(self.sizes.values()) if known else None
        self.hands = 0
        self.done_bytes = 0
        self.done_hands = 0
        self.current: str | None = None
        self.current_hands = 0
        self.began = time.monotonic()
        self.drawn_at = 0.0
        self.delay = _delay()
        self.progress: Progress | None = None
        self.task: TaskID | None = None
        self.live = False
        self.stdout_tty = sys.stdout.isatty()

    def __enter__(self) -> Meter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    # -- counting ---------------------------------------------------------------------------
    def advance(self, file: str, hands: int | None) -> None:
        """One record of ``file`` read (``hands`` None: a file-level problem)."""
        if file != self.current:
            self._finish_file()
            self.current = file
        self.hands += hands or 0
        self.current_hands += hands or 0
        if self.show:
            self._draw()

    def _finish_file(self) -> None:
        if self.current is not None:
            self.done_bytes += self.sizes.get(self.current, 0)
            self.done_hands += self.current_hands
        self.current_hands = 0

    def completed(self) -> int:
        """Bytes read so far: finished files whole, the current one estimated from its hands."""
        if self.current is None:
            return 0
        size = self.sizes.get(self.current, 0)
        per_hand = self.done_bytes / self.done_hands if self.done_hands else BYTES_PER_HAND
        return self.done_bytes + min(max(size - 1, 0), round(self.current_hands * per_hand))

    # -- drawing ----------------------------------------------------------------------------
    def _start(self) -> None:
        if self.progress is None:
            from rich.progress import (  # only a run long enough to show the bar needs it
                BarColumn,
                Progress,
                SpinnerColumn,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            counted = TextColumn("{task.fields[counted]}")
            if self.total is not None:
                self.progress = Progress(
                    SpinnerColumn(),
                    counted,
                    BarColumn(),
                    TaskProgressColumn(),
                    TimeRemainingColumn(),
                    TextColumn("left"),
                    console=self.err,
                    transient=True,
                    auto_refresh=False,
                )
            else:
                self.progress = Progress(
                    SpinnerColumn(), counted, TimeElapsedColumn(), console=self.err, transient=True, auto_refresh=False
                )
            self.task = self.progress.add_task("reading", total=self.total, counted=plural(self.hands, self.unit))
        self.progress.start()
        self.live = True

    def _draw(self) -> None:
        now = time.monotonic()
        waiting = now - self.began < self.delay if not self.live else now - self.drawn_at < REFRESH
        if waiting:
            return
        if not self.live:
            self._start()
        assert self.progress is not None and self.task is not None
        self.progress.update(self.task, completed=self.completed(), counted=plural(self.hands, self.unit))
        self.progress.refresh()
        self.drawn_at = now

    @contextmanager
    def output(self) -> Iterator[None]:
        """Take the bar off the screen while the command writes to a terminal; it comes back
        at the next record.  (What goes to standard error goes through the bar's console,
        which prints it above the bar.)"""
        if self.live and self.stdout_tty:
            assert self.progress is not None
            self.progress.stop()
            self.live = False
            self.drawn_at = 0.0
        try:
            yield
        finally:
            if self.show:
                sys.stdout.flush()
                self.err.file.flush()

    def close(self) -> None:
        """Take the bar away for good (before the summary line)."""
        if self.live and self.progress is not None:
            self.progress.stop()
        self.live = False
        self.show = False
