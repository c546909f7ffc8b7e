"""Reading back the JSON documents ``referee convert`` writes (``--from json``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from pydantic import ValidationError

from ..diagnostics import Diagnostic
from ..notation.record import GameRecord, Span
from .documents import Document

__all__ = ["read_documents"]


def _problem(file: str, message: str, line: int, column: int = 1, index: int | None = None) -> Diagnostic:
    return Diagnostic.make("S012", message, Span(line, column, line, column + 1), file=file, game=index)


def _validate(file: str, data: object, line: int, index: int) -> tuple[GameRecord | None, list[Diagnostic]]:
    try:
        doc = Document.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return None, [_problem(file, f"the document does not match the schema: {where}: {first['msg']}", line, index=index)]
    return doc.record, []


def read_documents(name: str) -> Iterator[tuple[int, GameRecord | None, list[Diagnostic]]]:
    """(index, record, problems) for each document: a JSON array, or JSON Lines streamed."""
    try:
        yield from _read(name)
    except UnicodeDecodeError as e:
        yield 0, None, [Diagnostic.make("S006", f"{name} is not UTF-8 text ({e.reason} at byte {e.start})", None, file=name)]


def _read(name: str) -> Iterator[tuple[int, GameRecord | None, list[Diagnostic]]]:
    path = Path(name)
    with path.open(encoding="utf-8", errors="strict") as f:
        head = ""
        while True:
            ch = f.read(1)
            if not ch or not ch.isspace():
                head = ch
                break
        f.seek(0)
        if head == "[":
            text = f.read()
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                yield 1, None, [_problem(name, f"not valid JSON: {e.msg}", e.lineno, e.colno)]
                return
            if not isinstance(data, list):
                yield 1, None, [_problem(name, "expected a JSON array of documents", 1)]
                return
            for i, item in enumerate(data, start=1):
                record, problems = _validate(name, item, 1, i)
                yield i, record, problems
            return
        index = 0
        for lineno, line in enumerate(f, start=1):
            if not line.strip():
                continue
            index += 1
            try:
                item = json.loads(line)
            except json.JSONDecodeError as e:
                yield index, None, [_problem(name, f"not valid JSON: {e.msg}", lineno, e.colno, index)]
                continue
            record, problems = _validate(name, item, lineno, index)
            yield index, record, problems
