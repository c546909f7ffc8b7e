"""Protocol referee-bot/1: a bot's line is read into a message or a named reason, never an
exception; the referee's messages are what the published schema says."""

from __future__ import annotations

import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from referee.interchange.bot_protocol import (
    MAX_BOT_LINE,
    Action,
    BadLine,
    ForfeitEvent,
    GameEndEvent,
    HandEndEvent,
    Info,
    Ping,
    Pong,
    Quit,
    Ready,
    RefereeMessage,
    Request,
    TrumpEvent,
    clip,
    encode,
    parse_bot_line,
)
from referee.report.schemas import schema_for

from .script import bid_view, clock, deal, event, hello, play_view

VALIDATOR = jsonschema.Draft202012Validator(schema_for("bot"))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            b'{"type":"ready","name":"alpha","version":"2.1","author":"Ann"}\n',
            Ready(type="ready", name="alpha", version="2.1", author="Ann"),
        ),
        (b'{"type":"ready","name":"alpha"}', Ready(type="ready", name="alpha")),
        (b'{"type":"action","id":17,"value":"nello low"}\r\n', Action(type="action", id=17, value="nello low")),
        (b'{"type":"pong","id":3}\n', Pong(type="pong", id=3)),
        (b'{"type":"info","text":"thinking","eval":0.25}\n', Info(type="info", text="thinking", eval=0.25)),
    ],
)
def test_a_bots_messages_are_read(line: bytes, message: object) -> None:
    assert parse_bot_line(line) == message
    VALIDATOR.validate(json.loads(line))


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"this is not JSON {", "not JSON (Expecting value: line 1 column 1 (char 0))"),
        (b'"action"', "a JSON str, not an object"),
        (b"[1, 2]", "a JSON list, not an object"),
        (b'{"id": 3}', "no type (a bot writes ready, action, pong or info)"),
        (b'{"type": "move", "id": 3}', "unknown type 'move' (a bot writes ready, action, pong or info)"),
        (b'{"type": "hello"}', "unknown type 'hello' (a bot writes ready, action, pong or info)"),
        (b'{"type": "action", "value": "6-4"}', "action: id is missing"),
        (b'{"type": "action", "id": "4", "value": "6-4"}', "action: id: Input should be a valid integer (got '4')"),
        (b'{"type": "action", "id": 4.0, "value": "6-4"}', "action: id: Input should be a valid integer (got 4.0)"),
        (b'{"type": "action", "id": 4, "value": ""}', "action: value: String should have at least 1 character (got '')"),
        (b'{"type": "action", "id": 4, "value": "6-4", "seat": "N"}', "action: seat: not a field of action"),
        (b'{"type": "pong"}', "pong: id is missing"),
        (b'{"type": "ready"}', "ready: name is missing"),
        (b"\xff\xfe{}", "not UTF-8 (invalid start byte at byte 0)"),
        (b"[" * 50_000, "not JSON (nested too deeply)"),
    ],
)
def test_a_bad_line_is_named_never_raised(line: bytes, reason: str) -> None:
    got = parse_bot_line(line)
    assert isinstance(got, BadLine) and got.reason == reason


def test_an_oversize_line_is_refused_before_it_is_read() -> None:
    line = json.dumps({"type": "info", "text": "x" * MAX_BOT_LINE}).encode()
    got = parse_bot_line(line)
    assert isinstance(got, BadLine) and got.reason == f"line of {len(line):,} bytes, over the limit of 65,536"
    assert len(got.line) < 200


def test_blank_lines_are_ignored() -> None:
    assert parse_bot_line(b"\n") is None and parse_bot_line(b"  \r\n") is None


def test_the_offending_line_is_shown_escaped() -> None:
    got = parse_bot_line(b'{"type": "act\x1b[31mion"}')
    assert isinstance(got, BadLine)
    assert "\x1b" not in got.line and "\\x1b[31m" in got.line
    assert "\x1b" not in got.reason


def test_clip_escapes_control_characters_and_counts_what_it_cut() -> None:
    assert clip("a\tb\u202ec") == "a\\tb\\u202ec"
    assert clip(b"\xff" + b"z" * 300, 5) == "\\xffz… (299 more)"  # a byte not UTF-8 is shown as its 4-character escape


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=200).map(str.encode))
def test_no_line_raises(line: bytes) -> None:
    got = parse_bot_line(line)
    assert got is None or isinstance(got, BadLine | Ready | Action | Pong | Info)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10), lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(["type", "id", "value", "name", "text", "x"]), c, max_size=4), max_leaves=8))  # fmt: skip
def test_no_json_value_raises(value: object) -> None:
    got = parse_bot_line(json.dumps(value).encode())
    assert got is None or isinstance(got, BadLine | Ready | Action | Pong | Info)


# -- the referee's messages -----------------------------------------------------------------------------


def _messages() -> list[object]:
    return [
        hello(),
        deal(),
        event(),
        TrumpEvent(seat="E", trump="sixes", by=None),
        HandEndEvent(hand=1, result="EW 30 made", award={"NS": 0, "EW": 1}, score={"NS": 0, "EW": 1}, deal={"N": ["6-6"]}, kitty=[]),
        ForfeitEvent(seat="N", reason="time", trick=2),
        GameEndEvent(winner="EW", score={"NS": 3, "EW": 7}, termination="normal"),
        Request(id=5, kind="play", legal=play_view().legal, view=play_view(), clock=clock()),
        Request(id=6, kind="call", legal=bid_view().legal, view=bid_view(), clock=clock(None)),
        Ping(id=7),
        Quit(),
    ]


@pytest.mark.parametrize("message", _messages(), ids=lambda m: type(m).__name__)
def test_the_referees_messages_follow_the_schema_and_read_back(message: object) -> None:
    line = encode(message)  # type: ignore[arg-type]
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    VALIDATOR.validate(json.loads(line))
    assert TypeAdapter(RefereeMessage).validate_json(line) == message


def test_the_schema_requires_every_field_the_referee_writes() -> None:
    """A bot author can rely on every field being there (null when it has no value)."""
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate({"type": "ping"})
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate({"type": "event", "event": "forfeit", "seat": "N", "reason": "time"})


def test_a_request_holds_one_list_of_legal_answers() -> None:
    with pytest.raises(ValidationError, match="its legal answers and its kind"):
        Request(id=1, kind="play", legal=["6-6"], view=play_view(), clock=clock())
    with pytest.raises(ValidationError, match="its legal answers and its kind"):
        Request(id=1, kind="call", legal=play_view().legal, view=play_view(), clock=clock())
