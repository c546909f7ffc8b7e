"""The games: one module each, collected in ``GAMES`` by the name records use in ``[Rules]``.

Adding a game is adding a module here that builds its ``Game`` and listing it
below (docs/architecture.md walks through it).
"""

from __future__ import annotations

from ..profiles import Game
from . import moon, texas42, texas88

__all__ = ["DEFAULT_GAME", "GAMES"]

GAMES: dict[str, Game] = {g.name: g for g in (texas42.GAME, moon.GAME, texas88.GAME)}
"""Every built-in game by its profile name."""

DEFAULT_GAME: str = texas42.GAME.name
"""The profile for records and commands that name none."""
