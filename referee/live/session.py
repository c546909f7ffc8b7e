"""A session at the table: entries and commands in, answers and screens out.

Two faces over one loop.  Line mode (standard input is not a terminal): one line in,
one line out, so a script or another program can drive a game (``ok: ...``,
``refused E402: ... | hint: ...``, ``undone: ...``).  Interactive (a terminal): a
prompt with completion of the legal entries and the commands (prompt_toolkit, loaded
only here, or the standard library's readline where it is missing), and after each
entry the screen of the game.

The commands are ``undo``, ``show`` (the hand as ``referee show`` draws it),
``score``, ``options``, ``help`` and ``quit`` (the game is saved after every entry:
``quit`` only closes it).  A word close to a command gets a did-you-mean.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TextIO

from ..report.escaping import visible
from .complete import COMMANDS
from .entries import KEYWORDS
from .table import Answer, Table

__all__ = ["Session", "run_lines", "run_prompt"]


@dataclass
class Reply:
    """What the session says to one line: its lines, and whether the session ends."""

    lines: list[str]
    done: bool = False


class Session:
    """Turns lines typed into answers, over one ``Table``."""

    def __init__(self, table: Table, *, interactive: bool = False) -> None:
        self.table = table
        self.interactive = interactive

    # -- what is said first ------------------------------------------------------------------
    def banner(self) -> list[str]:
        t = self.table
        state = t.state
        head = f"{state.title} to {state.target}"
        lines = [f"note: {n}" for n in t.notes]
        if t.over:
            lines.append(f"{t.path}: the game is over ({head}); {self.score_line()}")
        elif t.resumed:
            lines.append(f"resuming {t.path} ({head}): {t.where()}")
        else:
            lines.append(f"new game in {t.path} ({head}): {t.where()}")
        return lines

    # -- one line ----------------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """The reply to one line typed: a command, else entries."""
        text = " ".join(line.split())
        if not text:
            return Reply([f"next: {self.table.where()}"] if not self.interactive else [])
        word = text.lower()
        if word in COMMANDS:
            return self.command(word)
        first = word.split()[0]
        if first not in KEYWORDS and len(first) > 2 and not any(c.isdigit() for c in first):
            near = difflib.get_close_matches(first, list(COMMANDS), n=1, cutoff=0.75)
            if near and first not in COMMANDS:
                return Reply([f"refused: `{first}` is not a command nor an entry | hint: did you mean `{near[0]}`?"])
        answer = self.table.enter(text)
        return Reply(self.answer_lines(answer))

    def command(self, word: str) -> Reply:
        t = self.table
        if word == "quit":
            return Reply([f"saved {t.path}: {t.where()}"], done=True)
        if word == "undo":
            return Reply(self.answer_lines(t.undo()))
        if word == "score":
            return Reply([self.score_line()])
        if word == "options":
            return Reply([self.options_line()])
        if word == "help":
            if not self.interactive:
                return Reply(
                    [
                        "commands: "
                        + ", ".join(COMMANDS)
                        + " | entries: 30, pass, sixes, 6-4, E 6-4, claim, concede, E 5-3!, ; comment (see docs/live.md)"
                    ]
                )
            return Reply([*(f"  {name:8} {what}" for name, what in COMMANDS.items()), *HELP_ENTRIES])
        return Reply(self.show_lines())

    def answer_lines(self, answer: Answer) -> list[str]:
        if not self.interactive:
            return [answer.line()]
        out: list[str] = []
        if answer.entries:
            verb = "undone" if answer.verb == "undone" else "recorded"
            out.append(f"{verb}: {', '.join(answer.entries)}")
        out += answer.events
        if answer.refusal is not None:
            r = answer.refusal
            out.append(f"refused {r.code}: {r.message}")
            if r.hint:
                out.append(f"  hint: {r.hint}")
        if answer.ok or answer.entries:
            out += self.screen()
        return out

    # -- what is shown -----------------------------------------------------------------------
    def score_line(self) -> str:
        state = self.table.state
        score = " ".join(f"{side} {n}" for side, n in state.score.items())
        won = f"; {state.winner} won" if state.winner else ""
        return f"score {score} (to {state.target}){won}"

    def options_line(self) -> str:
        o = self.table.options()
        if o.kind == "none":
            return "options: none, the game is over"
        if o.kind == "deal":
            return f"options: the deal of this hand, as `deal {' '.join(s + ' ...' for s in self.table.rules.game.seats)}`"
        exact = "" if o.exact or o.kind != "play" else " (the deal is not known: the tiles the player may hold)"
        return f"options for {o.seat}{exact}: {' '.join(o.entries)}"

    def screen(self) -> list[str]:
        """The game at a glance: the hand, the auction, the contract, the points and what
        each side still needs, the trick on the table and the options."""
        state = self.table.state
        tags = " · ".join(f"{name} {value}" for name, value in state.tags if name.lower() not in ("rules", "target", "options"))
        lines = [f"{state.title} · {self.score_line()}" + (f" · {tags}" if tags else "")]
        if state.hand is None:
            return lines
        lines.append(f"hand {state.hand} · dealer {state.dealer}")
        if state.calls:
            lines.append("auction: " + ", ".join(f"{s} {c}" for s, c in state.calls))
        if state.bid:
            trump = f", trump {state.trump}" if state.trump else ""
            lines.append(f"contract: {state.bid}{trump}")
        if state.points:
            points = " ".join(f"{k} {v}" for k, v in state.points.items())
            needs = "; ".join(f"{k} {v}" for k, v in state.needs.items())
            lines.append(f"points: {points}" + (f" · needs: {needs}" if needs else ""))
        if state.voids:
            lines.append("shown out: " + "; ".join(f"{s} {' '.join(v)}" for s, v in state.voids.items()))
        if state.trick is not None:
            table = " ".join(f"{s} {t}" for s, t in state.on_table) or "nothing yet"
            lines.append(f"trick {state.trick}: {table}")
        lines.append(self.options_line())
        lines.append(f"next: {state.where}")
        return lines

    def show_lines(self) -> list[str]:
        """The hand in play as ``referee show`` draws it (one line in line mode)."""
        t = self.table
        if not self.interactive:
            s = t.state
            parts = [f"hand {s.hand}" if s.hand else "the game is over", self.score_line()]
            if s.calls:
                parts.append("auction " + ", ".join(f"{a} {c}" for a, c in s.calls))
            if s.bid:
                parts.append(f"contract {s.bid}" + (f" {s.trump}" if s.trump else ""))
            if s.trick:
                parts.append(f"trick {s.trick}: " + (" ".join(f"{a} {b}" for a, b in s.on_table) or "nothing yet"))
            if s.points:
                parts.append("points " + " ".join(f"{k} {v}" for k, v in s.points.items()))
            parts.append(f"next: {s.where}")
            return [" | ".join(parts)]
        return t.picture()


HELP_ENTRIES = [
    "entries, in the notation's own words (the keyword may be left out):",
    "  30, 84 splash, pass      a call (N 30: a seat's)",
    "  sixes, follow-me, nello  trump",
    "  6-4, E 6-4               a play; claim, concede",
    "  exchange 3-2 for 3-1     the widow or cat, right after the auction",
    "  ; Bob arrives            a comment (also after an entry: E 6-4 ; slow)",
    "  made, set, NS 35 made    with --detail hands: how the hand went (or award EW 1, score NS 3 EW 2)",
    "  deal N ... E ...         the deal, when the table knows it",
    "  E 5-3!                   record a play out of turn or a renege the table let stand",
]


def run_lines(session: Session, lines: Iterable[str], write: Callable[[str], None]) -> None:
    """Line mode: one reply line for each line read, until the input ends or ``quit``."""
    for line in session.banner():
        write(visible(line, lines=False))
    for line in lines:
        reply = session.handle(line)
        for out in reply.lines:
            write(visible(out, lines=False))
        if reply.done:
            return
    write(visible(f"saved {session.table.path}: {session.table.where()}", lines=False))


def run_prompt(session: Session, out: TextIO) -> str:
    """Interactive: a prompt with completion until ``quit`` or end of input; returns which
    line editor served it ('prompt_toolkit' or 'readline')."""
    for line in session.banner():
        out.write(visible(line) + "\n")
    for line in session.screen():
        out.write(visible(line) + "\n")
    out.flush()
    try:
        from .prompt import prompt_lines
    except ImportError:  # pragma: no cover - prompt_toolkit is a dependency; a broken install still plays
        from .fallback import prompt_lines
    editor, lines = prompt_lines(session.table)
    for line in lines:
        reply = session.handle(line)
        for text in reply.lines:
            out.write(visible(text) + "\n")
        out.flush()
        if reply.done:
            break
    else:
        out.write(visible(f"saved {session.table.path}: {session.table.where()}") + "\n")
    return editor
