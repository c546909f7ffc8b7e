"""One record's failure never costs the others (reliability review D3).

Judging is pure and each record stands alone, so an exception while judging one
record (an engine bug) is contained to that record: it becomes an ``S016``
diagnostic that names the exception, where it happened and the record's place,
and the run goes on to the next record and prints its summary.  A file that
cannot be read (no permission, an I/O error: ``S014``) or whose reading fails
part way is contained to that file in the same way (``read_fault``, which
``referee.run.records.contained`` reports).

Nothing here catches ``BaseException``: Ctrl-C and ``SystemExit`` still stop the run.
"""

from __future__ import annotations

import functools
import os
import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, TypeVar

from ..codes import S016
from ..diagnostics import Diagnostic
from ..notation.reader import cannot_read
from .judged import Judged

if TYPE_CHECKING:
    from ..notation.reader import ReadResult
    from ..notation.record import GameRecord
    from ..source import Span
    from .replay import Referee

__all__ = ["counts_as_game", "crash_summary", "crashed", "extract_safely", "internal_error", "isolated", "read_fault"]

T = TypeVar("T")

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def crash_summary(error: BaseException) -> str:
    """``IndexError: list index out of range (referee/engine/hand.py:412 in bid)``: the
    exception and the innermost frame of this package, enough to find the bug."""
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    if len(text) > 200:
        text = text[:199] + "…"
    frames = [f for f in traceback.extract_tb(error.__traceback__) if os.path.abspath(f.filename).startswith(_PACKAGE)]
    if frames:
        last = frames[-1]
        where = os.path.relpath(os.path.abspath(last.filename), os.path.dirname(_PACKAGE))
        text += f" ({where}:{last.lineno} in {last.name})"
    return text


def _first_place(record: GameRecord | None) -> Span | None:
    """Where a record starts, so that an internal error names its line."""
    if record is None:
        return None
    places = [record.at, *(t.at for t in record.tags), *(h.at for h in record.hands)]
    return next((at for at in places if at is not None), None)


def internal_error(error: Exception, *, file: str | None, game: int | None, record: GameRecord | None = None, doing: str) -> Diagnostic:
    """The S016 diagnostic of an unexpected exception while ``doing`` something with one record."""
    source = record.source if record is not None else None
    return Diagnostic(
        S016,
        f"internal error while {doing} this record: {crash_summary(error)}",
        _first_place(record),
        "this is a bug in the referee, not a problem of the record; please report it with the record",
        file,
        game,
    ).resolve(source)


def read_fault(file: str, error: Exception, game: int) -> Diagnostic:
    """A file that could not be read (S014), or whose reading failed part way (S016)."""
    if isinstance(error, OSError):
        return replace(cannot_read(file, error), game=game)
    return Diagnostic(
        S016,
        f"internal error while reading {file} (records from {game} on are not read): {crash_summary(error)}",
        None,
        "this is a bug in the referee; please report it with the file",
        file,
        game,
    )


class Judge(Protocol):
    """One record as read -> judged (``trace``: with the position before every play)."""

    def __call__(self, rr: ReadResult, referee: Referee, file: str, index: int, trace: bool = False) -> Judged: ...


def isolated(judge: Judge) -> Judge:
    """``judge`` (one record as read -> judged, with its trace or not), with an unexpected
    exception turned into an S016 on that record: the record keeps its hands (they are
    counted) and gets no verdict, and the caller goes on with the next record."""

    @functools.wraps(judge)
    def contain(rr: ReadResult, referee: Referee, file: str, index: int, trace: bool = False) -> Judged:
        try:
            return judge(rr, referee, file, index, trace)
        except Exception as e:
            fault = internal_error(e, file=file, game=index, record=rr.record, doing="judging")
            source = rr.record.source if rr.record is not None else None
            return Judged(file, index, rr.record, None, [*(d.resolve(source) for d in rr.diagnostics), fault])

    return contain


def counts_as_game(j: Judged) -> bool:
    """Whether a judged record counts as a game in the summary (else a logged hand).

    The verdict says so; a record whose judging failed has none, so its header is read
    the way replay reads it: ``[Mode "log"]``, or no header at all, is a log.
    """
    if j.verdict is not None:
        return j.verdict.mode == "game"
    if j.record is None:
        return False
    return (j.record.tag("Mode") or ("log" if not j.record.tags else "game")).strip().lower() != "log"


def crashed(j: Judged) -> bool:
    """Whether judging this record failed (a record without a verdict)."""
    return j.record is not None and j.verdict is None


def extract_safely(j: Judged, extract: Callable[[Judged], T] | None) -> tuple[T | None, list[Diagnostic]]:
    """What a command's ``extract`` makes of a judged record, and the record's diagnostics
    with an S016 added if it failed.  A record whose judging failed is not extracted:
    there is no verdict to describe."""
    if extract is None or crashed(j):
        return None, j.diagnostics
    try:
        return extract(j), j.diagnostics
    except Exception as e:
        return None, [*j.diagnostics, internal_error(e, file=j.file, game=j.index, record=j.record, doing="writing out")]
