"""What a record writes of a hand's outcome (the winner of a trick, the result, the award
and the running score) against what the replay gives."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import codes
from ..engine.hand import Hand
from ..engine.profiles import Rules
from ..notation.record import HandRecord, TrickRecord
from .labels import Labels
from .sink import Sink

__all__ = ["Written"]


class Written:
    """Checks the outcome one record writes (``labels``: its seats and sides; ``sink``: where
    its diagnostics go)."""

    def __init__(self, rules: Rules, labels: Labels, sink: Sink) -> None:
        self.rules = rules
        self.game = rules.game
        self.labels = labels
        self.add = sink.add

    def winner(self, tr: TrickRecord, winner: int) -> None:
        """The winner the record writes for ``tr``, against the one who took it."""
        want = self.labels.seat(tr.winner, tr.winner_at) if tr.winner is not None else None
        if want is not None and want != winner:
            ws = self.game.seats
            self.add(codes.E506, f"the record gives this trick to {ws[want]}, but {ws[winner]} wins it", tr.winner_at or tr.at, None)

    def check_stated(
        self, hr: HandRecord, hand: Hand, made: bool | None, thrown_in: bool, awards: Sequence[int], scores: Sequence[int] | None
    ) -> None:
        """The result, award and score the record states, against the replay's: whether the
        bid was ``made``, the hand ``thrown_in``, each side's award and the running ``scores``
        after it (None: not known), by team."""
        game = self.game
        labels = game.team_labels
        team = hand.declaring_team
        r = hr.result
        if r is not None and team is not None:
            if r.side is not None:
                side = self.labels.side(r.side, r.at)
                if side is not None and side != team:
                    self.add(codes.E501, f"the result names {r.side} as the bidding side, but {labels[team]} won the bid", r.at, None)
            took = hand.points[team] if game.counters_score else hand.team_tricks[team]
            if r.points is not None and r.points != took:
                unit = "points" if game.counters_score else "tricks"
                self.add(codes.E501, f"the result says {labels[team]} took {r.points} {unit}, but the replay gives {took}", r.at, None)
            if r.outcome is not None and (r.outcome == "made") != bool(made):
                outcome = "made" if made else "set"
                self.add(codes.E501, f"the result says the bid was {r.outcome}, but it was {outcome}", r.at, None)
        elif r is not None and thrown_in and (r.points or r.outcome):
            self.add(codes.E501, "everyone passed: a thrown-in hand has no result", r.at, None)
        award = hr.award
        if award is not None and not _as_replayed(award.amounts, labels, awards) and not _one_side(award.amounts, labels, awards):
            self.check_award(hr, awards)
        if hr.score is not None and scores is not None:
            self.check_score(hr, scores)

    def check_award(self, hr: HandRecord, awards: Sequence[int]) -> None:
        """The award ``hr`` writes, against ``awards`` (by team), side by side: the general
        path, which ``check_stated`` takes when ``_as_replayed`` does not settle it
        (``tests/judging/test_written.py`` holds the two equal)."""
        assert hr.award is not None
        labels = self.game.team_labels
        stated = self.labels.by_team(hr.award.amounts, hr.award.at)
        if stated is not None and _differs(stated, awards, 0):
            self.add(
                codes.E502,
                f"the award is written as {_fmt(labels, stated.items())}, but the replay gives "
                f"{_fmt(labels, enumerate(awards), skip_zero=True)} ({self.rules.target_unit})",
                hr.award.at,
                None,
            )

    def check_score(self, hr: HandRecord, scores: Sequence[int]) -> None:
        """The running score ``hr`` writes, against ``scores`` (by team)."""
        assert hr.score is not None
        if not _as_replayed(hr.score.scores, self.game.team_labels, scores):
            self.check_score_by_side(hr, scores)

    def check_score_by_side(self, hr: HandRecord, scores: Sequence[int]) -> None:
        """``check_score`` side by side: the general path."""
        assert hr.score is not None
        written = self.labels.by_team(hr.score.scores, hr.score.at)
        if written is not None and _differs(written, scores, None):
            labels = self.game.team_labels
            right = " ".join(f"{labels[t]} {v}" for t, v in enumerate(scores))
            self.add(
                codes.E503,
                f"the score is written as {_fmt(labels, written.items())}, but the replay gives {_fmt(labels, enumerate(scores))}",
                hr.score.at,
                f"the score before the hand plus its award: `score {right}` (`referee fix` writes it)",
            )


def _as_replayed(written: dict[str, int], labels: tuple[str, ...], replay: Sequence[int]) -> bool:
    """Whether amounts written by side label name every side once, by the game's own labels
    in its order, each with the amount the replay gives (nearly every award and score of a
    game whose award names every side, as Moon's does): then the side-by-side check has
    nothing to say, and is not made.  False says nothing: that check decides.

    >>> _as_replayed({"A": 0, "B": 2, "C": 5}, ("A", "B", "C"), (0, 2, 5)), _as_replayed({"NS": 1}, ("NS", "EW"), [1, 0])
    (True, False)
    """
    return tuple(written) == labels and tuple(written.values()) == tuple(replay)


def _one_side(written: dict[str, int], labels: tuple[str, ...], replay: Sequence[int]) -> bool:
    """Whether an award written for one side only names it by one of the game's own labels,
    with the amount the replay gives it, and the replay gives every other side nothing: the
    award of nearly every 42 hand (``award NS 1``: the side that scores, the other left out
    as 0).  Then the side-by-side check has nothing to say, and is not made.  False says
    nothing: that check decides.

    >>> _one_side({"NS": 1}, ("NS", "EW"), (1, 0)), _one_side({"NS": 1}, ("NS", "EW"), (1, 1)), _one_side({"ns": 1}, ("NS", "EW"), (1, 0))
    (True, False, False)
    """
    if len(written) != 1:
        return False
    [(label, amount)] = written.items()
    return amount != 0 and label in labels and replay[labels.index(label)] == amount and replay.count(0) == len(replay) - 1


def _differs(written: dict[int, int], replay: Sequence[int], missing: int | None) -> bool:
    """Whether ``written`` (by team) gives a side another amount than ``replay`` does; a side
    it leaves out wrote ``missing`` (None: it is not checked).  A loop, not ``any`` over a
    generator: every hand checks its award and score, and a generator costs more than the
    few sides."""
    for side, n in enumerate(replay):  # noqa: SIM110 - see above
        if written.get(side, n if missing is None else missing) != n:
            return True
    return False


def _fmt(labels: Sequence[str], amounts: Iterable[tuple[int, int]], *, skip_zero: bool = False) -> str:
    """Amounts by team, in words: ``NS 1, EW 0`` (``nothing`` when none is written)."""
    items = [f"{labels[t]} {v}" for t, v in amounts if v or not skip_zero]
    return ", ".join(items) or "nothing"
