"""How a record file's bytes are its text, and back: the encoding it is read in, a guess
at the encoding of a file that is not UTF-8 (for the hint of ``S006``), and the form a
rewritten file keeps (``TextForm``: its encoding, byte-order mark and line ends).

Records are UTF-8 (docs/notation.md).  Another encoding is read when asked for
(``--encoding NAME``, which sets ``reading_encoding`` for the command, or the
``encoding`` of ``read_records``); work cut into units carries it to the processes
that read them (``units.Unit.encoding``).
"""

from __future__ import annotations

import codecs
import difflib
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = [
    "UTF8",
    "EncodingError",
    "TextForm",
    "check_encoding",
    "convert_hint",
    "guess_encoding",
    "reading",
    "reading_encoding",
    "text_form",
]

UTF8 = "utf-8"

_COMMON = ("utf-8", "cp1252", "latin-1", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "cp437", "mac-roman", "iso8859-15")
"""Names offered when a name is not an encoding."""
_WORDS = {"ansi": "cp1252", "windows": "cp1252", "unicode": "utf-16", "ucs2": "utf-16", "ucs-2": "utf-16"}
"""What people call an encoding that Python names otherwise (Notepad's "ANSI" is Windows-1252)."""


class EncodingError(ValueError):
    """A name that is not a text encoding; the message says which are."""


def check_encoding(name: str) -> str:
    """The text encoding ``name`` names, as Python names it; ``EncodingError`` if none does.

    >>> check_encoding("Windows-1252"), check_encoding("UTF8"), check_encoding("latin1")
    ('cp1252', 'utf-8', 'iso8859-1')
    """
    try:
        found = codecs.lookup(name).name
        b"".decode(found)  # a bytes-to-bytes codec (base64, rot13...) is not a text encoding
        "".encode(found)
    except LookupError:
        low = name.strip().lower()
        close = difflib.get_close_matches(low, [*_COMMON, *_WORDS], n=1)
        guess = _WORDS.get(close[0], close[0]) if close else None
        meant = f"; did you mean {guess}?" if guess else ""
        raise EncodingError(f"{name!r} is not a text encoding{meant} (common ones: {', '.join(_COMMON[:5])})") from None
    return found


_current: str | None = None


def reading_encoding() -> str | None:
    """The encoding record files are read in (None: UTF-8), as ``--encoding`` set it."""
    return _current


@contextmanager
def reading(name: str | None) -> Iterator[None]:
    """Read record files in ``name`` (checked) within the block: the command line's ``--encoding``."""
    global _current
    before, _current = _current, None if name is None else check_encoding(name)
    try:
        yield
    finally:
        _current = before


