"""The engine's views and the verdict, turned into the diagrams' plain data.

This is the only module of the pictures (``diagram``, ``svg``, ``html``) that reads
the notation's ``GameRecord``, the referee's ``GameVerdict`` and diagnostics, and the
judge's ``Trace`` of engine views.  It maps them and works nothing out again: when
those models change, this module is re-pointed, and the drawing code, its templates
and its snapshots stay as they are.

- The record gives what was written: players' names, the deal, the widow or cat, the
  calls, the exchange, who named trump, where each play is (``report.places``), the claim.
- The verdict gives the dealer, declarer, bid, trump, each trick's leader, winner and
  points, the score sheet's rows (``report.scoresheet.hand_rows``), the winner and the
  diagnostics.
- The trace (``judging.judged.Trace``) gives the engine's ``HandView`` before each play
  and where the replay stopped: what each seat held as a trick began, the points by
  side, whose turn it was, what each seat could play, and who sits out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from ..diagnostics import Diagnostic
from ..engine.deal import kitty_of
from ..engine.declarations import NUMBER_NAMES
from ..engine.profiles import Game
from ..engine.tiles import Tile, TileError, parse_tile
from ..engine.views import HandView
from ..judging.judged import Judged, in_turn
from ..judging.replay import Trace
from ..judging.verdict import GameVerdict, HandVerdict, game_of
from ..notation.record import GameRecord, HandRecord
from .diagram import (
    Call,
    Claim,
    Contract,
    Diagram,
    Flag,
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
from .places import Place, item_places, note, play_places
from .scoresheet import hand_rows

__all__ = ["At", "PositionError", "hand_diagram", "record_view", "record_views"]

At = int | Literal["claim", "last"] | None
"""The moment to show: None (the whole hand), before trick K, at the claim, or the last trick played."""

Entry = tuple[HandView, list[Tile]]


class PositionError(ValueError):
    """The moment asked for is not in the hand (no such trick, no claim)."""


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
        self.play_at = play_places(record, self.hr)
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
    def _tricks(self) -> list[TrickView]:
        """Every play the replay reached, grouped into tricks as the engine counted them."""
        hv = self.hv
        seats = self.game.seats
        flat = [p for tr in self.hr.tricks for p in tr.plays]
        groups: dict[int, list[PlayView]] = {}
        leaders: dict[int, str] = {}
        for (snap, legal), n in zip(self.entries, in_turn(self.hr.tricks, self.entries, self.game.seat_index), strict=False):
            p = flat[n]
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

    def view_before(self, k: int) -> HandView | None:
        """The engine's view as trick ``k`` began (None: the replay never reached it)."""
        return next((view for view, _ in self.entries if len(view.tricks) == k - 1), None)

    def holdings_before(self, k: int) -> Sequence[Sequence[Tile]]:
        """What each seat held as trick ``k`` began: the engine's, or the deal as written
        when the replay never reached the play."""
        view = self.view_before(k)
        if view is not None:
            return view.hands
        return self.written_deal() or [() for _ in self.game.seats]

    def points_before(self, k: int) -> tuple[tuple[str, int], ...]:
        view = self.view_before(k)
        return tuple(zip(self.game.team_labels, view.points if view else [0] * len(self.game.team_labels), strict=True))

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
        places = item_places(self.record, self.hr, [view for view, _ in self.entries], self.play_at)
        return tuple(note(d, *places.get(d.at, ("hand", None))) if d.at is not None else note(d) for d in self.diagnostics)

    def seats(self, at: Position | None) -> tuple[SeatView, ...]:
        g = self.game
        hv = self.hv
        declarer = hv.declarer if hv else None
        dealer = hv.dealer if hv else self.label(self.hr.dealer)
        sits_out = {g.seats[s] for s in self.entries[-1][0].out} if self.entries else set()
        if at is None:
            held = self.written_deal() or self.holdings_before(1)
            legal: list[Sequence[Tile]] = [() for _ in g.seats]
            turn = None
        else:
            held = self.holdings_before(at.before_trick)
            legal, turn = self._legal(at)
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

    def _legal(self, at: Position) -> tuple[list[Sequence[Tile]], str | None]:
        """Each seat's legal plays in the trick at the position (when it was that seat's
        turn, or is now), and whose turn it is as the trick begins."""
        g = self.game
        legal: list[Sequence[Tile]] = [() for _ in g.seats]
        entries = [(view, tiles) for view, tiles in self.entries if len(view.tricks) == at.before_trick - 1]
        for view, tiles in entries:
            if view.turn is not None and not legal[view.turn]:
                legal[view.turn] = tiles
        first = entries[0][0].turn if entries else None
        return legal, g.seats[first] if first is not None else None

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
    extra = tuple(note(d) for d in every if d.hand is None or not 1 <= d.hand <= len(record.hands))
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
            unread.extend(note(d) for d in j.diagnostics)
            continue
        views.append(record_view(j.record, j.verdict, j.trace, file=j.file, index=j.index, diagnostics=j.diagnostics))
    return views, unread, every
