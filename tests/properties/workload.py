"""Pathological inputs of a given size, and the work ``referee check`` does on one.

``python -m tests.properties.workload PATTERN BYTES[,BYTES...] [CPU_LIMIT]`` builds each
input, runs ``check`` on it in this process twice (once timed, once under ``cProfile``) and
prints, as a JSON line per size, the CPU seconds, the function calls and the bytes printed.  ``test_linear.py`` runs it in a
child process, so that a quadratic case can be stopped, and compares 10 KB with 100 KB.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _repeat(head: str, unit: str, tail: str) -> Callable[[int], str]:
    """``head``, then ``unit`` as often as fits in ``size`` bytes, then ``tail``."""
    return lambda size: head + unit * max(1, (size - len(head) - len(tail)) // len(unit)) + tail


def _sample(name: str) -> Callable[[int], str]:
    def build(size: int) -> str:
        text = (ROOT / "samples" / name).read_text(encoding="utf-8") + "\n"
        return text * max(1, size // len(text))

    return build


PATTERNS: dict[str, Callable[[int], str]] = {
    "repeated-tags": _repeat('[Rules "42"] ', '[Event "x"] ', "\nhand 1\n"),
    "unknown-tags": _repeat('[Rules "42"] ', '[Evnt "x"] ', "\nhand 1\n"),
    "deal-tiles": _repeat("hand 1\n  deal N ", "6-6 ", "\n"),
    "trump-follow-spaces": _repeat("hand 1\n  trump follow", " ", "x\n"),
    "open-braces": lambda size: "hand 1\n" + "{" * (size // 2) + "}" * (size // 2) + "\n",
    "comment-line": _repeat("hand 1 dealer N\n; ", "a comment ", "\n"),
    "junk-line": _repeat("hand 1 dealer N\n  ", "x", "\n"),
    "play-slashes": _repeat("hand 1 dealer N\n  bid N 30, E pass, S pass, W pass\n  trump sixes\n  play ", "N 6-6 / ", "\n"),
    "hand-log": _sample("legal/42-hand-log.42"),
    "reneges": _sample("broken/42-renege.42"),
}


def measure(pattern: str, size: int) -> dict[str, float]:
    """CPU seconds, function calls and output bytes of ``referee check`` on the input."""
    from tests.properties.fuzzing import run

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{pattern}.42"
        path.write_text(PATTERNS[pattern](size), encoding="utf-8")
        args = ["check", str(path), "--jobs", "1"]
        warm = Path(folder) / "warm.42"
        warm.write_text(PATTERNS[pattern](200), encoding="utf-8")
        run(["check", str(warm), "--jobs", "1"])  # imports, the grammar, caches: not part of the measure
        start = time.process_time()
        timed = run(args)
        cpu = time.process_time() - start
        profile = cProfile.Profile()
        profile.enable()
        counted = run(args)
        profile.disable()
        calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    assert timed.escaped is None and counted.escaped is None
    return {"bytes": path.stat().st_size if path.exists() else size, "cpu": cpu, "calls": calls, "out": len(timed.text)}


def main(pattern: str, sizes: list[int], cpu_limit: float) -> None:
    """Measure each size in turn, a JSON line each; stop after one that took over ``cpu_limit``
    seconds of CPU (a quadratic case: the bigger sizes would take minutes)."""
    if hasattr(os, "sched_setaffinity"):  # one core: no migration between cores in the middle of a measure
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    for size in sizes:
        result = measure(pattern, size)
        print(json.dumps(result), flush=True)
        if result["cpu"] > cpu_limit:
            return


if __name__ == "__main__":
    main(sys.argv[1], [int(n) for n in sys.argv[2].split(",")], float(sys.argv[3]) if len(sys.argv) > 3 else 1e9)
