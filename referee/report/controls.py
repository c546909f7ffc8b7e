"""Control characters shown as escapes (``visible``): the one escape of every plain-text and
terminal output (``report.escaping`` says where each output applies it).

A module of its own, without rich, so that what only needs the escape (a diagnostic's
text, a file's name, a console that writes plain text: ``report.plain``) does not load
rich when a command starts.
"""

from __future__ import annotations

import re

__all__ = ["CONTROLS", "visible"]

CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff\ufffe\uffff]")
"""What a terminal or an XML parser takes for something other than a character to show:
C0 but tab and newline, DEL, C1, the bidirectional marks, embeddings, overrides and
isolates, the line and paragraph separators, lone surrogates and the two noncharacters
XML forbids."""

_CONTROLS_AND_LINES = re.compile(CONTROLS.pattern[:-1] + "\t\n]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, lines: bool = True) -> str:
    """``text`` with each control character written as an escape (``\\x1b``, ``\\u202e``);
    tab and newline are kept unless ``lines`` is false (text that must stay on one line).

    >>> visible("Ann\\x1b[31m \\u202eevil")
    'Ann\\\\x1b[31m \\\\u202eevil'
    >>> visible("a\\tb\\nc"), visible("a\\tb\\nc", lines=False)
    ('a\\tb\\nc', 'a\\\\x09b\\\\x0ac')
    """
    return (CONTROLS if lines else _CONTROLS_AND_LINES).sub(_shown, text)
