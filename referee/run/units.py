"""One unit of work, for any engine that maps a function over a sequence: what ``--jobs``
and ``--cluster`` send, and the Python API for users who run their own ``dask.bag``
or ``Client.map``.

Big inputs outgrow one process, and a process pool, Dask (or any other engine) can
spread them, given two things: small descriptions of the work that are cheap to
send, and a pure function that does one of them wherever it runs.  ``units_of``
makes the first: each record file is cut into ``Unit``s, a few numbers that name a
byte range cut at record boundaries (``notation.units``), or the whole file when it
is small.  ``judge_unit`` is the second: it reads its unit (from a shared file
system or a URL, ``notation.urls``), judges every record and returns what the
records give, in order.

Both are deterministic, so an engine may run a unit again after a worker died, and
the units' outcomes one after another are exactly those of one process reading the
files: the same records, numbers, lines, diagnostics.  ``judge_unit`` never raises
for a bad record or a file it cannot read: those are diagnostics in its outcomes,
as in one process (S014, S016), so a task fails only when its worker does.

>>> import tempfile, os
>>> from referee.engine.games import make_rules
>>> from referee.notation.writer import format_game
>>> from referee.play.simulate import simulate_games
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "games.42")
>>> with open(path, "w", encoding="utf-8") as f:
...     _ = f.write("\\n".join(format_game(g) for g in simulate_games(make_rules("42"), 3, seed=1)))
>>> units = list(units_of([path], hands=8, whole_bytes=0))
>>> len(units) > 1
True
>>> outcomes = [o for unit in units for o in judge_unit(unit)]  # any engine's map does this
>>> [o.index for o in outcomes], [o.diagnostics for o in outcomes]
([1, 2, 3], [[], [], []])
>>> sum(o.hands or 0 for o in outcomes) == sum(u.hands for u in units)
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Generic, NamedTuple, TypeVar, overload

from ..judging.judged import Judged
from ..judging.replay import Referee
from ..notation.reader import cannot_read
from ..notation.scanner import Chunk
from ..notation.units import Unit, cut_chunks, read_unit
from ..notation.urls import URLError, is_url, url_size
from .inputs import UsageError, cuttable, expand_paths
from .outcomes import Extract, Outcome, fault_outcome, outcome_of
from .records import judge_results

__all__ = [
    "BATCH_HANDS",
    "WHOLE_FILE_BYTES",
    "Outcome",
    "Unit",
    "UnitResult",
    "file_cuts",
    "file_units",
    "judge_unit",
    "unit_result",
    "units_of",
    "whole_file",
]

T = TypeVar("T")

BATCH_HANDS = 250
"""Hands per unit by default (and for ``--jobs``): enough to dwarf the cost of sending
it, few enough that memory stays flat and the workers stay busy to the end."""

WHOLE_FILE_BYTES = 256 * 1024
"""Files up to this size are one unit each, named but not read by the process that makes
the units: a folder of many small files then costs it one ``stat`` per file, and the
workers do all the reading."""


def whole_file(name: str) -> Unit:
    """The unit of a whole file: it reads like ``read_records`` on the file."""
    return Unit(name, name, 0, -1, 0, 1, 0)


def _size(name: str) -> int | None:
    try:
        return url_size(name) if is_url(name) else os.path.getsize(name)
    except (OSError, URLError):
        return None


def file_units(name: str, hands: int = BATCH_HANDS, *, whole_bytes: int | None = None) -> Iterator[Unit]:
    """The units of one file (a path or URL that ``inputs.cuttable`` accepts), in order.

    A small file (up to ``whole_bytes``, by default ``WHOLE_FILE_BYTES``), or one this
    process cannot open (the unit's reader then reports it as the reader of the whole
    file would), is one unit; a larger one is read here once and cut into units of
    about ``hands`` hands, its last few smaller (``notation.units.cut_chunks``).  If the cutting fails part way (a bug), the exception comes
    after the units already cut.
    """
    for unit, _ in file_cuts(name, hands, whole_bytes=whole_bytes, keep=False):
        yield unit


def file_cuts(
    name: str, hands: int = BATCH_HANDS, *, whole_bytes: int | None = None, keep: bool = True
) -> Iterator[tuple[Unit, list[Chunk] | None]]:
    """``file_units``, each unit with the chunks its cutting read (``notation.units.cut_chunks``;
    None for a unit read from its file, and for every unit without ``keep``): a process
    that judges the unit on this machine reads them instead of the file (``unit_result``)."""
    size = _size(name)
    if size is not None and size <= (WHOLE_FILE_BYTES if whole_bytes is None else whole_bytes):
        yield whole_file(name), None
        return
    cuts = cut_chunks(name, name, hands, keep=keep, size=size)
    try:
        first = next(cuts)
    except OSError:  # cannot be opened here: the worker's reader says why (S014), as one process would
        yield whole_file(name), None
        return
    yield first
    yield from cuts


def units_of(paths: Iterable[str], *, hands: int = BATCH_HANDS, whole_bytes: int | None = None) -> Iterator[Unit]:
    """The units of every record file of ``paths`` (files, directories searched for
    ``*.42``, ``*.moon``, ``*.88``, URLs), in input order (``file_units``; ``whole_bytes``
    defaults to ``WHOLE_FILE_BYTES``).

    Raises ``UsageError`` for a path that does not exist, and for standard input or a
    FIFO: a unit is read by name, in another process, so it must be a file or a URL.
    """
    for name in expand_paths(paths).files:
        if not cuttable(name):
            raise UsageError(f"{name}: not a regular file or URL; a unit is read by name, by another process")
        yield from file_units(name, hands, whole_bytes=whole_bytes)


_DEFAULT_REFEREE: Referee | None = None


def _default_referee() -> Referee:
    global _DEFAULT_REFEREE
    if _DEFAULT_REFEREE is None:
        _DEFAULT_REFEREE = Referee()
    return _DEFAULT_REFEREE


class UnitResult(NamedTuple, Generic[T]):
    """What one unit gave: its records' outcomes, and whether the file stopped in it."""

    outcomes: list[Outcome[T]]
    stopped: bool
    """The file could not be read on (it cannot be opened, a read failed, the reader
    failed): its last outcome says why (S014, S016), and its later units are to be left
    out, as one process reading the whole file stops there."""


