"""The inputs a command names: files, directories, URLs and standard input.

A directory is searched for record files, whose extensions are the games' own names
(``.42``, ``.moon``, ``.88``: ``EXTENSIONS``, from the game registry); ``-`` is
standard input, named ``<stdin>`` in diagnostics.  Reading an input goes through
``read_input`` (its records) or ``input_bytes`` (its bytes, for the commands that
rewrite a file), so standard input is handled in one place.

>>> EXTENSIONS
('.42', '.moon', '.88')
>>> shown("-"), shown("games.42")
('<stdin>', 'games.42')

A message names a file with ``named``: a line break, a terminal escape or any other
control character in its name is shown as an escape (``report.escaping.visible``), so
a name never starts a line of its own or sends the terminal a code.  ``shown`` is the
name as data (a diagnostic's file, JSON), escaped only where it is printed.

>>> named("a\\nb.42"), named("\\x1b[31mred.42"), named("-")
('a\\\\x0ab.42', '\\\\x1b[31mred.42', '<stdin>')
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.games import NAMES
from ..notation.urls import URLError, expand_url, is_url

if TYPE_CHECKING:
    from ..notation.reader import ReadResult

__all__ = [
    "EXTENSIONS",
    "STDIN",
    "STDIN_NAME",
    "Inputs",
    "UsageError",
    "cuttable",
    "expand_paths",
    "input_bytes",
    "named",
    "read_input",
    "regular",
    "shown",
]

EXTENSIONS: tuple[str, ...] = tuple(f".{name}" for name in NAMES)
"""Record files found when a directory is given: a game's profile name is its files'
extension (docs/notation.md)."""

STDIN = "-"
"""Standard input, as a path on the command line."""

STDIN_NAME = "<stdin>"
"""Standard input, as diagnostics name it."""


class UsageError(Exception):
    """A bad command line: missing file, nothing to read (exit status 2)."""


@dataclass
class Inputs:
    """The files a command reads, and the files it skipped in the directories given."""

    files: list[str]
    skipped: list[str] = field(default_factory=list)


def expand_paths(paths: Iterable[str], extensions: tuple[str, ...] = EXTENSIONS) -> Inputs:
    """Files as given (any file that exists: FIFOs and process substitution too),
    directories searched recursively by extension, ``-`` for standard input, URLs
    (``s3://...``: files, or directories searched the same way) through fsspec."""
    out = Inputs([])
    for p in paths:
        if p == STDIN:
            out.files.append(p)
            continue
        if is_url(p):
            out.files.extend(_expand_url(p, extensions))
            continue
        path = Path(p)
        if path.is_dir():
            found: list[str] = []
            skipped: list[str] = []
            for f in sorted(path.rglob("*")):
                if f.is_file():
                    (found if f.suffix.lower() in extensions else skipped).append(str(f))
            if not found:
                raise UsageError(f"{named(p)}: no record files ({', '.join(extensions)}) in this directory")
            out.files.extend(found)
            out.skipped.extend(skipped)
        elif os.path.exists(p):
            out.files.append(p)
        elif os.path.islink(p):
            raise UsageError(f"{named(p)}: a broken symbolic link")
        else:
            raise UsageError(f"{named(p)}: no such file or directory")
    return out


def _expand_url(url: str, extensions: tuple[str, ...]) -> list[str]:
    try:
        found = expand_url(url, extensions)
    except URLError as e:
        raise UsageError(f"{url}: {e}") from None
    if found is None:
        raise UsageError(f"{url}: no such file or directory")
    if not found:
        raise UsageError(f"{url}: no record files ({', '.join(extensions)}) in this directory")
    return found


def shown(name: str) -> str:
    """An input as diagnostics name it: ``<stdin>`` for ``-``, else the name given."""
    return STDIN_NAME if name == STDIN else name


def named(name: str | os.PathLike[str]) -> str:
    """A file (an input, an output, a diagnostic's place) as a one-line message names it:
    ``shown``, with every control character and line break escaped."""
    from ..report.controls import visible  # loaded with the first message, not at start-up

    return visible(shown(os.fspath(name)), lines=False)


def read_input(name: str) -> Iterator[ReadResult]:
    """The records of one input (a path, a URL or ``-``), as ``notation.read_records`` reads
    them.  A read that fails part way (standard input closed, a device's I/O error) is a
    last S014 result, for standard input as for a path."""
    from ..notation.reader import read_records

    if name == STDIN:
        return _whole(read_records(sys.stdin.buffer, STDIN_NAME), STDIN_NAME)
    return read_records(name)


def _whole(results: Iterator[ReadResult], display: str) -> Iterator[ReadResult]:
    """``results``, ended by an S014 result rather than an ``OSError`` raised part way."""
    from ..notation.reader import ReadResult, cannot_read

    try:
        yield from results
    except OSError as e:
        yield ReadResult(None, [cannot_read(display, e)])


def input_bytes(name: str) -> bytes:
    """The whole of one input (a path or ``-``), for a command that rewrites it (raises ``OSError``)."""
    if name == STDIN:
        return sys.stdin.buffer.read()
    with open(name, "rb") as f:
        return f.read()


def regular(name: str) -> bool:
    """Whether ``name`` is a regular file here (not standard input, a FIFO, a device or a URL)."""
    try:
        return name != STDIN and stat.S_ISREG(os.stat(name).st_mode)
    except OSError:
        return False


def cuttable(name: str) -> bool:
    """Whether another process can read ``name`` by its name: a URL, or a regular file (not
    standard input, a FIFO or a device, whose bytes only the reader that takes them gets)."""
    return is_url(name) or regular(name)
