"""What the table shows: the state of the game and the entries open to the seat to act.

Both are read from the engine's views of the hand in play (``Hand.view(seat)``, the
``Decision`` it faces, the suits each seat has shown out of), never from its private
state.  With the deal entered the options are exact; without it, the plays offered are
the tiles the player may still hold (``engine/shown.py``: the unplayed tiles less the
suits the seat has shown out of), marked as not exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import actions
from ..engine.declarations import NUMBER_NAMES
from ..engine.hand import Hand, Phase
from ..notation.record import TrumpRecord
from ..words import plural
from .entries import Entry
from .position import Position
from .sheet import SheetPosition

__all__ = ["Options", "State", "options_of", "state_of"]


@dataclass(frozen=True)
class Options:
    """The entries open now to ``seat``: what is to be decided (``kind``: 'deal', 'call',
    'exchange', 'declare', 'play' or 'none' once the game is over) and the words that
    enter each choice, short forms (``30``, ``pass``, ``sixes``, ``6-4``).  ``exact`` is
    False when the deal is not known: a play offered may then prove illegal."""

    seat: str | None
    kind: str
    entries: tuple[str, ...] = ()
    exact: bool = True


@dataclass(frozen=True)
class State:
    """The game as the table sees it now."""

    title: str
    tags: tuple[tuple[str, str], ...]
    target: str
    """The game's target in words: '7 marks'."""
    score: dict[str, int]
    """Each side's running score."""
    hand: int | None
    """The number of the hand in play (None once the game is over)."""
    dealer: str | None
    phase: str
    """'deal' (the deal is to be entered), 'auction', 'exchange', 'declare', 'play' or 'over'."""
    turn: str | None
    """The seat that acts now."""
    trick: int | None
    """The number of the trick in play."""
    on_table: tuple[tuple[str, str], ...] = ()
    """The trick in play: (seat, tile) in the order played."""
    calls: tuple[tuple[str, str], ...] = ()
    """The auction so far: (seat, '30' or 'pass')."""
    bid: str | None = None
    """The winning bid so far, with its bidder: 'N 31'."""
    trump: str | None = None
    points: dict[str, int] = field(default_factory=dict)
    """Points taken this hand by each side (tricks where counters do not score)."""
    needs: dict[str, str] = field(default_factory=dict)
    """What each side still needs this hand: '6 more points to make 31', '12 more to set it'."""
    voids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The suits each seat has shown out of this hand."""
    winner: str | None = None
    where: str = ""


def state_of(position: Position, tags: list[tuple[str, str]]) -> State:
    """The state of ``position`` (a game whose header holds ``tags``)."""
    rules, game = position.rules, position.game
    labels = game.team_labels
    score = {labels[t]: s for t, s in enumerate(position.state.scores)}
    target = plural(rules.target, rules.target_unit.removesuffix("s"))
    winner = position.state.winner
    hand = position.hand
    title, shown, where_now = game.title, tuple(tags), position.where()
    if hand is None:
        over = labels[winner] if winner is not None else None
        return State(title, shown, target, score, None, None, "over", None, None, winner=over, where=where_now)
    seats = game.seats
    view = hand.view()
    decision = hand.decision()
    phase = "deal" if position.waits_for_deal else "over" if hand.finished else view.phase.value
    turn = seats[decision.seat] if decision.seat is not None and phase != "deal" else None
    if phase == "deal":
        turn = seats[hand.dealer]
    if position.sheet and phase != "auction":
        phase, turn = "result", None
    calls = tuple((seats[s], "pass" if b is None else str(b)) for s, b in view.calls)
    bid = f"{seats[view.declarer]} {view.high_bid}" if view.declarer is not None and view.high_bid is not None else None
    unit_points = game.counters_score
    points = {labels[t]: p for t, p in enumerate(view.points if unit_points else view.team_tricks)}
    voids = {seats[s]: tuple(_suit(suit) for suit in sorted(hand.voids(s))) for s in range(game.players) if hand.voids(s)}
    return State(
        title,
        shown,
        target,
        score,
        hand=position.number,
        dealer=seats[hand.dealer],
        phase=phase,
        turn=turn,
        trick=len(view.tricks) + 1 if view.phase is Phase.PLAY and not position.sheet else None,
        on_table=tuple((seats[s], str(t)) for s, t in view.trick),
        calls=calls,
        bid=bid,
        trump=str(view.declaration) if view.declaration is not None else None,
        points=points if view.phase in (Phase.PLAY, Phase.DONE) and not position.sheet else {},
        needs=_needs(hand) if view.phase is Phase.PLAY and not position.sheet else {},
        voids=voids,
        where=where_now,
    )


def _suit(suit: int) -> str:
    return NUMBER_NAMES[suit] if suit < len(NUMBER_NAMES) else "doubles"


def _needs(hand: Hand) -> dict[str, str]:
    """What each side still needs to make the bid or to set it, in words."""
    game = hand.game
    if hand.high_bid is None or hand.declarer is None:
        return {}
    labels = game.team_labels
    team = game.teams[hand.declarer]
    others = [t for t in range(len(labels)) if t != team]
    declarers, opponents = labels[team], " ".join(labels[t] for t in others)
    amount = hand.high_bid.amount
    view = hand.view()
    if hand.lose_all:
        return {declarers: "to lose every trick left", opponents: "one trick won by the declarer sets it"}
    if game.needs_all_tricks(amount):
        return {declarers: "every trick left", opponents: "one trick to set it"}
    if game.counters_score:
        mine = view.points[team]
        theirs = sum(view.points) - mine
        unit = "point"
        need, stop = amount - mine, game.hand_total - amount + 1 - theirs
    else:
        mine = view.team_tricks[team]
        theirs = sum(view.team_tricks) - mine
        unit = "trick"
        need, stop = amount - mine, game.tricks - amount + 1 - theirs
    made = "made" if need <= 0 else f"{plural(need, unit)} more to make {amount}"
    set_ = "set" if stop <= 0 else f"{plural(stop, unit)} more to set it"
    return {declarers: made, opponents: set_}


_SHEET_RESULTS = ("made", "set", "result", "award", "score")
"""What a score sheet's table offers besides the calls and the trump: how the hand went."""


