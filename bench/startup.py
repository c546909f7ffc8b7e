"""How long ``referee --version``, ``--help`` and ``check`` of an empty file take: whole processes.

    python bench/startup.py [N]
    python bench/startup.py [N] --against DIR

Prints the fastest and the median wall time and CPU time (user + system) of each
command; docs/performance.md quotes them.  With ``--against DIR`` (another checkout,
with its own ``.venv``) each command runs in both checkouts in turn, N pairs, each side
first every other time, from a neutral directory, and the table gives the median CPU of
each side and the median of the pair ratios (this checkout over DIR's), and how many
modules of ``referee`` ``check`` imports in each.  Bytecode caches are written and
read, unless ``--cold``: then none is read or written.  No test asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

COMMANDS = [
    ["-c", "pass"],
    ["-c", "import typer"],
    ["-m", "referee", "--version"],
    ["-m", "referee", "--help"],
    ["-m", "referee", "check", "--help"],
    ["-m", "referee", "check", "-q", "EMPTY.42"],
]
"""Each command, after the Python that runs it (``EMPTY.42``: an empty file, made for the run)."""


ENV = dict(os.environ)
"""The environment of the commands: bytecode caches written and read (warm), unless ``--cold``."""


def measure(command: list[str], runs: int, cwd: str | None = None) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=cwd, env=ENV)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def modules(python: str, cwd: str) -> int:
    """How many modules of ``referee`` ``referee check -q EMPTY.42`` imports."""
    code = (
        "import sys; from referee.cli.guard import run; sys.argv = ['referee', 'check', '-q', 'EMPTY.42']\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "print(sum(m.startswith('referee') for m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, cwd=cwd, check=False, env=ENV)
    return int(done.stderr.strip().splitlines()[-1])


def against(runs: int, other: Path, cwd: str) -> None:
    pythons = [str(HERE / ".venv" / "bin" / "python"), str(other / ".venv" / "bin" / "python")]
    for python in pythons:  # the caches written, when they are to be read
        measure([python, *COMMANDS[-1]], 1, cwd)
    print(f"{runs} pairs, in turn; CPU (user + system) medians; ratio: this checkout over {other.name}'s")
    print(f"| command | this (s) | {other.name} (s) | median of the pair ratios |")
    print("| --- | ---: | ---: | ---: |")
    for command in COMMANDS[2:]:
        cpu: list[list[float]] = [[], []]
        for turn in range(runs):
            for k in (0, 1) if turn % 2 else (1, 0):
                cpu[k] += measure([pythons[k], *command], 1, cwd)[1]
        ratios = [a / b for a, b in zip(*cpu, strict=True)]
        shown = " ".join(["python", *command])
        print(f"| `{shown}` | {statistics.median(cpu[0]):.3f} | {statistics.median(cpu[1]):.3f} | {statistics.median(ratios):.2f} |")
    print(f"modules of referee imported by check: this {modules(pythons[0], cwd)}, {other.name} {modules(pythons[1], cwd)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=20)
    parser.add_argument("--against", type=Path, help="another checkout, with its own .venv")
    parser.add_argument("--cold", action="store_true", help="no bytecode caches: none read, none written")
    opts = parser.parse_args()
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV.pop("PYTHONPYCACHEPREFIX", None)
    with tempfile.TemporaryDirectory() as cwd:
        (Path(cwd) / "EMPTY.42").write_text("", encoding="utf-8")
        if opts.cold:  # caches looked for in an empty directory, and none written there
            ENV.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(Path(cwd) / "no-caches"))
        if opts.against:
            against(opts.runs, opts.against.resolve(), cwd)
            return
        print(f"{opts.runs} runs of each command:")
        print("| command | wall, fastest / median (s) | CPU, fastest / median (s) |")
        print("| --- | ---: | ---: |")
        for command in COMMANDS:
            walls, cpus = measure([sys.executable, *command], opts.runs, cwd)
            shown = " ".join(["python", *command])
            print(f"| `{shown}` | {min(walls):.3f} / {statistics.median(walls):.3f} | {min(cpus):.3f} / {statistics.median(cpus):.3f} |")


if __name__ == "__main__":
    main()
