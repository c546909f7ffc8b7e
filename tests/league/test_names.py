"""Players' names across records (issue 29, item 4): spellings that differ only in case,
accents or spaces are one player, a note says where two spellings met and which is
shown, and a house-rule file's ``[players]`` table maps other spellings to one name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.judging.house import HouseRuleError, load_players
from referee.league.names import Aliases, Roster
from referee.words import name_key
from tests.cli.test_cli import ROOT, Run

WEEKS = [ROOT / f"samples/league/week{n}.42" for n in (1, 2, 3)]


@pytest.mark.parametrize(
    ("a", "b"),
    [("Jo", "jo"), ("José", "jose"), ("José", "Jose\u0301"), ("Mary  Jo", "maryjo"), (" Ann ", "ANN"), ("Strauß", "STRAUSS")],
)
def test_spellings_of_one_name_share_a_key(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize(("a", "b"), [("Jo", "Joe"), ("Ann", "Anne"), ("Di", "Dí Ann")])
def test_other_names_keep_their_own_key(a: str, b: str) -> None:
    assert name_key(a) != name_key(b)


def test_the_spelling_written_most_often_is_shown_and_the_meeting_noted() -> None:
    r = Roster()
    keys = {r.meet(name, f"x.42:{n}") for n, name in enumerate(["jo", "Jo", "Jo", "Ann"])}
    assert len(keys) == 2
    assert r.shown(name_key("JO")) == "Jo"
    (note,) = r.notes()
    assert note.startswith("'jo' (x.42:0, 1 record) and 'Jo' (x.42:1, 2 records) are counted as one player, shown as 'Jo'")
    tie = Roster()
    tie.meet("jo", "a"), tie.meet("Jo", "b")
    assert tie.shown(name_key("jo")) == "jo"  # first met, on a tie


def test_an_alias_table_names_the_player_and_silences_the_note() -> None:
    r = Roster(Aliases.of({"Joe": "José", "J. Diaz": "José"}))
    assert len({r.meet(n, "x") for n in ["joe", "Jose", "j. díaz", "JOSÉ"]}) == 1
    assert r.shown(r.meet("joe", "x")) == "José" and r.notes() == []
    team = r.team([r.meet("Ann", "x"), r.meet("Joe", "x")])
    assert team == r.team([r.meet("jose", "y"), r.meet("ann", "y")]) and r.shown(team) == "Ann & José"


def _league(tmp_path: Path, north2: str, south2: str) -> list[str]:
    """The league's three rounds, with round 2's Ann and Di spelt otherwise."""
    text = (
        WEEKS[1].read_text(encoding="utf-8").replace('[North "Ann"]', f'[North "{north2}"]').replace('[South "Di"]', f'[South "{south2}"]')
    )
    (tmp_path / "week2.42").write_text(text, encoding="utf-8")
    return [str(WEEKS[0]), str(tmp_path / "week2.42"), str(WEEKS[2])]


def test_standings_and_stats_count_two_spellings_as_one_player(tmp_path: Path) -> None:
    files = _league(tmp_path, "ánn", "di ")
    reference = json.loads(Run("standings", "--jobs", "1", "--format", "json", *map(str, WEEKS)).out)
    run = Run("standings", "--jobs", "1", "--format", "json", *files)
    assert json.loads(run.out)["rows"] == reference["rows"]  # four teams, as if spelt alike
    assert (
        f"note: 'Ann' ({WEEKS[0]}:11, 2 records) and 'ánn' ({files[1]}:12, 1 record) are counted as one player, shown as 'Ann'" in run.err
    )
    assert "'Di' (" in run.err and "'di' (" in run.err
    stats = Run("stats", "--jobs", "1", "--format", "json", *files)
    assert [r["name"] for r in json.loads(stats.out)["rows"]] == [
        r["name"] for r in json.loads(Run("stats", "--jobs", "1", "--format", "json", *map(str, WEEKS)).out)["rows"]
    ]
    assert stats.err.count("are counted as one player") == 2


def test_a_players_table_maps_other_spellings_to_one_name(tmp_path: Path) -> None:
    files = _league(tmp_path, "Annie", "Diana")
    house = tmp_path / "grange.toml"
    house.write_text('[profile]\nname = "grange"\nbase = "42"\n\n[players]\n"Ann" = ["Annie"]\n"Dí" = "diana"\n', encoding="utf-8")
    run = Run("standings", "--jobs", "1", "--format", "json", "--rules", str(house), *files)
    assert sorted(r["team"] for r in json.loads(run.out)["rows"]) == ["Ann & Cy", "Bob & Dí", "Eve & Flo", "Gus & Hal"]
    assert "counted as one player" not in run.err
    assert Run("select", "--jobs", "1", "--rules", str(house), files[1], "--player", "ann").out.count('[North "Annie"]') == 1


def test_select_finds_a_player_whatever_the_case_accents_and_spaces(tmp_path: Path) -> None:
    f = tmp_path / "jose.42"
    f.write_text(WEEKS[0].read_text(encoding="utf-8").replace('"Ann"', '"José María"'), encoding="utf-8")
    for asked in ["jose maria", "JOSÉMARÍA", "José María"]:
        run = Run("select", "--jobs", "1", str(f), "--player", asked)
        assert run.code == 0 and run.out.count('[North "José María"]') == 1, asked
        hands = Run("select", "--jobs", "1", str(f), "--declarer", asked, "--hands")
        by_seat = Run("select", "--jobs", "1", str(f), "--tag", "Table=1", "--declarer", "N", "--hands")
        assert hands.out == by_seat.out and hands.out.count("\nhand ") > 0


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('"José" = ["Joe"]\n"Jo" = ["joe"]', "players.Jo: 'joe' is already a spelling of 'José'"),
        ('"José" = ["Joe"]\n"jose" = "Pepe"', "players.jose: 'jose' is already a spelling of 'José'"),
        ('"José" = 3', 'must be a name = "other spelling", or a list of them'),
        ('"José" = ["Joe", ""]', 'must be a name = "other spelling", or a list of them'),
    ],
)
def test_a_players_table_that_says_two_things_is_refused(tmp_path: Path, table: str, message: str) -> None:
    house = tmp_path / "h.toml"
    house.write_text(f'[profile]\nname = "h"\nbase = "42"\n[players]\n{table}\n', encoding="utf-8")
    with pytest.raises(HouseRuleError, match=message):
        load_players(house)
    run = Run("stats", "--rules", str(house), str(WEEKS[0]))
    assert run.code == 2 and message in run.err and run.out == ""
