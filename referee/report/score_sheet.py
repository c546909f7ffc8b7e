"""A record as a score sheet: what ``convert --detail hands`` writes.

A league that keeps play-by-play records may want the score sheet of them (a season's
sheets for ``standings``, or a smaller file to publish): the tags with
``[Detail "hands"]``, and each hand's dealer, auction, trump, result, award and score,
without the deal, the widow or cat, the exchange, the plays and a claim
(docs/notation.md, "Score sheets").  A result, award or score the record leaves out is
written from the replay, so the sheet scores as the record does.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.profiles import Game
from ..judging.stated import stated_of_verdict
from ..judging.verdict import GameVerdict, HandVerdict
from ..notation.record import GameRecord, HandRecord, Tag

__all__ = ["score_sheet"]


def score_sheet(record: GameRecord, verdict: GameVerdict | None, game: Game) -> GameRecord:
    """``record`` as a score sheet (a copy).  Hands the replay did not follow keep what they
    write of the auction and results, and lose their plays like the others.

    >>> from referee import judge, read_text
    >>> (r,) = read_text(open("samples/legal/42-game.42", encoding="utf-8").read())
    >>> from referee.engine.games import GAMES
    >>> sheet = score_sheet(r.record, judge(r.record), GAMES["42"])
    >>> sheet.tag("Detail"), sum(len(h.tricks) for h in sheet.hands), sheet.hands[0].award.amounts
    ('hands', 0, {'NS': 1})
    """
    scoring = game.scorings.get(verdict.options.get("scoring", game.default_scoring())) if verdict else None
    every = bool(scoring is not None and scoring.award_all_sides)
    verdicts: list[HandVerdict | None] = list(verdict.hands) if verdict is not None else []
    verdicts += [None] * (len(record.hands) - len(verdicts))
    hands = [_hand(hr, hv, game, every) for hr, hv in zip(record.hands, verdicts, strict=True)]
    tags = [t for t in record.tags if t.name != "Detail"]
    if not record.tags and record.mode == "log":  # a hand log without a header: its hands stay hands of a log
        tags.append(Tag("Mode", "log"))
    tags.append(Tag("Detail", "hands"))
    return replace(record, tags=tags, hands=hands, source=None)


def _hand(hr: HandRecord, hv: HandVerdict | None, game: Game, every: bool) -> HandRecord:
    if hr.unreadable:
        return hr
    # a renege called stays (a sheet takes it as written); a play out of turn accepted has no play left to name
    bare = replace(hr, deal=None, kitty=None, exchange=None, tricks=[], claim=None, accepted=[])
    if hv is None or not hv.followed:
        return bare
    result, award, score = stated_of_verdict(hv, game, every_side=every)
    return replace(
        bare,
        result=hr.result if hr.result is not None else result,
        award=hr.award if hr.award is not None else award,
        score=hr.score if hr.score is not None else score,
    )
