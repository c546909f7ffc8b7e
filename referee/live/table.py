"""A referee at the table: a game entered entry by entry, checked as it happens, and
never lost.

``Table.open(path, ...)`` starts a game in a new file or resumes the unfinished one a
file ends with.  Each entry (the notation's own words: ``30``, ``pass``, ``sixes``,
``6-4``, ``claim``...) is checked by the engine on the hand in play (``position.py``)
and then by the judge on the whole record as it would be written, so what the table
records is what ``referee check`` accepts, by construction.  An entry refused changes
nothing; one recorded is appended to the journal (``journal.py``, fsynced) before the
record is rewritten atomically, as one canonical record marked ``[Status
"unfinished"]`` until the game is won.  A lock file (``run/lock.py``) keeps a second table,
and ``fmt``, ``fix`` and ``tag``, off the game.

On open, the journal and the record are reconciled: a torn last journal line is
dropped with a note, a damaged one elsewhere is an error naming its line, a journal
ahead of the record (the program stopped between the two writes) rewrites the
record, a record missing is rebuilt from its journal, and a record changed by hand
is kept, its entries read from it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> t = Table.open(folder / "game.42", dealer="W")
>>> t.enter("30").line()
'ok: bid N 30 | next: hand 1, E to bid'
>>> t.enter("E 30").line()
'refused E202: E bid 30, which is not higher than the current bid of 30 | next: hand 1, E to bid'
>>> t.close()
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .. import codes
from ..diagnostics import Diagnostic
from ..engine.games import DEFAULT_GAME, make_rules
from ..engine.profiles import OptionError, Profile, Rules
from ..engine.refusal import Refusal
from ..judging.judged import Judged
from ..judging.replay import Referee, Trace
from ..judging.rules_for import rules_for
from ..judging.verdict import GameVerdict
from ..notation.record import GameRecord, Tag
from ..notation.tags import tag_choice
from ..notation.writer import format_game, format_records
from ..play.simulate import options_tag
from ..report.canonical import canonical
from ..run.lock import LIVE, Locked, RecordLock
from ..run.output import WriteError, write_text
from ..run.records import judged_records
from .entries import Entry, EntryError, entries_of, read_entry
from .journal import Journal, JournalError, journal_path, read_journal, replay
from .position import Position, Refused
from .view import Options, State, options_of, state_of

__all__ = ["Answer", "Deals", "Detail", "LiveError", "Table"]

Deals = Literal["unknown", "known"]
Detail = Literal["plays", "hands"]

_MANAGED = ("status", "winner")
"""Tags the table writes itself: ``[Status "unfinished"]`` while the game goes on, ``[Winner]`` at its end."""


class LiveError(Exception):
    """The game cannot be opened or written: the words say why (exit status 2)."""


@dataclass(frozen=True)
class Answer:
    """What the table says to one entry or command."""

    ok: bool
    entries: tuple[str, ...] = ()
    """The entries recorded (or taken back), in the notation's canonical words."""
    events: tuple[str, ...] = ()
    """What happened at the table: a trick won, a hand scored, the game over."""
    refusal: Refusal | None = None
    where: str = ""
    """Where the game stands after it: 'hand 6, trick 3, E to play'."""
    verb: str = "ok"

    def line(self) -> str:
        """The answer on one line, as line mode prints it."""
        parts: list[str] = []
        if self.refusal is not None:
            r = self.refusal
            done = f"ok: {', '.join(self.entries)}; then " if self.entries else ""
            parts.append(f"{done}refused {r.code}: {r.message}")
            if r.hint:
                parts.append(f"hint: {r.hint}")
        else:
            parts.append(f"{self.verb}: {', '.join(self.entries)}" if self.entries else self.verb)
        parts += self.events
        if self.where:
            parts.append(f"next: {self.where}")
        return " | ".join(p.replace("\n", " ") for p in parts)


@dataclass
class _Setup:
    """How the game was opened: everything the journal needs to build it again."""

    tags: list[tuple[str, str]]
    dealer: str
    deals: Deals
    prefix: str = ""
    """The games before this one in the file, in the canonical form."""

    def line(self) -> dict[str, Any]:
        return {"tags": [list(t) for t in self.tags], "dealer": self.dealer, "deals": self.deals, "prefix": self.prefix}

    @classmethod
    def of(cls, line: dict[str, Any]) -> _Setup:
        return cls(
            [(str(n), str(v)) for n, v in line["tags"]], str(line["dealer"]), line.get("deals", "unknown"), str(line.get("prefix", ""))
        )


