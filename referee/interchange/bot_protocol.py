"""Protocol ``referee-bot/1``: the JSON Lines a bot and the referee exchange in a match.

One bot process plays one seat. The referee writes one JSON object per line to the
bot's standard input; the bot answers one JSON object per line on its standard
output; what it writes to standard error goes to a log. Every message has a
``type``. Values are the notation's own words (``"6-4"``, ``"31"``, ``"pass"``,
``"sixes"``, ``"nello low"``), so what a bot says is what the record holds.

Every ``request`` carries the seat's whole ``view`` and the complete list of legal
answers, so a bot needs no rules engine and can be restarted in the middle of a
game. A bot sees only what its seat may know: its own tiles, the widow or cat
only if it took them, and what happened in public (``bot_view.View``).

The referee's messages are built here and written by :func:`encode`; a bot's line
is read by :func:`parse_bot_line`, which returns a message or a :class:`BadLine`
naming what is wrong (never an exception). ``referee schema --for bot`` publishes
both directions (docs/bots.md is the bot author's guide).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, TypeAdapter, ValidationError, model_validator

from .bot_view import OUT, CalledBid, Played, RequestKind, Seat, TrickDone, View

__all__ = [
    "MAX_BOT_LINE",
    "PROTOCOL",
    "Action",
    "BadLine",
    "BotMessage",
    "BotProtocolLine",
    "CallEvent",
    "CalledBid",
    "Clock",
    "Deal",
    "Event",
    "ExchangeEvent",
    "FaultKind",
    "ForfeitEvent",
    "GameEndEvent",
    "HandEndEvent",
    "Hello",
    "Info",
    "Ping",
    "PlayEvent",
    "Played",
    "Pong",
    "Quit",
    "Ready",
    "RefereeMessage",
    "Request",
    "RequestKind",
    "Termination",
    "TimeControl",
    "TrickDone",
    "TrickEvent",
    "TrumpEvent",
    "View",
    "clip",
    "encode",
    "parse_bot_line",
]

PROTOCOL = "referee-bot/1"
"""The protocol's name and version, sent in ``hello``."""

MAX_BOT_LINE = 65_536
"""Bytes one line from a bot may hold, its newline included: a longer line is a protocol fault."""

FaultKind = Literal["time", "illegal", "protocol", "crash", "stall"]
"""What a bot did wrong: answered too late, answered what is not among the legal answers, wrote
what is not a message of this protocol, exited or closed its output, or did not answer a ``ping``."""

Termination = Literal["normal", "time forfeit", "illegal move", "abandoned", "unterminated"]
"""How a game ended, in PGN's words (the ``[Termination]`` tag of the record)."""


_IN = ConfigDict(extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True)

Word = Annotated[str, Field(min_length=1, max_length=64)]


# -- referee -> bot ------------------------------------------------------------------------------------


class TimeControl(BaseModel):
    """The time a bot has. A reply later than its allowance plus the margin is a time fault."""

    model_config = OUT

    decision_ms: int | None = Field(ge=1)
    """Most milliseconds for one decision; null: no limit per decision."""
    game_ms: int | None = Field(ge=1)
    """Milliseconds for all of this seat's decisions in one game; null: no game budget."""
    increment_ms: int = Field(ge=0)
    """Added to the game budget after each decision."""
    margin_ms: int = Field(ge=0)
    """Grace beyond the allowance before a reply counts as late (pipes and the scheduler take time)."""


class Hello(BaseModel):
    """The first message to a bot process: who it is, what is played, and under what rules."""

    model_config = OUT

    type: Literal["hello"] = "hello"
    protocol: Literal["referee-bot/1"] = "referee-bot/1"
    game: str
    """The game's name as ``[Rules]`` writes it (42, moon, 88)."""
    options: dict[str, str]
    """Every rule option and its value (``referee rules`` lists them): ``{"nello": "on", ...}``."""
    target: int = Field(ge=1)
    unit: Literal["marks", "points"]
    """What ``target`` counts: the game is won by the first side to reach it."""
    seat: Seat
    """The seat this bot plays."""
    seats: list[Seat]
    """Every seat in play order (clockwise)."""
    sides: dict[str, list[Seat]]
    """Each side's name and its seats: ``{"NS": ["N", "S"], "EW": ["E", "W"]}``; in Moon each seat is a side."""
    names: dict[str, str]
    """By seat: the name of the bot or player there."""
    time: TimeControl
    seed: int = Field(ge=0)
    """A number for the bot's random generator, so a match can be played again exactly."""


class Deal(BaseModel):
    """A new hand: this seat's tiles. The first deal of a game has ``hand`` 1."""

    model_config = OUT

    type: Literal["deal"] = "deal"
    game: int = Field(ge=1)
    """1-based number of the game this bot plays in the match."""
    hand: int = Field(ge=1)
    dealer: Seat
    tiles: list[str]
    """This seat's tiles, high first."""
    score: dict[str, int]
    """By side: the game score before this hand."""


