"""One hand of play: the engine's state machine.

Every action has three forms, after PokerKit: ``can_X`` (a bool), ``check_X``
(``None`` or a ``Refusal`` with a stable code and words a player understands) and
``X`` (applies it, raising ``IllegalAction`` when the check refuses).  The generic
forms are ``check(action)`` and ``apply(action)``, which take the values of
``engine.actions``; every applied action goes to ``Hand.log``.

What may be applied after a refusal is the code's policy (``codes.Code.after``):
``apply(action, force=True)`` applies a refused action when its code says
``apply`` (a renege is still played, so a referee can follow the hand further)
and raises otherwise.  That policy lives in the catalogue, not here.

The engine does no I/O and knows nothing of the notation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .. import codes
from ..codes import After
from ..words import plural
from . import actions, irregular
from .actions import Action
from .auction import Bid, check_amount, check_contract_amount, needs_all_tricks
from .claims import claim_holds, claim_unverified_reason
from .declarations import DOUBLES, NUMBER_NAMES, Declaration, TrumpTable, table_for
from .profiles import Contract, Rules
from .refusal import IllegalAction, Refusal
from .state import HandResult, HandSnapshot, Phase, Trick, partner_seat, seat_order
from .tiles import ALL_TILES, Tile, count_value

__all__ = ["Hand", "HandResult", "HandSnapshot", "Phase", "Trick", "partner_seat", "seat_order"]

# Enum members looked up through the class cost a dict lookup each; the replay loop
# compares phases on every play, so it uses these module constants.
_AUCTION = Phase.AUCTION
_EXCHANGE = Phase.EXCHANGE
_DECLARE = Phase.DECLARE
_PLAY = Phase.PLAY
_DONE = Phase.DONE
_THROWN_IN = Phase.THROWN_IN
_APPLY = After.APPLY
_new_trick = partial(tuple.__new__, Trick)
"""``Trick(...)`` from a tuple of its fields, without the Python-level ``__new__``."""

_ONE_OF = ("blank", "ace", "deuce", "trey", "four", "five", "six")
"""One tile of a suit, in words ("holds no six", not "no sixe")."""

_COUNT_OF: tuple[int, ...] = tuple(count_value(ALL_TILES[i]) if i in ALL_TILES else 0 for i in range(max(ALL_TILES) + 1))
"""Counter points by tile id: a tuple index is cheaper than a call in the trick loop."""


class _Unchecked:
    """``apply``'s default: check the action first."""


_UNCHECKED = _Unchecked()


