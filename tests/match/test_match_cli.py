"""``referee match``, ``referee bot`` and ``referee bot-check`` end to end, with real bot
processes: bots in two languages play and the records check clean; the same seed gives
byte-identical records at any concurrency; a match killed with SIGKILL and resumed equals one
never stopped; Moon seats a filler; three bots get ratings; faults and bots that cannot
start give their exit status; the JSON validates against its schema.

Every match here is bounded: a few pairs of a few hands, each decision within the match's
time control, and a subprocess run with a timeout.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.report.schemas import schema_for

from .test_table import leaks

pytestmark = pytest.mark.deadline(180)
"""Every test here drives games (or bot processes); none takes near this."""

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RANDOM = f"{PY} {ROOT / 'examples' / 'bots' / 'random_bot.py'}"
NODE = f"node {ROOT / 'examples' / 'bots' / 'random_bot.js'}"
BAD = f"{PY} {ROOT / 'tests' / 'bots' / 'bad_bot.py'}"
SPY = f"{PY} {ROOT / 'tests' / 'bots' / 'spy_bot.py'}"
QUICK = ("--max-hands", "4", "--decision", "2s")
"""Short games, for tests: what a game holds does not change what is tested."""


class Ran:
    def __init__(self, *args: str, stdin: str | None = None) -> None:
        result = CliRunner().invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": "200"}, input=stdin)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        self.code, self.out, self.err = result.exit_code, result.stdout, result.stderr

    def json(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.out.splitlines() if line.startswith("{")]


def match(*args: str) -> Ran:
    return Ran("match", *args)


def check_clean(path: Path) -> None:
    ran = Ran("check", "--format", "json", str(path))
    lines = ran.json()
    assert [d for d in lines if d["type"] == "diagnostic" and d["severity"] == "error"] == []
    assert ran.code == 0, ran.out


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_bots_in_two_languages_play_a_match_that_checks_clean(tmp_path: Path) -> None:
    records = tmp_path / "m.42"
    ran = match("-b", f"python={RANDOM}", "-b", f"node={NODE}", "--pairs", "3", "--seed", "5", "-O", str(records), "--format", "json")
    assert ran.code == 0, ran.err
    lines = ran.json()
    validator = jsonschema.Draft202012Validator(schema_for("match"))
    for line in lines:
        validator.validate(line)
    games, summary = lines[:-1], lines[-1]
    assert [g["type"] for g in games] == ["game"] * 6 and summary["type"] == "summary"
    assert summary["stopped"] == "completed" and summary["units_played"] == 3 and summary["exit"] == 0
    check_clean(records)
    text = records.read_text(encoding="utf-8")
    assert text.count('[North "python"]') == 3 and text.count('[North "node"]') == 3
    assert text.count('[Termination "normal"]') == 6


def test_the_same_seed_gives_the_same_records_at_any_concurrency(tmp_path: Path) -> None:
    out = {}
    for jobs in ("1", "2"):
        records = tmp_path / f"j{jobs}.42"
        ran = match(
            "-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "4", "--seed", "9", "-j", jobs, "-O", str(records), "-f", "json", *QUICK
        )
        assert ran.code == 0, ran.err
        out[jobs] = (records.read_bytes(), ran.out)
    assert out["1"] == out["2"]


def test_a_match_killed_and_resumed_equals_one_never_stopped(tmp_path: Path) -> None:
    args = ["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "6", "--seed", "4", "-f", "json", *QUICK]
    whole = tmp_path / "whole.42"
    assert match(*args, "-O", str(whole)).code == 0
    cut = tmp_path / "cut.42"
    journal = tmp_path / "cut.42.journal"
    proc = subprocess.Popen([PY, "-m", "referee", "match", *args, "-O", str(cut)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if journal.exists() and journal.read_text(encoding="utf-8").count('"type": "unit"') >= 2:
                break
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL  # killed while it played, not after it finished
    units = journal.read_text(encoding="utf-8").count('"type": "unit"')
    assert 2 <= units < 6
    assert match(*args, "-O", str(cut)).code == 2  # a match is there: it goes on only when asked
    resumed = match(*args, "-O", str(cut), "--resume")
    assert resumed.code == 0, resumed.err
    assert f"resuming after {units} pairs" in resumed.err
    assert cut.read_bytes() == whole.read_bytes()
    summary = resumed.json()[-1]
    assert summary["units_played"] == 6 and summary["games"] == 12
    again = match(*args, "-O", str(whole), "--resume")  # nothing left to play
    assert again.code == 0 and again.json()[-1]["units_played"] == 6


def test_every_message_to_a_bot_process_hides_the_other_seats_tiles(tmp_path: Path) -> None:
    heard = tmp_path / "heard"
    heard.mkdir()
    ran = match("-b", f"s1={SPY} --out {heard}", "-b", f"s2={SPY} --out {heard}", "--pairs", "2", "--seed", "2", *QUICK)
    assert ran.code == 0, ran.err
    files = sorted(heard.glob("heard-*.jsonl"))
    assert len(files) == 4  # one process a seat a bot takes: two each
    for path in files:
        messages = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert [m["type"] for m in messages].count("hello") == 4  # a hello before each game: both of each pair
        assert leaks(messages) == []


def test_moon_seats_a_filler_and_rotates_the_seats(tmp_path: Path) -> None:
    records = tmp_path / "moon.42"
    ran = match("-r", "moon", "-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "1", "--seed", "1", "-O", str(records), *QUICK)
    assert ran.code == 0, ran.err
    check_clean(records)
    text = records.read_text(encoding="utf-8")
    seatings = [tuple(line.split('"')[1] for line in text.splitlines() if line[1:3] in ("A ", "B ", "C "))[i : i + 3] for i in (0, 3, 6)]
    assert seatings == [("a", "b", "sensible-filler"), ("sensible-filler", "a", "b"), ("b", "sensible-filler", "a")]
    assert "Game 3 (1.3)" in ran.out


def test_three_bots_get_ratings_and_a_cross_table(tmp_path: Path) -> None:
    ran = match("-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "-b", f"c={RANDOM}", "--pairs", "1", "--seed", "3", "-f", "json", *QUICK)
    assert ran.code == 0, ran.err
    summary = ran.json()[-1]
    jsonschema.Draft202012Validator(schema_for("match")).validate(summary)
    assert [(p["a"], p["b"]) for p in summary["pairings"]] == [("a", "b"), ("a", "c"), ("b", "c")]
    assert {r["name"] for r in summary["ratings"]} == {"a", "b", "c"}
    assert summary["cross_table"]["a"]["b"][1] == 2
    text = match("-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "-b", f"c={RANDOM}", "--pairs", "1", "--seed", "3", *QUICK).out
    assert "Rank" in text and "95% interval" in text


def test_a_fault_exits_1_and_a_bot_that_cannot_start_exits_2(tmp_path: Path) -> None:
    faulty = match("-b", f"ok={RANDOM}", "-b", f"bad={BAD} --fault illegal", "--pairs", "1", "--seed", "1", *QUICK)
    assert faulty.code == 1
    assert "bad illegal" in faulty.out and "Faults: bad: illegal 2" in faulty.out
    gone = match("-b", f"ok={RANDOM}", "-b", f"bad={BAD} --fault exit-on-hello", "--pairs", "1", *QUICK)
    assert gone.code == 2
    assert "bot bad could not be started" in gone.err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-b", f"a={RANDOM}"], "two bots or more"),
        (["-b", f"a={RANDOM}", "-b", f"a={RANDOM}"], "two bots are named 'a'"),
        (["-b", "a", "-b", f"b={RANDOM}"], "write NAME=COMMAND"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--cluster", "local:2", "-j", "2"], "--concurrency N or --cluster, not both"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--cluster", "nowhere"], "is not a cluster"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--resume"], "--resume needs the records"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--games", "3"], "give a multiple of 2"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--tc", "fast"], "is not a time"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "-b", f"c={RANDOM}", "--sprt", "elo0=0 elo1=5"], "tests two bots"),
        (["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--sprt", "elo1=5"], "needs elo0= and elo1="),
    ],
)
def test_usage_errors_exit_2_and_say_what_is_wrong(args: list[str], said: str) -> None:
    ran = match(*args)
    assert ran.code == 2 and said in ran.err, ran.err


def test_log_keeps_every_message_with_its_time_and_the_bots_stderr(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    assert match("-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "1", "--seed", "1", "--log", str(logs), *QUICK).code == 0
    lines = [json.loads(line) for line in (logs / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {(e["way"], json.loads(e["line"])["type"]) for e in lines} >= {
        ("to", "hello"),
        ("from", "ready"),
        ("to", "request"),
        ("from", "action"),
    }
    assert [e["t"] for e in lines] == sorted(e["t"] for e in lines)
    assert {e["seat"] for e in lines} == {"N", "E", "S", "W"}
    errs = sorted(p.name for p in logs.glob("*.err"))
    assert errs == ["a.1.1.err", "a.1.2.err", "b.1.1.err", "b.1.2.err"]
    assert "seat N hand 1" in (logs / "a.1.1.err").read_text(encoding="utf-8")  # what random_bot.py writes to stderr


def test_results_file_holds_the_summary(tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    ran = match("-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "1", "--seed", "1", "--results", str(results), *QUICK)
    summary = json.loads(results.read_text(encoding="utf-8"))
    assert summary["type"] == "summary" and summary["units_played"] == 1
    assert "Results of a vs b:" in ran.out and "Elo:" in ran.out


def test_the_shipped_bot_speaks_the_protocol() -> None:
    hello = {"type": "hello", "protocol": "referee-bot/1", "game": "42", "options": {"nello": "on"}, "seat": "N", "seed": 3}
    view: dict[str, Any] = {
        "seat": "N", "hand": 1, "phase": "call", "dealer": "W", "turn": "N", "tiles": ["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "1-0"],
        "kitty": None, "laid_away": None, "exchanged": None, "calls": [], "bid": None, "declarer": None, "contract": None,
        "trump": None, "trump_by": None, "out": [], "trick": [], "tricks": [], "points": {"NS": 0, "EW": 0},
        "tricks_won": {"NS": 0, "EW": 0}, "tiles_left": {"N": 7, "E": 7, "S": 7, "W": 7}, "score": {"NS": 0, "EW": 0}, "void": {},
        "legal": ["pass", "30", "31", "84"],
    }  # fmt: skip
    lines = [
        hello,
        {"type": "ping", "id": 1},
        {"type": "request", "id": 2, "kind": "call", "legal": view["legal"], "view": view},
        {"type": "quit"},
    ]
    ran = Ran("bot", "sensible", stdin="".join(json.dumps(m) + "\n" for m in lines))
    answers = [json.loads(line) for line in ran.out.splitlines()]
    assert ran.code == 0
    assert [a["type"] for a in answers] == ["ready", "pong", "action"]
    assert answers[2]["id"] == 2 and answers[2]["value"] in view["legal"]


def test_bot_check_passes_a_good_bot_and_names_what_a_bad_one_gets_wrong() -> None:
    good = Ran("bot-check", "--", *RANDOM.split())
    assert good.code == 0, good.out
    assert "9 of 9 checks passed" in good.out
    bad = Ran("bot-check", "--", *BAD.split(), "--fault", "garbage")
    assert bad.code == 1
    assert "ok    answers a ping with its id" in bad.out
    assert "FAIL  plays hands of Texas 42: hand 1, seat E: protocol: not JSON" in bad.out
    dead = Ran("bot-check", "--", *BAD.split(), "--fault", "exit-on-hello")
    assert dead.code == 1 and "FAIL  starts and says ready: crash: exited with status 0" in dead.out
    assert "0 of 1 checks passed; the others need a bot that starts" in dead.out


def test_the_match_leaves_no_bot_running(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    pids.mkdir()
    ran = match("-b", f"a={SPY} --out {pids}", "-b", f"b={RANDOM}", "--pairs", "1", "--seed", "1", *QUICK)
    assert ran.code == 0
    for path in pids.glob("heard-*.jsonl"):
        pid = int(path.stem.removeprefix("heard-"))
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_parts_writes_a_file_a_game_and_resumes_from_its_journal(tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    args = ["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "2", "--seed", "8", "--parts", str(parts), *QUICK]
    assert match(*args).code == 0
    names = sorted(p.name for p in parts.iterdir())
    assert names == ["game-00001.42", "game-00002.42", "game-00003.42", "game-00004.42", "match.journal"]
    check_clean(parts)
    before = {p.name: p.read_bytes() for p in parts.iterdir()}
    again = match(*args, "--resume")
    assert again.code == 0 and "resuming after 2 pairs (4 games)" in again.err
    assert {p.name: p.read_bytes() for p in parts.iterdir()} == before


@pytest.mark.dask
def test_a_dask_cluster_plays_the_same_match(tmp_path: Path) -> None:
    """--cluster local:2 and sync play the units on Dask (bots started in its workers) and write
    what --concurrency 1 writes, byte for byte."""
    pytest.importorskip("distributed")
    args = ["-b", f"a={RANDOM}", "-b", f"b={RANDOM}", "--pairs", "3", "--seed", "9", "-f", "json", *QUICK]
    out: dict[str, Any] = {}
    for how in ([], ["--cluster", "local:2"], ["--cluster", "sync"]):
        records = tmp_path / f"{len(out)}.42"
        ran = match(*args, *how, "-O", str(records))
        assert ran.code == 0, ran.err
        out[" ".join(how)] = (records.read_bytes(), ran.out)
    assert out["--cluster local:2"] == out[""] == out["--cluster sync"]


def test_the_shipped_bot_never_stops_on_a_bad_line() -> None:
    lines = ["garbage", "[1]", '{"type":"request","id":3,"kind":"call","legal":["pass"],"view":{}}', '{"type":"ping","id":4}']
    ran = Ran("bot", "random", stdin="\n".join(lines) + "\n")
    assert ran.code == 0
    assert [json.loads(line) for line in ran.out.splitlines()] == [{"type": "action", "id": 3, "value": "pass"}, {"type": "pong", "id": 4}]
    assert "random: cannot read garbage" in ran.err and "Traceback" not in ran.err


def test_bots_from_a_toml_file_with_their_folder_and_environment(tmp_path: Path) -> None:
    (tmp_path / "bots").mkdir()
    shutil.copy(ROOT / "examples" / "bots" / "random_bot.py", tmp_path / "bots" / "mine.py")
    (tmp_path / "bots.toml").write_text(
        f'[bots.mine]\ncommand = ["{PY}", "mine.py"]\ncwd = "bots"\nenv = {{ PYTHONIOENCODING = "utf-8" }}\n'
        f'[bots.theirs]\ncommand = "{RANDOM}"\n',
        encoding="utf-8",
    )
    ran = match("--bots", str(tmp_path / "bots.toml"), "--pairs", "1", "--seed", "2", *QUICK)
    assert ran.code == 0, ran.err
    assert "Results of mine vs theirs:" in ran.out
    (tmp_path / "bad.toml").write_text("[bots.x]\ncwd = 'here'\n", encoding="utf-8")
    bad = match("--bots", str(tmp_path / "bad.toml"))
    assert bad.code == 2 and "[bots.x] needs a command" in bad.err