class _Event(BaseModel):
    model_config = OUT

    type: Literal["event"] = "event"


class CallEvent(_Event):
    """A seat bid or passed."""

    event: Literal["call"] = "call"
    seat: Seat
    call: str
    """``30``, ``pass``, ``84 splash``, ``64 fives``."""


class ExchangeEvent(_Event):
    """The declarer exchanged with the widow or cat. Only the declarer is told the tiles."""

    event: Literal["exchange"] = "exchange"
    seat: Seat
    count: int = Field(ge=0)
    """How many tiles were exchanged (0: none)."""
    took: list[str] | None
    """The tiles taken; null for every seat but the declarer."""
    gave: list[str] | None
    """The tiles laid away; null for every seat but the declarer."""


class TrumpEvent(_Event):
    """The declarer's trump or contract."""

    event: Literal["trump"] = "trump"
    seat: Seat
    """The declarer."""
    trump: str
    """``sixes``, ``doubles``, ``follow-me``, ``nello low``, ``sevens``."""
    by: Seat | None
    """The seat that named it when it is not the declarer (the partner after a plunge or splash)."""


class PlayEvent(_Event):
    """A seat played a tile."""

    event: Literal["play"] = "play"
    seat: Seat
    tile: str


class TrickEvent(_Event):
    """A trick was won."""

    event: Literal["trick"] = "trick"
    trick: int = Field(ge=1)
    """1-based number of the trick in the hand."""
    winner: Seat
    points: int


class HandEndEvent(_Event):
    """The hand is over: its result, and the whole deal, now public."""

    event: Literal["hand_end"] = "hand_end"
    hand: int = Field(ge=1)
    result: str
    """The result as the record writes it: ``NS 30 made``, ``B 5 set``, ``thrown in`` (everyone passed);
    for a forfeited hand, the forfeit."""
    award: dict[str, int]
    """By side: what the hand scored."""
    score: dict[str, int]
    """By side: the game score after the hand."""
    deal: dict[str, list[str]]
    """By seat: the tiles dealt."""
    kitty: list[str]
    """The widow or cat as dealt (empty in 42)."""


class ForfeitEvent(_Event):
    """A seat's side lost the hand (or the game) by a fault."""

    event: Literal["forfeit"] = "forfeit"
    seat: Seat
    reason: FaultKind
    trick: int | None = Field(ge=1)
    """The trick the fault came in; null during the auction, exchange or trump."""


class GameEndEvent(_Event):
    """The game is over."""

    event: Literal["game_end"] = "game_end"
    winner: str | None
    """The winning side; null when the game was not finished."""
    score: dict[str, int]
    termination: Termination


Event = Annotated[
    CallEvent | ExchangeEvent | TrumpEvent | PlayEvent | TrickEvent | HandEndEvent | ForfeitEvent | GameEndEvent,
    Field(discriminator="event"),
]
"""Something happened that this seat may know."""


class Clock(BaseModel):
    """The time this seat has for the decision asked."""

    model_config = OUT

    decision_ms: int | None = Field(ge=0)
    """Milliseconds for this decision (the smaller of the decision limit and what is left of the game
    budget); null: no limit."""
    game_ms: int | None = Field(ge=0)
    """Milliseconds left of this seat's game budget; null: no game budget."""


class Request(BaseModel):
    """A decision is wanted from this seat: answer with an ``action`` of the same ``id``."""

    model_config = OUT

    type: Literal["request"] = "request"
    id: int = Field(ge=1)
    """Rises with every request and ping to this bot; answers name it."""
    kind: RequestKind
    legal: list[str] = Field(min_length=1)
    """Every legal answer: the action's value must be one of these, written exactly so."""
    view: View
    clock: Clock

    @model_validator(mode="after")
    def _one_list(self) -> Request:
        if self.view.legal != self.legal or self.view.phase != self.kind:
            raise ValueError("a request's view must hold its legal answers and its kind")
        return self


class Ping(BaseModel):
    """Are you there? Answer ``pong`` with the same ``id`` at once. The referee pings only while it
    waits for nothing else (between games, hands or decisions), so a bot that reads one line at a time
    can answer."""

    model_config = OUT

    type: Literal["ping"] = "ping"
    id: int = Field(ge=1)


class Quit(BaseModel):
    """The match is over for this bot: exit."""

    model_config = OUT

    type: Literal["quit"] = "quit"


RefereeMessage = Annotated[Hello | Deal | Event | Request | Ping | Quit, Field(discriminator="type")]
"""Any line the referee writes to a bot (events are told apart by ``event``)."""


# -- bot -> referee ----------------------------------------------------------------------------------


class Ready(BaseModel):
    """The answer to ``hello``: the bot is ready to play."""

    model_config = _IN

    type: Literal["ready"]
    name: Word
    version: Word | None = None
    author: Annotated[str, Field(max_length=200)] | None = None