class Hand:
    """A hand from the deal to the last trick.

    >>> from referee.engine.games import make_rules
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
    >>> h.check(actions.Play(0, tile("5-5"))).code
    'E402'
    >>> h.apply(actions.Play(None, tile("6-6"))); h.legal_plays()
    [Tile(5-5), Tile(5-4), Tile(5-3), Tile(5-2), Tile(5-1), Tile(5-0), Tile(4-4)]
    >>> h.log[-1]
    Play(seat=0, tile=Tile(6-6))
    """

    __slots__ = (
        "_all_in",
        "_lose_all",
        "_next",
        "_out",
        "_saved_next",
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
        "log",
        "penalty",
        "phase",
        "points",
        "reneges",
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
        """False when the record omitted the deal (hands rebuilt from the plays, or empty)."""
        n = game.players
        self._next = game.next_seat
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
        self.log: list[Action] = []
        """Every action applied, in order, with its seat resolved."""
        self._size = n
        self._all_in: bool | None = None
        self._out: tuple[int, ...] = ()
        """Seats that sit this hand out (nello's partner)."""
        self._lose_all = False
        self.reneges: list[tuple[int, int]] = []
        """(seat, trick number) of each renege played: a play refused as E404 and applied anyway."""
        self.penalty: int | None = None
        """The side that lost the hand by a ruled renege (``renege=lose-hand``)."""
        self._saved_next: tuple[int, ...] | None = None
        """The turn order to restore when a trick with an accepted play out of turn closes."""

    # -- views -------------------------------------------------------------------------
    def seat(self, s: int) -> str:
        return self.game.seats[s]

    @property
    def declaring_team(self) -> int | None:
        return None if self.declarer is None else self.game.teams[self.declarer]

    @property
    def finished(self) -> bool:
        """No play is owed: every trick played, the result decided, or a claim made."""
        return self.phase in (_DONE, _THROWN_IN) or self.decided

    @property
    def decided(self) -> bool:
        """The tricks played settle the hand's score (the game may end it early).

        Worked out when asked: made and set only ever turn true as tricks are won, so
        the answer now is the answer at the first trick that settled it."""
        return self.game.early_end and self.phase is _PLAY and bool(self.tricks) and self._is_decided()

    @property
    def trick_size(self) -> int:
        """Tiles in a trick: every player, unless a contract sits one out."""
        return self._size

    @property
    def next_seats(self) -> tuple[int, ...]:
        """The seat that plays after each seat this hand (skipping a seat that sits out)."""
        return self._next

    @property
    def lose_all(self) -> bool:
        """The declarer must lose every trick (nello)."""
        return self._lose_all

    def sits_out(self, seat: int) -> bool:
        return seat in self._out

    def partner(self, seat: int) -> int | None:
        return partner_seat(self.game, seat)

    @property
    def trump_caller(self) -> int | None:
        """Who names trump: the declarer, or the partner after a plunge or splash."""
        if self.declarer is None:
            return None
        c = self.game.contract_by_name.get(self.high_bid.contract) if self.high_bid and self.high_bid.contract else None
        if c is not None and c.partner_names_trump:
            partner = self.partner(self.declarer)
            return self.declarer if partner is None else partner
        return self.declarer

    # -- the generic seam ---------------------------------------------------------------
    def check(self, action: Action) -> Refusal | None:
        """Why ``action`` may not be taken now (None: it may)."""
        return _CHECKS[type(action)](self, action)

    def can(self, action: Action) -> bool:
        return self.check(action) is None

    def apply(self, action: Action, *, checked: Refusal | _Unchecked | None = _UNCHECKED, force: bool = False) -> Trick | None:
        """Take ``action``; returns the trick a play completes.

        ``checked`` is the result of ``check(action)`` when the caller already has it
        (the check is not made again).  A refusal raises ``IllegalAction`` unless
        ``force`` is given and the refusal's code says to apply the action anyway.
        """
        if checked is None:  # checked by the caller, and allowed
            return _APPLIES[type(action)](self, action)
        refusal = self.check(action) if isinstance(checked, _Unchecked) else checked
        if refusal is not None and (not force or refusal.code.after is not _APPLY):
            raise IllegalAction(refusal)
        if refusal is not None and refusal.code == codes.E404 and refusal.seat is not None:
            self.reneges.append((refusal.seat, len(self.tricks) + 1))
        return _APPLIES[type(action)](self, action)

    # -- auction ------------------------------------------------------------------------
    def check_bid(self, seat: int | None, bid: Bid | None) -> Refusal | None:
        """Why ``seat`` may not make this call (``None`` = pass)."""
        if self.phase is not _AUCTION:
            return Refusal(
                codes.E209, "the auction is already over" + (f" ({self.seat(seat)} called after it)" if seat is not None else ""), seat=seat
            )
        if seat is not None and seat != self.turn:
            return self._out_of_turn(seat, codes.E201, "bid")
        who_seat = self.turn if seat is None else seat
        assert who_seat is not None
        game = self.game
        who = self.seat(who_seat)
        if bid is None:
            if who_seat == self.dealer and self.high_bid is None and self.rules.option("all-pass") == "forced":
                return Refusal(
                    codes.E205,
                    f"{who} is the dealer and everyone else passed: under all-pass=forced the dealer must bid",
                    f"bid at least {game.ladder.forced_min}",
                    seat=who_seat,
                )
            return None
        needs_suit = game.ladder.needs_suit
        if needs_suit and bid.suit is None:
            return Refusal(
                codes.E207,
                f"{who} bid {bid.amount} without a trump suit; {game.title} bids name one",
                f"write it like `{bid.amount} fives`",
                seat=who_seat,
            )
        if not needs_suit and bid.suit is not None:
            return Refusal(
                codes.E207,
                f"{who} named {NUMBER_NAMES[bid.suit]} in a bid; {game.title} bids are amounts only",
                "trump is named after the auction with `trump`",
                seat=who_seat,
            )
        if bid.contract is not None:
            return self._check_contract_bid(who_seat, bid)
        refusal = check_amount(self.rules, bid.amount, self.high_bid.amount if self.high_bid else None, who)
        if refusal:
            return refusal
        if bid.suit is not None and self.deal_known and not any(t.has(bid.suit) for t in self.hands[who_seat]):
            return Refusal(
                codes.E206,
                f"{who} bid {NUMBER_NAMES[bid.suit]} but holds no {_ONE_OF[bid.suit]}",
                "a bidder must hold at least one tile of the suit named",
                seat=who_seat,
            )
        return None

    def _out_of_turn(self, seat: int, code: codes.Code, verb: str) -> Refusal:
        whose = f"{self.seat(self.turn)}'s turn" if self.turn is not None else "nobody's turn"
        return Refusal(code, f"{self.seat(seat)} {verb} out of turn: it is {whose}", seat=seat)

    def _not_allowed(self, name: str) -> Refusal:
        if not self.rules.offered(name):
            return Refusal(codes.E211, f"{self.game.title} has no {name}")
        return Refusal(codes.E211, f"{name} is not played under these rules", f'turn it on with [Options "{name}=on"]')

    def _check_contract_bid(self, seat: int, bid: Bid) -> Refusal | None:
        """A contract named with the bid: its option, the bidder's doubles, and its amount."""
        assert bid.contract is not None
        who = self.seat(seat)
        contract = self.rules.contract(bid.contract)
        if contract is None or contract.when != "bid":
            return self._not_allowed(bid.contract)
        if self.deal_known:
            doubles = sum(t.is_double for t in self.hands[seat])
            if doubles < contract.min_doubles:
                return Refusal(
                    codes.E210,
                    f"{who} bid {contract.name} holding {plural(doubles, 'double')}; a {contract.name} needs at least {contract.min_doubles}",
                    seat=seat,
                )
        return check_contract_amount(self.rules, contract, bid.amount, self.high_bid.amount if self.high_bid else None, who)

    def can_bid(self, seat: int | None, bid: Bid | None) -> bool:
        return self.check_bid(seat, bid) is None

    def bid(self, seat: int | None, bid: Bid | None, *, force: bool = False) -> None:
        """Record a call; ``force`` applies a refused call when its code allows it."""
        self.apply(actions.Call(seat, bid), force=force)

    def _call(self, action: actions.Call) -> None:
        who = self.turn if action.seat is None else action.seat
        assert who is not None
        bid = action.bid
        self.calls.append((who, bid))
        self.log.append(action if action.seat == who else actions.Call(who, bid))
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
            assert self.high_bid is not None
            if self.high_bid.suit is None:  # reported at the bid (E207): play on without a trump named
                self.phase = _DECLARE
                return
            self._set_declaration(Declaration("suit", self.high_bid.suit))
        else:
            self.phase = _DECLARE

    # -- widow / cat --------------------------------------------------------------------
    def check_exchange(self, take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        """Why the declarer may not take ``take`` from the kitty and put back ``give``."""
        game = self.game
        if self.phase is not _EXCHANGE:
            if game.kitty is None:
                return Refusal(codes.E306, f"{game.title} has no widow or cat to exchange")
            return Refusal(codes.E306, f"the {game.kitty} is exchanged right after the auction, before trump and play")
        assert self.declarer is not None
        return game.exchange.check(self.seat(self.declarer), self.hands[self.declarer], self.kitty, take, give)

    def can_exchange(self, take: Sequence[Tile], give: Sequence[Tile]) -> bool:
        return self.check_exchange(take, give) is None

    def exchange(self, take: Sequence[Tile], give: Sequence[Tile], *, force: bool = False) -> None:
        self.apply(actions.Exchange(tuple(take), tuple(give)), force=force)

    def _exchange(self, action: actions.Exchange) -> None:
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        for t in action.take:
            if t in self.kitty:
                self.kitty.remove(t)
            hand.append(t)
        for t in action.give:
            if t in hand:
                hand.remove(t)
            self.kitty.append(t)
        hand.sort(reverse=True)
        self.kitty.sort(reverse=True)
        self.exchanged = (action.take, action.give)
        self.log.append(action)
        self._after_exchange()

    # -- declaration --------------------------------------------------------------------
    def check_declare(self, declaration: Declaration, by: int | None = None) -> Refusal | None:
        """Why ``declaration`` may not be named (by ``by``, default: whoever names trump)."""
        game = self.game
        if self.phase is _EXCHANGE:
            return Refusal(codes.E306, f"the {game.kitty} exchange comes before trump is named")
        if self.phase is not _DECLARE:
            if game.trump_from_bid and self.declaration is not None:
                if declaration != self.declaration:
                    return Refusal(codes.E304, f"trump is {self.declaration}, the suit of the winning bid, not {declaration}")
                return None
            return Refusal(codes.E409, "trump is named after the auction, before the first play")
        caller = self.trump_caller
        if by is not None and caller is not None and by != caller:
            bid = self.high_bid
            why = f"after the {bid.contract} the declarer's partner" if bid and bid.contract else "the declarer"
            return Refusal(codes.E213, f"{self.seat(by)} named trump, but {why} {self.seat(caller)} names it", seat=by)
        if declaration.kind not in game.declarations:
            contract = game.contract_by_name.get(declaration.kind)
            if contract is None or contract.when != "trump":
                return Refusal(codes.E304, f"{declaration} is not a trump {game.title} allows")
            return self._check_contract_declaration(declaration, contract)
        if declaration.kind == "follow-me" and game.follow_me_option is not None:
            mode = self.rules.option(game.follow_me_option)
            if declaration.doubles_low != (mode == "low"):
                return Refusal(
                    codes.E304,
                    f"doubles are {mode} in follow-me under these rules",
                    f"set the option {game.follow_me_option} to change it",
                )
        return None

    def _check_contract_declaration(self, declaration: Declaration, contract: Contract) -> Refusal | None:
        """A contract named as the declaration: its option, a bid of enough marks, and the
        doubles its option says."""
        if self.rules.contract(contract.name) is None:
            return self._not_allowed(contract.name)
        bid = self.high_bid
        assert bid is not None
        if bid.contract is not None:
            return Refusal(codes.E304, f"after a {bid.contract} the trump is a suit, doubles or follow-me, not {contract.name}")
        if self.game.ladder.marks_in(bid.amount) < contract.min_marks:
            marks = plural(contract.min_marks, "mark")
            return Refusal(codes.E212, f"{contract.name} needs a bid of at least {marks}; the bid was {bid.amount}")
        if contract.doubles_option is not None:
            mode = self.rules.option(contract.doubles_option)
            if declaration.doubles_mode != mode:
                return Refusal(
                    codes.E304,
                    f"doubles are {mode} in {contract.name} under these rules, not {declaration.doubles_mode}",
                    f"set the option {contract.doubles_option} to change it",
                )
        return None

    def can_declare(self, declaration: Declaration, by: int | None = None) -> bool:
        return self.check_declare(declaration, by) is None

    def declare(self, declaration: Declaration, *, by: int | None = None, force: bool = False) -> None:
        self.apply(actions.Declare(declaration, by), force=force)

    def _declare(self, action: actions.Declare) -> None:
        if self.phase is _DECLARE:
            self.log.append(action)
            self._set_declaration(action.declaration)

    def default_declaration(self, kind: str) -> Declaration:
        """The declaration ``kind`` with the doubles the options say (follow-me, a contract, or plain)."""
        game = self.game
        contract = game.contract_by_name.get(kind)
        option = contract.doubles_option if contract is not None else game.follow_me_option if kind == "follow-me" else None
        mode = self.rules.option(option) if option is not None else None
        return Declaration(kind, doubles_low=mode == "low", doubles_suit=mode == "own-suit")

    def _set_declaration(self, declaration: Declaration) -> None:
        self.declaration = declaration
        self.table = table_for(declaration)
        self.phase = _PLAY
        self.turn = self.declarer
        contract = self.game.contract_by_name.get(declaration.kind)
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
                after = " (after the claim)" if self.claimed else ""
                return Refusal(codes.E405, f"the hand is over; {t} was played after its last trick{after}", seat=seat, tile=t)
            if phase is _THROWN_IN:
                return Refusal(codes.E405, "everyone passed, so the hand was thrown in and has no play", seat=seat, tile=t)
            if phase is _EXCHANGE:
                return Refusal(codes.E306, f"play started before the {self.game.kitty} exchange", seat=seat, tile=t)
            return Refusal(codes.E409, "play started before the auction was over and trump was named", seat=seat, tile=t)
        who = self.turn
        assert who is not None
        if seat is not None and seat != who:
            if seat in self._out:
                return Refusal(
                    codes.E410, f"{self.seat(seat)} sits out this nello hand and plays no tile", f"it is {self.seat(who)}'s turn", seat=seat
                )
            return self._out_of_turn(seat, codes.E401, "played")
        hand = self.hands[who]
        if t not in hand:
            if self._times_played(t) >= self.game.copies[t]:
                return Refusal(codes.E403, f"{t} was already played in this hand", seat=who, tile=t)
            return Refusal(codes.E402, f"{self.seat(who)} played {t} but does not hold it", seat=who, tile=t)
        table = self.table
        assert table is not None
        if table.forced:
            allowed = table.playable(hand, None)
            if t not in allowed:
                return Refusal(
                    codes.E411,
                    f"{self.seat(who)} played {t} ({t.pips} pips) but held {allowed[0]} ({allowed[0].pips} pips), nearer 7",
                    "under sevens each player plays the tile nearest 7 pips",
                    seat=who,
                    tile=t,
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
                            codes.E404,
                            f"{self.seat(who)} reneged: {suit} were led and {self.seat(who)} held {h}",
                            f"{self.seat(who)} had to follow with a tile of the suit led",
                            seat=who,
                            tile=t,
                        )
        return None

    def _times_played(self, t: Tile) -> int:
        """Copies of ``t`` played so far, counted when a refusal asks."""
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
        """Play ``t``; returns the trick when this play completes one."""
        return self.apply(actions.Play(seat, t), force=force)

    def play_run(self, plays: Sequence[actions.Play]) -> tuple[int, Refusal | None, Trick | None]:
        """Apply ``plays`` in order while each is allowed: ``apply`` for a run of plays.

        Returns how many were applied, the refusal of the first play that was not (None
        when all were), and the trick the last applied play completed (None if none).  A
        replay spends most of its time on plays, so this checks each one in the loop and
        leaves anything refused to the caller, who words it and decides what follows.

        >>> from referee.engine.games import make_rules
        >>> from referee.engine.tiles import tile
        >>> deal = [[tile(t) for t in h.split()] for h in (
        ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
        ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
        >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
        >>> h.bid(0, Bid(30)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
        >>> h.declare(Declaration("suit", 6))
        >>> run = [actions.Play(0, tile(t)) for t in ("6-6",)] + [actions.Play(s, tile(t)) for s, t in ((1, "5-5"), (2, "4-3"), (3, "3-0"))]
        >>> n, refusal, trick = h.play_run(run)
        >>> n, refusal, trick.winner, trick.points, h.turn
        (4, None, 0, 11, 0)
        >>> n, refusal, trick = h.play_run([actions.Play(0, tile("6-5")), actions.Play(2, tile("4-2"))])
        >>> n, refusal.code, trick, len(h.log)
        (1, 'E401', None, 10)
        """
        check = self.check_play
        play = self._play
        done = None
        for k, action in enumerate(plays):
            refusal = check(action[0], action[1])
            if refusal is not None:
                return k, refusal, done
            done = play(action)
        return len(plays), None, done

    def _play(self, action: actions.Play) -> Trick | None:
        who = self.turn
        assert who is not None
        t = action.tile
        try:  # noqa: SIM105 - contextlib.suppress costs a context manager on every play
            self.hands[who].remove(t)
        except ValueError:  # a forced play of a tile the player does not hold
            pass
        self.log.append(action if action.seat == who else actions.Play(who, t))
        trick = self.trick
        trick.append((who, t))
        if len(trick) < self._size:
            self.turn = self._next[who]
            return None
        return self._close_trick()

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
        if self._saved_next is not None:  # the trick of an accepted play out of turn: back to clockwise
            self._next, self._saved_next = self._saved_next, None
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
        amount = self.high_bid.amount
        if game.counters_score:
            mine = self.points[team]
            return (mine >= amount, sum(self.points) - mine > game.hand_total - amount)
        won = self.team_tricks[team]
        return (won >= amount, sum(self.team_tricks) - won > game.tricks - amount)

    def _is_decided(self) -> bool:
        made, set_ = self._made_so_far()
        return self.rules.scoring.decided(made, set_, self._needs_all())

    def check_claim(self, side: str) -> Refusal | None:
        """A claim (``side='declarers'``) or concession (``'opponents'``) of the remaining tricks."""
        if self.phase is not _PLAY:
            return Refusal(codes.E405, "there are no tricks left to claim")
        if self.trick:
            return Refusal(codes.S011, "a claim or concession comes between tricks, not in the middle of one")
        if side == "opponents" and not self.game.concession:
            return Refusal(codes.S011, f"{self.game.title} has no concession: each player is on their own; play the hand out or claim")
        if side == "declarers" and self.deal_known and claim_holds(self) is False:
            return Refusal(
                codes.E407,
                f"the claim could be defeated: the opponents of {self.seat(self.declarer or 0)} can still win a trick",
                "play the hand out, or record a concession",
            )
        return None

    def claim_unverified(self) -> str | None:
        """Why a declarers' claim cannot be checked (no deal, too many lines, uneven hands), or None."""
        return claim_unverified_reason(self)

    def claim(self, side: str, *, force: bool = False) -> None:
        """Give every remaining trick (and the counters still in hand) to ``side``."""
        self.apply(actions.Claim(side), force=force)

    def _claim(self, action: actions.Claim) -> None:
        game = self.game
        assert self.declarer is not None
        decl_team = game.teams[self.declarer]
        left = game.tricks - len(self.tricks)
        # Every point not yet taken goes with the remaining tricks: this holds when
        # the deal was not recorded too (the cat never keeps a counter).
        rest = game.hand_total - sum(self.points) - left * game.trick_points
        # The declarers' claim gives them every trick, or in nello gives every trick away.
        team = decl_team if (action.side == "declarers") != self._lose_all else 1 - decl_team
        self.points[team] += left * game.trick_points + rest
        self.team_tricks[team] += left
        for h in self.hands:
            h.clear()
        self.claimed = action.side
        self.log.append(action)
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
        if self.penalty is not None:
            awards = self.rules.scoring.forfeit(game, bid.amount, team, self.penalty, self.points, self.team_tricks)
            return HandResult(self.declarer, bid, team, tuple(self.points), tuple(self.team_tricks), self.penalty != team, awards)
        made_now, set_now = self._made_so_far()
        made = made_now and not set_now
        awards = self.rules.scoring.awards(game, bid.amount, team, made, self.points, self.team_tricks, self._needs_all())
        return HandResult(self.declarer, bid, team, tuple(self.points), tuple(self.team_tricks), made, awards)

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


def _check_call(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_bid(a.seat, a.bid)


def _check_exchange(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_exchange(a.take, a.give)


def _check_declare(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_declare(a.declaration, a.by)


def _check_play(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_play(a.seat, a.tile)


def _check_claim(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_claim(a.side)


_CHECKS: dict[type, Callable[[Hand, Any], Refusal | None]] = {
    actions.Call: _check_call,
    actions.Exchange: _check_exchange,
    actions.Declare: _check_declare,
    actions.Play: _check_play,
    actions.Claim: _check_claim,
    actions.Accept: irregular.check_accept,
    actions.Renege: irregular.check_renege,
}
_APPLIES: dict[type, Callable[[Hand, Any], Trick | None]] = {
    actions.Call: Hand._call,
    actions.Exchange: Hand._exchange,
    actions.Declare: Hand._declare,
    actions.Play: Hand._play,
    actions.Claim: Hand._claim,
    actions.Accept: irregular.accept,
    actions.Renege: irregular.renege,
}