def unit_result(
    unit: Unit, referee: Referee | None = None, extract: Extract[T] | None = None, chunks: Iterable[Chunk] | None = None
) -> UnitResult[T]:
    """``judge_unit``, and whether the file's reading stopped in this unit: the task that
    ``--jobs`` and ``--cluster`` send, so that the file's later units are left out.  With
    ``chunks`` (``file_cuts``) the unit is read from them, not from its file."""
    referee = referee if referee is not None else _default_referee()
    name = unit.name or unit.path
    out: list[Outcome[T]] = []
    index = unit.before
    try:
        for j in judge_results(read_unit(unit, chunks), referee, name, first=unit.before + 1):
            index = j.index
            out.append(outcome_of(j, extract))
    except OSError as e:  # as ``read_records`` reports a file it cannot open or read: a record-less result
        out.append(outcome_of(Judged(name, index + 1, None, None, [cannot_read(name, e)]), extract))
        return UnitResult(out, True)
    except Exception as e:  # the reader failed on this unit (a bug): as ``records.contained`` reports it
        out.append(fault_outcome(name, index + 1, e))
        return UnitResult(out, True)
    return UnitResult(out, False)


@overload
def judge_unit(unit: Unit, referee: Referee | None = None, extract: None = None) -> list[Outcome[None]]: ...


@overload
def judge_unit(unit: Unit, referee: Referee | None = None, *, extract: Extract[T]) -> list[Outcome[T]]: ...


@overload
def judge_unit(unit: Unit, referee: Referee | None, extract: Extract[T] | None) -> list[Outcome[T]]: ...


def judge_unit(unit: Unit, referee: Referee | None = None, extract: Extract[T] | None = None) -> list[Outcome[T]]:
    """Read and judge every record of ``unit``: one ``Outcome`` per record, in order.

    ``referee`` holds the rules for records without a ``[Rules]`` tag (default: Texas
    42, ``Referee("moon")`` for Moon; house rules as ``referee check --rules`` takes
    them); ``extract`` turns each judged record into what the caller keeps of it
    (``Outcome.data``), in the worker, so that only that travels back.  Send both with
    the unit: they are small and picklable.

    Nothing about the input makes this raise: a record that cannot be read or judged
    carries its diagnostics (S016 for a failure of the referee itself), and a file that
    cannot be read or fails part way ends with the outcome that says so (S014, S016),
    as the reader of the whole file ends there (``unit_result`` also says whether it did).
    """
    return unit_result(unit, referee, extract).outcomes
