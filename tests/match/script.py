"""A fake referee's script: the messages of one 42 hand written by hand, no engine needed.

The transport tests drive real bot processes with these; the driver tests of phase 2 will
use the engine's views instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

from referee.interchange.bot_protocol import CalledBid, Clock, Deal, Hello, Played, PlayEvent, TimeControl, View
from referee.match.process import BotCommand

ROOT = Path(__file__).resolve().parents[2]
BAD_BOT = ROOT / "tests" / "bots" / "bad_bot.py"
RANDOM_BOT = ROOT / "examples" / "bots" / "random_bot.py"

NORTH = ["6-6", "6-4", "6-1", "5-5", "4-2", "3-0", "1-1"]


def hello(seat: str = "N") -> Hello:
    return Hello(
        game="42",
        options={"nello": "off", "plunge": "off", "splash": "off", "sevens": "off"},
        target=7,
        unit="marks",
        seat=seat,
        seats=["N", "E", "S", "W"],
        sides={"NS": ["N", "S"], "EW": ["E", "W"]},
        names={"N": "alpha", "E": "beta", "S": "alpha", "W": "beta"},
        time=TimeControl(decision_ms=5000, game_ms=None, increment_ms=0, margin_ms=100),
        seed=7,
    )


def deal() -> Deal:
    return Deal(game=1, hand=1, dealer="W", tiles=NORTH, score={"NS": 0, "EW": 0})


def bid_view() -> View:
    """North opens the auction (West dealt)."""
    return View(
        seat="N", hand=1, phase="call", dealer="W", turn="N", tiles=NORTH, kitty=None, laid_away=None, exchanged=None,
        calls=[], bid=None, declarer=None, contract=None, trump=None, trump_by=None, out=[], trick=[], tricks=[],
        points={"NS": 0, "EW": 0}, tricks_won={"NS": 0, "EW": 0},
        tiles_left={"N": 7, "E": 7, "S": 7, "W": 7}, score={"NS": 0, "EW": 0}, void={},
        legal=["pass", *(str(n) for n in range(30, 42)), "84"],
    )  # fmt: skip


def play_view(legal: list[str] | None = None) -> View:
    """East bid 30, named sixes and led 6-2: North must follow with a six."""
    return View(
        seat="N", hand=1, phase="play", dealer="W", turn="N", tiles=NORTH, kitty=None, laid_away=None, exchanged=None,
        calls=[CalledBid(seat="N", call="pass"), CalledBid(seat="E", call="30"), CalledBid(seat="S", call="pass"),
               CalledBid(seat="W", call="pass")],
        bid=CalledBid(seat="E", call="30"), declarer="E", contract=None, trump="sixes", trump_by=None, out=[],
        trick=[Played(seat="E", tile="6-2")], tricks=[], points={"NS": 0, "EW": 0}, tricks_won={"NS": 0, "EW": 0},
        tiles_left={"N": 7, "E": 6, "S": 7, "W": 7}, score={"NS": 0, "EW": 0}, void={},
        legal=legal or ["6-6", "6-4", "6-1"],
    )  # fmt: skip


def event() -> PlayEvent:
    """What North is told before its play."""
    return PlayEvent(seat="E", tile="6-2")


def clock(ms: int | None = 5000) -> Clock:
    return Clock(decision_ms=ms, game_ms=None)


def bad_bot(fault: str, *extra: str) -> BotCommand:
    return BotCommand(f"bad-{fault}", (sys.executable, str(BAD_BOT), "--fault", fault, *extra))


def random_bot() -> BotCommand:
    return BotCommand("random", (sys.executable, str(RANDOM_BOT)))
