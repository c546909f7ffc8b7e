"""How a game at the table is opened: a new game's header from the command's options, or
the game a file holds read back into entries, reconciled with its journal.

``reconcile`` decides what ``Table.open`` finds (docs/live.md, "Resuming"): a new
game; a record deleted with its journal kept (rebuilt from the journal); a record and
its journal that agree, or a journal one step ahead of the record (the program
stopped between the two writes: the journal wins); or a record changed by hand (the
record wins, and the journal says so).  It reads and decides; the table replays the
entries and writes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .. import codes
from ..engine.games import make_rules
from ..engine.profiles import OptionError, Profile, Rules
from ..judging.judged import Judged
from ..judging.replay import Referee
from ..judging.rules_for import rules_for
from ..notation.record import GameRecord, HandRecord, Tag
from ..notation.tags import tag_choice
from ..notation.writer import format_records
from ..play.simulate import options_tag
from ..report.canonical import canonical
from ..run.records import judged_records
from .entries import Entry, entries_of
from .journal import JournalError, journal_path, read_journal, replay
from .position import Position, Refused
from .sheet import SheetPosition

__all__ = ["MANAGED", "Asked", "Deals", "Detail", "LiveError", "Opening", "Setup", "marked", "position_of", "reconcile", "rules_of"]

Deals = Literal["unknown", "known"]
Detail = Literal["plays", "hands"]

MANAGED = ("status", "winner")
"""Tags the table writes itself: ``[Status "unfinished"]`` while the game goes on, ``[Winner]`` at its end."""


class LiveError(Exception):
    """The game cannot be opened or written: the words say why (exit status 2)."""


@dataclass
class Setup:
    """How the game was opened: everything the journal needs to build it again."""

    tags: list[tuple[str, str]]
    dealer: str
    deals: Deals
    prefix: str = ""
    """The games before this one in the file, in the canonical form."""

    def line(self) -> dict[str, Any]:
        return {"tags": [list(t) for t in self.tags], "dealer": self.dealer, "deals": self.deals, "prefix": self.prefix}

    @classmethod
    def of(cls, line: dict[str, Any]) -> Setup:
        return cls(
            [(str(n), str(v)) for n, v in line["tags"]], str(line["dealer"]), line.get("deals", "unknown"), str(line.get("prefix", ""))
        )

    @property
    def detail(self) -> Detail:
        """``hands`` for a score sheet's game (``[Detail "hands"]``), else ``plays``."""
        value = next((v for n, v in self.tags if n.lower() == "detail"), "plays")
        return "hands" if tag_choice("Detail", value) == "hands" else "plays"


@dataclass
class Opening:
    """What opening a game found: the game, its entries, the notes for the user, and the
    line the journal gets for it."""

    setup: Setup
    entries: list[str]
    notes: list[str] = field(default_factory=list)
    keep: int | None = None
    """Cut the journal back to this many bytes first (a torn last line dropped)."""
    op: str = "open"
    fields: dict[str, Any] = field(default_factory=dict)
    resumed: bool = False


@dataclass(frozen=True)
class Asked:
    """What the command asked for: the shape of a new game."""

    rules: str
    options: dict[str, str]
    profiles: dict[str, Profile]
    names: dict[str, str]
    tags: Sequence[tuple[str, str]]
    dealer: str | None
    detail: Detail
    deals: Deals
    new_game: bool


