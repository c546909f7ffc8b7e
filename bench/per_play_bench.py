"""``check``'s CPU per play of one game against another's, segment by segment in one process
(not a test).

Issue 28 asks that a Moon play cost no more than a 42 play.  Whole processes timed in turn
vary by tens of percent on a shared machine, so the two corpora are cut into files of about
500 hands and judged in turn, as ``check --jobs 1`` judges them (``judge_paths`` with
``Referee(detail=False)``, the CLI's garbage-collector settings); each side's CPU is divided
by the plays its files hold.  Start-up is left out.  The ``referee`` imported is the one
of the current directory first (run it from another checkout to measure that one).

    python bench/per_play_bench.py --rounds 3
    python bench/per_play_bench.py --game 88 --against 42
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())
sys.path.insert(1, str(Path(__file__).resolve().parent))

from batch_bench import corpus, segments


def plays_in(path: Path) -> int:
    """The plays of a file in the plain layout (``SEAT TILE`` pairs on the trick lines)."""
    n = 0
    with path.open(encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if words and words[0] == "play":
                words = words[1:]
            if words and len(words) % 2 == 0 and all(len(w) == 1 for w in words[0::2]) and "-" in words[-1]:
                n += len(words) // 2
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="moon", help="the game measured")
    ap.add_argument("--against", default="42", help="the game it is measured against")
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=3)
    opts = ap.parse_args()

    from referee.judging.replay import Referee
    from referee.run.local import tune_gc
    from referee.run.records import judge_paths

    tune_gc()
    referee = Referee(detail=False)
    ratios: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        sides = []
        for k, game in enumerate((opts.against, opts.game)):
            folder = Path(tmp) / str(k)
            folder.mkdir()
            sides.append(segments(corpus(game, opts.hands), folder))
        n = min(map(len, sides))
        base, measured = sides[0][:n], sides[1][:n]
        plays = [sum(map(plays_in, base)), sum(map(plays_in, measured))]
        for r in range(opts.rounds):
            cpu = [0.0, 0.0]
            for pair in zip(base, measured, strict=True):
                for k in (0, 1) if r % 2 == 0 else (1, 0):  # each side first in turn
                    t = time.process_time()
                    for _ in judge_paths([str(pair[k])], referee):
                        pass
                    cpu[k] += time.process_time() - t
            ratios.append((cpu[1] / plays[1]) / (cpu[0] / plays[0]))
            print(
                f"round {r + 1}: {opts.against} {cpu[0]:.2f} s for {plays[0]:,} plays, {opts.game} {cpu[1]:.2f} s for {plays[1]:,} plays:"
                f" per play {ratios[-1]:.3f}",
                flush=True,
            )
    print(
        f"median of {opts.rounds} rounds: {opts.game} per play / {opts.against} per play = {statistics.median(ratios):.3f} ({n} segments each)"
    )


if __name__ == "__main__":
    main()
