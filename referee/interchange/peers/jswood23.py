"""jswood23's my-texas-42 round histories, read and written.

The server (github.com/jswood23/my-texas-42-backend, ``models/``) keeps each round as
a list of entries: ``user\\bid\\30`` (0 is a pass), ``user\\call\\6`` (a trump number,
``Follow-me``, ``Doubles-trump``, ``Nil Doubles-high|low|own-suit``, ``Sevens``, or
``Splash``/``Plunge`` before the partner's trump call), ``user\\play\\6-4``, and its own
lines: ``user has won the bid.``, ``Team 1 (user) wins trick worth 11 points.``,
``Team 1 wins round worth 1 marks.``.  Player numbers interleave the teams (0 and 2
are team 1, 1 and 3 team 2) and play goes 0, 1, 2, 3; the referee seats them North,
East, South, West.  The history holds no deal and no dealer: the first bidder of a
round is the dealer's left, and the seats come from the team lists of the game (its
JSON) or, for a bare history, from the order of the first round's bids.

Input is the game's JSON (``team_1``, ``team_2``, ``rules``, ``current_round_history``),
a JSON list of entries, or one entry a line.  Rounds are cut where the server starts
the next one: after ``wins round worth``, or after four passes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...engine.tiles import Tile, count_value
from ...judging.verdict import GameVerdict
from ...notation.record import Call, GameRecord, HandRecord, Play, StatedAward, StatedScore, Tag, TrickRecord, TrumpRecord
from .common import PEER_GAME, PeerError, PeerRead, Refusal, error_diagnostic, note_diagnostic, plays_peer_game, tag_value

__all__ = ["history_document", "history_lines", "read_history"]

SEATS = "NESW"
_PLACES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_TEAMS = ("NS", "EW")
_WON_BID = re.compile(r"^(.*) has won the bid\.$")
_WON_TRICK = re.compile(r"^Team ([12]) \((.*)\) wins trick worth (\d+) points\.$")
_WON_ROUND = re.compile(r"^Team ([12]) wins round worth (\d+) marks\.$")
_WON_MATCH = re.compile(r"^Team ([12]) wins the match!$")
_RULE_OPTIONS = {
    "No forced bid": ("all-pass=reshake",),
    "Nil": ("nello=on", "nello-marks=2"),
    "Splash": ("splash=on", "plunge-lead=partner"),
    "Plunge": ("plunge=on", "plunge-lead=partner"),
    "Sevens": ("sevens=on",),
    "Delve": ("delve=on",),
    "Forced Nil": ("forced-nello=on",),
}
"""Each rule of the server and the options that play it: Nil on a 2-mark bid
(``validateCall`` in ``models/calling.go``), the partner who calls trump after a splash
or plunge leads (``applyCall``), Delve as the rules page defines it (the server does not
play it), and Forced Nil: a forced dealer's 42 may call Nil."""
_UNJUDGED = {
    "Forced 31 bid": "a forced bid of 31",
    "2-mark Nil": "2-mark Nil",
    "2-mark Splash": "2-mark Splash",
    "2-mark Plunge": "2-mark Plunge",
    "2-mark Sevens": "2-mark Sevens",
}


@dataclass
class _Entry:
    line: int
    text: str
    user: str = ""
    kind: str = ""
    move: str = ""


@dataclass
class _Round:
    entries: list[_Entry] = field(default_factory=list)
    marks: tuple[int, int] | None = None
    """The team (1 or 2) that won the round and its marks."""


def read_history(text: str, file: str) -> Iterator[PeerRead]:
    """The record of one round history (a game's JSON, a JSON list, or lines)."""
    try:
        entries, teams, rules = _entries(text)
        record, notes = _record(entries, teams, rules)
    except PeerError as e:
        yield 1, None, [error_diagnostic(e, file, 1)]
        return
    yield 1, record, [note_diagnostic(n, file, 1) for n in notes]


def _entries(text: str) -> tuple[list[_Entry], list[list[str]] | None, list[str] | None]:
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise PeerError(f"not JSON: {e.msg}", e.lineno, e.colno) from None
        teams: list[list[str]] | None = None
        rules: list[str] | None = None
        if isinstance(data, dict):
            pair = [data.get("team_1"), data.get("team_2")]
            if not all(isinstance(t, list) and len(t) == 2 and all(isinstance(u, str) for u in t) for t in pair):
                raise PeerError("expected two players in each of team_1 and team_2", where="$")
            teams = [list(t) for t in pair]  # type: ignore[arg-type]  # checked just above
            raw_rules = data.get("rules")
            rules = [str(r) for r in raw_rules] if isinstance(raw_rules, list) else None
            data = data.get("current_round_history")
            where = "$.current_round_history"
        else:
            where = "$"
        if not isinstance(data, list) or not all(isinstance(e, str) for e in data):
            raise PeerError("expected the round history: a list of entries such as `ann\\bid\\30`", where=where)
        return [_parse(i + 1, e, f"{where}[{i}]") for i, e in enumerate(data)], teams, rules
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return [_parse(n, line, None) for n, line in lines], None, None


