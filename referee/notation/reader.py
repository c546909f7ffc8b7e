"""The one reader: notation text in, records out, from a file, a stream or a string.

``read_records`` streams: it holds one record (a game, or one hand of a log) at a
time, reads standard input and FIFOs like files (it never seeks or stats), and
never raises on bad input: every problem is a diagnostic, and a syntax error
costs only the hand it is in.

>>> text = '[Rules "42"]\\nhand 1 dealer N\\n  bid E pass, S 30, W pass, N pass\\n'
>>> [len(r.record.hands) for r in read_text(text)]
[1]
>>> r = next(read_text("hand 1\\n  deal N 7-2\\n", "x.42"))
>>> [(d.code, d.resolve(r.record.source).location()) for d in r.diagnostics]
[('S002', 'x.42:2:10')]
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
import io
import os
from collections.abc import Iterable, Iterator
from typing import IO, Any, NamedTuple

from .. import codes
from ..diagnostics import Diagnostic, reason
from ..source import Position
from .assemble import Assembler, ReadResult
from .encodings import TextForm, check_encoding, convert_hint, reading_encoding, text_form
from .scanner import BLOCK, Chunk, NotText, Readable, TooLong, chunks, decode_blocks
from .urls import open_input

__all__ = ["FileText", "ReadResult", "file_text", "read_blocks", "read_records", "read_text"]


def read_records(source: str | os.PathLike[str] | IO[Any], name: str | None = None, *, encoding: str | None = None) -> Iterator[ReadResult]:
    """Read every record of ``source``: a path (or a URL, through fsspec), or an open stream (binary, or text).

    ``name`` is the file as diagnostics name it (default: the path; ``None`` for a
    stream).  A path that cannot be opened gives one result without a record.
    ``encoding`` is the bytes' (default: UTF-8, or what ``--encoding`` set:
    ``encodings.reading``); a name that is not an encoding is an ``EncodingError``.
    """
    chosen = encoding if encoding is not None else reading_encoding()
    encoding = None if chosen is None else check_encoding(chosen)
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        display = path if name is None else name
        try:
            stream = open_input(path)  # closed below, after the generator is done; a URL through fsspec
        except OSError as e:
            yield ReadResult(None, [cannot_read(display, e)])
            return
        with stream:
            try:
                yield from read_blocks(decode_blocks(stream, encoding=encoding), display)
            except OSError as e:  # a read that fails part way (a device, a network file)
                yield ReadResult(None, [cannot_read(display, e)])
        return
    binary = getattr(source, "buffer", None)  # a text stream over bytes (standard input): read the bytes
    if binary is None and isinstance(source, io.TextIOBase):
        text = source
        yield from read_blocks(iter(lambda: text.read(BLOCK), ""), name, nul_check=True)
        return
    raw: Readable = binary if binary is not None else source
    yield from read_blocks(decode_blocks(raw, encoding=encoding), name)


def read_text(text: str, name: str | None = None) -> Iterator[ReadResult]:
    """Read every record of a string."""
    yield from read_blocks([text], name, nul_check=True)


class FileText(NamedTuple):
    """A whole file's text as the reader reads it, and the form to write it back in."""

    text: str
    form: TextForm


def file_text(raw: bytes, name: str | None = None, *, encoding: str | None = None) -> FileText | Diagnostic:
    """The text of a file's bytes as the reader reads it (a byte-order mark dropped, a
    file of ``\\r`` alone read with ``\\n``) and its ``TextForm``, which ``fmt`` and ``fix``
    write it back in; or why it is not text (S006), as ``check`` says it.

    >>> file_text(b"\\xef\\xbb\\xbfhand\\r\\n  claim\\r\\n")
    FileText(text='hand\\r\\n  claim\\r\\n', form=TextForm(codec='utf-8', bom=True, newline='\\r\\n'))
    """
    chosen = encoding if encoding is not None else reading_encoding()
    blocks = list(decode_blocks(io.BytesIO(raw), encoding=None if chosen is None else check_encoding(chosen)))
    if blocks and isinstance(blocks[-1], NotText):
        return _not_text(name, blocks[-1])
    text = "".join(b for b in blocks if isinstance(b, str))
    return FileText(text, text_form(raw, text, chosen))


def cannot_read(name: str, e: OSError) -> Diagnostic:
    """A file that cannot be opened or read: the reason in words (S014, exit status 2)."""
    return Diagnostic(codes.S014, f"cannot read {name}: {reason(e)}", file=name, hint=_READ_HINTS.get(e.errno or 0))


_READ_HINTS = {13: "check the file's permissions", 21: "a directory is searched for record files when given as a PATH"}


def read_blocks(
    blocks: Iterable[str | NotText],
    name: str | None = None,
    *,
    assembler: Assembler | None = None,
    nul_check: bool = False,
    start: tuple[int, int] = (1, 0),
) -> Iterator[ReadResult]:
    """The records of text that comes in blocks (``decode_blocks`` checks bytes on the way);
    ``start`` is the line and offset the text starts at, ``assembler`` one already primed."""
    if nul_check:
        blocks = _check_nul(blocks)
    asm = assembler if assembler is not None else Assembler(name)
    take = asm.take
    for item in chunks(blocks, start_line=start[0], start_offset=start[1]):
        if isinstance(item, Chunk):
            done = take(item)  # a hand, as nearly every chunk is: no generator
            if done is False:
                yield from asm.feed(item)
            elif done is not None:
                yield done
        elif isinstance(item, TooLong):
            yield from asm.flush()
            yield ReadResult(None, [_too_long(name, item)])
        else:
            yield from asm.flush()
            yield ReadResult(None, [_not_text(name, item)])
            return
    yield from asm.finish()


def _check_nul(blocks: Iterable[str | NotText]) -> Iterator[str | NotText]:
    """Text given as strings: a NUL character ends it as a NUL byte would end a file."""
    line, column = 1, 1
    for block in blocks:
        if isinstance(block, NotText):
            yield block
            return
        nul = block.find("\x00")
        if nul < 0:
            yield block
            line += block.count("\n")
            column = len(block) - block.rfind("\n") if "\n" in block else column + len(block)
            continue
        head = block[:nul]
        yield head
        newlines = head.count("\n")
        column = len(head) - head.rfind("\n") if newlines else column + len(head)
        yield NotText(line + newlines, column, "a NUL byte", "records are UTF-8 text files")
        return


def _not_text(name: str | None, bad: NotText) -> Diagnostic:
    where = name or "the input"
    return Diagnostic(
        codes.S006,
        f"{where} is not a text record: line {bad.line} holds {bad.what}",
        hint=bad.hint if bad.encoding is None else convert_hint(bad.encoding, name),
        file=name,
        at=Position(bad.line, bad.column, bad.line, bad.column + 1),
    )


def _too_long(name: str | None, item: TooLong) -> Diagnostic:
    return Diagnostic(
        codes.S015,
        f"this record is {item.length:,} characters long; it is skipped",
        hint="a header or a hand runs to the next `hand` line or tag line: is one missing?",
        file=name,
        at=Position(item.line, 1, item.line, 2),
    )
