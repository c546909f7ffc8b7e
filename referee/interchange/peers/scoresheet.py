"""Score sheets: the Taylor-Incorvia scorekeeper's saved game (JSON) and a score-sheet CSV.

The scorekeeper (github.com/Taylor-Incorvia/Texas-42-Scorekeeper,
``src/composables/useGame.ts``) keeps ``{names, firstShaker, hands: [{bid, team,
marks}], pendingBid}``: per hand the winning bid (0 a pass, 30-41 points, 2-4 marks),
the team that took the marks (0 is seats 0 and 2, South and North) and how many.  It
never records who bid, nor any play.  Each game becomes a score-sheet record
(``[Detail "hands"]``) whose hands hold an award and the running score, the dealers
following from the first shaker (one seat clockwise a hand); the winning bid goes in a
comment, as the sheet does not say whose it was.

No scorekeeper found exports a file (see docs/interchange.md), so the CSV is the
referee's own, one row a hand with the columns the scorekeepers keep between them:
``hand,dealer,bidder,bid,result,side,marks`` (empty where unknown).

>>> text = '{"names":["Ann","Bob","Cy","Di"],"firstShaker":3,"hands":[{"bid":31,"team":0,"marks":1}],"pendingBid":30}'
>>> _, record, _ = next(read_scoresheet(text, "x"))
>>> record.hands[0].dealer, record.hands[0].award.amounts, record.tag("South")
('E', {'NS': 1}, 'Ann')
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

from ...judging.verdict import GameVerdict
from ...notation.record import Call, GameRecord, HandRecord, StatedAward, StatedResult, StatedScore, Tag
from .common import PEER_GAME, SOUTH_FIRST, PeerError, PeerRead, Refusal, error_diagnostic, note_diagnostic, plays_peer_game, tag_value

__all__ = ["CSV_COLUMNS", "read_scoresheet", "sheet_csv_rows", "sheet_json"]

TARGET_MARKS = 7
"""The scorekeeper's game target (``TARGET_MARKS``)."""
CSV_COLUMNS = ("hand", "dealer", "bidder", "bid", "result", "side", "marks")
_SIDES = ("NS", "EW")
_PLACES = ("South", "West", "North", "East")
_BID_NOTE = "bid "


def read_scoresheet(text: str, file: str) -> Iterator[PeerRead]:
    """The record of a scorekeeper game (JSON, one per line for several) or of a score-sheet CSV."""
    if text.lstrip().startswith("{"):
        for index, line in _json_documents(text):
            try:
                record, notes = _taylor(json.loads(line) if isinstance(line, str) else line)
            except json.JSONDecodeError as e:
                yield index, None, [error_diagnostic(PeerError(f"not JSON: {e.msg}", e.lineno, e.colno), file, index)]
                continue
            except PeerError as e:
                yield index, None, [error_diagnostic(e, file, index)]
                continue
            yield index, record, [note_diagnostic(n, file, index) for n in notes]
        return
    try:
        columns, games = _csv(text)
    except PeerError as e:
        yield 1, None, [error_diagnostic(e, file, 1)]
        return
    for index, game in enumerate(games, 1):
        try:
            record, notes = _csv_game(columns, game)
        except PeerError as e:
            yield index, None, [error_diagnostic(e, file, index)]
            continue
        yield index, record, [note_diagnostic(n, file, index) for n in notes]


def _json_documents(text: str) -> Iterator[tuple[int, str]]:
    stripped = [line for line in text.splitlines() if line.strip()]
    if len(stripped) > 1 and all(line.lstrip().startswith("{") for line in stripped):
        yield from enumerate(stripped, 1)  # JSON Lines: one game a line
    else:
        yield 1, text


