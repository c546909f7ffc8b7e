"""The canonical form of a record: what ``referee fmt`` writes.

The writer prints what a record holds; this fills in what replay knows and
the recorder left implicit (seat labels of calls and plays).
"""

from __future__ import annotations

from ..judge.verdict import GameVerdict
from ..notation.record import GameRecord

__all__ = ["canonical"]


def canonical(record: GameRecord, verdict: GameVerdict | None) -> GameRecord:
    """A copy of ``record`` with seat labels written out where replay knows them."""
    out = record.model_copy(deep=True)
    if verdict is None:
        return out
    for hr, hv in zip(out.hands, verdict.hands, strict=False):
        if hr.unreadable:
            continue
        if len(hv.call_seats) == len(hr.calls):
            for call, seat in zip(hr.calls, hv.call_seats, strict=True):
                if call.seat is None:
                    call.seat = seat
        plays = [p for tr in hr.tricks for p in tr.plays]
        seats = [s for tv in hv.tricks for s in tv.seats]
        if len(seats) == len(plays):
            for play, seat in zip(plays, seats, strict=True):
                if play.seat is None:
                    play.seat = seat
    return out
