"""Batch processing: reading in batches gives what reading in one stream gives, worker
processes (``--jobs 2``) write exactly what one process writes, and simulated games of
every profile check clean and reach their target."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.games import make_rules
from referee.judging.replay import Referee
from referee.notation.assemble import read_chunk
from referee.notation.reader import read_records, read_text
from referee.notation.scanner import HEADER, Chunk
from referee.notation.units import _mode_and_hand, cut_chunks, cut_units, read_unit
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from referee.run import batch, units
from referee.run.batch import outcomes
from referee.run.outcomes import Outcome

pytestmark = pytest.mark.deadline(300)  # a hung worker pool fails the run (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
BROKEN = sorted((ROOT / "samples" / "broken").glob("*.42"))
HANDS_PER_GAME = 2000


@cache
def simulated(profile: str, hands: int = HANDS_PER_GAME) -> str:
    """Games of ``profile`` (seed 7) until they hold at least ``hands`` hands, as text."""
    parts: list[str] = []
    total = 0
    for record in simulate_games(make_rules(profile), 10_000, seed=7):
        parts.append(format_game(record))
        total += len(record.hands)
        if total >= hands:
            break
    return "\n".join(parts)


def _broken(with_unclosed: bool) -> str:
    """The broken samples; the one with an unclosed comment (it swallows what follows) last."""
    first = [p for p in BROKEN if "unclosed" not in p.name]
    last = [p for p in BROKEN if "unclosed" in p.name] if with_unclosed else []
    return "\n".join(p.read_text(encoding="utf-8") for p in first + last)


@cache
def mixed(hands: int = 200) -> str:
    """Broken records around simulated games of all three profiles, and a log."""
    log = '[Rules "42"] [Mode "log"] ; a log\n\n' + "\n".join(
        line for line in simulated("42", hands).split("\n") if not line.startswith("[")
    )
    head = _broken(False)
    return "\n".join([head, simulated("42", hands), head, simulated("moon", hands), log, simulated("88", hands), _broken(True)])


def _variants() -> list[tuple[str, str]]:
    text = mixed(30)
    hand_log = "\n".join(line for line in simulated("42", 30).split("\n") if not line.startswith("[")).lstrip()
    return [
        ("header on a hand's line", f'[Rules "42"] [MODE "Log"] {hand_log}\n[Mode "log"]\n{hand_log}\n[Event "x"] {hand_log}'),
        ("mixed", text),
        ("hand log", "\n".join(line for line in simulated("moon", 30).split("\n") if not line.startswith("["))),
        ("junk first", "not a record\n" + text),
        ("comments", text.replace("award", "{c} award").replace("score NS", "score NS 0 ; trailing\n  score NS")),
    ]


@pytest.mark.parametrize("size", [1, 3, 11])
def test_units_read_like_one_stream(size: int, tmp_path: Path) -> None:
    for name, text in _variants():
        path = tmp_path / "in.42"
        path.write_text(text, encoding="utf-8")
        whole = list(read_records(path, name))
        units = list(cut_units(str(path), name, size))
        assert len(units) > 1
        assert sum(u.hands for u in units) == sum(len(r.record.hands) for r in whole if r.record is not None)
        pieces = [r for u in units for r in read_unit(u)]
        assert pieces == whole, name
        cuts = list(cut_chunks(str(path), name, size))  # the chunks the cutting read, judged as they are (--jobs)
        assert [u for u, _ in cuts] == units
        assert all(chunks is not None for _, chunks in cuts)
        assert [r for u, chunks in cuts for r in read_unit(u, chunks)] == whole, name
        for a, b in zip(pieces, whole, strict=True):  # and the places point at the same text
            if a.record is not None and b.record is not None:
                assert [d.resolve(a.record.source) for d in a.diagnostics] == [d.resolve(b.record.source) for d in b.diagnostics]


@pytest.mark.parametrize("bad", ["\x00 a NUL", "\udcff"], ids=["NUL", "not UTF-8"])
def test_a_unit_where_the_text_stops_is_read_from_its_file(bad: str, tmp_path: Path) -> None:
    path = tmp_path / "in.42"
    path.write_bytes((mixed(30) + bad).encode("utf-8", "surrogateescape"))
    whole = list(read_records(path, "in.42"))
    cuts = list(cut_chunks(str(path), "in.42", 11))
    assert [chunks is None for _, chunks in cuts] == [False] * (len(cuts) - 1) + [True]
    assert [r for u, chunks in cuts for r in read_unit(u, chunks)] == whole
    assert whole[-1].record is None and whole[-1].diagnostics


_TAG_LINES = st.lists(
    st.sampled_from(
        ['[Mode "log"]', '[MODE " Log "]', '[mode "game"]', '[Rules "42"]', '[Handle "x"]', '[Winner "NS"]', "{hand}", "; mode"]
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=300, deadline=None)
@given(lines=_TAG_LINES, joiner=st.sampled_from(["\n", " "]), hand=st.sampled_from(["", "hand 1 dealer N\n", "HAND 2\n"]))
def test_the_cutting_reads_a_header_as_the_reader_does(lines: list[str], joiner: str, hand: str) -> None:
    """The cutting skips ``read_chunk`` for a header without the words ``mode`` and
    ``hand``: its Mode and whether a hand shares its line are still the reader's."""
    chunk = Chunk(HEADER, joiner.join(lines) + (" " if hand and joiner == " " else "\n") + hand, 0, 1)
    read = read_chunk(chunk)
    mode = next((t.value for t in reversed(read.tags) if t.name == "Mode"), "")
    assert _mode_and_hand(chunk) == (mode, read.hand is not None)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "mixed.42"
    path.write_text(mixed(), encoding="utf-8")
    return path


