"""mk5's game links: their three formats, read into events and written back.

mk5 (github.com/jasonyandell/mk5-main) shares a game as a link that holds the
deal's seed (or the packed hands) and every action taken, one event each, never
the tiles.  Three formats have existed; the sources read for each are listed in
docs/interchange.md:

- **v1** ``?d=BASE64URL``: ``{"v":1,"s":{"s":SEED,"d":DEALER,"t":TARGET,"m":false},
  "a":[{"i":"30"},...]}`` with short action ids (``src/game/core/url-compression.ts``
  at commit 6039058).
- **v2** ``?v=2&s=SEED&p=..&d=..&t=0&a=EVENTS``: the seed in decimal, one character
  per event (the same file at 61674e4).
- **v3** ``?s=SEED36`` or ``?i=HANDS``, then ``p d t v h l a``: the seed in base 36, or
  the 28 tiles packed 5 bits each in base64url; theme, colours and layers (the
  special contracts) as settings (HEAD).  Links between v2 and v3 (``tm``, ``at``,
  ``rs``) are read the same way.

A link is read from a full address, a bare query string, or a line of a file of
links.  Every value is decoded as the browser's ``URLSearchParams`` does, and
written back the same way (``~`` as ``%7E``), so a link read and written again is
the same text.

>>> link = parse_link("https://example.org/?s=9ix&a=CAAAW", 1)
>>> link.version, link.seed, [e.name for e in link.events]
('v3', 12345, ['bid-30', 'pass', 'pass', 'pass', 'trump-4'])
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from ...engine.tiles import Tile
from .common import PeerError

__all__ = ["Event", "Link", "decode_hands", "encode_hands", "event_char", "form_encode", "parse_link", "v1_blob"]

MAX_SEED = 2**53
"""Seeds mk5 keeps exactly (a JavaScript number); larger ones are refused."""

_TRUMP_NAMES = {
    "blanks": 0, "ones": 1, "aces": 1, "twos": 2, "deuces": 2, "threes": 3, "tres": 3,
    "fours": 4, "fives": 5, "sixes": 6,
}  # fmt: skip

_DECK = [Tile.of(hi, lo) for hi in range(7) for lo in range(hi + 1)]
"""mk5's tile indexes (``high * (high + 1) / 2 + low``): 0-0, 1-0, 1-1, 2-0 ..."""
_PLAY_CHARS = "bcdefghijklmnopqrstuvwxyz012"
"""One character per tile, in mk5's tile order (v2 and v3)."""


def _v23_table() -> dict[str, str]:
    table = {"A": "pass", "B": "redeal"}
    for i, points in enumerate(range(30, 43)):
        table[chr(ord("C") + i)] = f"bid-{points}"
    table.update({"P": "marks-1", "Q": "marks-2", "R": "marks-3"})
    for suit, ch in enumerate("STUVWXY"):
        table[ch] = f"trump-{suit}"
    table.update({"Z": "trump-doubles", "a": "trump-follow-me"})
    for ch, t in zip(_PLAY_CHARS, _DECK, strict=True):
        table[ch] = f"play-{t}"
    table.update({"3": "trick", "4": "score"})
    for p, (trick, score) in enumerate(zip("5678", "9-_.", strict=True)):
        table[trick] = f"ack-trick-{p}"
        table[score] = f"ack-score-{p}"
    return table


_V23 = _v23_table()
_V23_BACK = {name: ch for ch, name in _V23.items()}
_ESCAPED = {
    "A": "special-plunge",
    "B": "special-splash",
    "C": "special-nello",
    "D": "special-84-honors",
    "E": "special-sevens",
    "F": "timeout-0",
    "G": "timeout-1",
    "H": "timeout-2",
    "I": "timeout-3",
    "?": "unknown",
}

_V1 = {
    "p": "pass", "r": "redeal", "sh": "score-hand", "ct": "complete-trick",
    "m1": "bid-1-marks", "m2": "bid-2-marks", "m3": "bid-3-marks",
    "t0": "trump-blanks", "t1": "trump-ones", "t2": "trump-twos", "t3": "trump-threes", "t4": "trump-fours",
    "t5": "trump-fives", "t6": "trump-sixes", "t7": "trump-doubles", "t8": "trump-no-trump",
}  # fmt: skip
for _points in range(30, 42):
    _V1[str(_points)] = f"bid-{_points}"