class Action(BaseModel):
    """The answer to a ``request``."""

    model_config = _IN

    type: Literal["action"]
    id: int
    """The request's ``id``."""
    value: Word
    """One of the request's ``legal`` answers, written exactly so."""


class Pong(BaseModel):
    """The answer to a ``ping``."""

    model_config = _IN

    type: Literal["pong"]
    id: int
    """The ping's ``id``."""


class Info(BaseModel):
    """Anything the bot wants logged (its thinking, an evaluation). It may be sent at any time."""

    model_config = _IN

    type: Literal["info"]
    text: Annotated[str, Field(max_length=4096)]
    eval: float | None = None
    """The bot's own evaluation, in whatever scale it likes; logged only."""


BotMessage = Annotated[Ready | Action | Pong | Info, Field(discriminator="type")]
"""Any line a bot may write."""

_BOT_TYPES = ("ready", "action", "pong", "info")


class BotProtocolLine(
    RootModel[Annotated[Hello | Deal | Event | Request | Ping | Quit | Ready | Action | Pong | Info, Field(discriminator="type")]]
):
    """A line of protocol referee-bot/1, either way: the referee writes hello, deal, event, request,
    ping and quit; a bot writes ready, action, pong and info."""

    model_config = ConfigDict(title="referee-bot/1 line")


_READ_BOT: TypeAdapter[Ready | Action | Pong | Info] = TypeAdapter(BotMessage)


def encode(message: BaseModel) -> bytes:
    """One message of the referee as the line it writes: compact JSON and a newline.

    >>> encode(Ping(id=3))
    b'{"type":"ping","id":3}\\n'
    """
    return message.__pydantic_serializer__.to_json(message) + b"\n"


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line from a bot that is not a message of the protocol: why, and the line (clipped, escaped)."""

    reason: str
    line: str


def clip(text: str | bytes, limit: int = 120) -> str:
    """``text`` safe to print in one line of a report: control and invisible characters as escapes,
    cut to ``limit`` characters with the rest counted.

    >>> clip('ok "\\x1b[31m"\\n')
    'ok "\\\\x1b[31m"\\\\n'
    >>> clip("x" * 10, 4)
    'xxxx… (6 more)'
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="backslashreplace")
    out = []
    for ch in text[:limit]:
        out.append(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii"))
    more = len(text) - limit
    return "".join(out) + (f"… ({more:,} more)" if more > 0 else "")


def parse_bot_line(raw: bytes) -> Ready | Action | Pong | Info | BadLine | None:
    """A bot's line read as a message, or why it is not one; None for a blank line (ignored).

    >>> parse_bot_line(b'{"type":"action","id":4,"value":"6-4"}\\n')
    Action(type='action', id=4, value='6-4')
    >>> parse_bot_line(b'{"type":"move","id":4}')
    BadLine(reason="unknown type 'move' (a bot writes ready, action, pong or info)", line='{"type":"move","id":4}')
    >>> parse_bot_line(b'{"type":"action","id":"4","value":"6-4"}').reason
    "action: id: Input should be a valid integer (got '4')"
    """
    if len(raw) > MAX_BOT_LINE:
        return BadLine(f"line of {len(raw):,} bytes, over the limit of {MAX_BOT_LINE:,}", clip(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return BadLine(f"not UTF-8 ({e.reason} at byte {e.start})", clip(raw))
    if not text.strip():
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        return BadLine(f"not JSON ({e})" if isinstance(e, ValueError) else "not JSON (nested too deeply)", clip(text.rstrip("\r\n")))
    if not isinstance(data, dict):
        return BadLine(f"a JSON {type(data).__name__.replace('dict', 'object')}, not an object", clip(text.rstrip("\r\n")))
    kind = data.get("type")
    if kind not in _BOT_TYPES:
        said = "no type" if kind is None else f"unknown type {clip(repr(kind), 40)}"
        return BadLine(f"{said} (a bot writes ready, action, pong or info)", clip(text.rstrip("\r\n")))
    try:
        return _READ_BOT.validate_python(data)
    except ValidationError as e:
        return BadLine(f"{kind}: {_first_error(e)}", clip(text.rstrip("\r\n")))


def _first_error(error: ValidationError) -> str:
    problems = []
    for item in error.errors(include_url=False)[:3]:
        where = ".".join(str(p) for p in item["loc"][1:]) or "message"
        got: Any = item.get("input")
        said = item["msg"]
        if item["type"] == "missing":
            problems.append(f"{where} is missing")
        elif item["type"] == "extra_forbidden":
            problems.append(f"{where}: not a field of {item['loc'][0]}")
        else:
            problems.append(f"{where}: {said} (got {clip(repr(got), 40)})")
    more = error.error_count() - len(problems)
    return "; ".join(problems) + (f"; {more} more" if more > 0 else "")
