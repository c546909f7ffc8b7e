"""The public API: what ``import referee`` gives, and docs/api.md's examples run as
doctests (from the repository's root, where the samples are)."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_examples_of_api_md_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert tried >= 20
    assert failures == 0


def test_import_referee_gives_the_public_names() -> None:
    import referee

    for name in referee.__all__:
        assert getattr(referee, name) is not None, name
    assert callable(referee.judge) and callable(referee.read_records) and callable(referee.make_rules)
    with pytest.raises(AttributeError):
        _ = referee.no_such_name


def test_judge_is_callable_after_its_package_is_imported() -> None:
    """``referee.judge`` is the function, whatever of the ``referee.judging`` package is imported first."""
    code = (
        "import referee.judging.replay, referee.judging, referee\n"
        "r = next(referee.read_records('samples/legal/42-game.42')).record\n"
        "print(referee.judge(r).winner)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout.strip() == "NS", done.stderr


def test_import_referee_is_light() -> None:
    """``import referee`` loads none of the engine, the reader or pydantic until asked."""
    code = "import sys, referee; print(sorted(m for m in sys.modules if m.startswith(('referee.', 'pydantic', 'lark'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout.strip() == "[]", done.stdout


@pytest.mark.parametrize("args", [["--help"], ["--version"]])
def test_python_dash_m_referee_runs_the_command_line(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0
    assert ("Usage" in done.stdout) if args == ["--help"] else done.stdout.startswith("referee ")


def test_the_package_ships_its_type_information() -> None:
    assert (ROOT / "referee" / "py.typed").is_file()
