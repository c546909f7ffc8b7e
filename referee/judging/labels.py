"""A record's seat and side labels, read against its game.

Records name seats by letter or by name (``N``, ``North``) and sides by their label or
by a seat standing for its side (``NS``, ``N``).  ``Labels`` turns each into the
engine's seat or team number, remembering what it has read, and reports a label the
game does not have as S010 with a did-you-mean (``guess.label_hint``).  The replay
makes one per record and hands it to the hand judge and the rulings, which only ask
it: it refers to nothing that refers back to it.

>>> from referee.engine.games import GAMES
>>> from referee.judging.sink import Sink
>>> sink = Sink("x.42", 1)
>>> labels = Labels(GAMES["42"], sink)
>>> labels.seat("North", None), labels.side("EW", None), labels.by_side({"N": 1, "EW": 0}, None)
(0, 1, {'NS': 1, 'EW': 0})
>>> labels.seat("Wset", None), [(d.code, d.hint) for d in sink.out]
(None, [('S010', 'did you mean West?')])
"""

from __future__ import annotations

from functools import cache

from .. import codes
from ..engine.profiles import Game
from ..source import Span
from .guess import label_hint
from .sink import Sink

__all__ = ["Labels", "seat_labels"]


@cache
def seat_labels(seats: tuple[str, ...], names: tuple[str, ...]) -> dict[str, int]:
    """Every seat letter and name of a game, upper case, to its seat number (made once a game)."""
    return {x.upper(): i for labels in (seats, names) for i, x in enumerate(labels)}


class Labels:
    """Seat and side lookups for one record of ``game``; what is not the game's is reported to ``sink``."""

    __slots__ = ("_sides", "game", "seats", "sink")

    def __init__(self, game: Game, sink: Sink) -> None:
        self.game = game
        self.sink = sink
        self.seats: dict[str, int] = seat_labels(game.seats, game.seat_names)
        """Every seat letter and name, upper case, to its seat number (one table a game's
        seats, shared by the records of that game: nothing writes to it)."""
        self._sides: dict[str, int] = {}
        """Labels ``side`` has read, by text: every hand's award and score name the same ones."""

    def seat(self, label: str | None, at: Span | None) -> int | None:
        """The seat ``label`` names (None: no label, or one the game does not have, reported)."""
        if label is None:
            return None
        s = self.seats.get(label)
        if s is None:
            s = self.seats.get(label.upper())
        if s is None:
            game = self.game
            seats = " ".join(game.seats)
            self.sink.add(codes.S010, f"{game.title} has no seat {label!r}", at, label_hint(label, game) or f"its seats are {seats}")
        return s

    def side(self, label: str, at: Span | None) -> int | None:
        """A team label (NS, ACE, ...) or a seat letter standing for its team."""
        team = self._sides.get(label)
        if team is not None:
            return team
        game = self.game
        up = label.upper()
        labels = game.team_labels
        if up in labels:
            team = labels.index(up)
        else:
            s = game.seat_index(up)
            if s is not None:
                team = game.teams[s]
        if team is not None:
            self._sides[label] = team
            return team
        self.sink.add(
            codes.S010,
            f"{label!r} is not a side in {game.title}",
            at,
            label_hint(label, game) or f"the sides are {' '.join(labels)}",
        )
        return None

    def by_side(self, amounts: dict[str, int], at: Span | None) -> dict[str, int] | None:
        """Amounts written by side label, keyed by the game's own labels (None: a label is not a side)."""
        by_team = self.by_team(amounts, at)
        if by_team is None:
            return None
        labels = self.game.team_labels
        return {labels[side]: n for side, n in by_team.items()}

    def by_team(self, amounts: dict[str, int], at: Span | None) -> dict[int, int] | None:
        """Amounts written by side label, keyed by team number in the order written (None: a
        label is not a side); a side written twice keeps its last amount."""
        out: dict[int, int] = {}
        sides = self._sides
        for label, n in amounts.items():
            side = sides.get(label)
            if side is None:
                side = self.side(label, at)
                if side is None:
                    return None
            out[side] = n
        return out
