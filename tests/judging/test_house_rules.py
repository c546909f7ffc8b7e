"""House-rule files (`--rules FILE.toml`), `[Rules "name"]` naming them, and `referee rules`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.games import make_rules
from referee.judging.house import HouseRuleError, load_house_rules, load_tie_breaks
from referee.judging.replay import Referee
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


MANY_PROBLEMS = """\
[profile]
name = "friday"
base = "42"

[options]
allpass = "forced"
nello = "maybe"
sevens = "onn"
follow-me-doubles = "hi"
target = 0
scoring = [1]
"""


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    """A league fixing its file sees all its mistakes in one run, each at its own line."""
    with pytest.raises(HouseRuleError) as caught:
        load_house_rules(house_file(tmp_path, MANY_PROBLEMS))
    found = [(p.line, p.key) for p in caught.value.problems]
    assert found == [
        (6, "options.allpass"),
        (7, "options.nello"),
        (8, "options.sevens"),
        (9, "options.follow-me-doubles"),
        (10, "options.target"),
        (11, "options.scoring"),
    ]
    assert all(p.file.endswith("house.toml") for p in caught.value.problems)
    # str() gives one problem a line, in file order
    lines = str(caught.value).splitlines()
    assert lines == [str(p) for p in caught.value.problems]
    assert lines[0].startswith(f"{tmp_path / 'house.toml'}:6: options.allpass: Texas 42 has no option 'allpass'; its options are all-pass,")


@pytest.mark.parametrize(
    ("text", "key", "suggestion"),
    [
        ('[profile]\nname = "x"\nbase = "42"\n[options]\nallpass = "forced"\n', "options.allpass", "all-pass"),
        ('[profile]\nname = "x"\nbase = "42"\n[options]\nall-pass = "forcd"\n', "options.all-pass", "forced"),
        ('[profile]\nname = "x"\nbase = "42"\n[options]\nnelo-doubles = "low"\n', "options.nelo-doubles", "nello-doubles"),
        ('[profile]\nnmae = "x"\nname = "x"\nbase = "42"\n', "profile.nmae", "name"),
        ('[profile]\nname = "x"\nbase = "mon"\n', "profile.base", "moon"),
        ('[profile]\nname = "x"\nbase = "42"\n[option]\nnello = "on"\n', "option", "options"),
        ('[profile]\nname = "x"\nbase = "42"\n[standings]\ntie-breaks = ["wins", "diference"]\n', "standings.tie-breaks", "difference"),
        ('[profile]\nname = "x"\nbase = "42"\n[standings]\ntiebreaks = ["wins"]\n', "standings.tiebreaks", "tie-breaks"),
    ],
)
def test_misspelt_keys_and_values_get_a_did_you_mean(tmp_path: Path, text: str, key: str, suggestion: str) -> None:
    with pytest.raises(HouseRuleError) as caught:
        load_house_rules(house_file(tmp_path, text))
    (problem,) = caught.value.problems
    assert (problem.key, problem.suggestion) == (key, suggestion)
    assert str(problem).endswith(f"; did you mean {suggestion!r}?")


def test_a_house_file_sets_the_ranking_of_referee_standings(tmp_path: Path) -> None:
    """The [standings] table is checked with the rest of the file; a file without one sets none."""
    path = house_file(tmp_path, '[profile]\nname = "x"\nbase = "42"\n[standings]\ntie-breaks = ["Wins", "head-to-head", "against"]\n')
    assert load_tie_breaks(path) == ("wins", "head-to-head", "against")
    assert load_house_rules(path).name == "x"
    assert load_tie_breaks(house_file(tmp_path, '[profile]\nname = "x"\nbase = "42"\n')) == ()
    with pytest.raises(HouseRuleError, match=r"house.toml:1: standings: must be a table"):
        load_house_rules(house_file(tmp_path, 'standings = 3\n[profile]\nname = "x"\nbase = "42"\n'))


def test_a_wrong_value_far_from_any_known_one_gets_no_guess(tmp_path: Path) -> None:
    with pytest.raises(HouseRuleError) as caught:
        load_house_rules(house_file(tmp_path, '[profile]\nname = "x"\nbase = "42"\n[options]\nnello = "maybe"\n'))
    (problem,) = caught.value.problems
    assert problem.suggestion is None and "did you mean" not in str(problem)


def test_the_line_is_found_inside_the_table_and_not_across_blank_lines(tmp_path: Path) -> None:
    """`name` under [options] is not the profile's name; a blank line before a key is not its line."""
    text = '[profile]\nname = "x"\nbase = "42"\n\n\n[options]\n\nname = "on"\n'
    with pytest.raises(HouseRuleError) as caught:
        load_house_rules(house_file(tmp_path, text))
    (problem,) = caught.value.problems
    assert (problem.line, problem.key) == (8, "options.name")


def test_the_error_keeps_its_problems_through_pickling(tmp_path: Path) -> None:
    """A worker process may raise it; the problems, not just their text, must survive."""
    import pickle

    with pytest.raises(HouseRuleError) as caught:
        load_house_rules(house_file(tmp_path, MANY_PROBLEMS))
    copy = pickle.loads(pickle.dumps(caught.value))
    assert copy.problems == caught.value.problems and str(copy) == str(caught.value)


def test_t9_deeply_nested_toml_is_a_clear_error(tmp_path: Path) -> None:
    """Bug T9: `x = ` then 100,000 `[` made tomllib recurse until RecursionError escaped."""
    deep = house_file(tmp_path, "x = " + "[" * 100_000)
    with pytest.raises(HouseRuleError) as caught:
        load_house_rules(deep)
    assert [str(p) for p in caught.value.problems] == [f"{deep}: not a TOML file: nested too deeply to read"]
    result = runner.invoke(app, ["check", "-", "--rules", str(deep)], input=RECORD)
    assert result.exit_code == 2
    assert "error: --rules: " in result.output and "not a TOML file: nested too deeply to read" in result.output


def test_cli_prints_each_problem_on_its_own_unwrapped_line(tmp_path: Path) -> None:
    """One `error:` line per problem, never cut at 80 columns when stderr is a log, not a terminal."""
    bad = house_file(tmp_path, MANY_PROBLEMS)
    for command in ("check", "score", "convert", "fmt"):
        result = runner.invoke(app, [command, "-", "--rules", str(bad)], input=RECORD)
        assert result.exit_code == 2, command
        lines = [line for line in result.output.splitlines() if line]
        assert len(lines) == 6 and all(line.startswith(f"error: --rules: {bad}:") for line in lines), command
        longest = max(lines, key=len)
        assert len(longest) > 80 and longest.endswith("did you mean 'all-pass'?"), command


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
    assert nello["default"] == "off" and "pagat '42'" in nello["source"]
    # every source an option names comes with the address where a user can read it
    sources = {s["name"]: s["url"] for s in doc["sources"]}
    assert sources["pagat '42'"] == "https://www.pagat.com/domino/trick/42.html"
    assert all(
        url and url.startswith(("https://", "http://")) for name, url in sources.items() if name != "the rule texts the project was given"
    )


def test_docs_list_every_option_and_its_source() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for game in ("42", "moon", "88"):
        for spec in make_rules(game).game.options:
            assert f"| `{spec.name}` |" in text, spec.name
    for code in ("E210", "E211", "E212", "E213", "E410", "E411"):
        assert code in text
