"""Tags: ``[Name "value"]`` pairs in a record's header, and the names the notation knows.

The known names are the notation's own (``Event``, ``Rules``, ``Mode``...) and every
game's seat names (``North`` ... ``West``, ``A`` ... ``F``), read from the games, so a
new game's seats are known tags without an edit here.  An unknown tag is kept and
written back, with a warning that suggests the nearest known name (S003).  A tag whose
values are a closed set (``Mode``, ``Detail``, ``Status``, ``Termination``) is checked
against it (S008).  ``Reading`` and ``Acks`` are private to records read from mk5's
links (``[Source "mk5"]``, docs/interchange.md): known there, unknown elsewhere.
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

__all__ = [
    "KNOWN_TAGS",
    "PRIVATE_TAGS",
    "TAG_ORDER",
    "TAG_VALUES",
    "TRAILER_TAGS",
    "canonical_name",
    "check_tags",
    "scan_tags",
    "tag_choice",
    "trailer_end",
]

_NOTATION_TAGS = ("Event", "Site", "Date", "Round", "Table", "Scorer", "Rules", "Options", "Target", "Mode", "Detail")
_SEAT_TAGS = tuple(dict.fromkeys(name for g in GAMES.values() for name in g.seat_names))
_END_TAGS = ("Winner", "Status", "Termination")
"""How the game ended: the tags that may also be written after the hands (``trailer``)."""
_ORIGIN_TAGS = ("Source", "Seed", "Settings")
"""Where the record came from: the program, the seed its deals follow from, its settings."""

TRAILER_TAGS = _END_TAGS
"""The tags a game's trailer may hold (``trailer_end``)."""
_TRAILER = frozenset(name.lower() for name in _END_TAGS)

TAG_ORDER: tuple[str, ...] = (*_NOTATION_TAGS, *_SEAT_TAGS, *_ORIGIN_TAGS, *_END_TAGS)
"""Known tags in the order the writer writes them (those that may follow the hands last);
other tags follow in their own order."""
KNOWN_TAGS: tuple[str, ...] = TAG_ORDER
_CANONICAL = {name.lower(): name for name in KNOWN_TAGS}

TAG_VALUES: dict[str, tuple[str, ...]] = {
    "Mode": ("game", "log"),
    "Detail": ("plays", "hands"),
    "Status": ("finished", "unfinished"),
    "Termination": ("normal", "time forfeit", "illegal move", "abandoned", "unterminated"),
}
"""The tags whose values are a closed set (compared without regard to case or outer
spaces), the default first; another value is S008."""
_VALUES = {name.lower(): values for name, values in TAG_VALUES.items()}

PRIVATE_TAGS: dict[str, tuple[str, ...]] = {"mk5": ("Reading", "Acks")}
"""Tags a program's records keep for their round trip (``convert --to FORMAT`` writes the
source back the same), by ``[Source]``: known in that program's records only."""
_PRIVATE = {source: frozenset(name.lower() for name in names) for source, names in PRIVATE_TAGS.items()}
_PGN_NAMES = {"result": "Winner", "white": "North", "black": "East"}
"""PGN's tags that a chess player may write, and ours."""

_TAG = terminal("TAG")
_PARTS = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n]|\\.)*)"', re.S)
_ESCAPE = re.compile(r'\\(["\\])')
_SPACE = re.compile(r"[ \t\f\r\n]*")
_BROKEN_NAME = re.compile(r"\[[ \t]*([A-Za-z][A-Za-z0-9_]*)")
_TRAILER_WORD = re.compile(r"\[[ \t]*(?:winner|status|termination)(?![A-Za-z0-9_])", re.I)


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
        value = parts.group(2)
        if "\\" in value:  # only where there is an escape: the substitution cost 4 µs a tag
            value = _ESCAPE.sub(r"\1", value)
        tags.append(Tag(canonical_name(parts.group(1)), value, (base + m.start(), base + m.end())))
        pos = _SPACE.match(text, m.end()).end()  # type: ignore[union-attr]
    return tags, pos, broken


def tag_choice(name: str, value: str | None) -> str:
    """The value of a closed-set tag (``TAG_VALUES``) in its canonical words: the default
    when the tag is missing or its value is not one of the set (which is S008).

    >>> tag_choice("Status", " Unfinished "), tag_choice("Detail", None), tag_choice("Mode", "tournament")
    ('unfinished', 'plays', 'game')
    """
    values = TAG_VALUES[name]
    low = (value or "").strip().lower()
    return low if low in values else values[0]


