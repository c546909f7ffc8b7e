"""Diagnostics for people (compiler style, with the source line and a caret) and machines (JSON)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..codes import REPEATS_SHOWN, W104
from ..diagnostics import Diagnostic
from .controls import visible

__all__ = ["EXCERPT", "diagnostic_json", "excerpt", "fold_repeats", "in_line_order", "render_diagnostic"]

EXCERPT = 100
"""Columns of a source line quoted around the caret.  Each diagnostic quotes its line, so
without a cap 2,000 problems on one 24 KB line printed 72 MB (reliability review H2)."""

_BEFORE = 30
"""Columns kept before the caret when a line is clipped: enough to see what the problem follows."""


def render_diagnostic(d: Diagnostic) -> str:
    """rustc-like text::

    error[E404]: W reneged: fives were led and W held 5-1
      --> game.42:12:9
       |
    12 |   play W 5-5 N 5-0 E 5-3 S 6-5
       |        ^^^
       = hint: ...
    """
    head = f"{d.severity.value}[{d.code}]: {visible(d.message, lines=False)}"  # a message is one line, whatever it quotes
    lines = [head, f"  --> {visible(d.location(), lines=False)}"]
    if d.at is not None:
        text = d.line_text
        if text is not None:
            text = text.expandtabs(1)
            num = str(d.at.line)
            pad = " " * len(num)
            start = max(d.at.column - 1, 0)
            end = d.at.end_column - 1 if d.at.end_line == d.at.line else len(text)
            text, start, width = excerpt(text, start, end)
            text, start, width = _shown_line(text, start, width)
            lines += [f"{pad} |", f"{num} | {text}", f"{pad} | {' ' * start}{'^' * width}"]
    if d.hint:
        lines.append(f"  = hint: {visible(d.hint, lines=False)}")
    return "\n".join(lines)


def _shown_line(text: str, start: int, width: int) -> tuple[str, int, int]:
    """A quoted line with its control characters shown as escapes (``\\x1b``), and the
    caret moved to stay under what it marks.

    >>> _shown_line("a\\x1bb 6-6", 4, 3)
    ('a\\\\x1bb 6-6', 7, 3)
    """
    before, marked, after = (visible(part, lines=False) for part in (text[:start], text[start : start + width], text[start + width :]))
    return before + marked + after, len(before), max(1, len(marked))


def excerpt(text: str, start: int, end: int, window: int = EXCERPT) -> tuple[str, int, int]:
    """The part of a source line quoted for the columns ``start`` to ``end`` (0-based, end
    exclusive), with the caret's start and width in it.

    A line longer than ``window`` is cut to ``window`` columns around the caret, an
    ellipsis marking each cut, so the output of a diagnostic never grows with its line:

    >>> excerpt("  play W 5-5", 9, 12)
    ('  play W 5-5', 9, 3)
    >>> line, at, width = excerpt("x" * 500 + "6-6" + "y" * 500, 500, 503, window=40)
    >>> line
    '…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx6-6yyyyyyy…'
    >>> line[at : at + width]
    '6-6'
    """
    width = max(1, min(end, len(text)) - start) if start < len(text) else 1
    if len(text) <= window:
        return text, start, width
    lo = max(0, min(start - _BEFORE, len(text) - window))
    hi = min(len(text), lo + window)
    head = "…" if lo > 0 else ""
    tail = "…" if hi < len(text) else ""
    return head + text[lo:hi] + tail, start - lo + len(head), max(1, min(width, hi - start))


def in_line_order(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics of one record in the order of their places in the file (line, then
    column), as a reader goes down it: the reader's, the replay's and the record's own
    (a wrong ``[Winner]`` in the header) are found in that order, not the file's.  Those
    without a place (the file as a whole) come first; the sort keeps the order of equals."""
    return sorted(diagnostics, key=lambda d: (d.at.line, d.at.column) if d.at is not None else (0, 0))


def fold_repeats(diagnostics: Sequence[Diagnostic], shown: int = REPEATS_SHOWN) -> list[Diagnostic]:
    """The diagnostics of one record as printed, in line order (``in_line_order``): at most
    ``shown`` of each code, then one W104 note, where the first one left out was, that
    counts the rest.

    Text and JSON output alike print this, so that a record with 2,000 repeated tags
    costs 21 diagnostics of output, not 2,000; the summary line still counts all of
    them (it is counted before folding).
    """
    diagnostics = in_line_order(diagnostics)
    counts = Counter(d.code for d in diagnostics)
    if max(counts.values(), default=0) <= shown:
        return diagnostics
    out: list[Diagnostic] = []
    seen: Counter[str] = Counter()
    for d in diagnostics:
        seen[d.code] += 1
        if seen[d.code] <= shown:
            out.append(d)
        elif seen[d.code] == shown + 1:
            more = counts[d.code] - shown
            message = f"… and {more:,} more {d.code} in this record, the first of them here (the summary counts them all)"
            out.append(Diagnostic(W104, message, None, None, d.file, d.game, d.hand, at=d.at, line_text=d.line_text))
    return out


def diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    return {"type": "diagnostic", **d.data()}


def diagnostic_json(d: Diagnostic) -> str:
    import json  # only for --format json: not at start-up

    return json.dumps(diagnostic_dict(d), ensure_ascii=False)
