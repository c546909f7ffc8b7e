#!/usr/bin/env python3
"""A bot for `referee match` that plays a random legal answer: protocol referee-bot/1 in
the standard library alone (docs/bots.md). Run it as `python3 random_bot.py`.

The referee writes one JSON object per line to our stdin; we answer one per line on
stdout and flush. Every request lists its legal answers and our whole view, so a bot
needs no rules: a real one would choose better than random.choice.
"""

import json
import random
import sys


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            rng.seed(message["seed"])
            send({"type": "ready", "name": "random", "version": "1", "author": "the referee authors"})
        elif kind == "request":
            view = message["view"]  # our tiles, the calls, trump, tricks, score: unused here
            choice = rng.choice(message["legal"])
            send({"type": "action", "id": message["id"], "value": choice})
            print(f"seat {view['seat']} hand {view['hand']}: {choice}", file=sys.stderr)
        elif kind == "ping":
            send({"type": "pong", "id": message["id"]})
        elif kind == "quit":
            return
        # deal and event messages need no answer: this bot keeps no state


if __name__ == "__main__":
    main()
