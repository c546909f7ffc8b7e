"""Faults around the input and the output (reliability review D1, T6, T7, T8, W2), each in a
real process: a kill during ``fmt``'s write, a full disk, a closed pipe, files a user may
not read or write.  None of them may print a traceback; each has its words and exit status."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import pytest

from referee.run.output import WriteError, atomic_write, write_text

from .test_batch import simulated

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "samples" / "legal"
BROKEN = ROOT / "samples" / "broken"
REFEREE = [sys.executable, "-m", "referee"]


def referee(*args: str | Path, prefix: list[str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*(prefix or []), *REFEREE, *map(str, args)], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr[-2000:]


def non_canonical(text: str) -> str:
    """``text`` with a second space after each ``hand N``, which ``fmt`` takes out."""
    return "\n".join(line.replace(" dealer ", "  dealer ", 1) if line.startswith("hand ") else line for line in text.split("\n"))


# -- D1: fmt killed during its write ------------------------------------------------------------


def test_d1_fmt_killed_during_its_write_leaves_the_original_intact(tmp_path: Path) -> None:
    big = tmp_path / "big.42"
    before = non_canonical(simulated("42")).encode()
    assert len(before) > 800_000  # 2,000 hands
    big.write_bytes(before)
    big.chmod(0o640)
    proc = subprocess.Popen([*REFEREE, "fmt", str(big)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    temp: list[str] = []
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        temp = [n for n in os.listdir(tmp_path) if n.startswith(".big.42.")]
        if temp:
            proc.send_signal(signal.SIGKILL)  # as soon as the new text starts to be written
            break
        time.sleep(0.0005)
    proc.wait(timeout=60)
    assert temp, "fmt finished before its temporary file was seen: the kill did not happen during the write"
    assert proc.returncode == -signal.SIGKILL
    assert big.read_bytes() == before
    assert stat.S_IMODE(big.stat().st_mode) == 0o640
    # The killed run leaves its temporary file (nothing can remove it on SIGKILL); it is a
    # hidden *.tmp file that a directory search for *.42 does not pick up.  Run again, whole:
    result = referee("fmt", big)
    no_traceback(result)
    assert result.returncode == 0
    after = big.read_bytes()
    assert after != before and after == before.replace(b"  dealer ", b" dealer ")
    assert stat.S_IMODE(big.stat().st_mode) == 0o640, "the rewritten file keeps its mode"


def test_d1_fmt_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.42"
    real.write_text(non_canonical((LEGAL / "42-nello-made.42").read_text()), encoding="utf-8")
    link = tmp_path / "link.42"
    link.symlink_to(real)
    result = referee("fmt", link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and link.resolve() == real
    assert real.read_text(encoding="utf-8") == (LEGAL / "42-nello-made.42").read_text()


@pytest.mark.parametrize("fails", ["write", "fsync", "replace"])
def test_d1_a_failed_atomic_write_leaves_the_original_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    target = tmp_path / "out.42"
    target.write_text("the original\n", encoding="utf-8")

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    if fails == "write":  # the disk fills up after the first line
        fdopen = os.fdopen

        class Filling:
            def __init__(self, raw: TextIO) -> None:
                self.raw, self.written = raw, 0

            def write(self, text: str) -> int:
                self.written += 1
                if self.written > 1:
                    no_space()
                return self.raw.write(text)

            def __getattr__(self, name: str) -> Any:
                return getattr(self.raw, name)

        monkeypatch.setattr(os, "fdopen", lambda *a, **k: Filling(fdopen(*a, **k)))
    else:
        monkeypatch.setattr(os, fails, no_space)
    with pytest.raises(WriteError, match=r"cannot write .*out\.42: no space left on device"), atomic_write(target) as stream:
        stream.write("the beginning of the new text\n")
        stream.write("and its end\n")
    assert target.read_text(encoding="utf-8") == "the original\n"
    assert os.listdir(tmp_path) == ["out.42"]


def test_d1_an_exception_in_the_writers_block_is_not_called_a_write_error(tmp_path: Path) -> None:
    target = tmp_path / "out.42"
    with pytest.raises(KeyError), atomic_write(target) as stream:
        stream.write("half")
        raise KeyError("not about writing")
    assert not target.exists() and os.listdir(tmp_path) == []


def test_d1_a_new_file_gets_the_modes_open_would_give_it(tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        write_text(tmp_path / "new.42", "x\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.42").stat().st_mode) == 0o640


# -- T6: a full disk -------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [
        ["check", LEGAL / "42-game.42"],
        ["check", LEGAL / "42-game.42", "--format", "json"],
        ["score", LEGAL / "42-game.42", "--format", "csv"],
        ["convert", LEGAL / "42-game.42", "--to", "json"],
        ["show", LEGAL / "42-game.42", "--hand", "1"],
        ["simulate", "--games", "2"],
        ["schema"],
        ["rules"],
        ["--help"],
        ["--version"],
    ],
    ids=lambda a: " ".join(str(x).replace(str(LEGAL) + "/", "") for x in a),
)
def test_t6_standard_output_on_a_full_disk(args: list[str | Path]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([*REFEREE, *map(str, args)], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, cwd=ROOT)
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    assert result.stderr.strip().splitlines()[-1] == "error: cannot write to standard output: no space left on device"
    assert result.returncode == 2


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [
        ["convert", LEGAL / "42-game.42", "--to", "json"],
        ["simulate", "--games", "2"],
        ["schema"],
        ["show", LEGAL / "42-game.42", "--hand", "1"],
    ],
    ids=lambda a: str(a[0]),
)
def test_t6_dash_o_on_a_full_disk(args: list[str | Path]) -> None:
    result = referee(*args, "-O", "/dev/full")
    no_traceback(result)
    assert "error: cannot write /dev/full: no space left on device" in result.stderr
    assert result.returncode == 2


# -- W2: a reader that stops reading ---------------------------------------------------------


def _first_line_then_close(args: list[str | Path]) -> tuple[str, str, int]:
    """Run the command, read one line of its output and close the pipe, as ``| head -1`` does."""
    proc = subprocess.Popen([*REFEREE, *map(str, args)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    return first, err, proc.wait(timeout=300)


@pytest.fixture(scope="module")
def rule_errors_then_syntax(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A file with far more output than a pipe holds and only rule errors (status 1), then a
    file with a syntax error (status 2), so the pipe closes long before the worst is seen."""
    folder = tmp_path_factory.mktemp("w2")
    many = folder / "a-many-reneges.42"
    many.write_text("\n".join([(BROKEN / "42-renege.42").read_text(encoding="utf-8")] * 400), encoding="utf-8")
    syntax = folder / "b-syntax.42"
    syntax.write_text((BROKEN / "syntax-bad-tile.42").read_text(encoding="utf-8"), encoding="utf-8")
    return [many, syntax]


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "json"], ["score", "--format", "json"], ["convert"]], ids=" ".join)
def test_w2_a_closed_pipe_is_a_quiet_exit_with_the_status_the_input_deserves(rule_errors_then_syntax: list[Path], args: list[str]) -> None:
    first, err, status = _first_line_then_close([*args, *rule_errors_then_syntax, "--jobs", "1"])
    assert first
    assert "Traceback" not in err and "error: " not in err, err  # score and convert print syntax errors there, nothing else
    if args[0] == "check":
        assert err == ""
    assert status == 2, "the second file has a syntax error"


