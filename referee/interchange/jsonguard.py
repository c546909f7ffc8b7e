"""What a JSON document must not be, checked before the schema sees it (issue 30, item 5).

``convert --from json`` reads documents anyone may have written.  Python's ``json``
takes more than JSON (``NaN``, ``Infinity``), keeps the last of two equal keys without a
word (another reader keeps the first: the same text, two records), turns ``1e999``
into infinity, and builds whatever it is given: three million numbers in one array
made the schema's validation list three million errors (63 s, 4.8 GB), a million empty
hands took 144 s and 1.5 GB.  So, before a document is parsed or validated:

- ``too_many`` counts a document's possible values (its commas and brackets) before it
  is parsed, and ``oversized`` walks it once parsed, without recursion: more than
  ``MAX_VALUES`` values, nesting deeper than ``MAX_DEPTH``, or an integer of more
  digits than the notation's numbers (``MAX_NUMBER``) is refused, naming the place;
- ``DECODER`` refuses ``NaN``, ``Infinity``, numbers out of a float's range and a key
  written twice in one object.

Each refusal is a message; the reader makes it an S012 at the document's line.
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["DECODER", "MAX_DEPTH", "MAX_NUMBER", "MAX_VALUES", "Refused", "oversized", "too_many"]

MAX_VALUES = 500_000
"""Values one document may hold: a hand of 42 written by ``convert`` holds about 400 (and
a hand of Texas 88 900), so this is a game of some 600 hands and more."""

MAX_DEPTH = 64
"""Nesting one document may have (``convert`` writes about 8)."""

MAX_NUMBER = 999_999_999
"""The largest number the notation writes (nine digits): a record read from JSON must
be one the notation can hold."""


class Refused(ValueError):
    """Text that parses as Python's JSON but is not taken: the message says why."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise Refused(f"the key {json.dumps(twice)} is written twice in one object")
    return out


def _constant(name: str) -> Any:
    raise Refused(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Refused(f"the number {text[:20]}{'…' if len(text) > 20 else ''} is out of range")
    return value


DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant, parse_float=_float)
"""A strict JSON decoder: ``Refused`` (its message in words) for what JSON is not."""


def too_many(text: str) -> str | None:
    """Why ``text`` is refused before it is parsed: more possible values than ``MAX_VALUES``."""
    possible = text.count(",") + text.count("[") + text.count("{") + 1
    if possible > MAX_VALUES:
        return f"a document of more than {MAX_VALUES:,} values (this one may hold {possible:,}) is not read"
    return None


def oversized(document: Any) -> str | None:
    """Why a parsed document is refused, with the place (``record.hands.3.calls``); None if it is not."""
    count = 1
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict | list):
            count += len(value)  # counted before they are pushed: a huge array is refused at once
            if count > MAX_VALUES:
                return f"a document of more than {MAX_VALUES:,} values is not read"
            if len(path) >= MAX_DEPTH:
                return f"{_place(path)}: nested more than {MAX_DEPTH} deep"
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, (*path, k)) for k, v in items)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            digits = len(str(abs(value)))  # parsed from JSON: within Python's 4,300 digits
            return f"{_place(path)}: a number of {digits:,} digits; numbers have at most 9"
    return None


def _place(path: tuple[str | int, ...]) -> str:
    """``record.hands.3.calls``; a deep place cut in the middle."""
    if len(path) > 8:
        return f"{'.'.join(map(str, path[:4]))}.….{'.'.join(map(str, path[-2:]))}"
    return ".".join(map(str, path)) or "the document"
