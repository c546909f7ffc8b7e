"""Round trips to a bot through the match transport, and whole games of a match (not a test).

Starts the standard-library reference bot (``examples/bots/random_bot.py``) once, then
times ``ping``/``pong`` round trips and ``request``/``action`` round trips carrying a
whole view, as the referee measures them (handed to the writer -> line read). Wall time
on a shared machine: read the median and the 95th percentile. Also the CPU the referee
spends per decision (``time.process_time`` of this process over the asks).

Then plays ``--games`` games of 42 as ``referee match`` plays them (``table.play_game``,
a bot process at each seat, every message built from the engine's views), and reports
games per second, the referee's own CPU per decision (this process: the engine, the views,
the messages, the pipes; the bots' CPU is theirs), and beside it ``referee simulate``'s
games per second with the same players inside the engine, no messages at all.

    python bench/bot_bench.py                 # 2,000 of each, 20 games
    python bench/bot_bench.py -n 10000 --games 100 --bot "node bot.js"
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from referee.engine.deal import shuffle_deal
from referee.engine.games import make_rules
from referee.engine.profiles import Rules
from referee.engine.tiles import Tile
from referee.interchange.bot_protocol import CalledBid, Clock, Hello, Played, TimeControl, View
from referee.match.process import BotCommand, BotProcess, Fault
from referee.match.table import FaultRule, GameSpec, TimeRule, play_game
from referee.play.simulate import simulate_games

ROOT = Path(__file__).resolve().parents[1]


def _view() -> View:
    tiles = ["6-6", "6-4", "6-1", "5-5", "4-2", "3-0", "1-1"]
    return View(
        seat="N", hand=1, phase="play", dealer="W", turn="N", tiles=tiles, kitty=None, laid_away=None, exchanged=None,
        calls=[CalledBid(seat=s, call=c) for s, c in (("N", "pass"), ("E", "30"), ("S", "pass"), ("W", "pass"))],
        bid=CalledBid(seat="E", call="30"), declarer="E", contract=None, trump="sixes", trump_by=None, out=[],
        trick=[Played(seat="E", tile="6-2")], tricks=[], points={"NS": 0, "EW": 0}, tricks_won={"NS": 0, "EW": 0},
        tiles_left={"N": 7, "E": 6, "S": 7, "W": 7}, score={"NS": 0, "EW": 0},
        void={}, legal=["6-6", "6-4", "6-1"],
    )  # fmt: skip


def _summary(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"{label:<18} n={len(ms):,}  median {statistics.median(ms) * 1000:7.1f} µs  p95 {p95 * 1000:7.1f} µs  max {ms[-1]:7.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--games", type=int, default=20, help="games of 42 played as a match plays them (0: none)")
    parser.add_argument("--bot", default=f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples/bots/random_bot.py'))}")
    args = parser.parse_args()
    hello = Hello(
        game="42", options={}, target=7, unit="marks", seat="N", seats=["N", "E", "S", "W"],
        sides={"NS": ["N", "S"], "EW": ["E", "W"]}, names={}, time=TimeControl(decision_ms=5000, game_ms=None, increment_ms=0,
        margin_ms=100), seed=1,
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp, BotProcess(BotCommand("bot", shlex.split(args.bot)), Path(tmp) / "bot.err") as bot:
        t = time.perf_counter()
        ready = bot.start(hello, 20)
        start_ms = (time.perf_counter() - t) * 1000
        if isinstance(ready, Fault):
            print(f"the bot did not start: {ready}", file=sys.stderr)
            return 2
        pings = []
        for _ in range(args.n):
            rtt = bot.ping(5)
            if isinstance(rtt, Fault):
                print(f"ping: {rtt}", file=sys.stderr)
                return 1
            pings.append(rtt)
        view, clock, asks = _view(), Clock(decision_ms=5000, game_ms=None), []
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(args.n):
            reply = bot.ask("play", view, clock)
            if isinstance(reply, Fault):
                print(f"ask: {reply}", file=sys.stderr)
                return 1
            asks.append(reply.latency_ms)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"bot: {args.bot}")
    print(f"start to ready     {start_ms:.1f} ms")
    print(_summary("ping -> pong", pings))
    print(_summary("request -> action", asks))
    print(f"wall per decision  {wall / args.n * 1e6:.1f} µs (the whole ask, as a match loop sees it)")
    print(f"referee CPU per decision {cpu / args.n * 1e6:.1f} µs (encode the request, hand it over, read and check the answer)")
    if args.games:
        games(args.bot, args.games)
    return 0


def _deal(rules: Rules, g: int, k: int) -> tuple[list[list[Tile]], list[Tile]]:
    """Hand ``k`` of game ``g``: the same deal every run."""
    return shuffle_deal(rules.game, random.Random(f"bench/{g}/{k}"))


def games(bot: str, n: int) -> None:
    """``n`` games of 42 with a bot process at each seat, against ``simulate``'s games."""
    rules = make_rules("42")
    with tempfile.TemporaryDirectory() as tmp:
        seats = [BotProcess(BotCommand(f"bot{s}", shlex.split(bot)), Path(tmp) / f"{s}.err") for s in range(4)]
        try:
            decisions = hands = 0
            cpu, wall = time.process_time(), time.perf_counter()
            for g in range(1, n + 1):
                spec = GameSpec(
                    number=g,
                    names=("a", "b", "a", "b"),
                    deal=partial(_deal, rules, g),
                    first_dealer=g % 4,
                    seed=g,
                )
                out = play_game(rules, spec, seats, TimeRule(decision_ms=5000), FaultRule())
                decisions += out.decisions
                hands += len(out.awards)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        finally:
            for seat in seats:
                seat.close()
    t = time.perf_counter()
    for _ in simulate_games(rules, n, seed=1, players="random"):
        pass
    simulated = time.perf_counter() - t
    print(f"match games        {n} games, {hands:,} hands, {decisions:,} decisions in {wall:.2f} s: {n / wall:.1f} games/s")
    print(f"referee CPU        {cpu / decisions * 1e6:.1f} µs per decision, {cpu / n * 1000:.1f} ms per game (this process only)")
    print(
        f"simulate           {n / simulated:.1f} games/s (random players inside the engine: the match costs {wall / simulated:.0f} times its time)"
    )


if __name__ == "__main__":
    sys.exit(main())
