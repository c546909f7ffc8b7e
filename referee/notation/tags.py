"""Tags: ``[Name "value"]`` pairs in a record's header, and the names the notation knows.

The known names are the notation's own (``Event``, ``Rules``, ``Mode``...) and every
game's seat names (``North`` ... ``West``, ``A`` ... ``F``), read from the games, so a
new game's seats are known tags without an edit here.  An unknown tag is kept and
written back, with a warning that suggests the nearest known name (S003).
"""

from __future__ import annotations

import difflib
import re

from .. import codes
from ..engine.games import GAMES
from ..source import Span
from .grammar import terminal
from .record import Tag
from .tokens import Problem

__all__ = ["KNOWN_TAGS", "TAG_ORDER", "canonical_name", "check_tags", "scan_tags"]

_NOTATION_TAGS = ("Event", "Site", "Date", "Round", "Table", "Scorer", "Rules", "Options", "Target", "Mode")
_SEAT_TAGS = tuple(dict.fromkeys(name for g in GAMES.values() for name in g.seat_names))

TAG_ORDER: tuple[str, ...] = (*_NOTATION_TAGS, *_SEAT_TAGS, "Winner")
"""Known tags in the order the writer writes them; other tags follow in their own order."""
KNOWN_TAGS: tuple[str, ...] = TAG_ORDER
_CANONICAL = {name.lower(): name for name in KNOWN_TAGS}

_TAG = terminal("TAG")
_PARTS = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n]|\\.)*)"', re.S)
_ESCAPE = re.compile(r'\\(["\\])')
_SPACE = re.compile(r"[ \t\f\r\n]*")


def canonical_name(name: str) -> str:
    """A known tag in its canonical capitalisation; an unknown one as written."""
    return _CANONICAL.get(name.lower(), name)


def scan_tags(text: str, base: int) -> tuple[list[Tag], int, bool]:
    """The tags at the start of ``text`` (comments blanked), where the text after them
    begins (``len(text)`` when only tags and blanks are there), and whether a line of
    tags was broken (its rest is skipped: a broken tag costs only its line)."""
    tags: list[Tag] = []
    pos = _SPACE.match(text).end()  # type: ignore[union-attr]
    n = len(text)
    broken = False
    while pos < n:
        m = _TAG.match(text, pos)
        if m is None:
            if text.startswith("[", pos):  # a broken tag: skip its line
                broken = True
                end = text.find("\n", pos)
                pos = n if end < 0 else _SPACE.match(text, end).end()  # type: ignore[union-attr]
                continue
            return tags, pos, broken
        parts = _PARTS.match(text, pos)
        assert parts is not None  # the TAG terminal guarantees the shape
        value = _ESCAPE.sub(r"\1", parts.group(2))
        tags.append(Tag(canonical_name(parts.group(1)), value, (base + m.start(), base + m.end())))
        pos = _SPACE.match(text, m.end()).end()  # type: ignore[union-attr]
    return tags, pos, broken


def check_tags(tags: list[Tag]) -> list[Problem]:
    """Unknown (S003) and repeated (S009) tags, and a Mode that is neither game nor log (S008)."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for t in tags:
        low = t.name.lower()
        if low not in _CANONICAL:
            close = difflib.get_close_matches(t.name, KNOWN_TAGS, n=1)
            hint = f"did you mean `{close[0]}`?" if close else "known tags: " + ", ".join(KNOWN_TAGS)
            problems.append(Problem(codes.S003, f"unknown tag `{t.name}`", t.at, hint))
        elif low in seen:
            problems.append(Problem(codes.S009, f"the tag `{t.name}` appears twice in this header; the later one counts", t.at))
        elif low == "mode" and t.value.strip().lower() not in ("game", "log"):
            problems.append(Problem(codes.S008, f'`[Mode "{t.value}"]` must be "game" or "log"', t.at))
        seen.add(low)
    return problems


def tag_span(tags: list[Tag], name: str) -> Span | None:
    low = name.lower()
    for t in reversed(tags):
        if t.name.lower() == low:
            return t.at
    return None