def options_of(position: Position) -> Options:
    """The entries open now, short forms first as a scorer types them."""
    hand = position.hand
    seats = position.game.seats
    if hand is None:
        return Options(None, "none")
    if position.waits_for_deal:
        return Options(seats[hand.dealer], "deal", (), True)
    decision = hand.decision()
    seat = seats[decision.seat] if decision.seat is not None else None
    words: list[str] = []
    if isinstance(position, SheetPosition) and (decision.kind not in ("call", "declare") or position.stated):
        return Options(None, "result", _SHEET_RESULTS, True)
    for option in decision.options:
        if isinstance(option, actions.Call):
            words.append("pass" if option.bid is None else str(option.bid))
        elif isinstance(option, actions.Exchange):
            take = " ".join(map(str, option.take)) or "none"
            give = " ".join(map(str, option.give))
            words.append(f"{take} for {give}" if give else take)
        elif isinstance(option, actions.Declare):
            d = option.declaration
            record = TrumpRecord(kind=d.kind, suit=d.suit, doubles_low=d.doubles_low)  # type: ignore[arg-type]  # the engine's kinds
            words.append(Entry("trump", record).words.removeprefix("trump "))
        elif isinstance(option, actions.Play):
            words.append(str(option.tile))
    if decision.kind == "play":
        words += ["claim", "concede"]
    if position.sheet:  # the auction may stop at the winning bid, and trump may go unsaid
        words += _SHEET_RESULTS
    return Options(seat, decision.kind, tuple(dict.fromkeys(words)), decision.exact)
