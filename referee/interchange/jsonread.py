"""Reading back the JSON documents ``referee convert`` writes (``--from json``).

A JSON array or JSON Lines, from a file or standard input, read one document at
a time (memory stays bounded by the largest document).  Every document is
validated as strictly as text is read: the schema (``shapes.model_of``), then what
a schema cannot say (a suit is 0 to 6, a suit trump names its suit), so a
document can never hand the referee a record the notation could not hold.
Documents of versions 1 to 4 are read too.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

from pydantic import ValidationError

from .. import codes
from ..diagnostics import Diagnostic
from ..engine.games import GAMES
from ..notation.items import ITEMS
from ..notation.items.common import not_a_seat
from ..notation.reader import cannot_read
from ..notation.record import RECORD_VERSION, GameRecord, HandRecord
from ..notation.tags import check_tags
from ..source import Position
from .documents import Document
from .jsonguard import DECODER, Refused, oversized, too_many
from .shapes import load

__all__ = ["parse_document", "read_documents"]

MAX_DOCUMENT = 64 << 20
"""Characters one document may hold."""

_STDIN_NAME = "<stdin>"


def _problem(file: str, message: str, line: int, column: int = 1, index: int | None = None) -> Diagnostic:
    return Diagnostic(codes.S012, message, file=file, game=index, at=Position(line, column, line, column + 1))


def read_documents(name: str) -> Iterator[tuple[int, GameRecord | None, list[Diagnostic]]]:
    """(index, record, problems) for each document of the file ``name`` (``-``: standard input)."""
    display = _STDIN_NAME if name == "-" else name
    try:
        stream: IO[str] = sys.stdin if name == "-" else open(name, encoding="utf-8", errors="strict")  # noqa: SIM115
    except OSError as e:
        yield 0, None, [cannot_read(display, e)]
        return
    try:
        yield from _read(stream, display)
    except UnicodeDecodeError as e:
        yield 0, None, [Diagnostic(codes.S006, f"{display} is not UTF-8 text ({e.reason} at byte {e.start})", file=display)]
    except OSError as e:
        yield 0, None, [cannot_read(display, e)]
    finally:
        if stream is not sys.stdin:
            stream.close()


def _read(f: IO[str], name: str) -> Iterator[tuple[int, GameRecord | None, list[Diagnostic]]]:
    buf = f.read(1 << 16)
    start = len(buf) - len(buf.lstrip())
    if buf[start : start + 1] == "[":
        yield from _array(f, name, buf, start + 1)
        return
    index = 0
    lineno = 0
    pending = buf
    while True:
        nl = pending.find("\n")
        while nl < 0:
            more = f.read(1 << 16)
            if not more:
                break
            pending += more
            if len(pending) > MAX_DOCUMENT:
                yield index + 1, None, [_problem(name, "a line of more than 64 MB is not a document", lineno + 1, 1, index + 1)]
                return
            nl = pending.find("\n")
        line, pending = (pending[:nl], pending[nl + 1 :]) if nl >= 0 else (pending, "")
        lineno += 1
        if line.strip():
            index += 1
            yield (index, *_one(name, line, lineno, index))
        if nl < 0:
            return


def _array(f: IO[str], name: str, buf: str, pos: int) -> Iterator[tuple[int, GameRecord | None, list[Diagnostic]]]:
    """The documents of a JSON array, decoded one at a time."""
    decoder = DECODER  # strict: no NaN, no key twice (jsonguard.py)
    index = 0
    expect_item = True
    lines = seen = 0  # newlines counted so far, up to ``seen`` in ``buf``: a place is its line in the input

    def line_at(at: int) -> int:
        nonlocal lines, seen
        lines += buf.count("\n", seen, at)
        seen = at
        return lines + 1

    while True:
        while pos < len(buf) and buf[pos] in " \t\r\n":
            pos += 1
        if pos >= len(buf):
            more = f.read(1 << 16)
            if not more:
                yield index + 1, None, [_problem(name, "the JSON array is not closed", line_at(len(buf)), 1, index + 1)]
                return
            line_at(pos)
            buf, pos, seen = buf[pos:] + more, 0, 0
            continue
        c = buf[pos]
        if c == "]" and (index == 0 or not expect_item):
            return
        if c == "," and not expect_item:
            pos += 1
            expect_item = True
            continue
        if not expect_item:
            yield index + 1, None, [_problem(name, "expected `,` or `]` between documents", line_at(pos), 1, index + 1)]
            return
        try:
            item, end = decoder.raw_decode(buf, pos)
        except Refused as e:  # whole, but not taken: more text would not help
            yield index + 1, None, [_problem(name, f"not valid JSON: {e}", line_at(pos), 1, index + 1)]
            return
        except (json.JSONDecodeError, RecursionError, ValueError) as e:
            more = f.read(max(1 << 16, len(buf) - pos))  # the item read so far, again: parsed O(n) times in all, not O(n**2)
            if more and len(buf) - pos < MAX_DOCUMENT:
                line_at(pos)
                buf, pos, seen = buf[pos:] + more, 0, 0
                continue
            message = e.msg if isinstance(e, json.JSONDecodeError) else "nested too deeply or a number too long"
            yield index + 1, None, [_problem(name, f"not valid JSON: {message}", line_at(pos), 1, index + 1)]
            return
        index += 1
        record, problems = _validate(name, item, line_at(pos), index)
        yield index, record, problems
        pos = end
        expect_item = False


def parse_document(text: str, name: str = "<document>") -> tuple[GameRecord | None, list[Diagnostic]]:
    """The record of one JSON document (text), or why there is none."""
    return _one(name, text, 1, 1)


def _one(name: str, line: str, lineno: int, index: int) -> tuple[GameRecord | None, list[Diagnostic]]:
    big = too_many(line)  # before parsing: memory stays bounded (jsonguard.py)
    if big is not None:
        return None, [_problem(name, big, lineno, 1, index)]
    try:
        item = DECODER.decode(line)
    except json.JSONDecodeError as e:
        return None, [_problem(name, f"not valid JSON: {e.msg}", lineno, e.colno, index)]
    except Refused as e:
        return None, [_problem(name, f"not valid JSON: {e}", lineno, 1, index)]
    except (RecursionError, ValueError):
        return None, [_problem(name, "not valid JSON: nested too deeply or a number too long", lineno, 1, index)]
    return _validate(name, item, lineno, index)


def _validate(file: str, data: Any, line: int, index: int) -> tuple[GameRecord | None, list[Diagnostic]]:
    big = oversized(data)  # too many values, too deep, a number the notation cannot hold (jsonguard.py)
    if big is not None:
        return None, [_problem(file, f"the document is not read: {big}", line, index=index)]
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version == 1:  # not ``true``, which Python counts equal to 1
        with contextlib.suppress(TypeError, AttributeError):  # not version 1's shape either: the schema says where
            data, version = _from_version_1(data), 2
    if type(version) is int and version in (2, 3, 4):
        # 3 and 4 added items (the irregularities, forfeit) older ones never hold; 5 the
        # verdict's ``detail``, which is ``plays`` where it is not written
        data = dict(data, version=RECORD_VERSION)
    try:
        doc = Document.model_validate(data)
        record: GameRecord = load(GameRecord, doc.record)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return None, [_problem(file, f"the document does not match the schema: {where}: {first['msg']}", line, index=index)]
    except (ValueError, RecursionError) as e:
        return None, [_problem(file, f"the document does not hold a record: {e}", line, index=index)]
    wrong = _impossible(record)
    if wrong is not None:
        return None, [_problem(file, f"the document does not hold a record: {wrong}", line, index=index)]
    # the tags are held to what the text reader holds them to (unknown S003, a value
    # outside its set S008, twice S009), so a record and its JSON are judged alike
    at = Position(line, 1, line, 2)
    return record, [Diagnostic(p.code, p.message, hint=p.hint, file=file, game=index, at=at) for p in check_tags(record.tags)]


def _impossible(record: GameRecord) -> str | None:
    """What the schema allows but no record can hold, in words; None when all is well."""
    for n, hand in enumerate(record.hands, start=1):
        wrong = next(filter(None, _problems(hand)), None)
        if wrong is not None:
            return f"hand {n}: {wrong}"
    return None


def _problems(hand: HandRecord) -> Iterator[str | None]:
    """What is wrong with each part of ``hand``: its dealer, then each item's entries, by
    the item's own check (``ItemSpec.impossible``)."""
    yield not_a_seat(hand.dealer)
    for spec in ITEMS:
        if spec.impossible is not None:
            yield from map(spec.impossible, spec.entries(hand))