for _t in _DECK:
    _code = f"{_t.hi}{_t.lo}"
    _V1[_code + "d" if _code in _V1 else _code] = f"play-{_t.hi}-{_t.lo}"
_V1_BACK = {long: short for short, long in _V1.items()}


class Event(NamedTuple):
    """One action of the link: its name (``bid-30``, ``marks-2``, ``trump-4``,
    ``play-6-4``, ``trick``, ``score``, ``ack-trick-0`` ...), the column of its first
    character in the input line, and the text it was written as."""

    name: str
    column: int
    text: str


@dataclass
class Link:
    """A link as read: its version, the deal's source (seed or hands), dealer, players,
    layers and events, and ``template``: the link with the values the record gives back
    (seed, hands, dealer, events) left blank, to write it again as it was."""

    version: str
    line: int
    text: str
    seed: int | None = None
    hands: list[list[Tile]] | None = None
    dealer: int = 3
    players: str = "haaa"
    layers: list[str] = field(default_factory=list)
    target: int | None = None
    tournament_off: bool = False
    """Version 1's ``m: false``: the game was not in tournament mode."""
    events: list[Event] = field(default_factory=list)
    template: str = ""
    events_column: int = 1


def form_encode(value: str) -> str:
    """``value`` as ``URLSearchParams.toString()`` writes it (application/x-www-form-urlencoded)."""
    out = []
    for ch in value:
        if ch.isascii() and (ch.isalnum() or ch in "*-._"):
            out.append(ch)
        elif ch == " ":
            out.append("+")
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "".join(out)


def _form_decode(raw: str, column: int, line: int, text: str) -> list[tuple[str, int]]:
    """The characters of a form-encoded value, each with the column it starts at."""
    data = bytearray()
    columns: list[int] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "%" and re.fullmatch(r"[0-9A-Fa-f]{2}", raw[i + 1 : i + 3]):
            data.append(int(raw[i + 1 : i + 3], 16))
            columns.append(column + i)
            i += 3
            continue
        encoded = (" " if ch == "+" else ch).encode("utf-8")
        data.extend(encoded)
        columns.extend([column + i] * len(encoded))
        i += 1
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PeerError("a percent-escape is not UTF-8 text", line, columns[e.start], line_text=text) from None
    out: list[tuple[str, int]] = []
    pos = 0
    for ch in decoded:
        out.append((ch, columns[pos]))
        pos += len(ch.encode("utf-8"))
    return out


def parse_link(text: str, line: int) -> Link:
    """One link (a full address or a query string) from line ``line`` of the input."""
    start = text.find("?")
    query_at = start + 1 if start >= 0 else 0
    end = text.find("#", query_at)
    query = text[query_at : end if end >= 0 else len(text)]
    params: list[tuple[str, str, int]] = []  # key, raw value, column of the value
    offset = query_at
    for piece in query.split("&"):
        if piece:
            key, eq, value = piece.partition("=")
            params.append((key, value, offset + len(key) + len(eq) + 1))
        offset += len(piece) + 1
    if not params:
        raise PeerError("no link here: expected an mk5 game link such as `?s=9ix&a=CAAAW`", line, 1, line_text=text)
    keys = [k for k, _, _ in params]
    values = {k: (v, c) for k, v, c in params}
    prefix = text[:query_at]
    if "d" in values and not ({"s", "i", "a"} & set(keys)) and not re.fullmatch(r"[0-9]", values["d"][0]):
        link = Link("v1", line, text)
        _read_v1(link, *values["d"])
        link.template = prefix + "d" + ("&m=false" if link.tournament_off else "")
        return link
    version = "v2" if values.get("v", ("",))[0] == "2" else "v3"
    link = Link(version, line, text)
    derived = {"s", "i", "d", "a"}
    link.template = prefix + "&".join(k if k in derived else f"{k}={v}" for k, v, _ in params)
    decoded = {k: "".join(ch for ch, _ in _form_decode(v, c, line, text)) for k, (v, c) in values.items() if k != "a"}
    if "i" in decoded:
        link.hands = _hands_param(decoded["i"], values["i"][1], line, text)
    elif "s" in decoded:
        link.seed = _seed_param(decoded["s"], 10 if version == "v2" else 36, values["s"][1], line, text)
    else:
        raise PeerError("the link holds neither a seed (`s=`) nor the hands (`i=`): mk5 would deal at random", line, 1, line_text=text)
    if "d" in decoded:
        if not re.fullmatch(r"[0-3]", decoded["d"]):
            raise PeerError(f"the dealer `d={decoded['d']}` is not a player 0 to 3", line, values["d"][1], line_text=text)
        link.dealer = int(decoded["d"])
    if "p" in decoded:
        if not re.fullmatch(r"[ha]{4}", decoded["p"]):
            raise PeerError(
                f"the players `p={decoded['p']}` are not four of h (human) and a (computer)", line, values["p"][1], line_text=text
            )
        link.players = decoded["p"]
    codes = decoded.get("l") or decoded.get("rs")
    if codes:
        link.layers = [c for c in codes.split(",") if c]
    if "a" in values:
        raw, column = values["a"]
        link.events_column = column
        link.events = _events(_form_decode(raw, column, line, text), version, line, text)
    return link