def reconcile(path: Path, referee: Referee, asked: Asked) -> Opening:
    """What ``path`` and its journal hold, and how the game goes on (``LiveError``: it cannot)."""
    jpath = journal_path(path)
    try:
        lines, keep, notes = read_journal(jpath)
        journaled = replay(jpath, lines)
    except JournalError as e:
        raise LiveError(f"{e}; the journal is left as it is: look at it, then move it away to start from the record alone") from None
    found = _read_record(path, referee) if path.exists() else None
    if found is not None and found[1] is None:  # no game going on in the file
        before = found[0]
        if before and not asked.new_game:
            raise LiveError(f"{path} holds a finished game; give --new-game to start another after it in the same file")
        return _new(asked, "".join(format_records(before)), keep, notes)
    if found is not None and asked.new_game:
        raise LiveError(f"{path} ends with an unfinished game: open it without --new-game to go on with it")
    if found is None and journaled is None:
        return _new(asked, "", keep, notes)
    if found is None:
        assert journaled is not None
        note = f"{path} was not there: rebuilt from its journal ({len(journaled.entries)} entries)"
        fields = {"n": len(journaled.entries), "note": note}
        return Opening(Setup.of(journaled.opened), journaled.entries, [*notes, note], keep, "resume", fields, resumed=True)
    before, game = found
    assert game is not None
    setup, entries = _setup_of(path, game, referee, asked.deals, before)
    if journaled is not None:
        journal_setup = Setup.of(journaled.opened)
        same = (journal_setup.tags, journal_setup.dealer) == (setup.tags, setup.dealer)
        last = lines[-1] if lines else {}
        undone = last.get("op") == "undo" and entries[:-1] == journaled.entries and entries[-1:] == [last.get("entry")]
        if same and journaled.entries == entries:
            setup.deals = journal_setup.deals
        elif same and (journaled.entries[:-1] == entries or undone):  # an entry journaled (or taken back), the record not yet rewritten
            notes.append(f"the journal is one step ahead of {path} (the program stopped between the two writes): the record is rewritten")
            setup.deals = journal_setup.deals
            entries = journaled.entries
        else:
            notes.append(f"{path} differs from its journal (changed by hand?): the record is kept, and the journal says so")
            journaled = None
    if journaled is None:
        return Opening(setup, entries, notes, keep, "open", {**setup.line(), "entries": entries, "why": "resumed from the record"}, True)
    return Opening(setup, entries, notes, keep, "resume", {"n": len(entries)}, resumed=True)


def _new(asked: Asked, prefix: str, keep: int | None, notes: list[str]) -> Opening:
    setup = _new_setup(asked, prefix)
    return Opening(setup, [], notes, keep, "open", {**setup.line(), "entries": [], "why": "new game"})


def position_of(rules: Rules, setup: Setup, referee: Referee) -> Position:
    """The position of a game opened with ``setup``, before its first entry: a score
    sheet's (``--detail hands``) judges its hands with ``referee``."""
    first = rules.game.seat_index(setup.dealer)
    assert first is not None
    if setup.detail == "hands":
        tags = [Tag(n, v) for n, v in setup.tags] + [Tag("Status", "unfinished")]
        judge = Referee(*referee.defaults, referee.profiles)  # with each hand's verdict: its award
        return SheetPosition(rules, first, lambda hands: judge.judge(GameRecord(tags=tags, hands=hands)))
    return Position(rules, first, deals_known=setup.deals == "known")


def rules_of(record: GameRecord, referee: Referee) -> Rules:
    """The rules of a game as its header gives them (``LiveError`` when they do not read)."""
    problems: list[str] = []

    def report(code: codes.Code, message: str, at: object, hint: str | None = None) -> None:
        problems.append(f"{code} {message}" + (f" ({hint})" if hint else ""))

    rules = rules_for(record, referee.defaults, report, referee.profiles)
    if rules is None or problems:
        raise LiveError("the game's rules cannot be read: " + "; ".join(problems or ["no rules"]))
    return rules


def _new_setup(asked: Asked, prefix: str) -> Setup:
    """The tags of a new game: its rules, options and target, the players, the tags given."""
    try:
        chosen = make_rules(asked.rules, asked.options, asked.profiles)
    except (OptionError, KeyError) as e:
        raise LiveError(f"--options: {e}") from None
    game = chosen.game
    out: list[tuple[str, str]] = [("Rules", chosen.profile or game.name)]
    given = options_tag(chosen)
    if given is not None:
        out.append(("Options", given))
    out.append(("Target", f"{chosen.target} {chosen.target_unit}"))
    if asked.detail == "hands":
        out.append(("Detail", "hands"))
    for key, name in asked.names.items():
        s = game.seat_index(key.upper())
        if s is None:
            by_tag = {t.lower(): i for i, t in enumerate(game.seat_names)}
            s = by_tag.get(key.lower())
        if s is None:
            raise LiveError(f"--names: {game.title} has no seat {key!r}; its seats are {' '.join(game.seats)}")
        out.append((game.seat_names[s], name))
    for name, value in asked.tags:
        if name.lower() in (*MANAGED, "rules", "options", "target", "mode", "detail"):
            raise LiveError(f"--tag {name}: the table writes it (use --rules, --options, --detail, or the game's own course)")
        out.append((name, value))
    dealer = asked.dealer
    seat = game.seats[-1] if dealer is None else dealer.upper()
    if game.seat_index(seat) is None:
        raise LiveError(f"--dealer: {game.title} has no seat {dealer!r}; its seats are {' '.join(game.seats)}")
    if asked.detail == "hands" and asked.deals == "known":
        raise LiveError("--detail hands takes no deal: give --deals known only with --detail plays")
    return Setup(out, seat, asked.deals, prefix)


