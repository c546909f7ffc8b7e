"""Issue 28's ratios in one run (not a test): each command's CPU against ``check``'s, ``check``
against the floor, Moon per play against 42 per play, and ``--jobs 2`` against one job, beside
what the machine gives a perfectly parallel job in the same rounds (``ceiling``).

Whole ``referee`` processes on the same corpus (``bench/out/``, made by ``batch_bench.corpus``),
taken in turn round by round (check, score text, ..., the floor, then again), so a drift of
the machine's speed hits every command alike; each ratio is the median over the rounds of
the ratio within one round.  CPU is user + system time of the process (``os.wait4``), start-up
included.  The floor is ``../shared/bench/floor42.py`` (``REFEREE_FLOOR`` names another).
``--against DIR`` also times ``check --jobs 1`` and ``score --format csv`` of another checkout
(its ``.venv``) in the same rounds: the code before a change, as issue 23 asks.  Each
checkout's ``referee`` package is compiled to bytecode first, as ``pip install`` leaves an
installed one (``--no-compile`` times it as a checkout run with ``PYTHONDONTWRITEBYTECODE``
is, compiling at every start: about 0.1 s more a process).

    python bench/ratio_bench.py --rounds 5
    python bench/ratio_bench.py --rounds 5 --against ../before --write
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_bench import FLOOR, REFEREE, ROOT, corpus, cpu_seconds, put_figures


def wall_seconds(argv: list[str]) -> float:
    """Wall seconds of one whole process."""
    import subprocess

    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


SPIN = "x = 0\nfor i in range(20_000_000):\n    x += i\n"
"""A pure-CPU loop with nothing to share: the work of a perfectly parallel job."""


def ceiling() -> float:
    """What this machine gives a perfectly parallel job at the moment: two copies of ``SPIN``
    at once against one alone, in wall time (2.0 on two free cores; less when the host's
    other tenants or its own scheduling slow a core once both are busy)."""
    import subprocess

    argv = [sys.executable, "-c", SPIN]
    one = wall_seconds(argv)
    start = time.perf_counter()
    both = [subprocess.Popen(argv) for _ in range(2)]
    for proc in both:
        proc.wait()
    return 2 * one / (time.perf_counter() - start)


def compile_package(python: str, checkout: Path) -> None:
    """Compile ``checkout``'s ``referee`` package to bytecode with ``python``, as an install does."""
    import subprocess

    subprocess.run([python, "-m", "compileall", "-q", str(checkout / "referee")], check=True)


