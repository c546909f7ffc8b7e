"""The text of ``convert``'s JSON documents, written straight from the record and verdict.

``shapes.dump`` turns a record into JSON data (dicts and lists) that ``json.dumps``
then encodes: two passes over about 350 values a hand, and a dict built for each of
its 45 objects.  ``convert`` of a big file spent twice as long on that as on reading
and judging.  Here each class's writer is made once, from its fields (the same
``field_names`` and ``is_place`` that ``shapes`` reads): one f-string a class, its
keys already encoded, each value written by the writer of its type, and a place
(``at``, ``*_at``) written from a table of where each line of the record's source
starts (``jsonplaces``).  The text is the same, byte for byte, as ``json.dumps(dump(...),
ensure_ascii=False, separators=(",", ":"))`` (``tests/properties/test_jsontext.py``
holds them equal); what this module does not know how to write, it hands to that
general path.

Nothing here imports pydantic: ``convert --to json`` does not pay for the schemas'
models at start-up.

>>> from referee.notation.record import Tag
>>> value_json([Tag("Event", "Club \\"night\\"")])
'[{"name":"Event","value":"Club \\\\"night\\\\"","at":null,"comments":[],"after":[]}]'
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

from ..diagnostics import Diagnostic
from ..engine.tiles import ALL_TILES, Tile
from ..notation.record import RECORD_VERSION
from ..source import Source
from .jsondata import dump, field_names, is_place
from .jsonplaces import DIGITS, Place, place_writer

if TYPE_CHECKING:
    from ..judging.judged import Judged

__all__ = ["document_json", "place_writer", "value_json"]

Writer = Callable[[Any, Place, Source | None], str]

_N = len(DIGITS)


class _Writers(dict[type, Writer]):
    """Each type's writer, made the first time a value of the type is met."""

    def __missing__(self, kind: type) -> Writer:
        writer = self[kind] = _writer_for(kind)
        return writer


_W = _Writers()

_TILES = {t: f'"{t}"' for t in ALL_TILES.values()}
"""A tile's JSON by the tile: JSON output writes tens of tiles a hand."""


def _general(obj: Any, place: Place, source: Source | None) -> str:
    """What no writer here knows: the general path (``shapes.dump`` and ``json.dumps``)."""
    return json.dumps(dump(obj, source), ensure_ascii=False, separators=(",", ":"))


def _str(obj: Any, place: Place, source: Source | None) -> str:
    return encode_basestring(obj)


def _as_text(obj: Any, place: Place, source: Source | None) -> str:
    return encode_basestring(str(obj))  # an enum's text, as ``dump`` writes it


def _null(obj: Any, place: Place, source: Source | None) -> str:
    return "null"


def _bool(obj: Any, place: Place, source: Source | None) -> str:
    return "true" if obj else "false"


def _int(obj: Any, place: Place, source: Source | None) -> str:
    return DIGITS[obj] if 0 <= obj < _N else int.__repr__(obj)


def _tile(obj: Any, place: Place, source: Source | None) -> str:
    return _TILES[obj]


def _sequence(obj: Any, place: Place, source: Source | None) -> str:
    if not obj:
        return "[]"
    kind = type(obj[0])
    for x in obj:  # cheaper than a set of the types for the few items of a list here
        if type(x) is not kind:
            break
    else:
        if kind is str:
            joined = '","'.join(obj)  # as they are when no text holds what JSON escapes (a seat, a tile's text)
            if joined.isprintable() and "\\" not in joined and joined.count('"') == 2 * len(obj) - 2:
                return '["' + joined + '"]'
            return "[" + ",".join(map(encode_basestring, obj)) + "]"
        if kind is Tile:
            return "[" + ",".join(map(_TILES.__getitem__, obj)) + "]"
        memo = _MEMO.get(kind)  # held while read: its objects stay alive, so no identity in it is reused
        if memo is not None:
            texts = memo[0]
            try:  # objects written before (a trick's plays): their texts joined without a call each
                return "[" + ",".join([texts[id(x)] for x in obj]) + "]"
            except KeyError:
                pass
        one = _W[kind]
        return "[" + ",".join([one(x, place, source) for x in obj]) + "]"
    w = _W
    return "[" + ",".join([w[type(x)](x, place, source) for x in obj]) + "]"