def _seed_param(value: str, base: int, column: int, line: int, text: str) -> int:
    digits = "0123456789" if base == 10 else "0123456789abcdefghijklmnopqrstuvwxyz"
    for i, ch in enumerate(value.lower()):
        if ch not in digits:
            what = "decimal" if base == 10 else "base 36"
            raise PeerError(f"the seed `{value}` is not a {what} number: `{value[i]}`", line, column + i, line_text=text)
    if not value:
        raise PeerError("the seed `s=` is empty", line, column, line_text=text)
    seed = int(value, base)
    if seed >= MAX_SEED:
        raise PeerError(f"the seed {seed} is larger than mk5 can keep exactly (2^53)", line, column, line_text=text, width=len(value))
    return seed


def decode_hands(value: str) -> list[list[Tile]]:
    """The hands of players 0-3 packed in an ``i=`` value (``decodeInitialHands``);
    ``ValueError`` when they are not 28 different tiles."""
    try:
        data = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("not base64url") from None
    if len(data) != 18:
        raise ValueError(f"{len(data)} bytes where mk5 packs 18")
    bits = int.from_bytes(data, "little")
    indices = [bits >> (5 * k) & 31 for k in range(28)]
    bad = [i for i in indices if i > 27]
    if bad:
        raise ValueError(f"tile index {bad[0]} is not one of mk5's 28 (0 to 27)")
    if len(set(indices)) != 28:
        raise ValueError("a tile appears twice")
    tiles = [_DECK[i] for i in indices]
    return [tiles[k : k + 7] for k in range(0, 28, 7)]


def encode_hands(hands: list[list[Tile]]) -> str:
    """The ``i=`` value of four hands of seven (``encodeInitialHands``)."""
    index = {t: i for i, t in enumerate(_DECK)}
    bits = 0
    for k, t in enumerate(t for hand in hands for t in hand):
        bits |= index[t] << (5 * k)
    return base64.urlsafe_b64encode(bits.to_bytes(18, "little")).decode("ascii").rstrip("=")


def _hands_param(value: str, column: int, line: int, text: str) -> list[list[Tile]]:
    try:
        return decode_hands(value)
    except ValueError as e:
        raise PeerError(f"the hands `i=` cannot be read: {e}", line, column, line_text=text, width=len(value)) from None


def _events(chars: list[tuple[str, int]], version: str, line: int, text: str) -> list[Event]:
    events: list[Event] = []
    i = 0
    while i < len(chars):
        ch, column = chars[i]
        if ch == "~" and i + 1 < len(chars):
            nxt = chars[i + 1][0]
            name = _ESCAPED.get(nxt)
            if name is None or (nxt == "C" and version != "v2"):
                raise PeerError(f"`~{nxt}` is not an mk5 event", line, column, line_text=text, width=2)
            events.append(Event(name, column, ch + nxt))
            i += 2
            continue
        name = _V23.get(ch)
        if name is None:
            raise PeerError(
                f"`{ch}` is not an mk5 event",
                line,
                column,
                line_text=text,
                hint="mk5 writes one letter, digit, `-`, `_`, `.` or `~X` per event",
            )
        events.append(Event(name, column, ch))
        i += 1
    return events


