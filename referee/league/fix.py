"""Fixing the results a record states, as pgn-extract's ``--fixresulttags`` does: the
``result``, ``award`` and ``score`` lines and the ``[Winner]`` tag that disagree with
the replay (E501-E504) are rewritten, and those missing are added.  A score sheet's hand
(``[Detail "hands"]``, no plays) has its wrong lines rewritten where the sheet says enough
to write them right, and nothing added: a sheet writes the lines it chooses.

A fix is a list of edits to the text, each at the place of the line it concerns
(``at``), so nothing else in the file changes: not a deal, bid or play, not a comment,
not the layout.  A record with any other error is left alone (``blocking``): its
replay may be wrong, and so would be what it says to write.

>>> from referee.judging.replay import Referee
>>> from referee.notation.reader import read_text
>>> from referee.run.records import judge_result
>>> text = '''hand 1 dealer W
...   deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
...        E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
...        S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
...        W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
...   bid N 42, E pass, S pass, W pass
...   trump sixes
...   play N 6-6 E 5-5 S 4-3 W 3-0
...        N 6-5 E 5-4 S 4-2 W 2-2
...        N 6-4 E 5-3 S 4-1 W 2-1
...        N 6-3 E 5-2 S 4-0 W 2-0
...        N 6-2 E 5-1 S 3-3 W 1-1
...        N 6-1 E 5-0 S 3-2 W 1-0
...        N 6-0 E 4-4 S 3-1 W 0-0
...   result NS 40 made
... '''
>>> judged = judge_result(next(read_text(text, "x.42")), Referee(), "x.42", 1)
>>> [e.describe() for e in edits(judged, text)]
['`result NS 40 made` -> `result NS 42 made`', 'added `award NS 1`']
>>> for line in apply_edits(text, edits(judged, text)).splitlines()[-3:]:
...     print(line)
       N 6-0 E 4-4 S 3-1 W 0-0
  result NS 42 made
  award NS 1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import codes
from ..diagnostics import Diagnostic
from ..judging.judged import Judged
from ..judging.stated import stated_of_verdict
from ..judging.verdict import game_of
from ..notation.items import ITEMS
from ..notation.lines import INDENT, Lines
from ..notation.record import GameRecord, HandRecord, Tag
from ..notation.tags import TAG_ORDER
from ..notation.writer import format_game
from ..source import Span

__all__ = ["FIXED", "Edit", "apply_edits", "blocking", "edits", "left_as_written"]

FIXED: dict[str, str] = {codes.E501: "result", codes.E502: "award", codes.E503: "score", codes.E504: "Winner"}
"""The codes ``fix`` mends, and what each one is about."""

_ORDER = [spec.field for spec in ITEMS]
_WINNER_RANK = TAG_ORDER.index("Winner")


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` with ``new`` (an insertion when ``start == end``);
    ``old`` and ``line`` say what changed where, for people."""

    start: int
    end: int
    new: str
    old: str
    line: int
    order: int = 0
    """Among insertions at one place, the order they go in."""

    def describe(self) -> str:
        old, new = self.old.strip(), self.new.strip()
        if not old:
            return f"added `{new}`"
        if not new:
            return f"removed `{old}`"
        return f"`{old}` -> `{new}`"


