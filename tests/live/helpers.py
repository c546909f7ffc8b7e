"""What the live tests share: a record entered entry by entry into a table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from referee.engine.games import GAMES
from referee.live.entries import entries_of
from referee.live.table import Answer, Deals, Table
from referee.notation.record import GameRecord

HEADER_TAGS = ("rules", "options", "target", "status", "winner", "mode")
"""Tags a table makes itself from its options; the others are passed through."""


@dataclass
class Entered:
    """A record entered into a table: the answers, and the first refusal (None: none)."""

    table: Table
    answers: list[Answer]
    refused: Answer | None


def open_like(path: Path, record: GameRecord, *, deals: Deals | None = None) -> Table:
    """A new table with the record's rules, options, target, players and first dealer."""
    rules = (record.tag("Rules") or "42").strip().lower()
    game = GAMES.get(rules, GAMES["42"])
    options = dict(item.split("=", 1) for item in (record.tag("Options") or "").split())
    target = record.tag("Target")
    if target:
        options["target"] = target.split()[0]
    names = {t.name: t.value for t in record.tags if t.name in game.seat_names}
    first = record.hands[0].dealer if record.hands and record.hands[0].dealer else None
    known = bool(record.hands) and all(h.deal is not None for h in record.hands)
    chosen: Deals = deals or ("known" if known else "unknown")
    return Table.open(path, rules=rules, options=options, names=names, dealer=first, deals=chosen)


def enter_record(table: Table, record: GameRecord, *, marks: bool = True) -> Entered:
    """Every entry of ``record``'s hands, in order, until one is refused; with ``marks``,
    the plays its irregularities rule are entered with ``!``."""
    from referee.live.opening import marked as _marked

    answers: list[Answer] = []
    for hand in record.hands:
        entries = list(_marked(entries_of(hand), hand)) if marks else entries_of(hand)
        for entry in entries:
            answer = table.enter(entry.words)
            answers.append(answer)
            if not answer.ok:
                return Entered(table, answers, answer)
    return Entered(table, answers, None)
