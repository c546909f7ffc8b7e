"""Comments: found and blanked before a chunk is read, given to their items after.

Blanking replaces each comment by spaces of the same length, so offsets into the
blanked text are offsets into the original and the items are read as if the
comments were whitespace, which is what the grammar says they are.

The attachment rule (docs/notation.md):
- a comment inside an item (between a seat and its tile, say) belongs to that item;
- a comment on the same line after an item belongs to that item (the outermost of
  those that end there: a comment after a trick's last play is the trick's);
- a comment on a line of its own, or before an item on its line, belongs to the
  next item;
- comments with no item after them end the record (``trailing_comments``).

The items are every entry of ``items.ITEMS`` in the hand (with the parts an item
names, such as a trick's plays), the tags and the ``hand`` line.
"""

# Annotations are not postponed here: typing.NamedTuple compiles a field's annotation
# written as a string when its class is made, at every start (docs/performance.md, startup12).
import re
from typing import Any, NamedTuple

from .. import codes
from .items import ITEMS
from .record import HandRecord, Tag
from .tokens import Problem

__all__ = ["Comment", "attach", "blank"]

_SPECIAL = re.compile(r'[;{"]')
_LINE_START = re.compile(r"\n[ \t\f\r]*(?:hand(?![A-Za-z0-9_+-])|\[)", re.I)
"""A line that starts a hand or a tag line: where an unclosed ``{`` ends."""


class Comment(NamedTuple):
    start: int
    end: int
    text: str
    own_line: bool
    """Nothing but blanks before it on its line."""


def blank(text: str, base: int) -> tuple[str, list[Comment], list[Problem]]:
    """``text`` with its comments blanked, the comments (offsets from ``base``), and an
    unclosed ``{`` if there is one.  Tag values (``"..."``) are text, not comments."""
    if "{" not in text and ";" not in text:
        return text, [], []
    out: list[str] = []
    found: list[Comment] = []
    problems: list[Problem] = []
    i = 0
    done = 0
    n = len(text)
    while True:
        m = _SPECIAL.search(text, i)
        if m is None:
            break
        i = m.start()
        c = text[i]
        if c == '"':  # a tag value: skip to its closing quote on this line
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c == ";":
            end = text.find("\n", i)
            end = n if end < 0 else end
            body = text[i + 1 : end]
        else:
            close = text.find("}", i + 1)
            stop = _LINE_START.search(text, i)
            if close < 0 or (stop is not None and stop.start() < close):
                end = stop.start() if stop is not None else n
                problems.append(Problem(codes.S001, "this `{` comment is never closed", (base + i, base + i + 1), "close it with `}`"))
                body = text[i + 1 : end]
            else:
                end = close + 1
                body = text[i + 1 : close]
        line_start = text.rfind("\n", 0, i) + 1
        own = not text[line_start:i].strip()
        found.append(Comment(base + i, base + end, body.strip(), own))
        out.append(text[done:i])
        out.append(" " * (end - i))
        done = i = end
    out.append(text[done:])
    return "".join(out), found, problems


class _Entry(NamedTuple):
    start: int
    end: int
    depth: int
    item: Any


def _entries(tags: list[Tag], hand: HandRecord | None, text: str, base: int) -> list[_Entry]:
    out: list[_Entry] = []

    def add(item: Any, depth: int = 1) -> None:
        at = item.at
        if at is not None:
            out.append(_Entry(at[0], at[1], depth, item))

    for t in tags:
        add(t)
    if hand is not None:
        add(hand)
        for spec in ITEMS:
            for one in spec.entries(hand):
                add(one, spec.depth)
                if spec.parts is not None:
                    for span, part in spec.parts(one, text, base):
                        out.append(_Entry(span[0], span[1], spec.depth + 1, part))
    out.sort(key=lambda e: (e.start, e.depth))
    return out


def attach(comments: list[Comment], text: str, base: int, tags: list[Tag], hand: HandRecord | None) -> list[str]:
    """Give each comment to its item (the rule above); return those with no item after them.

    ``text`` is the chunk as written, starting at offset ``base``.
    """
    if not comments:
        return []
    entries = _entries(tags, hand, text, base)
    rest: list[str] = []
    for c in comments:
        e = _inside(entries, c, 2)
        if e is None and not c.own_line:
            e = _after(entries, c, text, base)
            if e is not None:
                e.item.after += (c.text,)
                continue
        if e is None:
            e = _inside(entries, c, 1) or next((x for x in entries if x.start >= c.end), None)
        if e is None:
            rest.append(c.text)
        else:
            e.item.comments += (c.text,)
    return rest


def _inside(entries: list[_Entry], c: Comment, depth: int) -> _Entry | None:
    best = None
    for e in entries:
        if e.depth == depth and e.start < c.start and c.end <= e.end:
            best = e
    return best


def _after(entries: list[_Entry], c: Comment, text: str, base: int) -> _Entry | None:
    """The item that ends last before ``c`` on its line; the outermost of those that end there."""
    best: _Entry | None = None
    for e in entries:
        same_line = e.end <= c.start and "\n" not in text[e.end - base : c.start - base]
        if same_line and (best is None or e.end > best.end or (e.end == best.end and e.depth < best.depth)):
            best = e
    return best
