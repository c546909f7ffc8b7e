"""A headless Chromium driven over its DevTools protocol, with the standard library only.

Chromium is started with ``--remote-debugging-pipe``: it reads protocol messages on
file descriptor 3 and writes them on 4, each a JSON object ended by a NUL byte.  No
port is opened, so nothing else on the machine can talk to it, and no WebSocket
client is needed.  The flags keep it off the network (this machine's is closed, and a
report page must need none).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

__all__ = ["Chromium", "find_chromium"]

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
)

WAIT = 60.0
"""Seconds to wait for one answer before the browser is taken to be stuck (not a timing assertion)."""


def find_chromium() -> str | None:
    """``$REFEREE_CHROMIUM``, or Debian's ``chromium`` (or another Chrome) on the PATH."""
    named = os.environ.get("REFEREE_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _high(fd: int) -> int:
    """``fd`` moved to 10 or above, so that placing the pair at 3 and 4 cannot clobber either."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Chromium:
    """One browser with one page; ``call`` sends a command to the page and returns its result."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_browser_r, to_browser_w = (_high(fd) for fd in os.pipe())
        from_browser_r, from_browser_w = (_high(fd) for fd in os.pipe())

        def place() -> None:  # in the child, before exec: the pipe ends at 3 and 4, inherited
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        profile.mkdir(parents=True, exist_ok=True)
        self.log = profile / "chromium.log"
        self._log = open(self.log, "wb")  # noqa: SIM115 - the browser writes to it until close()
        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
            close_fds=False,
            preexec_fn=place,  # the pipe must sit at fds 3 and 4
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._out = to_browser_w
        self._in = from_browser_r
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        target = self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    # -- the protocol ------------------------------------------------------------------------
    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._in], [], [], max(left, 0))
            if not ready:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise ConnectionError(f"Chromium closed its pipe: {self._stderr()}")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        out: dict[str, Any] = json.loads(message)
        return out

    def _send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        self._next += 1
        ident = self._next
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == ident:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self._send(method, params, self.session)

    def wait_for(self, event: str) -> dict[str, Any]:
        """The first event called ``event`` not yet consumed (waiting for it if need be)."""
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == event:
                    return self.events.pop(i)
            reply = self._read()
            if "method" in reply:
                self.events.append(reply)

    # -- what the tests ask ------------------------------------------------------------------------
    def load(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions and errors the browser logged (a failed load, say)."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif e["method"] == "Runtime.exceptionThrown":
                out.append("exception: " + str(p.get("exceptionDetails", {}).get("text")))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(f"log ({p['entry'].get('source')}): {p['entry'].get('text')} {p['entry'].get('url', '')}")
        return out

    def screenshot(self, path: Path, width: int, height: int, *, mobile: bool = False) -> None:
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        path.write_bytes(base64.b64decode(data))

    def pdf(self, path: Path, paper: tuple[float, float]) -> bytes:
        """The page printed on paper of (width, height) inches, as print CSS lays it out."""
        data = self.call("Page.printToPDF", {"paperWidth": paper[0], "paperHeight": paper[1], "printBackground": True})["data"]
        raw = base64.b64decode(data)
        path.write_bytes(raw)
        return raw

    def _stderr(self) -> str:
        return self.log.read_text(errors="replace")[-2000:]

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError, TimeoutError, ConnectionError):  # it may close before it answers
            self._send("Browser.close")
        try:
            self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()
        os.close(self._out)
        os.close(self._in)
