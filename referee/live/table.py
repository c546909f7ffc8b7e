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
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import codes
from ..diagnostics import Diagnostic
from ..engine.games import DEFAULT_GAME
from ..engine.profiles import Profile, Rules
from ..engine.refusal import Refusal
from ..judging.replay import Referee, Trace
from ..judging.verdict import GameVerdict
from ..notation.record import GameRecord, HandRecord, Tag
from ..notation.writer import format_game
from ..run.lock import LIVE, Locked, RecordLock
from ..run.output import WriteError, write_text
from .entries import Entry, EntryError, entries_of, read_entry, with_comments
from .journal import Journal, journal_path
from .opening import Asked, Deals, Detail, LiveError, Setup, position_of, reconcile, rules_of
from .position import Position, Refused, Step
from .sheet import SheetPosition
from .view import Options, State, options_of, state_of

__all__ = ["Answer", "Deals", "Detail", "LiveError", "Table"]

Comments = dict[int, list[tuple[int, str]]]
"""The comments typed at the table, by hand number: (the entries of the hand before it, its text)."""


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
class Table:
    """One game at the table, open for entries (see the module's docstring)."""

    path: Path
    setup: Setup
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
    comments: Comments = field(default_factory=dict)
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
        path = Path(path)
        referee = Referee(rules, dict(options or {}), profiles, detail=False)
        asked = Asked(rules, options or {}, profiles or {}, names or {}, tags, dealer, detail, deals, new_game)
        try:
            lock = RecordLock.acquire(path, LIVE)
        except Locked as e:
            raise LiveError(str(e)) from None
        try:
            opening = reconcile(path, referee, asked)
            table = cls._build(path, opening.setup, referee, opening.entries, opening.notes)
            table.journal = Journal(journal_path(path), keep=opening.keep)
            table.journal.append(opening.op, **opening.fields)
            table._save()
        except BaseException:
            lock.release()
            raise
        table.resumed = opening.resumed
        table.lock = lock
        return table

    @classmethod
    def _build(cls, path: Path, setup: Setup, referee: Referee, entries: list[str], notes: list[str]) -> Table:
        """The table of ``setup`` with ``entries`` entered again (they were recorded before)."""
        rules = rules_of(GameRecord(tags=[Tag(n, v) for n, v in setup.tags]), referee)
        table = cls(path, setup, referee, rules, position_of(rules, setup, referee), notes=list(notes))
        try:
            table.position, table.comments = table._replay(entries)
        except LiveError as e:
            raise LiveError(f"{e} on replay") from None
        table.entries = list(entries)
        table._judge()
        errors = table._errors()
        if errors:
            raise LiveError(f"the game does not check: {errors[0].code} {errors[0].message}")
        return table

    def _replay(self, entries: list[str]) -> tuple[Position, Comments]:
        """The position and the comments of the game after ``entries`` (recorded before)."""
        position = position_of(self.rules, self.setup, self.referee)
        comments: Comments = {}
        for k, words in enumerate(entries, start=1):
            try:
                for entry in read_entry(words, "play", sheet=position.sheet):
                    _enter(position, comments, entry)
            except (EntryError, Refused, ValueError) as e:
                raise LiveError(f"entry {k} of the game ({words!r}) is refused: {e}") from None
        return position, comments

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
        return GameRecord(tags=self._tags(), hands=[self._commented(h) for h in self.position.hands()])

    def _tags(self) -> list[Tag]:
        tags = [Tag(n, v) for n, v in self.setup.tags]
        winner = self.position.state.winner
        if winner is None:
            tags.append(Tag("Status", "unfinished"))
        else:
            tags.append(Tag("Winner", self.rules.game.team_labels[winner]))
        return tags

    def _commented(self, hand: HandRecord) -> HandRecord:
        """``hand`` with the comments typed while it was in play."""
        return with_comments(hand, self.comments.get(hand.number or 0, []), sheet=self.position.sheet)

    def picture(self) -> list[str]:
        """The hand in play as ``referee show`` draws it: tiles, auction, trump, tricks."""
        import io

        from ..report.console import Console
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
        console.print(hand_picture(record, verdict, number, trace.get(number, [])))
        lines = buffer.getvalue().rstrip("\n").splitlines()
        if not self.over:  # the hand in play is not followed to its end because it has none yet
            lines = [line for line in lines if not line.startswith("the hand could not be followed")]
            lines.append(f"in play: {self.where()}")
        return lines

    def text(self) -> str:
        """The file's text: the games before this one, then this one, in the canonical form
        (the text of each hand played is kept: only the hand in play is written anew)."""
        parts = [self.setup.prefix + ("\n" if self.setup.prefix else ""), format_game(GameRecord(tags=self._tags()))]
        done = self.position.done
        for k, hand in enumerate(self.position.hands()):
            text = self._texts.get(id(hand)) if k < len(done) else None
            if text is None:
                text = format_game(GameRecord(hands=[self._commented(hand)]))
                if k < len(done):
                    self._texts[id(hand)] = text
            parts += ("\n", text)
        return "".join(parts)

    # -- entries -------------------------------------------------------------------------------
    def _read(self, text: str) -> list[Entry]:
        position = self.position
        keyword = "play"
        if position.waits_for_deal:
            keyword = "deal"
        elif position.hand is not None:
            kind: str = position.hand.decision().kind
            if isinstance(position, SheetPosition) and position.waiting and kind != "declare":
                kind = "result"
            keyword = {"call": "bid", "exchange": "exchange", "declare": "trump", "result": "result"}.get(kind, "play")
        return read_entry(text, keyword, sheet=position.sheet)

    def check(self, text: str) -> Answer:
        """Whether ``text`` would be recorded now; nothing changes."""
        try:
            entries = [e for e in self._read(text) if e.kind != "comment"]
        except EntryError as e:
            return Answer(False, refusal=e.refusal, where=self.where())
        if len(entries) == 1 and not self.position.sheet:
            refusal = self.position.check(entries[0])
            if refusal is not None:
                return Answer(False, refusal=refusal, where=self.where())
            return Answer(True, (entries[0].words,), where=self.where(), verb="would record")
        copy, comments = self._replay(self.entries)  # checked one after another on a copy of the game
        done: list[str] = []
        for entry in entries:
            try:
                done.append(_enter(copy, comments, entry).words)
            except Refused as r:
                return Answer(False, tuple(done), refusal=r.refusal, where=self.where())
        return Answer(True, tuple(done), where=self.where(), verb="would record")

    def enter(self, text: str) -> Answer:
        """Record ``text`` (one entry, or several calls or plays on one line, and a comment)
        or refuse it with the reason; each entry recorded is journaled, then the file rewritten."""
        typed = " ".join(text.split())
        try:
            entries = self._read(text)
        except EntryError as e:
            return self._refused(typed, e.refusal, ())
        done: list[str] = []
        events: list[str] = []
        for entry in entries:
            try:
                step = _enter(self.position, self.comments, entry)
            except Refused as r:
                return self._refused(typed, r.refusal, tuple(done), tuple(events))
            if entry.kind == "comment":
                self._texts.clear()  # a comment after the last hand of a game over goes on a hand written already
            else:
                self._judge()
                errors = self._errors()
                if errors:  # the engine let it through but the record would not check: take it back
                    self._restore()
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
        self._restore()
        assert self.journal is not None
        self.journal.append("undo", n=len(self.entries), entry=last)
        self._save()
        return Answer(True, (last,), where=self.where(), verb="undone")

    def _restore(self) -> None:
        """The game as its entries recorded make it (after an undo, or an entry taken back)."""
        self.position, self.comments = self._replay(self.entries)
        self._texts.clear()
        self._judge()

    def _errors(self) -> list[Diagnostic]:
        return [d for d in self.verdict.diagnostics if d.is_error]

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


def _enter(position: Position, comments: Comments, entry: Entry) -> Step:
    """Enter ``entry`` into ``position`` (``Refused`` when it refuses it), a comment into
    ``comments`` after the entries of the hand in play (of the last hand, once the game is over)."""
    if entry.kind != "comment":
        return position.enter(entry)
    assert isinstance(entry.item, str)
    hands = position.hands()
    if position.hand is None and hands:  # the game is over: after the last hand's last entry
        number, made = len(hands), 1 << 20
    else:
        number, made = position.number, len(entries_of(hands[-1], sheet=position.sheet)) if hands else 0
    comments.setdefault(number, []).append((made, entry.item))
    return Step(entry.words)