def _taylor(data: Any) -> tuple[GameRecord, list[str]]:
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise PeerError('expected a scorekeeper game: {"names": [...], "firstShaker": ..., "hands": [...]}', where="$")
    names = data.get("names", ["", "", "", ""])
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise PeerError("expected four player names", where="$.names")
    shaker = data.get("firstShaker")
    if shaker is not None and (not isinstance(shaker, int) or isinstance(shaker, bool) or not 0 <= shaker <= 3):
        raise PeerError(f"expected a seat 0 to 3 or null, found {json.dumps(shaker)}", where="$.firstShaker")
    hands = []
    score = [0, 0]
    for i, raw in enumerate(data["hands"]):
        where = f"$.hands[{i}]"
        if not isinstance(raw, dict):
            raise PeerError("expected a hand {bid, team, marks}", where=where)
        bid, team, marks = raw.get("bid"), raw.get("team"), raw.get("marks")
        if bid is not None and (not isinstance(bid, int) or isinstance(bid, bool) or bid < 0):
            raise PeerError(
                f"expected a bid (0 a pass, 30-41 points, 2 or more marks) or null, found {json.dumps(bid)}", where=f"{where}.bid"
            )
        if team not in (0, 1, None) or isinstance(team, bool):
            raise PeerError(f"expected the team 0 or 1 that took the marks, or null, found {json.dumps(team)}", where=f"{where}.team")
        if not isinstance(marks, int) or isinstance(marks, bool) or marks < 0:
            raise PeerError(f"expected a number of marks, found {json.dumps(marks)}", where=f"{where}.marks")
        dealer = SOUTH_FIRST[(shaker + i) % 4] if shaker is not None else None
        hand = HandRecord(number=i + 1, dealer=dealer)
        if bid == 0:
            if team is not None or marks:
                raise PeerError("a passed hand scores nothing", where=where)
            if dealer is not None:
                first = SOUTH_FIRST.index(dealer) + 1
                hand.calls = [Call(SOUTH_FIRST[(first + k) % 4]) for k in range(4)]
        elif team is not None:
            hand.award = StatedAward({_SIDES[team]: marks})
            score[team] += marks
            if bid is not None:
                hand.after = (f"{_BID_NOTE}{_bid_words(bid)} (the sheet does not say whose)",)
        hand.score = StatedScore({"NS": score[0], "EW": score[1]})
        hands.append(hand)
    tags = [Tag("Rules", PEER_GAME), Tag("Target", f"{TARGET_MARKS} marks")]
    tags += [Tag(_PLACES[s], names[s].strip()) for s in (2, 3, 0, 1) if names[s].strip()]
    tags += [Tag("Detail", "hands"), Tag("Source", "scoresheet")]
    pending = data.get("pendingBid")
    if isinstance(pending, int) and not isinstance(pending, bool):
        tags.append(Tag("Settings", f"pendingBid={pending}"))
    if max(score) >= TARGET_MARKS:
        tags.append(Tag("Winner", _SIDES[score.index(max(score))]))
    else:
        tags.append(Tag("Status", "unfinished"))
    notes = ["from a Taylor-Incorvia scorekeeper game: a score sheet (the marks of each hand and the winning bid, not who bid it)"]
    if shaker is not None:
        notes.append(
            f"the dealers follow from the first shaker ({_PLACES[shaker]}), one seat clockwise a hand, as the scorekeeper counts them"
        )
    elif hands:
        notes.append("the sheet names no first shaker, so its hands have no dealer")
    tags[0].comments = tuple(notes)
    return GameRecord(tags=tags, hands=hands), notes


def _bid_words(bid: int) -> str:
    return f"{bid} marks" if bid < 30 else str(bid)


def _csv(text: str) -> tuple[list[str], list[list[tuple[int, list[str]]]]]:
    """The sheet's columns and its games (separated by a blank row), each a list of rows."""
    reader = csv.reader(io.StringIO(text))
    rows: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as e:
        raise PeerError(f"not a score-sheet CSV: {e}", reader.line_num, 1) from None
    filled = [(n, r) for n, r in rows if any(cell.strip() for cell in r)]
    if not filled:
        raise PeerError("the sheet is empty: expected a header row " + ",".join(CSV_COLUMNS), 1, 1)
    header_line, header = filled[0]
    columns = [c.strip().lower() for c in header]
    unknown = [c for c in columns if c not in CSV_COLUMNS]
    if unknown or "hand" not in columns:
        raise PeerError(
            f"expected a header row of the columns {', '.join(CSV_COLUMNS)} (hand first), found {', '.join(header)}",
            header_line,
            1,
            hint="the score-sheet CSV is described in docs/interchange.md",
        )
    games: list[list[tuple[int, list[str]]]] = [[]]
    start = next(i for i, (n, _) in enumerate(rows) if n == header_line) + 1
    for n, row in rows[start:]:
        if any(cell.strip() for cell in row):
            games[-1].append((n, row))
        elif games[-1]:
            games.append([])
    return columns, [game for game in games if game]


