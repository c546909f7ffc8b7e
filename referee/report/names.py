"""Player names from a record's tags (``[North "Ann"]``, ``[A "Al"]``), shown beside the seats."""

from __future__ import annotations

from ..engine.profiles import Game
from ..notation.record import GameRecord

__all__ = ["player_names", "seat_with_name", "side_players", "side_seats"]


def player_names(record: GameRecord | None, game: Game) -> dict[str, str]:
    """Seat label -> player name, for the seats whose tag gives a name."""
    if record is None or not record.tags:
        return {}
    names: dict[str, str] = {}
    for seat, tag in zip(game.seats, game.seat_names, strict=True):
        name = record.tag(tag) or record.tag(seat)
        if name and name.strip():
            names[seat] = name.strip()
    return names


def seat_with_name(seat: str | None, names: dict[str, str]) -> str:
    """``N (Ann)``, or the seat alone when no tag names its player."""
    if not seat:
        return ""
    name = names.get(seat)
    return f"{seat} ({name})" if name else seat


def side_seats(side: str, game: Game) -> list[str]:
    """The seats that play for ``side`` (``NS`` -> N, S; in Moon a side is one seat)."""
    if side not in game.team_labels:
        return []
    team = game.team_labels.index(side)
    return [seat for seat, t in zip(game.seats, game.teams, strict=True) if t == team]


def side_players(side: str, game: Game, names: dict[str, str]) -> str | None:
    """``Ann & Cy`` for a side whose players the tags name (a seat without a name keeps its label)."""
    seats = side_seats(side, game)
    if not any(s in names for s in seats):
        return None
    return " & ".join(names.get(s, s) for s in seats)
