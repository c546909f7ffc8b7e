"""Every example a user can copy works: each command in the ``Examples:`` of every
``--help``, and in the README and docs/, runs (in a folder holding the samples and
the files the examples name), and where the page shows its output, the output is
that.  The notation crib of ``check --help`` is a record that checks clean."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from referee.cli import app

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
HOUSE = '[profile]\nname = "friday-league"\nbase = "42"\n\n[options]\nnello = "on"\nall-pass = "forced"\n'
SKIP = re.compile(r"^(pip|pytest|git|python3? -m venv)\b|&& pytest")
"""Set-up lines of the README (installing the package, running the tests)."""


def _help(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    return result.output


def help_examples() -> list[tuple[str, str, str | None]]:
    """``(where, command, None)`` for each line of each ``Examples:`` block."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    out: list[tuple[str, str, str | None]] = []
    for name in group.commands:
        text = _help(name)
        block = text.split("Examples:\n", 1)[1].split("\n\n", 1)[0]
        out += [(f"referee {name} --help", line.strip(), None) for line in block.splitlines() if line.strip()]
    return out


def page_examples(page: Path) -> list[tuple[str, str, str | None]]:
    """``(where, command, expected output or None)`` for each command a page shows: a line
    ``$ command`` in a fenced block, with the lines after it as its output, or a line of
    a ```sh block."""
    out: list[tuple[str, str, str | None]] = []
    blocks = re.finditer(r"^```(\w*)\n(.*?)^```$", page.read_text(encoding="utf-8"), re.M | re.S)
    for m in blocks:
        lang, body = m.group(1), m.group(2)
        line = page.read_text(encoding="utf-8")[: m.start()].count("\n") + 2
        where = f"{page.relative_to(ROOT)}:{line}"
        if lang in ("", "console") and re.search(r"^\$ ", body, re.M):
            for part in re.split(r"^\$ ", body, flags=re.M)[1:]:
                command, _, expected = part.partition("\n")
                out.append((where, command, expected))
        elif lang == "sh":
            out += [(where, c, None) for c in body.splitlines() if c.strip() and not c.startswith("#") and not SKIP.search(c)]
        elif lang == "python":
            # as a user runs it: saved as a script (multiprocessing's spawn, as Dask's LocalCluster
            # uses it, starts its workers by importing the main module from its file)
            out.append((where, f"cat > example.py <<'PY'\n{body}PY\npython3 example.py", None))
    return out


EXAMPLES = help_examples() + [e for page in PAGES for e in page_examples(page)]


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A folder with the samples and every file the examples name, and ``referee`` on the PATH."""
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")  # the bots a match example plays
    for name, sample in [
        ("game.42", "42-game.42"),
        ("league.42", "42-game.42"),
        ("hands.42", "42-hand-log.42"),
        ("league.txt", "42-game.42"),
    ]:
        shutil.copy(ROOT / "samples" / "legal" / sample, tmp_path / name)
    (tmp_path / "league").mkdir()
    shutil.copy(ROOT / "samples" / "legal" / "42-game.42", tmp_path / "league" / "game.42")
    (tmp_path / "friday.toml").write_text(HOUSE, encoding="utf-8")
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    for name, line in [("referee", f'exec "{sys.executable}" -m referee "$@"'), ("python3", f'exec "{sys.executable}" "$@"')]:
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\n{line}\n", encoding="utf-8")
        script.chmod(0o755)
    run(tmp_path, "referee convert game.42 --to json > game.json")
    return tmp_path


def run(folder: Path, command: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "COLUMNS")}
    env |= {"PATH": f"{folder / '.bin'}{os.pathsep}{env.get('PATH', '')}", "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "dumb"}
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def matches(actual: list[str], expected: list[str]) -> bool:
    """Line by line; a line ``...`` in the page stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(actual[i:], expected[1:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(actual[1:], expected[1:])


@pytest.mark.parametrize(("where", "command", "expected"), EXAMPLES, ids=[f"{w}: {c.splitlines()[0][:60]}" for w, c, _ in EXAMPLES])
def test_every_example_runs(where: str, command: str, expected: str | None, club: Path) -> None:
    if ("--cluster" in command or "dask" in command) and importlib.util.find_spec("distributed") is None:
        pytest.skip("needs the dask extra (pip install 'referee42[dask]')")
    result = run(club, command)
    text = result.stdout + result.stderr
    assert "Traceback" not in text, text
    assert result.returncode in (0, 1, 2), text
    if "usage" not in where and result.returncode == 2:
        assert "error" in text  # a usage error says what is wrong
    if expected is not None:
        actual = [line.rstrip() for line in text.rstrip("\n").splitlines()]
        wanted = [line.rstrip() for line in expected.rstrip("\n").splitlines()]
        assert matches(actual, wanted), f"{where}: `{command}` prints\n{text}"


def test_the_examples_cover_every_command() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for name in group.commands:
        assert any(re.match(rf"(cat \S+ \| )?referee {name}\b", c) for w, c, _ in EXAMPLES if w.startswith("docs/cli.md")), name
        assert any(w == f"referee {name} --help" for w, _, _ in EXAMPLES), name


def test_docs_cli_md_lists_every_command() -> None:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = text.split("| command | what it does |", 1)[1].split("\n\n", 1)[0]
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    assert sorted(re.findall(r"^\| \[`([\w-]+)`\]\(#[\w-]+\)", table, re.M)) == sorted(group.commands)


def test_the_notation_crib_in_check_help_checks_clean(tmp_path: Path) -> None:
    text = _help("check")
    crib = textwrap.dedent(text.split("a whole hand of Texas 42:\n", 1)[1].split("\n\n", 1)[0]) + "\n"
    assert crib.startswith("[Rules") and "play N" in crib
    f = tmp_path / "crib.42"
    f.write_text(crib, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(f)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("1 game, 1 hand: 0 errors, 0 warnings")
