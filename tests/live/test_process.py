"""``referee live`` as a process: line mode driven from a pipe, killed with SIGKILL after
a random entry (or while it answers one) and resumed with exactly the entries before
it, the game finished to a byte-identical file; the lock between processes; and the
interactive prompt in a pseudo-terminal, as pyte draws it.  Every wait has a timeout."""

from __future__ import annotations

import os
import pty
import queue
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import IO

import pyte
import pytest

from referee.engine.games import make_rules
from referee.live.entries import entries_of
from referee.live.table import Table
from referee.notation.record import GameRecord
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0
"""Seconds any one answer may take before the test fails (a process starts in well under one)."""


PYCACHE = Path(tempfile.gettempdir()) / f"referee-live-tests-pycache-{os.getuid()}"
"""Where the processes these tests start keep their compiled modules: a process that has
to compile every module first (``PYTHONDONTWRITEBYTECODE``, as some CI environments set)
spends about half its start on it, and the kill tests start a hundred."""


def _env(**extra: str) -> dict[str, str]:
    drop = ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env | extra


class Live:
    """``referee live`` in line mode, its answers read by a thread (so every read has a timeout)."""

    def __init__(self, path: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "referee", "live", str(path), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self) -> str:
        try:
            line = self.lines.get(timeout=WAIT)
        except queue.Empty:
            self.kill()
            raise AssertionError(f"no answer in {WAIT} s") from None
        assert line is not None, f"the process ended: {self.finish()}"
        return line

    def write(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def send(self, text: str) -> str:
        self.write(text)
        return self.line()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=WAIT)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()

    def finish(self) -> tuple[int, str]:
        """Close the input; the exit status and what was written to standard error."""
        assert self.proc.stdin is not None
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        code = self.proc.wait(timeout=WAIT)
        assert self.proc.stderr is not None
        return code, self.proc.stderr.read()


def a_game(seed: int) -> tuple[GameRecord, list[str]]:
    """A short simulated game of 42 (to 2 marks) without its deals, and its entries."""
    (record,) = list(simulate_games(make_rules("42", {"target": "2"}), 1, seed))
    blind = replace(record, hands=[replace(h, deal=None, kitty=None) for h in record.hands])
    return blind, [e.words for h in blind.hands for e in entries_of(h)]


def texts_after_each_entry(folder: Path, dealer: str, entries: list[str]) -> list[str]:
    """The file's text after 0, 1, 2... entries, entered in this process."""
    path = folder / "reference.42"
    with Table.open(path, dealer=dealer, options={"target": "2"}) as table:
        texts = [path.read_text(encoding="utf-8")]
        for entry in entries:
            assert table.enter(entry).ok
            texts.append(path.read_text(encoding="utf-8"))
    return [t.replace("reference.42", "game.42") for t in texts]


def kill_and_resume(tmp_path: Path, seed: int, kills: int) -> None:
    record, entries = a_game(seed)
    dealer = record.hands[0].dealer
    assert dealer is not None
    texts = texts_after_each_entry(tmp_path, dealer, entries)
    assert texts[-1] == format_game(record)
    rng = random.Random(seed)
    points = sorted(rng.sample(range(1, len(entries)), min(kills, len(entries) - 1)))
    game = tmp_path / "game.42"
    live = Live(game, "--dealer", dealer, "--options", "target=2")
    assert live.line().startswith("new game in")
    k = 0
    while k < len(entries):
        if points and k == points[0]:
            points.pop(0)
            mid = rng.random() < 0.3
            if mid:  # killed while it answers an entry: that entry is kept or not, never half
                live.write(entries[k])
                time.sleep(rng.random() * 0.02)
                live.kill()
                assert game.read_text(encoding="utf-8") in (texts[k], texts[k + 1])
            else:  # killed after it answered: every entry answered is kept
                live.kill()
                assert game.read_text(encoding="utf-8") == texts[k]
            live = Live(game)
            banner = live.line()
            notes = []
            while banner.startswith("note: "):
                notes.append(banner)
                banner = live.line()
            assert banner.startswith("resuming"), banner
            now = game.read_text(encoding="utf-8")  # the journal may have held the entry the record had not yet
            if mid and now == texts[k + 1]:
                k += 1
            else:
                assert now == texts[k] and notes == []
            if k == len(entries):
                break
            continue
        answer = live.send(entries[k])
        assert answer.startswith("ok: "), answer
        k += 1
    code, err = live.finish()
    assert code == 0 and err == ""
    assert game.read_text(encoding="utf-8") == texts[-1] == format_game(record)


