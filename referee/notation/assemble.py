"""From chunks to records: each chunk is read (``read_chunk``), then grouped into games,
``[Mode "log"]`` logs (a record per hand, carrying the header) and header-less hand
logs; each record keeps its text (``Source``) for quoting in diagnostics.

Tags written after the hands of a game or a log may be its trailer (``tags.trailer_end``,
as PGN's result follows the moves): a record is yielded only once the chunk after it
shows that no trailer follows, one chunk later than it is complete.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Literal, NamedTuple

from .. import codes
from ..diagnostics import Diagnostic
from ..source import Segment, Source
from .comments import attach, blank
from .hands import scan_hand
from .items import KEYWORD_WORDS, KEYWORDS, PLAIN_ITEMS, PLAIN_LAYOUT
from .plain import plain_hand
from .record import GameRecord, HandRecord, Tag
from .scanner import HAND, HEADER, Chunk
from .tags import check_tags, scan_tags, trailer_end
from .tokens import Problem

__all__ = ["Assembler", "ChunkRead", "ReadResult", "read_chunk"]


@dataclass(frozen=True, slots=True)
class ReadResult:
    """One record read from the input, or a problem with the input itself (``record`` None).

    The record's diagnostics hold offsets into ``record.source`` until resolved
    (``Diagnostic.resolve``); those of a result without a record are resolved.
    """

    record: GameRecord | None
    diagnostics: list[Diagnostic]


class ChunkRead(NamedTuple):
    """What one chunk held."""

    tags: list[Tag]
    hand: HandRecord | None
    problems: list[Problem]
    trailing: list[str]
    """Comments with no item after them."""


_new_read = partial(tuple.__new__, ChunkRead)
"""``ChunkRead(...)`` from a tuple of its fields, without the named tuple's Python-level
``__new__`` (one is made for every hand)."""


def read_chunk(chunk: Chunk) -> ChunkRead:
    """Read a header, a hand or text before any record; never raises on bad input."""
    text, base = chunk.text, chunk.offset
    blanked, comments, problems = blank(text, base)
    if chunk.kind == HAND and not comments:  # the common case, a hand as ``fmt`` writes it: nothing else to do
        laid = PLAIN_LAYOUT.read(text, base)
        if laid is not None:
            return _new_read(([], laid, problems, []))
    tags: list[Tag] = []
    hand: HandRecord | None = None
    broken = False
    skipped: list[tuple[int, int]] = []
    rest = 0
    if chunk.kind == HEADER:
        tags, rest, broken = scan_tags(blanked, base)
    if chunk.kind == HAND or (chunk.kind == HEADER and blanked[rest : rest + 4].lower() == "hand"):
        hand = plain_hand(blanked[rest:] if rest else blanked, base + rest, PLAIN_ITEMS, PLAIN_LAYOUT)
        if hand is None:
            scan = scan_hand(blanked[rest:], base + rest, KEYWORDS, KEYWORD_WORDS)
            hand = scan.record
            problems += scan.problems
            broken = scan.broken
            skipped = scan.skipped
    elif rest < len(blanked) and blanked[rest:].strip():
        broken = True  # text that is neither a tag nor a hand
    if broken:
        from .diagnose import diagnose  # a syntax error only: the grammar's words for it

        found = diagnose(_without(text, base, skipped), base)
        if found is None:  # the grammar reads what the reader could not: say so plainly
            where = (base, base + max(1, len(text.strip().split("\n", 1)[0])))
            found = Problem(
                codes.S001, "this text does not follow the notation", where, "please report this: the reader and the grammar disagree"
            )
        problems.insert(0, found)
        if hand is not None:
            hand.unreadable = True
    if problems and hand is not None and any(p.code == codes.S001 for p in problems):
        hand.unreadable = True  # an unclosed comment swallowed part of the hand
    if skipped:  # (no generator made for a clean chunk: the reader reads one a hand)
        problems += (_skipped(text, base, span, skipped) for span in skipped)
    trailing = attach(comments, text, base, tags, hand)
    return ChunkRead(tags, hand, problems, trailing)


def _without(text: str, base: int, spans: list[tuple[int, int]]) -> str:
    """``text`` with the words of ``spans`` (offsets from ``base``) blanked, lines kept."""
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        for k in range(start - base, end - base):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)


def _skipped(text: str, base: int, span: tuple[int, int], skipped: list[tuple[int, int]]) -> Problem:
    """The syntax error of one skipped bookkeeping line, worded by the grammar with the
    other skipped lines blanked, and a hint that the hand is replayed without it."""
    from .diagnose import diagnose  # a syntax error only: the grammar's words for it

    found = diagnose(_without(text, base, [s for s in skipped if s != span]), base)
    if found is None or found.span is None or not span[0] <= found.span[0] <= span[1]:
        words = text[span[0] - base : span[1] - base]
        found = Problem(codes.S001, f"`{words[:40]}` does not follow the notation", span)
    what = text[span[0] - base : span[1] - base]
    if what.startswith("=>"):
        left = "this winner is left out and the trick is still read: the replay gives its winner"
    else:
        left = "this line is left out and the hand is still replayed: the replay gives what it would say"
    found.hint = f"{found.hint} ({left})" if found.hint else left
    return found


def split_trailer(chunk: Chunk, end: int) -> tuple[Chunk, Chunk]:
    """A header chunk cut where ``trailer_end`` says: the trailer, and the header after it."""
    head = chunk.text[:end]
    return chunk._replace(text=head), Chunk(HEADER, chunk.text[end:], chunk.offset + end, chunk.line + head.count("\n"))


def _is_log(tags: list[Tag]) -> bool:
    """Whether a header puts its hands in ``[Mode "log"]`` (the last Mode tag counts)."""
    mode = next((t.value for t in reversed(tags) if t.name == "Mode"), "")
    return mode.strip().lower() == "log"


@dataclass
class _Text:
    """The text of a record being assembled, as contiguous runs of chunks."""

    segments: list[Segment] = field(default_factory=list)
    pieces: list[str] = field(default_factory=list)
    offset: int = 0
    line: int = 0
    end: int = 0

    def add(self, chunk: Chunk) -> None:
        if not (self.pieces and chunk.offset == self.end):
            self._close()
            self.offset, self.line = chunk.offset, chunk.line
        self.pieces.append(chunk.text)
        self.end = chunk.offset + len(chunk.text)

    def _close(self) -> None:
        if self.pieces:
            self.segments.append(Segment(self.offset, self.line, "".join(self.pieces)))
            self.pieces = []

    def source(self, name: str | None) -> Source:
        self._close()
        return Source(name, self.segments)


@dataclass
class _Held:
    """A record of a log, complete but for a trailer that may follow it."""

    tags: list[Tag]
    hand: HandRecord
    text: _Text
    problems: list[tuple[Problem, int | None]]
    trailing: list[str]


class Assembler:
    """Groups chunks into records: games, ``[Mode "log"]`` logs, or header-less hand logs."""

    def __init__(self, file: str | None, count: int = 0) -> None:
        self.file = file
        self.count = count
        """Records yielded so far (and before this reader's input, for a batch)."""
        self.header: list[Tag] | None = None
        self.header_chunk: Chunk | None = None
        self.log = False
        self.header_problems: list[Problem] = []
        self.hands: list[HandRecord] = []
        self.problems: list[tuple[Problem, int | None]] = []
        self.open = False
        self.text = _Text()
        self.comments: list[str] = []
        """Comments waiting for the next item."""
        self.junk: list[Problem] = []
        self.junk_chunks: list[Chunk] = []
        self.any = False
        self.held: _Held | None = None
        """The last hand of a log, until the chunk after it shows whether a trailer follows."""
        self.pending: Chunk | None = None
        """Tag lines after the hands that are a trailer if the input ends after them."""

    def _diagnostics(self, problems: list[tuple[Problem, int | None]]) -> list[Diagnostic]:
        game = self.count
        return [Diagnostic(p.code, p.message, p.span, p.hint, self.file, game, hand) for p, hand in problems]

    def _emit(
        self, tags: list[Tag], hands: list[HandRecord], text: _Text, problems: list[tuple[Problem, int | None]], trailing: list[str]
    ) -> ReadResult:
        self.count += 1
        if self.junk:
            problems = [(p, None) for p in self.junk] + problems
            self.junk = []
        record = GameRecord(tags, hands, tuple(trailing))
        record.source = text.source(self.file)
        first = next((s for s in (tags[0].at if tags else None, hands[0].at if hands else None) if s is not None), None)
        record.at = first
        return ReadResult(record, self._diagnostics(problems))

    def _start_text(self) -> _Text:
        text = _Text()
        for c in self.junk_chunks:
            text.add(c)
        self.junk_chunks = []
        return text

    def prime(self, header: Chunk) -> None:
        """Start under a ``[Mode "log"]`` header read (and reported) before: its hands follow."""
        self.header, self.header_chunk = read_chunk(header).tags, header
        self.log = True

    def _release(self) -> ReadResult:
        """The log's last hand, now that no trailer follows it (the caller knows one is held)."""
        held, self.held = self.held, None
        assert held is not None
        return self._emit(held.tags, [held.hand], held.text, held.problems, held.trailing)

    def _after_hands(self) -> bool:
        """Whether tag lines now would follow the hands of a game or a log (not of a hand log)."""
        return self.held is not None or (self.open and not self.log and bool(self.hands))

    def _trail(self, chunk: Chunk) -> None:
        """Tag lines after the hands: the trailer of the game, or of the log's last hand."""
        read = read_chunk(chunk)
        if self.comments and read.tags:
            read.tags[0].comments = (*self.comments, *read.tags[0].comments)
            self.comments = []
        if self.held is not None:
            held = self.held
            held.problems += [(p, None) for p in check_tags(read.tags, held.tags) + read.problems]
            held.tags = held.tags + read.tags
            held.text.add(chunk)
            held.trailing += read.trailing
            return
        assert self.header is not None
        self.problems += [(p, None) for p in check_tags(read.tags, self.header) + read.problems]
        self.header = self.header + read.tags
        self.text.add(chunk)
        self.comments.extend(read.trailing)

    def flush(self) -> Iterator[ReadResult]:
        """End the current game (or a log header that had no hands)."""
        if self.pending is not None:  # something other than the end follows: a header, as ever
            pending, self.pending = self.pending, None
            yield from self._feed(pending)
        if self.held is not None:
            yield self._release()
        if self.open and self.header is not None:
            problems = [(p, None) for p in self.header_problems] + self.problems
            yield self._emit(self.header, self.hands, self.text, problems, self.comments)
            self.comments = []
        self.open = False
        self.hands, self.problems, self.header_problems = [], [], []

    def feed(self, chunk: Chunk) -> Iterator[ReadResult]:
        """The records ``chunk`` completes (a generator less in the common case, a hand
        or header with no tag lines waiting before it: the reader feeds every chunk)."""
        if self.pending is None and not (chunk.kind == HEADER and self._after_hands()):
            return self._feed(chunk)
        return self._feed_after(chunk)

    def _feed_after(self, chunk: Chunk) -> Iterator[ReadResult]:
        """``feed`` where tag lines wait, or come, after the hands (a trailer, or a new header)."""
        if self.pending is not None:  # a hand follows the tag lines: they are a new game's header
            pending, self.pending = self.pending, None
            yield from self._feed(pending)
        if chunk.kind == HEADER and self._after_hands():
            end = trailer_end(blank(chunk.text, chunk.offset)[0])
            if end == len(chunk.text):
                self.pending = chunk
                return
            if end:
                trailer, chunk = split_trailer(chunk, end)
                self._trail(trailer)
        yield from self._feed(chunk)

    def take(self, chunk: Chunk) -> ReadResult | Literal[False] | None:
        """``feed`` without a generator, for a hand with nothing waiting before it (no tag
        lines, no log's last hand): the record it completes, or None; False when it is not
        such a hand (then ``feed`` it).  The reader takes nearly every chunk this way."""
        if chunk.kind != HAND or self.pending is not None or self.held is not None:
            return False
        return self._hand(chunk, read_chunk(chunk))

    def _feed(self, chunk: Chunk) -> Iterator[ReadResult]:
        if self.held is not None:  # a chunk other than a trailer follows the log's last hand
            yield self._release()
        read = read_chunk(chunk)
        if chunk.kind != HEADER and not read.tags:
            done = self._hand(chunk, read)
            if done is not None:
                yield done
            return
        self.any = True
        hand = read.hand
        if self.comments:  # comments left by the chunk before go to this chunk's first item
            first = read.tags[0] if read.tags else hand
            if first is not None:
                first.comments = (*self.comments, *first.comments)
                self.comments = []
        yield from self.flush()
        self.header, self.header_chunk = read.tags, chunk
        self.log = _is_log(read.tags)
        self.header_problems = check_tags(read.tags) + ([] if hand is not None else read.problems)
        self.open = True
        self.text = self._start_text()
        self.text.add(chunk)
        if hand is None:
            self.comments.extend(read.trailing)
            return
        done = self._hand(chunk, read, False)
        if done is not None:  # pragma: no cover - a header's hand is of a game or a log
            yield done

    def _hand(self, chunk: Chunk, read: ChunkRead, attach: bool = True) -> ReadResult | None:
        """A chunk read with no tags: its hand (or the text before any record) placed in
        the record being assembled; the record it completes, if any (a hand log's).
        ``attach``: the comments waiting go to the hand (not done yet)."""
        self.any = True
        hand = read.hand
        if attach and self.comments and hand is not None:  # comments left by the chunk before go to this chunk's first item
            hand.comments = (*self.comments, *hand.comments)
            self.comments = []
        if hand is None:  # text before the first record: reported with the next record
            self.junk.extend(read.problems)
            self.junk_chunks.append(chunk)
            self.comments.extend(read.trailing)
            return None
        header, problems = self.header, read.problems
        if header is not None and not self.log:  # the common case: a hand of a game
            self.hands.append(hand)
            if chunk is not self.header_chunk:
                self.text.add(chunk)
            if problems:
                label = hand.label(len(self.hands))
                self.problems.extend((p, label) for p in problems)
            if read.trailing:
                self.comments.extend(read.trailing)
            return None
        label = hand.label(1)
        if header is None:
            text = self._start_text()
            text.add(chunk)
            return self._emit([], [hand], text, [(p, label) for p in problems], read.trailing)
        else:
            text = _Text()
            if self.header_chunk is not None:
                text.add(self.header_chunk)
            if chunk is not self.header_chunk:
                text.add(chunk)
            placed: list[tuple[Problem, int | None]] = [(p, None) for p in self.header_problems]
            placed += [(p, label) for p in problems]
            self.header_problems = []
            self.open = False
            self.held = _Held(list(header), hand, text, placed, list(read.trailing))
            return None

    def finish(self) -> Iterator[ReadResult]:
        if self.pending is not None:  # the input ends after the tag lines: the trailer of the record above
            pending, self.pending = self.pending, None
            self._trail(pending)
        yield from self.flush()
        if self.count == 0:
            where = self.file or "the input"
            text = self._start_text()
            diagnostics = [Diagnostic(p.code, p.message, p.span, p.hint, self.file).resolve(text.source(self.file)) for p in self.junk]
            diagnostics.append(
                Diagnostic(
                    codes.S007,
                    f"no games or hands in {where}",
                    hint='a record starts with tags such as [Rules "42"] or with a `hand` line',
                    file=self.file,
                )
            )
            yield ReadResult(None, diagnostics)
