"""Every step of reaching a scheduler is bounded (issue 30, item 3): an address that
accepts the connection and stays silent, one that sends what is not Dask's protocol,
one that closes at once, and one that completes Dask's handshake and never answers
each end the command with the address and what did not answer, exit status 2, in a
few seconds (``REFEREE_CLUSTER_TIMEOUT`` made small; a scheduler without workers is
test_faults.py's)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

distributed = pytest.importorskip("distributed")
pytestmark = [pytest.mark.dask, pytest.mark.deadline(60)]

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "legal" / "42-game.42")
CEILING = 8.0
"""Seconds a refusal may take with timeouts of 0.3 s: a ceiling against a hang, not a speed test."""


@pytest.fixture(autouse=True)
def small_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CLUSTER_TIMEOUT", "0.3")


def _listener(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A TCP listener on this machine, each connection it accepts handed to ``answer``."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    kept: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            kept.append(conn)
            answer(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        server.close()
        for conn in kept:
            conn.close()


@pytest.fixture
def silent() -> Iterator[str]:
    yield from _listener(lambda conn: None)


@pytest.fixture
def garbage() -> Iterator[str]:
    yield from _listener(lambda conn: conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n" * 4))


@pytest.fixture
def closing() -> Iterator[str]:
    yield from _listener(lambda conn: conn.close())


@pytest.fixture
def mute_dask() -> Iterator[str]:
    """A listener that speaks Dask's protocol (``distributed.comm.listen`` does the
    handshake) and then never answers a message."""
    loop = asyncio.new_event_loop()
    ready: list[str] = []
    started = threading.Event()
    done = asyncio.Event()

    async def handler(comm: object) -> None:
        await done.wait()

    async def main() -> None:
        listener = distributed.comm.listen("tcp://127.0.0.1:0", handler)
        await listener.start()
        ready.append(listener.contact_address)
        started.set()
        await done.wait()
        listener.stop()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert started.wait(10)
    try:
        yield ready[0]
    finally:
        loop.call_soon_threadsafe(done.set)
        thread.join(5)


def _check(address: str) -> tuple[int, str, str, float]:
    began = time.monotonic()
    result = CliRunner().invoke(app, ["check", SAMPLE, "--cluster", address])
    return result.exit_code, result.stdout, result.stderr, time.monotonic() - began


def test_an_address_that_accepts_and_stays_silent_is_refused_in_bounded_time(silent: str) -> None:
    status, out, err, took = _check(silent)
    assert (status, out) == (2, "")
    assert (
        err
        == f"error: --cluster {silent}: the address accepted the connection but did not answer Dask's handshake within 0.6 s (is it a Dask scheduler's address?)\n"
    )
    assert took < CEILING


def test_an_address_that_sends_garbage_is_refused(garbage: str) -> None:
    status, out, err, took = _check(garbage)
    assert (status, out) == (2, "")
    assert err.startswith(f"error: --cluster {garbage}: the address ")
    assert "(is it a Dask scheduler's address?)" in err and "Traceback" not in err
    assert took < CEILING


def test_an_address_that_closes_at_once_is_refused(closing: str) -> None:
    status, out, err, took = _check(closing)
    assert (status, out) == (2, "")
    assert (
        err
        == f"error: --cluster {closing}: the address closed the connection during Dask's handshake (is it a Dask scheduler's address?)\n"
    )
    assert took < CEILING


def test_a_peer_that_shakes_hands_and_never_answers_is_refused(mute_dask: str) -> None:
    status, out, err, took = _check(mute_dask)
    assert (status, out) == (2, "")
    assert err == f"error: --cluster {mute_dask}: the scheduler did not answer within 0.3 s (is it a Dask scheduler's address?)\n"
    assert took < CEILING


@pytest.mark.parametrize("value", ["soon", "0", "-1", "inf", "nan"])
def test_a_timeout_that_is_not_a_number_of_seconds_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("REFEREE_CLUSTER_TIMEOUT", value)
    status, out, err, _ = _check("tcp://127.0.0.1:9")
    assert (status, out) == (2, "")
    assert err == f"error: REFEREE_CLUSTER_TIMEOUT={value!r}: give a number of seconds greater than 0\n"
