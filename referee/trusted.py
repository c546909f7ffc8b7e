"""Pydantic models built from values already known to be right, without validation.

The reader builds dozens of record models per hand from text the grammar has
checked, and the replay a verdict per hand from values the engine made: there is
nothing to validate, and ``model_construct`` (let alone validation) costs more
than the rest of a clean hand's bookkeeping.  ``trusted`` gives the model
``model_construct`` gives; ``construct`` is its core, for callers that already
hold every field in field order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

__all__ = ["construct", "new_object", "set_dict", "set_extra", "set_fields", "set_private", "trusted"]

_M = TypeVar("_M", bound=BaseModel)

_SLOTS = BaseModel.__dict__
new_object = object.__new__
set_dict = _SLOTS["__dict__"].__set__
set_fields = _SLOTS["__pydantic_fields_set__"].__set__
set_extra = _SLOTS["__pydantic_extra__"].__set__
set_private = _SLOTS["__pydantic_private__"].__set__
"""The slots ``construct`` sets, for the few loops that inline it (one tile at a time)."""


def construct(cls: type[_M], fields: dict[str, Any], given: set[str]) -> _M:
    """The model with ``fields`` (every field, in field order) and ``given`` as its fields
    set, as ``model_construct`` leaves it."""
    model = new_object(cls)
    set_dict(model, fields)
    set_fields(model, given)
    set_extra(model, None)
    set_private(model, None)
    return model


_Template = tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]
_TEMPLATES: dict[type[BaseModel], _Template] = {}


def _template(cls: type[BaseModel]) -> _Template:
    """Each field's default in field order (None for a required field or a factory's), and
    the factories; only for models ``model_construct`` fills from their fields alone."""
    if (
        cls.__pydantic_post_init__
        or cls.__private_attributes__
        or cls.model_config.get("extra") == "allow"
        or any(f.alias is not None or f.validation_alias is not None for f in cls.model_fields.values())
    ):
        raise TypeError(f"trusted() cannot build {cls.__name__}: use model_construct")
    defaults: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    for name, f in cls.model_fields.items():
        defaults[name] = None if f.is_required() or f.default_factory is not None else f.default
        if f.default_factory is not None:
            factories.append((name, f.default_factory))  # type: ignore[arg-type]
    _TEMPLATES[cls] = template = (defaults, tuple(factories))
    return template


def trusted(cls: type[_M], **values: Any) -> _M:
    """``cls.model_construct(**values)`` at a fraction of its cost: fields not given take
    their defaults (fresh ones from factories) and ``model_fields_set`` is the names given.

    >>> from referee.notation.record import Play
    >>> p = trusted(Play, seat="N", tile="6-4")
    >>> p == Play.model_construct(seat="N", tile="6-4"), p.model_fields_set == {"seat", "tile"}
    (True, True)
    """
    defaults, factories = _TEMPLATES.get(cls) or _template(cls)
    if values.keys() == defaults.keys():  # every field given: nothing to merge
        return construct(cls, values, set(values))
    fields = defaults.copy()
    for name, factory in factories:
        if name not in values:
            fields[name] = factory()
    fields.update(values)
    return construct(cls, fields, set(values))
