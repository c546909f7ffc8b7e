"""House-rule files: a league publishes its rules once as a named profile.

A house-rule file is TOML::

    [profile]
    name = "friday-league"        # what records name in [Rules "friday-league"]
    base = "42"                   # a built-in game: 42, moon or 88
    description = "Friday night at the hall"   # optional

    [options]
    nello = "on"
    all-pass = "forced"
    target = 10

    [standings]                   # optional: how ``referee standings`` ranks teams
    tie-breaks = ["wins", "head-to-head", "difference", "for"]

    [players]                     # optional: other spellings of a player's name
    "José" = ["Jose", "Joe"]

Every option is checked against the base game exactly as ``[Options ...]`` is
(``make_rules``), so a file can never define rules the engine cannot play. Every
problem of a file is reported at once, as one ``HouseRuleError`` whose
``problems`` each name the file, the line where it can be found, the key, and
for a misspelt key or value the nearest correct one: a league fixing its file
should not have to run the referee once per typo.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..engine.games import GAMES, make_rules
from ..engine.profiles import Game, OptionError, Profile
from ..words import name_key

__all__ = [
    "DEFAULT_TIE_BREAKS",
    "TIE_BREAKS",
    "HouseRuleError",
    "HouseRuleProblem",
    "load_house_rules",
    "load_players",
    "load_tie_breaks",
    "option_suggestion",
]

TIE_BREAKS: dict[str, str] = {
    "wins": "more games won",
    "losses": "fewer games lost",
    "head-to-head": "more games won against the other teams still level",
    "difference": "a larger difference of marks (or points) for and against",
    "for": "more marks (or points) for",
    "against": "fewer marks (or points) against",
}
"""The tie-breaks ``referee standings`` may rank by (a ``[standings]`` table names them), each
with what it prefers; ``league.standings`` applies them."""

DEFAULT_TIE_BREAKS: tuple[str, ...] = ("wins", "head-to-head", "difference", "for")
"""The ranking when a house-rule file sets none (docs/cli.md, ``standings``)."""

_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_TABLES = ("profile", "options", "standings", "players")
_PROFILE_KEYS = ("name", "base", "description")


@dataclass(frozen=True)
class HouseRuleProblem:
    """One thing wrong with a house-rule file: where, which key, what, and what was likely meant."""

    file: str
    line: int | None
    key: str | None
    message: str
    suggestion: str | None = None
    """The nearest known key or value to a misspelt one (``difflib``), or None."""

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{place}: {self.key}: {self.message}" if self.key else f"{place}: {self.message}"
        return f"{text}; did you mean {self.suggestion!r}?" if self.suggestion else text


class HouseRuleError(ValueError):
    """A house-rule file that cannot be read or defines rules that cannot be played.

    ``problems`` lists every problem found, in file order; ``str()`` gives one per line.
    """

    def __init__(self, problems: Sequence[HouseRuleProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[HouseRuleError], tuple[tuple[HouseRuleProblem, ...]]]:
        """Pickle with the problems, not the joined text (a worker process may raise it)."""
        return (HouseRuleError, (self.problems,))


def _nearest(word: str, choices: Iterable[str]) -> str | None:
    """The known word closest to a misspelt one, if any is close (``allpass`` -> ``all-pass``)."""
    found = difflib.get_close_matches(word, list(choices), n=1)
    return found[0] if found else None


def option_suggestion(game: Game, key: str | None, options: Mapping[str, str]) -> str | None:
    """What was likely meant by the option ``key`` that ``make_rules`` refused: the nearest
    option name to an unknown one, or the nearest value to a bad one (house files and ``--options``)."""
    if key is None:
        return None
    spec = game.option(key)
    if spec is None:
        return _nearest(key, (o.name for o in game.options))
    if spec.values is not None and options.get(key) not in spec.values:
        return _nearest(options.get(key, ""), spec.values)
    return None


def _line_of(text: str, key: str, table: str | None = None) -> int | None:
    """The first line that sets ``key`` (inside ``[table]`` when given).

    TOML reports no lines for a well-formed file, so the line is found in the text.
    """
    start = 0
    if table is not None:
        header = re.search(rf"^[ \t]*\[[ \t]*{re.escape(table)}[ \t]*\]", text, re.M)
        if header is None:
            return None
        start = header.end()
    rx = re.compile(rf'^[ \t]*["\']?{re.escape(key)}["\']?[ \t]*=', re.M)
    m = rx.search(text, start)
    if m is None and table is None:
        m = re.search(rf"^[ \t]*\[[ \t]*{re.escape(key)}[ \t]*\]", text, re.M)  # a table, not a key
    return text.count("\n", 0, m.start()) + 1 if m else None


def _value(value: Any) -> str | None:
    """A TOML value as option text: strings, whole numbers, and true/false for on/off."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int | str):
        return str(value).strip().lower()
    return None


