"""Cutting input into chunks at record boundaries, streaming.

Text comes in blocks (``decode_blocks`` reads bytes and checks that they are UTF-8
on the way); ``chunks`` cuts it before every ``hand`` line and before a tag line
that follows hands, so a chunk is a header (tags) or one hand.  Blank and comment
lines go with the chunk after them.  Nothing is held but the chunk being cut:
memory stays flat on any input, and a chunk larger than ``MAX_CHUNK`` is reported
and skipped rather than held.

Input that is not text (a NUL byte, bytes that are not UTF-8, a UTF-16 file) ends
the input with a ``Problem`` chunk that says where and what.  An unterminated
``{`` comment does not swallow the rest of the file: the next line that starts a
hand or a tag line ends it, and the hand it was in reports it.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
import codecs
import re
from collections.abc import Iterable, Iterator
from functools import partial
from typing import NamedTuple, Protocol

from .encodings import UTF8, guess_encoding

__all__ = ["BLOCK", "HAND", "HEADER", "JUNK", "MAX_CHUNK", "Chunk", "NotText", "chunks", "decode_blocks"]

JUNK, HEADER, HAND = 0, 1, 2
"""Chunk kinds: text before any record, a header of tags, a hand."""

BLOCK = 1 << 20
"""Bytes read at a time."""

MAX_CHUNK = 16 << 20
"""Characters one chunk (a header, or one hand) may hold; longer ones are reported and skipped."""


class Readable(Protocol):
    """A byte stream: a file opened for binary reading, standard input's buffer, a range of a file."""

    def read(self, size: int = -1, /) -> bytes: ...


class Chunk(NamedTuple):
    kind: int
    text: str
    offset: int
    """Where ``text`` starts, in characters from the start of the input."""
    line: int
    """The line ``text`` starts on (1-based)."""


_new_chunk = partial(tuple.__new__, Chunk)
"""``Chunk(...)`` from a tuple of its fields, without the named tuple's Python-level ``__new__``
(a chunk is made for every hand)."""


class NotText(NamedTuple):
    """Where the input stops being text, and why."""

    line: int
    column: int
    what: str
    hint: str
    encoding: str | None = None
    """The encoding the input looks like (``encodings.guess_encoding``): the hint says how to read it."""


class TooLong(NamedTuple):
    """A chunk longer than ``MAX_CHUNK`` was skipped."""

    line: int
    length: int


_TEXT_HINT = "records are UTF-8 text files"
_SAMPLE = 1 << 16
"""Bytes looked at to guess the encoding of a file that is not UTF-8."""


