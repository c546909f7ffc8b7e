"""House-rule files (`--rules FILE.toml`), `[Rules "name"]` naming them, and `referee rules`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.profiles import make_rules
from referee.judge.house import HouseRuleError, load_house_rules
from referee.judge.replay import Referee
from referee.notation.reader import read_text

runner = CliRunner()

FRIDAY = """\
[profile]
name = "friday-league"
base = "42"
description = "Friday night at the hall"

[options]
nello = "on"
all-pass = "forced"
target = 10
"""

# Everyone passes to a forced dealer W, who bids 42 and calls nello (legal only under the house rules):
# E sits out, and W takes the first trick, which sets the nello.
RECORD = """\
[Rules "friday-league"] [Mode "log"]

hand 1 dealer W
  deal N 6-5 6-1 6-0 5-0 2-2 2-0 1-1
       E 6-3 5-3 5-2 4-4 4-3 2-1 0-0
       S 6-6 6-4 5-4 4-1 3-1 3-0 1-0
       W 6-2 5-5 5-1 4-2 4-0 3-3 3-2
  bid N pass, E pass, S pass, W 42
  trump nello
  play W 4-2 N 2-0 S 4-1
  result EW 6 set
  award NS 1
"""


def house_file(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_defines_a_named_profile(tmp_path: Path) -> None:
    profile = load_house_rules(house_file(tmp_path, FRIDAY))
    assert (profile.name, profile.base, profile.description) == ("friday-league", "42", "Friday night at the hall")
    rules = make_rules("friday-league", None, {profile.name: profile})
    assert (rules.option("nello"), rules.option("all-pass"), rules.target, rules.profile) == ("on", "forced", 10, "friday-league")
    # a record's own options still apply on top of the house ones
    assert make_rules("friday-league", {"target": "5"}, {profile.name: profile}).target == 5


def test_toml_booleans_and_numbers_are_option_values(tmp_path: Path) -> None:
    text = '[profile]\nname = "b"\nbase = "42"\n[options]\nsevens = true\nplunge = false\ntarget = 3\n'
    assert dict(load_house_rules(house_file(tmp_path, text)).options) == {"sevens": "on", "plunge": "off", "target": "3"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[profile]\nname = "x"\nbase = "42"\n[options]\ncolour = "red"\n',
            r"house.toml:5: options.colour: Texas 42 has no option 'colour'",
        ),
        ('[profile]\nname = "x"\nbase = "42"\n[options]\nnello = "maybe"\n', r"house.toml:5: options.nello: option nello takes off or on"),
        ('[profile]\nname = "x"\nbase = "43"\n', r"house.toml:3: profile.base: '43' is not a built-in profile"),
        (
            '[profile]\nname = "x"\nbase = "42"\n[options]\nnello-doubles = "low"\n',
            r"house.toml:5: options.nello-doubles: .*needs nello=on",
        ),
        ('[profile]\nname = "x"\nbase = "42"\n[options]\ntarget = 0\n', r"house.toml:5: options.target: target must be at least 1"),
        ('[profile]\nname = "x"\nbase = "88"\n[options]\nnello = "on"\n', r"options.nello: Texas 88 has no option 'nello'"),
        ('[profile]\nname = "42"\nbase = "42"\n', r"profile.name: '42' is a built-in profile"),
        ('[profile]\nname = "x"\nbase = "42"\ncolor = 1\n', r"house.toml:4: profile.color: unknown setting"),
        ('[profile]\nname = "x"\nbase = "42"\n[rules]\n', r"rules: unknown setting"),
        ('[options]\nnello = "on"\n', r"needs a \[profile\] table"),
        ("[profile\n", r"not a TOML file: .*line 1"),
    ],
)
def test_unknown_or_contradictory_settings_are_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(HouseRuleError, match=message):
        load_house_rules(house_file(tmp_path, text))


def test_a_record_names_the_house_profile(tmp_path: Path) -> None:
    profile = load_house_rules(house_file(tmp_path, FRIDAY))
    (result,) = read_text(RECORD)
    assert result.record is not None
    verdict = Referee("42", profiles={profile.name: profile}).judge(result.record)
    assert verdict.diagnostics == []
    assert verdict.options["nello"] == "on" and verdict.target == 10
    # without the file the name is unknown
    unknown = Referee("42").judge(result.record)
    assert [d.code for d in unknown.diagnostics] == ["S004"]


def test_cli_check_takes_a_house_file(tmp_path: Path) -> None:
    rules = house_file(tmp_path, FRIDAY)
    record = tmp_path / "friday.42"
    record.write_text(RECORD, encoding="utf-8")
    ok = runner.invoke(app, ["check", str(record), "--rules", str(rules)])
    assert ok.exit_code == 0, ok.output
    # the file's profile is also the default for records with no [Rules] tag
    record.write_text(RECORD.replace('[Rules "friday-league"] ', ""), encoding="utf-8")
    assert runner.invoke(app, ["check", str(record), "--rules", str(rules)]).exit_code == 0
    assert runner.invoke(app, ["check", str(record)]).exit_code == 1  # nello is off by default: E211


def test_cli_reports_a_bad_house_file_as_a_usage_error(tmp_path: Path) -> None:
    bad = house_file(tmp_path, '[profile]\nname = "x"\nbase = "42"\n[options]\nsevens = "sometimes"\n')
    result = runner.invoke(app, ["check", "-", "--rules", str(bad)], input=RECORD)
    assert result.exit_code == 2
    assert "house.toml:5: options.sevens" in result.output.replace("\n", " ")
    missing = runner.invoke(app, ["check", "-", "--rules", str(tmp_path / "nope.toml")], input=RECORD)
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_simulate_with_a_house_file_writes_records_that_name_it(tmp_path: Path) -> None:
    rules = house_file(tmp_path, FRIDAY)
    out = tmp_path / "sim.42"
    result = runner.invoke(app, ["simulate", "--rules", str(rules), "--games", "2", "--seed", "4", "-O", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '[Rules "friday-league"]' in text and '[Target "10 marks"]' in text
    assert runner.invoke(app, ["check", str(out), "--rules", str(rules)]).exit_code == 0


def test_rules_lists_every_option_with_default_and_meaning(snapshot: SnapshotAssertion) -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    for game in ("42", "moon", "88"):
        for option in make_rules(game).option_values():
            assert f"  {option} = " in result.output
    assert "nello-doubles = own-suit | high | low  (default: own-suit)" in result.output
    assert result.output == snapshot


def test_rules_lists_loaded_house_profiles(tmp_path: Path) -> None:
    rules = house_file(tmp_path, FRIDAY)
    text = runner.invoke(app, ["rules", "--rules", str(rules)]).output
    assert "friday-league: house rules on 42 (Friday night at the hall)" in text
    assert "  nello = on  (set by the file)" in text
    doc = json.loads(runner.invoke(app, ["rules", "--rules", str(rules), "--format", "json"]).output)
    assert [p["name"] for p in doc["profiles"]] == ["42", "moon", "88"]
    assert doc["house"][0]["options"]["all-pass"] == "forced"
    nello = next(o for o in doc["profiles"][0]["options"] if o["name"] == "nello")
    assert nello["default"] == "off" and "N42PA" in nello["source"]


def test_docs_list_every_option_and_its_source() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for game in ("42", "moon", "88"):
        for spec in make_rules(game).game.options:
            assert f"| `{spec.name}` |" in text, spec.name
    for code in ("E210", "E211", "E212", "E213", "E410", "E411"):
        assert code in text
