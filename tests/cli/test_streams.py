"""Closed standard streams (issue 30, item 2): ``referee check x >&-``, ``2>&-`` and ``<&-``,
as cron and daemons run commands.  Every command ends quietly with the exit status it gives
with its streams open, and never a traceback; a command told to read ``-`` with standard
input closed says it cannot read it (exit status 2).  Each case runs the installed command
in a real process whose descriptor is closed by the shell (``stdin=DEVNULL`` is not closed)."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "samples" / "legal"
LEAGUE = ROOT / "samples" / "league"
RENEGE = ROOT / "samples" / "broken" / "42-renege.42"
"""Rule errors only: exit status 1, so that a status of 2 for a stream is seen."""
BAD_TILE = ROOT / "samples" / "broken" / "syntax-bad-tile.42"

CLOSE = {"stdout": ">&-", "stderr": "2>&-", "stdin": "<&-", "all": "<&- >&- 2>&-"}

COMMANDS: dict[str, list[str]] = {
    "check": ["check", str(RENEGE), "--jobs", "1"],
    "check --jobs 2": ["check", str(LEGAL), str(BAD_TILE), "--jobs", "2"],
    "score csv": ["score", str(RENEGE), "--format", "csv", "--jobs", "1"],
    "convert": ["convert", str(LEGAL / "42-game.42"), "--to", "jsonl", "--jobs", "1"],
    "convert json": ["convert", "{json}", "--from", "json", "--to", "text"],
    "fmt --check": ["fmt", "--check", str(RENEGE)],
    "fix --diff": ["fix", "--diff", str(RENEGE)],
    "show": ["show", str(LEGAL / "42-game.42"), "--hand", "2", "--trick", "3"],
    "report": ["report", str(RENEGE), "-O", "{out}/page.html"],
    "select": ["select", str(LEAGUE), "--hands", "--to", "jsonl"],
    "dups": ["dups", str(LEAGUE)],
    "stats": ["stats", str(LEAGUE), "--format", "csv"],
    "standings": ["standings", str(LEAGUE)],
    "analyze": ["analyze", str(LEGAL / "42-nello-made.42"), "--hand", "1", "--jobs", "1"],
    "simulate": ["simulate", "--games", "1", "--seed", "3"],
    "rules": ["rules"],
    "--help": ["--help"],
    "--version": ["--version"],
}

ALL_CLOSED = {"check --jobs 2", "report", "simulate", "--help"}
"""The commands also run with all three streams closed (the stdin commands are, below)."""

STDIN_COMMANDS: dict[str, list[str]] = {
    "check -": ["check", "-", "--jobs", "1"],
    "fmt -": ["fmt", "-"],
    "fix -": ["fix", "-"],
    "convert --from json -": ["convert", "-", "--from", "json"],
    "dups -": ["dups", "-"],
    "show -": ["show", "-", "--hand", "1"],
    "score -": ["score", "-", "--jobs", "1"],
    "convert -": ["convert", "-", "--jobs", "1"],
    "report -": ["report", "-", "-O", "{out}/stdin.html"],
    "select -": ["select", "-"],
    "stats -": ["stats", "-"],
    "standings -": ["standings", "-"],
    "analyze -": ["analyze", "-", "--jobs", "1"],
}


def _run(args: list[str], closed: str | None, tmp: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    filled = [a.replace("{out}", str(tmp)).replace("{json}", str(tmp / "game.jsonl")) for a in args]
    shell = f'exec "$@" {CLOSE[closed]}' if closed else 'exec "$@"'
    return subprocess.run(
        ["sh", "-c", shell, "sh", sys.executable, "-m", "referee", *filled],
        input=stdin,
        capture_output=True,
        timeout=180,
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"},
    )


def _clean(r: subprocess.CompletedProcess[bytes]) -> None:
    text = (r.stdout + r.stderr).decode("utf-8", "replace")
    assert "Traceback" not in text and "internal error" not in text, text[-2000:]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("streams")
    game = subprocess.run(
        [sys.executable, "-m", "referee", "convert", str(LEGAL / "42-game.42"), "--to", "jsonl"],
        capture_output=True,
        timeout=120,
        check=True,
    )
    (folder / "game.jsonl").write_bytes(game.stdout)
    return folder


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_closed_stream_ends_quietly_with_the_status_of_the_input(tmp: Path, name: str) -> None:
    args = COMMANDS[name]
    variants: list[str | None] = [None, "stdout", "stderr", "stdin", *(["all"] if name in ALL_CLOSED else [])]
    with ThreadPoolExecutor(2) as pool:  # independent processes: two at a time
        runs = dict(zip(variants, pool.map(lambda closed: _run(args, closed, tmp), variants), strict=True))
    reference = runs.pop(None)
    _clean(reference)
    assert reference.returncode in (0, 1, 2)
    for closed, r in runs.items():
        _clean(r)
        assert r.returncode == reference.returncode, (
            f"{name} with {closed} closed: {r.returncode}, open: {reference.returncode}\n{r.stderr[-1500:]!r}"
        )
        if closed == "stdout":
            assert r.stdout == b""
            if reference.stderr and name not in ("simulate", "report"):
                assert r.stderr, "what goes to standard error is still said"
        if closed == "stderr":
            assert r.stderr == b""
            assert r.stdout == reference.stdout or name in ("--version",), "standard output is whole without standard error"


@pytest.mark.parametrize("name", list(STDIN_COMMANDS))
def test_a_command_told_to_read_a_closed_standard_input_says_it_cannot(tmp: Path, name: str) -> None:
    with ThreadPoolExecutor(2) as pool:
        r, quiet = pool.map(lambda closed: _run(STDIN_COMMANDS[name], closed, tmp), ["stdin", "all"])
    _clean(r)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert b"standard input is closed" in r.stdout + r.stderr
    _clean(quiet)
    assert quiet.returncode == 2 and quiet.stdout == quiet.stderr == b""


PROBE = """
import sys
from referee.cli import guard
if sys.argv[1] == "fill":
    guard._fill_closed_descriptors()
with open(sys.argv[2], "w") as f:
    print(f.fileno(), file=sys.stderr)
"""


@pytest.mark.parametrize("fill", [False, True])
def test_a_closed_descriptor_is_not_taken_by_a_file_the_command_opens(tmp: Path, fill: bool) -> None:
    """With descriptor 1 closed, the first file opened gets number 1, and a library or a
    child process writing to standard output writes into that file: the console script
    puts ``/dev/null`` there first (``guard._fill_closed_descriptors``)."""
    r = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-c", PROBE, "fill" if fill else "no", str(tmp / "probe")],
        capture_output=True,
        timeout=60,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr
    assert int(r.stderr) == (3 if fill else 1)


def test_standard_output_that_cannot_be_written_is_an_error_naming_it(tmp: Path) -> None:
    """Open but not writable (``1</dev/null``): an I/O failure, exit status 2, in words."""
    r = subprocess.run(
        ["sh", "-c", 'exec "$@" 1</dev/null', "sh", sys.executable, "-m", "referee", "check", str(RENEGE)],
        capture_output=True,
        timeout=120,
        cwd=ROOT,
    )
    _clean(r)
    assert r.returncode == 2
    assert b"cannot write to standard output" in r.stderr