def _csv_game(columns: list[str], rows: list[tuple[int, list[str]]]) -> tuple[GameRecord, list[str]]:
    hands = []
    score = {"NS": 0, "EW": 0}
    for line, row in rows:
        cells = {c: (row[k].strip() if k < len(row) else "") for k, c in enumerate(columns)}

        def col(name: str, row: list[str] = row) -> int:
            return _column(columns, row, name)

        number = _int(cells["hand"], line, col("hand"), "a hand number")
        dealer = _seat(cells.get("dealer", ""), line, col("dealer"))
        bidder = _seat(cells.get("bidder", ""), line, col("bidder"))
        bid_text = cells.get("bid", "").lower()
        hand = HandRecord(number=number, dealer=dealer)
        if bid_text == "pass":
            if dealer is not None:
                first = "NESW".index(dealer) + 1
                hand.calls = [Call("NESW"[(first + k) % 4]) for k in range(4)]
        elif bid_text:
            bid = _int(bid_text, line, col("bid"), 'a bid (30-41, 42 a mark, 84 two...) or "pass"')
            if bidder is not None:
                hand.calls = [Call(bidder, bid)]
            else:
                hand.after = (f"{_BID_NOTE}{bid} (the sheet does not say whose)",)
        result = cells.get("result", "").lower()
        if result and result not in ("made", "set"):
            raise PeerError(f"expected made or set, found `{cells['result']}`", line, col("result"))
        side = cells.get("side", "").upper()
        if side and side not in _SIDES:
            raise PeerError(f"expected the side NS or EW, found `{cells['side']}`", line, col("side"))
        if result and bidder is not None:
            hand.result = StatedResult(side=_SIDES[("NESW".index(bidder)) % 2], outcome=result)  # type: ignore[arg-type]  # made or set
        marks_text = cells.get("marks", "")
        if marks_text:
            marks = _int(marks_text, line, col("marks"), "a number of marks")
            if side:
                hand.award = StatedAward({side: marks})
                score[side] += marks
            elif marks:
                raise PeerError("marks without the side that took them", line, col("marks"))
        hand.score = StatedScore(dict(score))
        hands.append(hand)
    tags = [Tag("Rules", PEER_GAME), Tag("Detail", "hands"), Tag("Source", "scoresheet")]
    tags.append(Tag("Winner", max(score, key=score.__getitem__)) if max(score.values()) >= TARGET_MARKS else Tag("Status", "unfinished"))
    notes = ["from a score-sheet CSV: a score sheet, one row a hand"]
    tags[0].comments = tuple(notes)
    return GameRecord(tags=tags, hands=hands), notes


def _column(columns: list[str], row: list[str], name: str) -> int:
    """The 1-based character column where cell ``name`` starts in the row as written."""
    if name not in columns:
        return 1
    k = columns.index(name)
    return 1 + sum(len(c) + 1 for c in row[:k])


def _int(text: str, line: int, column: int, what: str) -> int:
    if not text.isdigit() or len(text) > 9:
        raise PeerError(f"expected {what}, found `{text}`", line, column)
    return int(text)


def _seat(text: str, line: int, column: int) -> str | None:
    if not text:
        return None
    seat = text.upper()
    if seat not in ("N", "E", "S", "W"):
        raise PeerError(f"expected a seat N, E, S or W, found `{text}`", line, column)
    return seat


