"""Two long-lived processes, one per checkout, asked the same questions in turn (not a test).

The seam of the paired benches (``against_bench.py``, ``engine_against_bench.py``): each
checkout's own ``.venv`` runs the same small server, which reads a question a line and
answers a line; the two are asked in turn, each side first every other time, so a drift of
the machine's speed hits both alike.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def servers(roots: tuple[Path, Path], code: str, *args: str) -> Iterator[list[subprocess.Popen[str]]]:
    """The server ``code`` started in each checkout (its ``.venv``'s Python, from its root),
    closed and waited for at the end."""
    started = [
        subprocess.Popen(
            [str(root / ".venv" / "bin" / "python"), "-c", code, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root
        )
        for root in roots
    ]
    try:
        yield started
    finally:
        for s in started:
            if s.stdin is not None:
                s.stdin.close()
            s.wait()


def ask_both(started: list[subprocess.Popen[str]], turn: int, question: str) -> list[str]:
    """``question`` put to both servers, the first one first on odd turns; their answers,
    in the servers' order."""
    answers = ["", ""]
    for k in (0, 1) if turn % 2 else (1, 0):
        server = started[k]
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(question + "\n")
        server.stdin.flush()
        answers[k] = server.stdout.readline()
    return answers
