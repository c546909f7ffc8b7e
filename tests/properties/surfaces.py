"""Data in every output (issue 30, item 5): a record whose tags, player names and comments,
and whose file name, hold whatever text, checked through every output that carries them.

``outputs_hold`` writes the record twice, once with the given texts and once with plain
words in their place, runs each command on both (in this process, as the fuzz harness
does) and holds the hostile outputs to the benign ones:

- terminal text has no escape byte, C1 control or bidirectional control (the console is
  colourless here, so the program writes none), and the player names are shown as
  written (``escaping.visible``), not read as rich markup;
- the HTML page parses (``html.parser``) to the same element tree, has no script and
  keeps its Content-Security-Policy; the SVG parses (``xml.etree``) to the same tree;
- CSV has the same rows and as many cells in each as the header, and no cell starts
  like a formula unless it is a number;
- JSON parses, line by line, and carries the texts exactly.

The texts are only those the notation keeps as written (a tag value without a line
break, a comment without braces): ``record`` returns ``None`` for the others, which the
reader reads otherwise, so that nothing is compared that differs for a good reason.
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from referee.notation.reader import read_text
from referee.report.escaping import FORMULA_START, visible

from .fuzzing import Job, Run, Workspace, assert_sound, run_all

TAGS = ("Event", "Site", "North", "East", "South", "West")
NAMES = ("North", "East", "South", "West")


@dataclass(frozen=True)
class Texts:
    """What the record and its file name hold, in order of ``TAGS``, then the comment."""

    tags: tuple[str, ...]
    comment: str
    file: str


BENIGN = Texts(("Friday", "Hall", "Ann", "Bo", "Cy", "Di"), "a comment", "game")


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def record(texts: Texts) -> str | None:
    """The record, or None when the notation would not keep a text as written."""
    tags = " ".join(f"[{name} {_quoted(value)}]" for name, value in zip(TAGS, texts.tags, strict=True))
    text = (
        f"{tags}\n{{ {texts.comment} }}\n"
        "hand 1 dealer W\n"
        "  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"
        "       E 5-5 5-4 5-3 5-2 5-1 5-0 4-4\n"
        "       S 4-3 4-2 4-1 4-0 3-3 3-2 3-1\n"
        "       W 3-0 2-2 2-1 2-0 1-1 1-0 0-0\n"
        "  bid N 30, E pass, S pass, W pass\n"
        "  trump sixes\n"
        "  play N 6-6 E 5-5 S 4-3 W 3-0\n"
        "  claim\n"
        "  award NS 2\n"
    )
    (result,) = list(read_text(text, "x.42"))
    r = result.record
    if r is None or any(d.is_syntax for d in result.diagnostics):
        return None
    if [r.tag(name) for name in TAGS] != list(texts.tags):
        return None
    return text


def file_name_ok(name: str) -> bool:
    """A name this file system takes for one file of a directory."""
    return (
        bool(name)
        and "/" not in name
        and "\x00" not in name
        and name not in (".", "..")
        and len(name.encode("utf-8", "surrogatepass")) <= 200
    )


COMMANDS: dict[str, list[str]] = {
    "check": ["check", "{path}", "--jobs", "1"],
    "check json": ["check", "{path}", "--format", "json", "--jobs", "1"],
    "score": ["score", "{path}", "--jobs", "1"],
    "score json": ["score", "{path}", "--format", "json", "--jobs", "1"],
    "score csv": ["score", "{path}", "--format", "csv", "--jobs", "1"],
    "stats": ["stats", "{path}", "--jobs", "1"],
    "stats csv": ["stats", "{path}", "--format", "csv", "--jobs", "1"],
    "stats json": ["stats", "{path}", "--format", "json", "--jobs", "1"],
    "standings": ["standings", "{path}", "--jobs", "1"],
    "dups": ["dups", "{path}", "{path}"],
    "show": ["show", "{path}", "--hand", "1"],
    "show svg": ["show", "{path}", "--hand", "1", "--format", "svg"],
    "report": ["report", "{path}", "-O", "{out}/page.html"],
    "convert": ["convert", "{path}", "--to", "jsonl", "--jobs", "1"],
    "fmt --check": ["fmt", "--check", "{path}"],
}

TERMINAL_CONTROLS = re.compile("[\x1b\x80-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What no text output may carry from the data: ESC, C1 (CSI is one), bidirectional controls."""