def plays_in(path: Path) -> int:
    """Plays written in a corpus: seat-and-tile pairs on the ``play`` lines and their continuations."""
    plays = 0
    in_play = False
    with path.open(encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if words and words[0] == "play":
                in_play, words = True, words[1:]
            elif not words or not words[0].isalpha() or len(words[0]) > 1:
                in_play = False
            if in_play:
                plays += sum(1 for w in words if "-" in w)
    return plays


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=10_000, help="corpus size in hands (42 and Moon)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs-hands", type=int, default=100_000, help="corpus for --jobs 2 against --jobs 1 (0: skip)")
    ap.add_argument("--against", type=Path, help="another checkout, with its own .venv, timed beside this one")
    ap.add_argument("--write", action="store_true", help="write the table to docs/performance.md")
    ap.add_argument("--no-compile", action="store_true", help="leave the packages' bytecode as it is")
    opts = ap.parse_args()
    if not opts.no_compile:
        compile_package(sys.executable, ROOT)
        if opts.against is not None:
            compile_package(str(opts.against / ".venv" / "bin" / "python"), opts.against)
    c42 = corpus("42", opts.hands)
    moon = corpus("moon", opts.hands)
    out = ["-O", os.devnull]
    commands: dict[str, list[str]] = {
        "check": ["check", "--jobs", "1", "-q", str(c42)],
        "score (text)": ["score", "--jobs", "1", str(c42)],
        "score --format json": ["score", "--jobs", "1", "--format", "json", str(c42)],
        "score --format csv": ["score", "--jobs", "1", "--format", "csv", str(c42)],
        "convert --to json": ["convert", "--jobs", "1", "--to", "json", str(c42), *out],
        "convert --to jsonl": ["convert", "--jobs", "1", "--to", "jsonl", str(c42), *out],
        "convert --to text": ["convert", "--jobs", "1", "--to", "text", str(c42), *out],
        "check, Moon": ["check", "--jobs", "1", "-q", str(moon)],
    }
    others: dict[str, list[str]] = {}
    if FLOOR.exists():
        others["floor"] = [sys.executable, str(FLOOR), str(c42)]
    if opts.against is not None:
        exe = [str(opts.against / ".venv" / "bin" / "python"), *REFEREE[1:]]  # started as this checkout's are
        others["before: check"] = [*exe, *commands["check"]]
        others["before: score --format csv"] = [*exe, *commands["score --format csv"]]
    runs: dict[str, list[float]] = {name: [] for name in [*commands, *others]}
    for r in range(opts.rounds):
        for name, args in commands.items():
            runs[name].append(cpu_seconds([*REFEREE, *args]))
        for name, argv in others.items():
            runs[name].append(cpu_seconds(argv))
        print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1]:.2f}" for k, v in runs.items()), flush=True)

    def ratio(a: str, b: str) -> float:
        return statistics.median(x / y for x, y in zip(runs[a], runs[b], strict=True))

    p42, pmoon = plays_in(c42), plays_in(moon)
    rows = [f"| `{name}` | {statistics.median(runs[name]):.2f} | {ratio(name, 'check'):.2f} |" for name in commands]
    notes = []
    if "floor" in runs:
        notes.append(f"`check --jobs 1` against the floor: **{ratio('check', 'floor'):.2f}**")
    per_play = statistics.median((m / pmoon) / (c / p42) for m, c in zip(runs["check, Moon"], runs["check"], strict=True))
    notes.append(f"Moon per play against 42 per play (`check`; {pmoon:,} and {p42:,} plays): **{per_play:.2f}**")
    if opts.against is not None:
        notes.append(f"`check --jobs 1` against the code before: **{ratio('check', 'before: check'):.3f}**")
        notes.append(f"`score --format csv` against the code before: **{ratio('score --format csv', 'before: score --format csv'):.3f}**")
    if opts.jobs_hands:
        big = corpus("42", opts.jobs_hands)
        speed, ideal = [], []
        for _ in range(opts.rounds):
            one = wall_seconds([*REFEREE, "check", "-q", "--jobs", "1", str(big)])
            two = wall_seconds([*REFEREE, "check", "-q", "--jobs", "2", str(big)])
            speed.append(one / two)
            ideal.append(ceiling())
            print(
                f"check --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s wall: {one / two:.2f}x; two loops at once {ideal[-1]:.2f}x", flush=True
            )
        load = os.getloadavg()[0]
        notes.append(
            f"`check --jobs 2` against `--jobs 1`, wall time, {big.name}: **{statistics.median(speed):.2f}x** "
            f"({min(speed):.2f} to {max(speed):.2f}; load average {load:.1f} at the end: a busy machine gives less); "
            f"in the same rounds two copies of a pure-CPU loop at once against one, what this machine gave a perfectly "
            f"parallel job: **{statistics.median(ideal):.2f}x** ({min(ideal):.2f} to {max(ideal):.2f})"
        )
    print()
    print("| command | CPU s (median) | against `check` |")
    for row in rows:
        print(row)
    for note in notes:
        print(note)
    if opts.write:
        args = ["../before" if opts.against is not None and a == str(opts.against) else a for a in sys.argv[1:]]
        command = " ".join(["python", "bench/ratio_bench.py", *args])  # no path of this machine in the docs
        marker, end = "<!-- ratios: written by bench/ratio_bench.py -->", "<!-- end of ratios -->"
        text = "\n".join(
            [
                marker,
                "",
                f"Measured with `{command}` on {platform.python_implementation()} {platform.python_version()}, "
                f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}: {c42.name} ({c42.stat().st_size:,} bytes), whole "
                f"processes in turn over {opts.rounds} rounds, CPU (user + system) with start-up "
                f"({'bytecode as it was' if opts.no_compile else 'bytecode compiled, as an install leaves it'}), "
                "medians of the ratios within a round.",
                "",
                "| command | CPU s (median) | against `check` |",
                "| --- | ---: | ---: |",
                *rows,
                "",
                *[f"- {n}" for n in notes],
                "",
                end,
            ]
        )
        doc = Path(__file__).resolve().parents[1] / "docs" / "performance.md"
        put_figures(doc.read_text(encoding="utf-8"), marker, end, text)


if __name__ == "__main__":
    main()