def guess_encoding(sample: bytes) -> str | None:
    """The likeliest encoding of ``sample``, bytes that are not UTF-8: UTF-32 or UTF-16 by
    their byte-order mark or their NULs, else Windows-1252 (Notepad's "ANSI", a superset
    of Latin-1's letters), else Latin-1; None for bytes that read as no text (control
    characters in more than 3 of 100 of them: a binary file).

    >>> guess_encoding("Café".encode("cp1252")), guess_encoding("hand".encode("utf-16-le")), guess_encoding(bytes(range(256)))
    ('cp1252', 'utf-16-le', None)
    """
    if sample[:4] in (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE):
        return "utf-32"
    if sample[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "utf-16"
    even, odd = sample[0::2], sample[1::2]
    for zeros, other, name in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if zeros and zeros.count(0) * 4 >= len(zeros) * 3 and other.count(0) * 2 < len(other):
            return name
    try:
        text, name = sample.decode("cp1252"), "cp1252"  # it gives letters to most of 0x80-0x9f, Latin-1 none
    except UnicodeDecodeError:
        text, name = sample.decode("latin-1"), "latin-1"
    controls = sum(1 for c in text if (c < " " and c not in "\t\n\r\f") or "\x7f" <= c < "\xa0")
    return None if controls * 100 > len(text) * 3 else name


_SAID = {
    "cp1252": ("CP1252", 'Windows-1252 text (Notepad\'s "ANSI"; Latin-1 is much the same)'),
    "latin-1": ("LATIN1", "Latin-1 (ISO-8859-1) text"),
    "utf-16": ("UTF-16", "UTF-16 text (it starts with a byte-order mark)"),
    "utf-16-le": ("UTF-16LE", "UTF-16 text, little-endian, without a byte-order mark"),
    "utf-16-be": ("UTF-16BE", "UTF-16 text, big-endian, without a byte-order mark"),
    "utf-32": ("UTF-32", "UTF-32 text (it starts with a byte-order mark)"),
}


def convert_hint(encoding: str, name: str | None) -> str:
    """The hint of an ``S006`` for a file that looks like ``encoding``: read it with
    ``--encoding``, or convert it with ``iconv``.

    >>> convert_hint("cp1252", "club night.42")
    'it looks like Windows-1252 text (Notepad\\'s "ANSI"; Latin-1 is much the same): read it with `--encoding cp1252`, or convert it to UTF-8: `iconv -f CP1252 -t UTF-8 \\'club night.42\\' > \\'club night.utf8.42\\'`'
    """
    iconv, said = _SAID[encoding]
    if name is None or name == "<stdin>":
        command = f"iconv -f {iconv} -t UTF-8"
    else:
        stem, dot, suffix = name.rpartition(".")
        target = f"{stem}.utf8.{suffix}" if dot and "/" not in suffix else f"{name}.utf8"
        command = f"iconv -f {iconv} -t UTF-8 {shlex.quote(name)} > {shlex.quote(target)}"
    return f"it looks like {said}: read it with `--encoding {encoding}`, or convert it to UTF-8: `{command}`"


_BOMS = {
    "utf-8": ((codecs.BOM_UTF8, "utf-8"),),
    "utf-8-sig": ((codecs.BOM_UTF8, "utf-8"),),
    "utf-16": ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")),
    "utf-16-le": ((codecs.BOM_UTF16_LE, "utf-16-le"),),
    "utf-16-be": ((codecs.BOM_UTF16_BE, "utf-16-be"),),
    "utf-32": ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be")),
    "utf-32-le": ((codecs.BOM_UTF32_LE, "utf-32-le"),),
    "utf-32-be": ((codecs.BOM_UTF32_BE, "utf-32-be"),),
}
"""Per encoding, the byte-order marks a file in it may start with, and the codec of each."""
_NATIVE = {"utf-8-sig": "utf-8", "utf-16": f"utf-16-{sys.byteorder[0]}e", "utf-32": f"utf-32-{sys.byteorder[0]}e"}
"""The codec Python reads a file without a byte-order mark in."""


@dataclass(frozen=True, slots=True)
class TextForm:
    """How a file writes its text, which a rewrite (``fmt``, ``fix``) keeps: the codec, a
    byte-order mark, and the line end (``\\n``, ``\\r\\n``, or ``\\r`` alone)."""

    codec: str = UTF8
    bom: bool = False
    newline: str = "\n"

    def as_read(self, text: str) -> str:
        """``text`` with ``\\n`` line ends (the writer's) as the reader gives this file's text:
        CRLF kept in a CRLF file (a file of ``\\r`` alone is read with ``\\n``)."""
        return _line_ends(text, "\r\n") if self.newline == "\r\n" else text

    def text(self, text: str) -> str:
        """The whole file for ``text`` as the reader gives it: the mark, and ``\\r`` again in
        a file of ``\\r`` alone (other line ends are as the reader gave them: a file whose
        lines end in both ways keeps them)."""
        return ("\ufeff" if self.bom else "") + (text.replace("\n", "\r") if self.newline == "\r" else text)

    def encode(self, text: str) -> bytes:
        """The file's bytes for ``text`` as the reader gives it."""
        return self.text(text).encode(self.codec)


def _line_ends(text: str, newline: str) -> str:
    if newline == "\n":
        return text
    return text.replace("\r\n", "\n").replace("\n", newline)


def text_form(raw: bytes, text: str, encoding: str | None = None) -> TextForm:
    """The form of a file: ``raw``, its bytes, read as ``text`` in ``encoding`` (UTF-8 if None).

    >>> text_form(b"\\xef\\xbb\\xbfhand\\r\\n", "hand\\r\\n")
    TextForm(codec='utf-8', bom=True, newline='\\r\\n')
    """
    name = check_encoding(encoding or UTF8)
    codec, bom = _NATIVE.get(name, name), False
    for mark, marked in _BOMS.get(name, ()):
        if raw.startswith(mark):
            codec, bom = marked, True
            break
    if "\r\n" in text:
        newline = "\r\n"
    elif "\r" not in text and "\r".encode(codec) in raw:  # the reader read a file of \r alone with \n
        newline = "\r"
    else:
        newline = "\n"
    return TextForm(codec, bom, newline)