def _run(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> tuple[int, str]:
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(units, "BATCH_HANDS", 40)
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["check", "--format", "json"],
        ["check", "--quiet"],
        ["score", "--format", "csv"],
        ["score", "--format", "json"],
        ["convert", "--to", "jsonl"],
        ["convert", "--to", "text"],
    ],
    ids=lambda a: " ".join(a),
)
def test_two_jobs_write_what_one_job_writes(monkeypatch: pytest.MonkeyPatch, corpus: Path, args: list[str]) -> None:
    one = _run(monkeypatch, [*args, str(corpus), str(BROKEN[0]), "--jobs", "1"])
    two = _run(monkeypatch, [*args, str(corpus), str(BROKEN[0]), "--jobs", "2"])
    assert one[0] in (1, 2)
    assert two == one
    assert len(one[1]) > 200


@pytest.mark.parametrize("share", [False, True], ids=["workers only", "this process judges too"])
def test_the_batches_really_went_to_workers(monkeypatch: pytest.MonkeyPatch, corpus: Path, share: bool) -> None:
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    seen: list[Outcome[None]] = list(outcomes([str(corpus)], Referee(), jobs=2, batch_hands=40, share=share))
    assert seen == list(outcomes([str(corpus)], Referee(), jobs=1))
    assert [o.index for o in seen] == list(range(1, len(seen) + 1))


@pytest.mark.parametrize("profile", ["42", "moon", "88"])
def test_simulated_games_check_clean_and_reach_their_target(profile: str) -> None:
    text = simulated(profile)
    referee = Referee()
    hands = 0
    for index, rr in enumerate(read_text(text, f"{profile}.42"), start=1):
        assert rr.record is not None and rr.diagnostics == []
        verdict = referee.judge(rr.record, file=f"{profile}.42", game_index=index)
        assert verdict.diagnostics == [], verdict.diagnostics[:3]
        rules = make_rules(profile)
        assert verdict.winner is not None and verdict.winner == rr.record.tag("Winner")
        assert verdict.score is not None and max(verdict.score.values()) >= rules.target
        hands += len(rr.record.hands)
    assert hands >= HANDS_PER_GAME