def _tile_text(value: Any) -> Any:
    return value.get("tile") if isinstance(value, dict) else value


def _from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 document in version 2's shape: tiles were objects, places arrays, the
    kitty a list; the verdict is derived again, so it is dropped."""
    out = dict(data, version=2, verdict=None)
    record = data.get("record")
    if not isinstance(record, dict):
        return out
    record = {k: v for k, v in record.items() if k not in ("version", "comments")}
    hands = []
    for hand in record.get("hands") or []:
        if not isinstance(hand, dict):
            hands.append(hand)
            continue
        h = {k: v for k, v in hand.items() if k not in ("kitty", "kitty_at")}
        _strip_places(h)
        if isinstance(hand.get("kitty"), list):
            rules = next(
                (t.get("value", "") for t in record.get("tags") or [] if isinstance(t, dict) and str(t.get("name", "")).lower() == "rules"),
                "",
            )
            game = GAMES.get(str(rules).strip().lower())
            word = (game.exchange.kitty_word if game is not None else None) or ("widow" if len(hand["kitty"]) == 1 else "cat")
            h["kitty"] = {"word": word, "tiles": [_tile_text(x) for x in hand["kitty"]]}
        for dealt in h.get("deal") or []:
            if isinstance(dealt, dict):
                dealt["tiles"] = [_tile_text(x) for x in dealt.get("tiles") or []]
        for trick in h.get("tricks") or []:
            for play in trick.get("plays") or [] if isinstance(trick, dict) else []:
                if isinstance(play, dict):
                    play.pop("at", None)
        ex = h.get("exchange")
        if isinstance(ex, dict):
            ex["take"] = [_tile_text(x) for x in ex.get("take") or []]
            ex["give"] = [_tile_text(x) for x in ex.get("give") or []]
        hands.append(h)
    record["hands"] = hands
    _strip_places(record)
    out["record"] = record
    return out


def _strip_places(value: Any) -> None:
    """Drop version 1's places (arrays of line and column): they are not read back."""
    if isinstance(value, dict):
        for key in [k for k in value if k == "at" or k.endswith("_at")]:
            value[key] = None
        for v in value.values():
            _strip_places(v)
    elif isinstance(value, list):
        for v in value:
            _strip_places(v)
