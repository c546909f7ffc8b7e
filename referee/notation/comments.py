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
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .. import codes
from .locate import play_spans
from .record import HandRecord, Tag, TrickRecord
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


class _PlayRef:
    """A play of a trick, standing for it in the entries (plays are replaced, not changed)."""

    def __init__(self, trick: TrickRecord, k: int) -> None:
        self.trick, self.k = trick, k

    @property
    def comments(self) -> tuple[str, ...]:
        return self.trick.plays[self.k].comments

    @comments.setter
    def comments(self, value: tuple[str, ...]) -> None:
        self.trick.plays[self.k] = self.trick.plays[self.k]._replace(comments=value)

    @property
    def after(self) -> tuple[str, ...]:
        return self.trick.plays[self.k].after

    @after.setter
    def after(self, value: tuple[str, ...]) -> None:
        self.trick.plays[self.k] = self.trick.plays[self.k]._replace(after=value)


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
        for d in hand.deal or ():
            add(d)
        if hand.kitty is not None:
            add(hand.kitty)
        for c in hand.calls:
            add(c, 2)
        for tr in hand.tricks:
            add(tr)
            if tr.at is not None:
                for k, span in enumerate(play_spans(text, base, tr.at)):
                    out.append(_Entry(span[0], span[1], 2, _PlayRef(tr, k)))
        for one in (hand.exchange, hand.trump, hand.claim, hand.result, hand.award, hand.score):
            if one is not None:
                add(one)
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