def _kill_folder(tmp_path: Path) -> Path:
    """Where the killed games are kept: in memory (``/dev/shm``) where the machine has it.
    SIGKILL ends the process, not the machine: what it wrote is in the page cache either
    way, so a file system in memory tests the same thing, without waiting on the disk for
    each of the fsyncs of a thousand entries."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="referee-kill-", dir=shm))
    return tmp_path


def kills_in_a_row(tmp_path: Path, seeds: range, kills: int, workers: int = 4) -> None:
    """``kills`` kills in each of the games of ``seeds``, the games played side by side
    (``workers`` at a time: a process starting is mostly waiting on the other core)."""
    import shutil
    from concurrent.futures import ThreadPoolExecutor

    folder = _kill_folder(tmp_path)
    try:
        places = [folder / f"game{seed}" for seed in seeds]
        for place in places:
            place.mkdir()
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for done in [pool.submit(kill_and_resume, place, seed, kills) for place, seed in zip(places, seeds, strict=True)]:
                done.result(timeout=10 * WAIT)
    finally:
        if folder != tmp_path:
            shutil.rmtree(folder, ignore_errors=True)


def test_a_hundred_kills_in_a_row(tmp_path: Path) -> None:
    """The issue's bar: a hundred SIGKILLs (ten games, ten kills each, after an answer or
    while the process answers), each resumed with exactly the entries before it, each
    game finished byte-identical to the same game entered without a kill."""
    kills_in_a_row(tmp_path, range(100, 110), kills=10)


@pytest.mark.slow
def test_three_hundred_more_kills(tmp_path: Path) -> None:
    kills_in_a_row(tmp_path, range(200, 230), kills=10)


def test_line_mode_answers_each_line(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    live = Live(game, "--dealer", "W", "--names", "N=Ann,E=Bob")
    assert live.line() == f"new game in {game} (Texas 42 to 7 marks): hand 1, N to bid"
    assert live.send("30") == "ok: bid N 30 | next: hand 1, E to bid"
    assert live.send("E 30").startswith("refused E202: E bid 30, which is not higher")
    assert live.send("") == "next: hand 1, E to bid"
    assert live.send("scroe") == "refused: `scroe` is not a command nor an entry | hint: did you mean `score`?"
    assert live.send("score") == "score NS 0 EW 0 (to 7 marks)"
    assert live.send("undo") == "undone: bid N 30 | next: hand 1, N to bid"
    assert live.send("quit") == f"saved {game}: hand 1, N to bid"
    assert live.finish() == (0, "")
    assert '[North "Ann"]' in game.read_text(encoding="utf-8")


def test_the_lock_holds_between_processes_and_dies_with_its_holder(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    first = Live(game, "--dealer", "W")
    assert first.line().startswith("new game")
    second = Live(game)
    code, err = second.finish()
    assert code == 2 and f"{game} is open in another `referee live` (process {first.proc.pid})" in err
    first.kill()  # SIGKILL: the lock file stays, but nobody holds it
    third = Live(game)
    assert third.line().startswith("resuming")
    assert third.finish()[0] == 0


@pytest.mark.parametrize("command", [["fmt"], ["fix"], ["tag", "--set", "Event=Club"]])
def test_fmt_fix_and_tag_leave_a_game_open_in_live_alone(tmp_path: Path, command: list[str]) -> None:
    """One lock for every writer of a record: a rewrite does not wait for a table (it may be
    open all evening) but says so and exits 2, and the table goes on writing its game."""
    game = tmp_path / "game.42"
    live = Live(game, "--dealer", "W")
    assert live.line().startswith("new game")
    assert live.send("30").startswith("ok: ")
    before = game.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "referee", *command[:1], str(game), *command[1:]],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=WAIT,
    )
    assert done.returncode == 2, done.stderr
    assert f"is open in `referee live` (process {live.proc.pid}); quit the game there first" in done.stderr
    assert game.read_bytes() == before
    assert live.send("pass").startswith("ok: "), "the table was not disturbed"
    assert live.finish() == (0, "")
    assert subprocess.run([sys.executable, "-m", "referee", "fmt", str(game)], env=_env(), timeout=WAIT).returncode == 0


def test_live_gives_way_to_a_rewrite_in_progress(tmp_path: Path) -> None:
    from referee.run.lock import RecordLock

    game = tmp_path / "game.42"
    with RecordLock.acquire(game, "tag"):
        code, err = Live(game, "--dealer", "W").finish()
    assert code == 2 and f"is being rewritten by `referee tag` (process {os.getpid()}); try again when it is done" in err
    assert not game.exists()
    live = Live(game, "--dealer", "W")
    assert live.line().startswith("new game")
    assert live.finish()[0] == 0


SHEETS = sorted((ROOT / "samples" / "legal").glob("*club-night.42"))


@pytest.mark.parametrize("sample", SHEETS, ids=[p.name for p in SHEETS])
def test_a_score_sheets_game_entered_line_by_line(tmp_path: Path, sample: Path) -> None:
    """``--detail hands``: a club night's first game, as its scorer would type it (calls,
    trump, how each hand went, the comments), from a pipe; every answer is `ok`, the file
    is valid and canonical after the game, and it scores as the sheet does."""
    from referee.live.entries import entries_of
    from referee.notation.reader import read_text

    (first, *_) = [r.record for r in read_text(sample.read_text(encoding="utf-8"), str(sample)) if r.record is not None]
    rules = (first.tag("Rules") or "42").lower()
    names = ",".join(f"{t.name}={t.value}" for t in first.tags if len(t.name) == 1 or t.name in ("North", "East", "South", "West"))
    game = tmp_path / "night.42"
    dealer = first.hands[0].dealer
    assert dealer is not None
    options = f"{first.tag('Options') or ''} target={(first.tag('Target') or '').split()[0]}".strip()
    live = Live(game, "--rules", rules, "--detail", "hands", "--dealer", dealer, "--names", names, "--options", options)
    assert live.line().startswith("new game in")
    number = 1
    for hand in first.hands:
        for entry in entries_of(hand, sheet=True):
            if entry.kind in ("result", "award", "score") and number != hand.number:
                continue  # the hand was scored by what was typed before: these are the referee's lines
            answer = live.send(entry.words)
            assert answer.startswith("ok: "), (entry.words, answer)
            found = re.search(r"next: hand (\d+)", answer)
            number = int(found.group(1)) if found else 0 if "next: the game is over" in answer else number
    assert live.finish() == (0, "")
    text = game.read_text(encoding="utf-8")
    assert f'[Winner "{first.tag("Winner")}"]' in text and "[Status" not in text
    checked = subprocess.run(
        [sys.executable, "-m", "referee", "check", str(game)], capture_output=True, text=True, env=_env(), timeout=WAIT
    )
    assert checked.returncode == 0 and " 0 errors, 0 warnings" in checked.stdout, checked.stdout
    assert subprocess.run([sys.executable, "-m", "referee", "fmt", "--check", str(game)], env=_env(), timeout=WAIT).returncode == 0
    (written,) = [r.record for r in read_text(text, str(game)) if r.record is not None]
    scores = [h.score.scores for h in first.hands if h.score is not None]
    assert [h.score.scores for h in written.hands if h.score is not None][-1] == scores[-1]


# -- the interactive prompt ----------------------------------------------------------------------

COLUMNS, LINES = 120, 60


class Terminal:
    """``referee live`` on a pseudo-terminal, its screen kept by pyte (which also answers
    the terminal's cursor-position queries, as a real terminal does)."""

    def __init__(self, path: Path, *args: str) -> None:
        import fcntl
        import struct
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        env = _env(TERM="xterm", COLUMNS=str(COLUMNS), LINES=str(LINES))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "referee", "live", str(path), *args], stdin=slave, stdout=slave, stderr=slave, env=env
        )
        os.close(slave)
        self.screen = _Screen(COLUMNS, LINES, self.master)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def pump(self, seconds: float) -> None:
        import select

        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.raw += data
                self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, pattern: str) -> str:
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            self.pump(0.1)
            if re.search(pattern, self.text()):
                return self.text()
        raise AssertionError(f"never shown: {pattern!r}\n{self.text()}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        code = self.proc.wait(timeout=WAIT)
        self.pump(0.2)
        os.close(self.master)
        return code


class _Screen(pyte.Screen):
    def __init__(self, columns: int, lines: int, master: int) -> None:
        super().__init__(columns, lines)
        self.master = master

    def write_process_input(self, data: str) -> None:
        os.write(self.master, data.encode())


def test_the_interactive_prompt(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    term = Terminal(game, "--dealer", "W")
    term.wait_for(r"hand 1, N to bid >")
    assert "new game in" in term.text() and "options for N: pass 30 31" in term.text()
    term.type("30\r")
    term.wait_for(r"recorded: bid N 30")
    term.type("E 30\r")
    screen = term.wait_for(r"refused E202: E bid 30, which is not higher")
    assert "hint" not in screen.split("refused E202", 1)[1].split("\n", 1)[0]
    term.type("pa\t")  # completion: pass
    term.wait_for(r"E to bid > pass")
    term.type("\r")
    term.wait_for(r"recorded: bid E pass")
    term.type("undoo\r")
    term.wait_for(r"did you mean `undo`\?")
    term.type("quit\r")
    assert term.close() == 0
    again = Terminal(game)
    again.wait_for(r"resuming .*game\.42 \(Texas 42 to 7 marks\): hand 1, S to bid")
    again.wait_for(r"hand 1, S to bid >")
    again.type("\x04")  # Ctrl-D: the end of input closes the game
    assert again.close() == 0
    assert "bid N 30, E pass" in game.read_text(encoding="utf-8")
