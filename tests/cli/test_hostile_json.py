"""Hostile JSON read back by ``convert --from json`` (issue 30, item 5): huge integers, deep
nesting, a key written twice, NaN and infinities, million-element arrays, one bad line
among good JSON Lines.  Each is an S012 naming its place (line, and the key path inside
the document), exit status 2, and the other documents are still converted; memory stays
bounded (measured in a real process) and time linear (the fuzz harness's bound)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.properties.fuzzing import Workspace, assert_sound, run

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "legal" / "42-nello-made.42"


@cache
def good() -> dict[str, object]:
    r = run(["convert", str(SAMPLE), "--to", "jsonl", "--jobs", "1"])
    document = json.loads(r.out)
    assert isinstance(document, dict)
    return document


def _replaced(pattern: str, repl: str) -> str:
    """The good document with ``pattern`` replaced once; a pattern that no longer matches
    (the record's version moved on, a field was renamed) fails here rather than leaving a
    harmless document to pass as a hostile one."""
    text, n = re.subn(pattern, repl, json.dumps(good()), count=1)
    assert n == 1, f"{pattern!r} is not in the good document"
    return text


def _with(path: list[str | int], value: object) -> str:
    document = json.loads(json.dumps(good()))
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return json.dumps(document)


@pytest.fixture(scope="module")
def space() -> Iterator[Workspace]:
    workspace = Workspace()
    yield workspace
    shutil.rmtree(workspace.dir, ignore_errors=True)


CASES: dict[str, Callable[[], tuple[str, str]]] = {
    "integer of 4,000 digits": lambda: (
        _with(["record", "hands", 0, "calls", 0, "amount"], 10**3999),
        r"record\.hands\.0\.calls\.0\.amount: a number of 4,000 digits; numbers have at most 9",
    ),
    "integer of 10 digits": lambda: (_with(["record", "hands", 0, "calls", 0, "amount"], 10**9), r"amount: a number of 10 digits"),
    "integer of 5,000 digits": lambda: (
        _replaced('"index": 1', '"index": ' + "9" * 5000),
        r"not valid JSON: nested too deeply or a number too long",
    ),
    "nested 100 deep": lambda: (
        _with(["record", "tags"], json.loads("[" * 100 + "]" * 100)),
        r"record\.tags\.0\.0\.….0\.0: nested more than 64 deep",
    ),
    "nested 100,000 deep": lambda: ("[" * 100_000 + "]" * 100_000, r"not valid JSON: nested too deeply"),
    "a key twice": lambda: (
        _replaced(r'"version": (\d+)', r'"version": \1, "version": \1'),
        r'the key "version" is written twice in one object',
    ),
    "NaN": lambda: (_replaced('"index": 1', '"index": NaN'), r"not valid JSON: NaN is not a JSON number"),
    "Infinity": lambda: (_replaced('"index": 1', '"index": -Infinity'), r"not valid JSON: -Infinity is not a JSON number"),
    "1e999": lambda: (_replaced('"index": 1', '"index": 1e999'), r"not valid JSON: the number 1e999 is out of range"),
    "version true": lambda: (_with(["version"], True), r"version: Input should be 5"),
    "version 1 not in version 1's shape": lambda: (
        _with(["record"], {"tags": [], "hands": True}).replace('"version": 5', '"version": 1', 1),
        r"the document does not match the schema",
    ),
    "a million empty hands": lambda: (_with(["record", "hands"], [{}] * 1_000_000), r"a document of more than 500,000 values"),
    "three million numbers": lambda: (_with(["record", "tags"], [0] * 3_000_000), r"a document of more than 500,000 values"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_document_is_s012_at_its_place_and_the_next_one_is_read(space: Workspace, case: str) -> None:
    hostile, message = CASES[case]()
    data = (json.dumps(good()) + "\n" + hostile + "\n" + json.dumps(good()) + "\n").encode()
    path = space.file(data, ".jsonl")
    r = run(["convert", str(path), "--from", "json", "--to", "jsonl"])
    assert_sound(r, data)
    assert r.status == 2, r.text[-1500:]
    assert re.search(r"error\[S012\]: .*" + message, r.err), r.err[-1500:]
    assert f"{path}:2:" in r.err, "the line of the hostile document"
    assert len([line for line in r.out.split("\n") if line]) == 2, "the documents before and after it are converted"


@pytest.mark.parametrize("case", ["a million empty hands", "three million numbers", "a key twice"])
def test_in_a_json_array_too(space: Workspace, case: str) -> None:
    hostile, message = CASES[case]()
    data = ("[\n" + json.dumps(good(), indent=1) + ",\n" + hostile + "\n]\n").encode()
    line = data.decode().split("\n").index(hostile) + 1
    path = space.file(data, ".json")
    r = run(["convert", str(path), "--from", "json", "--to", "jsonl"])
    assert_sound(r, data)
    assert r.status == 2 and re.search(message, r.err), r.err[-1500:]
    assert f"{path}:{line}:" in r.err, f"line {line}: {r.err[-500:]}"


def test_one_bad_line_among_good_json_lines(space: Workspace) -> None:
    lines = [json.dumps(good())] * 3 + ['{"format": "referee-record", "version": 3, "record": '] + [json.dumps(good())] * 3
    data = ("\n".join(lines) + "\n").encode()
    path = space.file(data, ".jsonl")
    r = run(["convert", str(path), "--from", "json", "--to", "text"])
    assert r.status == 2
    assert re.search(rf"error\[S012\]: not valid JSON: Expecting value\n  --> {re.escape(str(path))}:4:\d+", r.err), r.err
    assert r.out.count("hand 1") == 6


def test_the_place_in_a_long_pretty_printed_array_is_its_line_in_the_file(space: Workspace) -> None:
    bad = json.loads(_with(["record", "hands", 0, "calls", 0, "amount"], -5))
    text = json.dumps([good()] * 30 + [bad], indent=1)
    start = [i for i, line in enumerate(text.split("\n"), start=1) if line == " {"][30]
    path = space.file(text.encode(), ".json")
    r = run(["convert", str(path), "--from", "json", "--to", "jsonl"])
    assert r.status == 2 and f"{path}:{start}:" in r.err, r.err[-800:]
    assert len([line for line in r.out.split("\n") if line]) == 30


MEASURE = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _peak_kib(path: Path) -> int:
    """The largest resident size of one ``convert`` of ``path``, in a process of its own."""
    argv = [sys.executable, "-m", "referee", "convert", str(path), "--from", "json", "--to", "text"]
    r = subprocess.run([sys.executable, "-c", MEASURE, *argv], capture_output=True, text=True, timeout=900, cwd=ROOT)
    return int(r.stdout)


def test_memory_stays_bounded_on_a_million_element_array(space: Workspace, tmp_path: Path) -> None:
    """Before the guards, three million numbers peaked at 4.8 GB and a million empty hands at 1.5 GB."""
    small = tmp_path / "small.jsonl"
    small.write_text(json.dumps(good()) + "\n", encoding="utf-8")
    huge = tmp_path / "huge.json"
    huge.write_text("[" + CASES["a million empty hands"]()[0] + "]\n", encoding="utf-8")
    numbers = tmp_path / "numbers.jsonl"
    numbers.write_text(CASES["three million numbers"]()[0] + "\n", encoding="utf-8")
    base = _peak_kib(small)
    for path in (huge, numbers):
        assert _peak_kib(path) < base + 300_000, f"{path.name}: more than 300 MB over a one-hand file"


def test_the_tags_of_a_document_are_held_to_the_notation(space: Workspace) -> None:
    """A value outside a tag's set is S008 read back from JSON as from the text, so
    `convert --from json` and `check` of what it writes exit alike (found by the fuzz harness)."""
    document = json.loads(json.dumps(good()))
    tags = [t for t in document["record"]["tags"] if t["name"] != "Mode"]
    document["record"]["tags"] = [*tags, {"name": "Mode", "value": "tournament", "comments": [], "after": []}]
    data = (json.dumps(document) + "\n").encode()
    r = run(["convert", str(space.file(data, ".jsonl")), "--from", "json", "--to", "text"])
    assert_sound(r, data)
    text = r.out.encode()
    assert r.status == 2 and b'[Mode "tournament"]' in text
    assert run(["check", str(space.file(text, ".42"))]).status == 2
