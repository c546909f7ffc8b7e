"""Scoring: whether a hand is made or set so far, and what it scores.

``made_or_set`` and ``decided`` read a hand's tricks against its contract (a point
bid, a bid of every trick, or nello's lose-all); ``hand_result`` scores it by the
scoring rule in force.  A game offers one or more rules (``Game.scorings``, chosen
by its ``scoring`` option), each a ``ScoringRule`` (``engine/profiles.py``):
``Marks`` (a made bid scores its marks), ``PointsVersion`` (pagat's points version
of 42, and Texas 88's points: both sides score what they took) and ``Solo`` (each
player alone: the bidder scores the bid or minus it, the others a point a trick).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Bid
from .state import DONE, PLAY, THROWN_IN, HandResult, HandState

if TYPE_CHECKING:
    from .profiles import Game

__all__ = [
    "Marks",
    "PointsVersion",
    "Solo",
    "decided",
    "finished",
    "finished_score",
    "hand_result",
    "hand_score",
    "made_or_set",
    "thrown_in",
]


def made_or_set(h: HandState, all_in: bool) -> tuple[bool, bool]:
    """(made already, set already) from the tricks taken; ``all_in``: the bid needs every trick."""
    assert h.high_bid is not None and h.declarer is not None
    game = h.game
    team = game.teams[h.declarer]
    taken = h.team_tricks  # by side, not ``h.tricks``: a claim awards tricks never played
    if h.lose_all:
        mine = taken[team]
        return (mine == 0 and sum(taken) == game.tricks, mine > 0)
    if all_in:
        lost = sum(taken) - taken[team] > 0
        return (not lost and sum(taken) == game.tricks, lost)
    amount = h.high_bid.amount
    if game.counters_score:
        mine = h.points[team]
        return (mine >= amount, sum(h.points) - mine > game.hand_total - amount)
    won = taken[team]
    return (won >= amount, sum(taken) - won > game.tricks - amount)


def decided(h: HandState) -> bool:
    """The tricks played settle the hand's score (where the game may end a hand early).

    Worked out when asked: made and set only ever turn true as tricks are won, so the
    answer now is the answer at the first trick that settled it."""
    return _decided(h) is not None


def _decided(h: HandState) -> tuple[bool, bool, bool] | None:
    """``decided``'s test, giving what it worked out when the hand is decided: whether the
    contract needs every trick, made already, set already (None: not decided)."""
    if not (h.game.early_end and h.phase is PLAY and h.tricks):
        return None
    assert h.high_bid is not None
    all_in = h.game.needs_all_tricks(h.high_bid.amount)
    made, set_ = made_or_set(h, all_in)
    return (all_in, made, set_) if h.rules.scoring.decided(made, set_, all_in) else None


def finished(h: HandState) -> bool:
    """No play is owed: every trick played, the hand thrown in or ruled, a claim made, or
    the result decided."""
    return h.phase is DONE or h.phase is THROWN_IN or decided(h)


def finished_score(h: HandState) -> Score | None:
    """``hand_score`` of a finished hand (``finished``), None while play is owed: a replay
    asks both at a hand's end, and a hand decided early is tested for made and set once
    for both."""
    if h.phase is DONE or h.phase is THROWN_IN:
        return hand_score(h)
    standing = _decided(h)
    return None if standing is None else hand_score(h, standing)


Score = tuple[Bid | None, int | None, bool | None, tuple[int, ...]]
"""``hand_score``'s figures: the contract, the declaring side, made or set, each side's award."""


def hand_result(h: HandState) -> HandResult:
    """The score of a finished hand (or of the tricks played so far): ``hand_score``'s
    figures, with the points and tricks each side took.  A hand without a contract has
    no declarer and is thrown in when everyone passed."""
    bid, team, made, awards = hand_score(h)
    declarer = None if bid is None else h.declarer
    return HandResult(declarer, bid, team, tuple(h.points), tuple(h.team_tricks), made, awards, thrown_in(h, bid))


def thrown_in(h: HandState, bid: Bid | None) -> bool:
    """Whether a hand whose contract (``hand_score``'s) is ``bid`` was thrown in: everyone passed."""
    return bid is None and h.phase is THROWN_IN


def hand_score(h: HandState, standing: tuple[bool, bool, bool] | None = None) -> Score:
    """What a finished hand (or the tricks played so far) scores: its contract (None: no
    bid), the declaring side, whether the bid was made (None: no bid) and each side's
    award.  ``hand_result`` builds its value from these; a replay that only checks the
    numbers a record writes (``GameState.score_hand``) needs no more.  ``standing``:
    whether the contract needs every trick, made and set so far, when worked out already
    (``finished_score``)."""
    game = h.game
    if h.penalty is not None:
        return _lost(h, h.penalty)
    bid = h.high_bid
    if bid is None or h.declarer is None:
        return None, None, None, (0,) * len(game.team_labels)
    team = game.teams[h.declarer]
    if standing is None:
        all_in = game.needs_all_tricks(bid.amount)
        made_now, set_now = made_or_set(h, all_in)
    else:
        all_in, made_now, set_now = standing
    made = made_now and not set_now
    return bid, team, made, h.rules.scoring.awards(game, bid.amount, team, made, h.points, h.team_tricks, all_in)


def _lost(h: HandState, offender: int) -> Score:
    """A hand side ``offender`` lost by a ruled renege or a forfeit, scored by the scoring rule's
    ``forfeit``.  A forfeit may come before the auction is over: the bid standing then counts as
    the contract, its bidder's side as the declaring side; before any bid, the offending side
    counts as having bid the least bid and been set."""
    game = h.game
    bid = h.high_bid
    if h.declarer is not None and bid is not None:
        team = game.teams[h.declarer]
    else:
        bid, team = Bid(game.ladder.forced_min), offender
    return bid, team, offender != team, h.rules.scoring.forfeit(game, bid.amount, team, offender, h.points, h.team_tricks)


@dataclass(frozen=True, slots=True)
class Marks:
    """A made bid scores its marks for the declaring side, a set bid the same marks for
    the opponents; a point bid is one mark.  The hand is decided once made or set."""

    default_target: int = 7
    name: str = "marks"
    unit: str = "marks"
    mark_steps: tuple[int, ...] | None = None
    award_all_sides: bool = False

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        marks = game.ladder.bid_marks(amount)
        awards = [0 if made else marks] * len(game.team_labels)  # the others score when the bid is set
        awards[team] = marks if made else 0
        return tuple(awards)

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        return made or set_

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        return self.awards(game, amount, team, offender != team, points, tricks, True)


@dataclass(frozen=True, slots=True)
class PointsVersion:
    """Both sides score the points they took when a point bid is made; when it is set the
    declaring side scores nothing and the opponents their points plus the bid.  A bid that
    needs every trick is all or nothing: the winning side scores the bid.  Only such a bid
    ends a hand early (every point counts otherwise)."""

    default_target: int
    mark_steps: tuple[int, ...] | None = None
    name: str = "points"
    unit: str = "points"
    award_all_sides: bool = False

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        sides = range(len(game.team_labels))
        if all_in:
            return tuple(amount if (other == team) == made else 0 for other in sides)
        if made:
            return tuple(points[other] for other in sides)
        return tuple(0 if other == team else points[other] + amount for other in sides)

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        return set_ and all_in

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        return self.awards(game, amount, team, offender != team, points, tricks, True)


@dataclass(frozen=True, slots=True)
class Solo:
    """Each player alone: the bidder scores the bid when made and minus it when set; every
    other player scores a point a trick."""

    default_target: int
    name: str = "points"
    unit: str = "points"
    mark_steps: tuple[int, ...] | None = None
    award_all_sides: bool = True

    def awards(self, game: Game, amount: int, team: int, made: bool, points: list[int], tricks: list[int], all_in: bool) -> tuple[int, ...]:
        per = game.trick_points
        awards = [tricks[other] * per for other in range(len(game.team_labels))]  # a list, not a generator: one a hand
        awards[team] = amount if made else -amount
        return tuple(awards)

    def decided(self, made: bool, set_: bool, all_in: bool) -> bool:
        return False

    def forfeit(self, game: Game, amount: int, team: int, offender: int, points: list[int], tricks: list[int]) -> tuple[int, ...]:
        """The bidder scores the bid, or minus it when the bidder offended; the offender
        scores nothing for the hand, every other player its tricks."""
        awards = list(self.awards(game, amount, team, offender != team, points, tricks, True))
        if offender != team:
            awards[offender] = 0
        return tuple(awards)