def _tile_list(obj: Any, place: Place, source: Source | None) -> str:
    """A list whose hint names tiles (a deal): each item's type tested as its text is found."""
    texts = []
    for x in obj:
        if type(x) is not Tile:
            return _sequence(obj, place, source)
        texts.append(_TILES[x])
    return "[" + ",".join(texts) + "]"


def _remembered_list(kind: type) -> Writer:
    """A list whose hint names a class whose texts are remembered (a trick's plays): each
    item's type tested and its text found in one pass, without a call an item."""

    def write(obj: Any, place: Place, source: Source | None) -> str:
        memo = _MEMO.get(kind)  # held while read: its objects stay alive, so no identity in it is reused
        if memo is None:
            return _sequence(obj, place, source)
        texts = memo[0]
        out = []
        for x in obj:
            text = texts.get(id(x))
            if text is None or type(x) is not kind:
                return _sequence(obj, place, source)  # written, and remembered, one by one
            out.append(text)
        return "[" + ",".join(out) + "]"

    return write


_KEPT_LISTS = 1024
"""Lists of texts a field keeps; a field that meets more (the tiles of each trick) stops keeping them."""


def _text_lists(namespace: dict[str, Any], slot: str) -> Writer:
    """The writer of a field whose hint names a list of texts: a list met before (a trick's
    seats, in one of four orders) is found by its items; a field whose lists are not a few
    repeated ones, once it has met ``_KEPT_LISTS`` of them, is written by ``_sequence``
    (its name ``slot`` in the class's writer, ``namespace``, rebound)."""
    kept: dict[tuple[str, ...], str] = {}

    def write(obj: Any, place: Place, source: Source | None) -> str:
        for x in obj:
            if type(x) is not str:
                return _sequence(obj, place, source)
        key = tuple(obj)  # of exact strings: equal keys, the same text
        text = kept.get(key)
        if text is None:
            text = kept[key] = _sequence(obj, place, source)
            if len(kept) >= _KEPT_LISTS:
                namespace[slot] = _sequence
        return text

    return write


_NUMBERS: dict[tuple[tuple[str, int], ...], str] = {}
"""Mappings of texts to whole numbers written before (points, marks by side: a few hundred
in a file), by their items; no more are kept past ``_KEPT_LISTS * 4``."""


def _mapping(obj: Any, place: Place, source: Source | None) -> str:
    if not obj:
        return "{}"
    for k, v in obj.items():
        if type(k) is not str or type(v) is not int:
            return _items_text(obj, place, source)
    key = tuple(obj.items())  # of exact texts and numbers: equal keys, the same text
    text = _NUMBERS.get(key)
    if text is None:
        text = _items_text(obj, place, source)
        if len(_NUMBERS) < _KEPT_LISTS * 4:
            _NUMBERS[key] = text
    return text


def _items_text(obj: Any, place: Place, source: Source | None) -> str:
    w = _W
    enc = encode_basestring
    parts = []
    for k, v in obj.items():
        if type(k) is not str:
            return _general(obj, place, source)  # a key json.dumps turns into text its own way
        if type(v) is int:  # an int's text is its format()
            parts.append(f"{enc(k)}:{DIGITS[v] if 0 <= v < _N else v}")
        else:
            parts.append(enc(k) + ":" + w[type(v)](v, place, source))
    return "{" + ",".join(parts) + "}"


def _writer_for(kind: type) -> Writer:
    """The writer of ``kind``: the same choices as ``shapes.dump``, in the same order."""
    writer = _value_writer(kind)
    if writer is not None:
        return writer
    if _is_object(kind):
        return _object_writer(kind)
    return _general


def _is_object(kind: type) -> bool:
    """A class written as a JSON object of its fields (``_object_writer``'s)."""
    return _value_writer(kind) is None and (dataclasses.is_dataclass(kind) or hasattr(kind, "_fields"))


def _value_writer(kind: type) -> Writer | None:
    """The writer of a value that is not an object of fields (None for such a class, or for
    a type no writer here knows)."""
    if kind is Tile:
        return _tile
    if kind is str:
        return _str
    if issubclass(kind, str):
        return _as_text
    if kind is type(None):
        return _null
    if kind is bool:
        return _bool
    if issubclass(kind, int) and not issubclass(kind, bool):
        return _int
    if issubclass(kind, Diagnostic) or issubclass(kind, float):
        return _general
    if issubclass(kind, list | tuple) and not hasattr(kind, "_fields"):
        return _sequence
    if issubclass(kind, dict):
        return _mapping
    return None