def _parse(line: int, text: str, where: str | None) -> _Entry:
    entry = _Entry(line, text)
    parts = text.split("\\")
    if len(parts) == 3:
        entry.user, entry.kind, entry.move = parts
        if entry.kind not in ("bid", "call", "play") or not entry.user:
            raise _error(f"expected `user\\bid|call|play\\move`, found `{text}`", line, where)
        return entry
    if len(parts) == 1 and (_WON_BID.match(text) or _WON_TRICK.match(text) or _WON_ROUND.match(text) or _WON_MATCH.match(text)):
        entry.kind = "system"
        return entry
    raise _error(
        f"expected an entry `user\\bid\\30`, `user\\call\\6`, `user\\play\\6-4` or one of the server's lines, found `{text}`", line, where
    )


def _error(message: str, line: int, where: str | None) -> PeerError:
    return PeerError(message, where=where) if where is not None else PeerError(message, line, 1)


def _rounds(entries: list[_Entry]) -> list[_Round]:
    rounds = [_Round()]
    for e in entries:
        r = rounds[-1]
        r.entries.append(e)
        m = _WON_ROUND.match(e.text) if e.kind == "system" else None
        if m:
            r.marks = (int(m.group(1)), int(m.group(2)))
            rounds.append(_Round())
        bids = [x for x in r.entries if x.kind == "bid"]
        if e.kind == "bid" and len(bids) == 4 and all(x.move == "0" for x in bids):
            rounds.append(_Round())
    if not rounds[-1].entries:
        rounds.pop()
    return rounds


def _seats(rounds: list[_Round], teams: list[list[str]] | None) -> tuple[dict[str, str], bool]:
    """Each user's seat, and whether it came from the team lists (else from the bids)."""
    if teams is not None:
        return {teams[0][0]: "N", teams[1][0]: "E", teams[0][1]: "S", teams[1][1]: "W"}, True
    bidders = [e for e in rounds[0].entries if e.kind == "bid"][:4] if rounds else []
    if len(bidders) < 4 or len({e.user for e in bidders}) < 4:
        raise PeerError(
            "the first round does not have four bids by four players, so the seats cannot be worked out",
            bidders[-1].line if bidders else 1,
            1,
        )
    return {e.user: SEATS[i] for i, e in enumerate(bidders)}, False


def _record(entries: list[_Entry], teams: list[list[str]] | None, rules: list[str] | None) -> tuple[GameRecord, list[str]]:
    if not entries:
        raise PeerError("the history is empty", 1, 1)
    rounds = _rounds(entries)
    seat_of, from_teams = _seats(rounds, teams)
    options: set[str] = set()
    notes = ["from a jswood23 round history: it holds no deal, so the plays are judged without the tiles each player held"]
    unjudged = sorted(_UNJUDGED[r] for r in rules or [] if r in _UNJUDGED)
    if rules is not None:
        played = [r for r in rules if r in _RULE_OPTIONS and (r != "Forced Nil" or ("Nil" in rules and "No forced bid" not in rules))]
        options |= {o for r in played for o in _RULE_OPTIONS[r]}
        if "No forced bid" not in rules:
            options.add("all-pass=forced")
    hands, score = [], [0, 0]
    for k, r in enumerate(rounds):
        hand = _hand(k + 1, r, seat_of, options)
        if r.marks is not None:
            team, marks = r.marks
            hand.award = StatedAward({_TEAMS[team - 1]: marks})
            score[team - 1] += marks
            hand.score = StatedScore({"NS": score[0], "EW": score[1]})
        hands.append(hand)
    if rules is None and "forced-nello=on" in options:
        notes.append("a Nil called on a bid under 84 is the server's Forced Nil rule (a forced dealer's 42): read with forced-nello=on")
    if rules is None:
        if any(all(c.amount is None for c in h.calls) and len(h.calls) == 4 for h in hands):
            options.add("all-pass=reshake")
        else:
            options.add("all-pass=forced")
            notes.append("the history names no rules: read with the server's default, a forced bid after three passes")
    users = {seat: user for user, seat in seat_of.items()}
    tags = [Tag("Rules", PEER_GAME)]
    if options:
        tags.append(Tag("Options", " ".join(sorted(options))))
    tags += [Tag(_PLACES[s], users[s]) for s in SEATS if s in users]
    tags.append(Tag("Source", "jswood23"))
    if rules is not None:
        tags.append(Tag("Settings", "rules=" + json.dumps(rules, separators=(",", ":"))))
    if any(_WON_MATCH.match(e.text) for e in entries if e.kind == "system"):
        tags.append(Tag("Winner", _TEAMS[0] if score[0] > score[1] else _TEAMS[1]))
    else:
        tags.append(Tag("Status", "unfinished"))
    how = (
        "the game's team lists (player 0 North, then clockwise)"
        if from_teams
        else "the order of the first round's bids (the first bidder North)"
    )
    notes.append(f"the seats come from {how}; each round's dealer is the seat before its first bidder")
    if unjudged:
        notes.append("the game plays " + ", ".join(unjudged) + ", which the referee does not judge yet")
    tags[0].comments = tuple(notes)
    return GameRecord(tags=tags, hands=hands), notes