def test_w2_without_a_syntax_error_the_status_stays_1(rule_errors_then_syntax: list[Path]) -> None:
    first, err, status = _first_line_then_close(["check", rule_errors_then_syntax[0], "--jobs", "1"])
    assert first.startswith("error[E404]")
    assert (err, status) == ("", 1)


def test_w2_samples_through_head(tmp_path: Path) -> None:
    """The review's reproducer, through a real shell pipe: ``referee check samples/ | head -1``."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("needs bash for PIPESTATUS")
    cmd = f"{' '.join(REFEREE)} check samples/ | head -1; echo status ${{PIPESTATUS[0]}}"
    result = subprocess.run([bash, "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.stdout.splitlines()[-1] == "status 2"
    assert result.stderr == ""


# -- T7, T8: files the user may not read or write -----------------------------------------------


def _unprivileged() -> list[str]:
    """How to run a command as a user the file modes apply to (root ignores them)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be tested")
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@pytest.fixture
def shared(tmp_path: Path) -> Iterator[Path]:
    """A directory the unprivileged user can reach (pytest's own tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="referee-perm-"))
    folder.chmod(0o777)
    try:
        yield folder
    finally:
        for path in folder.iterdir():
            path.chmod(0o644)
        shutil.rmtree(folder)


def test_t7_an_unreadable_input_is_s015_and_the_other_files_are_read(shared: Path) -> None:
    prefix = _unprivileged()
    locked = shared / "locked.42"
    shutil.copy(LEGAL / "42-nello-made.42", locked)
    locked.chmod(0)
    result = referee("check", locked, LEGAL / "42-game.42", prefix=prefix)
    no_traceback(result)
    assert f"error[S014]: cannot read {locked}: permission denied" in result.stdout
    assert result.stdout.rstrip().endswith("2 files, 1 game, 10 hands: 1 error, 0 warnings")
    assert result.returncode == 2


@pytest.mark.parametrize("command", [["score", "--format", "csv"], ["convert", "--to", "jsonl"], ["fmt", "--check"], ["show"], ["report"]])
def test_t7_every_reading_command_says_it_cannot_read(shared: Path, command: list[str]) -> None:
    prefix = _unprivileged()
    locked = shared / "locked.42"
    shutil.copy(LEGAL / "42-nello-made.42", locked)
    locked.chmod(0)
    extra = ["-O", str(shared / "page.html")] if command == ["report"] else []
    result = referee(*command, locked, *extra, prefix=prefix)
    no_traceback(result)
    assert f"cannot read {locked}: permission denied" in result.stdout + result.stderr
    assert result.returncode == 2


def test_t8_fmt_on_a_read_only_file(shared: Path) -> None:
    prefix = _unprivileged()
    text = non_canonical((LEGAL / "42-nello-made.42").read_text(encoding="utf-8"))
    readonly, writable = shared / "readonly.42", shared / "writable.42"
    for path in (readonly, writable):
        path.write_text(text, encoding="utf-8")
        path.chmod(0o666)
        if prefix:
            os.chown(path, *_ids("nobody"))
    readonly.chmod(0o444)
    result = referee("fmt", readonly, writable, prefix=prefix)
    no_traceback(result)
    assert f"error: cannot write {readonly}: permission denied" in result.stderr
    assert f"{writable}: formatted" in result.stdout, "the other file is still formatted"
    assert result.returncode == 2
    assert readonly.read_text(encoding="utf-8") == text
    assert stat.S_IMODE(writable.stat().st_mode) == 0o666


def test_t8_fmt_in_a_read_only_directory(shared: Path) -> None:
    prefix = _unprivileged()
    text = non_canonical((LEGAL / "42-nello-made.42").read_text(encoding="utf-8"))
    inside = shared / "file.42"
    inside.write_text(text, encoding="utf-8")
    inside.chmod(0o666)
    shared.chmod(0o755 if prefix else 0o555)  # root's directory: the unprivileged user may not add a file
    try:
        result = referee("fmt", inside, prefix=prefix)
    finally:
        shared.chmod(0o777)
    no_traceback(result)
    assert result.stderr.splitlines()[0] == f"error: cannot write {inside}: permission denied"
    assert result.stderr.splitlines()[-1] == "1 file: 0 formatted, 0 already canonical, 1 left as they were (errors above)"
    assert result.returncode == 2
    assert inside.read_text(encoding="utf-8") == text


def _ids(user: str) -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam(user)
    return entry.pw_uid, entry.pw_gid
