"""One hand of play: the engine's state machine.

Every action comes in three forms, after PokerKit: ``can_X`` (a bool),
``check_X`` (``None`` or a ``Refusal`` with a stable code and words a player
understands) and ``X`` (applies the action, raising ``IllegalAction`` when the
check refuses, unless ``force=True`` asks it to apply what can physically be
applied so that a referee can report an error and follow the hand further).

The engine does no I/O and knows nothing of the notation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import NamedTuple

from ..codes import IllegalAction, Refusal
from .auction import Bid, bid_marks, check_amount, check_contract_amount, marks_in, needs_all_tricks
from .deal import tile_copies
from .declarations import DOUBLES, NUMBER_NAMES, Declaration, TrumpTable, table_for
from .profiles import Contract, Game, Rules
from .tiles import ALL_TILES, Tile, count_value

__all__ = ["Hand", "HandResult", "HandSnapshot", "Phase", "Trick", "partner_seat", "seat_order"]


class Phase(StrEnum):
    AUCTION = "auction"
    EXCHANGE = "exchange"
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"
    THROWN_IN = "thrown-in"


# Enum members looked up through the class cost ~60 ns each in Python 3.11; the
# replay loop compares phases on every play, so it uses these module constants.
_AUCTION = Phase.AUCTION
_EXCHANGE = Phase.EXCHANGE
_DECLARE = Phase.DECLARE
_PLAY = Phase.PLAY
_DONE = Phase.DONE
_THROWN_IN = Phase.THROWN_IN


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, who won it, its points.

    A named tuple, not a frozen dataclass: one is made for every trick replayed,
    and a frozen dataclass sets each field through ``object.__setattr__``.
    """

    leader: int
    plays: tuple[tuple[int, Tile], ...]
    winner: int
    points: int


_new_trick = partial(tuple.__new__, Trick)
"""``Trick(*fields)`` without the named tuple's Python-level ``__new__``."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand scored. Teams are indexes into ``Game.team_labels``."""

    declarer: int | None
    bid: Bid | None
    declaring_team: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    made: bool | None
    awards: tuple[int, ...]
    """Marks (or points) each team scores for the hand."""
    thrown_in: bool = False


@dataclass(frozen=True, slots=True)
class HandSnapshot:
    """An immutable picture of a hand at one moment."""

    phase: Phase
    dealer: int
    turn: int | None
    hands: tuple[tuple[Tile, ...], ...]
    kitty: tuple[Tile, ...]
    calls: tuple[tuple[int, Bid | None], ...]
    high_bid: Bid | None
    declarer: int | None
    declaration: Declaration | None
    trick: tuple[tuple[int, Tile], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]


_ONE_OF = ("blank", "ace", "deuce", "trey", "four", "five", "six")
"""One tile of a suit, in words ("holds no six", not "no sixe")."""


_COUNT_OF: tuple[int, ...] = tuple(count_value(ALL_TILES[i]) if i in ALL_TILES else 0 for i in range(max(ALL_TILES) + 1))
"""Counter points by tile id: a tuple index is cheaper than a call in the trick loop."""


_GameConstants = tuple[tuple[int, ...], int, tuple[int, ...], dict[str, Contract]]
_PER_GAME: dict[int, tuple[Game, _GameConstants]] = {}


def _game_constants(game: Game) -> _GameConstants:
    """(copies of each tile by id, points in a hand, next seat clockwise, contracts by
    name), once per game.

    Keyed by ``id(game)`` with the game kept alongside, so a recycled id is noticed.
    """
    hit = _PER_GAME.get(id(game))
    if hit is None or hit[0] is not game:
        n = game.players
        contracts: dict[str, Contract] = {}
        for c in game.contracts:
            contracts.setdefault(c.name, c)
        hit = (game, (tile_copies(game), game.hand_total, tuple((s + 1) % n for s in range(n)), contracts))
        _PER_GAME[id(game)] = hit
    return hit[1]


