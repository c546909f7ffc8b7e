"""One hand of play: the engine's state machine, and its one seam.

Every action has three forms, after PokerKit: ``can_X`` (a bool), ``check_X``
(``None`` or a ``Refusal`` with a stable code and words a player understands) and
``X`` (applies it, raising ``IllegalAction`` when the check refuses).  The generic
forms are ``check(action)`` and ``apply(action)``, which take the values of
``engine.actions``; every applied action goes to ``Hand.log``.

What may be applied after a refusal is the code's policy (``codes.Code.after``):
``apply(action, force=True)`` applies a refused action when its code says
``apply`` (a renege is still played, so a referee can follow the hand further)
and raises otherwise.  That policy lives in the catalogue, not here.

The state is a ``HandState`` (``engine/state.py``); the rules of each part are in
their own modules, bound here as the hand's methods: the calls in ``auction``, the
exchange and trump in ``trump``, the play in ``trick``, made or set and the score
in ``scoring``, the irregularities in ``irregular``, the order of play in ``turns``,
what the plays show in ``shown``.  ``view()`` and ``view(seat)`` answer questions
without touching the state (``engine/views.py``).

The engine does no I/O and knows nothing of the notation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, overload

from .. import codes
from ..codes import After
from . import actions, auction, irregular, scoring, shown, trick, trump, views
from .actions import Action, Bid
from .declarations import Declaration
from .refusal import IllegalAction, Refusal
from .state import DONE, PLAY, HandResult, HandState, Phase, Trick
from .tiles import Tile
from .turns import partner_seat

__all__ = ["Hand", "HandResult", "Phase", "Trick"]

_APPLY = After.APPLY


class _Unchecked:
    """``apply``'s default: check the action first."""


_UNCHECKED = _Unchecked()


