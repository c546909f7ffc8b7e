"""What `referee rules` prints: every profile and option, read from the profiles' data.

Generated from ``GAMES`` (and loaded house-rule profiles) so the listing can
never disagree with what the engine plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from ..engine.games import GAMES, make_rules
from ..engine.profiles import Game, OptionSpec, Profile
from .escaping import visible

__all__ = ["RULES_VERSION", "SOURCES", "rules_json", "rules_text"]

RULES_VERSION = 2
"""Version of the ``rules --format json`` shape (``docs/rules.schema.json``)."""

SOURCES: tuple[tuple[str, str, str], ...] = (
    ("pagat '42'", 'John McLeod, "42", pagat.com', "https://www.pagat.com/domino/trick/42.html"),
    ("pagat 'Texas 88'", '"Texas 88" (the Puremco rule sheet), pagat.com', "https://www.pagat.com/domino/trick/texas88.html"),
    ("Wikipedia '42 (dominoes)'", '"42 (dominoes)", Wikipedia', "https://en.wikipedia.org/wiki/42_(dominoes)"),
    (
        "The Spruce Crafts 'Texas 42'",
        '"Texas 42 Domino Game Rules", The Spruce Crafts',
        "https://www.thesprucecrafts.com/texas-42-domino-game-rules-410913",
    ),
    (
        "N42PA",
        "National 42 Players Association (n42pa.org): sanctioned tournaments play straight 42, as texas42.net reports",
        "http://texas42.net/StandardizedRules.html",
    ),
    (
        "Hearne tournament rules",
        '"Sticks & Stones 42 Tournament", rules of play, Hearne (Texas) Chamber of Commerce',
        "http://hearnechamber.org/42-registration/",
    ),
    (
        "Harper tournament rules",
        '"42 Tournament Rules", Harper Community Park (Texas)',
        "http://www.harpercommunitypark.org/42-tournament.html",
    ),
    ("domino-play.com 'Moon'", '"Moon", domino-play.com', "http://domino-play.com/Games/Moon.htm"),
    (
        "dominorules.com 'Moon'",
        '"Rules to Moon", dominorules.com (from Jennifer Kelley, Great Book of Domino Games)',
        "http://www.dominorules.com/read/108/moon/",
    ),
    ("gamerules.com 'Three-Player Moon'", '"Three-Player Moon", gamerules.com', "https://gamerules.com/rules/three-player-moon"),
    ("texas42.net '42 in a nutshell'", '"42 in a Nutshell", texas42.net', "http://texas42.net/42nutshell.html"),
    ("domino-play.com 'Plunge'", '"Plunge", domino-play.com', "http://domino-play.com/Games/Plunge.htm"),
    ("mk5", "jasonyandell/mk5-main, a 42 web game (its source and rules page)", "https://github.com/jasonyandell/mk5-main"),
    ("LukeConran texas-42", "LukeConran/texas-42, a 42 program (src/engine/game.ts)", "https://github.com/LukeConran/texas-42"),
    (
        "jswood23 my-texas-42",
        "jswood23's my-texas-42: its rules pages (my-texas-42-frontend) and server (my-texas-42-backend)",
        "https://github.com/jswood23/my-texas-42-frontend",
    ),
    (
        "VAB Moon & Texas 42",
        "VAB1964/vab-dominoes-texas42, a Moon and 42 web game (worker/src/game-room.ts)",
        "https://github.com/VAB1964/vab-dominoes-texas42",
    ),
    (
        "the rule texts the project was given",
        "rule sheets supplied to the project (standard 42, Moon, six-player 42), not published; "
        "docs/rules.md quotes each sentence a choice rests on",
        "",
    ),
)
"""Every source an option cites: (the short name used in ``OptionSpec.source``, what it is, where)."""


def _default(game: Game, spec: OptionSpec) -> str:
    if spec.name == "target":
        if len(game.scorings) > 1:
            return ", ".join(f"{s.default_target} under {name}" for name, s in sorted(game.scorings.items()))
        return str(next(iter(game.scorings.values())).default_target)
    return spec.default


def _range(numbers: Sequence[int]) -> str:
    """``30 to 41``, ``60 to 88 by 2``, or the numbers listed when they skip unevenly."""
    steps = {b - a for a, b in pairwise(numbers)}
    if len(numbers) > 2 and len(steps) == 1:
        step = steps.pop()
        return f"{numbers[0]} to {numbers[-1]}" + (f" by {step}" if step != 1 else "")
    return ", ".join(map(str, numbers))


def table(game: Game) -> dict[str, str]:
    """What a game is before any option: its seats and sides, the deal, and the bids,
    in words (``referee rules`` lists them; docs/errors.md sends readers there).

    >>> from referee.engine.games import GAMES
    >>> print(table(GAMES["42"])["bids"])
    30 to 41 points; whole marks (42 a mark: 42, 84, ...), an opening mark bid of at most 2 marks, then one more mark at a time
    """
    sides = {label: [s for s, t in zip(game.seats, game.teams, strict=True) if t == i] for i, label in enumerate(game.team_labels)}
    alone = all(len(v) == 1 for v in sides.values())
    names = ", ".join(s if s == n else f"{s} ({n})" for s, n in zip(game.seats, game.seat_names, strict=True))
    seats = f"{names}, clockwise; " + ("each plays alone" if alone else "sides " + " and ".join(sides))
    undealt = len(game.tiles) - game.players * game.hand_size
    deal = f"{len(game.tiles)} tiles, {game.hand_size} to each seat, {game.tricks} tricks"
    if undealt and game.kitty:
        deal += f"; {undealt} to the {game.kitty}"
    ladder = game.ladder
    unit = "points" if game.counters_score else "tricks"
    bids = [f"{_range(ladder.point_bids)} {unit}"]
    if ladder.mark_unit is not None:
        u = ladder.mark_unit
        if ladder.mark_bids is None:
            marks = f"whole marks ({u} a mark: {u}, {2 * u}, ...)"
            if ladder.opening_marks_max is not None:
                marks += f", an opening mark bid of at most {ladder.opening_marks_max} marks, then one more mark at a time"
        else:
            marks = "marks: " + ", ".join(f"{m} ({m * u})" for m in ladder.mark_bids)
        bids.append(marks)
    if ladder.all_in_bids:
        bids.append(f"{_range(ladder.all_in_bids)} (every trick; ends the auction)")
    if ladder.needs_suit:
        bids.append("a bid names its trump suit, which the bidder must hold")
    out = {"seats": seats, "deal": deal, "bids": "; ".join(bids), "trump": " or ".join(game.declarations)}
    if game.contracts:
        out["contracts"] = ", ".join(c.name for c in game.contracts) + " (each when its option is on)"
    return out


def _values(spec: OptionSpec) -> str:
    return " | ".join(spec.values) if spec.values is not None else "a whole number >= 1"


def rules_json(houses: Sequence[Profile] = ()) -> dict[str, Any]:
    """The profiles as data: built-in games with their options, then house profiles."""
    games = [
        {
            "name": g.name,
            "title": g.title,
            "table": table(g),
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
    sources = [{"name": n, "title": title, "url": url or None} for n, title, url in _cited()]
    return {"format": "referee-rules", "version": RULES_VERSION, "profiles": games, "house": house, "sources": sources}


def _cited() -> list[tuple[str, str, str]]:
    """The sources some option names, so the listing says where each can be read."""
    text = " ".join(o.source for g in GAMES.values() for o in g.options)
    return [s for s in SOURCES if s[0] in text]


def rules_text(houses: Sequence[Profile] = ()) -> str:
    """The listing for people: one block per profile, one entry per option."""
    lines: list[str] = []
    for g in GAMES.values():
        lines.append(f"{g.name}: {g.title}")
        lines.extend(f"  {key}: {value}" for key, value in table(g).items())
        lines.append("  options:")
        for o in g.options:
            lines.append(f"    {o.name} = {_values(o)}  (default: {_default(g, o)})")
            lines.append(f"        {o.help}")
            if o.source:
                lines.append(f"        source: {o.source}")
        lines.append("")
    for p in houses:
        values = make_rules(p.name, None, {p.name: p}).option_values()
        chosen = dict(p.options)
        head = f"{p.name}: house rules on {p.base}" + (f" ({p.description})" if p.description else "") + f", from {p.source}"
        lines.append(visible(head, lines=False))  # a house-rule file's words are data (escaping.py)
        for key, value in values.items():
            mark = "  (set by the file)" if key in chosen else ""
            lines.append(f"  {key} = {value}{mark}")
        lines.append("")
    lines.append("Sources:")
    for name, title, url in _cited():
        lines.append(f"  {name}: {title}" + (f", {url}" if url else ""))
    lines.append("")
    lines.append('Options go in a record\'s [Options "name=value ..."] tag or on the command line (--options);')
    lines.append('a house-rule file (--rules FILE.toml) names a profile that records select with [Rules "name"].')
    return "\n".join(lines) + "\n"
