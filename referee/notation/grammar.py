"""The notation grammar (``grammar/notation.lark``): where it lives, the Lark parser
that diagnoses what the reader cannot read, and the terminals the reader's hot path
is generated from.

The grammar is data, shipped inside the wheel as ``referee/notation.lark``; this
module finds it either way, so an editable checkout and an installed wheel read
the same file.  Only Lark's public API is used: ``Lark.get_terminal`` and a
terminal's ``pattern.to_regexp()``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark

__all__ = ["GRAMMAR_FILE", "excluded", "grammar_path", "grammar_text", "keyword", "parser", "terminal", "terminals", "words"]

GRAMMAR_FILE = "notation.lark"
_REPO_GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_FILE


def grammar_path() -> Path:
    """The grammar file: package data in a wheel, else ``<repo>/grammar/notation.lark``."""
    beside = Path(__file__).resolve().parents[1] / GRAMMAR_FILE  # an installed wheel, unzipped: no importlib.resources needed
    if beside.is_file():
        return beside
    if _REPO_GRAMMAR.is_file():
        return _REPO_GRAMMAR
    from importlib import resources  # a zipped install

    return Path(str(resources.files("referee").joinpath(GRAMMAR_FILE)))


@cache
def grammar_text() -> str:
    """The grammar source, read once."""
    return grammar_path().read_text(encoding="utf-8")


@cache
def parser() -> Lark:
    """The LALR parser with the contextual lexer (so a terminal is only tried where the
    parser can take it), built on first use: only text the reader cannot read needs it."""
    from lark import Lark

    return Lark(grammar_text(), parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)


_TERMINAL = re.compile(r"^([A-Z_]+)(?:\.\d+)?:\s*/(.*)/([imsx]*)\s*$", re.M)
"""A terminal defined by one regular expression: ``NAME.PRIORITY: /regex/flags``."""
_FLAGS = {"i": re.I, "m": re.M, "s": re.S, "x": re.X}


@cache
def _sources() -> dict[str, tuple[str, int]]:
    """Each one-regex terminal's pattern and flags, by name (read, not compiled)."""
    out: dict[str, tuple[str, int]] = {}
    for m in _TERMINAL.finditer(grammar_text()):
        flags = 0
        for f in m.group(3):
            flags |= _FLAGS[f]
        out[m.group(1)] = (m.group(2), flags)
    return out


def terminals() -> dict[str, re.Pattern[str]]:
    """The grammar's one-regex terminals, compiled, by name.

    Read from the grammar text without building Lark's tables (start-up is paid only
    by input that needs a diagnosis); ``tests/notation/test_grammar.py`` checks each
    against the terminal Lark builds (``Lark.get_terminal``).
    """
    return {name: terminal(name) for name in _sources()}


@cache
def terminal(name: str) -> re.Pattern[str]:
    """The compiled regular expression of the grammar's terminal ``name`` (compiled when
    first asked for: start-up compiles only the few the hot path uses)."""
    pattern, flags = _sources()[name]
    return re.compile(pattern, flags)


def keyword(name: str) -> str:
    """The word a keyword terminal matches (``DEAL`` -> ``deal``), read from its pattern
    without compiling it (start-up asks this of every item's keywords)."""
    m = re.match(r"\(\?:([a-z|]+)\)|([a-z]+)", _sources()[name][0])
    if m is None or m.group(2) is None:
        raise ValueError(f"terminal {name} is not a single keyword")
    return m.group(2)


@cache
def excluded(name: str) -> frozenset[str]:
    """The words a terminal's leading negative look-ahead keeps out (``SIDE``: the item
    keywords, which start an item wherever they stand), read from its pattern without
    compiling it (a reader asks this of its first new side word); none when it has no such
    look-ahead.

    >>> sorted(excluded("SIDE"))[:3], excluded("SEAT")
    (['accept', 'award', 'bid'], frozenset())
    """
    pattern = _sources()[name][0]
    head = "(?!(?:"
    if not pattern.startswith(head):
        return frozenset()
    return frozenset(pattern[len(head) : pattern.index(")", len(head))].split("|"))


@cache
def words(name: str) -> tuple[str, ...]:
    """The words a keyword terminal matches, for a did-you-mean (``OUTCOME`` -> ``made``,
    ``set``); none for a terminal that is not a list of words (``SEAT``, ``FOLLOWME``).

    >>> words("OUTCOME"), words("DEAL"), words("SEAT"), words("COMMA")
    (('made', 'set'), ('deal',), (), ())
    """
    if name not in _sources():  # a string terminal (``","``) or one Lark made up
        return ()
    m = re.fullmatch(r"(?:\(\?:([a-z0-9|]+)\)|([a-z]+))\(\?!\[a-z0-9_\+-\]\)", terminal(name).pattern)
    if m is None:
        return ()
    return tuple(m.group(1).split("|")) if m.group(1) else (m.group(2),)