class Hand(HandState):
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

    A hand whose deal nobody knows (the live referee at a table) is built with
    ``deal=None``: each play is taken from its player's unseen tiles, checked against
    the set, the turn and the tiles already played; what the plays show is in
    ``voids``, ``candidates`` and ``revealed_renege``.

    >>> h = Hand(rules, dealer=3, deal=None)
    >>> h.bid(0, Bid(30)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> h.declare(Declaration("suit", 6)); h.play(tile("6-6")); h.play(tile("5-5"))
    >>> h.voids(1), tile("6-4") in h.candidates(1), h.check_play(None, tile("6-6")).code
    (frozenset({6}), False, 'E403')
    >>> for t in ("4-3", "3-0", "6-5"): _ = h.play(tile(t))
    >>> h.revealed_renege(1, tile("6-4")).trick   # East showed out of sixes in trick 1
    1
    """

    __slots__ = ()

    # -- what the hand says of itself --------------------------------------------------
    @property
    def declaring_team(self) -> int | None:
        return None if self.declarer is None else self.game.teams[self.declarer]

    @property
    def finished(self) -> bool:
        """No play is owed: every trick played, the result decided, or a claim made."""
        return scoring.finished(self)

    @property
    def decided(self) -> bool:
        """The tricks played settle the hand's score (the game may end it early)."""
        return scoring.decided(self)

    @property
    def trick_size(self) -> int:
        """Tiles in a trick: every player, unless a contract sits one out."""
        return self.order.size

    @property
    def next_seats(self) -> tuple[int, ...]:
        """The seat that plays after each seat now (skipping a seat that sits out)."""
        return self.order.next

    def sits_out(self, seat: int) -> bool:
        return self.order.sits_out(seat)

    def partner(self, seat: int) -> int | None:
        return partner_seat(self.game, seat)

    @property
    def trump_caller(self) -> int | None:
        """Who names trump: the declarer, or the partner after a plunge or splash."""
        return trump.trump_caller(self)

    def default_declaration(self, kind: str) -> Declaration:
        """The declaration ``kind`` with the doubles the options say (follow-me, a contract, or plain)."""
        return trump.default_declaration(self.rules, kind)

    result = scoring.hand_result

    # -- views ---------------------------------------------------------------------------
    @overload
    def view(self, seat: None = None) -> views.HandView: ...
    @overload
    def view(self, seat: int) -> views.PlayerView: ...
    def view(self, seat: int | None = None) -> views.HandView | views.PlayerView:
        """The whole hand as it stands (a ``HandView``), or what ``seat`` may know of it
        and must decide (a ``PlayerView``).  Both are frozen, and built when asked.

        >>> from referee.engine.games import make_rules
        >>> from referee.engine.tiles import tile
        >>> deal = [[tile(t) for t in h.split()] for h in (
        ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
        ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
        >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
        >>> h.view().hands[1][:2], h.view().turn, h.view().legal
        ((Tile(5-5), Tile(5-4)), 0, ())
        >>> north = h.view(0)
        >>> north.hand[0], north.decision.kind, north.decision.options[:2]
        (Tile(6-6), 'call', (Call(seat=0, bid=None), Call(seat=0, bid=Bid(amount=30, suit=None, contract=None))))
        >>> h.view(1).decision.options   # East waits for North
        ()
        """
        return views.hand_view(self) if seat is None else views.player_view(self, seat)

    def decision(self) -> views.Decision:
        """Who must decide now, the kind of decision and every legal answer."""
        return views.decision(self)

    legal_calls = auction.legal_calls
    legal_exchanges = trump.legal_exchanges
    legal_declarations = trump.legal_declarations
    legal_plays = trick.legal_plays
    voids = shown.voids
    candidates = shown.candidates
    revealed_renege = shown.revealed_renege

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

    # -- each action --------------------------------------------------------------------
    check_bid = auction.check_call
    call_run = auction.call_run

    def can_bid(self, seat: int | None, bid: Bid | None) -> bool:
        return self.check_bid(seat, bid) is None

    def bid(self, seat: int | None, bid: Bid | None, *, force: bool = False) -> None:
        """Record a call; ``force`` applies a refused call when its code allows it."""
        self.apply(actions.Call(seat, bid), force=force)

    check_exchange = trump.check_exchange

    def can_exchange(self, take: Sequence[Tile], give: Sequence[Tile]) -> bool:
        return self.check_exchange(take, give) is None

    def exchange(self, take: Sequence[Tile], give: Sequence[Tile], *, force: bool = False) -> None:
        self.apply(actions.Exchange(tuple(take), tuple(give)), force=force)

    check_declare = trump.check_declare

    def can_declare(self, declaration: Declaration, by: int | None = None) -> bool:
        return self.check_declare(declaration, by) is None

    def declare(self, declaration: Declaration, *, by: int | None = None, force: bool = False) -> None:
        self.apply(actions.Declare(declaration, by), force=force)

    check_play = trick.check_play
    play_run = trick.play_run

    def can_play(self, seat: int | None, t: Tile) -> bool:
        return self.check_play(seat, t) is None

    def play(self, t: Tile, seat: int | None = None, *, force: bool = False) -> Trick | None:
        """Play ``t``; returns the trick when this play completes one."""
        return self.apply(actions.Play(seat, t), force=force)

    # -- claims ---------------------------------------------------------------------------
    def check_claim(self, side: str) -> Refusal | None:
        """A claim (``side='declarers'``) or concession (``'opponents'``) of the remaining tricks."""
        if self.phase is not PLAY:
            return Refusal(codes.E405, "there are no tricks left to claim")
        if self.trick:
            return Refusal(codes.S011, "a claim or concession comes between tricks, not in the middle of one")
        if side == "opponents" and not self.game.concession:
            return Refusal(codes.S011, f"{self.game.title} has no concession: each player is on their own; play the hand out or claim")
        if side == "declarers" and self.deal_known:
            from .claims import claim_holds  # the solver loads on the first claim, not at start-up

            if claim_holds(self.view()) is False:
                return Refusal(
                    codes.E407,
                    f"the claim could be defeated: the opponents of {self.seat(self.declarer or 0)} can still win a trick",
                    "play the hand out, or record a concession",
                )
        return None

    def claim_unverified(self) -> str | None:
        """Why a declarers' claim cannot be checked (no deal, too many lines, uneven hands), or None."""
        from .claims import claim_unverified_reason  # as in check_claim

        return claim_unverified_reason(self.view())

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
        team = decl_team if (action.side == "declarers") != self.lose_all else 1 - decl_team
        self.points[team] += left * game.trick_points + rest
        self.team_tricks[team] += left
        for h in self.hands:
            h.clear()
        self.claimed = action.side
        self.log.append(action)
        self.phase = DONE
        self.turn = None


def _check_call(hand: Hand, a: Any) -> Refusal | None:
    return auction.check_call(hand, a[0], a[1])


def _check_exchange(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_exchange(a.take, a.give)


def _check_declare(hand: Hand, a: Any) -> Refusal | None:
    return hand.check_declare(a.declaration, a.by)


def _check_play(hand: Hand, a: Any) -> Refusal | None:
    return trick.check_play(hand, a[0], a[1])  # no bound method made: every play is checked here


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
    actions.Forfeit: irregular.check_forfeit,
}
_APPLIES: dict[type, Callable[[Hand, Any], Trick | None]] = {
    actions.Call: auction.call,
    actions.Exchange: trump.exchange,
    actions.Declare: trump.declare,
    actions.Play: trick.play,
    actions.Claim: Hand._claim,
    actions.Accept: irregular.accept,
    actions.Renege: irregular.renege,
    actions.Forfeit: irregular.forfeit,
}
