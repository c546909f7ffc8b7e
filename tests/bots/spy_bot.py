#!/usr/bin/env python3
"""A bot that plays random legal answers and writes every line the referee sends it to a
file, for the test that no message to a seat holds another seat's unplayed tile.

    python tests/bots/spy_bot.py --out DIR

Each process writes to its own file in DIR (``heard-PID.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(0)
    with open(os.path.join(args.out, f"heard-{os.getpid()}.jsonl"), "a", encoding="utf-8") as heard:
        for line in sys.stdin:
            heard.write(line)
            heard.flush()
            message = json.loads(line)
            kind = message["type"]
            answer = None
            if kind == "hello":
                rng.seed(message["seed"])
                answer = {"type": "ready", "name": "spy"}
            elif kind == "request":
                answer = {"type": "action", "id": message["id"], "value": rng.choice(message["legal"])}
            elif kind == "ping":
                answer = {"type": "pong", "id": message["id"]}
            elif kind == "quit":
                return 0
            if answer is not None:
                sys.stdout.write(json.dumps(answer) + "\n")
                sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