_NOT_PLAYED = (
    ("mark-bids", ("after-84",), "LukeConran's mark ladder"),
    ("opening-lead", ("trump",), "a trump opening lead"),
    ("auction", ("until-one-left",), "an auction that goes round"),
)
"""Options of other programs' rules, the values the server cannot hold, and their names."""


def _hand(number: int, r: _Round, seat_of: dict[str, str], options: set[str]) -> HandRecord:
    bids = [e for e in r.entries if e.kind == "bid"]
    if not bids:
        raise PeerError("a round with no bids", r.entries[0].line, 1)
    first = _seat(seat_of, bids[0])
    hand = HandRecord(number=number, dealer=SEATS[(SEATS.index(first) + 3) % 4])
    for e in bids:
        if not e.move.isdigit():
            raise PeerError(f"expected a bid amount (0 for a pass), found `{e.move}`", e.line, len(e.user) + 6)
        amount = int(e.move)
        hand.calls.append(Call(_seat(seat_of, e)) if amount == 0 else Call(_seat(seat_of, e), amount))
    trick: list[Play] = []
    for e in r.entries:
        if e.kind == "call":
            _call(hand, e, seat_of, options)
        elif e.kind == "play":
            m = re.fullmatch(r"([0-6])-([0-6])", e.move)
            if m is None:
                raise PeerError(f"expected a domino such as 6-4, found `{e.move}`", e.line, len(e.user) + len(e.kind) + 3)
            trick.append(Play(_seat(seat_of, e), Tile.of(int(m.group(1)), int(m.group(2)))))
        elif e.kind == "system":
            m = _WON_TRICK.match(e.text)
            if m:
                winner = seat_of.get(m.group(2))
                hand.tricks.append(TrickRecord(plays=trick, winner=winner))
                trick = []
    if trick:
        hand.tricks.append(TrickRecord(plays=trick))
    return hand


def _seat(seat_of: dict[str, str], e: _Entry) -> str:
    seat = seat_of.get(e.user)
    if seat is None:
        raise PeerError(f"`{e.user}` is not one of the game's four players", e.line, 1)
    return seat


def _call(hand: HandRecord, e: _Entry, seat_of: dict[str, str], options: set[str]) -> None:
    seat = _seat(seat_of, e)
    words = e.move.split(" ")
    if words[0] in ("Splash", "Plunge"):
        contract = words[0].lower()
        options |= {f"{contract}=on", "plunge-lead=partner"}
        bids = [c for c in hand.calls if c.amount is not None]
        if bids:
            bids[-1].contract = contract  # type: ignore[assignment]  # splash or plunge
        return
    by = seat if any(c.contract for c in hand.calls) else None
    if words[0].isdigit() and 0 <= int(words[0]) <= 6:
        hand.trump = TrumpRecord(kind="suit", suit=int(words[0]), by=by)
    elif words[0] == "Follow-me":
        hand.trump = TrumpRecord(kind="follow-me", by=by)
    elif words[0] == "Doubles-trump":
        hand.trump = TrumpRecord(kind="doubles", by=by)
    elif words[0] == "Sevens":
        options.add("sevens=on")
        hand.trump = TrumpRecord(kind="sevens", by=by)
    elif words[0] == "Nil" and words[1:2] and words[1] in ("Doubles-high", "Doubles-low", "Doubles-own-suit"):
        options |= {"nello=on", "nello-marks=2"}
        bids = [c for c in hand.calls if c.amount is not None]
        if bids and (bids[-1].amount or 0) < 84 and not options & {"all-pass=reshake", "all-pass=forced"}:
            # A bare history names no rules: the server allows Nil under 84 to a forced dealer, under Forced Nil only.
            options |= {"forced-nello=on", "all-pass=forced"}
        mode = words[1].removeprefix("Doubles-")
        if mode == "high":
            options.add("nello-doubles=high")
        hand.trump = TrumpRecord(kind="nello", doubles_low=mode == "low", by=by)
        if mode == "low":
            options.add("nello-doubles=low")
    else:
        raise PeerError(
            f"expected a trump call (0-6, Follow-me, Doubles-trump, Nil ..., Sevens, Splash, Plunge), found `{e.move}`", e.line, 1
        )


