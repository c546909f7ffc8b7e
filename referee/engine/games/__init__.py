"""The games: one module each, collected in ``GAMES`` by the name records use in ``[Rules]``,
and ``make_rules``, which builds a game's ``Rules`` from its name and options.

Adding a game is adding a module here that builds its ``Game``, listing it in
``_MODULES`` and its name in ``NAMES`` (docs/architecture.md walks through it).

``NAMES`` and ``DEFAULT_GAME`` cost nothing to import, so the command line can name
its choices at start-up; ``GAMES`` loads the game modules when first asked for
(a test holds ``tuple(GAMES)`` equal to ``NAMES``).  ``make_rules`` sits beside the
registry it reads, and the types it builds stay in ``engine/profiles.py``, which
imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..profiles import Game, Profile, Rules

__all__ = ["DEFAULT_GAME", "GAMES", "NAMES", "make_rules"]

NAMES: tuple[str, ...] = ("42", "moon", "88")
"""Every built-in game's profile name, in the order ``referee rules`` lists them."""

DEFAULT_GAME: str = NAMES[0]
"""The profile for records and commands that name none: Texas 42."""

_MODULES = ("texas42", "moon", "texas88")
"""The module of each game in ``NAMES``, in the same order."""

GAMES: dict[str, Game]
"""Every built-in game by its profile name (loaded on first use)."""


def _games() -> dict[str, Game]:
    """``GAMES``, loading the game modules the first time."""
    loaded: dict[str, Game] | None = globals().get("GAMES")
    if loaded is None:
        games = [import_module(f".{module}", __name__).GAME for module in _MODULES]
        loaded = {g.name: g for g in games}
        globals()["GAMES"] = loaded
    return loaded


def __getattr__(name: str) -> object:
    if name == "GAMES":
        return _games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_rules(game: str, options: Mapping[str, str] | None = None, profiles: Mapping[str, Profile] | None = None) -> Rules:
    """Validate ``options`` against ``game``'s option specs; unknown or bad ones raise.

    ``game`` is a built-in game or the name of one of ``profiles`` (house rules),
    whose options come first and ``options`` override them.

    >>> make_rules("42", {"all-pass": "forced"}).option("all-pass")
    'forced'
    >>> make_rules("42", {"scoring": "points"}).target
    250
    >>> make_rules("42", {"nello-doubles": "low"})
    Traceback (most recent call last):
    ...
    referee.engine.profiles.OptionError: option nello-doubles needs nello=on
    """
    from ..profiles import OptionError, Rules  # here, not at the top: NAMES stays free to import

    games = _games()
    house = (profiles or {}).get(game)
    if house is not None:
        merged = dict(house.options)
        merged.update(options or {})
        return make_rules(house.base, merged).with_profile(house.name)
    if game not in games:
        known = [*games, *(profiles or {})]
        raise OptionError(f"unknown rules profile {game!r}; the profiles are {', '.join(known)}")
    g = games[game]
    chosen: dict[str, str] = {}
    for key, value in (options or {}).items():
        spec = g.option(key)
        if spec is None:
            names = ", ".join(o.name for o in g.options)
            raise OptionError(f"{g.title} has no option {key!r}; its options are {names}", key)
        if spec.values is not None and value not in spec.values:
            raise OptionError(f"option {key} takes {' or '.join(spec.values)}, not {value!r}", key)
        chosen[key] = value
    values = {s.name: s.default for s in g.options}
    values.update(chosen)
    scoring = g.scorings[values.get("scoring", g.default_scoring())]
    if "target" in chosen:
        text = chosen["target"].strip()
        if not text.lstrip("+-").isdigit():
            raise OptionError(f"option target takes a whole number, not {chosen['target']!r}", "target")
        if len(text.lstrip("+-0")) > 9:
            raise OptionError("target must be at most 999999999", "target")
        target = int(text)
        if target <= 0:
            raise OptionError(f"target must be at least 1, not {target}", "target")
    else:
        target = scoring.default_target
    values["target"] = str(target)
    for key in chosen:
        owners = [c.name for c in g.contracts if key in c.options]
        if owners and not any(values.get(name) == "on" for name in owners):
            raise OptionError(f"option {key} needs {' or '.join(f'{name}=on' for name in owners)}", key)
        spec = g.option(key)
        for need in spec.needs if spec is not None and chosen[key] != spec.default else ():
            name, _, wanted = need.partition("=")
            if values.get(name) != wanted:
                raise OptionError(f"option {key} needs {need}", key)
    return Rules(game=g, options=values, target=target)
