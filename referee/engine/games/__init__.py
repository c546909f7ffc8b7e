"""The games: one module each, collected in ``GAMES`` by the name records use in ``[Rules]``.

Adding a game is adding a module here that builds its ``Game``, listing it in
``_MODULES`` and its name in ``NAMES`` (docs/architecture.md walks through it).

``NAMES`` and ``DEFAULT_GAME`` cost nothing to import, so the command line can name
its choices at start-up; ``GAMES`` loads the game modules when first asked for
(a test holds ``tuple(GAMES)`` equal to ``NAMES``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..profiles import Game

__all__ = ["DEFAULT_GAME", "GAMES", "NAMES"]

NAMES: tuple[str, ...] = ("42", "moon", "88")
"""Every built-in game's profile name, in the order ``referee rules`` lists them."""

DEFAULT_GAME: str = NAMES[0]
"""The profile for records and commands that name none: Texas 42."""

_MODULES = ("texas42", "moon", "texas88")
"""The module of each game in ``NAMES``, in the same order."""

GAMES: dict[str, Game]
"""Every built-in game by its profile name (loaded on first use)."""


def __getattr__(name: str) -> object:
    if name == "GAMES":
        games = [import_module(f".{module}", __name__).GAME for module in _MODULES]
        loaded = {g.name: g for g in games}
        globals()["GAMES"] = loaded
        return loaded
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
