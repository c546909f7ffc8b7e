"""One regression test per failure the notation rewrite (issue 10) was filed for, run
as a user runs them: the real command in a child process, with real pipes, FIFOs and
process substitution.

Each test is named for the failure it guards against: ``fmt`` on a log, the trailing
comment, written hand numbers, several files converted into one, unknown tags, every
standard-input case, FIFOs, process substitution, skipped files, and canonical
samples (the docs' examples are held canonical by ``test_docs.py``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "samples" / "legal"
SHORTHAND = ROOT / "samples" / "shorthand"
REFEREE = [sys.executable, "-m", "referee"]


def referee(*args: str | Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    result = subprocess.run([*REFEREE, *map(str, args)], input=stdin, capture_output=True, timeout=120, cwd=ROOT)
    assert b"Traceback" not in result.stderr + result.stdout, result.stderr.decode()[-2000:]
    return result


def out(result: subprocess.CompletedProcess[bytes]) -> str:
    return result.stdout.decode("utf-8")


def err(result: subprocess.CompletedProcess[bytes]) -> str:
    return result.stderr.decode("utf-8")


# -- the writer keeps what was written ----------------------------------------------------------


def test_fmt_on_a_log_keeps_one_header() -> None:
    """`fmt` and `convert --to text` copied a log's header before every hand."""
    log = LEGAL / "42-points-log.42"
    assert referee("fmt", "--diff", log).stdout == b""
    for command in (["fmt", "-"], ["convert", "-", "--to", "text"]):
        text = out(referee(*command, stdin=(SHORTHAND / "42-points-log.42").read_bytes()))
        headers = [line for line in text.splitlines() if line.startswith("[")]
        assert headers == ['[Event "Points practice"]', '[Rules "42"]', '[Options "scoring=points"]', '[Mode "log"]']
        assert text == log.read_text(encoding="utf-8")


TRICK_COMMENT = """[Rules "42"]

hand 1 dealer W
  deal N 5-5 6-6 6-5 6-4 6-3 6-2 6-1
       E 5-3 5-2 5-1 4-4 4-3 4-2 4-1
       S 5-4 3-3 3-2 3-1 3-0 2-2 2-1
       W 5-0 6-0 4-0 2-0 1-1 1-0 0-0
  bid N 30, E pass, S pass, W pass
  trump sixes
  play N 6-6 E 4-4 S 3-3 W 1-1 ; N pulls a trump
       N 5-5 E 5-3 S 5-4 W 5-0 => N ; N's double takes the counters
       N 6-5 E 5-2 S 3-2 W 6-0
"""


def test_an_end_of_line_comment_stays_on_its_items_line() -> None:
    """A comment after a trick came back under the next trick, describing the wrong one."""
    text = out(referee("fmt", "-", stdin=TRICK_COMMENT.encode()))
    assert "  play N 6-6 E 4-4 S 3-3 W 1-1  ; N pulls a trump\n" in text
    assert "       N 5-5 E 5-3 S 5-4 W 5-0 => N  ; N's double takes the counters\n" in text
    assert "       W 6-0" not in text.split("counters")[0]


def test_written_hand_numbers_are_the_hands_reported() -> None:
    """`hand 2` of a hand log was reported as hand 1, and `show --hand 2` failed."""
    log = LEGAL / "42-hand-log.42"
    rows = out(referee("score", log, "--format", "csv")).splitlines()
    header = rows[0].split(",")
    hands = [row.split(",")[header.index("hand")] for row in rows[1:] if row.startswith("hand,")]
    assert hands == ["1", "2", "3", "4"]
    documents = [json.loads(line) for line in out(referee("convert", log, "--to", "jsonl")).splitlines()]
    assert [d["record"]["hands"][0]["number"] for d in documents] == [1, 2, 3, 4]
    shown = referee("show", log, "--hand", "2")
    assert shown.returncode == 0
    assert out(shown).startswith("Texas 42 · hand 2 · dealer E")
    missing = referee("show", log, "--hand", "9")
    assert missing.returncode == 2 and "has no hand numbered 9" in err(missing)


