"""How fast the double-dummy solver solves whole deals from the opening lead (not a test).

For each game, random deals (``shuffle_deal``, seeded): a random declarer names
the trump suit it holds most of (Moon: after taking the widow and putting back
its weakest tile; Texas 88: after taking the cat's counters for its weakest
tiles), and ``solve`` finds the value from the declarer's lead.  Times are CPU
seconds of the process that solves (``time.process_time``); the machine is
shared, so medians and the 95th percentile are what to read.  ``--write`` puts
the figures in ``docs/performance.md`` under "Double-dummy solver".

``--against DIR`` measures the same deals with the solver of another checkout
(its ``referee`` package) in the same run: slices of ``--slice`` deals go to
this checkout and to the other in turn, each in a process of its own, so a
machine whose speed drifts slows both alike.  Compare the two as ratios.

    python bench/analyze_bench.py                          # 200 deals of each game
    python bench/analyze_bench.py --games 42 --deals 50 --profile
    python bench/analyze_bench.py --against ../base --write
    python bench/analyze_bench.py --games 88 --deals 25 --budget 8000000 --each   # nodes of each deal
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from referee.engine.deal import shuffle_deal
from referee.engine.declarations import Declaration, table_for
from referee.engine.games import GAMES
from referee.engine.profiles import Game
from referee.engine.solver import DEFAULT_BUDGET, Position, solve, start_position
from referee.engine.tiles import Tile, count_value

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "performance.md"
MARKER = "<!-- solver figures: written by bench/analyze_bench.py -->"
END = "<!-- end of solver figures -->"

Run = tuple[bool, int, float]
"""One deal: solved within the budget, nodes visited, CPU seconds."""


@dataclass(frozen=True, slots=True)
class Figures:
    game: str
    code: str
    deals: int
    solved: int
    median_ms: float
    p95_ms: float
    max_ms: float
    nodes_per_s: float
    median_nodes: int


def best_suit(hand: list[Tile]) -> int:
    """The suit the hand holds most of (the higher on a tie)."""
    return max(range(7), key=lambda s: (sum(t.has(s) for t in hand), s))


def weakest(hand: list[Tile], suit: int, n: int) -> list[Tile]:
    """``n`` tiles to put back: no trump, no counter, fewest pips first."""
    spare = sorted((t for t in hand if not t.has(suit) and not count_value(t)), key=lambda t: (t.pips, t))
    return spare[:n]


def opening(game: Game, rng: random.Random) -> Position:
    """A random deal with a random declarer who names its longest suit."""
    hands, kitty = shuffle_deal(game, rng)
    declarer = rng.randrange(game.players)
    hand = hands[declarer]
    if game.kitty == "widow":
        hand += kitty
        suit = best_suit(hand)
        hand.remove(weakest(hand, suit, 1)[0] if weakest(hand, suit, 1) else min(hand, key=lambda t: t.pips))
    elif game.kitty == "cat":
        take = [t for t in kitty if count_value(t)]
        suit = best_suit(hand + take)
        give = weakest(hand, suit, len(take))
        if len(give) == len(take):
            for t, g in zip(take, give, strict=True):
                hand.remove(g)
                hand.append(t)
        suit = best_suit(hand)
    else:
        suit = best_suit(hand)
    return start_position(game, table_for(Declaration("suit", suit)), hands, declarer)


def measure(name: str, seed: int, first: int, count: int, budget: int) -> list[Run]:
    """Solve deals ``first .. first + count - 1`` of the seeded sequence of ``name``."""
    game = GAMES[name]
    rng = random.Random(seed)
    runs: list[Run] = []
    for i in range(first + count):
        pos = opening(game, rng)
        if i < first:
            continue
        t0 = time.process_time()
        result = solve(pos, budget=budget)
        runs.append((result.solved, result.nodes, time.process_time() - t0))
    return runs


def figures(name: str, code: str, runs: list[Run]) -> Figures:
    times = sorted(t for _, _, t in runs)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return Figures(
        name,
        code,
        len(runs),
        sum(s for s, _, _ in runs),
        statistics.median(times) * 1000,
        p95 * 1000,
        times[-1] * 1000,
        sum(n for _, n, _ in runs) / max(sum(times), 1e-9),
        int(statistics.median(n for _, n, _ in runs)),
    )


def in_child(root: Path, name: str, seed: int, first: int, count: int, budget: int) -> list[Run]:
    """``measure`` in a process whose ``referee`` is the package of checkout ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    args = [sys.executable, __file__, "--child", "--games", name, "--seed", str(seed), "--first", str(first), "--deals", str(count)]
    out = subprocess.run([*args, "--budget", str(budget)], env=env, check=True, capture_output=True, text=True).stdout
    return [(bool(s), int(n), float(t)) for s, n, t in json.loads(out)]