def _read_v1(link: Link, raw: str, column: int) -> None:
    line, text = link.line, link.text
    blob = "".join(ch for ch, _ in _form_decode(raw, column, line, text))
    try:
        data = json.loads(base64.urlsafe_b64decode(blob + "=" * (-len(blob) % 4)).decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise PeerError(
            "the `d=` value is not a version 1 mk5 link (base64url JSON)", line, column, line_text=text, width=len(raw)
        ) from None
    if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("s"), dict) or not isinstance(data.get("a"), list):
        raise PeerError(
            "the `d=` value is JSON but not an mk5 link: expected {v: 1, s: {...}, a: [...]}", line, column, line_text=text, width=len(raw)
        )
    state = data["s"]
    seed = state.get("s")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= abs(seed) < MAX_SEED:
        raise PeerError(f"the seed s.s = {seed!r} is not a whole number mk5 keeps exactly", line, column, line_text=text, width=len(raw))
    link.seed = seed
    dealer = state.get("d", 3)
    if dealer not in (0, 1, 2, 3) or isinstance(dealer, bool):
        raise PeerError(f"the dealer s.d = {dealer!r} is not a player 0 to 3", line, column, line_text=text, width=len(raw))
    link.dealer = dealer
    target = state.get("t")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool) or target < 1):
        raise PeerError(f"the target s.t = {target!r} is not a number of marks", line, column, line_text=text, width=len(raw))
    link.target = target
    link.tournament_off = state.get("m") is False
    link.events_column = column
    for n, action in enumerate(data["a"]):
        short = action.get("i") if isinstance(action, dict) else None
        name = _v1_name(short) if isinstance(short, str) else None
        if name is None:
            raise PeerError(f"action {n + 1} of the link ({action!r}) is not an mk5 action", line, column, line_text=text, width=len(raw))
        link.events.append(Event(name, column, short))  # type: ignore[arg-type]  # short is a str when name is set


def _v1_name(short: str) -> str | None:
    long = _V1.get(short, short)
    if long in ("pass", "redeal"):
        return long
    if long == "complete-trick":
        return "trick"
    if long == "score-hand":
        return "score"
    m = re.fullmatch(r"bid-(\d+)(-marks)?", long)
    if m:
        return f"marks-{m.group(1)}" if m.group(2) else f"bid-{m.group(1)}"
    m = re.fullmatch(r"trump-([a-z-]+)", long)
    if m:
        word = m.group(1)
        if word in _TRUMP_NAMES:
            return f"trump-{_TRUMP_NAMES[word]}"
        return {"doubles": "trump-doubles", "no-trump": "trump-follow-me"}.get(word)
    m = re.fullmatch(r"play-([0-6])-([0-6])", long)
    if m and int(m.group(1)) >= int(m.group(2)):
        return f"play-{m.group(1)}-{m.group(2)}"
    return None


def event_char(name: str, version: str) -> str | None:
    """How ``version`` writes the event ``name`` (None: it has no way to)."""
    if version == "v1":
        long = _v1_long(name)
        return None if long is None else _V1_BACK.get(long, long)
    return _V23_BACK.get(name)


def _v1_long(name: str) -> str | None:
    if name in ("pass", "redeal"):
        return name
    if name == "trick":
        return "complete-trick"
    if name == "score":
        return "score-hand"
    if name.startswith("marks-"):
        return f"bid-{name[6:]}-marks"
    if name.startswith("bid-") or name.startswith("play-"):
        return name
    if name.startswith("trump-"):
        word = name[6:]
        names = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")
        return "trump-" + (names[int(word)] if word.isdigit() else {"doubles": "doubles", "follow-me": "no-trump"}[word])
    return None


def v1_blob(seed: int, dealer: int, target: int | None, tournament_off: bool, events: Iterable[str]) -> str:
    """The ``d=`` value of a version 1 link (``encodeURLData``)."""
    state: dict[str, object] = {"s": seed}
    if dealer != 3:
        state["d"] = dealer
    if target is not None and target != 7:
        state["t"] = target
    if tournament_off:
        state["m"] = False
    data = {"v": 1, "s": state, "a": [{"i": e} for e in events]}
    text = json.dumps(data, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")
