"""The peer formats by name: which one an input is, a reader for each, a writer for each.

``read_peer(path, fmt)`` reads a file (``-``: standard input) in one format, or in the
one ``detect`` finds (``fmt="auto"``), and yields ``(index, record, problems)`` as the
referee's own JSON reader does.  ``encode`` turns one judged record into a piece of
the target format (or the reasons it cannot), in the worker processes; ``Assembler``
puts the pieces together in input order: one link a line, one samples document, one
CSV with its header.

>>> detect("?s=9ix&a=CAAAW")
'mk5'
>>> detect('{"names":["a","b","c","d"],"firstShaker":0,"hands":[]}')
'scoresheet'
>>> detect('hand 1 dealer N')
'text'
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from ... import codes
from ...diagnostics import Diagnostic
from ...judging.verdict import GameVerdict
from ...notation.reader import cannot_read
from ...notation.record import GameRecord
from .common import PeerRead, Refusal, note_diagnostic
from .jswood23 import history_document, read_history
from .luke import luke_document, luke_sample, read_luke
from .mk5 import read_links
from .mk5_write import write_links
from .scoresheet import CSV_COLUMNS, read_scoresheet, sheet_csv_rows, sheet_json

__all__ = ["READERS", "TITLES", "WRITERS", "Assembler", "Encoded", "detect", "encode", "encode_judged", "read_peer", "said"]

MAX_INPUT = 64 << 20
"""Characters a peer document may hold (a file of links is read a line at a time)."""

TITLES = {
    "mk5": "mk5 game links",
    "luke": "a LukeConran samples document",
    "scoresheet": "a score sheet (scorekeeper JSON or CSV)",
    "jswood23": "a jswood23 round history",
    "text": "records in the notation",
    "json": "referee JSON documents",
}
READERS: dict[str, Callable[[str, str], Iterator[PeerRead]]] = {
    "mk5": read_links,
    "luke": read_luke,
    "scoresheet": read_scoresheet,
    "jswood23": read_history,
}
WRITERS = ("mk5", "luke", "scoresheet", "scoresheet-csv", "jswood23")


def detect(text: str) -> str | None:
    """The format of ``text``, from its content (None when it is none of them)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[")):
        first = _first_json(head)
        if isinstance(first, dict):
            if first.get("format") == "referee-record":
                return "json"
            if isinstance(first.get("hands"), list) and ("seed" in str(first["hands"][:1]) or "at" in first):
                return "luke"
            if "firstShaker" in first or ("names" in first and "hands" in first):
                return "scoresheet"
            if "current_round_history" in first or "team_1" in first:
                return "jswood23"
        if isinstance(first, list) and first and all(isinstance(e, str) for e in first):
            return "jswood23"
        if isinstance(first, list) and first and isinstance(first[0], dict) and first[0].get("format") == "referee-record":
            return "json"
        if first is not None or head.startswith("{"):
            return None
    line = next((ln.strip() for ln in head.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    if re.match(r"^(\[|hand(\s|$)|;|\{)", line, re.I):
        return "text"
    query = line.partition("?")[2] if "?" in line else line
    keys = {p.partition("=")[0] for p in query.split("&") if "=" in p}
    if keys & {"s", "i", "a"} or keys == {"d"}:
        return "mk5"
    if line.count("\\") == 2 or re.match(r"^Team [12] ", line):
        return "jswood23"
    cells = next(csv.reader(io.StringIO(line)), [])
    if cells and cells[0].strip().lower() == "hand" and {c.strip().lower() for c in cells} <= set(CSV_COLUMNS):
        return "scoresheet"
    return None


def _first_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        first = text.split("\n", 1)[0]  # JSON Lines: the first document
        try:
            return json.loads(first)
        except json.JSONDecodeError:
            return None


def read_peer(name: str, fmt: str) -> tuple[str | None, Iterator[PeerRead]]:
    """The format read (found when ``fmt`` is "auto") and the records of file ``name``."""
    display = "<stdin>" if name == "-" else name
    try:
        stream: IO[str] = sys.stdin if name == "-" else open(name, encoding="utf-8-sig", errors="strict")  # noqa: SIM115
    except OSError as e:
        return fmt, iter([(0, None, [cannot_read(display, e)])])
    try:
        text = stream.read(MAX_INPUT + 1)
    except UnicodeDecodeError as e:
        return fmt, iter([(0, None, [Diagnostic(codes.S006, f"{display} is not UTF-8 text ({e.reason} at byte {e.start})", file=display)])])
    except OSError as e:
        return fmt, iter([(0, None, [cannot_read(display, e)])])
    finally:
        if stream is not sys.stdin:
            stream.close()
    if len(text) > MAX_INPUT:
        return fmt, iter([(0, None, [Diagnostic(codes.S015, f"{display} holds more than 64 MB: too long for one document", file=display)])])
    found: str | None = fmt
    if fmt == "auto":
        found = detect(text)
        if found is None:
            message = (
                "cannot tell which program wrote this input; name its format with --from (mk5, luke, scoresheet, jswood23, text or json)"
            )
            return None, iter([(0, None, [Diagnostic(codes.S017, message, file=display)])])
        if found in ("text", "json"):
            return found, iter(())
    assert found is not None
    reader = READERS[found]
    return found, _with_note(reader(text, display), display, found if fmt == "auto" else None)


def _with_note(reads: Iterator[PeerRead], file: str, found: str | None) -> Iterator[PeerRead]:
    first = True
    for index, record, problems in reads:
        if first and found is not None:
            problems = [note_diagnostic(f"read as {TITLES[found]} (found from its content)", file, index), *problems]
        first = False
        yield index, record, problems


@dataclass(frozen=True)
class Encoded:
    """One record in a target format: its piece, or the reasons it cannot be written;
    notes on what the target leaves out."""

    piece: Any = None
    refusal: Refusal | None = None
    notes: tuple[str, ...] = ()


class _Judged(Protocol):
    record: GameRecord | None
    verdict: GameVerdict | None


def encode_judged(target: str, j: _Judged) -> Encoded | None:
    """``convert``'s extract for a peer target: a judged record as a piece of ``target``
    (a module function, so that worker processes can run it through ``functools.partial``)."""
    return encode(target, j.record, j.verdict)


def said(encoded: Encoded, file: str, index: int, target: str) -> list[Diagnostic]:
    """What ``convert`` says of a record it writes to ``target``: the refusal (S018) and the notes (W107)."""
    title = {"mk5": "mk5 links", "luke": "a LukeConran sample", "jswood23": "a jswood23 history"}.get(target, "a score sheet")
    out = [encoded.refusal.diagnostic(file, index, title)] if encoded.refusal is not None else []
    return out + [Diagnostic(codes.W107, note, file=file, game=index) for note in encoded.notes]


def encode(target: str, record: GameRecord | None, verdict: GameVerdict | None) -> Encoded | None:
    """``record`` as a piece of ``target`` (run where the record was judged)."""
    if record is None:
        return None
    if target == "mk5":
        out = write_links(record, verdict)
        return Encoded(refusal=out) if isinstance(out, Refusal) else Encoded(out[0], notes=tuple(out[1]))
    result: Any
    if target == "luke":
        result = luke_sample(record, verdict)
    elif target == "scoresheet":
        result = sheet_json(record, verdict)
    elif target == "scoresheet-csv":
        result = sheet_csv_rows(record, verdict)
    else:
        result = history_document(record, verdict)
    return Encoded(refusal=result) if isinstance(result, Refusal) else Encoded(result)


@dataclass
class Assembler:
    """The pieces of one output, in order: ``add`` returns the text to write for a piece,
    ``end`` what closes the output."""

    target: str
    count: int = 0
    _luke_at: str | None = field(default=None, repr=False)

    def add(self, piece: Any) -> str:
        self.count += 1
        if self.target == "mk5":
            return "".join(link + "\n" for link in piece)
        if self.target == "luke":
            hand, at = piece
            text = json.dumps(hand, ensure_ascii=False, separators=(",", ":"))
            if self.count == 1:
                opening = luke_document([], at)[:-2]  # '{"at":...,"hands":[' without ']}'
                return opening + text
            return "," + text
        if self.target == "scoresheet-csv":
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            if self.count == 1:
                writer.writerow(CSV_COLUMNS)
            else:
                out.write("\n")  # a blank row between games
            writer.writerows(piece)
            return out.getvalue()
        return str(piece) + "\n"

    def end(self) -> str:
        if self.target == "luke":
            return "]}" if self.count else luke_document([], None)
        return ""
