"""A league table and its cross table: games won and lost, marks (or points) for and
against, the ranking, and who beat whom.

Teams are the sides' players (``Ann & Cy``; in Moon, each player), named by the seat
tags; a side without a name is its label.  Only games count, and only games the
replay gives a winner: a hand of a log is no game, and a game that stops before its
target has no result to rank.  Every figure is the replay's, not what the records state.

The ranking sorts by the tie-breaks in order (``judge.house.TIE_BREAKS``; a house-rule file may
set its own in a ``[standings]`` table), then by name for the order of the rows;
teams level on every tie-break share a rank.  ``head-to-head`` counts only the games
between the teams still level when it is reached.

>>> t = Table()
>>> t.add_game(("Ann & Cy", "Bob & Di"), "Ann & Cy", {"Ann & Cy": 7, "Bob & Di": 3})
>>> t.add_game(("Ann & Cy", "Eve & Flo"), "Eve & Flo", {"Ann & Cy": 5, "Eve & Flo": 7})
>>> [(r.rank, r.team, r.won, r.lost) for r in t.ranking(DEFAULT_TIE_BREAKS)]  # level on wins; Eve & Flo beat Ann & Cy
[(1, 'Eve & Flo', 1, 0), (2, 'Ann & Cy', 1, 1), (3, 'Bob & Di', 0, 1)]
>>> [(r.rank, r.team) for r in t.ranking(["losses"])]
[(1, 'Eve & Flo'), (2, 'Ann & Cy'), (2, 'Bob & Di')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..judging.house import DEFAULT_TIE_BREAKS, TIE_BREAKS
from .games import GameLine, side_key
from .names import Roster

__all__ = ["DEFAULT_TIE_BREAKS", "TIE_BREAKS", "Row", "Table"]


@dataclass(slots=True)
class Row:
    """One team's line of the table."""

    team: str
    """The team as shown (``Roster.shown``)."""
    key: str = ""
    """The team's key, as the table counts it (games between teams are kept by key)."""
    won: int = 0
    lost: int = 0
    score_for: int = 0
    score_against: int = 0
    rank: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost

    @property
    def difference(self) -> int:
        return self.score_for - self.score_against


class Table:
    """The games of a league, added one at a time."""

    def __init__(self, roster: Roster | None = None) -> None:
        self.roster = roster or Roster()
        """Who is who (a ``[players]`` table), and the spellings met; the rows are keyed by it."""
        self.rows: dict[str, Row] = {}
        self.beat: dict[tuple[str, str], int] = {}
        """(winner, loser) -> games."""
        self.units: set[str] = set()

    def _row(self, team: str) -> Row:
        row = self.rows.get(team)
        if row is None:
            row = self.rows[team] = Row(team, team)
        return row

    def add(self, line: GameLine) -> bool:
        """A judged record: counted (True) when it is a game with a winner."""
        if not line.game or line.winner is None or line.score is None:
            return False
        self.units.add(line.unit)
        team = {side: side_key(line, side, self.roster) for side in line.sides}
        self.add_game(tuple(team.values()), team[line.winner], {team[s]: v for s, v in line.score.items()})
        return True

    def add_game(self, teams: Sequence[str], winner: str, score: dict[str, int]) -> None:
        """One game between ``teams`` that ``winner`` won, with each team's final score."""
        for t in teams:
            row = self._row(t)
            row.score_for += score.get(t, 0)
            row.score_against += sum(v for other, v in score.items() if other != t)
            if t == winner:
                row.won += 1
            else:
                row.lost += 1
                self.beat[(winner, t)] = self.beat.get((winner, t), 0) + 1

    def ranking(self, tie_breaks: Iterable[str]) -> list[Row]:
        """The rows in order, each with its rank (level teams share one)."""
        for row in self.rows.values():
            row.team = self.roster.shown(row.key)
        rows = sorted(self.rows.values(), key=lambda r: (r.team.casefold(), r.team))
        groups = self._split([rows], list(tie_breaks))
        rank = 1
        out: list[Row] = []
        for group in groups:
            for row in group:
                row.rank = rank
                out.append(row)
            rank += len(group)
        return out

    def _split(self, groups: list[list[Row]], tie_breaks: list[str]) -> list[list[Row]]:
        """Each group of level rows split by the next tie-break, best first."""
        if not tie_breaks:
            return groups
        name, rest = tie_breaks[0], tie_breaks[1:]
        out: list[list[Row]] = []
        for group in groups:
            if len(group) == 1:
                out.append(group)
                continue
            key = self._key(name, group)
            values = sorted({key(r) for r in group}, reverse=True)
            out.extend(self._split([[r for r in group if key(r) == v] for v in values], rest))
        return out

    def _key(self, name: str, group: list[Row]) -> Callable[[Row], int]:
        """What ``name`` prefers, as a number to sort high to low."""
        if name == "head-to-head":
            teams = {r.key for r in group}
            return lambda r: sum(n for (w, loser), n in self.beat.items() if w == r.key and loser in teams)
        keys: dict[str, Callable[[Row], int]] = {
            "wins": lambda r: r.won,
            "losses": lambda r: -r.lost,
            "difference": lambda r: r.difference,
            "for": lambda r: r.score_for,
            "against": lambda r: -r.score_against,
        }
        return keys[name]

    def cross(self, a: str, b: str) -> tuple[int, int]:
        """Games ``a`` won against ``b``, and lost to it (by the teams' keys)."""
        return self.beat.get((a, b), 0), self.beat.get((b, a), 0)
