"""What a careful scorer writes after a hand: its ``result``, ``award`` and ``score`` lines,
from the numbers of the replay.  ``referee simulate`` writes them for the games it plays,
``referee fix`` for the hands whose written lines disagree with the replay or lack them.

>>> r, a, s = stated_lines("NS", 36, True, {"NS": 1, "EW": 0}, {"NS": 3, "EW": 2}, every_side=False)
>>> (r.side, r.points, r.outcome), a.amounts, s.scores
(('NS', 36, 'made'), {'NS': 1}, {'NS': 3, 'EW': 2})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.hand import HandResult
from ..engine.profiles import Game, Rules
from ..notation.record import StatedAward, StatedResult, StatedScore
from .verdict import HandVerdict

__all__ = ["stated_lines", "stated_of_result", "stated_of_verdict"]


def stated_lines(
    side: str, took: int | None, made: bool, awards: Mapping[str, int], score: Mapping[str, int] | None, *, every_side: bool
) -> tuple[StatedResult, StatedAward, StatedScore | None]:
    """The lines of a hand bid by ``side``, which took ``took`` points (tricks where counters
    do not score; None: not known, as on a score sheet that does not say); the award names
    the sides that scored (every side where each scores every hand)."""
    result = StatedResult(side=side, points=took, outcome="made" if made else "set")
    return result, _award(awards, every_side), _score(score)


def _award(awards: Mapping[str, int], every_side: bool) -> StatedAward:
    return StatedAward(amounts={k: v for k, v in awards.items() if v or every_side})


def _score(score: Mapping[str, int] | None) -> StatedScore | None:
    return None if score is None else StatedScore(scores=dict(score))


def stated_of_verdict(
    hv: HandVerdict, game: Game, *, every_side: bool
) -> tuple[StatedResult | None, StatedAward | None, StatedScore | None]:
    """The lines a hand's verdict gives: none for a hand without a result (thrown in, or not
    followed), a score only where the running score is known (a game, not a log).

    A score sheet's hand gives what its verdict knows: the result without the points when
    the sheet does not pin them down, the award and score of a hand that writes only its
    award, the score of a hand thrown in, and nothing it cannot work out."""
    if not hv.followed:
        return None, None, None
    sheet = hv.detail == "hands"
    if hv.declarer is None or hv.made is None:
        if sheet and (hv.thrown_in or not hv.awards):
            return None, None, _score(hv.score) if hv.awards else None
        if sheet:
            return None, _award(hv.awards, every_side), _score(hv.score)
        return None, None, None
    seat = game.seat_index(hv.declarer)
    assert seat is not None
    side = game.team_labels[game.teams[seat]]
    took = (hv.points if game.counters_score else hv.tricks_won).get(side, None if sheet else 0)
    result, award, score = stated_lines(side, took, hv.made, hv.awards, hv.score, every_side=every_side)
    if sheet and not hv.awards:  # how it went is known, not what it scored
        return result, None, None
    return result, award, score


def stated_of_result(
    rules: Rules, result: HandResult, scores: Sequence[int] | None
) -> tuple[StatedResult | None, StatedAward | None, StatedScore | None]:
    """The lines of a hand the engine scored (``GameState.finish``), with the running
    ``scores`` after it (None in a log): none for a thrown-in hand."""
    team = result.declaring_team
    if result.thrown_in or team is None:
        return None, None, None
    game = rules.game
    labels = game.team_labels
    took = result.points[team] if game.counters_score else result.tricks[team]
    return stated_lines(
        labels[team],
        took,
        bool(result.made),
        {labels[t]: a for t, a in enumerate(result.awards)},
        None if scores is None else {labels[t]: s for t, s in enumerate(scores)},
        every_side=rules.scoring.award_all_sides,
    )
