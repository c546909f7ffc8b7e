"""Outputs and races (issue 30, item 6): ``-O`` never writes onto an input, by any name;
two ``fmt``/``fix`` runs on one file keep both their changes; a change made meanwhile by
something else is never overwritten; and a kill at any moment of a writing command
leaves the old file or the new one.  Processes are real where the point is a race or a
kill, and every one has a timeout."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.cli.inplace import editing
from referee.run.lock import RecordLock
from referee.run.output import WriteError
from tests.properties.fuzzing import run

from .test_batch import simulated

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "samples" / "legal"
REFEREE = [sys.executable, "-m", "referee"]

# -- -O onto an input ---------------------------------------------------------------------------

WRITERS: dict[str, list[str]] = {
    "check": ["check", "{in}", "-O", "{out}", "--jobs", "1"],
    "score": ["score", "{in}", "--format", "csv", "-O", "{out}", "--jobs", "1"],
    "convert": ["convert", "{in}", "--to", "text", "-O", "{out}", "--jobs", "1"],
    "select": ["select", "{in}", "-O", "{out}"],
    "analyze": ["analyze", "{in}", "--hand", "1", "-O", "{out}", "--jobs", "1"],
    "show": ["show", "{in}", "--hand", "1", "-O", "{out}"],
    "report": ["report", "{in}", "-O", "{out}"],
}


def _args(template: list[str], given: Path, output: Path | str) -> list[str]:
    return [a.replace("{in}", str(given)).replace("{out}", str(output)) for a in template]


@pytest.mark.parametrize("how", ["same path", "another spelling", "hard link", "symbolic link"])
@pytest.mark.parametrize("command", list(WRITERS))
def test_dash_o_onto_an_input_is_refused_by_any_name(tmp_path: Path, command: str, how: str) -> None:
    given = tmp_path / ("game.html" if command == "report" else "game.42")  # report writes .html pages
    shutil.copy(LEGAL / "42-nello-made.42", given)
    before = given.read_bytes()
    output = {
        "same path": given,
        "another spelling": Path(f"{tmp_path}/./{given.name}"),
        "hard link": tmp_path / ("hard.html" if command == "report" else "hard.42"),
        "symbolic link": tmp_path / ("link.html" if command == "report" else "link.42"),
    }[how]
    if how == "hard link":
        os.link(given, output)
    elif how == "symbolic link":
        output.symlink_to(given)
    r = run(_args(WRITERS[command], given, f"{tmp_path}/./{given.name}" if how == "another spelling" else output))
    assert r.status == 2, (r.status, r.text)
    assert "that is the input" in r.err and "only fmt and fix rewrite their inputs" in r.err
    assert given.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({given.name, output.name})  # no page, no temporary file


def test_select_split_by_refuses_a_part_that_is_an_input(tmp_path: Path) -> None:
    clean = tmp_path / "league-clean.42"
    shutil.copy(LEGAL / "42-nello-made.42", clean)
    before = clean.read_bytes()
    r = run(["select", str(clean), "--split-by", "clean", "-O", str(tmp_path / "league.42")])
    assert r.status == 2 and "that is the input" in r.err
    assert clean.read_bytes() == before


def test_dash_o_through_a_symbolic_link_says_where_it_writes(tmp_path: Path) -> None:
    far = tmp_path / "elsewhere" / "out.jsonl"
    far.parent.mkdir()
    far.write_text("old\n", encoding="utf-8")
    link = tmp_path / "out.jsonl"
    link.symlink_to(far)
    r = run(["convert", str(LEGAL / "42-nello-made.42"), "--to", "jsonl", "-O", str(link), "--jobs", "1"])
    assert r.status == 0, r.text
    assert f"-O {link} is a symbolic link: writing {far}" in r.err
    assert link.is_symlink() and far.read_text(encoding="utf-8").startswith('{"format"')


def test_a_new_output_beside_the_inputs_is_written(tmp_path: Path) -> None:
    given = tmp_path / "game.42"
    shutil.copy(LEGAL / "42-nello-made.42", given)
    r = run(["convert", str(tmp_path), "--to", "text", "-O", str(tmp_path / "copy.42"), "--jobs", "1"])
    assert r.status == 0, r.text
    assert '[Rules "42"]' in (tmp_path / "copy.42").read_text(encoding="utf-8")


# -- fmt and fix on one file at once ---------------------------------------------------------------


def _needs_fmt_and_fix() -> str:
    """600 hands, each written non-canonically (fmt's work) and without its score line (fix's)."""
    text = simulated("42", 600)
    lines = (line.replace(" dealer ", "  dealer ", 1) if line.startswith("hand ") else line for line in text.split("\n"))
    return "\n".join(line for line in lines if not line.startswith("  score "))


def _referee(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*REFEREE, *map(str, args)], capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_fmt_and_fix_at_once_keep_both_changes(tmp_path: Path) -> None:
    """Without the lock the second rename undoes the first run's change; with it the file
    ends as the two runs made one after the other, whichever went first."""
    original = _needs_fmt_and_fix()
    serial = set()
    for first, second in (("fmt", "fix"), ("fix", "fmt")):
        one = tmp_path / f"{first}-{second}.42"
        one.write_text(original, encoding="utf-8")
        for command in (first, second):
            assert _referee(command, one).returncode == 0
        serial.add(one.read_text(encoding="utf-8"))
    assert original not in serial
    shared = tmp_path / "shared.42"
    shared.write_text(original, encoding="utf-8")
    procs = [
        subprocess.Popen([*REFEREE, c, str(shared)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for c in ("fmt", "fix")
    ]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    assert shared.read_text(encoding="utf-8") in serial


def test_a_second_editor_waits_and_then_edits_the_new_file(tmp_path: Path) -> None:
    """The lock is held here as a running ``fmt`` holds it; meanwhile the file is replaced
    (as that ``fmt`` would replace it); the waiting ``fmt`` then formats the new file."""
    target = tmp_path / "game.42"
    canonical = (LEGAL / "42-nello-made.42").read_text(encoding="utf-8")
    target.write_text(canonical.replace("\nhand 1", "\nhand  1", 1), encoding="utf-8")
    with RecordLock.acquire(target, "fmt"):
        proc = subprocess.Popen([*REFEREE, "fmt", str(target)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(2)
        assert proc.poll() is None, "fmt waits for the lock"
        replacement = tmp_path / "new.42"
        replacement.write_text(canonical.replace("\nhand 1", "\nhand   1", 1) + "\n", encoding="utf-8")
        os.replace(replacement, target)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert target.read_text(encoding="utf-8") == canonical, "the file as the other editor left it, then formatted"


def test_a_change_made_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    """An editor that takes no lock saves the file between the read and the rename."""
    target = tmp_path / "game.42"
    target.write_text("old\n", encoding="utf-8")
    with editing(str(target)) as edit:
        assert edit.data == b"old\n"
        time.sleep(0.01)
        target.write_text("saved by someone else\n", encoding="utf-8")
        with pytest.raises(WriteError, match="changed while it was being rewritten"):
            edit.replace("formatted\n")
    assert target.read_text(encoding="utf-8") == "saved by someone else\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.42"], "no temporary file is left"


def test_a_file_kept_locked_is_busy_after_the_wait(tmp_path: Path) -> None:
    target = tmp_path / "game.42"
    target.write_text("x\n", encoding="utf-8")
    with (  # another fix holds it
        RecordLock.acquire(target, "fix"),
        pytest.raises(WriteError, match="is being rewritten by `referee fix`"),
        editing(str(target), wait=0.2),
    ):
        pass
    with editing(str(target)) as edit:  # released: taken at once
        edit.replace("y\n")
    assert target.read_text(encoding="utf-8") == "y\n"


# -- a kill during the write ------------------------------------------------------------------------

KILLED: dict[str, list[str]] = {
    "convert -O": ["convert", "{in}", "--to", "jsonl", "-O", "{out}", "--jobs", "1"],
    "select -O": ["select", "{in}", "--to", "jsonl", "-O", "{out}"],
    "score -O": ["score", "{in}", "--format", "csv", "-O", "{out}", "--jobs", "1"],
    "check -O": ["check", "{in}", "--format", "json", "-O", "{out}", "--jobs", "1"],
    "simulate -O": ["simulate", "--games", "400", "-O", "{out}"],
    "report": ["report", "{in}", "-O", "{out}"],
}


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.42"
    path.write_text(simulated("42", 1500), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """For report, whose page of 1,500 hands takes long to build (it writes it in one go)."""
    path = tmp_path_factory.mktemp("small") / "small.42"
    path.write_text(simulated("42", 150), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", list(KILLED))
def test_a_kill_during_the_write_leaves_the_old_file(tmp_path: Path, big: Path, small: Path, command: str) -> None:
    output = tmp_path / ("out.html" if command == "report" else "out.txt")
    output.write_text("the old output\n", encoding="utf-8")
    proc = subprocess.Popen(
        [*REFEREE, *_args(KILLED[command], small if command == "report" else big, output)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    seen: list[str] = []
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        seen = [n for n in os.listdir(tmp_path) if n.startswith(f".{output.name}.")]
        if seen:
            proc.send_signal(signal.SIGKILL)  # as soon as the new text starts to be written
            break
        time.sleep(0.0005)
    proc.wait(timeout=60)
    after = output.read_text(encoding="utf-8")
    if proc.returncode == -signal.SIGKILL:
        assert after == "the old output\n"
    else:  # finished before it was seen writing (a page is written in one go): the new file, whole
        assert proc.returncode in (0, 1) and after.rstrip().endswith(("</html>", "}")) and command == "report", (proc.returncode, command)
