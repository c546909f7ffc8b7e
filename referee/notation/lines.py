"""Lines of canonical text with their comments where they were written.

Comments before an item go on lines of their own above it (``; text``), or inline
before it (``{text}``) when they span lines; comments after an item on its line
stay at the end of that line (``  ; text``).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["INDENT", "Lines", "brace", "inline"]

INDENT = "  "
"""How far the items of a hand are indented under its `hand` line."""


def brace(comment: str) -> str:
    """``{text}``; a ``}`` inside (possible only in a ``;`` comment) becomes ``)``."""
    return "{" + comment.replace("}", ")") + "}"


def inline(comments: Sequence[str]) -> str:
    """Comments written inside a line, each ``{text} ``."""
    return "".join(brace(c) + " " for c in comments)


def _single(comment: str) -> bool:
    """Whether the comment can be a ``; text`` line (no line break in it)."""
    return "\n" not in comment and "\r" not in comment


def _pad(keyword: str) -> str:
    """The indent of a block's later lines: under its first entry."""
    return " " * (len(INDENT) + len(keyword) + 1)


class Lines:
    """Collects the lines of a text."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def comment_lines(self, comments: Sequence[str], indent: str = "") -> None:
        for c in comments:
            self.lines.append(f"{indent}; {c}".rstrip() if _single(c) else f"{indent}{brace(c)}")

    def line(self, before: Sequence[str], indent: str, text: str, after: Sequence[str]) -> None:
        """An item that starts a line: the comments before it above it (those that span lines
        inline before it), then the item and the comments after it at the end of the line."""
        if before or after:
            self.commented(before, indent, text, after)
        else:  # most lines: what ``commented`` writes for no comments, without its loop
            self.lines.append(indent + text)

    def commented(self, before: Sequence[str], indent: str, text: str, after: Sequence[str]) -> None:
        """``line`` for any comments, none included (the general path)."""
        i = 0
        while i < len(before) and _single(before[i]):
            self.lines.append(f"{indent}; {before[i]}".rstrip())
            i += 1
        line = f"{indent}{inline(before[i:])}{text}"
        if after:
            *inner, last = after
            if inner:
                line += " " + inline(inner).rstrip()
            line += f"  ; {last}".rstrip() if _single(last) else f" {brace(last)}"
        self.lines.append(line)

    def block(self, keyword: str, entries: Sequence[tuple[Sequence[str], str, Sequence[str]]]) -> None:
        """An item whose entries (deal rows, tricks) go one to a line, the later lines
        aligned under the first entry."""
        pad = _pad(keyword)
        for n, (before, text, after) in enumerate(entries):
            if n == 0:
                self.line(before, INDENT, f"{keyword} {text}", after)
            else:
                self.line(before, pad, text, after)

    def rows(self, keyword: str, texts: Sequence[str]) -> None:
        """What ``block`` writes for entries without comments (``texts`` not empty): the
        items' writers call it when their ``_plain_*`` function finds no comments."""
        lines = self.lines
        lines.append(f"{INDENT}{keyword} {texts[0]}")
        pad = _pad(keyword)
        for text in texts[1:]:
            lines.append(pad + text)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
