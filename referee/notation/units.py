"""Work units: a file cut at record boundaries into byte ranges that other processes
(``--jobs``, a Dask cluster) read on their own.  ``path`` may be a URL (``urls``): a
worker on another machine then reads its byte range through fsspec.

A unit is cut only before a header, or before a hand of a log (one whose header is
not on a hand's line) or of a header-less hand log, where nothing but the log's header carries over (a trailer of the record
above, ``tags.trailer_end``, stays with it); reading the units one
after another gives exactly what ``read_records`` gives on the whole file: the
same records, numbers, lines, comments and diagnostics.  A unit is a few numbers
(the byte range, where it starts, the records before it) and the log header in
force, so the process that cuts a large file sends little to the others.

``cut_chunks`` also gives each unit's chunks, as the cutting read them: a process that
judges a unit it has just cut (``--jobs``'s parent, its workers on the same machine)
then reads it with ``read_unit(unit, chunks)`` instead of reading and cutting its
bytes a second time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import BinaryIO

from .assemble import Assembler, ReadResult, read_chunk, split_trailer
from .comments import blank
from .encodings import UTF8, reading_encoding
from .reader import read_blocks
from .scanner import HAND, HEADER, Chunk, chunks, decode_blocks
from .tags import trailer_end
from .urls import open_input

__all__ = ["TAIL_SPLIT", "TAIL_UNITS", "Unit", "cut_chunks", "cut_units", "read_unit"]

TAIL_UNITS = 6
"""How many units' worth of bytes at the end of a file are cut smaller (``cut_chunks``):
more than a worker of ``--jobs`` has queued (``run.batch.SHARED_IN_FLIGHT``)."""

TAIL_SPLIT = 5
"""How many times fewer hands those last units have."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A run of records of one file: bytes ``start`` to ``end`` (-1: to the end of the file)."""

    path: str
    name: str | None
    """The file as diagnostics name it."""
    start: int
    end: int
    before: int
    """Records of the file before this unit."""
    line: int
    """The line the unit starts on."""
    offset: int
    """Where the unit starts, in characters from the start of the file."""
    header: Chunk | None = None
    """The ``[Mode "log"]`` header the unit's first hands are under."""
    hands: int = 0
    """Hands in the unit, for progress."""
    encoding: str | None = field(default_factory=reading_encoding)
    """The file's encoding (None: UTF-8), as ``--encoding`` set it where the unit was made:
    the process that reads the unit may be another."""


def cut_units(path: str, name: str | None = None, hands: int = 250) -> Iterator[Unit]:
    """Cut the file at ``path`` into units of about ``hands`` hands (the last one runs to
    the end of the file, and reports any problem with the text after the last cut)."""
    for unit, _ in cut_chunks(path, name, hands, keep=False):
        yield unit


def cut_chunks(
    path: str, name: str | None = None, hands: int = 250, *, keep: bool = True, size: int | None = None
) -> Iterator[tuple[Unit, list[Chunk] | None]]:
    """``cut_units``, each unit with its chunks (what ``read_unit`` reads from them), or
    None for a unit that must be read from the file (the last one of a file that stops
    being text, a file read whole) and for every unit without ``keep``.

    With the file's ``size`` in bytes, the units that end in its last ``TAIL_UNITS`` units'
    worth of bytes have ``TAIL_SPLIT`` times fewer hands: the processes that judge them
    then finish at about the same time, where a whole unit or two left to one of them
    kept the others waiting at the end."""
    encoding = reading_encoding()
    if encoding is not None and encoding != UTF8:  # offsets are counted in UTF-8: read the file whole
        yield Unit(path, name, 0, -1, 0, 1, 0, encoding=encoding), None
        return
    with open_input(path) as f:
        bom = 3 if f.read(3) == b"\xef\xbb\xbf" else 0
        f.seek(0)
        yield from _cut(f, path, name, hands, bom, keep, size)


