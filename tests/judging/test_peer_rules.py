"""Records played under the other programs' rules (issue 27, item 4), judged: each is
clean under its option, named in its header, and refused where it breaks the default
rule.  The deal is samples/legal/42-plunge-made.42's (N holds five doubles)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.games import make_rules
from referee.judging.replay import judge
from referee.notation.reader import read_text
from referee.notation.record import GameRecord
from referee.play.simulate import simulate_games

runner = CliRunner()

DEAL = """\
  deal N 6-6 6-5 5-5 5-0 2-1 1-1 0-0
       E 6-3 6-2 4-3 3-2 2-2 2-0 1-0
       S 5-2 5-1 4-4 4-2 4-1 3-3 3-1
       W 6-4 6-1 6-0 5-4 5-3 4-0 3-0
"""

HANDS = {
    # S names trump after N's plunge and leads, as mk5 plays it; NS take every trick.
    "plunge-lead=partner": """hand 1 dealer N
{deal}  bid E pass, S pass, W pass, N 168 plunge
  trump aces by S
  play S 5-2 W 5-4 N 6-5 E 6-3
       N 6-6 E 6-2 S 5-1 W 6-4
       S 4-4 W 4-0 N 5-5 E 4-3
       S 4-2 W 6-1 N 1-1 E 3-2
       N 5-0 E 2-2 S 4-1 W 5-3
       S 3-3 W 3-0 N 2-1 E 2-0
       N 0-0 E 1-0 S 3-1 W 6-0
  result NS 42 made
  award NS 4
""",
    # LukeConran's ladder: E raises N's 84 straight to 168, and is set at the first trick.
    "mark-bids=after-84": """hand 1 dealer W
{deal}  bid N 84, E 168, S pass, W pass
  trump sixes
  play E 6-3 S 5-2 W 6-4 N 6-6
  result EW 0 set
  award NS 4
""",
    # The first lead is a trump: N names fives and leads 5-0; EW set the 30.
    "opening-lead=trump": """hand 1 dealer W
{deal}  bid N 30, E pass, S pass, W pass
  trump fives
  play N 5-0 E 6-3 S 5-2 W 5-4
       W 6-4 N 6-6 E 6-2 S 5-1
       S 4-4 W 4-0 N 6-5 E 4-3
       N 5-5 E 3-2 S 4-2 W 5-3
       N 2-1 E 2-2 S 4-1 W 6-1
       E 2-0 S 3-3 W 6-0 N 1-1
  result NS 28 set
  award EW 1
""",
    # E delves over N's 30, and is set at the first trick.
    "delve=on": """hand 1 dealer W
{deal}  bid N 30, E 294, S pass, W pass
  trump sixes
  play E 6-3 S 5-2 W 6-4 N 6-6
  result EW 0 set
  award NS 7
""",
    # Forced Nil: W, the dealer, is forced after three passes, bids 42 and calls nello.
    "nello=on nello-marks=2 forced-nello=on all-pass=forced": """hand 1 dealer W
{deal}  bid N pass, E pass, S pass, W 42
  trump nello
  play W 6-4 N 6-5 S 5-2
       N 6-6 S 4-4 W 6-1
       N 5-5 S 3-3 W 6-0
       N 5-0 S 5-1 W 5-4
  result EW set
  award NS 1
""",
    # VAB's auction: N and E bid again after S and W pass.
    "auction=until-one-left": """hand 1 dealer W
{deal}  bid N 30, E 31, S pass, W pass, N 32, E pass
  trump fives
  play N 6-6 E 6-3 S 5-2 W 6-4
       S 5-1 W 5-4 N 6-5 E 6-2
       N 5-5 E 4-3 S 4-4 W 5-3
       N 5-0 E 3-2 S 4-2 W 6-1
  result NS 34 made
  award NS 1