_CONSTANT = (type(None), bool, int, str, tuple)
"""Defaults whose text is worked out once (a tuple only when empty: ``comments=()``)."""


def _defaults(kind: type) -> dict[str, Any]:
    """Each field's default value, where it is one shared constant (``None``, ``()``, ``False``)."""
    if dataclasses.is_dataclass(kind):
        found = {f.name: f.default for f in dataclasses.fields(kind) if f.default is not dataclasses.MISSING}
    else:
        found = dict(getattr(kind, "_field_defaults", {}))
    return {k: v for k, v in found.items() if type(v) in _CONSTANT and (type(v) is not tuple or v == ())}


_FAST: dict[type, tuple[str, str]] = {
    str: ("type({v}) is str", "enc(v)"),
    int: ("type({v}) is int", "(digits[v] if 0 <= v < N else v)"),  # an int's text is its format()
    bool: ("{v} is True", '"true"'),
    Tile: ("type({v}) is Tile", "tiles[v]"),
    type(None): ("{v} is None", '"null"'),
    list: ("type({v}) is list", "seq(v, p, s)"),
    tuple: ("type({v}) is tuple", "seq(v, p, s)"),
    dict: ("type({v}) is dict", "mapping(v, p, s)"),
}
"""The writer of a value of exactly this type, inline (a test of the value, and its
text): tried for the types a field's hint names, before the general lookup."""


def _items(hint: Any) -> Any:
    """The items' type a list hint names (``list[Tile] | None`` gives ``Tile``), if one."""
    for h in typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,):
        if typing.get_origin(h) is list:
            return typing.get_args(h)[0]
    return None


def _expected(hint: Any) -> list[type]:
    """The types a field's hint names, as the value's exact type would be."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return [t for a in typing.get_args(hint) for t in _expected(a)]
    if origin is typing.Literal:
        return list(dict.fromkeys(type(a) for a in typing.get_args(hint)))
    if origin is not None:
        return [origin] if isinstance(origin, type) else []
    return [hint] if isinstance(hint, type) else []


def _value_expression(name: str, hint: Any, default: Any, namespace: dict[str, Any]) -> str:
    """The f-string expression of field ``name``'s text: its tests in turn, the first
    of them fetching the value (``v``), and the general lookup last."""
    tries: list[tuple[str, str]] = []
    if default is not _NONE:
        namespace[f"d_{name}"] = default
        namespace[f"t_{name}"] = value_json(default)
        tries.append((f"{{v}} is d_{name}", f"t_{name}"))
    items = _items(hint)
    for t in dict.fromkeys(_expected(hint)):
        if t is list and items is Tile:
            tries.append(("type({v}) is list", "tile_list(v, p, s)"))
        elif t is list and items is str:
            namespace[f"l_{name}"] = _text_lists(namespace, f"l_{name}")
            tries.append(("type({v}) is list", f"l_{name}(v, p, s)"))
        elif t is list and isinstance(items, type) and _immutable(items):
            namespace[f"l_{name}"] = _remembered_list(items)
            tries.append(("type({v}) is list", f"l_{name}(v, p, s)"))
        elif t is list and isinstance(items, type) and _is_object(items):
            namespace[f"l_{name}"] = _object_list(items)
            tries.append(("type({v}) is list", f"l_{name}(v, p, s)"))
        elif t in _FAST:
            tries.append(_FAST[t])
            if t is bool:
                tries.append(("v is False", '"false"'))
    fetch = f"(v := o.{name})"
    if not tries:
        return f"w[type({fetch})](v, p, s)"
    parts = [f"{result} if {test.format(v=fetch if i == 0 else 'v')}" for i, (test, result) in enumerate(tries)]
    return " else ".join([*parts, "w[type(v)](v, p, s)"])


_NONE = object()


def _object_body(kind: type) -> tuple[str, dict[str, Any]]:
    """The f-string of an object ``o`` of the class, and the names it reads: its keys
    encoded once, a place through the record's place writer, a field holding its very
    default (``None``, ``()``) as that default's text, written once, a value of a type
    its hint names written inline, and every other value through its type's writer."""
    namespace: dict[str, Any] = {"w": _W, "enc": encode_basestring, "tiles": _TILES, "seq": _sequence, "mapping": _mapping}
    namespace["tile_list"] = _tile_list
    namespace.update(Tile=Tile, digits=DIGITS, N=_N, kind=kind)
    defaults = _defaults(kind)
    hints = typing.get_type_hints(kind)
    pieces = []
    for i, name in enumerate(field_names(kind)):
        key = ("{{" if i == 0 else ",") + json.dumps(name) + ":"
        value = (
            f'"null" if (v := o.{name}) is None else p(v)'
            if is_place(name)
            else _value_expression(name, hints.get(name), defaults.get(name, _NONE), namespace)
        )
        pieces.append(key + "{" + value + "}")
    return ("".join(pieces) + "}}" if pieces else "{{}}"), namespace