def decode_blocks(stream: Readable, size: int = BLOCK, *, line: int = 1, encoding: str | None = None) -> Iterator[str | NotText]:
    """Text blocks from a byte stream in UTF-8 (or ``encoding``, a name ``check_encoding``
    gave); a ``NotText`` (always last) where it stops being text.

    Lines and columns in a ``NotText`` count from the start of the stream.  A
    byte-order mark is dropped; old Mac line ends (``\\r`` only) are read as newlines.
    """
    if encoding is not None and encoding != UTF8:
        yield from _decode_in(stream, size, line, encoding)
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    column = 1
    first = True
    cr_only = False
    uncounted = ""  # the text yielded last: its lines are counted only when more text or a problem follows,
    # so a file of one block (most records) is not counted here at all; the chunks count their own lines
    while True:
        block = stream.read(size)
        final = not block
        if first and block:
            if block[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
                marked = "utf-32" if block[:4] == codecs.BOM_UTF32_LE else "utf-16"
                yield NotText(line, 1, f"a {marked.upper()} byte-order mark", _TEXT_HINT, marked)
                return
            if block[:3] == codecs.BOM_UTF8:
                block = block[3:]
        nul = block.find(b"\x00")
        data = block if nul < 0 else block[:nul]
        bad: NotText | None = None
        try:
            text = decoder.decode(data, final=final or nul >= 0)
        except UnicodeDecodeError as e:
            text = e.object[: e.start].decode("utf-8", errors="replace")
            guess = guess_encoding(e.object[e.start : e.start + _SAMPLE])
            bad = NotText(0, 0, f"the byte 0x{e.object[e.start]:02x}, which is not UTF-8", _TEXT_HINT, guess)
        if first:
            cr_only = "\r" in text and "\n" not in text
            first = False
        if cr_only:
            text = text.replace("\r", "\n")
        if text:
            line, column = _advance(line, column, uncounted)
            yield text
            uncounted = text
        if bad is not None or nul >= 0:
            line, column = _advance(line, column, uncounted)
        if bad is not None:
            yield bad._replace(line=line, column=column)
            return
        if nul >= 0:
            guess = guess_encoding(block[:64])
            yield NotText(line, column, "a NUL byte", _TEXT_HINT, guess if guess in ("utf-16-le", "utf-16-be", "utf-32") else None)
            return
        if final:
            return


def _decode_in(stream: Readable, size: int, line: int, encoding: str) -> Iterator[str | NotText]:
    """``decode_blocks`` in another encoding than UTF-8: NULs are looked for in the text
    (in UTF-16 every other byte is one), and a leading byte-order mark is dropped."""
    decoder = codecs.getincrementaldecoder(encoding)()
    column = 1
    first = True
    cr_only = False
    while True:
        block = stream.read(size)
        final = not block
        bad: NotText | None = None
        try:
            text = decoder.decode(block, final=final)
        except UnicodeDecodeError as e:
            text = e.object[: e.start].decode(encoding, errors="replace")
            guess = guess_encoding(e.object[e.start : e.start + _SAMPLE])
            what = f"the byte 0x{e.object[e.start]:02x}, which is not {encoding}"
            bad = NotText(0, 0, what, f"check the encoding given to --encoding ({encoding})", None if guess == encoding else guess)
        if first and text:
            text = text.removeprefix("\ufeff")
            cr_only = "\r" in text and "\n" not in text
            first = False
        nul = text.find("\x00")
        if nul >= 0:
            text, bad = text[:nul], NotText(0, 0, "a NUL character", _TEXT_HINT)
        if cr_only:
            text = text.replace("\r", "\n")
        if text:
            yield text
            line, column = _advance(line, column, text)
        if bad is not None:
            yield bad._replace(line=line, column=column)
            return
        if final:
            return


def _advance(line: int, column: int, text: str) -> tuple[int, int]:
    newlines = text.count("\n")
    if newlines:
        return line + newlines, len(text) - text.rfind("\n")
    return line, column + len(text)


_STARTS_LINE = r"[ \t\f\r]*(?:((?i:hand))(?![A-Za-z0-9_+-])|(\[))"
_BOUNDARY = re.compile(_STARTS_LINE)
"""A line that may start a chunk: a ``hand`` line, or a tag line (matched at a line start)."""
_NEXT_BOUNDARY = re.compile(r"\n(?![ \t\f\r]*[^ \t\f\r\nhH\[])" + _STARTS_LINE)
"""``_BOUNDARY`` after a newline: searched for, the regex engine skips to each newline
rather than trying every character (a third less time than ``^`` in multi-line mode),
and the look-ahead drops a line at its first letter when it cannot start a chunk (a
third of the time again: most lines are items)."""
_STARTS = re.compile(r"(hand)(?![A-Za-z0-9_+-])|(\[)", re.I)
"""``_BOUNDARY`` at the first text of a line (after a comment, say)."""


def chunks(blocks: Iterable[str | NotText], *, start_line: int = 1, start_offset: int = 0) -> Iterator[Chunk | NotText | TooLong]:
    """Cut text blocks into chunks (see the module docstring); ``NotText`` passes through last."""
    cutter = _Cutter(start_line, start_offset)
    for block in blocks:
        if isinstance(block, NotText):  # the chunk it cuts short is not read: only the chunks before it
            yield block
            return
        yield from cutter.feed(block)
    yield from cutter.finish()


class _Cutter:
    """The chunk being cut.  Input comes in blocks; whole lines are cut, the partial last
    line of a block waits for the next one."""

    def __init__(self, line: int, offset: int) -> None:
        self.pending = ""
        """The partial last line of the input so far."""
        self.buf: list[str] = []
        """Pieces of the current chunk's text."""
        self.size = 0
        self.tail = 0
        """Characters of the current chunk up to the end of its last line with text: blank and
        comment lines after it go with the next chunk."""
        self.kind = JUNK
        self.line = line
        """The line the current chunk starts on."""
        self.offset = offset
        """Where the current chunk starts."""
        self.in_brace = False
        self.skipping = False
        """A chunk over ``MAX_CHUNK`` is being skipped, up to the next boundary."""

    def feed(self, block: str) -> list[Chunk | TooLong]:
        """The chunks and overlong ones the lines of ``block`` complete, as a list: ``chunks``
        resumes no generator of the cutter's for each chunk."""
        text = self.pending + block
        cut = text.rfind("\n") + 1
        self.pending = text[cut:]
        out: list[Chunk | TooLong] = []
        if cut:
            if not self.in_brace and "{" not in text[:cut]:
                out = self._fast(text[:cut])
            else:
                for line in text[: cut - 1].split("\n"):  # lines end at a newline only, as in the grammar
                    out.extend(self._line(line + "\n"))
        if len(self.pending) > MAX_CHUNK:  # one endless line: report it and drop it
            if not self.skipping:
                out.append(TooLong(self.line, self.size + len(self.pending)))
            self._add(self.pending, False)
            self.pending = ""
            self._drop()
        return out

    def finish(self) -> Iterator[Chunk | TooLong]:
        if self.pending:
            text, self.pending = self.pending, ""
            yield from self._line(text)
        if self.size and not self.skipping:
            yield Chunk(self.kind, "".join(self.buf), self.offset, self.line)

    # -- cutting -------------------------------------------------------------------------
    def _add(self, text: str, has_text: bool) -> None:
        if not self.skipping:
            self.buf.append(text)
        self.size += len(text)
        if has_text:
            self.tail = self.size

    def _drop(self) -> None:
        """Skip the current chunk: it is too long to hold."""
        self.skipping = True
        self._advance("".join(self.buf) if self.buf else "", self.size)
        self.buf, self.size, self.tail = [], 0, 0

    def _advance(self, text: str, size: int) -> None:
        self.offset += size
        self.line += text.count("\n")

    def _boundary(self, kind: int) -> Iterator[Chunk | TooLong]:
        """A line that starts a new chunk of ``kind`` comes next: cut the current chunk at its tail."""
        if self.skipping:
            skipped = "".join(self.buf)
            self.skipping = False
            self.buf, self.size, self.tail = [skipped[self.tail :]] if skipped[self.tail :] else [], self.size - self.tail, 0
        elif self.tail:
            yield self._cut()
        self.kind = kind

    def _cut(self) -> Chunk | TooLong:
        """Cut the current chunk (not skipped) at its tail, which is not 0."""
        buf = self.buf
        text = buf[0] if len(buf) == 1 else "".join(buf)
        tail = self.tail
        head, rest = text[:tail], text[tail:]
        line = self.line
        self.offset += tail
        self.line += head.count("\n")
        self.buf, self.size, self.tail = [rest] if rest else [], len(rest), 0
        return TooLong(line, tail) if tail > MAX_CHUNK else _new_chunk((self.kind, head, self.offset - tail, line))

    def _fast(self, text: str) -> list[Chunk | TooLong]:
        """Whole lines with no ``{`` and no comment open: the boundaries are the lines the
        regex finds; blank and ``;`` lines before one go with it."""
        out: list[Chunk | TooLong] = []
        at = 0
        for m in _NEXT_BOUNDARY.finditer("\n" + text):  # the newline put first stands for the line start at 0
            kind = HAND if m.group(1) else HEADER
            if kind == HEADER and self.kind == HEADER:
                continue  # the header goes on
            b = m.start()  # in ``text``: the match starts one character early, at its newline
            c = _back(text, at, b)
            if self.skipping:
                if c > at:
                    self._add(text[at:c], True)
                out.extend(self._boundary(kind))
                self._add(text[c:b], False)
            else:  # ``_add`` and ``_boundary`` written out (a boundary a hand), no empty piece kept
                if c > at:
                    self.buf.append(text[at:c])
                    self.tail = self.size = self.size + c - at
                if self.tail:
                    out.append(self._cut())
                self.kind = kind
                if b > c:
                    self.buf.append(text[c:b])
                    self.size += b - c
            at = b
            if self.size > MAX_CHUNK and not self.skipping:
                out.append(TooLong(self.line, self.size))
                self._drop()
        if at < len(text):
            # blank and ``;`` lines that end the block stay out of the tail, as they would
            # before a boundary in it: where a block ends must not move them to another chunk
            c = _back(text, at, len(text))
            if c > at:
                self._add(text[at:c], True)
            if c < len(text):
                self._add(text[c:], False)
        if self.size > MAX_CHUNK and not self.skipping:
            out.append(TooLong(self.line, self.size))
            self._drop()
        return out

    def _line(self, line: str) -> Iterator[Chunk | TooLong]:
        """One line, looked at closely (comments that may span lines)."""
        has_text, kind = self._scan(line)
        if has_text and kind != JUNK and not (kind == HEADER and self.kind == HEADER):
            yield from self._boundary(kind)
        self._add(line, has_text)
        if self.size > MAX_CHUNK and not self.skipping:
            yield TooLong(self.line, self.size)
            self._drop()

    def _scan(self, line: str) -> tuple[bool, int]:
        """Whether ``line`` holds text outside comments, and the chunk kind it starts (JUNK: none)."""
        i, n = 0, len(line)
        first = -1
        if self.in_brace:
            # An unclosed `{` ends at a line that starts a hand or a tag line (docs/notation.md).
            m = _BOUNDARY.match(line)
            j = line.find("}")
            if m is None and j < 0:
                return False, JUNK
            self.in_brace = False
            if m is None:
                i = j + 1
        while i < n:
            c = line[i]
            if c in " \t\r\f\n":
                i += 1
                continue
            if c == ";":
                break
            if c == "{":
                j = line.find("}", i + 1)
                if j < 0:
                    self.in_brace = True
                    break
                i = j + 1
                continue
            if first < 0:
                first = i
            if c == '"':  # a tag value: `{` and `;` inside it are text
                i += 1
                while i < n and line[i] != '"':
                    i += 2 if line[i] == "\\" else 1
            i += 1
        if first < 0:
            return False, JUNK
        m = _STARTS.match(line, first)
        if m is None:
            return True, JUNK
        return True, HAND if m.group(1) else HEADER


def _back(text: str, lo: int, b: int) -> int:
    """Where the blank and comment lines just before ``b`` (a line start) begin, not before ``lo``."""
    c = b
    rfind = text.rfind
    while c > lo:
        s = rfind("\n", lo, c - 1) + 1
        if s < lo:
            s = lo
        body = text[s:c].strip(" \t\f\r\n")  # the grammar's white space only: a vertical tab is text
        if body and body[0] != ";":
            break
        c = s
    return c
