"""What a record writes of a hand's outcome (the winner of a trick, the result, the award
and the running score) against what the replay gives."""

from __future__ import annotations

from .. import codes
from ..engine.hand import Hand, HandResult
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

    def check_stated(self, hr: HandRecord, hand: Hand, result: HandResult, awards: dict[str, int], score: dict[str, int] | None) -> None:
        """The result, award and score the record states, against the replay's."""
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
            if r.outcome is not None and (r.outcome == "made") != bool(result.made):
                outcome = "made" if result.made else "set"
                self.add(codes.E501, f"the result says the bid was {r.outcome}, but it was {outcome}", r.at, None)
        elif r is not None and result.thrown_in and (r.points or r.outcome):
            self.add(codes.E501, "everyone passed: a thrown-in hand has no result", r.at, None)
        if hr.award is not None:
            stated = self.labels.by_side(hr.award.amounts, hr.award.at)
            if stated is not None and stated != awards and _differs(stated, awards, 0):
                self.add(
                    codes.E502,
                    f"the award is written as {_fmt(stated)}, but the replay gives {_fmt(awards, skip_zero=True)} ({self.rules.target_unit})",
                    hr.award.at,
                    None,
                )
        if hr.score is not None and score is not None:
            self.check_score(hr, score)

    def check_score(self, hr: HandRecord, score: dict[str, int]) -> None:
        """The running score ``hr`` writes, against ``score``."""
        assert hr.score is not None
        written = self.labels.by_side(hr.score.scores, hr.score.at)
        if written is not None and written != score and _differs(written, score, None):
            right = " ".join(f"{k} {v}" for k, v in score.items())
            self.add(
                codes.E503,
                f"the score is written as {_fmt(written)}, but the replay gives {_fmt(score)}",
                hr.score.at,
                f"the score before the hand plus its award: `score {right}` (`referee fix` writes it)",
            )


def _differs(written: dict[str, int], replay: dict[str, int], missing: int | None) -> bool:
    """Whether ``written`` gives a side another amount than ``replay`` does; a side it leaves
    out wrote ``missing`` (None: it is not checked).  A loop, not ``any`` over a generator:
    every hand checks its award and score, and a generator costs more than the few sides."""
    for side, n in replay.items():  # noqa: SIM110 - see above
        if written.get(side, n if missing is None else missing) != n:
            return True
    return False


def _fmt(d: dict[str, int], *, skip_zero: bool = False) -> str:
    items = [f"{k} {v}" for k, v in d.items() if v or not skip_zero]
    return ", ".join(items) or "nothing"