def test_several_files_to_one_text_keep_their_boundaries(tmp_path: Path) -> None:
    """A header-less log converted with a game before it merged into that game (E505)."""
    both = tmp_path / "l.json"
    assert referee("convert", LEGAL, "--to", "json", "-O", both).returncode == 0
    text = tmp_path / "rt.42"
    assert referee("convert", both, "--from", "json", "--to", "text", "-O", text).returncode == 0
    checked = referee("check", text)
    assert checked.returncode == 0, out(checked)
    assert "E505" not in out(checked)
    direct = out(referee("convert", LEGAL, "--to", "text"))
    assert text.read_text(encoding="utf-8") == direct
    apart = out(referee("check", LEGAL)).strip()  # "13 files, 3 games, 42 hands: ..."
    assert out(checked).strip() == "1 file, " + apart.split(", ", 1)[1]


def test_an_unknown_tag_is_a_warning_with_a_hint_and_is_kept() -> None:
    """Any unknown tag was a syntax error (S003, exit 2); PGN readers keep them."""
    text = (LEGAL / "42-nello-made.42").read_text(encoding="utf-8").replace('[Rules "42"]', '[Rules "42"]\n[Evnt "x"]\n[Table "7"]', 1)
    checked = referee("check", "-", stdin=text.encode())
    assert checked.returncode == 0
    assert "warning[S003]: unknown tag `Evnt`" in out(checked)
    assert "did you mean `Event`?" in out(checked)
    written = out(referee("fmt", "-", stdin=text.encode()))
    assert '[Evnt "x"]' in written


# -- standard input, pipes, FIFOs, process substitution ------------------------------------------


def test_fmt_check_on_standard_input() -> None:
    """`cat x | referee fmt --check -` printed nothing and exited 0."""
    untidy = (SHORTHAND / "42-game.42").read_bytes()
    result = referee("fmt", "--check", "-", stdin=untidy)
    assert result.returncode == 1 and "<stdin>: not canonical" in out(result)
    assert referee("fmt", "--check", "-", stdin=(LEGAL / "42-game.42").read_bytes()).returncode == 0
    diff = referee("fmt", "--diff", "-", stdin=untidy)
    assert diff.returncode == 1 and "+  bid W 30, N 32, E pass, S pass" in out(diff)
    assert out(referee("fmt", "-", stdin=untidy)) == (LEGAL / "42-game.42").read_text(encoding="utf-8")


def test_convert_from_json_on_standard_input() -> None:
    """`referee convert - --from json` ended in a FileNotFoundError traceback."""
    document = referee("convert", LEGAL / "moon-game.42", "--to", "jsonl").stdout
    result = referee("convert", "-", "--from", "json", "--to", "text", stdin=document)
    assert result.returncode == 0
    assert out(result) == (LEGAL / "moon-game.42").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (["check", "-"], "1 file, 1 game, 10 hands: 0 errors, 0 warnings"),
        (["score", "-"], "1 file, 1 game, 10 hands: 0 errors, 0 warnings"),
        (["show", "-", "--hand", "3"], "Texas 42 · hand 3"),
        (["convert", "-", "--to", "text"], '[Event "Thursday club night"]'),
    ],
)
def test_every_reading_command_takes_standard_input(args: list[str], expect: str) -> None:
    result = referee(*args, stdin=(LEGAL / "42-game.42").read_bytes())
    assert result.returncode == 0
    assert expect in out(result) + err(result)