def check_tags(tags: list[Tag], before: list[Tag] | None = None) -> list[Problem]:
    """Unknown (S003) and repeated (S009) tags, and values outside a closed set (S008).

    ``before`` are tags of the same record already checked (a game's header, when
    ``tags`` were written after its hands): repeats and ``[Source]`` count them too.
    """
    problems: list[Problem] = []
    context = before or []
    header = {t.name.lower() for t in context}
    seen: set[str] = set(header)
    source = next((t.value.strip().lower() for t in reversed([*context, *tags]) if t.name == "Source"), "")
    private = _PRIVATE.get(source, frozenset())
    for t in tags:
        low = t.name.lower()
        if low in private:
            pass
        elif low not in _CANONICAL:
            close = [_PGN_NAMES[low]] if low in _PGN_NAMES else difflib.get_close_matches(t.name, KNOWN_TAGS, n=1)
            hint = f"did you mean `{close[0]}`?" if close else "known tags: " + ", ".join(KNOWN_TAGS)
            problems.append(Problem(codes.S003, f"unknown tag `{t.name}`", t.at, hint))
        elif low in seen:
            where = "in the header and after the hands" if low in header else "in this header"
            problems.append(Problem(codes.S009, f"the tag `{t.name}` appears twice {where}; the later one counts", t.at))
        elif low in _VALUES and t.value.strip().lower() not in _VALUES[low]:
            problems.append(_bad_value(t, _VALUES[low]))
        seen.add(low)
    return problems


def _bad_value(t: Tag, values: tuple[str, ...]) -> Problem:
    """S008 for a closed-set tag: the values in words, and the nearest as a hint."""
    words = [f'"{v}"' for v in values]
    allowed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    close = difflib.get_close_matches(t.value.strip().lower(), values, n=1)
    hint = f'did you mean `[{t.name} "{close[0]}"]`?' if close else None
    return Problem(codes.S008, f'`[{t.name} "{t.value}"]` must be {allowed}', t.at, hint)


def tag_span(tags: list[Tag], name: str) -> Span | None:
    low = name.lower()
    for t in reversed(tags):
        if t.name.lower() == low:
            return t.at
    return None


def trailer_end(text: str) -> int:
    """Where the header proper starts in ``text``, tag lines written after a game's hands
    (comments blanked): the tags before it are the game's trailer (docs/notation.md,
    *Tags after the hands*).

    The lines are cut into paragraphs at lines without text; the leading paragraphs
    whose every tag is a ``TRAILER_TAGS`` one are the trailer, and the first paragraph
    with any other tag, or any other text, starts the next record's header.  0: no
    trailer; ``len(text)``: every line is a trailer's, and the text is the trailer if no
    hand follows it (else, as it always was, the header of a new game).

    >>> trailer_end('[Winner "NS"]\\n\\n[Event "two"]\\n'), trailer_end('[Winner "NS"]\\n[Event "two"]\\n')
    (14, 0)
    >>> trailer_end('[Winner "NS"] [Status "finished"]\\n')
    34
    """
    if _TRAILER_WORD.search(text) is None:
        return 0
    end = pos = 0
    n = len(text)
    open_paragraph = False
    while pos < n:
        newline = text.find("\n", pos)
        stop = n if newline < 0 else newline + 1
        if not text[pos:stop].strip():
            if open_paragraph:
                end, open_paragraph = pos, False
        elif _trailer_line(text, pos, stop):
            open_paragraph = True
        else:
            return end
        pos = stop
    return n


def _trailer_line(text: str, pos: int, stop: int) -> bool:
    """Whether ``text[pos:stop]``, a line, holds only trailer tags (a broken one counts by its name)."""
    while True:
        pos = _SPACE.match(text, pos, stop).end()  # type: ignore[union-attr]
        if pos >= stop:
            return True
        m = _TAG.match(text, pos, stop)
        if m is None:
            broken = _BROKEN_NAME.match(text, pos, stop)  # the rest of the line is skipped (S001): its name says
            return broken is not None and broken.group(1).lower() in _TRAILER
        name = _PARTS.match(text, pos)
        if name is None or name.group(1).lower() not in _TRAILER:
            return False
        pos = m.end()