def _object_writer(kind: type) -> Writer:
    """One f-string for the class (``_object_body``)."""
    body, namespace = _object_body(kind)
    exec(compile(f"def write(o, p, s):\n    return f'{body}'\n", f"<json {kind.__name__}>", "exec"), namespace)
    writer: Writer = namespace["write"]
    return _remembered(writer, kind) if _immutable(kind) else writer


def _object_list(kind: type) -> Writer:
    """The writer of a field whose hint names a list of a class written as an object (a
    hand's deal, calls and tricks, a record's hands): one loop that tests each item's type
    and writes it by the class's own f-string (``_object_body``), without a call an item;
    a list holding anything else is written by ``_sequence``."""
    body, namespace = _object_body(kind)
    code = (
        "def write(obj, p, s):\n"
        "    out = []\n"
        "    for o in obj:\n"
        "        if type(o) is not kind:\n"
        "            return seq(obj, p, s)\n"
        f"        out.append(f'{body}')\n"
        '    return "[" + ",".join(out) + "]"\n'
    )
    exec(compile(code, f"<json list[{kind.__name__}]>", "exec"), namespace)
    writer: Writer = namespace["write"]
    return writer


def _immutable(kind: type) -> bool:
    """A named tuple of text, numbers and tiles, without places: its JSON is fixed by the object."""
    if not hasattr(kind, "_fields") or any(is_place(name) for name in kind._fields):
        return False
    hints = typing.get_type_hints(kind)
    return all(_plain(hints[name]) for name in kind._fields)


def _plain(hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType, tuple):
        return all(a is Ellipsis or _plain(a) for a in typing.get_args(hint))
    if origin is typing.Literal:
        return True
    return hint in (str, int, bool, Tile, type(None))


_REMEMBERED = 4096
"""Texts a class keeps (then it starts again): a game's plays are a few hundred shared objects."""

_MEMO: dict[type, tuple[dict[int, str], dict[int, Any]]] = {}
"""For each class whose objects' texts are remembered: the texts by the object's identity,
and the objects by the same, kept alive so that no identity is reused while the pair is
held.  An object is kept before its text is set, and a full pair is replaced, never
emptied, so a reader holding a pair finds only texts of live objects (threads included)."""


def _remembered(writer: Writer, kind: type) -> Writer:
    """``writer``, keeping the text of each object it wrote: the reader shares one object
    for each seat and tile played, so a file's 200,000 plays are written about 100 times."""
    _MEMO[kind] = ({}, {})

    def write(o: Any, p: Place, s: Source | None) -> str:
        texts, kept = _MEMO[kind]
        text = texts.get(id(o))
        if text is not None:  # its object is kept in the same pair, alive: it is ``o``
            return text
        text = writer(o, p, s)
        if len(kept) >= _REMEMBERED:
            _MEMO[kind] = texts, kept = {}, {}
        kept[id(o)] = o
        texts[id(o)] = text
        return text

    return write


def value_json(obj: Any, source: Source | None = None) -> str:
    """``obj`` as compact JSON text, places resolved against ``source``."""
    return _W[type(obj)](obj, place_writer(source), source)


def document_json(j: Judged) -> str | None:
    """``convert``'s document of one judged record, as one line of JSON."""
    record = j.record
    if record is None:
        return None
    source = record.source
    p = place_writer(source)
    w = _W
    verdict = j.verdict
    return (
        f'{{"format":"referee-record","version":{RECORD_VERSION},"file":{w[type(j.file)](j.file, p, source)},'
        f'"index":{w[type(j.index)](j.index, p, source)},"record":{w[type(record)](record, p, source)},'
        f'"verdict":{w[type(verdict)](verdict, p, source)}}}'
    )
