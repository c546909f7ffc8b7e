"""The shipped players as bots of ``referee-bot/1``: ``referee bot random|sensible``, the
filler of a Moon match, and a bot the tests can run in this process.

:class:`ShippedBot` reads the protocol's messages as JSON (what a bot process reads) and
answers them: it keeps nothing but the rules and a random generator seeded from ``hello``,
and decides each request on a hand rebuilt from the request's view alone
(``world.world_of``), so it cannot see another seat's tiles. :func:`serve` runs it over
standard input and output; :class:`LocalBot` seats it at a table in this process, speaking
the same JSON lines, with no pipes and no faults.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import IO, Any, Literal

from pydantic import BaseModel

from ..engine.actions import Exchange
from ..engine.hand import Phase
from ..engine.profiles import Rules
from ..interchange.bot_protocol import Action, Clock, Hello, Ping, Ready, Request, RequestKind, View, clip, encode, parse_bot_line
from ..play.simulate import PLAYERS
from .messages import action_word, answers, rules_of
from .process import Fault, Journal, Reply
from .world import world_of

__all__ = ["KINDS", "LocalBot", "ShippedBot", "serve"]

KINDS = tuple(PLAYERS)
"""The shipped players a bot can be: ``sensible`` and ``random``."""

Message = dict[str, Any]


class ShippedBot:
    """A shipped player (``play.players``) answering the protocol's messages.

    >>> bot = ShippedBot("sensible")
    >>> bot.answer({"type": "hello", "game": "42", "options": {}, "seed": 1, "seat": "N"})["type"]
    'ready'
    >>> bot.answer({"type": "ping", "id": 4})
    {'type': 'pong', 'id': 4}
    """

    def __init__(self, kind: str, name: str | None = None) -> None:
        if kind not in PLAYERS:
            raise ValueError(f"a shipped bot is {' or '.join(PLAYERS)}, not {kind!r}")
        self.kind = kind
        self.name = name or kind
        self.rules: Rules | None = None
        self.rng = random.Random(0)
        self.draw = random.Random(0)
        """Draws the tiles the seat cannot see (apart from ``rng``, so that they change no choice)."""

    def answer(self, message: Message) -> Message | None:
        """The answer to ``message``; None for one that needs none."""
        kind = message.get("type")
        if kind == "hello":
            self.rules = rules_of(str(message["game"]), {k: str(v) for k, v in message.get("options", {}).items()})
            seed = f"{message.get('seed', 0)}/{message.get('seat', '')}"
            self.rng, self.draw = random.Random(seed), random.Random(seed + "/draw")
            return {"type": "ready", "name": self.name, "version": "1", "author": "the referee's shipped players"}
        if kind == "ping":
            return {"type": "pong", "id": message["id"]}
        if kind == "request":
            return {"type": "action", "id": message["id"], "value": self.decide(View.model_validate(message["view"]))}
        return None

    def decide(self, view: View) -> str:
        """The player's choice among ``view.legal``, on a hand rebuilt from the view."""
        assert self.rules is not None, "a request before hello"
        hand = world_of(self.rules, view, self.draw)
        player = PLAYERS[self.kind](rng=self.rng)
        phase = hand.phase
        if phase is Phase.AUCTION:
            bid = player.choose_bid(hand)
            word = "pass" if bid is None else str(bid)
        elif phase is Phase.EXCHANGE:
            take, give = player.choose_exchange(hand)
            word = action_word(Exchange(tuple(take), tuple(give)))
        elif phase is Phase.DECLARE:
            word = str(player.choose_declaration(hand))
        else:
            word = str(player.choose_play(hand))
        if word not in view.legal:  # cannot happen while the players choose among the engine's options
            seen = list(answers(hand.decision()))
            print(f"{self.kind}: {word!r} is not among {view.legal} (the rebuilt hand offers {seen})", file=sys.stderr)
            word = view.legal[0]
        return word


def serve(kind: str, stdin: IO[str] | None = None, stdout: IO[str] | None = None, *, name: str | None = None) -> int:
    """Play as a bot over ``stdin`` and ``stdout`` (the process's by default) until ``quit`` or
    the end of the input."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    bot = ShippedBot(kind, name)
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("not a JSON object")
            if message.get("type") == "quit":
                break
            reply = bot.answer(message)
        except Exception as e:  # a bot answers what it can and says the rest on stderr: it never stops on a bad line
            print(f"{bot.name}: cannot read {clip(line.rstrip(), 80)}: {clip(str(e), 200)}", file=sys.stderr)
            reply = _fallback(line)
        if reply is not None:
            stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
            stdout.flush()
    return 0


def _fallback(line: str) -> Message | None:
    """A request the bot could not decide on: its first legal answer, when the line says one."""
    try:
        message = json.loads(line)
        if message.get("type") == "request":
            return {"type": "action", "id": message["id"], "value": message["legal"][0]}
    except Exception:
        return None
    return None


class LocalBot:
    """A responder seated at a table in this process (``table.Seat``): every message goes to
    it as the JSON line a bot process would read, and its answers are read as a bot's are
    (``parse_bot_line``). ``listen`` sees every message it is sent, as a spy would."""

    def __init__(self, responder: Callable[[Message], Message | None], listen: Callable[[Message], None] | None = None) -> None:
        self.responder = responder
        self.listen = listen
        self.journal: Journal | None = None
        """Called with every line to and from the bot, as ``BotProcess.journal``."""
        self.stale = 0
        self._id = 0

    @classmethod
    def shipped(cls, kind: str, listen: Callable[[Message], None] | None = None) -> LocalBot:
        return cls(ShippedBot(kind).answer, listen)

    def _say(self, message: BaseModel) -> Message | None:
        line = encode(message)
        if self.journal is not None:
            self.journal("to", line, time.monotonic())
        data = json.loads(line)
        if self.listen is not None:
            self.listen(data)
        answer = self.responder(data)
        if self.journal is not None and answer is not None:
            self.journal("from", json.dumps(answer).encode() + b"\n", time.monotonic())
        return answer

    def _read(self, answer: Message | None, want: Literal["ready", "action", "pong"]) -> Any:
        if answer is None:
            return Fault("protocol", f"no {want}")
        got = parse_bot_line(json.dumps(answer).encode())
        if got is None or getattr(got, "type", None) != want:
            return Fault("protocol", f"answered {answer!r} when the referee waits for {want}")
        return got

    def greet(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        got = self._read(self._say(hello), "ready")
        return got if isinstance(got, Ready | Fault) else Fault("protocol", "no ready")

    def restart(self, hello: Hello, timeout_s: float) -> Ready | Fault:
        return self.greet(hello, timeout_s)

    def tell(self, message: BaseModel) -> None:
        self._say(message)

    def ask(self, kind: RequestKind, view: View, clock: Clock, margin_ms: int = 0) -> Reply | Fault:
        self._id += 1
        start = time.monotonic()
        got = self._read(self._say(Request(id=self._id, kind=kind, legal=view.legal, view=view, clock=clock)), "action")
        if isinstance(got, Fault):
            return got
        assert isinstance(got, Action)
        if got.id != self._id:
            return Fault("protocol", f"action for id {got.id}, which is not the request's {self._id}")
        if got.value not in view.legal:
            return Fault("illegal", f"answered {got.value!r}, which is not among the legal answers")
        return Reply(got.value, (time.monotonic() - start) * 1000)

    def ping(self, timeout_s: float) -> float | Fault:
        self._id += 1
        got = self._read(self._say(Ping(id=self._id)), "pong")
        return got if isinstance(got, Fault) else 0.0

    def close(self, grace_s: float = 0.5) -> None:
        return None
