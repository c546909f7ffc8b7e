"""End-to-end speed and memory of ``referee check``, ``score`` and ``convert`` (not a test).

Generates corpora with ``referee simulate`` under ``bench/out/`` (git-ignored; kept
between runs), times whole ``referee`` processes on one job and on every core, reads
each process's peak memory from ``os.wait4``, measures where the time of one process
goes (chunking, lexing and parsing, model building, replay), prints it all, and with
``--write`` puts it in ``docs/performance.md`` with the command that produced it.

    python bench/batch_bench.py                      # 10,000 and 100,000 hands of each game
    python bench/batch_bench.py --games 42 --sizes 10000,100000 --big --write
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
FLOOR = Path(os.environ.get("REFEREE_FLOOR", ROOT.parent / "shared" / "bench" / "floor42.py"))
"""The floor script (not part of this repository): set ``REFEREE_FLOOR`` to its path."""
DOC = ROOT / "docs" / "performance.md"
REFEREE = [sys.executable, "-m", "referee"]
"""The ``referee`` command as the console script runs it (``referee.cli.guard.run``, which
loads only the command run's module), from whichever checkout the interpreter imports."""
COMMANDS: dict[str, list[str]] = {
    "check": ["check", "-q"],
    "score": ["score", "--format", "csv"],
    "convert": ["convert", "--to", "jsonl"],
}


def hands_in(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for line in f if line.startswith(b"hand"))


def corpus(game: str, hands: int) -> Path:
    """A file of simulated games of ``game`` holding at least ``hands`` hands (made once).

    The number of games comes from the average game of a 40-game sample; when the
    games run shorter, more are simulated (the next seed) and appended.
    """
    path = OUT / f"{game}-{hands}.42"
    if path.exists():
        return path
    OUT.mkdir(parents=True, exist_ok=True)
    sample = OUT / f"{game}-sample.42"
    if not sample.exists():
        subprocess.run([*REFEREE, "simulate", "--rules", game, "--games", "40", "--seed", "1", "-O", str(sample)], check=True)
    per_game = hands_in(sample) / 40
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    seed, have = 1, 0
    while have < hands:
        games = math.ceil((hands - have) / per_game * 1.05)
        print(f"  simulating {games:,} games of {game} (seed {seed}) -> {path.relative_to(ROOT)}", flush=True)
        part = path.with_suffix(f".part{seed}")
        subprocess.run([*REFEREE, "simulate", "--rules", game, "--games", str(games), "--seed", str(seed), "-O", str(part)], check=True)
        with tmp.open("ab") as out, part.open("rb") as f:
            shutil.copyfileobj(f, out)
            out.write(b"\n")
        part.unlink()
        have = hands_in(tmp)
        seed += 1
    tmp.rename(path)
    return path


def big_corpus(base: Path, times: int) -> Path:
    """``base`` repeated ``times`` times: a big file of many records, made from a small one."""
    path = OUT / f"{base.stem}-x{times}.42"
    if not path.exists():
        with path.open("wb") as out:
            for _ in range(times):
                with base.open("rb") as f:
                    shutil.copyfileobj(f, out)
                out.write(b"\n")
    return path


def run(args: list[str]) -> tuple[float, int, int]:
    """Wall seconds, peak RSS in bytes and exit status of one whole ``referee`` process."""
    start = time.perf_counter()
    proc = subprocess.Popen([*REFEREE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss * 1024, proc.returncode


def best(args: list[str], repeat: int) -> tuple[float, int]:
    runs = [run(args) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def breakdown(path: Path) -> list[tuple[str, float]]:
    """Seconds per stage for one file, in this process, with the CLI's GC settings.

    Each row adds one stage to the one before and is the difference: decoding and
    cutting chunks, reading hands and headers into records, assembling records, the
    replay (``Referee.judge`` as ``check`` runs it), and what the loop of ``run.records`` adds on top
    (placing diagnostics, counting).
    """
    import io
    from collections import deque

    from referee.judging.replay import Referee
    from referee.notation.assemble import read_chunk
    from referee.notation.reader import read_records
    from referee.notation.scanner import Chunk, chunks, decode_blocks
    from referee.run.local import tune_gc
    from referee.run.records import judge_paths

    tune_gc()
    data = path.read_bytes()

    def timed(fn: Callable[[], object]) -> float:
        gc.collect()
        t = time.process_time()
        fn()
        return time.process_time() - t

    t_chunks = timed(lambda: sum(1 for _ in chunks(decode_blocks(io.BytesIO(data)))))
    cut = [c for c in chunks(decode_blocks(io.BytesIO(data))) if isinstance(c, Chunk)]
    t_items = timed(lambda: deque(map(read_chunk, cut), maxlen=0))  # each record let go, as `check` lets it go
    t_read = timed(lambda: sum(1 for _ in read_records(io.BytesIO(data), str(path))))
    referee = Referee(detail=False)  # as `check` runs it

    def read_and_judge() -> None:
        for i, rr in enumerate(read_records(io.BytesIO(data), str(path)), 1):
            if rr.record is not None:
                referee.judge(rr.record, file=str(path), game_index=i)

    t_judge = timed(read_and_judge)
    t_all = timed(lambda: sum(1 for _ in judge_paths([str(path)], referee)))
    return [
        ("decoding the bytes and cutting the text into chunks (`scanner`)", t_chunks),
        ("reading headers and hands into records: words, items, comments (`read_chunk`)", t_items),
        # mostly not the assembler's own work (about 14k instructions a 42 hand of 320k): reading each
        # chunk as it is cut, and a game's hands kept until it ends, cost more than the two apart
        ("assembling games and logs (`Assembler`), and reading while cutting", max(0.0, t_read - t_items - t_chunks)),
        ("replay (`Referee.judge`, `detail=False` as in `check`)", max(0.0, t_judge - t_read)),
        ("placing diagnostics, the loop (`run.records.judge_paths`)", max(0.0, t_all - t_judge)),
    ]


def cpu_seconds(argv: list[str]) -> float:
    """User + system CPU seconds of one whole process (and its children)."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


def against_floor(path: Path, rounds: int) -> list[tuple[float, float]]:
    """(check, floor) CPU seconds on ``path``, interleaved round by round so that a drift
    in the machine's speed hits both alike; the floor is ``../shared/bench/floor42.py``
    when it is there (the least pure-Python work that checks a plain 42 corpus)."""
    floor = FLOOR if FLOOR.exists() else None
    if floor is None:
        return []
    out = []
    for _ in range(rounds):
        a = cpu_seconds([*REFEREE, "check", "--jobs", "1", "-q", str(path)])
        b = cpu_seconds([sys.executable, str(floor), str(path)])
        out.append((a, b))
    return out


def segments(path: Path, tmp: Path, size: int = 500) -> list[Path]:
    """``path`` cut at game boundaries into files of about ``size`` hands, written in ``tmp``."""
    games = path.read_text(encoding="utf-8").split("[Rules ")
    pieces: list[str] = []
    current, hands = games[0], 0
    for g in games[1:]:
        current += "[Rules " + g
        hands += g.count("\nhand ")
        if hands >= size:
            pieces.append(current)
            current, hands = "", 0
    if current.strip():
        pieces.append(current)
    files = []
    for i, text in enumerate(pieces):
        f = tmp / f"{i}.42"
        f.write_text(text, encoding="utf-8")
        files.append(f)
    return files


def fine_floor(path: Path, segment: int = 500) -> tuple[float, float, int] | None:
    """(check, floor) CPU seconds in this process, alternating segment by segment.

    The corpus is cut at game boundaries into files of about ``segment`` hands; the floor
    and the referee (``judge_paths`` as ``check --jobs 1`` runs it) take each in turn, so
    a drift of the machine's speed longer than a fraction of a second hits both alike.
    Whole processes timed in turn (``against_floor``) varied from 3.4 to 6.4 times on
    this machine in one run; this gives the ratio to within a few percent.
    """
    import io
    import tempfile

    from referee.judging.replay import Referee
    from referee.run.local import tune_gc
    from referee.run.records import judge_paths

    if not FLOOR.exists():
        return None
    code = compile(FLOOR.read_text(encoding="utf-8"), str(FLOOR), "exec")
    referee = Referee(detail=False)
    tune_gc()
    check = floor = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        files = segments(path, Path(tmp), segment)
        for f in files:
            argv, err = sys.argv, sys.stderr
            sys.argv, sys.stderr = ["floor42", str(f)], io.StringIO()
            t = time.process_time()
            try:
                exec(code, {"__name__": "__main__"})
            finally:
                sys.argv, sys.stderr = argv, err
            floor += time.process_time() - t
            t = time.process_time()
            for _ in judge_paths([str(f)], referee):
                pass
            check += time.process_time() - t
    return check, floor, len(files)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="42,moon,88", help="games to measure (comma-separated)")
    ap.add_argument("--sizes", default="10000,100000", help="corpus sizes in hands (comma-separated)")
    ap.add_argument("--commands", default="check,score,convert")
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)), help="the 'all cores' job count")
    ap.add_argument("--repeat", type=int, default=1, help="runs per figure (the best is kept)")
    ap.add_argument("--big", action="store_true", help="also check a 1,000,000-hand 42 file (memory must not grow)")
    ap.add_argument(
        "--floor", type=int, default=0, metavar="ROUNDS", help="time `check` against the floor script, ROUNDS interleaved rounds"
    )
    ap.add_argument("--write", action="store_true", help="write the figures to docs/performance.md")
    opts = ap.parse_args()
    games = opts.games.split(",")
    sizes = [int(s) for s in opts.sizes.split(",")]
    commands = opts.commands.split(",")
    cores = opts.jobs
    rows: list[str] = []
    print(f"{'game':5} {'hands':>9} {'command':8} {'1 job h/s':>10} {f'{cores} jobs h/s':>10} {'speed-up':>8} {'peak MB (1/N)':>14}")
    for game in games:
        for size in sizes:
            path = corpus(game, size)
            n = hands_in(path)
            for cmd in commands:
                args = [*COMMANDS[cmd], str(path)]
                if cmd == "convert":
                    args += ["-O", os.devnull]
                w1, m1 = best([*args, "--jobs", "1"], opts.repeat)
                wn, mn = best([*args, "--jobs", str(cores)], opts.repeat)
                line = (
                    f"| {game} | {n:,} | `{cmd}` | {n / w1:,.0f} | {n / wn:,.0f} | {w1 / wn:.2f}x | {m1 / 2**20:.0f} / {mn / 2**20:.0f} |"
                )
                rows.append(line)
                print(
                    f"{game:5} {n:>9,} {cmd:8} {n / w1:>10,.0f} {n / wn:>10,.0f} {w1 / wn:>7.2f}x {m1 / 2**20:>6.0f} / {mn / 2**20:.0f}",
                    flush=True,
                )
    memory: list[str] = []
    if opts.big:
        small = corpus("42", 10_000)
        base = corpus("42", 100_000)
        big = big_corpus(base, 10)
        for path in (small, base, big):
            n = hands_in(path)
            for jobs in (1, cores):
                wall, peak, _ = run(["check", "-q", str(path), "--jobs", str(jobs)])
                memory.append(f"| {n:,} | {jobs} | {n / wall:,.0f} | {peak / 2**20:.0f} |")
                print(f"memory: {n:>9,} hands, {jobs} jobs: {n / wall:,.0f} hands/s, peak {peak / 2**20:.0f} MB", flush=True)
    stages = breakdown(corpus("42", 10_000))
    total = sum(s for _, s in stages)
    n = hands_in(corpus("42", 10_000))
    stage_rows = [f"| {name} | {s:.2f} | {s / total:.0%} | {s / n * 1e6:.0f} |" for name, s in stages]
    for row in stage_rows:
        print(row)
    floor_rows: list[str] = []
    if opts.floor:
        pairs = against_floor(corpus("42", 100_000), opts.floor)
        for a, b in pairs:
            floor_rows.append(f"| {a:.2f} | {b:.2f} | {a / b:.2f} |")
            print(f"floor: check {a:.2f} s CPU, floor {b:.2f} s CPU, ratio {a / b:.2f}", flush=True)
        if pairs:
            ratios = sorted(a / b for a, b in pairs)
            floor_rows.append(f"| median of {len(pairs)} | | **{ratios[len(ratios) // 2]:.2f}** |")
        fine = fine_floor(corpus("42", 100_000))
        if fine is not None:
            a, b, parts = fine
            floor_rows.append(f"| in one process, alternating {parts} segments of about 500 hands: {a:.2f} | {b:.2f} | **{a / b:.2f}** |")
            print(f"floor, segment by segment: check {a:.2f} s CPU, floor {b:.2f} s CPU, ratio {a / b:.2f}", flush=True)
    if opts.write:
        write_doc(" ".join(["python", "bench/batch_bench.py", *sys.argv[1:]]), cores, rows, memory, stage_rows, n, floor_rows)


def write_doc(command: str, cores: int, rows: list[str], memory: list[str], stages: list[str], n: int, floor: list[str]) -> None:
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    marker = "<!-- figures: written by bench/batch_bench.py -->"
    end = "<!-- end of figures -->"
    figures = "\n".join(
        [
            marker,
            "",
            f"Measured with `{command}` on {platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}. Whole `referee` processes; hands per second "
            f"include start-up; peak memory is the process's maximum resident set (workers are separate processes "
            f"of about the same size).",
            "",
            f"| game | hands | command | 1 job (hands/s) | {cores} jobs (hands/s) | speed-up | peak MB (1 job / {cores} jobs) |",
            "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
            *rows,
            "",
            *(
                [
                    "Memory against file size (`referee check -q`; the 1,000,000-hand file is the 100,000-hand corpus ten times):",
                    "",
                    "| hands | jobs | hands/s | peak MB |",
                    "| ---: | ---: | ---: | ---: |",
                    *memory,
                    "",
                ]
                if memory
                else []
            ),
            *(
                [
                    "`check --jobs 1 -q` against the floor (`../shared/bench/floor42.py`, the least pure-Python work that checks "
                    "a plain 42 corpus) on the 100,000-hand 42 corpus, CPU seconds (user + system) of whole processes, "
                    "interleaved round by round:",
                    "",
                    "| `check` CPU s | floor CPU s | ratio |",
                    "| ---: | ---: | ---: |",
                    *floor,
                    "",
                ]
                if floor
                else []
            ),
            f"Where the time of one `check` process goes (42, {n:,} hands, one job, in-process CPU time; start-up not included):",
            "",
            "| stage | seconds | share | µs per hand |",
            "| --- | ---: | ---: | ---: |",
            *stages,
            "",
            end,
        ]
    )
    put_figures(text, marker, end, figures)


def put_figures(text: str, marker: str, end: str, figures: str) -> None:
    """Write ``figures`` (which start with ``marker`` and end with ``end``) into
    docs/performance.md in place of the ones between the same markers, or at its end."""
    if marker in text and end in text:
        text = text[: text.index(marker)] + figures + text[text.index(end) + len(end) :]
    else:
        text = text.rstrip() + "\n\n" + figures + "\n"
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
