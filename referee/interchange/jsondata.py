"""Records and verdicts as JSON data (dicts, lists and plain values): the general path.

``dump`` walks an object by its type: a ``Tile`` is its text, a place (``at``,
``*_at``) is ``{"line", "column", "end_line", "end_column"}`` resolved against the
record's source, a ``Diagnostic`` is what ``check --format json`` writes, a dataclass
or a named tuple is an object of its fields.  ``shapes`` builds the pydantic models
of the same fields (``field_names``); ``jsontext`` writes the same JSON as text
without building the data, and is held equal to ``json.dumps(dump(...))`` by the
tests.  Nothing here imports pydantic.

>>> from referee.notation.record import Tag
>>> dump(Tag("Event", "Club night"))
{'name': 'Event', 'value': 'Club night', 'at': None, 'comments': [], 'after': []}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any

from ..diagnostics import Diagnostic
from ..engine.tiles import Tile as TileType
from ..source import Source

__all__ = ["SKIP", "dump", "field_names", "is_place"]

SKIP = frozenset(("source", "span", "line_text"))
"""Fields that are not part of the JSON: the text a record was read from, unresolved
offsets, the quoted line."""


def is_place(name: str) -> bool:
    """A field that holds a place: written as line and column, not kept when read back."""
    return name == "at" or name.endswith("_at")


@cache
def field_names(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's or a named tuple's fields that its JSON has, in order."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls) if f.name not in SKIP)
    return tuple(cls._fields)  # type: ignore[attr-defined]


def dump(obj: Any, source: Source | None = None) -> Any:
    """``obj`` as JSON data; places resolved against ``source``."""
    kind = type(obj)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(kind)
    return writer(obj, source)


_Writer = Callable[[Any, Source | None], Any]
_WRITERS: dict[type, _Writer] = {}
"""How each type met is written, worked out once per type: ``convert`` writes a few
hundred values a hand, and testing each one against every kind cost half its time."""


def _as_is(obj: Any, source: Source | None) -> Any:
    return obj


def _as_text(obj: Any, source: Source | None) -> Any:
    return str(obj)


def _diagnostic(obj: Any, source: Source | None) -> Any:
    return obj.resolve(source).data()


def _sequence(obj: Any, source: Source | None) -> Any:
    return [dump(x, source) for x in obj]


def _mapping(obj: Any, source: Source | None) -> Any:
    return {k: dump(v, source) for k, v in obj.items()}


def _writer_for(kind: Any) -> _Writer:
    if kind is TileType or (issubclass(kind, str) and kind is not str):
        return _as_text  # a tile, or an enum's text
    if kind is type(None) or issubclass(kind, int | float | str):
        return _as_is
    if issubclass(kind, Diagnostic):
        return _diagnostic
    if issubclass(kind, list | tuple) and not hasattr(kind, "_fields"):
        return _sequence
    if issubclass(kind, dict):
        return _mapping
    fields = tuple((name, is_place(name)) for name in field_names(kind))

    def write(obj: Any, source: Source | None) -> Any:
        out: dict[str, Any] = {}
        for name, place in fields:
            value = getattr(obj, name)
            out[name] = _place(value, source) if place else dump(value, source)
        return out

    return write


def _place(span: Any, source: Source | None) -> dict[str, int] | None:
    if span is None or source is None:
        return None
    p = source.span(span)
    return {"line": p.line, "column": p.column, "end_line": p.end_line, "end_column": p.end_column}
