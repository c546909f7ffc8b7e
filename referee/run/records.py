"""The one loop from read records to judged ones.

Named ``records`` (not ``judging``, the package of per-record work it calls) because it
is about the stream of records: whatever reads them (a file, standard input, a unit of
a file, JSON documents, a text held in memory), each record is judged once, with its
trace when the caller will draw or analyse it, and its diagnostics placed at their
lines and columns while its text is at hand.  ``check``, ``score``, ``convert``,
``select``, ``stats``, ``standings``, ``show``, ``report``, ``analyze``, ``fmt``,
``fix`` and ``tag`` all judge through here, so a record is judged the same way
whoever asks.

>>> from referee.judging.replay import Referee
>>> judged = list(judged_records("samples/legal/42-costly-play.42", Referee(), trace=True))
>>> [(j.index, len(j.record.hands), j.diagnostics, sorted(j.trace)) for j in judged]
[(1, 1, [], [1])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..judging.isolate import isolated, read_fault
from ..judging.judged import Judged, Trace
from ..judging.replay import Referee
from ..notation.reader import ReadResult
from .inputs import read_input, shown

__all__ = ["Wanted", "contained", "judge_numbered", "judge_paths", "judge_result", "judge_results", "judged_records"]

Wanted = Callable[[int, ReadResult], bool]
"""Which records to judge, by their place and what was read (``show`` judges one)."""


@isolated  # an engine failure on one record becomes an S016 on it (judging/isolate.py)
def judge_result(rr: ReadResult, referee: Referee, file: str, index: int, trace: bool = False) -> Judged:
    """Judge one record as read, with every diagnostic placed at its line and column
    (``trace``: keep the position before every play, in ``Judged.trace``)."""
    record = rr.record
    if record is None:
        return Judged(file, index, None, None, rr.diagnostics)
    kept: Trace | None = {} if trace else None
    verdict = referee.judge(record, file=file, game_index=index, trace=kept)
    source = record.source
    diagnostics = [d.resolve(source) for d in rr.diagnostics]
    if verdict.diagnostics:
        verdict.diagnostics = [d.resolve(source) for d in verdict.diagnostics]
        diagnostics += verdict.diagnostics
    return Judged(file, index, record, verdict, diagnostics, kept)


def judge_numbered(
    numbered: Iterable[tuple[int, ReadResult]], referee: Referee, file: str, *, trace: bool = False, wanted: Wanted | None = None
) -> Iterator[Judged]:
    """Each record read, with its place in its file, judged in turn; only those
    ``wanted`` says yes to are judged (and given)."""
    for index, rr in numbered:
        if wanted is None or wanted(index, rr):
            yield judge_result(rr, referee, file, index, trace)


def judge_results(
    results: Iterable[ReadResult], referee: Referee, file: str, *, trace: bool = False, first: int = 1, wanted: Wanted | None = None
) -> Iterator[Judged]:
    """Each record read, judged in turn; ``first`` is the first one's place in its file."""
    return judge_numbered(enumerate(results, start=first), referee, file, trace=trace, wanted=wanted)


def judged_records(name: str, referee: Referee, *, trace: bool = False, wanted: Wanted | None = None) -> Iterator[Judged]:
    """Every record of one input (a path, a URL or ``-`` for standard input), judged."""
    return judge_results(read_input(name), referee, shown(name), trace=trace, wanted=wanted)


def contained(name: str, judged: Iterator[Judged]) -> Iterator[Judged]:
    """One input's judged records; if reading it fails (it cannot be opened, or the
    reader fails part way) a last, file-level record carries the S014 or S016 instead of
    an exception, and the caller goes on with the next input."""
    display = shown(name)
    index = 0
    try:
        for j in judged:
            index = j.index
            yield j
    except Exception as e:
        yield Judged(display, index + 1, None, None, [read_fault(display, e, index + 1)])


def judge_paths(paths: Iterable[str], referee: Referee, *, trace: bool = False) -> Iterator[Judged]:
    """Every record of every input; an input whose reading fails part way ends with a
    file-level S014 or S016 (``contained``), and the next input goes on."""
    for name in paths:
        yield from contained(name, judged_records(name, referee, trace=trace))
