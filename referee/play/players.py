"""Computer players that make legal (and, by default, sensible) choices.

They drive the engine for ``referee simulate``, the property tests and the
benchmarks: every choice is taken from the engine's own legal options, so a
generated game is legal by construction and reproducible from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..engine.auction import Bid, on_ladder
from ..engine.declarations import Declaration, table_for
from ..engine.hand import Hand, Phase
from ..engine.profiles import Contract
from ..engine.tiles import Tile, count_value
from .contracts import can_lose_every_trick, highest_doubles, near_seven, play_nello, sure_followers

__all__ = ["Player", "RandomPlayer", "SensiblePlayer", "drive_hand"]


@dataclass
class Player:
    """Base: uniformly random legal choices."""

    rng: random.Random
    pass_rate: float = 0.6

    # ---- auction
    def legal_bids(self, hand: Hand) -> list[Bid | None]:
        game = hand.game
        ladder = game.ladder
        amounts = list(ladder.point_bids) + list(ladder.all_in_bids)
        if ladder.mark_unit:
            top = max(ladder.mark_bids or (4,))
            amounts += [m * ladder.mark_unit for m in range(1, top + 1)]
        suits: list[int | None] = list(range(7)) if ladder.needs_suit else [None]
        seat = hand.turn
        # Bids the engine would refuse anyway are skipped before asking it (88 has
        # dozens of amounts times seven suits): amounts not over the high bid (E202)
        # and suits the bidder does not hold (E206).  The options are the same.
        high = hand.high_bid.amount if hand.high_bid is not None else None
        if ladder.needs_suit and hand.deal_known and seat is not None:
            held = {n for t in hand.hands[seat] for n in (t.hi, t.lo)}
            suits = [s for s in suits if s in held]
        options: list[Bid | None] = [None]
        for a in sorted(set(amounts)):
            if (high is not None and a <= high) or not on_ladder(game, a):
                continue
            for s in suits:
                b = Bid(a, s)
                if hand.check_bid(seat, b) is None:
                    options.append(b)
        for c in game.contracts:  # plunge and splash, when the options turn them on
            if c.when == "bid" and hand.rules.contract(c.name) is not None and ladder.mark_unit:
                for m in range(c.min_marks, c.min_marks + 2):
                    b = Bid(m * ladder.mark_unit, None, c.name)
                    if hand.check_bid(seat, b) is None:
                        options.append(b)
        if hand.check_bid(seat, None) is not None:
            options.remove(None)
        return options

    def choose_bid(self, hand: Hand) -> Bid | None:
        options = self.legal_bids(hand)
        if None in options and (len(options) == 1 or self.rng.random() < self.pass_rate):
            return None
        bids = [b for b in options if b is not None]
        # Random players favour low bids so that games stay plausible, but now and then
        # bid a mark or a contract, so that every declaration the rules allow comes up.
        unit = hand.game.ladder.mark_unit
        high = [b for b in bids if b.contract is not None or (unit and b.amount >= unit)]
        if high and self.rng.random() < HIGH_BID_RATE:
            return self.rng.choice(high)
        return bids[min(int(self.rng.expovariate(0.7)), len(bids) - 1)]

    # ---- kitty
    def choose_exchange(self, hand: Hand) -> tuple[list[Tile], list[Tile]]:
        assert hand.declarer is not None
        mine = hand.hands[hand.declarer]
        if hand.game.exchange.takes_whole:
            pool = mine + hand.kitty
            return list(hand.kitty), [self.rng.choice(pool)]
        counters = [t for t in hand.kitty if count_value(t)]
        plain = [t for t in mine if not count_value(t)]
        take = counters + [t for t in hand.kitty if not count_value(t) and self.rng.random() < 0.3]
        give = self.rng.sample(plain, min(len(plain), len(take)))
        take = take[: len(give)]
        if len(take) < len(counters):  # cannot replace every counter: take the cat tiles we can
            raise RuntimeError("cat exchange impossible")
        return take, give

    # ---- declaration
    def declarations(self, hand: Hand) -> list[Declaration]:
        """Every declaration the hand accepts now, contracts (nello, sevens) included."""
        kinds = hand.game.declarations
        out = [Declaration("suit", s) for s in range(7)] if "suit" in kinds else []
        if "doubles" in kinds:
            out.append(Declaration("doubles"))
        if "follow-me" in kinds:
            out.append(hand.default_declaration("follow-me"))
        out += [hand.default_declaration(c.name) for c in hand.game.contracts if c.when == "trump"]
        return [d for d in out if hand.can_declare(d)]

    def choose_declaration(self, hand: Hand) -> Declaration:
        return self.rng.choice(self.declarations(hand))

    # ---- play
    def choose_play(self, hand: Hand) -> Tile:
        return self.rng.choice(hand.legal_plays())


RandomPlayer = Player

HIGH_BID_RATE = 0.03
"""How often a random player with a mark or contract bid open to it makes one."""


@dataclass
class SensiblePlayer(Player):
    """Bids on the strength of its hand, names its longest suit, plays to win tricks.

    A special contract the options turn on is bid from the tiles, as players bid it,
    by a player with no mark bid in a suit of its own (``play.contracts`` says when;
    docs/cli.md, ``simulate``, cites the sources and gives the rates): plunge or splash
    with the doubles it needs, 6-6 and 5-5 among them, and two sure tricks behind them;
    nello with low tiles the opponents cannot play under; sevens with tiles of seven
    pips or next to it.  Nello is played to lose by the declarer, and by the opponents
    to make the declarer take a trick.
    """

    def _best_suit(self, tiles: list[Tile]) -> tuple[int, int]:
        """(suit, strength) of the hand's best trump suit: two for each tile of the suit,
        three more for its double, one for each other double."""
        ends = [(int(t) // 7, int(t) % 7) for t in tiles]
        doubles = sum(hi == lo for hi, lo in ends)
        best = (0, -1)
        for s in range(7):
            count = sum(1 for hi, lo in ends if hi == s or lo == s)
            own = ends.count((s, s))  # Texas 88 deals two of each double
            strength = 2 * count + (3 if own else 0) + doubles - own
            if strength > best[1]:
                best = (s, strength)
        return best

    def contract_for(self, hand: Hand, tiles: list[Tile]) -> Contract | None:
        """The special contract these tiles call for (one the options turn on), or None.

        Only a hand that would not bid a mark in a suit of its own looks for one: a
        player who can take every trick with trumps bids them.
        """
        game, rules = hand.game, hand.rules
        on = [c for c in game.contracts if rules.contract(c.name) is not None]
        if not on or not game.ladder.mark_unit or self._best_suit(tiles)[1] >= MARK_STRENGTH:
            return None
        doubles = sum(t.is_double for t in tiles)
        by_doubles = sorted((c for c in on if c.when == "bid" and c.min_doubles), key=lambda c: -c.min_doubles)
        for c in by_doubles:  # plunge before splash: the most doubles the hand can show
            if doubles < c.min_doubles or not all(t in tiles for t in highest_doubles(game.tiles)):
                continue
            if doubles + sure_followers(tiles) >= c.min_doubles + 2:
                return c
        for c in on:
            if c.when != "trump":
                continue
            table = table_for(hand.default_declaration(c.name))
            if c.lose_all and can_lose_every_trick(tiles, table, game.tiles):
                return c
            if table.forced and near_seven(tiles, table, game.tiles):
                return c
        return None

    def _contract_bid(self, hand: Hand, contract: Contract, options: list[Bid]) -> Bid | None:
        """The bid for ``contract``: its own at its least (plunge, splash), or the least mark
        bid it needs (nello, sevens are named after the auction); None when the auction is past it."""
        unit = hand.game.ladder.mark_unit
        assert unit is not None
        least = contract.min_marks * unit
        if contract.when == "bid":
            own = [b for b in options if b.contract == contract.name]
            return min(own, key=lambda b: b.amount) if own else None
        plain = [b for b in options if b.contract is None and b.amount == least]
        return plain[0] if plain else None

    def choose_bid(self, hand: Hand) -> Bid | None:
        seat = hand.turn
        assert seat is not None
        options = [b for b in self.legal_bids(hand) if b is not None]
        if not options:
            return None
        tiles = hand.hands[seat]
        contract = self.contract_for(hand, tiles) if hand.deal_known else None
        if contract is not None:
            bid = self._contract_bid(hand, contract, options)
            if bid is not None:
                return bid
        options = [b for b in options if b.contract is None]
        if not options:
            return None
        game = hand.game
        suit, strength = self._best_suit(tiles)
        if game.ladder.needs_suit:
            options = [b for b in options if b.suit == suit] or options
        # strength runs about 4..20; map it onto the point ladder
        points = game.ladder.point_bids
        reach = (strength - 8) / 10
        if not game.counters_score:  # bids count tricks
            reach = (strength - 7) / 8
        cap_index = int(reach * len(points))
        forced = hand.check_bid(seat, None) is not None
        if cap_index < 0 and not forced:
            return None
        cap = points[min(max(cap_index, 0), len(points) - 1)]
        if strength >= MARK_STRENGTH and (game.ladder.mark_unit or game.ladder.all_in_bids):
            cap = max(b.amount for b in options[:1]) if options else cap
            cap = max(cap, min(b.amount for b in options if b.amount > points[-1]) if any(b.amount > points[-1] for b in options) else cap)
        fitting = [b for b in options if b.amount <= cap]
        if not fitting:
            return options[0] if forced else None
        return fitting[0] if self.rng.random() < 0.7 else fitting[min(1, len(fitting) - 1)]

    def choose_exchange(self, hand: Hand) -> tuple[list[Tile], list[Tile]]:
        assert hand.declarer is not None
        mine = hand.hands[hand.declarer]
        if hand.game.exchange.takes_whole:
            pool = mine + hand.kitty
            suit, _ = self._best_suit(pool)
            weakest = min(pool, key=lambda t: (t.has(suit), t.is_double, t.hi, t.lo))
            return list(hand.kitty), [weakest]
        counters = [t for t in hand.kitty if count_value(t)]
        trump = hand.high_bid.suit if hand.high_bid else None
        plain = sorted((t for t in mine if not count_value(t)), key=lambda t: (trump is not None and t.has(trump), t.is_double, t.hi, t.lo))
        take = counters[: len(plain)]
        give = plain[: len(take)]
        return take, give

    def choose_declaration(self, hand: Hand) -> Declaration:
        caller = hand.trump_caller
        assert caller is not None
        tiles = hand.hands[caller]
        if caller == hand.declarer:  # the contract the auction was bid for, when it is named now
            contract = self.contract_for(hand, tiles)
            if contract is not None and contract.when == "trump":
                planned = hand.default_declaration(contract.name)
                if hand.can_declare(planned):
                    return planned
        doubles = sum(t.is_double for t in tiles)
        kinds = hand.game.declarations
        if "doubles" in kinds and doubles >= 4:
            return Declaration("doubles")
        suit, strength = self._best_suit(tiles)
        if "follow-me" in kinds and strength < 8:
            return hand.default_declaration("follow-me")
        return Declaration("suit", suit)

    def choose_play(self, hand: Hand) -> Tile:
        legal = hand.legal_plays()
        if len(legal) == 1:
            return legal[0]
        table = hand.table
        assert table is not None and hand.turn is not None
        contract = hand.game.contract_by_name.get(hand.declaration.kind) if hand.declaration is not None else None
        if contract is not None and contract.lose_all:
            return play_nello(hand, legal, table)
        teams = hand.game.teams
        me = teams[hand.turn]
        trick = hand.trick
        if not trick:
            # lead the tile most likely to win: the highest trump, else a double
            def lead_key(t: Tile) -> tuple[int, int, int]:
                trump = table.is_trump[t]
                return (int(trump), int(t.is_double), table.rank[t][table.calls[t]])

            return max(legal, key=lead_key)
        tiles = [t for _, t in trick]
        winner_seat = trick[table.winner(tiles)][0]
        partner_winning = teams[winner_seat] == me
        winning: list[Tile] = []
        for t in legal:
            if table.winner([*tiles, t]) == len(tiles):
                winning.append(t)
        if partner_winning:
            counters = [t for t in legal if count_value(t) and t not in winning]
            if counters:
                return max(counters, key=count_value)
        elif winning:
            return min(winning, key=lambda t: (count_value(t), table.rank[t][table.calls[tiles[0]]]))
        return min(legal, key=lambda t: (count_value(t), table.is_trump[t], t.is_double, t.pips))


MARK_STRENGTH = 17
"""The strength of ``SensiblePlayer._best_suit`` at which a player bids a mark in its suit."""


def drive_hand(hand: Hand, players: list[Player]) -> None:
    """Play ``hand`` to its end with one player object per seat."""
    while True:
        phase = hand.phase
        if phase is Phase.AUCTION:
            assert hand.turn is not None
            hand.bid(hand.turn, players[hand.turn].choose_bid(hand))
        elif phase is Phase.EXCHANGE:
            assert hand.declarer is not None
            take, give = players[hand.declarer].choose_exchange(hand)
            hand.exchange(take, give)
        elif phase is Phase.DECLARE:
            caller = hand.trump_caller
            assert caller is not None
            hand.declare(players[caller].choose_declaration(hand), by=caller)
        elif phase is Phase.PLAY and not hand.decided:
            assert hand.turn is not None
            hand.play(players[hand.turn].choose_play(hand))
        else:
            return


def tile_counts(tiles: list[Tile]) -> Counter[Tile]:
    return Counter(tiles)
