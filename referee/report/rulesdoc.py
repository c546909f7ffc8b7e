"""What `referee rules` prints: every profile and option, read from the profiles' data.

Generated from ``GAMES`` (and loaded house-rule profiles) so the listing can
never disagree with what the engine plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.games import GAMES
from ..engine.profiles import Game, OptionSpec, Profile, make_rules

__all__ = ["rules_json", "rules_text"]


def _default(game: Game, spec: OptionSpec) -> str:
    if spec.name == "target":
        if len(game.scorings) > 1:
            return ", ".join(f"{s.default_target} under {name}" for name, s in sorted(game.scorings.items()))
        return str(next(iter(game.scorings.values())).default_target)
    return spec.default


def _values(spec: OptionSpec) -> str:
    return " | ".join(spec.values) if spec.values is not None else "a whole number >= 1"


def rules_json(houses: Sequence[Profile] = ()) -> dict[str, Any]:
    """The profiles as data: built-in games with their options, then house profiles."""
    games = [
        {
            "name": g.name,
            "title": g.title,
            "options": [
                {
                    "name": o.name,
                    "values": list(o.values) if o.values else None,
                    "default": _default(g, o),
                    "meaning": o.help,
                    "source": o.source,
                }
                for o in g.options
            ],
        }
        for g in GAMES.values()
    ]
    house = [
        {
            "name": p.name,
            "base": p.base,
            "description": p.description,
            "file": p.source,
            "options": make_rules(p.name, None, {p.name: p}).option_values(),
        }
        for p in houses
    ]
    return {"profiles": games, "house": house}


def rules_text(houses: Sequence[Profile] = ()) -> str:
    """The listing for people: one block per profile, one entry per option."""
    lines: list[str] = []
    for g in GAMES.values():
        lines.append(f"{g.name}: {g.title}")
        for o in g.options:
            lines.append(f"  {o.name} = {_values(o)}  (default: {_default(g, o)})")
            lines.append(f"      {o.help}")
            if o.source:
                lines.append(f"      source: {o.source}")
        lines.append("")
    for p in houses:
        values = make_rules(p.name, None, {p.name: p}).option_values()
        chosen = dict(p.options)
        lines.append(f"{p.name}: house rules on {p.base}" + (f" ({p.description})" if p.description else "") + f", from {p.source}")
        for key, value in values.items():
            mark = "  (set by the file)" if key in chosen else ""
            lines.append(f"  {key} = {value}{mark}")
        lines.append("")
    lines.append('Options go in a record\'s [Options "name=value ..."] tag or on the command line (--options);')
    lines.append('a house-rule file (--rules FILE.toml) names a profile that records select with [Rules "name"].')
    return "\n".join(lines) + "\n"
