"""Peak memory and speed of ``referee select`` and ``referee dups`` on big corpora (not a test).

The corpora are simulated games of Texas 42 (``referee simulate --games N -O FILE``,
made once under ``bench/out/`` by ``batch_bench.corpus`` and kept between runs).  Each
command runs as a whole ``referee`` process on one job; its peak resident memory is
read from ``os.wait4``.  ``select`` judges every record and writes the ones it keeps
(here the hands made, as a log, to /dev/null); ``dups`` reads every record and keeps a
hash of each hand.  With ``--write`` the figures go into docs/performance.md with the
command that produced them.

    python bench/league_bench.py                          # 10,000 and 100,000 hands
    python bench/league_bench.py --sizes 10000,100000,1000000 --write
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_bench import DOC, corpus, hands_in, put_figures, run

COMMANDS: dict[str, list[str]] = {
    "select": ["select", "--jobs", "1", "--made", "--hands", "-O", os.devnull],
    "dups": ["dups", "--format", "json"],
}
START = "<!-- league figures: written by bench/league_bench.py -->"
END = "<!-- end of league figures -->"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000", help="corpus sizes in hands (comma-separated)")
    ap.add_argument("--commands", default="select,dups")
    ap.add_argument("--write", action="store_true", help="write the figures to docs/performance.md")
    opts = ap.parse_args()
    rows = []
    load = os.getloadavg()
    print(f"{'command':8} {'hands':>10} {'seconds':>8} {'hands/s':>8} {'peak MB':>8}")
    for size in (int(s) for s in opts.sizes.split(",")):
        path = corpus("42", size)
        n = hands_in(path)
        for cmd in opts.commands.split(","):
            wall, peak, status = run([*COMMANDS[cmd], str(path)])
            if status not in (0, 1):
                raise SystemExit(f"{cmd} on {path} exited {status}")
            print(f"{cmd:8} {n:>10,} {wall:>8.1f} {n / wall:>8,.0f} {peak / 2**20:>8.0f}", flush=True)
            rows.append(f"| `{cmd}` | {n:,} | {wall:,.1f} | {n / wall:,.0f} | {peak / 2**20:.0f} |")
    if opts.write:
        command = "python bench/league_bench.py " + " ".join(sys.argv[1:])
        when = datetime.date.today().isoformat()
        block = "\n".join(
            [
                START,
                "",
                f"Measured with `{command}` on CPython {platform.python_version()}, {len(os.sched_getaffinity(0))} cores "
                f"shared with other jobs (load average {load[0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end: the "
                f"seconds are inflated by the other jobs, the memory is not), {when}. Whole `referee` processes on one job "
                "(`select --jobs 1 --made --hands -O /dev/null`; `dups --format json`); peak memory is the process's maximum "
                "resident set.",
                "",
                "| command | hands | seconds | hands/s | peak MB |",
                "| --- | ---: | ---: | ---: | ---: |",
                *rows,
                "",
                END,
            ]
        )
        put_figures(DOC.read_text(encoding="utf-8"), START, END, block)


if __name__ == "__main__":
    main()