""",
}

WITHOUT = {
    "plunge-lead=partner": ("plunge=on", "E401"),
    "mark-bids=after-84": ("", "E204"),
    "opening-lead=trump": ("", None),
    "delve=on": ("", "E204"),
    "nello=on nello-marks=2 forced-nello=on all-pass=forced": ("nello=on nello-marks=2 all-pass=forced", "E212"),
    "auction=until-one-left": ("", "E209"),
}
"""The same hand under the default rule: the options it keeps, and the error it then has."""


def record(options: str, hand: str) -> GameRecord:
    header = '[Rules "42"]\n[Mode "log"]\n' + (f'[Options "{options}"]\n' if options else "")
    [read] = read_text(header + "\n" + hand.format(deal=DEAL))
    assert read.record is not None
    return read.record


def errors(options: str, hand: str) -> list[str]:
    return [str(d.code) for d in judge(record(options, hand)).diagnostics if d.is_error]


@pytest.mark.parametrize("options", list(HANDS))
def test_the_record_is_clean_under_its_option(options: str) -> None:
    full = f"plunge=on {options}" if options.startswith("plunge-lead") else options
    assert errors(full, HANDS[options]) == []


@pytest.mark.parametrize("options", list(HANDS))
def test_the_record_breaks_the_default_rule(options: str) -> None:
    kept, code = WITHOUT[options]
    found = errors(kept, HANDS[options])
    assert (code in found) if code is not None else found == []


def test_a_non_trump_opening_lead_is_refused_with_the_option() -> None:
    """samples/broken/42-opening-lead-not-trump.42: N leads 6-6 holding three fives."""
    hand = HANDS["opening-lead=trump"].split("  play")[0] + (
        "  play N 6-6 E 6-3 S 5-2 W 6-4\n"
        "       S 5-1 W 5-4 N 6-5 E 6-2\n"
        "       N 5-5 E 4-3 S 4-4 W 5-3\n"
        "       N 5-0 E 3-2 S 4-2 W 6-1\n"
        "  result NS 34 made\n"
        "  award NS 1\n"
    )
    assert errors("", hand) == []
    assert errors("opening-lead=trump", hand) == ["E414"]


def test_a_forced_nello_needs_the_forced_dealer() -> None:
    """N bids 42 first: nobody was forced, and nello on 2 marks refuses the bid."""
    hand = HANDS["nello=on nello-marks=2 forced-nello=on all-pass=forced"]
    moved = hand.replace("bid N pass, E pass, S pass, W 42", "bid N 42, E pass, S pass, W pass")
    assert "E212" in errors("nello=on nello-marks=2 forced-nello=on all-pass=forced", moved)


def test_an_open_auction_left_unfinished_says_who_is_still_to_call() -> None:
    hand = HANDS["auction=until-one-left"].replace(", N 32, E pass", ", N 32")
    [diagnostic] = [d for d in judge(record("auction=until-one-left", hand)).diagnostics if d.is_error]
    assert (diagnostic.code, diagnostic.message) == ("E208", "the auction stops with 1 player still to call")


def test_the_options_come_from_the_command_line_or_a_house_rule_file(tmp_path: Path) -> None:
    path = tmp_path / "luke.42"
    path.write_text('[Rules "42"]\n[Mode "log"]\n\n' + HANDS["mark-bids=after-84"].format(deal=DEAL), encoding="utf-8")
    plain = runner.invoke(app, ["check", str(path)])
    assert plain.exit_code == 1 and "E204" in plain.output
    assert runner.invoke(app, ["check", str(path), "--options", "mark-bids=after-84"]).exit_code == 0
    bad = runner.invoke(app, ["check", str(path), "--options", "delve=on mark-bids=after-84"])
    assert bad.exit_code == 2 and "delve needs mark-bids=one-more" in bad.output
    house = tmp_path / "luke.toml"
    house.write_text(
        '[profile]\nname = "lukes"\nbase = "42"\n\n[options]\nmark-bids = "after-84"\nopening-lead = "trump"\n', encoding="utf-8"
    )
    path.write_text(path.read_text(encoding="utf-8").replace('[Rules "42"]', '[Rules "lukes"]'), encoding="utf-8")
    assert runner.invoke(app, ["check", "--rules", str(house), str(path)]).exit_code == 0


# -- every option, played by the bots ------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("42", {"plunge": "on", "splash": "on", "plunge-lead": "partner"}),
        ("42", {"mark-bids": "after-84"}),
        ("42", {"opening-lead": "trump"}),
        ("42", {"delve": "on"}),
        ("42", {"nello": "on", "nello-marks": "2", "forced-nello": "on", "all-pass": "forced"}),
        ("42", {"auction": "until-one-left"}),
        ("moon", {"auction": "until-one-left"}),
    ],
)
@pytest.mark.parametrize("players", ["random", "sensible"])
def test_games_the_bots_play_under_the_option_check_clean(game: str, options: dict[str, str], players: str) -> None:
    """The bots choose from the engine's legal calls and plays; written as records and
    read back, their games replay without an error under the same option."""
    for record in simulate_games(make_rules(game, options), 3, 27, players=players):
        assert [d.code for d in judge(record).diagnostics if d.is_error] == []
