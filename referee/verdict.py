"""What the referee derives from a record by replay, reported beside the record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from .diagnostics import Diagnostic

__all__ = ["GameVerdict", "HandVerdict", "TrickVerdict", "trick_verdict", "trusted"]


class TrickVerdict(BaseModel):
    """One trick as the rules judge it."""

    leader: str
    seats: list[str]
    """The seat of each play, in play order."""
    tiles: list[str]
    winner: str
    points: int


class HandVerdict(BaseModel):
    """One hand replayed: the auction's outcome, every trick, the score."""

    number: int
    """1-based position of the hand in its game."""
    dealer: str | None = None
    declarer: str | None = None
    call_seats: list[str] = Field(default_factory=list)
    """The seat of each call the auction accepted, in order."""
    bid: int | None = None
    bid_suit: int | None = None
    trump: str | None = None
    tricks: list[TrickVerdict] = Field(default_factory=list)
    claim: str | None = None
    points: dict[str, int] = Field(default_factory=dict)
    """Points each side took (tricks in Moon)."""
    tricks_won: dict[str, int] = Field(default_factory=dict)
    made: bool | None = None
    awards: dict[str, int] = Field(default_factory=dict)
    score: dict[str, int] | None = None
    """Running score after this hand; None once an earlier hand could not be followed."""
    thrown_in: bool = False
    followed: bool = True
    """False when an error stopped the replay of this hand part way."""


class GameVerdict(BaseModel):
    """A game (or a logged hand) judged: per-hand results, the score, the winner."""

    rules: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    target: int | None = None
    target_unit: str | None = None
    mode: str = "game"
    hands: list[HandVerdict] = Field(default_factory=list)
    score: dict[str, int] | None = None
    winner: str | None = None
    diagnostics: list[Diagnostic] = Field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(not d.is_error for d in self.diagnostics)


_M = TypeVar("_M", bound=BaseModel)

_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__

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
    """``cls.model_construct(**values)`` at a fraction of its cost.

    The replay builds a verdict for every hand and trick from values the engine
    made, so there is nothing to validate; pydantic's per-field ``__setattr__``
    and ``model_construct``'s loop cost more than the rest of a clean hand's
    bookkeeping.  The model is the one ``model_construct`` gives: unset fields
    take their defaults, and ``model_fields_set`` is the names given.
    """
    defaults, factories = _TEMPLATES.get(cls) or _template(cls)
    fields = defaults.copy()
    for name, factory in factories:
        if name not in values:
            fields[name] = factory()
    fields.update(values)
    return _new(cls, fields, set(values))


def _new(cls: type[_M], fields: dict[str, Any], given: set[str]) -> _M:
    """The model with ``fields`` (every field, in field order) as ``model_construct`` leaves it."""
    m = object.__new__(cls)
    _set_dict(m, fields)
    _set_fields(m, given)
    _set_extra(m, None)
    _set_private(m, None)
    return m


_TRICK_FIELDS = ("leader", "seats", "tiles", "winner", "points")
assert tuple(TrickVerdict.model_fields) == _TRICK_FIELDS and _template(TrickVerdict) == (dict.fromkeys(_TRICK_FIELDS), ())


def trick_verdict(leader: str, seats: list[str], tiles: list[str], winner: str, points: int) -> TrickVerdict:
    """``trusted(TrickVerdict, ...)`` for the seven or nine tricks of every hand, without
    the keyword packing and defaults (a trick sets every field)."""
    return _new(TrickVerdict, {"leader": leader, "seats": seats, "tiles": tiles, "winner": winner, "points": points}, set(_TRICK_FIELDS))
