"""The bundled samples: legal records check clean, each broken record reports exactly
the diagnostics its ``; expect:`` lines name, and bad input never ends in a traceback."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.codes import CATALOG

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
LEGAL = sorted((SAMPLES / "legal").glob("*.42"))
BROKEN = sorted((SAMPLES / "broken").glob("*.42"))
EXPECT_RX = re.compile(r"^; expect: ([SEW]\d{3}) (\d+):(\d+)\s*$")
ENV = {"COLUMNS": "120", "TERM": "dumb", "NO_COLOR": "1"}

Where = tuple[str, int, int]

# Codes that no text record can produce, with the reason.  Everything else in the
# catalogue must be expected by a sample or produced by a test named in NAMED_TESTS.
NOT_FROM_TEXT: dict[str, str] = {
    "E409": "replay reports a missing auction (E208) or trump (E305) before any play; only the engine API (Hand.check_play) gives E409",
    "S016": "an internal error: only a bug in the referee gives it (tests/cli/test_containment.py forces one)",
    "S017": "another program's record that cannot be decoded (convert --from mk5|luke|...; tests/peers/)",
    "S018": "a record refused by another program's format (convert --to mk5|luke|...; tests/peers/)",
    "W107": "what a reader of another program's format inferred (tests/peers/)",
}
# Codes of the special contracts (nello, plunge, splash, sevens), added to the catalogue
# while these samples were written and not yet given samples of their own.
PENDING: dict[str, str] = {
    code: "special contracts: work in progress, no sample yet" for code in ("E210", "E211", "E212", "E213", "E410", "E411")
}
NAMED_TESTS: dict[str, str] = {
    "S006": "test_binary_and_non_utf8_input_is_s006",
    "S007": "test_empty_file_is_s007",
    "S012": "test_bad_json_document_is_s012",
    "S013": "test_a_number_too_long_is_s013",
    "S014": "test_a_file_that_cannot_be_read_is_s014",
    "S015": "test_a_record_too_long_is_s015",
    "W104": "test_h2_many_diagnostics_of_one_code_fold_into_w104",
    "W105": "test_analyze_notes_a_hand_without_its_deal_w105",
    "W106": "test_irregularities_ruled_at_the_table_are_w106_notes",
}

# Samples whose expectations document the right behaviour while the referee gets it wrong.
KNOWN_BUGS: dict[str, str] = {}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env=ENV, color=False)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def check_json(path: Path | str) -> tuple[int, list[dict[str, object]]]:
    """Exit status and the diagnostic objects of ``referee check --format json``."""
    status, output = run("check", "--format", "json", str(path))
    lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    assert lines and lines[-1]["type"] == "summary"
    assert lines[-1]["exit"] == status
    return status, [d for d in lines if d["type"] == "diagnostic"]


def where(d: dict[str, object]) -> Where:
    at = d["at"]
    assert isinstance(at, dict), d
    return str(d["code"]), int(at["line"]), int(at["column"])


def expectations(path: Path) -> list[Where]:
    """The ``; expect: CODE LINE:COL`` lines at the top of a broken sample."""
    out: list[Where] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("; expect:"):
            m = EXPECT_RX.match(line)
            assert m, f"{path.name}: malformed expectation {line!r}"
            out.append((m.group(1), int(m.group(2)), int(m.group(3))))
    return out


def expected_status(codes: list[str]) -> int:
    infos = [CATALOG[c] for c in codes]
    if any(i.syntax and i.severity == "error" for i in infos):
        return 2
    return 1 if any(i.severity == "error" for i in infos) else 0


# -- the sample files ------------------------------------------------------------------------


def test_the_samples_are_there() -> None:
    names = {p.name for p in LEGAL}
    assert {"42-game.42", "moon-game.42", "88-game.42", "42-hand-log.42"} <= names
    assert len(BROKEN) >= 40
    assert (SAMPLES / "README.md").is_file()


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_sample_checks_clean(path: Path) -> None:
    status, diagnostics = check_json(path)
    assert diagnostics == []
    assert status == 0


@pytest.mark.parametrize(
    ("path", "rules", "winner"),
    [("42-game.42", "42", "NS"), ("moon-game.42", "moon", "B"), ("88-game.42", "88", "ACE")],
)
def test_legal_games_are_complete_games(path: str, rules: str, winner: str) -> None:
    status, output = run("score", "--format", "json", str(SAMPLES / "legal" / path))
    assert status == 0
    (doc,) = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    assert (doc["rules"], doc["winner"], doc["errors"]) == (rules, winner, 0)


def test_shorthand_42_game_shows_the_notation_range() -> None:
    """The shorthand 42 sample is meant to show the notation: keep those features in it."""
    text = (SAMPLES / "shorthand" / "42-game.42").read_text(encoding="utf-8")
    for feature in ("[Event ", "[Date ", "[North ", "{", "; ", " / ", "=> ", "claim", "result ", "award ", "score "):
        assert feature in text, feature
    assert re.search(r"(?m)^  bid \d", text), "a hand without seat labels"
    assert re.search(r"(?m)^  bid (\w pass,? ?){4}", text), "a thrown-in hand"


def test_hand_log_samples_are_logs() -> None:
    for name in ("42-hand-log.42", "42-points-log.42"):
        status, output = run("check", "--quiet", str(SAMPLES / "legal" / name))
        assert status == 0
        assert "0 games" in output, output  # every hand is a record of its own


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[p.name])) if p.name in KNOWN_BUGS else p for p in BROKEN],
    ids=lambda p: p.name,
)
def test_broken_sample_reports_exactly_what_it_expects(path: Path) -> None:
    expected = expectations(path)
    assert expected, f"{path.name} has no `; expect:` lines"
    status, diagnostics = check_json(path)
    assert Counter(where(d) for d in diagnostics) == Counter(expected)
    assert status == expected_status([code for code, _, _ in expected])


def test_every_reachable_code_is_covered() -> None:
    assert set(NOT_FROM_TEXT).isdisjoint(NAMED_TESTS)
    in_samples = {code for p in BROKEN for code, _, _ in expectations(p)}
    for name in NAMED_TESTS.values():
        assert callable(globals().get(name)), name
    missing = set(CATALOG) - in_samples - set(NAMED_TESTS) - set(NOT_FROM_TEXT) - set(PENDING)
    assert missing == set()
    assert set(NOT_FROM_TEXT) <= set(CATALOG)
    assert not (set(NOT_FROM_TEXT) & in_samples), "an allowlisted code is reachable after all"


def test_irregularities_ruled_at_the_table_are_w106_notes() -> None:
    """The league's round 2: a renege ruled, a misdeal, a lead out of turn accepted; each is
    a note at its line, and the ruled renege is no E404."""
    status, diagnostics = check_json(SAMPLES / "league" / "week2.42")
    assert status == 0
    assert [(d["code"], where(d)[1]) for d in diagnostics] == [("W106", 58), ("W106", 164), ("W106", 207)]
    assert "EW lose the hand (renege=lose-hand)" in str(diagnostics[0]["message"])


def test_broken_hand_in_the_middle_leaves_its_neighbours_checked() -> None:
    _, diagnostics = check_json(SAMPLES / "broken" / "42-broken-hand-in-middle.42")
    # A hand log: each hand is a record of its own, so "game" counts the hands.
    # in line order: hand 2's note at its first line, then its syntax error, then hand 3's renege
    assert [(d["code"], d["game"]) for d in diagnostics] == [("W103", 2), ("S001", 2), ("E404", 3)]


def test_check_samples_directory_lists_every_broken_file() -> None:
    status, output = run("check", "--quiet", str(SAMPLES))
    assert status == 2
    for p in BROKEN + LEGAL:
        assert str(p) in output


# -- bad input through the command line ---------------------------------------------------


def assert_clean_failure(output: str, file: Path, code: str) -> None:
    assert "Traceback" not in output
    assert f"[{code}]" in output, output
    assert re.search(rf"{re.escape(str(file))}:\d+:\d+", output), output


def test_empty_file_is_s007(tmp_path: Path) -> None:
    f = tmp_path / "empty.42"
    f.write_bytes(b"")
    status, output = run("check", str(f))
    assert status == 2
    assert "Traceback" not in output
    assert "error[S007]: no games or hands in" in output
    assert f"--> {f}" in output  # S007 has no line:col: there is nothing to point at


def test_comments_only_is_s007(tmp_path: Path) -> None:
    f = tmp_path / "notes.42"
    f.write_text("; nothing but a comment\n{ and another }\n", encoding="utf-8")
    status, diagnostics = check_json(f)
    assert status == 2
    assert [d["code"] for d in diagnostics] == ["S007"]


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, 1),  # binary junk
        ("hand 1 dealer N\n  deal N 6-6 5-5 caf\xe9\n".encode("latin-1"), 2, 21),  # Latin-1, not UTF-8
        (b"hand 1\n  play N 6-6\x00\n", 2, 13),  # a NUL byte in otherwise good text
    ],
    ids=["binary", "latin-1", "nul"],
)
def test_binary_and_non_utf8_input_is_s006(tmp_path: Path, data: bytes, line: int, column: int) -> None:
    f = tmp_path / "bad.42"
    f.write_bytes(data)
    status, diagnostics = check_json(f)
    assert status == 2
    assert [where(d) for d in diagnostics] == [("S006", line, column)]
    status, output = run("check", str(f))
    assert_clean_failure(output, f, "S006")


def test_h2_many_diagnostics_of_one_code_fold_into_w104(tmp_path: Path) -> None:
    """The review's H2: 2,000 repeated tags on one line printed 72 MB.  Now 20 of them
    and a note counting the rest, each line quoted around its caret; the summary counts all."""
    f = tmp_path / "tags.42"
    f.write_text('[Rules "42"] ' + '[Event "x"] ' * 2000 + "\nhand 1\n", encoding="utf-8")
    status, output = run("check", str(f))
    assert status == 1  # S009 is a warning; E208 (no auction) the only error
    assert len(output) < 20_000
    assert output.count("warning[S009]") == 20
    assert "note[W104]: … and 1,979 more S009 in this record" in output
    assert output.rstrip().endswith("1 file, 1 game, 1 hand: 1 error, 1,999 warnings, 1 note")  # W103 is a note
    status, diagnostics = check_json(f)
    assert Counter(d["code"] for d in diagnostics) == {"S009": 20, "W104": 1, "E208": 1, "W103": 1}


def test_random_bytes_are_refused_cleanly(tmp_path: Path) -> None:
    f = tmp_path / "noise.42"
    f.write_bytes(random.Random(42).randbytes(10_000))
    status, output = run("check", str(f))
    assert status == 2
    assert_clean_failure(output, f, "S006")


def test_s006_points_at_the_first_bad_byte(tmp_path: Path) -> None:
    f = tmp_path / "bad.42"
    f.write_bytes(b"hand 1\n\xff\x00\n")
    _, diagnostics = check_json(f)
    assert [where(d) for d in diagnostics] == [("S006", 2, 1)]


@pytest.mark.parametrize(
    ("text", "code", "line", "column"),
    [
        ("hand 1 dealer N\n  play N 6-1 E 3-", "S001", 2, 16),  # truncated in the middle of a tile
        ("hand 1 dealer N\n  bid E 30, S", "S001", 2, 13),  # truncated after a seat
        ("hand 1 dealer N\n  deal N 7-2 6-6\n", "S002", 2, 10),
        ('[Rules "texas"]\nhand 1\n', "S004", 1, 1),
    ],
    ids=["truncated-tile", "truncated-call", "tile-7-2", "unknown-rules"],
)
def test_bad_text_exits_2_with_a_placed_diagnostic(tmp_path: Path, text: str, code: str, line: int, column: int) -> None:
    f = tmp_path / "bad.42"
    f.write_text(text, encoding="utf-8")
    status, diagnostics = check_json(f)
    assert status == 2
    assert (code, line, column) in [where(d) for d in diagnostics]
    status, output = run("check", str(f))
    assert status == 2
    assert_clean_failure(output, f, code)


def test_unknown_rules_option_on_the_command_line_is_a_usage_error() -> None:
    status, output = run("check", "--rules", "43", str(SAMPLES / "legal" / "42-hand-log.42"))
    assert status == 2
    assert "Traceback" not in output
    assert "--rules: unknown profile '43'" in output


def test_wrong_rules_profile_for_the_record_is_reported_not_crashed(tmp_path: Path) -> None:
    """A Moon hand judged as 42 (no [Rules] tag): seats A B C do not exist in 42."""
    hand = (SAMPLES / "legal" / "moon-game.42").read_text(encoding="utf-8").split("\n\n")[1]
    f = tmp_path / "moon-hand.42"
    f.write_text(hand + "\n", encoding="utf-8")
    status, output = run("check", str(f))
    assert status == 2
    assert_clean_failure(output, f, "S010")


def test_missing_file_is_a_usage_error() -> None:
    status, output = run("check", "no/such/file.42")
    assert status == 2
    assert "no/such/file.42: no such file or directory" in output


def test_bad_json_document_is_s012(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_text('{"format": "referee-record", "version": 1, "record": {"hands": "many"}}\n', encoding="utf-8")
    status, output = run("convert", "--from", "json", "--to", "text", str(f))
    assert status == 2
    assert "[S012]" in output and "Traceback" not in output
    f.write_text("not json at all\n", encoding="utf-8")
    status, output = run("convert", "--from", "json", "--to", "text", str(f))
    assert status == 2
    assert "[S012]" in output and "Traceback" not in output


# -- behaviour found wrong while writing the samples ---------------------------------------


def test_claim_without_a_deal_credits_the_unplayed_counters(tmp_path: Path) -> None:
    # 42-claim-not-verified.42 with its result and award written: NS took 14 points in
    # five tricks and claim the last two, with 6-4 and 5-5 still out: 14 + 2 + 20 = 36.
    text = (SAMPLES / "broken" / "42-claim-not-verified.42").read_text(encoding="utf-8")
    f = tmp_path / "claim.42"
    f.write_text(text + "  result NS 36 made\n  award NS 1\n", encoding="utf-8")
    status, diagnostics = check_json(f)
    assert [d["code"] for d in diagnostics] == ["W101"]
    assert status == 0


def test_a_hand_stopped_by_an_error_gets_the_w103_note() -> None:
    _, diagnostics = check_json(SAMPLES / "broken" / "42-play-out-of-turn.42")
    assert [d["code"] for d in diagnostics] == ["W103", "E401"]  # in line order: the note is at the hand's first line


def test_an_unknown_tag_is_a_warning_and_kept(tmp_path: Path) -> None:
    f = tmp_path / "tag.42"
    f.write_text('[Rulse "42"] [Mode "log"]\nhand 1\n  bid N pass, E pass, S pass, W pass\n', encoding="utf-8")
    status, diagnostics = check_json(f)
    assert status == 0 and [where(d) for d in diagnostics] == [("S003", 1, 1)]
    assert diagnostics[0]["severity"] == "warning" and diagnostics[0]["hint"] == "did you mean `Rules`?"


def test_a_number_too_long_is_s013(tmp_path: Path) -> None:
    f = tmp_path / "long.42"
    f.write_text("hand " + "9" * 5000 + " dealer N\n  bid N pass\n", encoding="utf-8")
    status, diagnostics = check_json(f)
    assert status == 2 and [where(d) for d in diagnostics][:2] == [("W103", 1, 1), ("S013", 1, 6)]


def test_a_file_that_cannot_be_read_is_s014(tmp_path: Path) -> None:
    from referee.notation.reader import read_records

    [result] = read_records(tmp_path)  # a directory opened as a file
    assert result.record is None and [d.code for d in result.diagnostics] == ["S014"]
    assert result.diagnostics[0].message.startswith(f"cannot read {tmp_path}: ")
    assert result.diagnostics[0].code.exit_status == 2


def test_a_record_too_long_is_s015(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.notation import scanner

    monkeypatch.setattr(scanner, "MAX_CHUNK", 1000)
    f = tmp_path / "long.42"
    f.write_text("hand 1\n  deal N " + "6-6 " * 1000 + "\nhand 2\n  bid N pass, E pass, S pass, W pass\n", encoding="utf-8")
    status, diagnostics = check_json(f)
    assert status == 2 and [d["code"] for d in diagnostics] == ["S015"]
    assert where(diagnostics[0]) == ("S015", 1, 1)


def test_a_claim_after_a_tile_not_held_is_unverified_in_honest_words(tmp_path: Path) -> None:
    """A forced play of a tile its player did not hold (E402, applied) leaves uneven hands,
    which the solver refuses: the claim is W101, saying so, and nothing is guessed."""
    f = tmp_path / "claim.42"
    f.write_text(
        "hand 1 dealer W\n"
        "  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"
        "       E 5-5 5-4 5-3 5-2 5-1 5-0 4-4\n"
        "       S 4-3 4-2 4-1 4-0 3-3 3-2 3-1\n"
        "       W 3-0 2-2 2-1 2-0 1-1 1-0 0-0\n"
        "  bid N 42, E pass, S pass, W pass\n"
        "  trump sixes\n"
        "  play N 6-6 E 5-5 S 0-0 W 3-0\n"
        "  claim\n",
        encoding="utf-8",
    )
    status, diagnostics = check_json(f)
    assert [where(d) for d in diagnostics] == [("E402", 8, 20), ("W101", 9, 3)]
    message = str(diagnostics[1]["message"])
    assert message == (
        "the claim is not verified: the hands left are uneven (a tile was played that its player did not hold), "
        "so the rest cannot be searched"
    )
    assert status == 1


def test_analyze_notes_a_hand_without_its_deal_w105() -> None:
    """W105 comes from `referee analyze`, not `check`: a hand it cannot solve is a note at its `hand` line."""
    status, output = run("analyze", "--format", "json", "--hand", "2", str(SAMPLES / "legal" / "42-hand-log.42"))
    lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    notes = [d for d in lines if d["type"] == "diagnostic"]
    assert status == 0 and [where(d) for d in notes] == [("W105", 22, 1)]
    assert notes[0]["severity"] == "note" and "its deal is not recorded" in str(notes[0]["message"])


def test_a_target_in_points_under_marks_scoring_suggests_the_scoring(tmp_path: Path) -> None:
    """`[Target "250 points"]` under marks scoring names the option that plays to it (issue 29)."""
    f = tmp_path / "target.42"
    f.write_text('[Rules "42"] [Target "250 points"]\n\nhand 1 dealer W\n  bid N 30, E pass, S pass, W pass\n', encoding="utf-8")
    _, diagnostics = check_json(f)
    (target,) = [d for d in diagnostics if d["code"] == "S008"]
    assert target["message"] == "the target is in points but these rules score marks"
    assert target["hint"] == 'to play to 250 points, score by points: [Options "scoring=points"]'
    f.write_text(
        '[Rules "42"] [Options "scoring=points"] [Target "250 points"]\n\nhand 1 dealer W\n  bid N 30, E pass, S pass, W pass\n',
        encoding="utf-8",
    )
    assert not [d for d in check_json(f)[1] if d["code"] == "S008"]  # as the hint says
