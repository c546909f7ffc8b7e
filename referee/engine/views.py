"""Views of a hand: immutable pictures that answer questions without touching its state.

``HandView`` is the whole hand, every holding included: what a report, an analysis
or the solver reads (``Hand.view()``).  ``PlayerView`` is what one seat may know
(``Hand.view(seat)``): its own tiles, the kitty only if it took it, everything
public, the suits each seat has shown out of, and the ``Decision`` it faces: whose
turn it is, the kind of decision, and every legal answer, each an action the hand
accepts.  Views are built on demand, never on the replay's hot path.

They are named tuples, not frozen dataclasses: the judge's trace makes one before
every play it follows, and this module loads with the hand at start-up.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
from functools import partial
from typing import Literal, NamedTuple

from .actions import Action, Bid, Call, Declare, Play
from .auction import legal_calls
from .declarations import Declaration
from .profiles import Contract, Game
from .scoring import finished
from .shown import shown_out
from .state import HandState, Phase, Trick
from .tiles import Tile
from .trick import legal_plays
from .trump import legal_declarations, legal_exchanges, trump_caller

__all__ = ["Decision", "DecisionKind", "HandView", "PlayerView", "decision", "hand_view", "player_view"]

DecisionKind = Literal["call", "exchange", "declare", "play", "none"]
"""What is to be decided: a call of the auction, the kitty exchange, the trump, a tile, or nothing."""


class Decision(NamedTuple):
    """Who must decide now, what, and every legal answer.

    ``options`` are ready-made actions (``Call``, ``Exchange``, ``Declare``, ``Play``),
    each one ``Hand.check`` accepts; a forced dealer's options hold no pass.  In a
    ``PlayerView`` they are there only for the seat that decides.  ``exact`` is False
    when the deal is not known: an option may then prove illegal (a tile not held, a
    suit not followed), and the plays offered are the tiles the player may hold.
    """

    seat: int | None
    kind: DecisionKind
    options: tuple[Action, ...] = ()
    exact: bool = True


class HandView(NamedTuple):
    """The whole hand at one moment, every holding included.

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.declarations import Declaration
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(make_rules("42", {"nello": "on"}), dealer=3, deal=deal)
    >>> for seat, bid in ((0, Bid(42)), (1, None), (2, None), (3, None)): h.bid(seat, bid)
    >>> h.declare(Declaration("nello", doubles_suit=True))
    >>> for t in ("6-0", "5-0", "3-0"): _ = h.play(tile(t))   # South sits out
    >>> v = h.view()
    >>> v.out, v.contract.name, v.turn, v.tricks[0].winner, v.team_tricks, v.legal[:2]
    ((2,), 'nello', 0, 0, (1, 0), (Tile(6-6), Tile(6-5)))
    """

    game: Game
    phase: Phase
    dealer: int
    turn: int | None
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's unplayed tiles (as far as known: none when the deal is not)."""
    kitty: tuple[Tile, ...]
    calls: tuple[tuple[int, Bid | None], ...]
    high_bid: Bid | None
    declarer: int | None
    contract: Contract | None
    """The special contract bid or declared (plunge, splash, nello, sevens), or None."""
    trump_caller: int | None
    declaration: Declaration | None
    exchanged: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None
    """The tiles the declarer took from the kitty and put back."""
    trick: tuple[tuple[int, Tile], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    """Points taken by each side."""
    team_tricks: tuple[int, ...]
    """Tricks taken by each side."""
    out: tuple[int, ...]
    """Seats that sit the hand out (nello's partner)."""
    legal: tuple[Tile, ...]
    """The tiles the player to move may play (high first; none outside the play); when the
    deal is not known, the tiles that player may hold (``shown.candidates``)."""
    deal_known: bool
    claimed: str | None


class PlayerView(NamedTuple):
    """What ``seat`` may know of the hand, and what it must decide now.

    It never holds another seat's unplayed tile: ``hand`` is this seat's own;
    ``kitty`` and ``exchanged`` are None unless this seat took the kitty, and the
    others see only how many tiles went each way (``exchange``).  ``voids`` lists,
    for each seat, the suits it has shown out of (``engine/shown.py``).

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.declarations import Declaration
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
    >>> h.bid(0, Bid(30)); h.bid(1, None)
    >>> v = h.view(2)                      # South, whose call it is
    >>> v.hand[:3], v.calls, v.decision.kind, len(v.decision.options)
    ((Tile(4-3), Tile(4-2), Tile(4-1)), ((0, Bid(amount=30, suit=None, contract=None)), (1, None)), 'call', 14)
    >>> h.bid(2, None); h.bid(3, None); h.declare(Declaration("suit", 6)); h.play(tile("6-6"))
    >>> v = h.view(1)                      # East holds no six
    >>> v.decision.seat, [str(a.tile) for a in v.decision.options][:3], h.view(3).decision.options
    (1, ['5-5', '5-4', '5-3'], ())
    >>> h.play(tile("5-5")); h.view(0).voids[1]   # everyone now knows East has no sixes
    frozenset({6})
    """

    game: Game
    seat: int
    phase: Phase
    dealer: int
    turn: int | None
    hand: tuple[Tile, ...]
    """This seat's unplayed tiles (none when the deal is not known)."""
    kitty: tuple[Tile, ...] | None
    """The widow or cat, for the declarer who took it; None for everyone else."""
    calls: tuple[tuple[int, Bid | None], ...]
    high_bid: Bid | None
    declarer: int | None
    contract: Contract | None
    trump_caller: int | None
    declaration: Declaration | None
    exchange: tuple[int, int] | None
    """How many tiles the declarer took from the kitty and put back (public)."""
    exchanged: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None
    """The tiles taken and put back: the declarer's alone."""
    trick: tuple[tuple[int, Tile], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    team_tricks: tuple[int, ...]
    out: tuple[int, ...]
    tiles_left: tuple[int, ...]
    """How many tiles each seat still holds."""
    voids: tuple[frozenset[int], ...]
    """The suits each seat has shown out of."""
    decision: Decision
    claimed: str | None


_new_hand_view = partial(tuple.__new__, HandView)
"""``HandView(...)`` from a tuple of its fields, without the Python-level ``__new__``."""


def _contract(h: HandState) -> Contract | None:
    by_name = h.game.contract_by_name
    if h.high_bid is not None and h.high_bid.contract is not None:
        return by_name.get(h.high_bid.contract)
    return by_name.get(h.declaration.kind) if h.declaration is not None else None


def hand_view(h: HandState) -> HandView:
    """The whole of ``h`` as it stands."""
    # Built in field order without keywords: the trace builds one before every play it follows.
    return _new_hand_view(
        (
            h.game,
            h.phase,
            h.dealer,
            h.turn,
            tuple(map(tuple, h.hands)),
            tuple(h.kitty),
            tuple(h.calls),
            h.high_bid,
            h.declarer,
            _contract(h),
            trump_caller(h),
            h.declaration,
            h.exchanged,
            tuple(h.trick),
            tuple(h.tricks),
            tuple(h.points),
            tuple(h.team_tricks),
            h.order.out,
            tuple(legal_plays(h)),
            h.deal_known,
            h.claimed,
        )
    )


def decision(h: HandState, seat: int | None = None) -> Decision:
    """What ``h`` waits for (nothing once it is finished: see ``scoring.finished``); with
    ``seat``, the options only when it is that seat's to make."""
    phase = h.phase
    exact = h.deal_known
    if finished(h):
        return Decision(None, "none")
    kind: DecisionKind
    if phase is Phase.AUCTION:
        who, kind = h.turn, "call"
    elif phase is Phase.EXCHANGE:
        who, kind = h.declarer, "exchange"
    elif phase is Phase.DECLARE:
        who, kind = trump_caller(h), "declare"
    else:
        who, kind = h.turn, "play"
    if who is None or (seat is not None and seat != who):
        return Decision(who, kind, (), exact)
    options: tuple[Action, ...]
    if kind == "call":
        options = tuple(Call(who, b) for b in legal_calls(h))
    elif kind == "exchange":
        options = tuple(legal_exchanges(h))
    elif kind == "declare":
        options = tuple(Declare(d, who) for d in legal_declarations(h))
    else:
        options = tuple(Play(who, t) for t in legal_plays(h))
    return Decision(who, kind, options, exact)


def player_view(h: HandState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``h``."""
    game = h.game
    took = seat == h.declarer and (h.exchanged is not None or h.phase is Phase.EXCHANGE)
    left = [0 if h.claimed else game.hand_size] * game.players
    if not h.claimed:
        for plays in (*(tr.plays for tr in h.tricks), h.trick):
            for s, _ in plays:
                left[s] -= 1
    exchanged = h.exchanged
    return PlayerView(
        game=game,
        seat=seat,
        phase=h.phase,
        dealer=h.dealer,
        turn=h.turn,
        hand=tuple(h.hands[seat]),
        kitty=tuple(h.kitty) if took else None,
        calls=tuple(h.calls),
        high_bid=h.high_bid,
        declarer=h.declarer,
        contract=_contract(h),
        trump_caller=trump_caller(h),
        declaration=h.declaration,
        exchange=None if exchanged is None else (len(exchanged[0]), len(exchanged[1])),
        exchanged=exchanged if took else None,
        trick=tuple(h.trick),
        tricks=tuple(h.tricks),
        points=tuple(h.points),
        team_tricks=tuple(h.team_tricks),
        out=h.order.out,
        tiles_left=tuple(left),
        voids=tuple(frozenset(v) for v in shown_out(h)),
        decision=decision(h, seat),
        claimed=h.claimed,
    )