def _parse(where: str, path: str | Path) -> tuple[str, dict[str, Any]]:
    """The file's text and its TOML document, or a ``HouseRuleError`` saying why not."""
    import tomllib  # only a house-rule file needs it: start-up does not pay for it

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise HouseRuleError([HouseRuleProblem(where, None, None, f"cannot read the house-rule file ({e})")]) from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HouseRuleError([HouseRuleProblem(where, None, None, f"not a TOML file: {e}")]) from None
    except (RecursionError, MemoryError, ValueError):
        # tomllib recurses once per nested array or table: `x = [[[[...` exhausts the stack.
        raise HouseRuleError([HouseRuleProblem(where, None, None, "not a TOML file: nested too deeply to read")]) from None


def load_house_rules(path: str | Path) -> Profile:
    """Read and check one house-rule file; every problem is raised together.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
    ...     _ = f.write('[profile]\\nname = "club"\\nbase = "42"\\n[options]\\nnello = "on"\\n')
    >>> load_house_rules(f.name).options
    (('nello', 'on'),)
    >>> os.unlink(f.name)
    """
    where = str(path)
    text, doc = _parse(where, path)
    problems: list[HouseRuleProblem] = []

    def problem(key: str | None, message: str, suggestion: str | None = None, *, written: str | None = None) -> None:
        """Record one problem; ``written`` is the key as the file spells it, to find its line."""
        line = None
        if key is not None:
            table, _, leaf = key.rpartition(".")
            line = _line_of(text, written or leaf, table or None)
        problems.append(HouseRuleProblem(where, line, key, message, suggestion))

    for key in doc:
        if key not in _TABLES:
            problem(
                key,
                "unknown setting; a house-rule file has a [profile], an [options], a [standings] and a [players] table",
                _nearest(key, _TABLES),
            )
    name = base = description = None
    profile = doc.get("profile")
    if isinstance(profile, dict):
        name, base, description = _profile(profile, problem)
    else:
        problem(None, "the file needs a [profile] table with a name and a base")
    options = _options(doc.get("options", {}), base, problem)
    _tie_breaks(doc.get("standings", {}), problem)
    _players(doc.get("players", {}), problem)
    if problems:
        problems.sort(key=lambda p: p.line or 0)
        raise HouseRuleError(problems)
    assert name is not None and base is not None and description is not None
    return Profile(name=name, base=base, options=tuple(options.items()), description=description, source=where)


def load_tie_breaks(path: str | Path) -> tuple[str, ...]:
    """The ranking a house-rule file's ``[standings]`` table sets (empty when it sets none);
    the file is checked whole, as ``load_house_rules`` checks it."""
    load_house_rules(path)
    return _tie_breaks(_parse(str(path), path)[1].get("standings", {}), None)


def load_players(path: str | Path) -> dict[str, str]:
    """The spellings a house-rule file's ``[players]`` table lists, each mapped to the
    player's name (``{"Joe": "José"}``; empty when it has none); the file is checked
    whole, as ``load_house_rules`` checks it."""
    load_house_rules(path)
    return _players(_parse(str(path), path)[1].get("players", {}), None)


class _Report(Protocol):
    def __call__(self, key: str | None, message: str, suggestion: str | None = None, *, written: str | None = None) -> None: ...