def blocking(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The errors that keep ``fix`` off a record: every error but E501-E504."""
    return [d for d in diagnostics if d.is_error and d.code not in FIXED]


def item_text(field: str, value: Any) -> str:
    """An item as the canonical writer writes it, without its indent (``result NS 36 made``)."""
    spec = next(s for s in ITEMS if s.field == field)
    out = Lines()
    spec.write(HandRecord(**{field: value}), out)
    return out.lines[0].strip()


def _end(value: Any) -> int | None:
    """Where an item of a hand ends (the last of a list: a deal row, a trick)."""
    if isinstance(value, list):
        value = value[-1] if value else None
    at: Span | None = getattr(value, "at", None)
    return None if at is None else at[1]


def _line_end(text: str, pos: int) -> int:
    """Where the line holding ``pos`` ends, past its newline (and past a ``{...}`` comment
    that starts on it and runs over several lines)."""
    nl = text.find("\n", pos)
    while nl >= 0 and text.count("{", pos, nl) > text.count("}", pos, nl):
        close = text.find("}", nl)
        if close < 0:
            break
        pos, nl = close, text.find("\n", close)
    return len(text) if nl < 0 else nl + 1


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


class _Edits:
    """The edits of one file, with what the lines say in words."""

    def __init__(self, text: str, record: GameRecord) -> None:
        self.text = text
        self.source = record.source
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self.out: list[Edit] = []

    def line(self, pos: int) -> int:
        return self.source.position(pos)[0] if self.source is not None else 0

    def replace(self, at: Span, new: str) -> None:
        self.out.append(Edit(at[0], at[1], new, self.text[at[0] : at[1]], self.line(at[0])))

    def remove(self, at: Span) -> None:
        """The item goes; so does its line when nothing else is on it."""
        start, end = at
        line_start, line_end = _line_start(self.text, start), _line_end(self.text, end)
        rest = self.text[line_start:start] + self.text[end:line_end]
        if not rest.strip():
            start, end = line_start, line_end
        self.out.append(Edit(start, end, "", self.text[at[0] : at[1]], self.line(at[0])))

    def insert(self, after: int, new: str, order: int) -> None:
        """A new line with ``new`` after the line that holds ``after``."""
        pos = _line_end(self.text, after)
        lead = "" if pos == 0 or self.text[pos - 1] == "\n" else self.newline
        self.out.append(Edit(pos, pos, f"{lead}{new}{self.newline}", "", self.line(after) + 1, order))


def edits(j: Judged, text: str) -> list[Edit]:
    """The edits that make the results ``j`` states agree with its replay (none when another
    error blocks the record); ``text`` is what the record was read from."""
    record, verdict = j.record, j.verdict
    if record is None or verdict is None or verdict.rules is None or blocking(j.diagnostics):
        return []
    game = game_of(verdict)
    scoring = game.scorings.get(verdict.options.get("scoring", game.default_scoring()))
    every = bool(scoring is not None and scoring.award_all_sides)
    wrong = {(str(d.code), d.span) for d in j.diagnostics if d.code in FIXED}
    out = _Edits(text, record)
    for hv, hr in zip(verdict.hands, record.hands, strict=False):
        if not hv.followed or hr.unreadable:
            continue
        right = dict(zip(("result", "award", "score"), stated_of_verdict(hv, game, every_side=every), strict=True))
        for n, (field, code) in enumerate((("result", codes.E501), ("award", codes.E502), ("score", codes.E503))):
            written = getattr(hr, field)
            value = right[field]
            if written is not None and written.at is not None and (code, written.at) in wrong:
                if value is None and hv.detail == "hands":
                    continue  # a score sheet that does not say enough to write it right: left as written
                if value is None:
                    out.remove(written.at)
                else:
                    out.replace(written.at, item_text(field, value))
            elif written is None and value is not None and hv.detail == "plays":  # a score sheet writes what it chooses
                before = [e for f in _ORDER[: _ORDER.index(field)] if (e := _end(getattr(hr, f))) is not None]
                anchor = max(before, default=hr.at[1] if hr.at else 0)
                out.insert(anchor, INDENT + item_text(field, value), n)
    if record.mode == "game":
        _winner(out, record, verdict.winner, (codes.E504, record.tag_at("Winner")) in wrong)
    return out.out


def left_as_written(j: Judged) -> list[Diagnostic]:
    """The disagreements ``edits`` does not mend: a score sheet's line that the sheet does
    not say enough to write right (its award when the points are not written)."""
    record, verdict = j.record, j.verdict
    if record is None or verdict is None or verdict.rules is None or blocking(j.diagnostics):
        return []
    game = game_of(verdict)
    left: set[Span] = set()
    for hv, hr in zip(verdict.hands, record.hands, strict=False):
        if hv.followed and hv.detail == "hands" and not hr.unreadable:
            right = stated_of_verdict(hv, game, every_side=False)
            left.update(w.at for w, value in zip((hr.result, hr.award, hr.score), right, strict=True) if w and w.at and value is None)
    return [d for d in j.diagnostics if d.code in FIXED and d.span in left]


def _winner(out: _Edits, record: GameRecord, winner: str | None, wrong: bool) -> None:
    at = record.tag_at("Winner")
    tag = format_game(GameRecord(tags=[Tag("Winner", winner or "")])).strip()
    if at is not None and wrong:
        if winner is None:
            out.remove(at)
        else:
            out.replace(at, tag)
    elif at is None and winner is not None:
        known = [t.at[1] for t in record.tags if t.at is not None and _rank(t.name) <= _WINNER_RANK]
        anchor = max(known, default=None)
        if anchor is None:
            out.out.append(Edit(0, 0, tag + out.newline, "", 1))
        else:
            out.insert(anchor, tag, 0)


def _rank(name: str) -> int:
    low = name.lower()
    return next((i for i, t in enumerate(TAG_ORDER) if t.lower() == low), len(TAG_ORDER))


def apply_edits(text: str, found: Iterable[Edit]) -> str:
    """``text`` with the edits made (they never overlap)."""
    pieces = []
    pos = 0
    for e in sorted(found, key=lambda e: (e.start, e.order)):
        pieces.append(text[pos : e.start])
        pieces.append(e.new)
        pos = e.end
    pieces.append(text[pos:])
    return "".join(pieces)
