"""How fast the engine replays hands, per profile, on one core.

Not a test: it prints figures. Hands are generated once by computer players
(deal + the list of actions); only the replay is timed, through fresh ``Hand``
objects with every check the referee makes (``check_bid``/``bid``,
``check_exchange``/``exchange``, ``check_declare``/``declare``,
``check_play``/``play``, ``result``).

Usage: ``python bench/engine_bench.py [--hands N] [--repeat R] [--profile]``
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.auction import Bid
from referee.engine.deal import shuffle_deal
from referee.engine.declarations import Declaration
from referee.engine.games import make_rules
from referee.engine.hand import Hand, Phase
from referee.engine.profiles import Rules
from referee.engine.tiles import Tile
from referee.play.players import SensiblePlayer

PROFILES = ("42", "moon", "88")


@dataclass(frozen=True, slots=True)
class Recorded:
    dealer: int
    deal: list[list[Tile]]
    kitty: list[Tile]
    bids: list[tuple[int, Bid | None]]
    exchange: tuple[list[Tile], list[Tile]] | None
    declaration: Declaration | None
    plays: list[tuple[int, Tile]]


def generate(rules: Rules, n: int, seed: int) -> list[Recorded]:
    """``n`` legal hands played by sensible players, written down action by action."""
    rng = random.Random(seed)
    game = rules.game
    players = [SensiblePlayer(random.Random(rng.random())) for _ in game.seats]
    out: list[Recorded] = []
    for i in range(n):
        deal, kitty = shuffle_deal(game, rng)
        dealer = i % game.players
        hand = Hand(rules, dealer, deal, kitty)
        bids: list[tuple[int, Bid | None]] = []
        exchange: tuple[list[Tile], list[Tile]] | None = None
        declaration: Declaration | None = None
        plays: list[tuple[int, Tile]] = []
        while True:
            phase = hand.phase
            if phase is Phase.AUCTION:
                seat = hand.turn
                assert seat is not None
                bid = players[seat].choose_bid(hand)
                bids.append((seat, bid))
                hand.bid(seat, bid)
            elif phase is Phase.EXCHANGE:
                assert hand.declarer is not None
                take, give = players[hand.declarer].choose_exchange(hand)
                exchange = (list(take), list(give))
                hand.exchange(take, give)
            elif phase is Phase.DECLARE:
                assert hand.declarer is not None
                declaration = players[hand.declarer].choose_declaration(hand)
                hand.declare(declaration)
            elif phase is Phase.PLAY and not hand.decided:
                seat = hand.turn
                assert seat is not None
                t = players[seat].choose_play(hand)
                plays.append((seat, t))
                hand.play(t, seat)
            else:
                break
        out.append(Recorded(dealer, [list(h) for h in deal], list(kitty), bids, exchange, declaration, plays))
    return out


def replay_all(rules: Rules, hands: Sequence[Recorded]) -> int:
    """Replay every hand the way the referee does; returns a checksum of the awards."""
    total = 0
    for rec in hands:
        hand = Hand(rules, rec.dealer, rec.deal, rec.kitty)
        for seat, bid in rec.bids:
            if hand.check_bid(seat, bid) is not None:
                raise AssertionError("a generated bid was refused")
            hand.bid(seat, bid, force=True)
        if rec.exchange is not None:
            take, give = rec.exchange
            if hand.check_exchange(take, give) is not None:
                raise AssertionError("a generated exchange was refused")
            hand.exchange(take, give, force=True)
        if rec.declaration is not None and hand.phase is Phase.DECLARE:
            if hand.check_declare(rec.declaration) is not None:
                raise AssertionError("a generated declaration was refused")
            hand.declare(rec.declaration, force=True)
        for seat, t in rec.plays:
            if hand.check_play(seat, t) is not None:
                raise AssertionError("a generated play was refused")
            hand.play(t, None, force=True)
        total += sum(hand.result().awards)
    return total


def bench(profile: str, n: int, repeat: int) -> tuple[float, float]:
    rules = make_rules(profile)
    hands = generate(rules, n, seed=42)
    plays = sum(len(h.plays) for h in hands)
    replay_all(rules, hands[:50])  # warm the caches (trump tables)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        replay_all(rules, hands)
        best = min(best, time.perf_counter() - start)
    return n / best, plays / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=5000, help="hands per profile (default 5000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per profile; the best is kept (default 3)")
    parser.add_argument("--profile", action="store_true", help="run cProfile on the 42 replay and print the top functions")
    args = parser.parse_args()
    print(f"engine replay, {args.hands} hands per profile, best of {args.repeat}, one core")
    for profile in PROFILES:
        hands_s, plays_s = bench(profile, args.hands, args.repeat)
        print(f"  {profile:>4}: {hands_s:10,.0f} hands/s  {plays_s:12,.0f} plays/s")
    if args.profile:
        rules = make_rules("42")
        hands = generate(rules, args.hands, seed=42)
        prof = cProfile.Profile()
        prof.runcall(replay_all, rules, hands)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