def _write(space: Workspace, texts: Texts, text: str, which: str) -> tuple[Path, Path]:
    folder = space.dir / which
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    path = folder / f"{texts.file}.42"
    path.write_text(text, encoding="utf-8")
    return path, folder


def _runs(space: Workspace, texts: Texts, text: str, which: str) -> dict[str, Run]:
    path, folder = _write(space, texts, text, which)
    jobs: list[Job] = [([a.replace("{path}", str(path)).replace("{out}", str(folder)) for a in args], None) for args in COMMANDS.values()]
    runs = dict(zip(COMMANDS, run_all(jobs), strict=True))
    for r in runs.values():
        assert_sound(r, text.encode())
    runs["report"].out = (folder / "page.html").read_text(encoding="utf-8")
    return runs


_BENIGN: dict[Path, dict[str, Run]] = {}


def _benign(space: Workspace) -> dict[str, Run]:
    """The benign record's runs, once per workspace (they are the same every time)."""
    if space.dir not in _BENIGN:
        text = record(BENIGN)
        assert text is not None
        _BENIGN[space.dir] = _runs(space, BENIGN, text, "benign")
    return _BENIGN[space.dir]


class _Shape(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple[str, str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append(("start", tag, tuple(name for name, _ in attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append(("empty", tag, tuple(name for name, _ in attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("end", tag, ()))


def html_shape(page: str) -> list[tuple[str, str, tuple[str, ...]]]:
    parser = _Shape()
    parser.feed(page)
    parser.close()
    return parser.events


def svg_shape(svg: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.tag, tuple(sorted(e.attrib))) for e in ET.fromstring(svg).iter()]


def _csv(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    assert rows, "a header row"
    assert all(len(row) == len(rows[0]) for row in rows), [len(row) for row in rows]
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_START):
                float(cell)  # a number (a negative one): anything else would be a formula
    return rows


def outputs_hold(space: Workspace, texts: Texts) -> bool:
    """Every command on the record with ``texts`` and on the benign one; False (nothing
    checked) when the notation would not keep the texts as written."""
    text = record(texts)
    if text is None or not file_name_ok(f"{texts.file}.42"):
        return False
    hostile = _runs(space, texts, text, "hostile")
    benign = _benign(space)
    for name, r in hostile.items():
        assert r.status == benign[name].status, f"{name}: exit {r.status}, benign {benign[name].status}\n{r.text[-1500:]}"
        if name not in ("report", "show svg") and "json" not in name and "csv" not in name and name != "convert":
            assert not TERMINAL_CONTROLS.search(r.text), f"{name}: a control character reached the terminal:\n{r.text[-1500:]!r}"
    for name in ("stats",):  # names in a table cell: shown as written, not read as markup
        for player in (p.strip() for p in texts.tags[2:] if "\t" not in p.strip()):  # rich draws a tab as spaces
            assert visible(player) in hostile[name].out, f"{name}: {player!r} is not shown as written\n{hostile[name].out[-1500:]}"
    page = hostile["report"].out
    assert html_shape(page) == html_shape(benign["report"].out)
    assert "<script" not in page.lower().replace("&lt;script", "")
    assert 'http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;' in page
    assert svg_shape(hostile["show svg"].out) == svg_shape(benign["show svg"].out)
    assert len(_csv(hostile["score csv"].out)) == len(_csv(benign["score csv"].out)), "score csv: a row a hand and a game"
    _csv(hostile["stats csv"].out)  # a row a player: as many as the names differ
    for name in ("check json", "score json", "convert"):
        lines = [json.loads(line) for line in hostile[name].out.split("\n") if line]
        assert len(lines) == len([line for line in benign[name].out.split("\n") if line]), name
    stats = json.loads(hostile["stats json"].out)
    named = {p.strip() or seat for seat, p in zip("NESW", texts.tags[2:], strict=True)}  # an unnamed seat is shown as the seat
    assert {row["name"] for row in stats["rows"]} == named, "JSON carries the names (stripped, as names.py does)"
    (document,) = [json.loads(line) for line in hostile["convert"].out.split("\n") if line]
    tags = {t["name"]: t["value"] for t in document["record"]["tags"]}
    assert [tags[name] for name in TAGS] == list(texts.tags)
    return True
