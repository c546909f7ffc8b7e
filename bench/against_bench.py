"""``check --jobs 1``'s reading and judging, this checkout against another, segment by segment
(not a test).

Two long-lived processes, one per checkout (each its own ``.venv``), judge the same files of
about 500 hands in turn, as ``check --jobs 1`` does (``judge_paths`` with ``Referee(detail=
False)``, the CLI's garbage-collector settings), and report the CPU time of each file: a
drift of the machine's speed longer than a fraction of a second hits both alike, so the
ratio holds to a few percent where whole processes timed in turn vary by tens of percent.
Start-up is left out (``bench/startup.py`` measures it).

    git worktree add ../before 4fb7895   # the code before issue 23, with its own .venv:
    python -m venv ../before/.venv && ../before/.venv/bin/pip install -e ../before
    python bench/against_bench.py ../before --rounds 3
    python bench/against_bench.py ../before --game moon
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_bench import corpus, segments
from paired import ask_both, servers

SERVER = """
import sys, time
try:
    from referee.run.records import judge_paths
    from referee.run.local import tune_gc
except ImportError:  # the code before issue 23
    from referee.pipeline import judge_paths, tune_gc
from referee.judging.replay import Referee
tune_gc()
referee = Referee(detail=False)
for line in sys.stdin:
    t = time.process_time()
    for _ in judge_paths([line.strip()], referee):
        pass
    print(time.process_time() - t, flush=True)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("other", type=Path, help="the other checkout (with its own .venv)")
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--game", default="42", help="the corpus's game (42, moon, 88)")
    ap.add_argument("--rounds", type=int, default=3)
    opts = ap.parse_args()
    here = Path(__file__).resolve().parents[1]
    ratios: list[float] = []
    turn = 0
    with tempfile.TemporaryDirectory() as tmp, servers((here, opts.other), SERVER) as started:
        files = segments(corpus(opts.game, opts.hands), Path(tmp))
        for r in range(opts.rounds):
            totals = [0.0, 0.0]
            for f in files:
                turn += 1
                for k, answer in enumerate(ask_both(started, turn, str(f))):
                    totals[k] += float(answer)
            ratios.append(totals[0] / totals[1])
            print(f"round {r + 1}: this {totals[0]:.2f} s, other {totals[1]:.2f} s CPU, ratio {ratios[-1]:.3f}", flush=True)
    print(f"median of {opts.rounds} rounds: this / other = {statistics.median(ratios):.3f} ({len(files)} segments a round)")


if __name__ == "__main__":
    main()
