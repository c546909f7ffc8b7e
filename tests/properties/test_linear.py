"""Time, work and output grow linearly with the input (reliability review H1-H3): the
review's pathological patterns at 10 KB and at 100 KB, through ``referee check``.

Ten times the input may cost at most twenty times the work.  Work is counted, not only
timed: the function calls (``cProfile``, the same on any machine) and the bytes printed;
CPU time is compared too, with everything under 50 ms counted as 50 ms so that noise on a
tiny measure cannot fail it, because a regular expression that backtracks (H3) spends its
time inside one call.  Each pattern runs in a child process pinned to one core
(``workload.py``), which is stopped if it runs away.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .workload import PATTERNS

ROOT = Path(__file__).resolve().parents[2]
SMALL, BIG = 10_000, 100_000
RATIO = 20
SMALL_CPU = 3.0
"""A 10 KB input that takes more CPU seconds than this is already far too slow."""
FLOOR_CPU, FLOOR_OUT = 0.05, 1_000
TIMEOUT = 180


def _measures(pattern: str) -> list[dict[str, float]]:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tests.properties.workload", pattern, f"{SMALL},{BIG}", str(SMALL_CPU)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or ""
        pytest.fail(f"{pattern}: not done in {TIMEOUT} s ({out.strip() or 'not even 10 KB'})")
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("pattern", list(PATTERNS))
def test_linear_in_the_input(pattern: str) -> None:
    measures = _measures(pattern)
    small = measures[0]
    assert small["cpu"] < SMALL_CPU, f"{pattern}: {small['cpu']:.1f} s of CPU for 10 KB"
    big = measures[1]
    assert big["bytes"] >= 9 * small["bytes"]
    assert big["calls"] <= RATIO * small["calls"], f"{pattern}: {big['calls'] / small['calls']:.0f}x the calls for 10x the input"
    assert big["out"] <= RATIO * max(small["out"], FLOOR_OUT), (
        f"{pattern}: {big['out']:,} bytes printed for 100 KB, {small['out']:,} for 10 KB"
    )
    assert big["cpu"] <= RATIO * max(small["cpu"], FLOOR_CPU), (
        f"{pattern}: {big['cpu']:.2f} s of CPU for 100 KB, {small['cpu']:.2f} s for 10 KB"
    )
