"""Diagnostics for people (compiler style, with the source line and a caret) and machines (JSON)."""

from __future__ import annotations

import json
from typing import Any

from ..diagnostics import Diagnostic

__all__ = ["diagnostic_json", "render_diagnostic"]


def render_diagnostic(d: Diagnostic) -> str:
    """rustc-like text::

    error[E404]: W reneged: fives were led and W held 5-1
      --> game.42:12:9
       |
    12 |   play W 5-5 N 5-0 E 5-3 S 6-5
       |        ^^^
       = hint: ...
    """
    head = f"{d.severity.value}[{d.code}]: {d.message}"
    lines = [head, f"  --> {d.location()}"]
    if d.at is not None:
        text = d.line_text
        if text is not None:
            text = text.expandtabs(1)
            num = str(d.at.line)
            pad = " " * len(num)
            start = max(d.at.column - 1, 0)
            end = d.at.end_column - 1 if d.at.end_line == d.at.line else len(text)
            width = max(1, min(end, len(text)) - start) if start < len(text) else 1
            lines += [f"{pad} |", f"{num} | {text}", f"{pad} | {' ' * start}{'^' * width}"]
    if d.hint:
        lines.append(f"  = hint: {d.hint}")
    return "\n".join(lines)


def diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    at = d.at
    return {
        "type": "diagnostic",
        "code": str(d.code),
        "severity": d.severity.value,
        "message": d.message,
        "file": d.file,
        "at": None if at is None else {"line": at.line, "column": at.column, "end_line": at.end_line, "end_column": at.end_column},
        "hint": d.hint,
        "game": d.game,
        "hand": d.hand,
    }


def diagnostic_json(d: Diagnostic) -> str:
    return json.dumps(diagnostic_dict(d), ensure_ascii=False)