def _cut(
    f: BinaryIO, path: str, name: str | None, hands: int, bom: int, keep: bool, total: int | None = None
) -> Iterator[tuple[Unit, list[Chunk] | None]]:
    count = 0  # records before the chunk being looked at
    header = log = open_game = after_hand = False
    log_header: Chunk | None = None
    in_unit = 0
    start = Unit(path, name, 0, -1, 0, 1, 0)
    size = bom  # bytes of the unit so far (the first one holds the byte-order mark)
    kept: list[Chunk] | None = [] if keep else None  # the unit's chunks
    for chunk in chunks(decode_blocks(f)):
        if not isinstance(chunk, Chunk):  # not text, or too long: the last unit reads on and reports it
            kept = None
            break
        kind = chunk.kind
        trailer = 0  # as the reader cuts a trailer off tag lines after the hands of a game or a log
        if kind == HEADER and header and after_hand:
            trailer = trailer_end(blank(chunk.text, chunk.offset)[0])
            if 0 < trailer < len(chunk.text):  # the trailer stays with its record; the header after it may start a unit
                head, chunk = split_trailer(chunk, trailer)
                size += _bytes(head.text)
                if kept is not None:
                    kept.append(head)
                trailer = 0
        if in_unit >= hands and (
            (kind == HEADER and not trailer) or (kind == HAND and (not header or (log and not open_game and log_header is not None)))
        ):
            end = start.start + size
            yield replace(start, end=end, hands=in_unit), kept
            if total is not None and total - end < TAIL_UNITS * size:  # near the end: smaller units
                hands = max(1, hands // TAIL_SPLIT)
                total = None
            before = count + (1 if open_game and kind == HEADER else 0)
            start = Unit(path, name, end, -1, before, chunk.line, chunk.offset, log_header if kind == HAND else None)
            size = in_unit = 0
            kept = [] if keep else None
        text = chunk.text
        size += len(text) if text.isascii() else len(text.encode("utf-8"))
        if kept is not None:
            kept.append(chunk)
        if kind == HAND:
            after_hand = True
            in_unit += 1
            if not header or log:
                count += 1
                open_game = False
        elif kind == HEADER:
            mode, with_hand = _mode_and_hand(chunk)
            after_hand = with_hand
            count += open_game
            header, log, open_game = True, mode.strip().lower() == "log", True
            log_header = chunk if log else None
            if with_hand:
                in_unit += 1
                if log:
                    count += 1
                    open_game = False
                    log_header = None  # a header that shares its line with a hand is not carried over: no cut in its log
        else:
            after_hand = False
    yield replace(start, hands=in_unit), kept


def _mode_and_hand(chunk: Chunk) -> tuple[str, bool]:
    """A header's ``Mode`` (its last one; "" if none) and whether a hand shares its line.
    A header without the words ``mode`` and ``hand`` (in any case, comments included)
    has neither, and is not read: most headers are of games."""
    lowered = chunk.text.lower()
    if "mode" not in lowered and "hand" not in lowered:
        return "", False
    read = read_chunk(chunk)
    return next((t.value for t in reversed(read.tags) if t.name == "Mode"), ""), read.hand is not None


def _bytes(text: str) -> int:
    """The length of ``text`` in UTF-8 (an ASCII string knows it is one: no encoding)."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def read_unit(unit: Unit, chunks: Iterable[Chunk] | None = None) -> Iterator[ReadResult]:
    """The records of one unit, as ``read_records`` gives them in the whole file; from its
    ``chunks`` (``cut_chunks``) when given, else read from its file."""
    asm = Assembler(unit.name, unit.before)
    if unit.header is not None:
        asm.prime(unit.header)
    if chunks is not None:
        for chunk in chunks:
            yield from asm.feed(chunk)
        yield from asm.finish()
        return
    with open_input(unit.path) as f:
        f.seek(unit.start)
        stream = _Range(f, unit.end - unit.start if unit.end >= 0 else -1)
        blocks = decode_blocks(stream, line=unit.line, encoding=unit.encoding)
        yield from read_blocks(blocks, unit.name, assembler=asm, start=(unit.line, unit.offset))


class _Range:
    """A byte range of an open file, read like a stream."""

    def __init__(self, f: BinaryIO, size: int) -> None:
        self.f = f
        self.left = size

    def read(self, n: int = -1) -> bytes:
        if self.left < 0:
            return self.f.read(n)
        data = self.f.read(min(n, self.left) if n >= 0 else self.left)
        self.left -= len(data)
        return data
