"""Hands per second on a 2-worker Dask LocalCluster (``--cluster local:2``) against ``--jobs 2``
on the same corpus, the overhead per hand, and the client's peak memory (not a test).

Uses the corpora of ``bench/batch_bench.py`` (``bench/out/``, made once with ``referee
simulate``), times whole ``referee`` processes, and reads the client's own peak memory
(``VmHWM`` in ``/proc/PID/status``, polled while it runs: the client alone, not the
workers, which are separate processes) so that it can be seen to stay flat from a small
corpus to a large one.  The overhead per hand is counted in CPU seconds of all the
processes of a run (the client's and its workers', from ``os.wait4``), which the other
loads of a shared machine disturb far less than the wall clock: the difference between
the two ways' CPU for each further hand, the slope between the two corpus sizes, so that
start-up (Dask's import, the LocalCluster's scheduler and workers) is not in it; the
fixed cost is reported apart.  Needs the ``dask`` extra.  ``--write`` puts the figures
in ``docs/performance.md`` with the command that produced them.

    python bench/cluster_bench.py                                  # check, score, convert on 10,000 and 100,000 hands of 42
    python bench/cluster_bench.py --commands check --repeat 2 --write
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from batch_bench import REFEREE, corpus, hands_in, put_figures

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "performance.md"
MARKER = "<!-- cluster figures: written by bench/cluster_bench.py -->"
END = "<!-- end of cluster figures -->"
COMMANDS: dict[str, list[str]] = {
    "check": ["check", "-q"],
    "score": ["score", "--format", "json"],
    "convert": ["convert", "--to", "jsonl", "-O", os.devnull],
}
MODES = {"jobs 2": ["--jobs", "2"], "cluster local:2": ["--cluster", "local:2"]}
UNIT_HANDS = 1000
"""Hands per unit on a cluster (``run.batch.UNIT_HANDS``): one Dask task each."""


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    """User + system CPU seconds of the client and of every process it started and waited
    for (the workers of ``--jobs`` and of the LocalCluster): the work done, whatever else
    the machine was doing."""
    peak: int
    """The client process's peak resident memory, bytes."""
    status: int


def _hwm(pid: int) -> int | None:
    """The process's peak resident set so far (``VmHWM``), in bytes."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def run(args: list[str]) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen([*REFEREE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        peak = max(peak, _hwm(proc.pid) or 0)
        time.sleep(0.05)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(time.perf_counter() - start, usage.ru_utime + usage.ru_stime, peak, proc.returncode)


def best(args: list[str], repeat: int) -> Run:
    runs = [run(args) for _ in range(repeat)]
    status = {r.status for r in runs}
    assert len(status) == 1, f"{args}: exit statuses differ between runs: {status}"
    return Run(min(r.wall for r in runs), min(r.cpu for r in runs), max(r.peak for r in runs), runs[0].status)


@dataclass(frozen=True)
class Row:
    command: str
    mode: str
    hands: int
    run: Run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="42")
    ap.add_argument("--sizes", default="10000,100000", help="two corpus sizes in hands: the small and the large one")
    ap.add_argument("--commands", default="check,score,convert")
    ap.add_argument("--repeat", type=int, default=1, help="runs per figure (the fastest is kept)")
    ap.add_argument("--write", action="store_true", help="write the figures to docs/performance.md")
    opts = ap.parse_args()
    small, large = (corpus(opts.game, int(s)) for s in opts.sizes.split(","))
    rows: list[Row] = []
    print(f"{'command':8} {'mode':16} {'hands':>9} {'wall s':>7} {'hands/s':>8} {'CPU s':>7} {'client peak MB':>14}")
    for command in opts.commands.split(","):
        for path in (small, large):
            n = hands_in(path)
            for mode, flags in MODES.items():
                r = best([*COMMANDS[command], str(path), *flags], opts.repeat)
                rows.append(Row(command, mode, n, r))
                print(f"{command:8} {mode:16} {n:>9,} {r.wall:>7.1f} {n / r.wall:>8,.0f} {r.cpu:>7.1f} {r.peak / 2**20:>14.0f}", flush=True)
    lines = table(rows)
    print("\n".join(lines))
    if opts.write:
        write_doc(" ".join(["python", "bench/cluster_bench.py", *sys.argv[1:]]), lines)


def table(rows: list[Row]) -> list[str]:
    """The figures as Markdown: per command and way, hands/s on the large corpus (wall
    clock), the CPU each further hand costs (the slope between the two sizes, all
    processes together) and the fixed CPU (start-up), the client's peak memory on both
    sizes; then the cluster's overhead per hand: the difference of the slopes."""
    out = [
        "| command | way | hands/s (large corpus) | CPU µs per further hand | fixed CPU s | client peak MB (small / large) |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    overhead: list[str] = []
    for command in dict.fromkeys(r.command for r in rows):
        slopes: dict[str, float] = {}
        for mode in MODES:
            a, b = sorted((r for r in rows if r.command == command and r.mode == mode), key=lambda r: r.hands)
            slope = (b.run.cpu - a.run.cpu) / (b.hands - a.hands)
            slopes[mode] = slope
            fixed = b.run.cpu - slope * b.hands
            out.append(
                f"| `{command}` | `--{mode}` | {b.hands / b.run.wall:,.0f} | {slope * 1e6:,.0f} | {fixed:.1f} "
                f"| {a.run.peak / 2**20:.0f} / {b.run.peak / 2**20:.0f} |"
            )
        extra = slopes["cluster local:2"] - slopes["jobs 2"]
        overhead.append(
            f"`{command}` {extra * 1e6:+,.0f} µs ({extra / slopes['jobs 2']:+.0%}; {extra * UNIT_HANDS * 1e3:+,.1f} ms per unit of {UNIT_HANDS} hands)"
        )
    return [*out, "", "CPU the cluster adds to each further hand over `--jobs 2`: " + "; ".join(overhead) + "."]


def write_doc(command: str, lines: list[str]) -> None:
    text = DOC.read_text(encoding="utf-8")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    figures = "\n".join(
        [
            MARKER,
            "",
            f"Measured with `{command}` on {platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count()} cores (load average {load} when it finished, the machine being shared), "
            f"{time.strftime('%Y-%m-%d')}. Whole `referee` processes; the client's peak memory is its own "
            "resident set (`VmHWM`), without the workers'.",
            "",
            *lines,
            "",
            END,
        ]
    )
    put_figures(text, MARKER, END, figures)


if __name__ == "__main__":
    main()