def _profile(table: dict[str, Any], problem: _Report) -> tuple[str | None, str | None, str | None]:
    """The [profile] table's name, base and description (None where it is wrong)."""
    for key in table:
        if key not in _PROFILE_KEYS:
            problem(f"profile.{key}", f"unknown setting; [profile] takes {', '.join(_PROFILE_KEYS)}", _nearest(key, _PROFILE_KEYS))
    name = table.get("name")
    if not isinstance(name, str) or not _NAME_RE.match(name.strip().lower()):
        problem("profile.name", 'needs a name of letters, digits and dashes, such as "friday-league"')
        name = None
    elif name.strip().lower() in GAMES:
        problem("profile.name", f"{name.strip().lower()!r} is a built-in profile; give the house rules a name of their own")
        name = None
    else:
        name = name.strip().lower()
    base = table.get("base")
    if isinstance(base, str) and base.strip().lower() in GAMES:
        base = base.strip().lower()
    else:
        guess = _nearest(base.strip().lower(), GAMES) if isinstance(base, str) else None
        problem("profile.base", f"{base!r} is not a built-in profile; the bases are {', '.join(GAMES)}", guess)
        base = None
    description = table.get("description", "")
    if not isinstance(description, str):
        problem("profile.description", "must be a string")
        description = None
    return name, base, description


def _tie_breaks(table: Any, problem: _Report | None) -> tuple[str, ...]:
    """The ``[standings]`` table: ``tie-breaks``, a list of the names ``referee standings`` knows."""
    if not isinstance(table, dict):
        if problem is not None:
            problem("standings", "must be a table with tie-breaks = [...]")
        return ()
    for key in table:
        if key != "tie-breaks" and problem is not None:
            problem(f"standings.{key}", "unknown setting; [standings] takes tie-breaks", _nearest(key, ["tie-breaks"]))
    value = table.get("tie-breaks", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        if problem is not None:
            problem("standings.tie-breaks", f"must be a list of tie-breaks: {', '.join(TIE_BREAKS)}")
        return ()
    out = []
    for v in value:
        name = v.strip().lower()
        if name not in TIE_BREAKS:
            if problem is not None:
                problem("standings.tie-breaks", f"{v!r} is not a tie-break; they are {', '.join(TIE_BREAKS)}", _nearest(name, TIE_BREAKS))
            continue
        out.append(name)
    return tuple(out)


def _players(table: Any, problem: _Report | None) -> dict[str, str]:
    """The ``[players]`` table: each player's name = its other spellings (a string, or a
    list of them), as ``{spelling: name}``.  A spelling given to two players, or two names
    that are one name written two ways, would make the table say two things."""

    def bad(key: str, message: str) -> None:
        if problem is not None:
            problem(f"players.{key}", message, written=key)

    if not isinstance(table, dict):
        if problem is not None:
            problem("players", 'must be a table of name = ["other spelling", ...]')
        return {}
    out: dict[str, str] = {}
    owner: dict[str, str] = {}
    for name, others in table.items():
        spellings = [others] if isinstance(others, str) else others
        if not name.strip() or not isinstance(spellings, list) or not all(isinstance(o, str) and o.strip() for o in spellings):
            bad(name, 'must be a name = "other spelling", or a list of them: "José" = ["Jose", "Joe"]')
            continue
        for written in [name, *spellings]:
            key = name_key(written)
            if owner.setdefault(key, name.strip()) != name.strip():
                bad(name, f"{written.strip()!r} is already a spelling of {owner[key]!r}")
                continue
            if written is not name:
                out[written.strip()] = name.strip()
        out.setdefault(name.strip(), name.strip())
    return out


def _options(table: Any, base: str | None, problem: _Report) -> dict[str, str]:
    """The [options] table as option text, each checked against ``base`` by ``make_rules``.

    ``make_rules`` stops at the first bad option, so each one found is reported and
    set aside and the rest checked again, until the remainder is playable.
    """
    if not isinstance(table, dict):
        problem("options", "must be a table of option = value")
        return {}
    options: dict[str, str] = {}
    written: dict[str, str] = {}
    for key, raw in table.items():
        value = _value(raw)
        if value is None:
            problem(f"options.{key}", f"{raw!r} is not a value; write a string, a whole number, or true/false", written=key)
            continue
        options[key.strip().lower()] = value
        written[key.strip().lower()] = key
    if base is None:
        return options  # which options exist depends on the base
    game = GAMES[base]
    left = dict(options)
    while True:
        try:
            make_rules(base, left)
        except OptionError as e:
            if e.key is None or e.key not in left:
                problem("options", str(e))
                return options
            problem(f"options.{e.key}", str(e), option_suggestion(game, e.key, left), written=written[e.key])
            del left[e.key]
        else:
            return options