def seat_order(players: int, out: Sequence[int] = ()) -> tuple[int, ...]:
    """The next seat clockwise from each seat, skipping the seats in ``out`` (nello's partner)."""
    order = []
    for s in range(players):
        n = (s + 1) % players
        while n in out and n != s:
            n = (n + 1) % players
        order.append(n)
    return tuple(order)


def partner_seat(game: Game, seat: int) -> int | None:
    """The first other seat clockwise of ``seat``'s side (None when each plays alone)."""
    teams = game.teams
    n = game.players
    for step in range(1, n):
        other = (seat + step) % n
        if teams[other] == teams[seat]:
            return other
    return None


def _say(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class Hand:
    """A hand from the deal to the last trick.

    >>> from referee.engine.profiles import make_rules
    >>> from referee.engine.tiles import tile
    >>> rules = make_rules("42")
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(rules, dealer=3, deal=deal)
    >>> h.check_bid(1, Bid(30)).code   # North (seat 0) bids first
    'E201'
    >>> h.bid(0, Bid(42)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> h.declare(Declaration("suit", 6))
    >>> h.check_play(0, tile("5-5")).code
    'E402'
    >>> h.play(tile("6-6")); h.legal_plays()
    [Tile(5-5), Tile(5-4), Tile(5-3), Tile(5-2), Tile(5-1), Tile(5-0), Tile(4-4)]
    """

    __slots__ = (
        "_all_in",
        "_contracts",
        "_copies",
        "_decided",
        "_hand_total",
        "_lose_all",
        "_next",
        "_out",
        "_size",
        "calls",
        "claimed",
        "deal_known",
        "dealer",
        "declaration",
        "declarer",
        "exchanged",
        "game",
        "hands",
        "high_bid",
        "kitty",
        "phase",
        "points",
        "rules",
        "table",
        "team_tricks",
        "trick",
        "tricks",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deal: Sequence[Sequence[Tile]],
        kitty: Sequence[Tile] = (),
        *,
        deal_known: bool = True,
    ) -> None:
        game = rules.game
        self.rules = rules
        self.game = game
        self.dealer = dealer
        self.hands: list[list[Tile]] = [list(h) for h in deal]
        self.kitty: list[Tile] = list(kitty)
        self.deal_known = deal_known
        """False when the record omitted the deal and hands were rebuilt from the plays."""
        n = game.players
        copies, total, nxt, self._contracts = _game_constants(game)
        self._next = nxt
        self.phase = _AUCTION
        self.turn: int | None = (dealer + 1) % n
        self.calls: list[tuple[int, Bid | None]] = []
        self.high_bid: Bid | None = None
        self.declarer: int | None = None
        self.declaration: Declaration | None = None
        self.table: TrumpTable | None = None
        self.trick: list[tuple[int, Tile]] = []
        self.tricks: list[Trick] = []
        teams = len(game.team_labels)
        self.points = [0] * teams
        self.team_tricks = [0] * teams
        self.claimed: str | None = None
        self.exchanged: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None = None
        self._decided = False
        # Per-hand constants and counts kept as plain ints and tuples: the replay
        # loop reads them for every play (see bench/engine_bench.py).
        self._copies = copies
        self._size = n
        self._hand_total = total
        self._all_in: bool | None = None
        self._out: tuple[int, ...] = ()
        """Seats that sit this hand out (nello's partner)."""
        self._lose_all = False

    # -- helpers --------------------------------------------------------------------
    def seat(self, s: int) -> str:
        return self.game.seats[s]

    @property
    def declaring_team(self) -> int | None:
        return None if self.declarer is None else self.game.teams[self.declarer]

    @property
    def finished(self) -> bool:
        """No play is owed: every trick played, the result decided, or a claim made."""
        return self.phase in (_DONE, _THROWN_IN) or self._decided

    @property
    def decided(self) -> bool:
        return self._decided

    @property
    def trick_size(self) -> int:
        """Tiles in a trick: every player, unless a contract sits one out."""
        return self._size

    def sits_out(self, seat: int) -> bool:
        return seat in self._out

    def partner(self, seat: int) -> int | None:
        return partner_seat(self.game, seat)

    def _contract(self, name: str | None) -> Contract | None:
        """The game's contract ``name``, whatever the options (a record is judged as written)."""
        return None if name is None else self._contracts.get(name)

    @property
    def trump_caller(self) -> int | None:
        """Who names trump: the declarer, or the partner after a plunge or splash."""
        if self.declarer is None:
            return None
        c = self._contract(self.high_bid.contract if self.high_bid else None)
        if c is not None and c.partner_names_trump:
            partner = self.partner(self.declarer)
            return self.declarer if partner is None else partner
        return self.declarer

    def _turn_refusal(self, seat: int | None, code: str, verb: str) -> Refusal | None:
        if seat is not None and seat != self.turn:
            whose = f"{self.seat(self.turn)}'s turn" if self.turn is not None else "nobody's turn"
            return Refusal(code, f"{self.seat(seat)} {verb} out of turn: it is {whose}")
        return None

    # -- auction ----------------------------------------------------------------------
    def check_bid(self, seat: int | None, bid: Bid | None) -> Refusal | None:
        """Why ``seat`` may not make this call (``None`` = pass)."""
        if self.phase is not _AUCTION:
            return Refusal("E209", "the auction is already over" + (f" ({self.seat(seat)} called after it)" if seat is not None else ""))
        if seat is not None and seat != self.turn:
            return self._turn_refusal(seat, "E201", "bid")
        who_seat = self.turn if seat is None else seat
        assert who_seat is not None
        game = self.game
        if bid is None:
            if self.rules.all_pass == "forced" and who_seat == self.dealer and self.high_bid is None:
                who = self.seat(who_seat)
                return Refusal(
                    "E205",
                    f"{who} is the dealer and everyone else passed: under all-pass=forced the dealer must bid",
                    f"bid at least {game.ladder.forced_min}",
                )
            return None
        who = self.seat(who_seat)
        needs_suit = game.ladder.needs_suit
        if needs_suit and bid.suit is None:
            return Refusal(
                "E207", f"{who} bid {bid.amount} without a trump suit; {game.title} bids name one", f"write it like `{bid.amount} fives`"
            )
        if not needs_suit and bid.suit is not None:
            return Refusal(
                "E207",
                f"{who} named {NUMBER_NAMES[bid.suit]} in a bid; {game.title} bids are amounts only",
                "trump is named after the auction with `trump`",
            )
        if bid.contract is not None:
            return self._check_contract_bid(who_seat, bid)
        refusal = check_amount(self.rules, bid.amount, self.high_bid.amount if self.high_bid else None, who)
        if refusal:
            return refusal
        if bid.suit is not None and self.deal_known and not any(t.has(bid.suit) for t in self.hands[who_seat]):
            return Refusal(
                "E206",
                f"{who} bid {NUMBER_NAMES[bid.suit]} but holds no {_ONE_OF[bid.suit]}",
                "a bidder must hold at least one tile of the suit named",
            )
        return None

    def _not_allowed(self, name: str) -> Refusal:
        if not self.rules.offered(name):
            return Refusal("E211", f"{self.game.title} has no {name}")
        return Refusal("E211", f"{name} is not played under these rules", f'turn it on with [Options "{name}=on"]')

    def _check_contract_bid(self, seat: int, bid: Bid) -> Refusal | None:
        """A plunge or splash: its option, the bidder's doubles, and its amount."""
        assert bid.contract is not None
        who = self.seat(seat)
        contract = self.rules.contract(bid.contract)
        if contract is None or contract.when != "bid":
            return self._not_allowed(bid.contract)
        if self.deal_known:
            doubles = sum(t.is_double for t in self.hands[seat])
            if doubles < contract.min_doubles:
                return Refusal(
                    "E210",
                    f"{who} bid {contract.name} holding {_say(doubles, 'double')}; a {contract.name} needs at least {contract.min_doubles}",
                )
        return check_contract_amount(self.rules, contract, bid.amount, self.high_bid.amount if self.high_bid else None, who)

    def can_bid(self, seat: int | None, bid: Bid | None) -> bool:
        return self.check_bid(seat, bid) is None

    def bid(self, seat: int | None, bid: Bid | None, *, force: bool = False) -> None:
        """Record a call; ``force`` applies a refused (but in-turn) call anyway."""
        refusal = self.check_bid(seat, bid)
        if refusal and (not force or refusal.code in ("E201", "E209")):
            raise IllegalAction(refusal)
        self._apply_bid(seat, bid)

    def _apply_bid(self, seat: int | None, bid: Bid | None) -> None:
        """``bid`` after the caller checked it (no refusal, or one that ``force`` lets through)."""
        who = self.turn if seat is None else seat
        assert who is not None
        self.calls.append((who, bid))
        if bid is not None and (self.high_bid is None or bid.amount > self.high_bid.amount):
            self.high_bid = bid
            self.declarer = who
            self._all_in = None
        all_in = bid is not None and bid.amount in self.game.ladder.all_in_bids
        if len(self.calls) == self.game.players or all_in:
            self._close_auction()
        else:
            self.turn = self._next[who]

    def _close_auction(self) -> None:
        if self.high_bid is None:
            self.phase = _THROWN_IN
            self.turn = None
            return
        self.turn = self.declarer
        if self.game.kitty is not None and self.deal_known:
            self.phase = _EXCHANGE
        else:
            self._after_exchange()

    def _after_exchange(self) -> None:
        if self.game.trump_from_bid:
            assert self.high_bid is not None and self.high_bid.suit is not None
            self._set_declaration(Declaration("suit", self.high_bid.suit))
        else:
            self.phase = _DECLARE

    # -- widow / cat --------------------------------------------------------------------
    def check_exchange(self, take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        """Why the declarer may not take ``take`` from the kitty and put back ``give``."""
        game = self.game
        if self.phase is not _EXCHANGE:
            if game.kitty is None:
                return Refusal("E306", f"{game.title} has no widow or cat to exchange")
            return Refusal("E306", f"the {game.kitty} is exchanged right after the auction, before trump and play")
        assert self.declarer is not None
        who = self.seat(self.declarer)
        kitty = Counter(self.kitty)
        for t in take:
            if kitty[t] <= 0:
                return Refusal(
                    "E301", f"{who} took {t}, which is not in the {game.kitty}", f"the {game.kitty} holds {' '.join(map(str, self.kitty))}"
                )
            kitty[t] -= 1
        if game.kitty == "widow":
            if Counter(take) != Counter(self.kitty):
                return Refusal("E303", f"{who} must take the whole widow ({' '.join(map(str, self.kitty))})")
            if len(give) != len(self.kitty):
                return Refusal("E303", f"{who} put back {_say(len(give), 'tile')}; the widow takes back exactly {len(self.kitty)}")
            pool = Counter(self.hands[self.declarer]) + Counter(take)
        else:
            if len(give) != len(take):
                return Refusal("E301", f"{who} took {_say(len(take), 'tile')} from the cat but put back {len(give)}")
            pool = Counter(self.hands[self.declarer])
        for t in give:
            if pool[t] <= 0:
                return Refusal("E301", f"{who} put back {t}, which {who} does not hold")
            pool[t] -= 1
        if game.kitty == "cat":
            left = list((kitty + Counter(give)).elements())
            counters = [t for t in left if count_value(t)]
            if counters:
                return Refusal(
                    "E302",
                    f"{who} left the counter {counters[0]} in the cat",
                    "every counter in the cat must be taken and replaced by a non-counter",
                )
        return None

    def can_exchange(self, take: Sequence[Tile], give: Sequence[Tile]) -> bool:
        return self.check_exchange(take, give) is None

    def exchange(self, take: Sequence[Tile], give: Sequence[Tile], *, force: bool = False) -> None:
        refusal = self.check_exchange(take, give)
        if refusal and (not force or refusal.code == "E306"):
            raise IllegalAction(refusal)
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        for t in take:
            if t in self.kitty:
                self.kitty.remove(t)
            hand.append(t)
        for t in give:
            if t in hand:
                hand.remove(t)
            self.kitty.append(t)
        hand.sort(reverse=True)
        self.kitty.sort(reverse=True)
        self.exchanged = (tuple(take), tuple(give))
        self._after_exchange()

    # -- declaration --------------------------------------------------------------------
    def check_declare(self, declaration: Declaration, by: int | None = None) -> Refusal | None:
        """Why ``declaration`` may not be named (by ``by``, default: whoever names trump)."""
        game = self.game
        if self.phase is _EXCHANGE:
            return Refusal("E306", f"the {game.kitty} exchange comes before trump is named")
        if self.phase is not _DECLARE:
            if game.trump_from_bid and self.declaration is not None:
                if declaration != self.declaration:
                    return Refusal("E304", f"trump is {self.declaration}, the suit of the winning bid, not {declaration}")
                return None
            return Refusal("E409", "trump is named after the auction, before the first play")
        caller = self.trump_caller
        if by is not None and caller is not None and by != caller:
            why = (
                f"after the {self.high_bid.contract} the declarer's partner" if self.high_bid and self.high_bid.contract else "the declarer"
            )
            return Refusal("E213", f"{self.seat(by)} named trump, but {why} {self.seat(caller)} names it")
        if declaration.kind not in game.declarations:
            contract = self._contract(declaration.kind)
            if contract is None or contract.when != "trump":
                return Refusal("E304", f"{declaration} is not a trump {game.title} allows")
            return self._check_contract_declaration(declaration, contract)
        if declaration.kind == "follow-me" and declaration.doubles_low != (self.rules.follow_me_doubles == "low"):
            return Refusal(
                "E304",
                f"doubles are {self.rules.follow_me_doubles} in follow-me under these rules",
                "set the option follow-me-doubles to change it",
            )
        return None

    def _check_contract_declaration(self, declaration: Declaration, contract: Contract) -> Refusal | None:
        """Nello or sevens: its option, a bid of enough marks, and (nello) the doubles of the options."""
        if self.rules.contract(contract.name) is None:
            return self._not_allowed(contract.name)
        bid = self.high_bid
        assert bid is not None
        if bid.contract is not None:
            return Refusal("E304", f"after a {bid.contract} the trump is a suit, doubles or follow-me, not {contract.name}")
        if marks_in(self.game, bid.amount) < contract.min_marks:
            return Refusal(
                "E212",
                f"{contract.name} needs a bid of at least {contract.min_marks} mark{'s' if contract.min_marks != 1 else ''}; the bid was {bid.amount}",
            )
        if contract.partner_out and declaration.doubles_mode != self.rules.nello_doubles:
            return Refusal(
                "E304",
                f"doubles are {self.rules.nello_doubles} in nello under these rules, not {declaration.doubles_mode}",
                "set the option nello-doubles to change it",
            )
        return None

    def can_declare(self, declaration: Declaration, by: int | None = None) -> bool:
        return self.check_declare(declaration, by) is None

    def declare(self, declaration: Declaration, *, by: int | None = None, force: bool = False) -> None:
        refusal = self.check_declare(declaration, by)
        if refusal and (not force or refusal.code not in ("E211", "E212", "E213", "E304")):
            raise IllegalAction(refusal)
        self._apply_declare(declaration)

    def _apply_declare(self, declaration: Declaration) -> None:
        """``declare`` after the caller checked it (no refusal, or one that ``force`` lets through)."""
        if self.phase is _DECLARE:
            self._set_declaration(declaration)

    def default_follow_me(self) -> Declaration:
        return Declaration("follow-me", doubles_low=self.rules.follow_me_doubles == "low")

    def default_nello(self) -> Declaration:
        """Nello with the doubles the options say."""
        mode = self.rules.nello_doubles
        return Declaration("nello", doubles_low=mode == "low", doubles_suit=mode == "own-suit")

    def _set_declaration(self, declaration: Declaration) -> None:
        self.declaration = declaration
        self.table = table_for(declaration)
        self.phase = _PLAY
        self.turn = self.declarer
        contract = self._contract(declaration.kind)
        if contract is not None and contract.partner_out and self.declarer is not None:
            partner = self.partner(self.declarer)
            if partner is not None:
                self._out = (partner,)
                self._next = seat_order(self.game.players, self._out)
                self._size = self.game.players - 1
        self._lose_all = contract is not None and contract.lose_all

    # -- play -------------------------------------------------------------------------------
    def check_play(self, seat: int | None, t: Tile) -> Refusal | None:
        """Why ``seat`` (default: the player whose turn it is) may not play ``t``."""
        phase = self.phase
        if phase is not _PLAY:
            if phase is _DONE:
                return Refusal(
                    "E405", f"the hand is over; {t} was played after its last trick" + (" (after the claim)" if self.claimed else "")
                )
            if phase is _THROWN_IN:
                return Refusal("E405", "everyone passed, so the hand was thrown in and has no play")
            if phase is _EXCHANGE:
                return Refusal("E306", f"play started before the {self.game.kitty} exchange")
            return Refusal("E409", "play started before the auction was over and trump was named")
        who = self.turn
        assert who is not None
        if seat is not None and seat != who:
            if seat in self._out:
                return Refusal("E410", f"{self.seat(seat)} sits out this nello hand and plays no tile", f"it is {self.seat(who)}'s turn")
            return Refusal("E401", f"{self.seat(seat)} played out of turn: it is {self.seat(who)}'s turn")
        hand = self.hands[who]
        if t not in hand:
            if self._times_played(t) >= self._copies[t]:
                return Refusal("E403", f"{t} was already played in this hand")
            return Refusal("E402", f"{self.seat(who)} played {t} but does not hold it")
        table = self.table
        assert table is not None
        if table.forced:
            allowed = table.playable(hand, None)
            if t not in allowed:
                return Refusal(
                    "E411",
                    f"{self.seat(who)} played {t} ({t.pips} pips) but held {allowed[0]} ({allowed[0].pips} pips), nearer 7",
                    "under sevens each player plays the tile nearest 7 pips",
                )
        elif self.trick:
            follows = table.follows
            led = table.calls[self.trick[0][1]]
            bit = 1 << led
            if not follows[t] & bit:
                for h in hand:
                    if follows[h] & bit:
                        suit = NUMBER_NAMES[led] if led != table.trump or led == DOUBLES else "trumps"
                        return Refusal(
                            "E404",
                            f"{self.seat(who)} reneged: {suit} were led and {self.seat(who)} held {h}",
                            f"{self.seat(who)} had to follow with a tile of the suit led",
                        )
        return None

    def _times_played(self, t: Tile) -> int:
        """Copies of ``t`` played so far, counted from the tricks when a refusal asks
        (rather than kept up to date on every play)."""
        return sum(x == t for tr in self.tricks for _, x in tr.plays) + sum(x == t for _, x in self.trick)

    def can_play(self, seat: int | None, t: Tile) -> bool:
        return self.check_play(seat, t) is None

    def legal_plays(self, seat: int | None = None) -> list[Tile]:
        """The tiles ``seat`` (default: whose turn it is) may play now."""
        if self.phase is not _PLAY or (seat is not None and seat != self.turn):
            return []
        assert self.turn is not None and self.table is not None
        lead = self.trick[0][1] if self.trick else None
        return sorted(set(self.table.playable(self.hands[self.turn], lead)), reverse=True)

    def play(self, t: Tile, seat: int | None = None, *, force: bool = False) -> Trick | None:
        """Play ``t``; returns the trick when this play completes one.

        With ``force`` a renege, or a tile the player does not hold, is applied
        anyway (the referee reports it and follows the hand further).
        """
        refusal = self.check_play(seat, t)
        if refusal and (not force or refusal.code not in ("E402", "E403", "E404", "E411")):
            raise IllegalAction(refusal)
        return self._apply_play(t)

    def _apply_play(self, t: Tile) -> Trick | None:
        """``play`` after the caller checked it (no refusal, or one that ``force`` lets through)."""
        who = self.turn
        assert who is not None
        try:  # noqa: SIM105 - contextlib.suppress costs a context manager on every play
            self.hands[who].remove(t)
        except ValueError:  # a forced play of a tile the player does not hold
            pass
        trick = self.trick
        trick.append((who, t))
        if len(trick) < self._size:
            self.turn = self._next[who]
            return None
        return self._close_trick()

    def _trick_size(self) -> int:
        """Tiles in a trick (``_size``: every player, unless a contract sits one out)."""
        return self._size

    def _close_trick(self) -> Trick:
        game = self.game
        table = self.table
        assert table is not None
        plays = self.trick
        tiles = [t for _, t in plays]
        winner = plays[table.winner(tiles)][0]
        points = game.trick_points
        if game.counters_score:
            count = _COUNT_OF
            for t in tiles:
                points += count[t]
        done = _new_trick((plays[0][0], tuple(plays), winner, points))
        tricks = self.tricks
        tricks.append(done)
        team = game.teams[winner]
        self.points[team] += points
        self.team_tricks[team] += 1
        self.trick = []
        self.turn = winner
        if len(tricks) == game.hand_size:
            self.phase = _DONE
            self.turn = None
        elif game.early_end and not self._decided:
            self._decided = self._is_decided()
        return done

    # -- result ----------------------------------------------------------------------------
    def _needs_all(self) -> bool:
        assert self.high_bid is not None
        if self._all_in is None:  # cached until the high bid changes
            self._all_in = needs_all_tricks(self.game, self.high_bid.amount)
        return self._all_in

    def _made_so_far(self) -> tuple[bool, bool]:
        """(made already, set already) from the tricks played."""
        assert self.high_bid is not None and self.declarer is not None
        game = self.game
        team = game.teams[self.declarer]
        if self._lose_all:
            taken = self.team_tricks[team]
            return (taken == 0 and sum(self.team_tricks) == game.tricks, taken > 0)
        if self._needs_all():
            # Count tricks by side, not ``self.tricks``: a claim awards tricks never played.
            lost = sum(self.team_tricks) - self.team_tricks[team] > 0
            return (not lost and sum(self.team_tricks) == game.tricks, lost)
        if game.counters_score:
            mine = self.points[team]
            others = sum(self.points) - mine
            amount = self.high_bid.amount
            return (mine >= amount, others > self._hand_total - amount)
        won = self.team_tricks[team]
        lost_tricks = sum(self.team_tricks) - won
        amount = self.high_bid.amount
        return (won >= amount, lost_tricks > game.tricks - amount)

    def _is_decided(self) -> bool:
        made, set_ = self._made_so_far()
        if self.rules.scoring == "marks":
            return made or set_
        return set_ and self._needs_all()

    def check_claim(self, side: str) -> Refusal | None:
        """A claim (``side='declarers'``) or concession (``'opponents'``) of the remaining tricks."""
        if self.phase is not _PLAY:
            return Refusal("E405", "there are no tricks left to claim")
        if self.trick:
            return Refusal("S011", "a claim or concession comes between tricks, not in the middle of one")
        if side == "opponents" and len(set(self.game.teams)) == self.game.players:
            return Refusal("S011", f"{self.game.title} has no concession: each player is on their own; play the hand out or claim")
        if side == "declarers" and self.deal_known:
            verdict = _claim_holds(self)
            if verdict is False:
                return Refusal(
                    "E407",
                    f"the claim could be defeated: the opponents of {self.seat(self.declarer or 0)} can still win a trick",
                    "play the hand out, or record a concession",
                )
        return None

    def claim_unverified(self) -> bool:
        """True when a declarers' claim cannot be checked (no deal, or too many lines)."""
        return not self.deal_known or _claim_holds(self) is None

    def claim(self, side: str, *, force: bool = False) -> None:
        """Give every remaining trick (and the counters still in hand) to ``side``."""
        refusal = self.check_claim(side)
        if refusal and (not force or refusal.code != "E407"):
            raise IllegalAction(refusal)
        self._apply_claim(side)

    def _apply_claim(self, side: str) -> None:
        """``claim`` after the caller checked it (no refusal, or one that ``force`` lets through)."""
        game = self.game
        assert self.declarer is not None
        decl_team = game.teams[self.declarer]
        left = game.tricks - len(self.tricks)
        # Every point not yet taken goes with the remaining tricks: this holds when
        # the deal was not recorded too (the cat never keeps a counter).
        rest = game.hand_total - sum(self.points) - left * game.trick_points
        # The declarers' claim gives them every trick, or in nello gives every trick away.
        team = decl_team if (side == "declarers") != self._lose_all else 1 - decl_team
        self.points[team] += left * game.trick_points + rest
        self.team_tricks[team] += left
        for h in self.hands:
            h.clear()
        self.claimed = side
        self.phase = _DONE
        self.turn = None

    def result(self) -> HandResult:
        """The score of a finished hand (or of the tricks played so far)."""
        game = self.game
        teams = len(game.team_labels)
        if self.high_bid is None or self.declarer is None:
            return HandResult(
                None, None, None, tuple(self.points), tuple(self.team_tricks), None, (0,) * teams, thrown_in=self.phase is _THROWN_IN
            )
        bid = self.high_bid
        team = game.teams[self.declarer]
        made_now, set_now = self._made_so_far()
        made = made_now and not set_now
        awards = [0] * teams
        solo = teams == game.players
        if solo:
            # Moon: the declarer scores the bid or minus it; the others a point a trick.
            awards[team] = bid.amount if made else -bid.amount
            for other in range(teams):
                if other != team:
                    awards[other] = self.team_tricks[other] * game.trick_points
        elif self.rules.scoring == "marks":
            marks = bid_marks(game, bid.amount)
            for other in range(teams):
                if (other == team) == made:
                    awards[other] = marks
        elif self._needs_all():
            for other in range(teams):
                if (other == team) == made:
                    awards[other] = bid.amount
        else:
            for other in range(teams):
                if other == team:
                    awards[other] = self.points[other] if made else 0
                else:
                    awards[other] = self.points[other] + (0 if made else bid.amount)
        return HandResult(self.declarer, bid, team, tuple(self.points), tuple(self.team_tricks), made, tuple(awards))

    def snapshot(self) -> HandSnapshot:
        return HandSnapshot(
            phase=self.phase,
            dealer=self.dealer,
            turn=self.turn,
            hands=tuple(tuple(h) for h in self.hands),
            kitty=tuple(self.kitty),
            calls=tuple(self.calls),
            high_bid=self.high_bid,
            declarer=self.declarer,
            declaration=self.declaration,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            points=tuple(self.points),
        )


_CLAIM_BUDGET = 200_000


def _claim_holds(hand: Hand) -> bool | None:
    """Can the declaring side take every remaining trick whatever the others play?

    Exhaustive search (declarers choose, opponents try every legal tile);
    ``None`` when the search would exceed its budget.
    """
    table = hand.table
    assert table is not None and hand.declarer is not None and hand.turn is not None
    game = hand.game
    teams = game.teams
    side = teams[hand.declarer]
    hands = [list(h) for h in hand.hands]
    nxt = hand._next
    size = hand.trick_size
    lose_all = hand._lose_all
    budget = [_CLAIM_BUDGET]

    class _Budget(Exception):
        pass

    def legal(seat: int, trick: list[Tile]) -> list[Tile]:
        return list(set(table.playable(hands[seat], trick[0] if trick else None)))

    def search(seat: int, leader: int, trick: list[Tile]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            raise _Budget
        if len(trick) == size:
            win = _seat_of(leader, table.winner(trick))
            if (teams[win] != side) != lose_all:
                return False
            if not hands[win]:
                return True
            return search(win, win, [])
        mine = teams[seat] == side
        for t in legal(seat, trick):
            hands[seat].remove(t)
            trick.append(t)
            ok = search(nxt[seat], leader, trick)
            trick.pop()
            hands[seat].append(t)
            if ok and mine:
                return True
            if not ok and not mine:
                return False
        return not mine

    def _seat_of(leader: int, index: int) -> int:
        s = leader
        for _ in range(index):
            s = nxt[s]
        return s

    if not hands[hand.turn]:
        return True
    try:
        return search(hand.turn, hand.turn, [])
    except _Budget:
        return None
