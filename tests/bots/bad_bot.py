#!/usr/bin/env python3
"""A bot that speaks referee-bot/1 correctly except for one fault, for the tests of the
transport now and of the match later (after fastchess's scripted engines and mjai.app's
``invalidbot``).

    python tests/bots/bad_bot.py --fault F [--at N] [--delay S]

It answers like a random bot, except at its ``N``-th request (1 by default), where it:

- ``illegal``: answers a tile (or call) that breaks the rules: one it does not hold;
- ``not-legal-list``: answers something not in the list: a tile of its own hand that is not
  legal (a renege) when it has one, else a legal answer spelt differently (``64`` for ``6-4``);
- ``garbage``: writes a line that is not JSON;
- ``wrong-id``: answers with an id the referee never sent;
- ``slow``: answers after ``S`` seconds (1 by default);
- ``crash``: exits with status 3 instead of answering;
- ``late-stale-reply``: answers after ``S`` seconds, then answers later requests at once;
- ``stderr-flood``: writes 1 MB to stderr, then answers;
- ``oversize``: writes a line of 100,000 bytes.

Faults that do not wait for a request: ``exit-on-hello`` exits on hello without saying ready;
``no-pong`` never answers a ping; ``spawn`` starts a child process that sleeps a minute and
names its pid in an ``info`` (to check that closing the bot kills its children). ``none``
behaves.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from typing import Any

FAULTS = (
    "none",
    "illegal",
    "not-legal-list",
    "garbage",
    "wrong-id",
    "slow",
    "crash",
    "exit-on-hello",
    "no-pong",
    "stderr-flood",
    "late-stale-reply",
    "oversize",
    "spawn",
)
TILES = [f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)]


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def unlisted(request: dict[str, Any], own: bool) -> str:
    """An answer not in the request's legal list: from the bot's own tiles when ``own``."""
    legal = request["legal"]
    held = request["view"]["tiles"]
    if own:
        for tile in held:
            if tile not in legal:
                return str(tile)
        first = str(legal[0])
        return first.replace("-", "") if "-" in first else first.upper() if first.upper() != first else first + "0"
    if request["kind"] == "play":
        return next(t for t in TILES if t not in held and t not in legal)
    return next(v for v in ("1", "sevens", "pass", "99") if v not in legal)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fault", choices=FAULTS, required=True)
    parser.add_argument("--at", type=int, default=1)
    parser.add_argument("--delay", type=float, default=1.0)
    args = parser.parse_args()
    fault, rng, requests = args.fault, random.Random(1), 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if fault == "exit-on-hello":
                return 0
            if fault == "spawn":
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
                send({"type": "info", "text": f"child {child.pid}"})
            send({"type": "ready", "name": f"bad-{fault}", "version": "1"})
        elif kind == "ping":
            if fault != "no-pong":
                send({"type": "pong", "id": message["id"]})
        elif kind == "quit":
            return 0
        elif kind == "request":
            requests += 1
            rid, value = message["id"], rng.choice(message["legal"])
            if requests == args.at:
                if fault == "illegal":
                    value = unlisted(message, own=False)
                elif fault == "not-legal-list":
                    value = unlisted(message, own=True)
                elif fault == "garbage":
                    sys.stdout.write("this is not JSON {\n")
                    sys.stdout.flush()
                    continue
                elif fault == "wrong-id":
                    rid += 1000
                elif fault in ("slow", "late-stale-reply"):
                    time.sleep(args.delay)
                elif fault == "crash":
                    sys.stderr.write("bad_bot: crashing as asked\n")
                    return 3
                elif fault == "stderr-flood":
                    for _ in range(1024):
                        sys.stderr.write("e" * 1023 + "\n")
                    sys.stderr.flush()
                elif fault == "oversize":
                    sys.stdout.write(json.dumps({"type": "info", "text": "o" * 100_000}) + "\n")
                    sys.stdout.flush()
                    continue
            send({"type": "action", "id": rid, "value": value})
    return 0


if __name__ == "__main__":
    sys.exit(main())
