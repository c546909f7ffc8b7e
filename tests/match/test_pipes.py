"""Lines over non-blocking pipes, with an in-process pipe for the bot's end."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator

import pytest

from referee.interchange.bot_protocol import MAX_BOT_LINE
from referee.match.pipes import Eof, Line, LinePipes, Oversize, WriteFailed


@pytest.fixture
def ends() -> Iterator[tuple[LinePipes, int, int]]:
    """The referee's pipes, the fd the bot would write its stdout to, and the fd it would read its stdin from."""
    bot_stdin_r, referee_w = os.pipe()
    referee_r, bot_stdout_w = os.pipe()
    pipes = LinePipes(open(referee_w, "wb", buffering=0), open(referee_r, "rb", buffering=0))  # noqa: SIM115 - pipes.close() closes them
    yield pipes, bot_stdout_w, bot_stdin_r
    pipes.close()
    for fd in (bot_stdout_w, bot_stdin_r):
        with contextlib.suppress(OSError):
            os.close(fd)


def _soon() -> float:
    return time.monotonic() + 2.0


def test_lines_cut_anywhere_are_put_back_together(ends: tuple[LinePipes, int, int]) -> None:
    pipes, out, _ = ends
    os.write(out, b'{"a":1}\n{"b"')
    first = pipes.next(_soon())
    assert isinstance(first, Line) and first.data == b'{"a":1}\n'
    assert pipes.next(time.monotonic() + 0.05) is None  # half a line waits for its end
    os.write(out, b":2}\n\n")
    second, blank = pipes.next(_soon()), pipes.next(_soon())
    assert isinstance(second, Line) and second.data == b'{"b":2}\n'
    assert isinstance(blank, Line) and blank.data == b"\n"


def test_a_long_line_is_cut_short_and_the_stream_is_found_again(ends: tuple[LinePipes, int, int]) -> None:
    pipes, out, _ = ends
    os.set_blocking(out, False)
    chunk = b"x" * 30_000
    sent = 0
    for _ in range(4):  # 120 KB with no newline, a newline, then a good line
        sent += os.write(out, chunk)
        got = pipes.next(time.monotonic() + 0.05)
        if got is not None:
            break
    assert isinstance(got, Oversize) and got.head == b"x" * 200 and sent >= MAX_BOT_LINE
    os.write(out, b"tail of the long line\nnext\n")
    after = pipes.next(_soon())
    assert isinstance(after, Line) and after.data == b"next\n"


def test_a_last_line_without_newline_is_read_then_the_end(ends: tuple[LinePipes, int, int]) -> None:
    pipes, out, _ = ends
    os.write(out, b"bye")
    os.close(out)
    last = pipes.next(_soon())
    assert isinstance(last, Line) and last.data == b"bye"
    assert isinstance(pipes.next(_soon()), Eof)


def test_what_the_pipe_cannot_take_goes_out_while_the_referee_waits(ends: tuple[LinePipes, int, int]) -> None:
    pipes, _out, into = ends
    message = b"m" * 99_999 + b"\n"
    pipes.send(message)  # more than a pipe holds: part of it waits
    received = bytearray()
    deadline = _soon()
    while len(received) < len(message) and time.monotonic() < deadline:
        pipes.next(time.monotonic() + 0.01)  # the wait writes more
        os.set_blocking(into, False)
        with contextlib.suppress(BlockingIOError):
            received += os.read(into, 1 << 20)
    assert bytes(received) == message


def test_a_closed_input_is_a_write_failure(ends: tuple[LinePipes, int, int]) -> None:
    pipes, _, into = ends
    os.close(into)
    pipes.send(b"hello\n")
    got = pipes.next(_soon())
    assert isinstance(got, WriteFailed) and got.reason == "Broken pipe"
