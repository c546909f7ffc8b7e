"""The examples of docs/interchange.md are what the converter does with them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from referee.interchange.peers.jswood23 import read_history
from referee.interchange.peers.luke import read_luke
from referee.interchange.peers.mk5 import read_links
from referee.interchange.peers.scoresheet import read_scoresheet
from referee.notation.writer import format_game

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "interchange.md").read_text(encoding="utf-8")
DATA = Path(__file__).parent / "data"


def _blocks(section: str) -> list[str]:
    """The fenced blocks of one ``## `` section of the page, in order."""
    start = PAGE.index(f"## {section}")
    end = PAGE.find("\n## ", start + 1)
    body = PAGE[start : end if end >= 0 else len(PAGE)]
    return re.findall(r"```[a-z]*\n(.*?)```", body, re.S)


def _text(reads: object) -> str:
    return "".join(format_game(record) for _, record, _ in reads if record is not None)  # type: ignore[attr-defined]


def test_the_mk5_example() -> None:
    link, record = _blocks("mk5 game links")[-2:]
    assert _text(read_links(link, "link")) == record


def test_the_luke_example() -> None:
    data = json.loads((DATA / "luke-samples.json").read_text(encoding="utf-8"))
    data["hands"] = data["hands"][1:]
    [record] = _blocks("LukeConran's sample hands")
    assert _text(read_luke(json.dumps(data, ensure_ascii=False), "samples.json")) == record
    assert '{"seed":73001,"passed":false,"bids":[{"seat":0,"name":"South · weights","amount":"pass"}' in PAGE


def test_the_score_sheet_examples() -> None:
    blocks = _blocks("Score sheets")
    assert _text(read_scoresheet(blocks[0], "game.json")) == blocks[1]
    [(_, record, _)] = list(read_scoresheet(blocks[2], "sheet.csv"))
    assert record is not None and len(record.hands) == 3


def test_the_jswood23_example() -> None:
    [history] = _blocks("jswood23's round histories")
    [(_, record, _)] = list(read_history(history, "history.txt"))
    assert record is not None
    hand = record.hands[0]
    assert hand.dealer == "W" and [(c.seat, c.amount) for c in hand.calls] == [("N", 31), ("E", 32), ("S", None), ("W", 33)]
    assert hand.trump is not None and hand.trump.suit == 0 and len(hand.tricks) == 2
    assert hand.award is not None and hand.award.amounts == {"NS": 1}
