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

Every option is checked against the base game exactly as ``[Options ...]`` is
(``make_rules``), so a file can never define rules the engine cannot play; an
unknown or contradictory setting is a ``HouseRuleError`` naming the file, the
key and, where it can be found, the line.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from ..engine.games import GAMES
from ..engine.profiles import OptionError, Profile, make_rules

__all__ = ["HouseRuleError", "load_house_rules"]

_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_PROFILE_KEYS = ("name", "base", "description")


class HouseRuleError(ValueError):
    """A house-rule file that cannot be read or defines rules that cannot be played."""


def _line_of(text: str, key: str) -> int | None:
    """The first line that sets ``key`` (TOML reports no lines for a well-formed file)."""
    rx = re.compile(rf'^\s*["\']?{re.escape(key)}["\']?\s*=', re.M)
    m = rx.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def _value(value: Any) -> str | None:
    """A TOML value as option text: strings, whole numbers, and true/false for on/off."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int | str):
        return str(value).strip().lower()
    return None


def load_house_rules(path: str | Path) -> Profile:
    """Read and check one house-rule file.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
    ...     _ = f.write('[profile]\\nname = "club"\\nbase = "42"\\n[options]\\nnello = "on"\\n')
    >>> load_house_rules(f.name).options
    (('nello', 'on'),)
    >>> os.unlink(f.name)
    """
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise HouseRuleError(f"{where}: cannot read the house-rule file ({e})") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HouseRuleError(f"{where}: not a TOML file: {e}") from None

    def fail(key: str, message: str) -> HouseRuleError:
        line = _line_of(text, key.rsplit(".", 1)[-1])
        place = f"{where}:{line}" if line else where
        return HouseRuleError(f"{place}: {key}: {message}")

    for key in doc:
        if key not in ("profile", "options"):
            raise fail(key, "unknown setting; a house-rule file has a [profile] table and an [options] table")
    profile = doc.get("profile")
    if not isinstance(profile, dict):
        raise HouseRuleError(f"{where}: the file needs a [profile] table with a name and a base")
    for key in profile:
        if key not in _PROFILE_KEYS:
            raise fail(f"profile.{key}", f"unknown setting; [profile] takes {', '.join(_PROFILE_KEYS)}")
    name = profile.get("name")
    if not isinstance(name, str) or not _NAME_RE.match(name.strip().lower()):
        raise fail("profile.name", 'needs a name of letters, digits and dashes, such as "friday-league"')
    name = name.strip().lower()
    if name in GAMES:
        raise fail("profile.name", f"{name!r} is a built-in profile; give the house rules a name of their own")
    base = profile.get("base")
    if not isinstance(base, str) or base.strip().lower() not in GAMES:
        raise fail("profile.base", f"{base!r} is not a built-in profile; the bases are {', '.join(GAMES)}")
    base = base.strip().lower()
    description = profile.get("description", "")
    if not isinstance(description, str):
        raise fail("profile.description", "must be a string")
    table = doc.get("options", {})
    if not isinstance(table, dict):
        raise fail("options", "must be a table of option = value")
    options: dict[str, str] = {}
    for key, raw in table.items():
        value = _value(raw)
        if value is None:
            raise fail(f"options.{key}", f"{raw!r} is not a value; write a string, a whole number, or true/false")
        options[key.strip().lower()] = value
    try:
        make_rules(base, options)
    except OptionError as e:
        raise fail(f"options.{e.key}" if e.key else "options", str(e)) from None
    return Profile(name=name, base=base, options=tuple(options.items()), description=description, source=where)
