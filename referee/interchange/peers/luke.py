"""LukeConran's texas-42 sample hands (``stats/data/samples.json``), read and written.

The document is ``{"at": TIME, "hands": [HAND, ...]}`` as ``writeSamples`` writes it
(``src/ai/history.ts``); a hand is ``{seed, passed, bids, bid, bidderName, trump, made,
captured, awarded, tricks}``, its bids by seat (not in calling order) and every trick
with each play's seat, the winner and the trick's points.  Seats are 0 South, 1 West,
2 North, 3 East.  The sample stores no tiles and no dealer: both follow from the seed
(``createMatch`` in ``src/engine/game.ts``: the first draw of the seed's generator picks
the shaker, the next ones shuffle), which ``shuffles.luke_deal`` ports.

Each hand becomes a record of its own (``[Mode "log"]``: a sample is the first hand of
a match, not a game), with its seed, the document's time (``[Settings]``), the
players' names from the ``name`` fields, and LukeConran's mark ladder as an option
(``[Options "mark-bids=after-84"]``), so that it is judged by its own rules.  Written
back, the same document comes out; the rules LukeConran does not play are refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from ...engine.declarations import Declaration, table_for
from ...engine.tiles import Tile, count_value
from ...judging.verdict import GameVerdict
from ...notation.record import Call, Dealt, GameRecord, HandRecord, Play, Tag, TrickRecord, TrumpRecord
from .common import PEER_GAME, SOUTH_FIRST, PeerError, PeerRead, Refusal, error_diagnostic, note_diagnostic, plays_peer_game, tag_value
from .shuffles import luke_deal, luke_shaker

__all__ = ["luke_document", "luke_hand", "luke_sample", "read_luke"]

PLACES = ("South", "West", "North", "East")
"""The place names LukeConran writes before each player's name (``PLACES`` in history.ts)."""
_TRUMPS = ("Blanks", "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
_SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}
LUKE_OPTIONS = "mark-bids=after-84"
"""The rules LukeConran plays that are not the referee's defaults: its ladder 42, 84, 126,
168 with any of them over 84 (``BID_LADDER`` and ``legalBidAmounts``, ``src/engine/game.ts``).
Its samples are played with ``openingLeadMustBeTrump`` off (``benchSettings``,
``src/ai/ladder.ts``): the default ``opening-lead=any``."""
_NOT_PLAYED = (
    ("opening-lead", "trump", "a trump opening lead (LukeConran's samples are played without it)"),
    ("delve", "on", "delve (LukeConran's bids stop at 168)"),
    ("auction", "until-one-left", "an auction that goes round (LukeConran has one call each)"),
    ("all-pass", "forced", "a forced bid (LukeConran shakes again when everyone passes)"),
)
"""Options LukeConran's program does not play, at the value it cannot hold."""


def read_luke(text: str, file: str) -> Iterator[PeerRead]:
    """One record per sample hand of a LukeConran samples document."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        yield 1, None, [error_diagnostic(PeerError(f"not JSON: {e.msg}", e.lineno, e.colno), file, 1)]
        return
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        yield (
            1,
            None,
            [error_diagnostic(PeerError('expected a LukeConran samples document: {"at": ..., "hands": [...]}', where="$"), file, 1)],
        )
        return
    at = data.get("at")
    for i, raw in enumerate(data["hands"], 1):
        try:
            record, notes = luke_hand(raw, f"hands[{i - 1}]", at if isinstance(at, str) else None)
        except PeerError as e:
            yield i, None, [error_diagnostic(e, file, i)]
            continue
        yield i, record, [note_diagnostic(n, file, i) for n in notes]


def _need(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PeerError(f"expected {what}, found {json.dumps(value)[:40]}", where=where)
    return value


def _seat(value: Any, where: str) -> int:
    seat = _need(value, int, where, "a seat 0 to 3")
    if not 0 <= seat <= 3:
        raise PeerError(f"expected a seat 0 to 3, found {seat}", where=where)
    return int(seat)


def _names(raw: dict[str, Any], where: str) -> dict[int, str]:
    """Each seat's player name, from the ``name`` fields ("South · weights")."""
    names: dict[int, str] = {}
    entries = [(b.get("seat"), b.get("name"), f"{where}.bids[{k}].name") for k, b in enumerate(raw.get("bids", [])) if isinstance(b, dict)]
    for t, trick in enumerate(raw.get("tricks", [])):
        if isinstance(trick, dict):
            entries += [
                (p.get("seat"), p.get("name"), f"{where}.tricks[{t}].plays[{k}].name")
                for k, p in enumerate(trick.get("plays", []))
                if isinstance(p, dict)
            ]
    for seat, name, path in entries:
        if not isinstance(seat, int) or not 0 <= seat <= 3 or not isinstance(name, str):
            continue
        place, sep, who = name.partition(" · ")
        if not sep or place != PLACES[seat]:
            raise PeerError(f"expected the name of seat {seat} to start with `{PLACES[seat]} · `, found {json.dumps(name)}", where=path)
        if names.setdefault(seat, who) != who:
            raise PeerError(f"seat {seat} is called {json.dumps(names[seat])} elsewhere, here {json.dumps(who)}", where=path)
    return names


