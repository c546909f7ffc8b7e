"""The JSON shape of records and verdicts, generated from their classes.

The record and verdict classes are plain slotted classes; their JSON shape is not
written a second time.  ``model_of`` walks a class's fields and builds the pydantic
model of its JSON (which validates what is read back and gives ``referee schema``),
``dump`` (``jsondata``, without pydantic) turns an object into JSON data, ``jsontext``
writes the same JSON as text for ``convert``, and ``load`` turns a validated model back
into the object.  The translations are few and stated once:

- a ``Tile`` is its canonical text, ``"6-4"``;
- a place (``at``, ``*_at``) is ``{"line", "column", "end_line", "end_column"}``,
  worked out from the record's source when written, and not kept when read back
  (a document read back has no source text to point into);
- ``comments`` and ``after`` are lists of strings;
- a ``Diagnostic`` is written as ``check --format json`` writes it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, create_model

from ..codes import CATALOG
from ..diagnostics import Diagnostic
from ..engine.tiles import Tile as TileType
from ..engine.tiles import parse_tile
from .jsondata import SKIP as _SKIP
from .jsondata import dump
from .jsondata import is_place as _is_place

__all__ = ["DiagnosticModel", "Position", "TileText", "dump", "load", "model_of"]

TileText = Annotated[str, Field(pattern=r"^\s*[0-6]\s*-\s*[0-6]\s*$|^[0-6][0-6]$", description="A tile, high end first: 6-4")]


class Position(BaseModel):
    """Where something is written (1-based; the end exclusive)."""

    model_config = ConfigDict(extra="forbid")

    line: int = Field(ge=1, le=1 << 40)
    column: int = Field(ge=1, le=1 << 40)
    end_line: int = Field(ge=1, le=1 << 40)
    end_column: int = Field(ge=1, le=1 << 40)


class DiagnosticModel(BaseModel):
    """A diagnostic, as ``check --format json`` writes it (without its ``type``)."""

    model_config = ConfigDict(extra="forbid", title="Diagnostic")

    code: str
    severity: Literal["error", "warning", "note"]
    message: str
    file: str | None = None
    at: Position | None = None
    hint: str | None = None
    game: int | None = None
    hand: int | None = None


@cache
def _fields(cls: type) -> tuple[tuple[str, Any, Any], ...]:
    """(name, type, default) of each field of a dataclass or a named tuple.

    Cached per class: ``dump`` asks for every object it writes, and resolving the type
    hints each time (``typing.get_type_hints`` evaluates every annotation's text) was
    most of ``convert``'s time."""
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        out = []
        for f in dataclasses.fields(cls):
            if f.name in _SKIP:
                continue
            if f.default is not dataclasses.MISSING:
                default: Any = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = Field(default_factory=f.default_factory)
            else:
                default = ...
            out.append((f.name, hints[f.name], default))
        return tuple(out)
    defaults = getattr(cls, "_field_defaults", {})
    return tuple((name, hints[name], defaults.get(name, ...)) for name in cls._fields)  # type: ignore[attr-defined]


def _json_type(name: str, tp: Any) -> Any:
    """The type of a field's JSON."""
    if _is_place(name):
        return Position | None
    if tp is TileType:
        return TileText
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return Union[tuple(_json_type(name, a) for a in get_args(tp))]  # noqa: UP007
    if origin is list:
        return list[_json_type(name, get_args(tp)[0])]  # type: ignore[misc]
    if origin is tuple:  # comments
        return list[get_args(tp)[0]]  # type: ignore[misc]
    if origin is dict:
        return tp
    if tp is Diagnostic:
        return DiagnosticModel
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or hasattr(tp, "_fields")):
        return model_of(tp)
    return tp


@cache
def model_of(cls: type) -> type[BaseModel]:
    """The pydantic model of ``cls``'s JSON (unknown keys are refused)."""
    fields = {name: (_json_type(name, tp), default) for name, tp, default in _fields(cls)}
    doc = (cls.__doc__ or "").strip() or None
    model: type[BaseModel] = create_model(cls.__name__, __config__=ConfigDict(extra="forbid", title=cls.__name__), __doc__=doc, **fields)  # type: ignore[call-overload]
    return model


def load(cls: type, model: Any) -> Any:
    """The object of class ``cls`` a validated model (or plain data) stands for; places are dropped."""
    if model is None:
        return None
    kwargs: dict[str, Any] = {}
    for name, tp, _default in _fields(cls):
        value = getattr(model, name) if isinstance(model, BaseModel) else model[name]
        kwargs[name] = None if _is_place(name) else _load_value(tp, value)
    return cls(**kwargs)


def _load_value(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    if tp is TileType:
        return parse_tile(value)
    if tp is Diagnostic:
        code = CATALOG[value.code]
        return Diagnostic(code, value.message, hint=value.hint, file=value.file, game=value.game, hand=value.hand)
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(tp) if a is not type(None)]
        return _load_value(options[0], value) if len(options) == 1 else value
    if origin is list:
        inner = get_args(tp)[0]
        return [_load_value(inner, v) for v in value]
    if origin is tuple:
        return tuple(value)
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or hasattr(tp, "_fields")):
        return load(tp, value)
    return value
