"""The canonical form of a record: what ``referee fmt`` writes.

The writer prints what a record holds; this fills in what replay knows and the
recorder left implicit (the seat of each call and play).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..judging.verdict import GameVerdict
from ..notation.record import GameRecord, HandRecord

if TYPE_CHECKING:
    from ..judging.replay import Referee

__all__ = ["canonical", "needs_seats", "seats_written"]


def canonical(record: GameRecord, verdict: GameVerdict | None) -> GameRecord:
    """``record`` with seat labels written out where replay knows them (a copy; the
    record itself is not changed)."""
    if verdict is None:
        return record
    hands = [
        _hand(hr, hv.call_seats, [s for tv in hv.tricks for s in tv.seats]) for hr, hv in zip(record.hands, verdict.hands, strict=False)
    ]
    return replace(record, hands=hands + record.hands[len(hands) :])


def _hand(hr: HandRecord, call_seats: list[str], play_seats: list[str]) -> HandRecord:
    if hr.unreadable:
        return hr
    calls = hr.calls
    if len(call_seats) == len(calls) and any(c.seat is None for c in calls):
        calls = [c if c.seat is not None else replace(c, seat=seat) for c, seat in zip(calls, call_seats, strict=True)]
    tricks = hr.tricks
    if len(play_seats) == sum(len(tr.plays) for tr in tricks) and any(p.seat is None for tr in tricks for p in tr.plays):
        seats = iter(play_seats)
        tricks = [
            replace(tr, plays=[p if p.seat is not None else p._replace(seat=s) for p, s in zip(tr.plays, seats, strict=False)])
            for tr in tricks
        ]
    if calls is hr.calls and tricks is hr.tricks:
        return hr
    return replace(hr, calls=calls, tricks=tricks)


def needs_seats(record: GameRecord) -> bool:
    """Whether ``canonical`` would write a seat into ``record``: a call or a play without one."""
    return any(c.seat is None for hr in record.hands for c in hr.calls) or any(
        p.seat is None for hr in record.hands for tr in hr.tricks for p in tr.plays
    )


def seats_written(record: GameRecord, referee: Referee) -> GameRecord:
    """``canonical(record, verdict)`` for a record judged without the verdict's details
    (as ``check`` judges): judged again by ``referee`` (with them) only when it leaves a
    seat out, since otherwise the canonical form is the record itself."""
    return canonical(record, referee.judge(record)) if needs_seats(record) else record