def _read_record(path: Path, referee: Referee) -> tuple[list[GameRecord], Judged | None]:
    """The file's records, judged: the games before the last (canonical), and the last
    when it is a game still going on (None when it is finished)."""
    judged = list(judged_records(str(path), referee))
    for j in judged:
        unreadable = [d for d in j.diagnostics if d.is_error and d.is_syntax]
        if unreadable or j.record is None or j.verdict is None:
            d = unreadable[0] if unreadable else None
            raise LiveError(f"{d.location()}: {d.code} {d.message}" if d else f"{path} does not read")
    if not judged:
        return [], None
    last = judged[-1]
    assert last.record is not None
    if last.record.mode != "game" or not last.record.tags:
        raise LiveError(f"{path} ends with a hand log; live referees a game with its header")
    before = [canonical(j.record, j.verdict) for j in judged[:-1] if j.record is not None]
    if tag_choice("Status", last.record.tag("Status")) != "unfinished":
        return [*before, canonical(last.record, last.verdict)], None
    return before, last


def _setup_of(path: Path, judged: Judged, referee: Referee, deals: Deals, before: list[GameRecord]) -> tuple[Setup, list[str]]:
    """How a game read from a file was opened, and its entries (the plays with `!` where the
    record rules an irregularity, and the comments written in each hand)."""
    game = judged.record
    assert game is not None
    errors = [d for d in judged.diagnostics if d.is_error]
    if errors:
        d = errors[0]
        raise LiveError(f"{d.location()}: {d.code} {d.message}; correct the record (referee check {path}), then open it again")
    rules = rules_of(game, referee)
    tags = [(t.name, t.value) for t in game.tags if t.name.lower() not in MANAGED]
    dealer = game.hands[0].dealer if game.hands and game.hands[0].dealer else rules.game.seats[-1]
    known = bool(game.hands) and all(h.deal is not None for h in game.hands)
    setup = Setup(tags, dealer, "known" if known else deals, "".join(format_records(before)))
    position = position_of(rules, setup, referee)
    entries: list[str] = []
    for number, hand in enumerate(game.hands, start=1):
        if number != position.number:
            raise LiveError(f"{path}: hand {hand.label(number)} follows a hand that is not over")
        for entry in marked(entries_of(hand, sheet=position.sheet), hand):
            if entry.kind == "comment":
                entries.append(entry.words)
                continue
            if position.number != number and entry.kind in ("result", "award", "score"):
                continue  # a sheet's hand was scored by the entries before: these lines are the referee's
            try:
                step = position.enter(entry)
            except Refused as r:
                raise LiveError(f"{path}: hand {hand.label(number)}: {entry.words} is refused: {r.refusal}") from None
            entries.append(step.words)
    return setup, entries


def marked(entries: list[Entry], hand: HandRecord) -> Iterator[Entry]:
    """A hand's entries, the plays the record rules irregular marked `!`: the n-th play of
    a trick where an ``accept`` names its seat, and every play of the reneging seat from
    the renege's trick on (the one that gave it away is among them; `!` on a legal play
    changes nothing)."""
    accepted = {(a.seat, a.trick) for a in hand.accepted}
    renege = (hand.renege.seat, hand.renege.trick) if hand.renege is not None else None
    trick_of: dict[int, int] = {}
    k = 0
    for number, tr in enumerate(hand.tricks, start=1):
        for _ in tr.plays:
            trick_of[k] = number
            k += 1
    k = 0
    for entry in entries:
        if entry.kind != "play":
            yield entry
            continue
        number = trick_of.get(k, 0)
        k += 1
        seat = entry.seat
        mark = (seat, number) in accepted or (renege is not None and seat == renege[0] and number >= renege[1])
        yield Entry(entry.kind, entry.item, True) if mark else entry
