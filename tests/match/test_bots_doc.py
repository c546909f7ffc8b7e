"""docs/bots.md and the example bot stay true: the transcript is what the referee writes,
byte for byte, and what a bot may answer; the example needs nothing but the standard library."""

from __future__ import annotations

import ast
import json
import re
import shlex
import sys
from pathlib import Path

import jsonschema
import pytest
from pydantic import TypeAdapter
from typer.testing import CliRunner

from referee.cli import app
from referee.interchange.bot_protocol import BadLine, RefereeMessage, encode, parse_bot_line
from referee.report.schemas import schema_for

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "bots.md"
EXAMPLE = ROOT / "examples" / "bots" / "random_bot.py"


def _transcript() -> list[tuple[int, str]]:
    lines, inside = [], False
    for number, line in enumerate(PAGE.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() == "```referee-bot":
            inside = True
        elif inside and line.strip() == "```":
            inside = False
        elif inside:
            lines.append((number, line))
    return lines


def test_the_transcript_is_what_the_referee_writes_and_a_bot_may_answer() -> None:
    lines = _transcript()
    assert len(lines) > 20
    validator = jsonschema.Draft202012Validator(schema_for("bot"))
    read = TypeAdapter(RefereeMessage)
    ways = set()
    for number, line in lines:
        if line.startswith("#"):
            continue
        way, _, text = line.partition(" ")
        ways.add(way)
        validator.validate(json.loads(text))
        if way == "→":
            message = read.validate_json(text)
            assert encode(message).decode() == text + "\n", f"bots.md:{number}: not as the referee writes it"
        else:
            assert way == "←", f"bots.md:{number}: a line starts with → or ←"
            assert not isinstance(parse_bot_line(text.encode()), BadLine | None), f"bots.md:{number}"
    assert ways == {"→", "←"}


def test_the_example_bot_is_small_and_needs_only_the_standard_library() -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 45
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= sys.stdlib_module_names


def test_the_match_example_of_cli_md_prints_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/cli.md's `referee match` example, run as written (its bots' `python3` and `referee`
    are this Python's), prints exactly the lines the page shows."""
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    block = page.split("```console\n$ referee match ", 1)[1].split("```", 1)[0]
    command, shown = block.split("\n", 1)
    args = shlex.split(command)
    for i, arg in enumerate(args):
        name, eq, bot = arg.partition("=")
        if eq and args[i - 1] == "--bot":
            bot = re.sub(r"^python3 ", f"{sys.executable} ", bot)
            args[i] = f"{name}={re.sub(r'^referee ', f'{sys.executable} -m referee ', bot)}"
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["match", *args], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert result.stdout == shown
