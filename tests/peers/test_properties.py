"""Properties of the peer formats over generated games and damaged inputs.

- Every simulated 42 game that mk5 can hold goes to a link and back unchanged: games
  dealt from an mk5 seed go to one link (the same link comes back when written
  again); any other game goes to one link a hand, each hand back as it was.
- A damaged link, samples document, score sheet or history never gives a traceback:
  each input is read, or named as an S017 at its place.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.games import make_rules
from referee.interchange.peers.common import SOUTH_FIRST, Refusal
from referee.interchange.peers.jswood23 import read_history
from referee.interchange.peers.luke import read_luke
from referee.interchange.peers.mk5 import read_links
from referee.interchange.peers.mk5_write import write_links
from referee.interchange.peers.scoresheet import read_scoresheet
from referee.interchange.peers.shuffles import mk5_deal
from referee.judging.replay import judge
from referee.notation.record import GameRecord, HandRecord, Tag
from referee.play.simulate import simulate_games

DATA = Path(__file__).parent / "data"


def _bare(hands: list[HandRecord]) -> list[HandRecord]:
    """The hands without the stated result, award and score (a link states none)."""
    return [replace(h, result=None, award=None, score=None) for h in hands]


def _mk5_game(seed: int, hands: int) -> GameRecord:
    count = iter(range(1000))

    def deal(game: object, rng: object) -> tuple[list[list[object]], list[object]]:
        tiles = mk5_deal(seed + next(count) * 1_000_000)
        return [list(tiles[SOUTH_FIRST.index(s)]) for s in "NESW"], []

    with mock.patch("referee.play.simulate.shuffle_deal", deal):
        record = next(simulate_games(make_rules("42"), 1, seed, players="random", max_hands=hands))
    record.tags += [Tag("Source", "mk5"), Tag("Seed", str(seed))]
    return record


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**41), hands=st.integers(1, 8))
def test_a_game_dealt_from_an_mk5_seed_goes_to_one_link_and_back(seed: int, hands: int) -> None:
    game = _mk5_game(seed, hands)
    out = write_links(game, judge(game))
    if isinstance(out, Refusal):  # random players may bid 4 marks, which mk5 writes as `~?`
        assert all("4 marks" in r or "5 marks" in r or "6 marks" in r or "7 marks" in r for r in out.reasons), out
        return
    [link], notes = out
    assert notes == []
    [(_, back, problems)] = list(read_links(link, "link"))
    assert back is not None, [d.message for d in problems]
    assert back.hands == _bare(game.hands)
    assert back.tag("Seed") == str(seed)
    assert write_links(back, judge(back)) == ([link], [])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_any_simulated_game_goes_to_links_a_hand_and_back(seed: int) -> None:
    game = next(simulate_games(make_rules("42"), 1, seed, players="random", max_hands=4))
    out = write_links(game, judge(game))
    if isinstance(out, Refusal):
        assert all("marks (mk5 writes it as `~?`" in r for r in out.reasons), out
        return
    links, _ = out
    for hand, link in zip(game.hands, links, strict=True):
        [(_, back, _)] = list(read_links(link, "link"))
        assert back is not None and back.hands == _bare([replace(hand, number=1)])


_LINK = "https://mk5.example/?s=ll&p=hhaa&d=0&t=dark&l=n%2Ct&a=AACAXuv1t53r"


def _damage(text: str, edits: list[tuple[int, int, str]]) -> str:
    for where, cut, insert in edits:
        at = where % (len(text) + 1)
        text = text[:at] + insert + text[at + cut :]
    return text


_EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 3), st.text(max_size=3)), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(edits=_EDITS)
def test_a_damaged_link_is_read_or_named_at_its_column(edits: list[tuple[int, int, str]]) -> None:
    text = _damage(_LINK, edits)
    lines = text.splitlines()
    for _, record, problems in read_links(text, "links.txt"):
        if record is None:
            [d] = problems
            assert d.code == "S017" and d.at is not None
            assert 1 <= d.at.line <= len(lines) and 1 <= d.at.column <= len(lines[d.at.line - 1]) + 1


@settings(max_examples=40, deadline=None)
@given(edits=_EDITS, which=st.sampled_from(["luke", "scoresheet-json", "scoresheet-csv", "jswood23"]))
def test_a_damaged_document_is_read_or_named_at_its_place(edits: list[tuple[int, int, str]], which: str) -> None:
    sources = {
        "luke": (read_luke, (DATA / "luke-samples.json").read_text(encoding="utf-8")),
        "scoresheet-json": (read_scoresheet, (DATA / "scorekeeper-game.json").read_text(encoding="utf-8")),
        "scoresheet-csv": (read_scoresheet, (DATA / "club-night.csv").read_text(encoding="utf-8")),
        "jswood23": (read_history, (DATA / "jswood23-history.txt").read_text(encoding="utf-8")),
    }
    reader, original = sources[which]
    for _, record, problems in reader(_damage(original, edits), which):
        if record is None:
            assert problems and all(d.code in ("S017",) for d in problems)
            assert all(d.at is not None or ":" in d.message for d in problems)  # a line and column, or a JSON path


def test_the_damage_helper_damages() -> None:
    assert _damage("abc", [(1, 1, "X")]) == "aXc"
    rng = random.Random(1)
    assert json.loads(_damage('{"a": 1}', [(rng.randrange(8), 0, "")])) == {"a": 1}


@settings(max_examples=30, deadline=None)
@given(
    data=st.one_of(st.binary(max_size=300), st.builds(lambda e: _damage(_LINK, e).encode(), _EDITS)),
    source=st.sampled_from(["auto", "mk5", "luke", "scoresheet", "jswood23"]),
    target=st.sampled_from(["text", "mk5", "luke", "scoresheet-csv", "jswood23"]),
)
def test_convert_never_gives_a_traceback(data: bytes, source: str, target: str) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    run = CliRunner().invoke(app, ["convert", "-", "--from", source, "--to", target], input=data)
    assert run.exception is None or isinstance(run.exception, SystemExit), run.exception
    assert run.exit_code in (0, 1, 2)
    assert "Traceback" not in run.output and "internal error" not in run.output
