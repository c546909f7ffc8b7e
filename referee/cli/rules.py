"""``referee rules``: the rule profiles and every option."""

from __future__ import annotations

import typer

from .app import app
from .common import Format, consoles
from .params import Command, choice_option, complete_rules


@app.command("rules", cls=Command)
def rules_command(
    rules: list[str] = typer.Option(
        [],
        "--rules",
        "-r",
        metavar="FILE.toml",
        autocompletion=complete_rules,
        help="Also list the profile of this house-rule file (.toml); may be repeated.",
    ),
    fmt: Format = choice_option(
        Format.text, "--format", "-f", help="text for people, json for programs (see `referee schema --for rules`)."
    ),
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
    import json
    import sys

    from ..engine.profiles import Profile
    from ..report.rulesdoc import rules_json, rules_text
    from ..run.inputs import UsageError
    from .common import _profile, _usage_fail

    _out, err = consoles()
    houses: list[Profile] = []
    try:
        for file in rules:
            _name, profiles = _profile(file)
            houses.extend(profiles.values())
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    sys.stdout.write(json.dumps(rules_json(houses), indent=2) + "\n" if fmt is Format.json else rules_text(houses))
