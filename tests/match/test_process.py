"""The bot transport against real processes: the reference bot, and the misbehaving bot one
fault at a time, each detected as the right kind within a bounded time.

Every wait here is bounded by the transport's own deadlines (a start within 10 s, a decision
within its clock, a ping within its timeout, a close within a few seconds), so no test can
hang; the ``elapsed`` checks are generous guards against a wait that ignored its deadline,
not speed tests.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from referee.interchange.bot_protocol import Info, Ready
from referee.match.process import BotCommand, BotProcess, Fault, Reply
from referee.report.schemas import schema_for

from .script import bad_bot, bid_view, clock, deal, event, hello, play_view, random_bot

START_S = 10.0


@pytest.fixture
def log(tmp_path: Path) -> Path:
    return tmp_path / "bot.err"


@pytest.fixture
def lines() -> list[tuple[str, bytes]]:
    return []


def started(command: BotCommand, log: Path, lines: list[tuple[str, bytes]] | None = None) -> BotProcess:
    bot = BotProcess(command, log, journal=None if lines is None else (lambda way, data, _at: lines.append((way, data))))
    ready = bot.start(hello(), START_S)
    assert isinstance(ready, Ready), ready
    bot.tell(deal())
    bot.tell(event())
    return bot


@pytest.fixture
def closing() -> Iterator[list[BotProcess]]:
    """Bots to close whatever the test does."""
    bots: list[BotProcess] = []
    yield bots
    for bot in bots:
        bot.close()


def fault_of(
    fault: str, log: Path, closing: list[BotProcess], *extra: str, ms: int = 5000, margin: int = 50
) -> tuple[Fault | Reply, float]:
    bot = started(bad_bot(fault, *extra), log)
    closing.append(bot)
    t = time.monotonic()
    got = bot.ask("play", play_view(), clock(ms), margin)
    return got, time.monotonic() - t


# -- the reference bot ------------------------------------------------------------------------------


def test_the_reference_bot_plays_a_legal_tile_and_answers_pings(
    log: Path, lines: list[tuple[str, bytes]], closing: list[BotProcess]
) -> None:
    bot = started(random_bot(), log, lines)
    closing.append(bot)
    assert bot.ready is not None and bot.ready.name == "random"
    call = bot.ask("call", bid_view(), clock())
    assert isinstance(call, Reply) and call.value in bid_view().legal
    play = bot.ask("play", play_view(), clock())
    assert isinstance(play, Reply) and play.value in {"6-6", "6-4", "6-1"}
    rtt = bot.ping(2.0)
    assert isinstance(rtt, float) and rtt > 0
    assert bot.latencies.count == 2 and bot.stale == 0
    pid = bot.pid
    assert pid is not None and bot.running
    bot.close()
    assert not bot.running
    assert "seat N hand 1" in log.read_text(encoding="utf-8")  # its stderr went to the log
    # every line both ways is a line of the published protocol
    validator = jsonschema.Draft202012Validator(schema_for("bot"))
    ways = [way for way, _ in lines]
    assert ways.count("from") == 4 and ways[0] == "to"  # ready, two actions, a pong
    for _, data in lines:
        validator.validate(json.loads(data))


def test_the_reference_bot_is_seeded_by_hello(log: Path, closing: list[BotProcess]) -> None:
    answers = []
    for _ in range(2):
        bot = started(random_bot(), log)
        closing.append(bot)
        answers.append([bot.ask("call", bid_view(), clock()) for _ in range(5)])
        bot.close()
    assert [a.value for a in answers[0] if isinstance(a, Reply)] == [a.value for a in answers[1] if isinstance(a, Reply)]


# -- one fault at a time -----------------------------------------------------------------------------


@pytest.mark.parametrize("fault", ["illegal", "not-legal-list"])
def test_an_answer_off_the_legal_list_is_an_illegal_fault(fault: str, log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of(fault, log, closing)
    assert isinstance(got, Fault) and got.kind == "illegal", got
    assert "not among the 3 legal answers (6-6 6-4 6-1)" in got.detail
    assert got.line is not None and got.line.startswith('{"type": "action"')


def test_the_not_listed_answer_is_a_renege_from_the_bots_own_hand(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("not-legal-list", log, closing)
    assert isinstance(got, Fault) and "'5-5'" in got.detail  # held, but not a six


def test_garbage_is_a_protocol_fault(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("garbage", log, closing)
    assert isinstance(got, Fault) and got.kind == "protocol"
    assert got.detail.startswith("not JSON") and got.line == "this is not JSON {"


def test_an_id_never_sent_is_a_protocol_fault(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("wrong-id", log, closing)
    assert isinstance(got, Fault) and got.kind == "protocol"
    assert "never sent" in got.detail


def test_a_slow_answer_is_a_time_fault_with_its_overrun(log: Path, closing: list[BotProcess]) -> None:
    got, elapsed = fault_of("slow", log, closing, "--delay", "3", ms=200, margin=50)
    assert isinstance(got, Fault) and got.kind == "time"
    assert got.overrun_ms is not None and 50 <= got.overrun_ms < 2000
    assert "200 ms + 50 ms margin" in got.detail
    assert elapsed < 2.5  # the referee stopped waiting at its deadline, not when the bot answered


def test_an_answer_within_the_margin_is_in_time(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("slow", log, closing, "--delay", "0.2", ms=50, margin=2000)
    assert isinstance(got, Reply) and got.latency_ms >= 200


def test_a_crash_is_a_crash_fault_with_the_exit_status(log: Path, closing: list[BotProcess]) -> None:
    got, elapsed = fault_of("crash", log, closing)
    assert isinstance(got, Fault) and got.kind == "crash"
    assert got.detail == "exited with status 3"
    assert elapsed < 4
    closing[0].close()  # the log is whole once the bot is closed
    assert "crashing as asked" in log.read_text(encoding="utf-8")


def test_a_bot_that_exits_at_hello_never_starts(log: Path, closing: list[BotProcess]) -> None:
    bot = BotProcess(bad_bot("exit-on-hello"), log)
    closing.append(bot)
    got = bot.start(hello(), START_S)
    assert isinstance(got, Fault) and got.kind == "crash" and got.detail == "exited with status 0"


def test_a_bot_that_never_says_ready_times_out(log: Path, closing: list[BotProcess]) -> None:
    bot = BotProcess(BotCommand("mute", (sys.executable, "-c", "import time; time.sleep(30)")), log)
    closing.append(bot)
    t = time.monotonic()
    got = bot.start(hello(), 0.5)
    assert isinstance(got, Fault) and got.kind == "time" and got.detail == "no ready within 500 ms"
    assert time.monotonic() - t < 5


def test_a_bot_that_stops_reading_never_blocks_the_referee(log: Path, closing: list[BotProcess], monkeypatch: pytest.MonkeyPatch) -> None:
    """It reads nothing: what the pipe cannot take waits, up to a cap; past it the bot has stopped reading."""
    monkeypatch.setattr("referee.match.pipes.PENDING_CAP", 100_000)
    bot = BotProcess(BotCommand("mute", (sys.executable, "-c", "import time; time.sleep(30)")), log)
    closing.append(bot)
    assert isinstance(bot.start(hello(), 0.2), Fault)
    t = time.monotonic()
    for _ in range(600):  # 288 KB: more than the pipe holds (64 KB) and the cap
        bot.tell(play_view())
    got = bot.ask("play", play_view(), clock())
    assert isinstance(got, Fault) and got.kind == "crash"
    assert got.detail.startswith("stopped reading its input (it left ") and got.detail.endswith(" bytes unread)")
    bot.close()
    assert time.monotonic() - t < 8


def test_a_bot_starts_in_its_directory_with_its_environment(log: Path, tmp_path: Path, closing: list[BotProcess]) -> None:
    """The argv is run as given (no shell: the ``$HOME`` stays as written), in ``cwd``, with ``env`` added."""
    script = "import json, os, sys; print(json.dumps({'type': 'ready', 'name': os.environ['BOT_NAME'], 'version': os.path.basename(os.getcwd()), 'author': sys.argv[1]}), flush=True); sys.stdin.readline(); sys.stdin.readline()"
    place = tmp_path / "botdir"
    place.mkdir()
    bot = BotProcess(BotCommand("env", (sys.executable, "-c", script, "$HOME"), cwd=place, env={"BOT_NAME": "from-env"}), log)
    closing.append(bot)
    ready = bot.start(hello(), START_S)
    assert ready == Ready(type="ready", name="from-env", version="botdir", author="$HOME")


def test_a_missing_program_is_a_fault_not_an_exception(log: Path) -> None:
    bot = BotProcess(BotCommand("ghost", ("/nonexistent/bot",)), log)
    got = bot.start(hello(), 1.0)
    assert isinstance(got, Fault) and got.kind == "crash" and got.detail.startswith("could not be started")


def test_no_pong_is_a_stall(log: Path, closing: list[BotProcess]) -> None:
    bot = started(bad_bot("no-pong"), log)
    closing.append(bot)
    got = bot.ping(0.3)
    assert isinstance(got, Fault) and got.kind == "stall" and got.detail == "no pong within 300 ms"
    assert isinstance(bot.ask("play", play_view(), clock()), Reply)  # it still plays


def test_a_stderr_flood_blocks_neither_the_bot_nor_the_referee(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("stderr-flood", log, closing)
    assert isinstance(got, Reply)
    closing[0].close()
    assert log.stat().st_size >= 1 << 20


def test_stderr_past_the_cap_is_counted_and_dropped(log: Path, closing: list[BotProcess]) -> None:
    bot = BotProcess(bad_bot("stderr-flood"), log, stderr_cap=10_000)
    closing.append(bot)
    assert isinstance(bot.start(hello(), START_S), Ready)
    assert isinstance(bot.ask("play", play_view(), clock()), Reply)
    bot.close()
    text = log.read_text(encoding="utf-8")
    assert text.count("e") >= 9_000 and len(text) < 11_000
    assert "[referee: 1,038,576 more bytes of stderr dropped past the cap of 10,000]" in text


def test_a_late_reply_is_stale_ignored_and_counted(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("late-stale-reply", log, closing, "--delay", "0.4", ms=100, margin=0)
    assert isinstance(got, Fault) and got.kind == "time"
    bot = closing[0]
    time.sleep(0.5)  # the late answer is on its way
    again = bot.ask("play", play_view(), clock())
    assert isinstance(again, Reply)
    assert bot.stale == 1


def test_an_oversize_line_is_a_protocol_fault_and_the_rest_is_skipped(log: Path, closing: list[BotProcess]) -> None:
    got, _ = fault_of("oversize", log, closing)
    assert isinstance(got, Fault) and got.kind == "protocol" and "over the limit of 65,536 bytes" in got.detail
    assert got.line is not None and len(got.line) < 200
    assert isinstance(closing[0].ask("play", play_view(), clock()), Reply)  # the stream is in step again


def test_infos_are_counted_and_handed_on(log: Path, closing: list[BotProcess]) -> None:
    bot = BotProcess(bad_bot("spawn"), log)
    closing.append(bot)
    seen: list[Info] = []
    bot.on_info = seen.append
    assert isinstance(bot.start(hello(), START_S), Ready)
    assert bot.infos == 1 and seen[0].text.startswith("child ")


# -- life and death ----------------------------------------------------------------------------------


def _gone(pid: int) -> bool:
    """The process ``pid`` no longer runs (absent, or a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_closing_a_bot_kills_its_children(log: Path, closing: list[BotProcess]) -> None:
    bot = BotProcess(bad_bot("spawn"), log)
    closing.append(bot)
    seen: list[Info] = []
    bot.on_info = seen.append
    assert isinstance(bot.start(hello(), START_S), Ready)
    child = int(seen[0].text.split()[1])
    assert not _gone(child)
    bot.close()
    for _ in range(200):
        if _gone(child):
            break
        time.sleep(0.01)
    assert _gone(child)


def test_a_crashed_bot_restarts(log: Path, closing: list[BotProcess]) -> None:
    bot = BotProcess(bad_bot("crash"), log)
    closing.append(bot)
    assert isinstance(bot.start(hello(), START_S), Ready)
    first = bot.pid
    assert isinstance(bot.ask("play", play_view(), clock()), Fault)
    assert isinstance(bot.restart(hello(), START_S), Ready)
    assert bot.pid != first and bot.restarts == 1 and bot.running
    assert isinstance(bot.ping(2.0), float)


def test_close_is_bounded_for_a_bot_that_ignores_quit(log: Path) -> None:
    bot = BotProcess(
        BotCommand(
            "deaf", (sys.executable, "-c", 'import time, sys; print(\'{"type":"ready","name":"deaf"}\', flush=True); time.sleep(30)')
        ),
        log,
    )
    assert isinstance(bot.start(hello(), START_S), Ready)
    pid = bot.pid
    t = time.monotonic()
    bot.close(grace_s=0.1)
    assert time.monotonic() - t < 5
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_close_is_bounded_when_a_child_left_the_group_holding_stderr(log: Path) -> None:
    """A grandchild that calls setsid escapes the group kill and keeps the stderr pipe open (it
    exits by itself 3 s later): closing still returns, after the drain thread's bounded join."""
    escape = "import os, time; os.setsid(); time.sleep(3)"
    script = (
        "import json, subprocess, sys; "
        f"subprocess.Popen([sys.executable, '-c', {escape!r}]); "
        "print(json.dumps({'type': 'ready', 'name': 'leaky'}), flush=True); sys.stdin.readline(); sys.stdin.readline()"
    )
    bot = BotProcess(BotCommand("leaky", (sys.executable, "-c", script)), log)
    assert isinstance(bot.start(hello(), START_S), Ready)
    t = time.monotonic()
    bot.close()
    assert time.monotonic() - t < 6
    assert not bot.running
