"""Rewrite the ``; expect:`` lines of broken samples from what the referee reports now.

Run it only after a deliberate change of behaviour, then read ``git diff samples/``:
the expectations are the specification, not a mirror of the code.

    python tests/refresh_expectations.py samples/broken/42-renege.42 ...
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from referee.judging.replay import Referee
from referee.notation.reader import read_text

EXPECT = re.compile(r"^; expect: [SEW]\d{3} \d+:\d+\s*$")


def diagnostics(text: str, name: str) -> list[tuple[str, int, int]]:
    referee = Referee()
    out: list[tuple[str, int, int]] = []
    for i, rr in enumerate(read_text(text, name), start=1):
        found = list(rr.diagnostics)
        if rr.record is not None:
            found += referee.judge(rr.record, file=name, game_index=i).diagnostics
        out += [(d.code, d.at.line if d.at else 0, d.at.column if d.at else 0) for d in found]
    return out


def refresh(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    body = [line for line in lines if not EXPECT.match(line)]
    count = len(lines) - len(body)
    for _ in range(5):  # the header's own length shifts every position below it
        text = "".join(["; expect: X000 0:0\n"] * count + body)
        found = diagnostics(text, str(path))
        if len(found) == count:
            break
        count = len(found)
    header = [f"; expect: {code} {line}:{col}\n" for code, line, col in found]
    path.write_text("".join(header + body), encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        refresh(Path(name))