def luke_hand(raw: Any, where: str, at: str | None) -> tuple[GameRecord, list[str]]:
    """The record of one sample hand, and what was inferred."""
    _need(raw, dict, where, "a sample hand object")
    seed = _need(raw.get("seed"), int, f"{where}.seed", "the hand's seed (a whole number)")
    shaker = luke_shaker(seed)
    deal = luke_deal(seed)
    hand = HandRecord(number=1, dealer=SOUTH_FIRST[shaker])
    hand.deal = [Dealt(seat, list(deal[SOUTH_FIRST.index(seat)])) for seat in "NESW"]
    bids = _need(raw.get("bids"), list, f"{where}.bids", "the list of four bids")
    by_seat: dict[int, Call] = {}
    for k, b in enumerate(bids):
        path = f"{where}.bids[{k}]"
        _need(b, dict, path, "a bid object")
        seat = _seat(b.get("seat"), f"{path}.seat")
        amount = b.get("amount")
        if amount != "pass":
            _need(amount, int, f"{path}.amount", 'a bid amount or "pass"')
        if seat in by_seat:
            raise PeerError(f"seat {seat} bids twice", where=f"{path}.seat")
        by_seat[seat] = Call(SOUTH_FIRST[seat]) if amount == "pass" else Call(SOUTH_FIRST[seat], amount)
    if len(by_seat) != 4:
        raise PeerError(f"expected one bid for each of the four seats, found {len(by_seat)}", where=f"{where}.bids")
    hand.calls = [by_seat[(shaker + 1 + i) % 4] for i in range(4)]
    trump = raw.get("trump")
    declaration = None
    if trump is not None:
        name = _need(trump, str, f"{where}.trump", "a trump name")
        if name in _TRUMPS:
            declaration = Declaration("suit", _TRUMPS.index(name))
        elif name in ("Doubles", "No Trump"):
            declaration = Declaration("doubles" if name == "Doubles" else "follow-me")
        else:
            raise PeerError(
                f"expected a trump name ({', '.join(_TRUMPS)}, Doubles, No Trump), found {json.dumps(name)}", where=f"{where}.trump"
            )
        hand.trump = TrumpRecord(kind=declaration.kind, suit=declaration.suit)  # type: ignore[arg-type]  # suit, doubles or follow-me
    for t, trick in enumerate(_need(raw.get("tricks", []), list, f"{where}.tricks", "the list of tricks")):
        path = f"{where}.tricks[{t}]"
        _need(trick, dict, path, "a trick object")
        plays = []
        for k, p in enumerate(_need(trick.get("plays"), list, f"{path}.plays", "the trick's plays")):
            ppath = f"{path}.plays[{k}]"
            _need(p, dict, ppath, "a play object")
            seat = _seat(p.get("seat"), f"{ppath}.seat")
            hi = _need(p.get("hi"), int, f"{ppath}.hi", "the high end 0 to 6")
            lo = _need(p.get("lo"), int, f"{ppath}.lo", "the low end 0 to 6")
            if not (0 <= lo <= hi <= 6):
                raise PeerError(f"{hi}-{lo} is not a domino written high end first", where=ppath)
            plays.append(Play(SOUTH_FIRST[seat], Tile.of(hi, lo)))
        winner = _seat(trick.get("winner"), f"{path}.winner")
        hand.tricks.append(TrickRecord(plays=plays, winner=SOUTH_FIRST[winner]))
    names = _names(raw, where)
    tags = [Tag("Rules", PEER_GAME), Tag("Options", LUKE_OPTIONS), Tag("Mode", "log")]
    tags += [Tag(PLACES[s], names[s]) for s in (2, 3, 0, 1) if s in names]
    tags += [Tag("Source", "luke"), Tag("Seed", str(seed))]
    if at is not None:
        tags.append(Tag("Settings", f"at={at}"))
    notes = [
        f"from a LukeConran sample hand (seed {seed}): the dealer ({PLACES[shaker]}) and the deal follow from the seed by "
        "LukeConran's own shuffle; the bids are stored by seat and put in calling order from the dealer's left"
    ]
    tags[0].comments = tuple(notes)
    return GameRecord(tags=tags, hands=[hand]), notes


