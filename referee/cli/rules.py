"""``referee rules``: the rule profiles and every option."""

from __future__ import annotations

import json
import sys

import typer
from rich.console import Console

from ..engine.profiles import Profile
from ..pipeline import UsageError
from . import app
from .common import (
    Format,
    _profile,
    _usage_fail,
)


@app.command("rules")
def rules_command(
    rules: list[str] = typer.Option([], "--rules", "-r", help="Also list the profile of this house-rule file (.toml); may be repeated."),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="text for people, json for programs."),
) -> None:
    """List the rule profiles and every option: its values, default, meaning and source.

    \b
    A house-rule file defines a named profile from a built-in one:
      [profile]
      name = "friday-league"
      base = "42"
      [options]
      nello = "on"
      all-pass = "forced"
    Check records with `referee check --rules friday.toml`; a record names it
    with [Rules "friday-league"].

    \b
    Examples:
      referee rules
      referee rules --rules friday.toml --format json
    """
    from ..report.rulesdoc import rules_json, rules_text

    err = Console(stderr=True, highlight=False, emoji=False)
    houses: list[Profile] = []
    try:
        for file in rules:
            _name, profiles = _profile(file)
            houses.extend(profiles.values())
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    sys.stdout.write(json.dumps(rules_json(houses), indent=2) + "\n" if fmt is Format.json else rules_text(houses))