def side_by_side(name: str, opts: argparse.Namespace, codes: list[tuple[str, Path]]) -> list[Figures]:
    """The deals of ``name`` through each checkout, slice by slice, the order turning each slice."""
    runs: dict[str, list[Run]] = {label: [] for label, _ in codes}
    for i, first in enumerate(range(0, opts.deals, opts.slice)):
        count = min(opts.slice, opts.deals - first)
        for label, root in codes if i % 2 == 0 else codes[::-1]:
            runs[label] += in_child(root, name, opts.seed, first, count, opts.budget)
    return [figures(name, label, runs[label]) for label, _ in codes]


def row(f: Figures, compared: bool) -> str:
    code = f" {f.code} |" if compared else ""
    return (
        f"| {f.game} |{code} {f.deals} | {f.solved / f.deals:.1%} | {f.median_ms:,.0f} | {f.p95_ms:,.0f} | {f.max_ms:,.0f} "
        f"| {f.median_nodes:,} | {f.nodes_per_s:,.0f} |"
    )


def header(compared: bool) -> list[str]:
    code = (" code |", " --- |") if compared else ("", "")
    return [
        f"| game |{code[0]} deals | solved | median ms | 95th pct ms | max ms | median nodes | nodes/s |",
        f"| --- |{code[1]} ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]


def write_doc(command: str, rows: list[str], budget: int, compared: bool) -> None:
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    how = (
        "each checkout's solver on the same deals, slices of deals to each in turn, each slice in a process of its own"
        if compared
        else "CPU time of `referee.engine.solver.solve`"
    )
    section = "\n".join(
        [
            MARKER,
            "",
            "## Double-dummy solver",
            "",
            f"Measured with `{command}` on {platform.python_implementation()} {platform.python_version()}, "
            f"one core, {time.strftime('%Y-%m-%d')}: {how}, from the opening lead "
            f"(random deal, random declarer naming its longest suit), node budget {budget:,}. "
            "The machine is shared and its speed drifts; rerun for steadier figures.",
            "",
            *header(compared),
            *rows,
            "",
            END,
        ]
    )
    if MARKER in text and END in text:
        text = text[: text.index(MARKER)] + section + text[text.index(END) + len(END) :]
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")


def _portable(arg: str) -> str:
    """An argument as the docs print it: another checkout named ``../NAME``, never a path of this machine."""
    return f"../{Path(arg).name}" if Path(arg).is_absolute() else arg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="42,moon,88", help="games to measure (comma-separated)")
    ap.add_argument("--deals", type=int, default=200, help="deals per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="node budget of each solve")
    ap.add_argument("--against", type=Path, help="also measure the solver of this checkout, on the same deals")
    ap.add_argument("--slice", type=int, default=10, help="with --against: deals a process solves before the other checkout's turn")
    ap.add_argument("--profile", action="store_true", help="print the top of a cProfile of the run")
    ap.add_argument("--write", action="store_true", help="write the figures to docs/performance.md")
    ap.add_argument("--each", action="store_true", help="also print each deal: its number, solved or not, nodes, CPU ms")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.child:
        print(json.dumps(measure(opts.games, opts.seed, opts.first, opts.deals, opts.budget)))
        return
    compared = opts.against is not None
    codes = [("this", ROOT), (opts.against.name or str(opts.against), opts.against.resolve())] if compared else []
    rows: list[str] = []
    print(*header(compared), sep="\n")
    profiler = cProfile.Profile() if opts.profile and not compared else None
    for name in opts.games.split(","):
        if compared:
            results = side_by_side(name, opts, codes)
        else:
            if profiler:
                profiler.enable()
            runs = measure(name, opts.seed, 0, opts.deals, opts.budget)
            if profiler:
                profiler.disable()
            if opts.each:
                for i, (solved, nodes, cpu) in enumerate(runs):
                    print(f"{name} deal {i}: {'solved' if solved else 'past the budget'}, {nodes:,} nodes, {cpu * 1000:,.0f} ms")
            results = [figures(name, "this", runs)]
        for f in results:
            rows.append(row(f, compared))
            print(rows[-1], flush=True)
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    if opts.write:
        write_doc(" ".join(["python", "bench/analyze_bench.py", *map(_portable, sys.argv[1:])]), rows, opts.budget, compared)


if __name__ == "__main__":
    main()
