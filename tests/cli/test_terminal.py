"""What a person sees in a terminal: ``check`` and ``score`` run in a pseudo-terminal
with the progress bar forced on, and the final screen, as a terminal emulator (pyte)
shows it, holds exactly what the same command writes into a pipe: no spinner glued to
a line, nothing overwritten."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pyte
import pytest
from syrupy.assertion import SnapshotAssertion

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    "samples/legal/42-game.42",
    "samples/legal/moon-game.42",
    "samples/broken/42-renege.42",
    "samples/broken/42-trick-winner-wrong.42",
    "samples/broken/42-winner-wrong.42",
]
COLUMNS, LINES = 160, 1000
SPINNER = re.compile("[\u2800-\u28ff]")
"""Rich's default spinner draws braille dots."""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club's folder of records: games of two kinds, and records with mistakes."""
    base = tmp_path_factory.mktemp("club")
    (base / "games").mkdir()
    for f in FILES:
        shutil.copy(ROOT / f, base / "games" / Path(f).name)
    return base


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env | extra


def in_terminal(args: list[str], cwd: Path, *, at_once: bool = True) -> tuple[str, int]:
    """Run ``referee ARGS`` with standard output and error on a pseudo-terminal; what it wrote.

    ``at_once``: draw the progress bar from the first record (``REFEREE_PROGRESS_DELAY=0``)
    instead of after a second, so that short runs show it too.
    """
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    env = _env(TERM="xterm", COLUMNS=str(COLUMNS), LINES=str(LINES), **({"REFEREE_PROGRESS_DELAY": "0"} if at_once else {}))
    proc = subprocess.Popen([sys.executable, "-m", "referee", *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child has closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    code = proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8"), code


def in_pipe(args: list[str], cwd: Path) -> tuple[str, int]:
    result = subprocess.run([sys.executable, "-m", "referee", *args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=60)
    return result.stdout + result.stderr, result.returncode


def final_screen(raw: str) -> list[str]:
    """The terminal's lines once the command has ended, as a person would read them."""
    screen = pyte.Screen(COLUMNS, LINES)
    pyte.Stream(screen).feed(raw)
    lines = [line.rstrip() for line in screen.display]
    while lines and not lines[-1]:
        lines.pop()
    return lines


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_terminal_shows_clean_lines(command: str, folder: Path, snapshot: SnapshotAssertion) -> None:
    raw, code = in_terminal([command, "games/"], folder)
    assert SPINNER.search(raw), "the progress bar was never drawn, so this test shows nothing"
    screen = final_screen(raw)
    piped, piped_code = in_pipe([command, "games/"], folder)
    assert code == piped_code == 1
    assert [line for line in screen if SPINNER.search(line) or (" hand " in line and "%" in line)] == []
    assert screen == piped.rstrip("\n").splitlines()
    assert "\n".join(screen) == snapshot


def test_no_bar_without_a_terminal(folder: Path) -> None:
    out, _code = in_pipe(["check", "games/"], folder)
    assert not SPINNER.search(out)


def test_no_bar_for_a_short_run(folder: Path) -> None:
    """A one-hand file is checked well within the default delay: only the results are drawn."""
    raw, code = in_terminal(["check", "games/42-renege.42"], folder, at_once=False)
    assert code == 1 and "error[E404]" in raw
    assert not SPINNER.search(raw)


def test_analyze_highlights_the_costly_plays_on_a_terminal(folder: Path) -> None:
    """On a terminal the play that lost the hand is red and the bar has come and gone;
    the lines read the same as in a pipe, where nothing is coloured."""
    shutil.copy(ROOT / "samples/legal/42-costly-play.42", folder / "costly.42")
    raw, code = in_terminal(["analyze", "costly.42"], folder)
    piped, piped_code = in_pipe(["analyze", "costly.42"], folder)
    assert code == piped_code == 0
    lost = next(line for line in raw.splitlines() if "4-3" in line and "lost" in line)
    assert "\x1b[1;31m" in lost  # bold red
    assert SPINNER.search(raw), "the progress bar was drawn (it is gone from the final screen)"
    assert "\x1b[" not in piped
    assert final_screen(raw) == piped.rstrip("\n").splitlines()
