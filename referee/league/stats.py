"""Statistics per player, team or seat: games played and won, hands, hands declared,
bids made and set, the average winning point bid and the mark bids, marks or points
won and lost, and each special contract tried and made.

A score sheet's hand that writes only its award says nothing of who bid, and one that
writes the bid without how it went says nothing of made or set: a figure that needs
what a player's hands do not say (declared, made, set, the bids, the contracts) is
left empty for that player rather than counted short; games, hands, marks and points
count every hand.

Point bids (30 to 41 in 42) and mark bids (42, 84, ...; Moon's 21) are kept apart: an
average of 30 and 84 would be 57, a bid nobody made.  The average is of the point
bids; the mark bids are counted.

Names come from the seat tags (``[North "Ann"]``); a seat without a name is reported
as the seat.  Every figure is the replay's, not what the records state.

>>> from referee.league.games import GameLine, HandLine
>>> line = GameLine("x.42", 1, "42", "marks", True, {"NS": ("N", "S"), "EW": ("E", "W")},
...                 {"N": "Ann", "S": "Cy"}, "NS", {"NS": 7, "EW": 2}, [HandLine("N", 30, True, None, {"NS": 1, "EW": 0})])
>>> t = Tally("player")
>>> t.add(line)
>>> ann = t.rows()[0]
>>> (ann.name, ann.games, ann.won, ann.declared, ann.made, ann.marks_won, ann.average_point_bid, ann.mark_bids)
('Ann', 1, 1, 1, 1, 1, 30.0, 0)

Names are compared as ``league.names`` says (case, accents and spaces aside):

>>> t.add(GameLine("y.42", 1, "42", "marks", True, {"NS": ("N", "S"), "EW": ("E", "W")}, {"E": "ann"}, "NS", {"NS": 7, "EW": 0}))
>>> [(s.name, s.games) for s in t.rows()][:1], len(t.roster.notes())
([('Ann', 2)], 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .games import By, GameLine
from .names import Roster
from .select import CONTRACTS

__all__ = ["PlayerStats", "Tally"]


@dataclass(slots=True)
class PlayerStats:
    """The figures of one player (or team, or seat)."""

    name: str
    games: int = 0
    won: int = 0
    hands: int = 0
    declared: int = 0
    made: int = 0
    set: int = 0
    point_bids: int = 0
    point_bid_total: int = 0
    mark_bids: int = 0
    """Hands declared at a mark or more (or Moon's 21)."""
    marks_won: int = 0
    marks_lost: int = 0
    points_won: int = 0
    points_lost: int = 0
    contracts: dict[str, list[int]] = field(default_factory=dict)
    """Each special contract declared: [tried, made]."""
    unknown_bids: int = 0
    """Hands it played whose records do not say who bid (a score sheet's hand that writes
    only its award): the figures of the bids are then not known, and left empty."""
    unknown_results: int = 0
    """Hands it declared whose records do not say whether the bid was made."""

    @property
    def bids_known(self) -> bool:
        """Whether the figures of the bids (declared, the bids, the contracts) count every hand."""
        return not self.unknown_bids

    @property
    def results_known(self) -> bool:
        """Whether made and set count every hand it declared."""
        return not self.unknown_bids and not self.unknown_results

    @property
    def made_percent(self) -> float | None:
        """Bids made, as a percentage of the bids made or set."""
        done = self.made + self.set
        return None if not done or not self.results_known else 100 * self.made / done

    @property
    def set_percent(self) -> float | None:
        done = self.made + self.set
        return None if not done or not self.results_known else 100 * self.set / done

    @property
    def average_point_bid(self) -> float | None:
        """The average winning bid of the hands declared with a point bid."""
        return None if not self.point_bids or not self.bids_known else self.point_bid_total / self.point_bids


class Tally:
    """Adds up the records one at a time, by ``player``, ``team`` or ``seat``."""

    def __init__(self, by: By, roster: Roster | None = None) -> None:
        self.by = by
        self.roster = roster or Roster()
        """Who is who (a ``[players]`` table), and the spellings met."""
        self.stats: dict[str, PlayerStats] = {}
        self.notes: list[str] = []
        """A line for each game counted as played with no winner, saying why it has none."""

    def _of(self, key: str) -> PlayerStats:
        found = self.stats.get(key)
        if found is None:
            found = self.stats[key] = PlayerStats(key)
        return found

    def add(self, line: GameLine) -> None:
        keys = line.keys(self.by, self.roster)
        sides = {key: {line.side_of(seat) for seat, k in keys.items() if k == key} for key in dict.fromkeys(keys.values())}
        if line.game:
            if line.winner is None:
                why = f" ({line.open_because})" if line.open_because else ""
                self.notes.append(
                    f"{line.file}:{line.line}: record {line.index} counts as played but won by nobody: the game has no winner{why}"
                )
            for key, own in sides.items():
                s = self._of(key)
                s.games += 1
                s.won += line.winner in own
        for hand in line.hands:
            for key, own in sides.items():
                s = self._of(key)
                s.hands += 1
                s.unknown_bids += not hand.bid_known
                won = sum(v for side, v in hand.awards.items() if side in own)
                lost = sum(v for side, v in hand.awards.items() if side not in own)
                if line.unit == "marks":
                    s.marks_won += won
                    s.marks_lost += lost
                else:
                    s.points_won += won
                    s.points_lost += lost
            if hand.declarer is None or hand.declarer not in keys:
                continue
            s = self._of(keys[hand.declarer])
            s.declared += 1
            if hand.bid is not None and hand.point_bid:
                s.point_bids += 1
                s.point_bid_total += hand.bid
            elif hand.bid is not None:
                s.mark_bids += 1
            if hand.made is not None:
                s.made += hand.made
                s.set += not hand.made
            elif hand.bid is not None:
                s.unknown_results += 1
            if hand.contract is not None:
                tried = s.contracts.setdefault(hand.contract, [0, 0])
                tried[0] += 1
                tried[1] += bool(hand.made)

    def rows(self) -> list[PlayerStats]:
        """Every player, shown as the roster shows them: most games won first, then most
        hands declared, then by name."""
        for key, s in self.stats.items():
            s.name = self.roster.shown(key)
        return sorted(self.stats.values(), key=lambda s: (-s.won, -s.games, -s.declared, s.name.casefold(), s.name))

    def contracts(self) -> list[str]:
        """The special contracts anyone declared, in their usual order."""
        seen = {c for s in self.stats.values() for c in s.contracts}
        return [c for c in CONTRACTS if c in seen]