def test_process_substitution() -> None:
    """`referee check <(cat x)` failed with "no such file"."""
    if shutil.which("bash") is None:
        pytest.skip("needs bash for <(...)")
    command = " ".join([*REFEREE, "check", f"<(cat {LEGAL / '42-game.42'})"])
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1 file, 1 game, 10 hands: 0 errors, 0 warnings"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("command", [["check"], ["score", "--format", "json"], ["fmt", "--check"], ["convert", "--to", "jsonl"]])
def test_a_fifo_is_read_like_a_file(tmp_path: Path, command: list[str]) -> None:
    """A FIFO can be read once and not seeked or stat-ed for its size: it reads as its file does."""
    fifo = tmp_path / "game.42"
    os.mkfifo(fifo)
    data = (LEGAL / "moon-game.42").read_bytes()

    def feed() -> None:
        with open(fifo, "wb") as f:
            f.write(data)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    from_fifo = referee(*command, fifo)
    writer.join(timeout=10)
    as_file = referee(*command, LEGAL / "moon-game.42")
    assert from_fifo.returncode == as_file.returncode == 0
    assert from_fifo.stdout.replace(str(fifo).encode(), b"F") == as_file.stdout.replace(str(LEGAL / "moon-game.42").encode(), b"F")


# -- directories ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["check"], ["score"], ["convert", "--to", "jsonl"], ["fmt", "--check"]])
def test_skipped_files_are_counted_and_named_with_verbose(tmp_path: Path, command: list[str]) -> None:
    """Files a directory holds that are not records are counted, and `--verbose` names them."""
    shutil.copy(LEGAL / "42-nello-made.42", tmp_path / "a.42")
    shutil.copy(LEGAL / "moon-game.42", tmp_path / "b.MOON")
    shutil.copy(LEGAL / "88-game.42", tmp_path / "c.88")
    (tmp_path / "notes.md").write_text("not a record\n", encoding="utf-8")
    (tmp_path / "game.txt").write_text("hand 1\n", encoding="utf-8")
    quiet = referee(*command, tmp_path)
    assert quiet.returncode == 0
    assert "3 files (2 skipped)" in out(quiet) + err(quiet)
    assert "skipped" not in err(quiet).replace("(2 skipped)", "")
    loud = referee(*command, tmp_path, "--verbose")
    named = re.findall(r"skipped (\S+): not a record file", err(loud))
    assert sorted(Path(n).name for n in named) == ["game.txt", "notes.md"]


def test_check_json_summary_counts_skipped_files(tmp_path: Path) -> None:
    shutil.copy(LEGAL / "42-nello-made.42", tmp_path / "a.42")
    (tmp_path / "notes.md").write_text("x\n", encoding="utf-8")
    lines = [json.loads(line) for line in out(referee("check", tmp_path, "--format", "json")).splitlines()]
    assert lines[-1]["type"] == "summary" and lines[-1]["files"] == 1 and lines[-1]["skipped"] == 1


# -- canonical samples and docs ------------------------------------------------------------------


def test_every_legal_sample_is_canonical() -> None:
    result = referee("fmt", "--check", LEGAL)
    assert result.returncode == 0, out(result)
    assert "0 not canonical" in err(result)


@pytest.mark.parametrize("name", sorted(p.name for p in SHORTHAND.glob("*.42")))
def test_fmt_makes_each_shorthand_sample_its_legal_twin(name: str) -> None:
    """The shorthand a table writes, made canonical, is byte for byte the legal sample."""
    assert referee("check", SHORTHAND / name).returncode == 0
    assert referee("fmt", "-", stdin=(SHORTHAND / name).read_bytes()).stdout == (LEGAL / name).read_bytes()


@pytest.mark.parametrize("space", ["\u00a0", "\x0b", "\u2003"])
def test_white_space_the_grammar_does_not_take_is_a_syntax_error(tmp_path: Path, space: str) -> None:
    """The reader split words at a no-break space (``str.split``), where the grammar does not:
    a hand the grammar rejects was judged as if it were written plainly."""
    text = (LEGAL / "42-game.42").read_text(encoding="utf-8")
    bad = re.sub(r"play ([NESW]) ", lambda m: f"play {m.group(1)}{space}", text, count=1)
    assert bad != text
    path = tmp_path / "space.42"
    path.write_text(bad, encoding="utf-8")
    result = referee("check", path)
    assert result.returncode == 2
    assert "error[S001]" in out(result)