def _hands_facts(record: GameRecord, verdict: GameVerdict | None) -> list[dict[str, Any]] | Refusal:
    """Per hand: dealer, bidder, bid, result, the side that took marks and how many."""
    reasons = []
    if not plays_peer_game(record):
        reasons.append("a 42 score sheet keeps two teams of two")
    if "scoring=points" in (record.tag("Options") or ""):
        reasons.append("points scoring (the score sheets count marks)")
    facts = []
    for i, hand in enumerate(record.hands, 1):
        n = hand.label(i)
        hv = verdict.hands[i - 1] if verdict is not None and i - 1 < len(verdict.hands) else None
        if any(c.contract is not None for c in hand.calls) or (hand.trump is not None and hand.trump.kind in ("nello", "sevens")):
            reasons.append(f"hand {n}: a special contract (a score sheet keeps only the bid)")
        if hand.misdeal is not None:
            reasons.append(f"hand {n}: a misdeal (the scorekeeper moves the deal on every hand)")
        bids = [c for c in hand.calls if c.amount is not None]
        bid = bids[-1].amount if bids else _noted_bid(hand)
        bidder = bids[-1].seat if bids else None
        if hv is not None and hv.bid is not None:
            bid, bidder = hv.bid, hv.declarer
        awards = hand.award.amounts if hand.award is not None else hv.awards if hv is not None else {}
        positive = {side: a for side, a in awards.items() if a}
        if len(positive) > 1:
            reasons.append(f"hand {n}: both sides score (a score sheet gives the hand's marks to one team)")
        side, marks = next(iter(positive.items())) if positive else (None, 0)
        made = hand.result.outcome if hand.result is not None else None
        if made is None and hv is not None and hv.made is not None:
            made = "made" if hv.made else "set"
        passed = len(hand.calls) == 4 and bid is None
        facts.append(
            {
                "number": n,
                "dealer": hand.dealer,
                "bidder": bidder,
                "bid": bid,
                "passed": passed,
                "result": made,
                "side": side,
                "marks": marks,
            }
        )
    return Refusal(tuple(reasons)) if reasons else facts


def _noted_bid(hand: HandRecord) -> int | None:
    """The winning bid a sheet's reader noted beside the hand (its bidder unknown)."""
    for comment in hand.after:
        words = comment.strip().split()
        if len(words) >= 2 and words[0] == _BID_NOTE.strip() and words[1].isdigit():
            return int(words[1]) * 42 if words[2:3] == ["marks"] else int(words[1])
    return None


def sheet_json(record: GameRecord, verdict: GameVerdict | None) -> str | Refusal:
    """A record as the scorekeeper's saved game, as ``JSON.stringify`` writes it."""
    facts = _hands_facts(record, verdict)
    if isinstance(facts, Refusal):
        return facts
    reasons = []
    target = record.tag("Target")
    if target is not None and target.split()[0] != str(TARGET_MARKS):
        reasons.append(f"a game to {target} (the scorekeeper plays to {TARGET_MARKS} marks)")
    dealers = [f["dealer"] for f in facts]
    first = SOUTH_FIRST.index(dealers[0]) if dealers and dealers[0] in SOUTH_FIRST else None
    if dealers and (first is None or any(d != SOUTH_FIRST[(first + k) % 4] for k, d in enumerate(dealers))):
        reasons.append("the scorekeeper moves the deal one seat clockwise every hand, from a first shaker; this record's dealers do not")
    hands = []
    for f in facts:
        if f["passed"]:
            hands.append({"bid": 0, "team": None, "marks": 0})
            continue
        bid = f["bid"]
        stored = bid if bid is None or bid < 42 or bid % 42 else bid // 42 if bid >= 84 else 42
        if bid is not None and not (30 <= bid <= 42 or bid % 42 == 0):
            reasons.append(f"hand {f['number']}: a bid of {bid}, which the scorekeeper cannot keep")
        if f["side"] is None:
            reasons.append(f"hand {f['number']}: no side took marks")
            continue
        hands.append({"bid": stored, "team": _SIDES.index(f["side"]), "marks": f["marks"]})
    if reasons:
        return Refusal(tuple(reasons))
    names = [tag_value(record.tags, place) or "" for place in _PLACES]
    settings = tag_value(record.tags, "Settings") or ""
    pending = int(settings.partition("=")[2]) if settings.startswith("pendingBid=") and settings[11:].isdigit() else 30
    return json.dumps(
        {"names": names, "firstShaker": first, "hands": hands, "pendingBid": pending}, ensure_ascii=False, separators=(",", ":")
    )


def sheet_csv_rows(record: GameRecord, verdict: GameVerdict | None) -> list[list[str]] | Refusal:
    """A record as rows of the score-sheet CSV (without the header)."""
    facts = _hands_facts(record, verdict)
    if isinstance(facts, Refusal):
        return facts
    rows = []
    for f in facts:
        bid = "pass" if f["passed"] else "" if f["bid"] is None else str(f["bid"])
        marks = str(f["marks"]) if f["side"] is not None else ""
        rows.append([str(f["number"]), f["dealer"] or "", f["bidder"] or "", bid, f["result"] or "", f["side"] or "", marks])
    return rows
