"""Today's record, verdict and replay trace, turned into the diagrams' plain data.

This is the only module of the pictures (``diagram``, ``svg``, ``html``) that reads
the notation's ``GameRecord``, the referee's ``GameVerdict`` and diagnostics, and the
engine's ``HandView`` trace.  When those models change, this module is re-pointed
and the drawing code, its templates and its snapshots stay as they are.

What it reads, and from where:

- the record (``GameRecord``/``HandRecord``): tags (players' names), the deal as
  written, the widow or cat, the calls (with a bid's suit or contract), the exchange,
  who named trump, every play with its source span (``Play.at``), the claim;
- the verdict (``GameVerdict``/``HandVerdict``): dealer, declarer, bid, trump, each
  trick's leader, winner and points, the score sheet rows (through
  ``report.scoresheet.hand_rows``), the winner, and the diagnostics;
- the trace (``Referee.judge(record, trace=...)``): for each play, in record order,
  the hand's snapshot and the legal plays just before it.  It gives what each seat
  held before a trick and what it could play.

A diagnostic belongs to a play when it has the play's hand number and the play's
source span.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from ..codes import Severity
from ..diagnostics import Diagnostic
from ..engine.deal import kitty_of
from ..engine.declarations import NUMBER_NAMES, table_for
from ..engine.games import DEFAULT_GAME, GAMES
from ..engine.profiles import Game, Profile
from ..engine.tiles import Tile, TileError, parse_tile
from ..engine.turns import partner_seat
from ..engine.views import HandView
from ..judging.judged import Judged
from ..judging.replay import Trace
from ..judging.verdict import GameVerdict, HandVerdict
from ..notation.locate import play_spans, tile_spans
from ..notation.record import GameRecord, HandRecord
from ..source import Position as Place
from ..source import Span
from .diagram import (
    Call,
    Claim,
    Contract,
    Diagram,
    Flag,
    Item,
    Kitty,
    Note,
    PlayView,
    Position,
    RecordView,
    ScoreRow,
    SeatView,
    TilePair,
    TrickView,
    played_when,
)
from .diagram import Severity as NoteSeverity
from .scoresheet import hand_rows

__all__ = ["At", "PositionError", "game_of", "hand_diagram", "record_view", "record_views"]

At = int | Literal["claim", "last"] | None
"""The moment to show: None (the whole hand), before trick K, at the claim, or the last trick played."""

Entry = tuple[HandView, list[Tile]]


class PositionError(ValueError):
    """The moment asked for is not in the hand (no such trick, no claim)."""


def game_of(verdict: GameVerdict, profiles: Mapping[str, Profile] | None = None) -> Game:
    """The game a verdict was judged under (a house-rule profile names its base game)."""
    name = (verdict.rules or DEFAULT_GAME).lower()
    if name not in GAMES and profiles and name in profiles:
        name = profiles[name].base
    return GAMES.get(name, GAMES[DEFAULT_GAME])


def _pair(t: Tile) -> TilePair:
    return (t.hi, t.lo)


def _tiles(texts: Iterable[str | Tile]) -> list[Tile]:
    """The tiles of ``texts``, leaving out what is not a tile (the diagnostics say so)."""
    out = []
    for text in texts:
        if isinstance(text, Tile):
            out.append(text)
            continue
        try:
            out.append(parse_tile(text))
        except TileError:
            continue
    return out


def _pairs(texts: Iterable[str | Tile]) -> tuple[TilePair, ...]:
    return tuple(_pair(t) for t in _tiles(texts))


def _where(at: Place | None) -> str | None:
    return None if at is None else f"{at.line}:{at.column}"


_SEVERITY: dict[Severity, NoteSeverity] = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _note(d: Diagnostic, item: Item = "hand", trick: int | None = None) -> Note:
    return Note(d.code, _SEVERITY[d.severity], d.message, _where(d.at), d.hint, trick, item)


class _Hand:
    """One hand's record, verdict and trace, read once for every view of it."""

    def __init__(
        self, game: Game, record: GameRecord, verdict: GameVerdict, trace: Trace, number: int, diagnostics: Sequence[Diagnostic]
    ) -> None:
        if not 1 <= number <= len(record.hands):
            raise PositionError(f"the record has {len(record.hands)} hands, not {number}")
        self.game = game
        self.record = record
        self.number = number
        self.hr: HandRecord = record.hands[number - 1]
        self.verdict = verdict
        self.hv: HandVerdict | None = next((h for h in verdict.hands if h.index == number), None)
        self.entries: list[Entry] = trace.get(number, [])
        label = self.hr.label(number)
        self.diagnostics = [d for d in diagnostics if d.hand == label]
        self.by_span: dict[Place, Diagnostic] = {}
        for d in self.diagnostics:
            if d.at is not None:
                self.by_span.setdefault(d.at, d)
        self.play_at = self._play_positions()
        self.tricks = self._tricks()

    # -- seats and sides ------------------------------------------------------------------
    def label(self, text: str | None) -> str | None:
        if text is None:
            return None
        s = self.game.seat_index(text)
        return None if s is None else self.game.seats[s]

    def side_of(self, seat: str) -> str:
        g = self.game
        return g.team_labels[g.teams[g.seats.index(seat)]]

    def name_of(self, seat_index: int) -> str | None:
        g = self.game
        return self.record.tag(g.seat_names[seat_index]) or self.record.tag(g.seats[seat_index])

    # -- plays and tricks -------------------------------------------------------------------
    def place(self, span: Span | None) -> Place | None:
        """Where ``span`` is, as diagnostics give it (line and column)."""
        source = self.record.source
        return None if span is None or source is None else source.span(span)

    def _play_positions(self) -> list[Place | None]:
        """Where each play of the hand is, in the order the record wrote them."""
        source = self.record.source
        out: list[Place | None] = []
        for tr in self.hr.tricks:
            spans: list[Span] = []
            if source is not None and tr.at is not None:
                seg = source.segment_at(tr.at[0])
                spans = play_spans(seg.text, seg.offset, tr.at)
            out.extend(self.place(spans[k]) if k < len(spans) else None for k in range(len(tr.plays)))
        return out

    def _tricks(self) -> list[TrickView]:
        """Every play the replay reached, grouped into tricks as the engine counted them."""
        hv = self.hv
        seats = self.game.seats
        flat = [p for tr in self.hr.tricks for p in tr.plays]
        groups: dict[int, list[PlayView]] = {}
        leaders: dict[int, str] = {}
        for n, ((snap, legal), p) in enumerate(zip(self.entries, flat, strict=False)):
            k = len(snap.tricks) + 1
            turn = seats[snap.turn] if snap.turn is not None else "?"
            seat = self.label(p.seat) or turn
            leaders.setdefault(k, turn)
            if not _tiles([p.tile]):
                continue
            where = self.play_at[n] if n < len(self.play_at) else None
            d = self.by_span.get(where) if where is not None else None
            flag = Flag(d.code, d.message, d.hint) if d is not None else None
            groups.setdefault(k, []).append(PlayView(seat, _pairs([p.tile])[0], flag, tuple(_pair(t) for t in legal)))
        out = []
        done = hv.tricks if hv else []
        for k in sorted(groups):
            tv = done[k - 1] if k <= len(done) else None
            won = (tv.winner, tv.points) if tv else (None, None)
            out.append(TrickView(k, tv.leader if tv else leaders[k], tuple(groups[k]), *won))
        return out

    @property
    def complete(self) -> int:
        """Tricks the replay completed."""
        return len(self.hv.tricks) if self.hv else 0

    def _entries_of(self, k: int) -> list[Entry]:
        return [e for e in self.entries if len(e[0].tricks) == k - 1]

    def written_deal(self) -> list[list[Tile]] | None:
        """Each seat's tiles as the deal is written (None: the record leaves it out)."""
        if self.hr.deal is None:
            return None
        hands: list[list[Tile]] = [[] for _ in self.game.seats]
        for dealt in self.hr.deal:
            s = self.game.seat_index(dealt.seat)
            if s is not None:
                hands[s] = list(dealt.tiles)
        return hands

    def start_hands(self) -> list[list[Tile]]:
        """What each seat held as play began: the trace's first snapshot, or the deal
        with the exchange applied when no play was replayed."""
        if self.entries:
            return [list(h) for h in self.entries[0][0].hands]
        hands = self.written_deal() or [[] for _ in self.game.seats]
        ex = self.hr.exchange
        declarer = self.hv.declarer if self.hv else None
        if ex is not None and declarer is not None:
            held = hands[self.game.seats.index(declarer)]
            held.extend(ex.take)
            for t in _tiles(ex.give):
                if t in held:
                    held.remove(t)
            held.sort(reverse=True)
        return hands

    def holdings_before(self, k: int) -> list[list[Tile]]:
        """What each seat held as trick ``k`` began."""
        entries = self._entries_of(k)
        if entries:
            return [list(h) for h in entries[0][0].hands]
        if k == 1:
            return self.start_hands()
        hands = self.holdings_before(k - 1)
        g = self.game
        assert self.hv is not None and k - 1 <= len(self.hv.tricks)
        tv = self.hv.tricks[k - 2]
        for seat, text in zip(tv.seats, tv.tiles, strict=True):
            held = hands[g.seats.index(seat)]
            t = parse_tile(text)
            if t in held:
                held.remove(t)
        return hands

    def points_before(self, k: int) -> tuple[tuple[str, int], ...]:
        totals = dict.fromkeys(self.game.team_labels, 0)
        for tv in (self.hv.tricks if self.hv else [])[: k - 1]:
            totals[self.side_of(tv.winner)] += tv.points
        return tuple(totals.items())

    def legal_lead(self, held: Sequence[Tile]) -> list[Tile]:
        """What the next leader may lead (under sevens, only the tiles nearest 7)."""
        decl = next((e[0].declaration for e in reversed(self.entries) if e[0].declaration is not None), None)
        if decl is None or not held:
            return []
        return sorted(set(table_for(decl).playable(list(held), None)), reverse=True)

    # -- the parts of a diagram ----------------------------------------------------------------
    def calls(self) -> tuple[Call, ...]:
        hv = self.hv
        hr = self.hr
        seats = hv.call_seats if hv and len(hv.call_seats) == len(hr.calls) else [self.label(c.seat) or "?" for c in hr.calls]
        out: list[Call] = []
        winner = -1
        for i, (c, seat) in enumerate(zip(hr.calls, seats, strict=True)):
            if hv and c.amount is not None and c.amount == hv.bid and seat == hv.declarer:
                winner = i
        for i, (c, seat) in enumerate(zip(hr.calls, seats, strict=True)):
            out.append(Call(seat, _call_text(c.amount, c.suit, c.contract), i == winner))
        return tuple(out)

    def contract(self) -> Contract | None:
        hv = self.hv
        if hv is None or hv.declarer is None or hv.bid is None:
            return None
        call = next((c for c in self.calls() if c.winning), None)
        bid = call.text if call else str(hv.bid)
        by = self.label(self.hr.trump.by) if self.hr.trump is not None else None
        return Contract(hv.declarer, self.side_of(hv.declarer), bid, hv.trump, by if by != hv.declarer else None)

    def kitty(self) -> Kitty | None:
        g = self.game
        if g.kitty is None:
            return None
        hr = self.hr
        dealt = self.written_deal()
        if hr.kitty is not None:
            tiles = _pairs(hr.kitty.tiles)
        elif dealt is not None and all(dealt):
            tiles = tuple(_pair(t) for t in kitty_of(g, dealt))
        else:
            tiles = ()
        ex = hr.exchange
        taken = _pairs(ex.take) if ex else ()
        given = _pairs(ex.give) if ex else ()
        return Kitty(g.kitty, tiles, taken, given, self.hv.declarer if self.hv and ex else None)

    def claim(self) -> Claim | None:
        c = self.hr.claim
        hv = self.hv
        if c is None or hv is None or hv.declarer is None:
            return None
        return Claim(c.kind, self.side_of(hv.declarer), self.complete)

    def result(self) -> str | None:
        """The score sheet's words for the hand: points, made or set, award, running score."""
        if self.hv is None:
            return None
        rows = hand_rows(Judged("", 0, self.record, self.verdict, []))
        row = next((r for r in rows if r["hand"] == self.number), None)
        if row is None:
            return None
        parts = [f"points {row['points']}" if row["points"] else "", row["result"]]
        parts += [f"award {row['award']}" if row["award"] else "", f"score {row['score']}" if row["score"] else ""]
        if self.hv.claim:
            parts.append("claimed" if self.hv.claim == "declarers" else "conceded")
        return " · ".join(p for p in parts if p) or None

    def notes(self) -> tuple[Note, ...]:
        places = self._places()
        out = []
        for d in self.diagnostics:
            item, trick = places.get(d.at, ("hand", None))
            out.append(_note(d, item, trick))
        return tuple(out)

    def _places(self) -> dict[Place | None, tuple[Item, int | None]]:
        """Which part of the hand each place belongs to (and the trick of a play)."""
        hr = self.hr
        source = self.record.source
        out: dict[Place | None, tuple[Item, int | None]] = {}
        for (snap, _), where in zip(self.entries, self.play_at, strict=False):  # the trick as the replay counted it
            out.setdefault(where, ("play", len(snap.tricks) + 1))
        n = 0
        for i, tr in enumerate(hr.tricks, start=1):
            for where in (self.place(tr.at), self.place(tr.winner_at), *self.play_at[n : n + len(tr.plays)]):
                out.setdefault(where, ("play", i))
            n += len(tr.plays)
        items: list[tuple[Item, object]] = [("auction", hr.calls_at), *(("auction", c) for c in hr.calls), ("exchange", hr.exchange)]
        items += [("trump", hr.trump), ("trump", hr.trump.by_at if hr.trump else None), ("claim", hr.claim)]
        items += [("result", hr.result), ("result", hr.award), ("result", hr.score), ("deal", hr.kitty), ("deal", hr.dealer_at)]
        items += [("deal", dealt) for dealt in hr.deal or []]
        for dealt in hr.deal or []:
            if source is not None and dealt.at is not None:
                seg = source.segment_at(dealt.at[0])
                items += [("deal", span) for span in tile_spans(seg.text, seg.offset, dealt.at)]
        for item, x in items:
            span = x if isinstance(x, tuple) or x is None else getattr(x, "at", None)
            out.setdefault(self.place(span), (item, None))
        out.pop(None, None)
        return out

    def seats(self, at: Position | None) -> tuple[SeatView, ...]:
        g = self.game
        hv = self.hv
        declarer = hv.declarer if hv else None
        dealer = hv.dealer if hv else self.label(self.hr.dealer)
        sits_out: set[str] = set()
        if hv and hv.trump and hv.trump.startswith("nello") and declarer is not None:
            partner = partner_seat(g, g.seats.index(declarer))
            if partner is not None:
                sits_out.add(g.seats[partner])
        if at is None:
            held = self.written_deal() or self.start_hands()
            legal: list[list[Tile]] = [[] for _ in g.seats]
            turn = None
        else:
            held = self.holdings_before(at.before_trick)
            legal, turn = self._legal(at, held)
        out = []
        for i, seat in enumerate(g.seats):
            tiles = tuple(_pair(t) for t in held[i])
            played_in = played_when(self.tricks, seat, tiles) if at is None else ()
            flagged = tuple((p.tile, p.flag.code) for t in self.tricks for p in t.plays if p.seat == seat and p.flag) if at is None else ()
            out.append(
                SeatView(
                    seat,
                    self.side_of(seat),
                    self.name_of(i),
                    tiles,
                    tuple(_pair(t) for t in legal[i]),
                    played_in,
                    dealer=seat == dealer,
                    declarer=seat == declarer,
                    sits_out=seat in sits_out,
                    to_play=seat == turn,
                    flagged=flagged,
                )
            )
        return tuple(out)

    def _legal(self, at: Position, held: list[list[Tile]]) -> tuple[list[list[Tile]], str | None]:
        """Each seat's legal plays at the position, and whose turn it is."""
        g = self.game
        legal: list[list[Tile]] = [[] for _ in g.seats]
        entries = self._entries_of(at.before_trick)
        if entries:
            for snap, tiles in entries:
                if snap.turn is not None and not legal[snap.turn]:
                    legal[snap.turn] = list(tiles)
            first = entries[0][0].turn
            return legal, g.seats[first] if first is not None else None
        hv = self.hv
        leader = hv.tricks[-1].winner if hv and hv.tricks else (hv.declarer if hv else None)
        if leader is None:
            return legal, None
        s = g.seats.index(leader)
        legal[s] = self.legal_lead(held[s])
        return legal, leader

    def position(self, at: At) -> Position | None:
        if at is None:
            return None
        played = self.tricks
        if at == "last":
            if not played:
                raise PositionError(f"hand {self.number} has no trick played")
            k = played[-1].number
            return Position("last", k, self.points_before(k), played[-1])
        if at == "claim":
            if self.hr.claim is None:
                raise PositionError(f"hand {self.number} has no claim or concession")
            k = self.complete + 1
            return Position("claim", k, self.points_before(k))
        assert isinstance(at, int)
        last = max(self.complete + 1, played[-1].number if played else 1)
        if not 1 <= at <= last:
            raise PositionError(f"hand {self.number} has no trick {at}: its record reaches trick {last}")
        current = next((t for t in played if t.number == at), None)
        return Position("trick", at, self.points_before(at), current)

    @property
    def sheet(self) -> bool:
        """A score sheet's hand: judged without plays."""
        return self.hv is not None and self.hv.detail == "hands"

    def diagram(self, at: At, file: str | None) -> Diagram:
        g = self.game
        if self.sheet and at is not None:
            raise PositionError(f"hand {self.hr.label(self.number)} is a score sheet's: it has no plays to show")
        position = self.position(at)
        tricks = tuple(t for t in self.tricks if position is None or t.number < position.before_trick)
        return Diagram(
            game=g.name,
            title=g.title,
            hand=self.number,
            label=self.hr.label(self.number),
            seats=self.seats(position),
            sides=g.team_labels,
            hand_size=g.hand_size,
            kitty=self.kitty(),
            calls=self.calls(),
            contract=self.contract(),
            tricks=tricks,
            claim=self.claim(),
            position=position,
            result=self.result() if position is None or position.kind == "claim" else None,
            notes=self.notes(),
            deal_written=self.hr.deal is not None,
            record=file,
            sheet=self.sheet,
        )


