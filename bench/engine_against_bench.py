"""``bench/engine_bench.py``'s replay, this checkout against another, side by side (not a test).

Two long-lived processes, one per checkout (each its own ``.venv`` and its own
``bench/engine_bench.py``), generate the same hands (same seed, same players) and then
replay them in turn, a slice of ``--slice`` hands at a time (profile by profile), alternating
which goes first; each reports its CPU time (``time.process_time``) and its awards'
checksum, which must agree.  Slices of a fraction of a second keep the machine's drift
(shared cores) out of the ratio, as ``against_bench.py`` does with files. The ratio of
each round is this checkout's CPU over the other's; the median of the rounds is printed.

    python bench/engine_against_bench.py ../before --hands 2000 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from paired import ask_both, servers

SERVER = """
import sys, time
sys.path.insert(0, "bench")
import engine_bench as eb
try:
    from referee.engine.games import make_rules
except ImportError:  # the code before issue 23
    from referee.engine.profiles import make_rules
n = int(sys.argv[1])
hands = {}
for p in eb.PROFILES:
    rules = make_rules(p)
    hands[p] = (rules, eb.generate(rules, n, seed=42))
    eb.replay_all(rules, hands[p][1][:50])
print("ready", flush=True)
for line in sys.stdin:
    p, a, b = line.split()
    rules, hs = hands[p]
    part = hs[int(a):int(b)]
    t = time.process_time()
    total = eb.replay_all(rules, part)
    print(time.process_time() - t, total, flush=True)
"""

PROFILES = ("42", "moon", "88")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("other", type=Path, help="the other checkout (with its own .venv)")
    ap.add_argument("--hands", type=int, default=2000, help="hands per profile (default 2000)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--slice", type=int, default=200, help="hands replayed by one side before the other's turn (default 200)")
    opts = ap.parse_args()
    here = Path(__file__).resolve().parents[1]
    with servers((here, opts.other), SERVER, str(opts.hands)) as started:
        for s in started:
            assert s.stdout is not None
            if s.stdout.readline().strip() != "ready":
                raise SystemExit("a server failed to start")
        ratios: dict[str, list[float]] = {p: [] for p in PROFILES}
        overall: list[float] = []
        turn = 0
        for r in range(opts.rounds):
            totals = [0.0, 0.0]
            for p in PROFILES:
                cpu = [0.0, 0.0]
                sums = [0, 0]
                for a in range(0, opts.hands, opts.slice):
                    turn += 1
                    for k, answer in enumerate(ask_both(started, turn, f"{p} {a} {a + opts.slice}")):
                        t, total = answer.split()
                        cpu[k] += float(t)
                        sums[k] += int(total)
                if sums[0] != sums[1]:
                    raise SystemExit(f"{p}: the checksums differ ({sums[0]} against {sums[1]}): not the same hands")
                ratios[p].append(cpu[0] / cpu[1])
                totals[0] += cpu[0]
                totals[1] += cpu[1]
            overall.append(totals[0] / totals[1])
            each = "  ".join(f"{p} {ratios[p][-1]:.3f}" for p in PROFILES)
            print(f"round {r + 1}: {each}  all {overall[-1]:.3f} ({totals[0]:.2f} s against {totals[1]:.2f} s CPU)", flush=True)
    each = "  ".join(f"{p} {statistics.median(ratios[p]):.3f}" for p in PROFILES)
    print(f"median of {opts.rounds} rounds, this / other: {each}  all {statistics.median(overall):.3f}")


if __name__ == "__main__":
    main()