def luke_sample(record: GameRecord, verdict: GameVerdict | None) -> tuple[dict[str, Any], str | None] | Refusal:
    """One record as a sample hand (and its document's time), or why it cannot be one."""
    reasons = []
    if not plays_peer_game(record):
        reasons.append("LukeConran's program plays Texas 42 only")
    options = dict(o.partition("=")[::2] for o in (record.tag("Options") or "").split())
    if options.get("scoring") == "points":
        reasons.append("LukeConran's samples are scored in marks")
    reasons += [why for name, bad, why in _NOT_PLAYED if options.get(name) == bad]
    seed_text = record.tag("Seed") if (record.tag("Source") or "").strip() == "luke" else None
    if seed_text is None or not seed_text.strip().isdigit():
        reasons.append("a sample holds no tiles, only the seed its deal follows from, and this record has no LukeConran seed")
    if len(record.hands) != 1:
        reasons.append(f"a sample is one hand and this record has {len(record.hands)}")
    if reasons:
        return Refusal(tuple(reasons))
    seed = int(seed_text or "0")
    hand = record.hands[0]
    shaker = luke_shaker(seed)
    deal = luke_deal(seed)
    if hand.dealer != SOUTH_FIRST[shaker]:
        reasons.append(f"the seed's dealer is {PLACES[shaker]}, the record's {hand.dealer}")
    if hand.deal is not None and {d.seat: list(d.tiles) for d in hand.deal} != {SOUTH_FIRST[p]: list(deal[p]) for p in range(4)}:
        reasons.append("the record's deal is not the one its seed gives")
    if any(c.contract is not None for c in hand.calls) or (hand.trump is not None and hand.trump.kind in ("nello", "sevens")):
        reasons.append("LukeConran's program has no special contracts")
    if any(c.amount is not None and c.amount > 168 for c in hand.calls):
        reasons.append("a bid above 168 (LukeConran's ladder stops at 4 marks)")
    if hand.trump is not None and hand.trump.doubles_low:
        reasons.append("LukeConran plays follow-me with the doubles high")
    if hand.claim is not None or hand.misdeal is not None or hand.renege is not None or hand.accepted:
        reasons.append("a sample holds only bids and plays (no claim, concession or ruling)")
    if len(hand.calls) != 4 or any(c.seat not in SOUTH_FIRST for c in hand.calls):
        reasons.append("a sample holds the four bids, each with its seat")
    passed = all(c.amount is None for c in hand.calls)
    if not passed and (len(hand.tricks) != 7 or any(len(t.plays) != 4 or any(p.seat is None for p in t.plays) for t in hand.tricks)):
        reasons.append("LukeConran plays every hand out: a sample has seven tricks of four plays with their seats")
    if reasons:
        return Refusal(tuple(reasons))
    names = {s: tag_value(record.tags, PLACES[s]) or "" for s in range(4)}

    def who(seat: int) -> str:
        return f"{PLACES[seat]} · {names[seat]}"

    bids = []
    for seat in range(4):
        call = next(c for c in hand.calls if c.seat == SOUTH_FIRST[seat])
        bids.append({"seat": seat, "name": who(seat), "amount": "pass" if call.amount is None else call.amount})
    out: dict[str, Any] = {"seed": seed, "passed": passed, "bids": bids}
    if passed:
        out.update(bid=None, bidderName=None, trump=None, made=None, captured=[0, 0], awarded=[0, 0], tricks=[])
    else:
        bid = max(c.amount for c in hand.calls if c.amount is not None)
        bidder = SOUTH_FIRST.index(next(c.seat for c in hand.calls if c.amount == bid))
        assert hand.trump is not None
        declaration = Declaration(hand.trump.kind, hand.trump.suit)
        table = table_for(declaration)
        tricks, captured = [], [0, 0]
        for trick in hand.tricks:
            tiles = [p.tile for p in trick.plays]
            seats = [SOUTH_FIRST.index(p.seat) for p in trick.plays]
            winner = SOUTH_FIRST.index(trick.winner) if trick.winner in SOUTH_FIRST else seats[table.winner(tiles)]
            points = 1 + sum(count_value(t) for t in tiles)
            captured[winner % 2] += points
            plays = [{"seat": s, "name": who(s), "hi": t.hi, "lo": t.lo} for s, t in zip(seats, tiles, strict=True)]
            tricks.append({"winner": winner, "winnerName": who(winner), "points": points, "plays": plays})
        team = bidder % 2
        made = captured[team] == 42 if bid >= 42 else captured[team] >= bid  # scoreContract, marks
        marks = bid // 42 if bid >= 42 else 1
        awarded = [0, 0]
        awarded[team if made else 1 - team] = marks
        trump_name = (
            _TRUMPS[declaration.suit]
            if declaration.kind == "suit" and declaration.suit is not None
            else "Doubles"
            if declaration.kind == "doubles"
            else "No Trump"
        )
        out.update(bid=bid, bidderName=who(bidder), trump=trump_name, made=made, captured=captured, awarded=awarded, tricks=tricks)
    settings = tag_value(record.tags, "Settings") or ""
    at = settings[3:] if settings.startswith("at=") else None
    return out, at


def luke_document(hands: list[dict[str, Any]], at: str | None) -> str:
    """The samples document of ``hands``, as ``writeSamples`` writes it (``JSON.stringify``)."""
    when = at or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{datetime.now(UTC).microsecond // 1000:03d}Z"
    return json.dumps({"at": when, "hands": hands}, ensure_ascii=False, separators=(",", ":"))
