"""What the league tools need of a judged record, in a few small values: who sat where,
who declared what and how it went, what each side scored, who won.

``summary`` runs where the record is judged (in a worker process for big inputs), so
only these values travel, and ``stats`` and ``standings`` add them up in any order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import codes
from ..judging.judged import Judged
from ..judging.verdict import game_of
from ..report.names import player_names
from .names import Roster
from .select import contract_of

__all__ = ["By", "GameLine", "HandLine", "side_key", "summary"]

By = Literal["player", "team", "seat"]


@dataclass(slots=True)
class HandLine:
    """One hand as judged: its declarer, the winning bid, made or set, what each side scored."""

    declarer: str | None
    bid: int | None
    made: bool | None
    contract: str | None
    awards: dict[str, int]
    point_bid: bool = True
    """The bid is on the game's ladder of point bids (30 to 41 in 42), not a mark bid (42, 84...;
    21 in Moon): ``stats`` averages the point bids and counts the mark bids."""
    bid_known: bool = True
    """The record says who won the auction (or that everyone passed): a score sheet's hand may
    write only its award."""


@dataclass(slots=True)
class GameLine:
    """One record as judged (a game, or a hand of a log)."""

    file: str
    index: int
    rules: str
    unit: str
    """What awards and scores count: ``marks`` or ``points``."""
    game: bool
    """A game (not a hand of a log): it counts in games played and won."""
    sides: dict[str, tuple[str, ...]]
    """Each side's label and its seats."""
    names: dict[str, str]
    """Each named seat's player, from the seat tags."""
    winner: str | None
    score: dict[str, int] | None
    hands: list[HandLine] = field(default_factory=list)
    line: int = 0
    """The line of the record's first tag or hand (0 when not known)."""
    name_lines: dict[str, int] = field(default_factory=dict)
    """The line of each named seat's tag (for notes about its spelling)."""
    open_because: str | None = None
    """Why a game has no winner, from its diagnostics (a hand not followed and what stopped
    it, or the record stopping short), with its line: for the notes of standings and stats."""

    def keys(self, by: By, roster: Roster) -> dict[str, str]:
        """Who sat at each seat: the player (the seat when unnamed), the team, or the seat,
        as a key of ``roster`` (which shows it, and meets each name as written once)."""
        seats = [seat for side in self.sides.values() for seat in side]
        if by == "seat":
            return {seat: seat for seat in seats}
        if by == "player":
            return {seat: self._player(seat, roster) for seat in seats}
        teams = {side: side_key(self, side, roster) for side in self.sides}
        return {seat: teams[self.side_of(seat)] for seat in seats}

    def _player(self, seat: str, roster: Roster) -> str:
        name = self.names.get(seat)
        return seat if name is None else roster.meet(name, f"{self.file}:{self.name_lines.get(seat, self.line)}")

    def side_of(self, seat: str) -> str:
        return next(side for side, seats in self.sides.items() if seat in seats)


def side_key(line: GameLine, side: str, roster: Roster) -> str:
    """A side's players as a team of ``roster`` (shown ``Ann & Cy``, the same team whichever
    seats they took), or its label when no seat of it is named."""
    seats = line.sides[side]
    if not any(s in line.names for s in seats):
        return side
    return roster.team([line._player(s, roster) for s in seats])


def why_open(j: Judged) -> str | None:
    """What keeps a judged game from a winner, in the words of the diagnostic that says it
    (the first hand not followed, naming the error that stopped it, or the game stopping
    short of its target), with its line; None when no diagnostic says."""
    found = next((d for d in j.diagnostics if d.code is codes.W103 or d.code is codes.W102), None)
    if found is None:
        return None
    where = f"line {found.at.line}: " if found.at is not None else ""
    return f"{where}{found.message}"


def summary(j: Judged) -> GameLine | None:
    """The values of one judged record; None for input that holds no record."""
    record, verdict = j.record, j.verdict
    if record is None or verdict is None or verdict.rules is None:
        return None
    game = game_of(verdict)
    sides = {
        label: tuple(s for s, t in zip(game.seats, game.teams, strict=True) if t == team) for team, label in enumerate(game.team_labels)
    }
    line = GameLine(
        j.file,
        j.index,
        verdict.rules,
        verdict.target_unit or "marks",
        verdict.mode == "game",
        sides,
        player_names(record, game),
        verdict.winner,
        verdict.score,
    )
    at = record.at or (record.hands[0].at if record.hands else None)
    if record.source is not None and at is not None:
        line.line = record.source.position(at[0])[0]
    if record.source is not None:
        for seat, tag in zip(game.seats, game.seat_names, strict=True):
            where = record.tag_at(tag) or record.tag_at(seat)
            if seat in line.names and where is not None:
                line.name_lines[seat] = record.source.position(where[0])[0]
    if verdict.winner is None:
        line.open_because = why_open(j)
    for hv, hr in zip(verdict.hands, record.hands, strict=False):
        point_bid = hv.bid is None or hv.bid in game.ladder.point_bids
        known = hv.declarer is not None or hv.thrown_in or hv.detail == "plays"
        line.hands.append(HandLine(hv.declarer, hv.bid, hv.made, contract_of(hv, hr), dict(hv.awards), point_bid, known))
    return line
