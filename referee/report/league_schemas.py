"""The JSON shapes of ``dups``, ``stats`` and ``standings`` (``referee schema --for X``).

The documents are built from the league modules' own values (``league.render``);
these models only give them a schema and check them in the tests.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["LEAGUE_VERSION", "DupsDocument", "StandingsDocument", "StatsDocument"]

LEAGUE_VERSION = 3
"""Version of the three shapes below (2: ``stats`` averages the point bids and counts the
mark bids, ``dups`` reports a game entered twice with differing hands; 3: a figure of the
bids that score sheets do not give is null)."""

_SHAPE = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class DupPlace(BaseModel):
    model_config = _SHAPE

    file: str
    line: int
    """The line of the record's first tag or hand (of the hand, for a deal)."""
    record: int
    """The record's place in its file (1-based)."""
    hand: int | None
    """The hand's number, for a deal."""
    hands: int | None
    """The record's hands, for a record."""


class DupGroup(BaseModel):
    model_config = _SHAPE

    kind: Literal["same-game", "re-entered", "same-deal", "prefix"]
    """same-game: one record entered more than once; re-entered: one game entered twice, the
    entries differing in a few hands (``differing``); same-deal: a deal played at several
    tables; prefix: the first record's hands are the first hands of the second."""
    places: list[DupPlace]
    differing: list[int]
    """For re-entered: the hands (by their written numbers) that differ between the entries;
    empty for the other kinds."""


class DupsDocument(BaseModel):
    """What ``referee dups --format json`` prints."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, title="referee dups")

    format: Literal["referee-dups"]
    version: int
    records: int
    """Records read whole (records with a syntax error are left out)."""
    groups: list[DupGroup]


class ContractStats(BaseModel):
    model_config = _SHAPE

    tried: int
    made: int


class StatsRow(BaseModel):
    """One player's (team's, seat's) figures."""

    model_config = _SHAPE

    name: str
    """The player's name from the seat tags (the seat when unnamed), the team (``Ann & Cy``), or the seat."""
    games: int
    won: int
    hands: int
    declared: int | None
    """Hands it declared; null (as made, set, the bids and the contracts) when a hand it played is a
    score sheet's that does not say who bid."""
    made: int | None
    """Null (as set) when a hand it declared does not say whether the bid was made."""
    set: int | None
    made_percent: float | None
    set_percent: float | None
    average_point_bid: float | None
    """The average winning bid of the hands declared with a point bid (30 to 41 in 42; 4 to 7
    tricks in Moon; 60 to 88 in Texas 88), in the game's unit; mark bids are counted apart."""
    mark_bids: int | None
    """Hands declared with a mark bid (42, 84, ... in 42; 176, ... in Texas 88) or, in Moon, 21."""
    marks_won: int
    """Marks its side scored in the hands it played."""
    marks_lost: int
    """Marks the other sides scored in those hands."""
    points_won: int
    points_lost: int
    contracts: dict[str, ContractStats] | None
    """Each special contract declared (nello, plunge, splash, sevens)."""


class StatsDocument(BaseModel):
    """What ``referee stats --format json`` prints."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, title="referee stats")

    format: Literal["referee-stats"]
    version: int
    by: Literal["player", "team", "seat"]
    rows: list[StatsRow]


class StandingRow(BaseModel):
    model_config = _SHAPE

    rank: int
    """Teams level on every tie-break share a rank."""
    team: str
    played: int
    won: int
    lost: int
    score_for: int
    """Marks (points, in games scored by points) of its final scores."""
    score_against: int
    difference: int


class CrossCell(BaseModel):
    model_config = _SHAPE

    team: str
    opponent: str
    won: int
    lost: int


class StandingsDocument(BaseModel):
    """What ``referee standings --format json`` prints."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, title="referee standings")

    format: Literal["referee-standings"]
    version: int
    tie_breaks: list[str]
    units: list[str]
    """What the scores count: marks, points, or both when the games mix them."""
    rows: list[StandingRow]
    cross: list[CrossCell]
    """Every pair of teams that met: games won and lost."""
