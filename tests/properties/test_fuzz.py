"""Fuzzing every reading command in this process (issue 12): random bytes, damaged records,
damaged JSON documents.  Whatever the input, no exception escapes, the exit status is the
worst diagnostic's, the commands agree on it, and time stays linear (``fuzzing.assert_sound``).

How much runs depends on the Hypothesis profile (``tests/conftest.py``): ``ci``, the
default, is sized to pass 50,000 command runs in a few minutes and is derandomized, so a
change is tested on the same inputs every time; ``long`` (``HYPOTHESIS_PROFILE=long pytest
-m fuzz``) runs 20 times as many, freshly random.  The count is printed at the end.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.mutations import EDITS, mutate

from .fuzzing import (
    JSON_COMMANDS,
    JUDGING,
    LEAGUE,
    SAMPLES,
    STDIN_COMMANDS,
    TEXT_COMMANDS,
    Job,
    Run,
    Workspace,
    assert_sound,
    count_input,
    json_check_status,
    run,
    run_all,
)
from .surfaces import TAGS, TERMINAL_CONTROLS, Texts, outputs_hold, record

pytestmark = pytest.mark.fuzz

PROFILE = settings.get_current_profile_name()
SCALE = {"long": 20, "dev": 0.05}.get(PROFILE, 1)


def examples(ci: int) -> settings:
    """Settings of one property: ``ci`` examples in CI, scaled for the other profiles."""
    return settings(
        max_examples=max(5, int(ci * SCALE)),
        deadline=None,
        derandomize=PROFILE != "long",
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    )


# -- the commands on one input ----------------------------------------------------------------


def all_commands(space: Workspace, data: bytes, surface: str, *, rewrite: bool = True) -> dict[str, Run]:
    """Every reading command on ``data`` (as a file, and on standard input), checked one by
    one, then against each other, counted under ``surface``.  Returns the runs by their arguments."""
    count_input(surface)
    path = space.file(data)
    jobs: list[Job] = [(space.args(t, path), None) for t in TEXT_COMMANDS] + [(t, data) for t in STDIN_COMMANDS]
    names = [" ".join(t) for t in TEXT_COMMANDS] + ["stdin " + " ".join(t) for t in STDIN_COMMANDS]
    runs = dict(zip(names, run_all(jobs), strict=True))
    met = {bug for r in runs.values() if (bug := assert_sound(r, data)) is not None}
    if met:  # a known reader bug: the statuses below mean nothing for this input
        return runs
    status = json_check_status(runs["check --format json"])
    for name, r in runs.items():
        command = name.split()[0]
        if command in JUDGING:
            assert r.status == status, f"{name}: exit {r.status}, check says {status}\n{r.text[-1500:]}"
        elif command == "dups":
            # dups reads and hashes, it does not judge: what only the replay finds wrong (an
            # option the profile lacks, a seat the game lacks) is not its to report, but what
            # it cannot read it must, and it never calls unreadable what check reads
            assert r.status != 2 or status == 2, f"{name}: exit {r.status}, check says {status}\n{r.text[-1500:]}"
        elif command == "fmt" or command in LEAGUE:
            assert (r.status == 2) == (status == 2), f"{name}: exit {r.status}, check says {status}\n{r.text[-1500:]}"
        elif command == "report":
            assert r.status == status, f"{name}: exit {r.status}, check says {status}\n{r.text[-1500:]}"
    for name, r in runs.items():  # what is written for people shows the input's control characters escaped
        people = r.text if name in FOR_PEOPLE else r.err
        assert not TERMINAL_CONTROLS.search(people), f"{name}: a control character of the input reached the terminal:\n{people[-1500:]!r}"
    stdin = runs["stdin check - --format json"]
    # standard input is read as bytes, like a file (U3 and H4 of the review are fixed)
    assert json_check_status(stdin) == status, f"{name}: standard input says {stdin.status}, the file {status}"
    if rewrite:
        _rewrite(space, path, data, status)
    return runs


FOR_PEOPLE = {"check", "score", "show", "show --hand 1 --trick 3", "standings", "fmt --check"}
"""The runs whose standard output is text for people; the others write data (JSON, CSV, the
notation, diffs), and all of them write for people on standard error."""


def _rewrite(space: Workspace, path: Path, data: bytes, status: int) -> None:
    """``fmt`` rewrites a file it can read and leaves one with a syntax error as it was; the
    rewritten file checks the same and is canonical."""
    r = run(["fmt", str(path)])
    assert_sound(r, data)
    if status == 2:
        assert r.status == 2 and path.read_bytes() == data
        return
    assert r.status == 0, r.text[-1500:]
    again = run(["check", str(path), "--format", "json", "--jobs", "1"])
    assert_sound(again, data)
    assert json_check_status(again) == status, f"the formatted file checks {again.status}, the original {status}"
    canonical = run(["fmt", "--check", str(path)])
    assert_sound(canonical, data)
    assert canonical.status == 0, canonical.text


@pytest.fixture(scope="module")
def space() -> Iterator[Workspace]:
    workspace = Workspace()
    yield workspace
    shutil.rmtree(workspace.dir, ignore_errors=True)


# -- random bytes -------------------------------------------------------------------------------

NOTATION = [*'0123456789-NESWABCDF /;{}[]"\n\t\r,.=>', "hand ", "deal ", "bid ", "trump ", "play ", "pass", "\u00a0", "é", "\x00"]

noise = st.one_of(
    st.binary(max_size=2000),
    st.lists(st.sampled_from(NOTATION), max_size=400).map(lambda parts: "".join(parts).encode("utf-8", "surrogatepass")),
)


@examples(ci=1250)  # 1,400 until issue 30: the hostile texts and JSON below took the 2,850 runs it gave up
@given(data=noise)
def test_fuzz_random_bytes(space: Workspace, data: bytes) -> None:
    all_commands(space, data, "random bytes", rewrite=False)


# -- damaged records ------------------------------------------------------------------------------


@cache
def sample_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in SAMPLES]


@cache
def sample_hands() -> list[str]:
    """Each hand of the samples on its own (with its game's header when it has one): small
    records, so that most examples are quick and damage lands in a hand."""
    out: list[str] = []
    for text in sample_texts():
        header, _, body = text.partition("\nhand ")
        if not body:
            continue
        head = "\n".join(line for line in header.split("\n") if line.startswith("["))
        for hand in ("hand " + body).split("\nhand ")[:4]:
            hand = hand if hand.startswith("hand ") else "hand " + hand
            out.append((head + "\n\n" if head else "") + hand + "\n")
    return out


FRAGMENTS = [
    "hand 1",
    "hand 2 dealer E",
    "  deal N ",
    "6-6",
    "6-4 5-5",
    "{",
    "}",
    "{ a comment }",
    "; a comment",
    '[Rules "88"]',
    '[Rules "moon"]',
    '[Mode "log"]',
    '[Options "nello=on"]',
    '[Target "250 points"]',
    "  bid N 30, E pass, S pass, W pass",
    "  bid D 70",
    "  trump follow me",
    "  trump nello",
    "  exchange 6-4 for 6-3",
    "  play N 6-6 E 5-5 S 4-4 W 3-3",
    " / ",
    "  claim N",
    "  result NS 30 made",
    "  award EW 2",
    "  score NS 1 EW 2",
    "99999999999999999999",
    "-1",
    "0",
    "\u200b",
    "\r",
    "\x0c",
]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """A sample (or one hand of one) with damage of the kinds the review used: characters,
    fragments of notation, whole lines, splices between samples, case and digits, bytes."""
    text = draw(st.sampled_from(sample_hands())) if draw(st.integers(0, 3)) else draw(st.sampled_from(sample_texts()))
    text = mutate(text, draw(EDITS))
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "fragment", "splice", "digits", "case"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap" and len(lines) > 1:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "fragment":
            where = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:where] + draw(st.sampled_from(FRAGMENTS)) + lines[i][where:]
        elif op == "splice":
            other = draw(st.sampled_from(sample_texts())).split("\n")
            start = draw(st.integers(0, len(other) - 1))
            lines[i:i] = other[start : start + draw(st.integers(1, 8))]
        elif op == "digits":
            lines[i] = "".join(str(draw(st.integers(0, 9))) if ch.isdigit() else ch for ch in lines[i])
        elif op == "case":
            lines[i] = lines[i].swapcase()
    text = "\n".join(lines)
    if draw(st.integers(0, 19)) == 0:  # now and then a bigger input: the time bound is linear in its size
        text = text * draw(st.integers(2, 40))
    data = text.encode("utf-8")
    if draw(st.integers(0, 29)) == 0:  # and raw bytes flipped, as the review did on 3% of inputs
        spot = draw(st.integers(0, max(0, len(data) - 1)))
        data = data[:spot] + bytes([draw(st.integers(0, 255))]) + data[spot + 1 :]
    return data


@examples(ci=2100)
@given(data=damaged())
def test_fuzz_damaged_records(space: Workspace, data: bytes) -> None:
    all_commands(space, data, "damaged records")


@examples(ci=40)
@given(sample=st.sampled_from(SAMPLES))
def test_fuzz_every_sample_as_written(space: Workspace, sample: Path) -> None:
    """The undamaged samples hold every feature of the notation; the property holds on them too."""
    all_commands(space, sample.read_bytes(), "samples as written")


# -- hostile texts in every output (issue 30, item 5) ---------------------------------------------

HOSTILE_PARTS = [
    "<script>alert(1)</script>",
    "<svg onload=x>",
    "]]>",
    "&amp;",
    "&#0;",
    '"',
    "'",
    "\\",
    "[b]",
    "[/]",
    "[/b]",
    "[green]",
    "[link=https://example.com]",
    ":smile:",
    "\x1b[31m",
    "\x1b]8;;x\x07",
    "\x1b[2J",
    "\x07",
    "\x08",
    "\x7f",
    "\x9b",
    "\x85",
    "\u202e",
    "\u2066",
    "\u200f",
    "\u2028",
    "\ufeff",
    "\u0301",
    "日本",
    "=",
    "+",
    "-",
    "@",
    "\t",
    '=HYPERLINK("x")',
    "-2+3",
    "Ann",
    " ",
]
"""Fragments each output reads as something: HTML, XML, rich markup and emoji codes,
terminal sequences, bidirectional controls, spreadsheet formulas."""


def _hostile(exclude: str) -> st.SearchStrategy[str]:
    characters = st.characters(exclude_categories=["Cs"], exclude_characters=exclude)
    parts = st.sampled_from([p for p in HOSTILE_PARTS if not any(c in p for c in exclude)])
    return st.lists(st.one_of(parts, st.text(characters, min_size=1, max_size=6)), min_size=1, max_size=6).map("".join)


IN_A_TAG = "\n\r\x00"
IN_A_COMMENT = "{}\x00"
IN_A_FILE_NAME = "/\x00"


@examples(ci=150)
@given(
    tags=st.tuples(*[_hostile(IN_A_TAG)] * len(TAGS)),
    comment=_hostile(IN_A_COMMENT),
    file=_hostile(IN_A_FILE_NAME).map(lambda name: name[:60]),
)
def test_fuzz_hostile_texts_change_no_output(space: Workspace, tags: tuple[str, ...], comment: str, file: str) -> None:
    """Arbitrary text in every tag, player name, comment and file name never changes an
    output's structure, nor reaches the terminal as control codes (``surfaces.outputs_hold``)."""
    texts = Texts(tags, comment, file)
    assume(record(texts) is not None)
    count_input("hostile tags, names, comments and file names")
    assert outputs_hold(space, texts)


# -- damaged JSON documents -----------------------------------------------------------------------


@cache
def documents() -> list[object]:
    """Every sample as ``convert --to jsonl`` writes it (the record and its verdict)."""
    space = Workspace()
    docs: list[object] = []
    for sample in SAMPLES:
        r = run(space.args(["convert", "--to", "jsonl"], sample))
        docs.extend(json.loads(line) for line in r.out.split("\n") if line)
    shutil.rmtree(space.dir, ignore_errors=True)
    assert len(docs) >= len(SAMPLES)
    return docs


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**20), 10**20),
        st.sampled_from([0, -1, 7, 99, 2**31, 2**63]),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        st.sampled_from(["N", "E", "Q", "6-6", "zz", "7-2", "follow-me", "suit", "doubles", "nello", "made", "set", "NS"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["seat", "tile", "amount", "suit", "kind"]), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node: object, here: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON value (keys and indexes from the root)."""
    out = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*here, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, (*here, i)))
    return out


@st.composite
def damaged_json(draw: st.DrawFn) -> bytes:
    """A document of a sample with values replaced, keys dropped, items duplicated; or its
    text damaged character by character; one to three documents per input."""
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        doc = json.loads(json.dumps(draw(st.sampled_from(documents()))))
        for _ in range(draw(st.integers(1, 4))):
            places = _paths(doc)
            place = draw(st.sampled_from(places[1:] or places))
            parent: object = doc
            for step in place[:-1]:
                parent = parent[step]  # type: ignore[index]
            last = place[-1] if place else None
            op = draw(st.sampled_from(["replace", "drop", "duplicate"]))
            if isinstance(parent, dict) and isinstance(last, str):
                if op == "drop":
                    del parent[last]
                else:
                    parent[last] = draw(JSON_VALUES)
            elif isinstance(parent, list) and isinstance(last, int):
                if op == "drop":
                    del parent[last]
                elif op == "duplicate":
                    parent.insert(last, parent[last])
                else:
                    parent[last] = draw(JSON_VALUES)
        parts.append(json.dumps(doc))
    text = "\n".join(parts) + "\n"
    if draw(st.integers(0, 4)) == 0:
        text = mutate(text, draw(EDITS))
    if draw(st.integers(0, 9)) == 0:
        text = "[" + ",".join(parts) + "]"
    return text.encode("utf-8", "surrogatepass")


@examples(ci=700)
@given(data=damaged_json())
def test_fuzz_damaged_json_documents(space: Workspace, data: bytes) -> None:
    count_input("damaged JSON documents")
    path = space.file(data, ".jsonl")
    runs = run_all([(space.args(template, path), None) for template in JSON_COMMANDS])
    if any(assert_sound(r, data) is not None for r in runs):
        return
    to_text, to_jsonl = runs
    assert to_text.status == to_jsonl.status
    if to_text.status == 0 and to_text.out.strip():
        # W1: what convert accepts without an error, it writes as notation that checks without one
        text = to_text.out.encode("utf-8")
        again = run(space.args(["check", "--format", "json"], space.file(text)))
        if assert_sound(again, text) is None:
            assert json_check_status(again) in (0, 1), again.out[-1500:]


# -- hostile JSON among good documents (issue 30, item 5) -----------------------------------------


@cache
def legal_documents() -> list[str]:
    """The documents of the legal samples, one JSON line each: read back without an error."""
    return [json.dumps(d) for d in documents() if "/legal/" in str(d["file"])]  # type: ignore[index]


_NUMBER = re.compile(r'(?<=": )-?\d+(?=[,}\]])')


@st.composite
def hostile_json(draw: st.DrawFn) -> tuple[bytes, int]:
    """JSON Lines of legal documents, one of them made hostile in one of the ways JSON
    readers differ on or that cost memory: a constant JSON has not (NaN, Infinity), a
    float out of range, a key written twice, an integer of more digits than the notation
    has, nesting too deep, an array of too many values.  Returns the input and the line
    of the hostile document."""
    lines = [draw(st.sampled_from(legal_documents())) for _ in range(draw(st.integers(1, 4)))]
    at = draw(st.integers(0, len(lines) - 1))
    line = lines[at]
    numbers = list(_NUMBER.finditer(line))
    spot = draw(st.sampled_from(numbers))
    kind = draw(st.sampled_from(["constant", "float", "key twice", "digits", "deep", "wide"]))
    if kind == "constant":
        value = draw(st.sampled_from(["NaN", "Infinity", "-Infinity"]))
    elif kind == "float":
        value = draw(st.sampled_from(["1e999", "-1e400", "1.5e309"]))
    elif kind == "digits":
        value = str(10 ** draw(st.integers(9, 4200)))
    elif kind == "deep":
        depth = draw(st.integers(65, 5000))
        value = "[" * depth + "]" * depth
    elif kind == "wide":
        value = "[" + ",".join(["0"] * draw(st.integers(500_001, 520_000))) + "]"
    if kind == "key twice":
        key = draw(st.sampled_from(re.findall(r'"(\w+)": ', line)))
        line = line.replace(f'"{key}": ', f'"{key}": 0, "{key}": ', 1)
    else:
        line = line[: spot.start()] + value + line[spot.end() :]
    lines[at] = line
    return ("\n".join(lines) + "\n").encode(), at + 1


@examples(ci=150)
@given(case=hostile_json())
def test_fuzz_hostile_json_documents(space: Workspace, case: tuple[bytes, int]) -> None:
    """Each hostile document is an S012 at its line, in bounded time; the others are converted."""
    data, line = case
    count_input("hostile JSON documents")
    path = space.file(data, ".jsonl")
    r = run(space.args(["convert", "--from", "json", "--to", "jsonl"], path))
    assert_sound(r, data)
    assert r.status == 2, r.text[-1500:]
    assert re.search(rf"error\[S012\]: .*\n  --> {re.escape(str(path))}:{line}:", r.err), r.err[-1500:]
    assert r.err.count("error[S012]") == 1, r.err[-1500:]
    assert len([out for out in r.out.split("\n") if out]) == data.count(b"\n") - 1


# -- the reader bugs the fuzzing found, each kept as a regression test ----------------------------

REPRODUCERS = {
    "U1": ("hand " + "9" * 5000 + " dealer N\n").encode(),
    "T2": ("[" * 100_000 + "]" * 100_000 + "\n").encode(),
    "T3": ('{"version": ' + "9" * 5000 + ', "record": {}}\n').encode(),
    "T4": b'{"record": {"hands": [{"calls": [{"seat": "N", "amount": 30, "suit": 99}]}]}}\n',
    "W1": b'{"record": {"hands": [{"calls": [{"seat":"N","amount":30},{"seat":"E"},{"seat":"S"},{"seat":"W"}], '
    b'"trump": {"kind":"doubles"}, "tricks": [{"plays": [{"seat":"N","tile":"zz"}]}]}]}}\n',
    "H4": b"hand 1 dealer N\n  deal N \xff\xfe\n",
}


@pytest.mark.parametrize("bug", list(REPRODUCERS))
def test_fuzz_reader_bug_stays_fixed(space: Workspace, bug: str) -> None:
    """U1 (huge numbers), T2 (deep JSON), T3 (huge JSON integer), T4 (impossible JSON
    values), W1 (JSON-only tiles written back as text) and H4 (undecodable standard input):
    each a clean diagnostic and exit 1 or 2, never an internal error."""
    data = REPRODUCERS[bug]
    count_input("known reader bugs")
    json_input = bug.startswith(("T", "W"))
    path = space.file(data, ".jsonl" if json_input else ".42")
    if json_input:
        runs = [run(space.args(t, path)) for t in JSON_COMMANDS]
        runs.append(run(space.args(["check", "--format", "json"], space.file(runs[0].out.encode()))))
    else:
        runs = [run(space.args(["check", "--format", "json"], path)), run(["check", "-", "--format", "json"], stdin=data)]
    for r in runs:
        assert r.escaped is None and r.status in (1, 2)
        assert "please report it" not in r.text and "internal error" not in r.text
    assert runs[-1].status == 2 or not json_input