def history_lines(record: GameRecord, verdict: GameVerdict | None) -> list[str] | Refusal:
    """A record as the server's round history, one entry a line."""
    reasons = []
    if not plays_peer_game(record):
        reasons.append("my-texas-42 plays Texas 42 only")
    options = dict(o.partition("=")[::2] for o in (record.tag("Options") or "").split())
    if options.get("scoring") == "points":
        reasons.append("points scoring (my-texas-42 scores marks)")
    reasons += [f"{why} (my-texas-42 does not play it)" for name, bad, why in _NOT_PLAYED if options.get(name, "") in bad]
    if verdict is None or len(verdict.hands) != len(record.hands):
        reasons.append("the record could not be replayed, and the history needs each trick's winner")
    users = {s: tag_value(record.tags, _PLACES[s]) or s for s in SEATS}
    lines: list[str] = []
    for i, hand in enumerate(record.hands):
        n = hand.label(i + 1)
        if hand.claim is not None or hand.misdeal is not None or hand.renege is not None or hand.accepted:
            reasons.append(f"hand {n}: a claim, concession or ruling (the server plays every trick it needs)")
        if any(c.contract == "plunge" for c in hand.calls):
            reasons.append(f"hand {n}: a plunge (the server's plunge is a 2-mark bid worth one mark more, not the referee's)")
        if any(c.contract == "splash" for c in hand.calls) and options.get("plunge-lead") != "partner":
            reasons.append(f"hand {n}: a splash led by the declarer (the server has the partner who calls trump lead)")
        bid = max((c.amount for c in hand.calls if c.amount is not None), default=0)
        if hand.trump is not None and hand.trump.kind == "nello" and bid < 84 and options.get("forced-nello") != "on":
            reasons.append(f"hand {n}: nello on a bid under 2 marks (the server's Nil needs 84, or Forced Nil and a forced dealer)")
        if reasons or verdict is None:
            continue
        hv = verdict.hands[i]
        for call in hand.calls:
            lines.append(f"{users[call.seat or 'N']}\\bid\\{call.amount or 0}")
        if hv.declarer is None:
            continue
        lines.append(f"{users[hv.declarer]} has won the bid.")
        declarer = hv.declarer
        if any(c.contract == "splash" for c in hand.calls):
            lines.append(f"{users[declarer]}\\call\\Splash")
        t = hand.trump
        if t is not None:
            caller = t.by or declarer
            move = {"suit": str(t.suit), "follow-me": "Follow-me", "doubles": "Doubles-trump", "sevens": "Sevens"}.get(t.kind)
            if t.kind == "nello":
                mode = "low" if t.doubles_low else (record.tag("Options") or "").partition("nello-doubles=")[2].split(" ")[0] or "own-suit"
                move = f"Nil Doubles-{mode}"
            lines.append(f"{users[caller]}\\call\\{move}")
        for trick, tv in zip(hand.tricks, hv.tricks, strict=False):
            for p, seat in zip(trick.plays, tv.seats, strict=False):
                lines.append(f"{users[seat]}\\play\\{p.tile}")
            if tv.winner is not None and len(trick.plays) == len(tv.seats):
                team = "NESW".index(tv.winner) % 2 + 1
                points = 1 + sum(count_value(p.tile) for p in trick.plays)
                lines.append(f"Team {team} ({users[tv.winner]}) wins trick worth {points} points.")
        won = {side: a for side, a in hv.awards.items() if a}
        if len(won) == 1 and hv.made is not None:
            side, marks = next(iter(won.items()))
            lines.append(f"Team {_TEAMS.index(side) + 1} wins round worth {marks} marks.")
    if reasons:
        return Refusal(tuple(reasons))
    if verdict is not None and verdict.winner is not None:
        lines.append(f"Team {_TEAMS.index(verdict.winner) + 1} wins the match!")
    return lines


def history_document(record: GameRecord, verdict: GameVerdict | None) -> str | Refusal:
    """A record as the server's game JSON (teams, rules and the rounds' entries), which keeps
    the seats and the rules a bare history loses."""
    lines = history_lines(record, verdict)
    if isinstance(lines, Refusal):
        return lines
    users = {s: tag_value(record.tags, _PLACES[s]) or s for s in SEATS}
    settings = tag_value(record.tags, "Settings") or ""
    if settings.startswith("rules="):
        rules = json.loads(settings[6:])
    else:
        options = (record.tag("Options") or "").split()
        rules = [
            rule
            for rule, played in _RULE_OPTIONS.items()
            if played[0] in options or (rule == "No forced bid" and "all-pass=forced" not in options)
        ]
    data = {"team_1": [users["N"], users["S"]], "team_2": [users["E"], users["W"]], "rules": rules, "current_round_history": lines}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