def _call_text(amount: int | None, suit: int | None, contract: str | None) -> str:
    if amount is None:
        return "pass"
    text = str(amount)
    if suit is not None:
        text += f" {NUMBER_NAMES[suit]}"
    if contract is not None:
        text += f" {contract}"
    return text


def hand_diagram(
    record: GameRecord,
    verdict: GameVerdict,
    trace: Trace,
    number: int,
    *,
    at: At = None,
    game: Game | None = None,
    file: str | None = None,
) -> Diagram:
    """The diagram of hand ``number``: the whole hand, or the moment ``at``.

    Raises ``PositionError`` when the hand or the moment is not in the record.
    """
    return _Hand(game or game_of(verdict), record, verdict, trace, number, verdict.diagnostics).diagram(at, file)


def record_view(
    record: GameRecord,
    verdict: GameVerdict,
    trace: Trace,
    *,
    file: str,
    index: int,
    diagnostics: Sequence[Diagnostic] = (),
    game: Game | None = None,
) -> RecordView:
    """A record as a report page shows it: tags, score sheet, and every hand's diagram.

    ``diagnostics`` are the reader's problems, shown beside the verdict's.
    """
    g = game or game_of(verdict)
    every = list(diagnostics) + [d for d in verdict.diagnostics if d not in diagnostics]
    j = Judged(file, index, record, verdict, every)
    rows = tuple(
        ScoreRow(
            r["hand"],
            r["dealer"],
            f"{r['declarer']} {r['bid']}".strip(),
            r["trump"],
            r["points"],
            r["result"],
            r["award"],
            r["score"],
            tuple(r["errors"].split()),
        )
        for r in hand_rows(j)
    )
    hands = tuple(_Hand(g, record, verdict, trace, n, every).diagram(None, file) for n in range(1, len(record.hands) + 1))
    extra = tuple(_note(d) for d in every if d.hand is None or not 1 <= d.hand <= len(record.hands))
    target = f"{verdict.target} {verdict.target_unit}" if verdict.mode == "game" and verdict.target is not None else None
    final = " ".join(f"{k} {v}" for k, v in verdict.score.items()) if verdict.score else None
    return RecordView(
        file=file,
        index=index,
        title=g.title,
        tags=tuple((t.name, t.value) for t in record.tags),
        mode=verdict.mode,
        rows=rows,
        winner=verdict.winner,
        final=final,
        target=target,
        hands=hands,
        notes=extra,
    )


def record_views(judged: Iterable[Judged]) -> tuple[list[RecordView], list[Note], list[Diagnostic]]:
    """A file's records, judged with their traces (``referee.run.records``), as report
    views; the problems of what could not be read as a record, or judged (for the page's
    cover); and every diagnostic found in the file."""
    views: list[RecordView] = []
    unread: list[Note] = []
    every: list[Diagnostic] = []
    for j in judged:
        every.extend(j.diagnostics)
        if j.record is None or j.verdict is None or j.trace is None:  # not read as a record, or its judging failed (S016)
            unread.extend(_note(d) for d in j.diagnostics)
            continue
        views.append(record_view(j.record, j.verdict, j.trace, file=j.file, index=j.index, diagnostics=j.diagnostics))
    return views, unread, every
