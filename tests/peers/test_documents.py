"""LukeConran samples, score sheets and jswood23 histories: read, judged, written back.

Where each document's shape comes from:

- ``data/luke-samples.json``: two hands of ``stats/data/samples.json`` of
  LukeConran/texas-42 at 5f8a297 (seeds 73000 and 73001: the bids, trumps, plays,
  winners and points as LukeConran's program wrote them), in the document
  ``writeSamples`` writes (``src/ai/history.ts`` at c14eaca).
- ``data/scorekeeper-game.json``: a game in the shape the Taylor-Incorvia scorekeeper
  saves (``GameState`` and ``recordRound`` in ``src/composables/useGame.ts`` at db93974):
  names, first shaker, ``{bid, team, marks}`` per hand, ``pendingBid``.
- ``data/club-night.csv``: the referee's score-sheet CSV (docs/interchange.md), two games.
- ``data/jswood23-history.txt``: round entries as my-texas-42-backend writes them
  (``formatHistoryEntry`` in ``models/game-helpers.go``, the server's lines in
  ``models/bidding.go`` and ``models/scoring.go`` at 420ea2a).
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.interchange.peers.common import Refusal
from referee.interchange.peers.jswood23 import history_document, read_history
from referee.interchange.peers.luke import luke_document, luke_sample, read_luke
from referee.interchange.peers.registry import detect
from referee.interchange.peers.scoresheet import read_scoresheet, sheet_csv_rows, sheet_json
from referee.judging.replay import judge
from referee.notation.record import GameRecord

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def _records(reader: object, name: str) -> list[GameRecord]:
    text = (DATA / name).read_text(encoding="utf-8")
    out = []
    for _, record, problems in reader(text, name):  # type: ignore[operator]
        assert record is not None, [d.message for d in problems]
        out.append(record)
    return out


def test_luke_samples_read_clean_with_the_seeds_dealer() -> None:
    first, second = _records(read_luke, "luke-samples.json")
    # seed 73000: North shakes, so East bids first; South's 36 wins
    assert first.hands[0].dealer == "N"
    assert [(c.seat, c.amount) for c in first.hands[0].calls] == [("E", None), ("S", 36), ("W", None), ("N", None)]
    assert (first.tag("South"), first.tag("West"), first.tag("Seed")) == ("weights", "heuristic", "73000")
    assert first.tag("Options") == "mark-bids=after-84"  # LukeConran's ladder: 84 straight to 168
    for record, made, awards in ((first, True, {"NS": 1, "EW": 0}), (second, False, {"NS": 1, "EW": 0})):
        verdict = judge(record)
        assert verdict.diagnostics == []  # every stated trick winner agrees, every play fits the seed's deal
        assert (verdict.hands[0].made, verdict.hands[0].awards) == (made, awards)
    assert len(second.hands[0].tricks) == 7  # LukeConran plays the hand out after it is decided


def test_luke_samples_written_back_byte_for_byte() -> None:
    records = _records(read_luke, "luke-samples.json")
    pieces = [luke_sample(r, judge(r)) for r in records]
    assert not any(isinstance(p, Refusal) for p in pieces)
    text = luke_document([p[0] for p in pieces], pieces[0][1])  # type: ignore[index]
    assert text == (DATA / "luke-samples.json").read_text(encoding="utf-8")


def test_luke_samples_are_judged_by_lukeconrans_ladder() -> None:
    """LukeConran bids 126 or 168 over 84 (``legalBidAmounts``): the second sample with
    North opening 84 and West, the dealer, raising straight to 168."""
    data = json.loads((DATA / "luke-samples.json").read_text(encoding="utf-8"))
    hand = data["hands"][1]
    for bid in hand["bids"]:
        bid["amount"] = {2: 84, 1: 168}.get(bid["seat"], bid["amount"])
    data["hands"] = [hand]
    [(_, record, _)] = list(read_luke(json.dumps(data, ensure_ascii=False), "samples.json"))
    assert record is not None and record.tag("Options") == "mark-bids=after-84"
    assert [(c.seat, c.amount) for c in record.hands[0].calls] == [("N", 84), ("E", None), ("S", None), ("W", 168)]
    verdict = judge(record)
    assert verdict.diagnostics == [] and verdict.hands[0].awards == {"NS": 4, "EW": 0}  # West is set
    record.tags = [t for t in record.tags if t.name != "Options"]
    assert [d.code for d in judge(record).diagnostics] == ["E204"]  # one mark at a time, by default


def test_luke_refuses_the_rules_its_samples_do_not_play() -> None:
    [record, _] = _records(read_luke, "luke-samples.json")
    options = next(t for t in record.tags if t.name == "Options")
    options.value = "mark-bids=after-84 opening-lead=trump"
    refused = luke_sample(record, judge(record))
    assert isinstance(refused, Refusal) and refused.reasons == ("a trump opening lead (LukeConran's samples are played without it)",)


def test_luke_refuses_what_a_sample_cannot_hold() -> None:
    game = runner.invoke(app, ["convert", "samples/legal/42-game.42", "--to", "luke"])
    assert game.exit_code == 2
    assert "a sample holds no tiles, only the seed its deal follows from, and this record has no LukeConran seed" in game.stderr


def test_a_damaged_sample_is_named_by_its_path() -> None:
    data = json.loads((DATA / "luke-samples.json").read_text(encoding="utf-8"))
    data["hands"][1]["tricks"][2]["plays"][0]["hi"] = 9
    results = list(read_luke(json.dumps(data), "bad.json"))
    assert results[0][1] is not None
    [d] = results[1][2]
    assert (d.code, d.message) == ("S017", "hands[1].tricks[2].plays[0]: 9-4 is not a domino written high end first")
    [(_, _, [e])] = list(read_luke('{"at": "x", "hands": [', "cut.json"))
    assert e.code == "S017" and e.at is not None and (e.at.line, e.at.column) == (1, 23)


def test_the_scorekeeper_game_is_a_score_sheet() -> None:
    [record] = _records(read_scoresheet, "scorekeeper-game.json")
    assert record.tag("Detail") == "hands" and record.tag("Winner") == "NS"
    assert [h.dealer for h in record.hands[:5]] == ["E", "S", "W", "N", "E"]
    assert record.hands[0].after == ("bid 31 (the sheet does not say whose)",)
    assert [(h.award.amounts if h.award else None) for h in record.hands[:3]] == [{"NS": 1}, None, {"EW": 2}]
    assert record.hands[-1].score is not None and record.hands[-1].score.scores == {"NS": 7, "EW": 3}
    assert sheet_json(record, judge(record)) == (DATA / "scorekeeper-game.json").read_text(encoding="utf-8")


def test_the_csv_sheet_reads_two_games_and_writes_them_back() -> None:
    first, second = _records(read_scoresheet, "club-night.csv")
    hand = first.hands[1]
    assert [(c.seat, c.amount) for c in hand.calls] == [("S", 84)]
    assert hand.result is not None and (hand.result.side, hand.result.outcome) == ("NS", "set")
    assert hand.award is not None and hand.award.amounts == {"EW": 2}
    assert [(c.seat, c.amount) for c in first.hands[2].calls] == [("W", None), ("N", None), ("E", None), ("S", None)]
    assert len(second.hands) == 2
    run = runner.invoke(app, ["convert", str(DATA / "club-night.csv"), "--from", "scoresheet", "--to", "scoresheet-csv"])
    assert run.stdout == (DATA / "club-night.csv").read_text(encoding="utf-8")


def test_a_full_record_goes_to_a_score_sheet() -> None:
    from referee.notation.reader import read_text

    record = next(read_text((Path("samples/legal/42-game.42")).read_text(encoding="utf-8"))).record
    assert record is not None
    rows = sheet_csv_rows(record, judge(record))
    assert not isinstance(rows, Refusal)
    assert rows[0] == ["1", "E", "W", "32", "set", "NS", "1"]


def test_a_bad_csv_cell_is_named_at_its_line_and_column() -> None:
    text = "hand,dealer,bidder,bid,result,side,marks\n1,N,E,31,made,EW,1\n2,E,X,31,made,EW,1\n"
    [(_, record, [d])] = list(read_scoresheet(text, "bad.csv"))
    assert record is None and d.at is not None
    assert (d.at.line, d.at.column, d.message) == (3, 5, "expected a seat N, E, S or W, found `X`")


def test_the_jswood23_history_reads_and_goes_back_to_its_entries() -> None:
    [record] = _records(read_history, "jswood23-history.txt")
    assert (record.tag("North"), record.tag("East")) == ("ann", "bob")
    verdict = judge(record)
    assert [d.code for d in verdict.diagnostics if d.is_error] == []  # the stated trick winners agree
    assert all(t.winner is not None for h in record.hands for t in h.tricks)
    doc = history_document(record, verdict)
    assert isinstance(doc, str)
    entries = json.loads(doc)["current_round_history"]
    assert entries == (DATA / "jswood23-history.txt").read_text(encoding="utf-8").splitlines()


def test_the_jswood23_game_json_keeps_the_seats_and_rules() -> None:
    game = {
        "team_1": ["ann", "cy"],
        "team_2": ["bob", "di"],
        "rules": ["No forced bid", "Nil", "Delve"],
        "current_round_history": ["bob\\bid\\0", "cy\\bid\\0", "di\\bid\\0", "ann\\bid\\0"],
    }
    [(_, record, notes)] = list(read_history(json.dumps(game), "game.json"))
    assert record is not None
    assert [c.seat for c in record.hands[0].calls] == ["E", "S", "W", "N"] and record.hands[0].dealer == "N"
    assert record.tag("Options") == "all-pass=reshake delve=on nello-marks=2 nello=on"  # the server's Nil needs 84
    assert not any("Delve" in d.message for d in notes)  # defined by the rules page: judged


def test_a_forced_nil_is_judged_by_the_servers_rule() -> None:
    """di, the dealer, is forced after three passes, bids 42 and calls Nil (``validateCall``:
    three passes, then the dealer's 42); under 84 Nil is the forced dealer's only."""
    round_ = ["ann\\bid\\0", "bob\\bid\\0", "cy\\bid\\0", "di\\bid\\42", "di has won the bid.", "di\\call\\Nil Doubles-high"]
    game = {"team_1": ["ann", "cy"], "team_2": ["bob", "di"], "rules": ["Nil", "Forced Nil"], "current_round_history": round_}
    [(_, record, _)] = list(read_history(json.dumps(game), "game.json"))
    assert record is not None
    assert record.tag("Options") == "all-pass=forced forced-nello=on nello-doubles=high nello-marks=2 nello=on"
    assert [d.code for d in judge(record).diagnostics if d.is_error and d.code != "E406"] == []
    [(_, bare, notes)] = list(read_history("\n".join(round_), "history.txt"))  # no rules: Forced Nil inferred
    assert bare is not None and "forced-nello=on" in (bare.tag("Options") or "")
    assert any("the server's Forced Nil rule" in d.message for d in notes)
    game["rules"] = ["Nil"]
    [(_, record, _)] = list(read_history(json.dumps(game), "game.json"))
    assert record is not None and [d.code for d in judge(record).diagnostics if d.is_error and d.code != "E406"] == ["E212"]


def test_formats_are_found_from_their_content() -> None:
    assert detect((DATA / "luke-samples.json").read_text(encoding="utf-8")) == "luke"
    assert detect((DATA / "scorekeeper-game.json").read_text(encoding="utf-8")) == "scoresheet"
    assert detect((DATA / "club-night.csv").read_text(encoding="utf-8")) == "scoresheet"
    assert detect((DATA / "jswood23-history.txt").read_text(encoding="utf-8")) == "jswood23"
    assert detect("https://mk5.example/?v=2&s=1&a=A") == "mk5"
    assert detect('[Rules "42"]\n') == "text"
    assert detect("just some words") is None
    run = runner.invoke(app, ["convert", "-", "--from", "auto"], input="just some words\n")
    assert run.exit_code == 2 and "cannot tell which program wrote this input" in run.stderr


def test_a_broken_csv_row_is_named_at_its_line() -> None:
    [(_, record, [d])] = list(read_scoresheet("hand,dealer\n1,N\rx\n", "bad.csv"))
    assert record is None and d.code == "S017" and d.message.startswith("not a score-sheet CSV")