@dataclass
class Table:
    """One game at the table, open for entries (see the module's docstring)."""

    path: Path
    setup: _Setup
    referee: Referee
    rules: Rules
    position: Position
    entries: list[str] = field(default_factory=list)
    """Every entry recorded, in canonical words: the game is these entered in order."""
    notes: list[str] = field(default_factory=list)
    """What opening the game found and did (a torn journal line dropped, a record rebuilt...)."""
    verdict: GameVerdict = field(default_factory=GameVerdict)
    journal: Journal | None = None
    lock: RecordLock | None = None
    resumed: bool = False
    _written: tuple[int, int, int, int] | None = None
    _texts: dict[int, str] = field(default_factory=dict)
    """The text of each hand played, by the identity of its record (``position.done`` keeps them alive)."""

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        rules: str = DEFAULT_GAME,
        options: dict[str, str] | None = None,
        profiles: dict[str, Profile] | None = None,
        names: dict[str, str] | None = None,
        tags: Sequence[tuple[str, str]] = (),
        dealer: str | None = None,
        detail: Detail = "plays",
        deals: Deals = "unknown",
        new_game: bool = False,
    ) -> Table:
        """Start a game in ``path``, or resume the unfinished game it holds.

        ``rules``, ``options``, ``names`` (seat or seat tag to player), ``tags``, ``dealer``
        (the first hand's; by default the last seat, as the judge assumes) and ``deals``
        shape a new game; a game resumed keeps its own.  ``new_game`` starts a game after
        the finished ones a file holds.  Raises ``LiveError`` with the reason.
        """
        if detail != "plays":
            raise LiveError("--detail hands is not yet available: it needs score-sheet hands (issue 24)")
        path = Path(path)
        referee = Referee(rules, dict(options or {}), profiles, detail=False)
        try:
            lock = RecordLock.acquire(path, LIVE)
        except Locked as e:
            raise LiveError(str(e)) from None
        try:
            table = cls._open(path, referee, rules, options or {}, profiles or {}, names or {}, tags, dealer, deals, new_game)
        except BaseException:
            lock.release()
            raise
        table.lock = lock
        return table

    @classmethod
    def _open(
        cls,
        path: Path,
        referee: Referee,
        rules: str,
        options: dict[str, str],
        profiles: dict[str, Profile],
        names: dict[str, str],
        tags: Sequence[tuple[str, str]],
        dealer: str | None,
        deals: Deals,
        new_game: bool,
    ) -> Table:
        jpath = journal_path(path)
        try:
            lines, keep, notes = read_journal(jpath)
            journaled = replay(jpath, lines)
        except JournalError as e:
            raise LiveError(f"{e}; the journal is left as it is: look at it, then move it away to start from the record alone") from None
        found = _read_record(path, referee) if path.exists() else None
        if found is not None and found[1] is None:  # no game going on in the file
            before = found[0]
            if before and not new_game:
                raise LiveError(f"{path} holds a finished game; give --new-game to start another after it in the same file")
            setup = _new_setup(path, rules, options, profiles, names, tags, dealer, deals, referee, before)
            table = cls._build(path, setup, referee, [], notes)
            table.journal = Journal(jpath, keep=keep)
            table.journal.append("open", **setup.line(), entries=[], why="new game")
            table._save()
            return table
        if found is not None and new_game:
            raise LiveError(f"{path} ends with an unfinished game: open it without --new-game to go on with it")
        if found is None and journaled is None:
            setup = _new_setup(path, rules, options, profiles, names, tags, dealer, deals, referee, "")
            table = cls._build(path, setup, referee, [], notes)
            table.journal = Journal(jpath, keep=keep)
            table.journal.append("open", **setup.line(), entries=[], why="new game")
            table._save()
            return table
        if found is None:
            assert journaled is not None
            setup = _Setup.of(journaled.opened)
            table = cls._build(path, setup, referee, journaled.entries, notes)
            note = f"{path} was not there: rebuilt from its journal ({len(journaled.entries)} entries)"
            table.notes.append(note)
            table.journal = Journal(jpath, keep=keep)
            table.journal.append("resume", n=len(table.entries), note=note)
            table._save()
            table.resumed = True
            return table
        before, game = found
        assert game is not None
        setup, entries = _setup_of(path, game, referee, deals, before)
        dropped = _comments(game.record)
        if dropped:
            notes.append(f"{path}: the game's comments ({dropped}) are not kept: the table writes the game from its entries")
        if journaled is not None:
            journal_setup = _Setup.of(journaled.opened)
            same = (journal_setup.tags, journal_setup.dealer) == (setup.tags, setup.dealer)
            last = lines[-1] if lines else {}
            if same and journaled.entries == entries:
                setup.deals = journal_setup.deals
            elif (
                same
                and (
                    journaled.entries[:-1] == entries  # an entry journaled, the record not yet rewritten
                    or (entries[:-1] == journaled.entries and last.get("op") == "undo" and entries[-1:] == [last.get("entry")])  # an undo
                )
            ):
                notes.append(
                    f"the journal is one step ahead of {path} (the program stopped between the two writes): the record is rewritten"
                )
                setup.deals = journal_setup.deals
                entries = journaled.entries
            else:
                notes.append(f"{path} differs from its journal (changed by hand?): the record is kept, and the journal says so")
                journaled = None
        table = cls._build(path, setup, referee, entries, notes)
        table.journal = Journal(jpath, keep=keep)
        if journaled is None:
            table.journal.append("open", **setup.line(), entries=entries, why="resumed from the record")
        else:
            table.journal.append("resume", n=len(entries))
        table._save()
        table.resumed = True
        return table

    @classmethod
    def _build(cls, path: Path, setup: _Setup, referee: Referee, entries: list[str], notes: list[str]) -> Table:
        """The table of ``setup`` with ``entries`` entered again (they were recorded before)."""
        record = GameRecord(tags=[Tag(n, v) for n, v in setup.tags])
        rules = _rules(record, referee)
        position = _position(rules, setup)
        table = cls(path, setup, referee, rules, position, notes=list(notes))
        for words in entries:
            try:
                (entry,) = read_entry(words, "play")
                step = position.enter(entry)
            except (EntryError, Refused, ValueError) as e:
                raise LiveError(f"entry {len(table.entries) + 1} of the game ({words!r}) is refused on replay: {e}") from None
            table.entries.append(step.words)
        table._judge()
        errors = [d for d in table.verdict.diagnostics if d.is_error]
        if errors:
            raise LiveError(f"the game does not check: {errors[0].code} {errors[0].message}")
        return table

    # -- what the table says -------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.rules.game.name

    @property
    def over(self) -> bool:
        return self.position.over

    def where(self) -> str:
        """'hand 6, trick 3, E to play' (what the resume banner says)."""
        return self.position.where()

    @property
    def state(self) -> State:
        """The score, the hand, the dealer, whose turn, the trick, points, bid and trump."""
        return state_of(self.position, self.setup.tags)

    def options(self) -> Options:
        """The entries open now: exact with the deal entered, else the tiles the player may
        hold (marked not exact)."""
        return options_of(self.position)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """What ``referee check`` says of the record as it stands (a W108 note while the game goes on)."""
        return list(self.verdict.diagnostics)

    def record(self) -> GameRecord:
        """The game so far, as the file holds it."""
        tags = [Tag(n, v) for n, v in self.setup.tags]
        winner = self.position.state.winner
        if winner is None:
            tags.append(Tag("Status", "unfinished"))
        else:
            tags.append(Tag("Winner", self.rules.game.team_labels[winner]))
        return GameRecord(tags=tags, hands=self.position.hands())

    def picture(self) -> list[str]:
        """The hand in play as ``referee show`` draws it: tiles, auction, trump, tricks."""
        import io

        from ..report.escaping import Console
        from ..report.picture import hand_picture

        record = self.record()
        if not record.hands:
            return [self.where()]
        trace: Trace = {}
        referee = Referee(*self.referee.defaults, self.referee.profiles)
        verdict = referee.judge(record, trace=trace)
        number = len(record.hands)
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, highlight=False)
        console.print(hand_picture(record, verdict, number, trace.get(number, []), profiles=self.referee.profiles))
        lines = buffer.getvalue().rstrip("\n").splitlines()
        if not self.over:  # the hand in play is not followed to its end because it has none yet
            lines = [line for line in lines if not line.startswith("the hand could not be followed")]
            lines.append(f"in play: {self.where()}")
        return lines

    def text(self) -> str:
        """The file's text: the games before this one, then this one, in the canonical form
        (the text of each hand played is kept: only the hand in play is written anew)."""
        record = self.record()
        parts = [self.setup.prefix + ("\n" if self.setup.prefix else ""), format_game(GameRecord(tags=record.tags))]
        done = self.position.done
        for k, hand in enumerate(record.hands):
            text = self._texts.get(id(hand)) if k < len(done) else None
            if text is None:
                text = format_game(GameRecord(hands=[hand]))
                if k < len(done):
                    self._texts[id(hand)] = text
            parts += ("\n", text)
        return "".join(parts)

    # -- entries -------------------------------------------------------------------------------
    def _keyword(self) -> str:
        if self.position.waits_for_deal:
            return "deal"
        hand = self.position.hand
        if hand is None:
            return "play"
        kind = hand.decision().kind
        return {"call": "bid", "exchange": "exchange", "declare": "trump"}.get(kind, "play")

    def _read(self, text: str) -> list[Entry]:
        return read_entry(text, self._keyword())

    def check(self, text: str) -> Answer:
        """Whether ``text`` would be recorded now; nothing changes."""
        try:
            entries = self._read(text)
        except EntryError as e:
            return Answer(False, refusal=e.refusal, where=self.where())
        if len(entries) == 1:
            refusal = self.position.check(entries[0])
            if refusal is not None:
                return Answer(False, refusal=refusal, where=self.where())
            return Answer(True, (entries[0].words,), where=self.where(), verb="would record")
        copy = self._copy()  # several entries: checked one after another on a copy of the game
        done: list[str] = []
        for entry in entries:
            try:
                done.append(copy.enter(entry).words)
            except Refused as r:
                return Answer(False, tuple(done), refusal=r.refusal, where=self.where())
        return Answer(True, tuple(done), where=self.where(), verb="would record")

    def _copy(self) -> Position:
        position = _position(self.rules, self.setup)
        for words in self.entries:
            (entry,) = read_entry(words, "play")
            position.enter(entry)
        return position

    def enter(self, text: str) -> Answer:
        """Record ``text`` (one entry, or several calls or plays on one line) or refuse it
        with the reason; each entry recorded is journaled, then the file rewritten."""
        typed = " ".join(text.split())
        try:
            entries = self._read(text)
        except EntryError as e:
            return self._refused(typed, e.refusal, ())
        done: list[str] = []
        events: list[str] = []
        for entry in entries:
            try:
                step = self.position.enter(entry)
            except Refused as r:
                return self._refused(typed, r.refusal, tuple(done), tuple(events))
            self._judge()
            errors = [d for d in self.verdict.diagnostics if d.is_error]
            if errors:  # the engine let it through but the record would not check: take it back
                self.position = self._copy()
                self._texts.clear()
                self._judge()
                d = errors[0]
                return self._refused(typed, Refusal(d.code, d.message, d.hint), tuple(done), tuple(events))
            self.entries.append(step.words)
            assert self.journal is not None
            self.journal.append("enter", n=len(self.entries), entry=step.words, typed=typed)
            self._save()
            done.append(step.words)
            events += step.events
        return Answer(True, tuple(done), tuple(events), where=self.where())

    def _refused(self, typed: str, refusal: Refusal, done: tuple[str, ...], events: tuple[str, ...] = ()) -> Answer:
        if self.journal is not None:
            self.journal.append("refused", typed=typed, code=str(refusal.code), message=refusal.message)
        return Answer(False, done, events, refusal=refusal, where=self.where())

    def undo(self) -> Answer:
        """Take back the last entry (journaled, and the file rewritten)."""
        if not self.entries:
            return Answer(False, refusal=Refusal(codes.S011, "there is nothing to undo"), where=self.where())
        last = self.entries.pop()
        self.position = self._copy()
        self._texts.clear()
        self._judge()
        assert self.journal is not None
        self.journal.append("undo", n=len(self.entries), entry=last)
        self._save()
        return Answer(True, (last,), where=self.where(), verb="undone")

    # -- writing -----------------------------------------------------------------------------
    def _judge(self) -> None:
        self.verdict = self.referee.judge(self.record())

    def _save(self) -> None:
        """Rewrite the record atomically, unless someone changed it since this table wrote it."""
        try:
            write_text(self.path, self.text(), before_replace=self._unchanged)
        except WriteError as e:
            raise LiveError(str(e)) from None
        info = os.stat(self.path)
        self._written = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)

    def _unchanged(self) -> None:
        if self._written is None:
            return
        try:
            info = os.stat(self.path)
            now: tuple[int, int, int, int] | None = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
        except FileNotFoundError:
            now = None
        if now is not None and now != self._written:
            raise LiveError(
                f"{self.path} was changed by another program while the game was open; it is left as it is "
                "(the entry is in the journal): open the game again to go on"
            )

    def close(self) -> None:
        """Let the game go: the journal closed, the lock released."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _position(rules: Rules, setup: _Setup) -> Position:
    first = rules.game.seat_index(setup.dealer)
    assert first is not None
    return Position(rules, first, deals_known=setup.deals == "known")


def _rules(record: GameRecord, referee: Referee) -> Rules:
    problems: list[str] = []

    def report(code: codes.Code, message: str, at: object, hint: str | None = None) -> None:
        problems.append(f"{code} {message}" + (f" ({hint})" if hint else ""))

    rules = rules_for(record, referee.defaults, report, referee.profiles)
    if rules is None or problems:
        raise LiveError("the game's rules cannot be read: " + "; ".join(problems or ["no rules"]))
    return rules


def _new_setup(
    path: Path,
    rules: str,
    options: dict[str, str],
    profiles: dict[str, Profile],
    names: dict[str, str],
    tags: Sequence[tuple[str, str]],
    dealer: str | None,
    deals: Deals,
    referee: Referee,
    before: list[GameRecord] | str,
) -> _Setup:
    """The tags of a new game: its rules, options and target, the players, the tags given."""
    try:
        chosen = make_rules(rules, options, profiles)
    except (OptionError, KeyError) as e:
        raise LiveError(f"--options: {e}") from None
    game = chosen.game
    out: list[tuple[str, str]] = [("Rules", chosen.profile or game.name)]
    given = options_tag(chosen)
    if given is not None:
        out.append(("Options", given))
    out.append(("Target", f"{chosen.target} {chosen.target_unit}"))
    for key, name in names.items():
        s = game.seat_index(key.upper())
        if s is None:
            by_tag = {t.lower(): i for i, t in enumerate(game.seat_names)}
            s = by_tag.get(key.lower())
        if s is None:
            raise LiveError(f"--names: {game.title} has no seat {key!r}; its seats are {' '.join(game.seats)}")
        out.append((game.seat_names[s], name))
    for name, value in tags:
        if name.lower() in (*_MANAGED, "rules", "options", "target", "mode"):
            raise LiveError(f"--tag {name}: the table writes it (use --rules, --options, or the game's own course)")
        out.append((name, value))
    seat = game.seats[-1] if dealer is None else dealer.upper()
    if game.seat_index(seat) is None:
        raise LiveError(f"--dealer: {game.title} has no seat {dealer!r}; its seats are {' '.join(game.seats)}")
    prefix = before if isinstance(before, str) else "".join(format_records(before))
    return _Setup(out, seat, deals, prefix)


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


def _setup_of(path: Path, judged: Judged, referee: Referee, deals: Deals, before: list[GameRecord]) -> tuple[_Setup, list[str]]:
    """How a game read from a file was opened, and its entries (the plays with `!` where the
    record rules an irregularity)."""
    game = judged.record
    assert game is not None
    errors = [d for d in judged.diagnostics if d.is_error]
    if errors:
        d = errors[0]
        raise LiveError(f"{d.location()}: {d.code} {d.message}; correct the record (referee check {path}), then open it again")
    rules = _rules(game, referee)
    tags = [(t.name, t.value) for t in game.tags if t.name.lower() not in _MANAGED]
    dealer = game.hands[0].dealer if game.hands and game.hands[0].dealer else rules.game.seats[-1]
    known = bool(game.hands) and all(h.deal is not None for h in game.hands)
    setup = _Setup(tags, dealer, "known" if known else deals, "".join(format_records(before)))
    position = _position(rules, setup)
    entries: list[str] = []
    for number, hand in enumerate(game.hands, start=1):
        if number != position.number:
            raise LiveError(f"{path}: hand {hand.label(number)} follows a hand that is not over")
        for entry in _marked(entries_of(hand), hand):
            try:
                step = position.enter(entry)
            except Refused as r:
                raise LiveError(f"{path}: hand {hand.label(number)}: {entry.words} is refused: {r.refusal}") from None
            entries.append(step.words)
    return setup, entries


def _comments(record: GameRecord | None) -> int:
    """How many comments a record holds (on its tags, its hands, their items and plays)."""
    if record is None:
        return 0

    def count(item: Any) -> int:
        if isinstance(item, str):
            return 0
        n = len(getattr(item, "comments", ()) or ()) + len(getattr(item, "after", ()) or ())
        fields = getattr(item, "__dataclass_fields__", None) or getattr(item, "_fields", None)
        if fields:
            return n + sum(count(getattr(item, f)) for f in fields if f not in ("comments", "after"))
        if isinstance(item, list | tuple):
            return sum(count(x) for x in item)
        return 0

    return len(record.trailing_comments) + count(record.tags) + count(record.hands)


def _marked(entries: list[Entry], hand: Any) -> Iterator[Entry]:
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
