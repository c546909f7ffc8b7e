"""How long ``referee --version`` and ``--help`` take: whole processes, N runs each.

    python bench/startup.py [N]

Prints the fastest and the median wall time and CPU time (user + system) of each
command; docs/performance.md quotes them.  No test asserts a speed.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time

COMMANDS = [
    [sys.executable, "-c", "pass"],
    [sys.executable, "-c", "import typer"],
    [sys.executable, "-m", "referee", "--version"],
    [sys.executable, "-m", "referee", "--help"],
    [sys.executable, "-m", "referee", "check", "--help"],
]


def measure(command: list[str], runs: int) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{runs} runs of each command:")
    print("| command | wall, fastest / median (s) | CPU, fastest / median (s) |")
    print("| --- | ---: | ---: |")
    for command in COMMANDS:
        walls, cpus = measure(command, runs)
        shown = " ".join(["python", *command[1:]])
        print(f"| `{shown}` | {min(walls):.3f} / {statistics.median(walls):.3f} | {min(cpus):.3f} / {statistics.median(cpus):.3f} |")


if __name__ == "__main__":
    main()
