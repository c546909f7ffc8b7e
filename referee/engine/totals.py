"""A hand known by its totals: what each side took, without the plays.

A score sheet writes a hand's contract and how it went (the points the bidding side
took, made or set, the award) but no play.  ``divisions`` lists every way a hand's
points (tricks where counters do not score) can fall to the sides, and ``result_with``
scores a hand whose contract is settled as if the sides had taken one of them, by the
hand's own rules (``scoring.hand_result``: made or set, then the award of the game's
scoring rule).  So the judge of a score sheet asks the engine what a division scores
and never restates a rule; ``settle`` gives the hand that division, for
``GameState.finish`` to score.

>>> from referee.engine.actions import Bid
>>> from referee.engine.games import make_rules
>>> from referee.engine.hand import Hand
>>> h = Hand(make_rules("42"), dealer=3, deal=None)
>>> h.bid(0, Bid(32)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
>>> [(d.points, result_with(h, d).made, result_with(h, d).awards) for d in divisions(h.game) if d.points[0] in (31, 32)]
[((31, 11), False, (0, 1)), ((32, 10), True, (1, 0))]
>>> len(divisions(make_rules("moon").game))   # seven tricks among three players
36

``possible_awards`` lists every award a hand can score, for a sheet that writes only the
award.
"""

from __future__ import annotations

from copy import copy
from itertools import product
from typing import NamedTuple

from .profiles import Game, Rules
from .scoring import hand_result
from .state import AUCTION, DONE, HandResult, HandState
from .tiles import count_value

__all__ = ["Division", "divisions", "possible_awards", "result_with", "settle"]


class Division(NamedTuple):
    """One way a hand can end: the points and the tricks each side took, by side."""

    points: tuple[int, ...]
    tricks: tuple[int, ...]


def _counter_sums(game: Game) -> frozenset[int]:
    """Every sum the counters of some of the set's tiles make (0 included)."""
    sums = {0}
    for t in game.tiles:
        value = count_value(t)
        if value:
            sums |= {s + value for s in sums}
    return frozenset(sums)


def divisions(game: Game) -> tuple[Division, ...]:
    """Every division of a hand's points and tricks among the sides that play could give.

    Where counters score, a side's points are its tricks (``trick_points`` each) plus
    the counters it took, and a side that took no trick took no counter; a division of
    the points is listed once, with the fewest tricks the first side's points allow
    (whether a side took a trick at all, all that made or set can turn on, is the same
    in every way to the same points).  Where they do
    not, the points are the tricks.  Counters are only scored by two sides in the games
    there are; a game whose counters three sides share would list no division.
    """
    found = _DIVISIONS.get(id(game))
    if found is None or found[0] is not game:
        found = _DIVISIONS[id(game)] = (game, _divisions(game))
    return found[1]


_DIVISIONS: dict[int, tuple[Game, tuple[Division, ...]]] = {}
"""Each game's divisions, worked out once (a game is not hashable: it holds mappings)."""


def _divisions(game: Game) -> tuple[Division, ...]:
    n = len(game.team_labels)
    tricks = game.tricks
    if not game.counters_score:
        return tuple(
            Division(tuple(t * game.trick_points for t in split), split)
            for split in product(range(tricks + 1), repeat=n)
            if sum(split) == tricks
        )
    if n != 2:
        return ()
    sums = _counter_sums(game)
    total = sum(count_value(t) for t in game.tiles)
    out = []
    for first in range(game.hand_total + 1):  # the first side's points
        for took in range(tricks + 1):
            counters = first - took * game.trick_points
            others = total - counters
            if counters in sums and others in sums and (took or not counters) and (took < tricks or not others):
                out.append(Division((first, game.hand_total - first), (took, tricks - took)))
                break
    return tuple(out)


def _given(h: HandState, d: Division) -> HandState:
    """``h`` with the sides' points and tricks of ``d``, played out."""
    h.points = list(d.points)
    h.team_tricks = list(d.tricks)
    h.phase = DONE
    h.turn = None
    return h


def result_with(h: HandState, d: Division) -> HandResult:
    """What hand ``h`` (its auction over, trump named or not) scores if the sides take
    the points and tricks of ``d``; ``h`` itself is left as it is."""
    return hand_result(_given(copy(h), d))


def settle(h: HandState, d: Division) -> None:
    """Hand ``h`` ends with the points and tricks of ``d`` (its result is then ``result_with``'s)."""
    _given(h, d)


def possible_awards(rules: Rules, most_marks: int) -> frozenset[tuple[int, ...]]:
    """Every award a hand can score under ``rules``: nothing (thrown in), or what a bid of
    the ladder (mark bids up to ``most_marks`` marks) by any side scores, made or set
    however the points fall, or when a side loses it by a renege.

    >>> from referee.engine.games import make_rules
    >>> awards = possible_awards(make_rules("42"), 2)
    >>> (1, 0) in awards, (2, 0) in awards, (1, 1) in awards, (3, 0) in awards
    (True, True, False, False)
    """
    key = (id(rules), most_marks)
    found = _AWARDS.get(key)
    if found is None or found[0] is not rules:
        found = _AWARDS[key] = (rules, _possible_awards(rules, most_marks))
    return found[1]


_AWARDS: dict[tuple[int, int], tuple[Rules, frozenset[tuple[int, ...]]]] = {}


def _possible_awards(rules: Rules, most_marks: int) -> frozenset[tuple[int, ...]]:
    from .actions import Bid, Call, Renege
    from .hand import Hand

    game = rules.game
    ladder = game.ladder
    amounts = {*ladder.point_bids, *ladder.all_in_bids}
    if ladder.mark_unit is not None:
        amounts |= {m * ladder.mark_unit for m in range(1, most_marks + 1)}
    suit = 0 if ladder.needs_suit else None
    out = {(0,) * len(game.team_labels)}
    ways = divisions(game)
    seats = [game.teams.index(t) for t in range(len(game.team_labels))]  # a seat of each side
    for declarer in seats:
        for amount in amounts:
            for offender in (None, *seats):
                h = Hand(rules, (declarer - 1) % game.players, None)
                h.apply(Call(declarer, Bid(amount, suit)), checked=None)
                while h.phase is AUCTION:
                    h.apply(Call(None, None), checked=None)
                if offender is not None:
                    h.apply(Renege(offender, 1), checked=None)
                out |= {result_with(h, d).awards for d in ways}
    return frozenset(out)
