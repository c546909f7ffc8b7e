"""Tags after the hands (issue 29, item 3): ``[Winner]``, ``[Status]`` or ``[Termination]``
written after the last hand belong to the record above, as PGN's result follows the
moves; a header with any other tag starts a new record, as it always did."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.games import make_rules
from referee.judging.replay import Referee
from referee.notation.reader import ReadResult, read_records, read_text
from referee.notation.record import GameRecord
from referee.notation.units import cut_units, read_unit
from referee.notation.writer import format_game, format_records
from referee.play.simulate import simulate_games

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "legal"
HAND = "hand 1 dealer N\n  bid E pass, S pass, W pass, N 30\n  trump sixes\n  claim\n"
HAND_2 = HAND.replace("hand 1 dealer N", "hand 2 dealer E").replace("bid E pass, S pass, W pass, N 30", "bid S 30, W pass, N pass, E pass")


def _moved(text: str) -> tuple[str, str]:
    """The sample with its ``[Winner]`` line moved after the hands, and that line."""
    line = re.search(r'^\[Winner "[^"]*"\]\n', text, re.M)
    assert line is not None
    return text.replace(line.group(), "").rstrip("\n") + "\n\n" + line.group(), line.group().strip()


def _records(text: str) -> list[GameRecord]:
    results = list(read_text(text, "t.42"))
    assert all(r.record is not None for r in results)
    return [r.record for r in results if r.record is not None]


def _codes(result: ReadResult) -> list[str]:
    return [d.code for d in result.diagnostics]


@pytest.mark.parametrize(("sample", "rules"), [("42-game.42", "42"), ("moon-game.42", "moon"), ("88-game.42", "88")])
def test_a_winner_after_the_hands_belongs_to_the_game(sample: str, rules: str) -> None:
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    moved, winner = _moved(text)
    [record] = _records(moved)
    [original] = _records(text)
    assert record == original  # the same game, the Winner among its tags
    span = record.tag_at("Winner")
    assert record.source is not None and span is not None
    assert record.source.line_text(record.source.span(span).line) == winner
    verdict = Referee(rules).judge(record, file="t.42")
    assert verdict.diagnostics == [] and verdict.winner == record.tag("Winner")
    assert format_game(record) == format_game(original)  # fmt writes it back in the header


def test_the_docs_example_checks_clean_and_fmt_moves_the_trailer_into_the_header() -> None:
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = page[page.index("### Tags after the hands") :]
    m = re.search(r"```text\n(.*?)```", section, re.S)
    assert m is not None
    [record] = _records(m.group(1))
    assert record.tag("Winner") == "NS" and Referee("42").judge(record).diagnostics == []
    written = format_game(record)
    assert written.index("[Winner") < written.index("hand 1")
    assert _records(written) == [record]


def test_check_reads_the_moon_game_with_its_winner_after_the_hands(tmp_path: Path) -> None:
    moved, _ = _moved((SAMPLES / "moon-game.42").read_text(encoding="utf-8"))
    path = tmp_path / "moon.42"
    path.write_text(moved, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert "1 game, 11 hands: 0 errors, 0 warnings" in result.output


def test_a_wrong_winner_after_the_hands_is_reported_on_its_line() -> None:
    moved, _ = _moved((SAMPLES / "42-game.42").read_text(encoding="utf-8"))
    [record] = _records(moved.replace('[Winner "NS"]', '[Winner "EW"]'))
    [e504] = Referee("42").judge(record, file="t.42").diagnostics
    place = e504.resolve(record.source).at
    assert e504.code == "E504" and place is not None and place.line == moved.count("\n")


def test_two_games_each_with_its_trailer() -> None:
    text = '[Event "one"]\n\n' + HAND + '\n[Winner "NS"]\n[Termination "normal"]\n\n[Event "two"]\n\n' + HAND + '\n[Winner "EW"]\n'
    one, two = _records(text)
    assert [(t.name, t.value) for t in one.tags] == [("Event", "one"), ("Winner", "NS"), ("Termination", "normal")]
    assert [(t.name, t.value) for t in two.tags] == [("Event", "two"), ("Winner", "EW")]
    assert [len(one.hands), len(two.hands)] == [1, 1]
    assert _records("".join(format_records([one, two]))) == [one, two]


@pytest.mark.parametrize(
    "after",
    [
        '[Winner "NS"]\n[Event "two"]\n',  # no blank line: one header, as it always was
        '[Winner "NS"]\n\n[Status "finished"]\n',  # only trailer tags, then a hand
        '[Winner "NS"] [Event "two"]\n',
        '[Event "two"]\n\n[Winner "NS"]\n',
        '[Winnr "NS"]\n\n[Event "two"]\n',  # an unknown tag is not a trailer's
    ],
)
def test_tag_lines_followed_by_a_hand_start_a_new_game_as_before(after: str) -> None:
    one, two = _records('[Event "one"]\n' + HAND + "\n" + after + HAND)
    assert [t.name for t in one.tags] == ["Event"]
    assert len(two.hands) == 1 and len(two.tags) == after.count("[")


def test_a_trailer_followed_by_a_blank_line_and_a_header() -> None:
    one, two = _records('[Event "one"]\n' + HAND + '\n[Winner "NS"]\n\n[Status "finished"]\n\n; game two\n[Event "two"]\n' + HAND)
    assert [(t.name, t.value) for t in one.tags] == [("Event", "one"), ("Winner", "NS"), ("Status", "finished")]
    assert [t.name for t in two.tags] == ["Event"] and two.tags[0].comments == ("game two",)


def test_a_log_trailer_belongs_to_its_last_hand() -> None:
    first, second = _records('[Rules "42"] [Mode "log"]\n' + HAND + HAND_2 + '[Status "unfinished"]  ; still playing\n')
    assert first.tag("Status") is None
    assert second.tag("Status") == "unfinished" and second.tag("Mode") == "log"
    assert second.tags[-1].after == ("still playing",)
    assert _records("".join(format_records([first, second]))) == [first, second]


def test_tags_after_a_hand_log_without_a_header_start_a_new_record_as_before() -> None:
    log, game = _records(HAND + '[Winner "NS"]\n')
    assert log.tags == [] and [t.name for t in game.tags] == ["Winner"] and game.hands == []


def test_problems_of_a_trailer_are_the_games() -> None:
    [result] = list(read_text('[Winner "NS"]\n' + HAND + '\n[Winner "EW"]\n[Status unfinished]\n[Status "over"]\n', "t.42"))
    assert result.record is not None and [t.value for t in result.record.tags] == ["NS", "EW", "over"]
    diagnostics = [d.resolve(result.record.source) for d in result.diagnostics]
    assert [(d.code, d.at.line if d.at else 0) for d in diagnostics] == [("S009", 7), ("S008", 9), ("S001", 8)]
    assert "in the header and after the hands" in diagnostics[0].message


def test_a_comment_above_the_trailer_stays_with_its_tag() -> None:
    [record] = _records('[Event "one"]\n' + HAND + '\n; the last hand decided it\n[Winner "NS"]\n; the end\n')
    assert record.tags[-1].comments == ("the last hand decided it",)
    assert record.trailing_comments == ("the end",)
    written = format_game(record)
    assert written.index("; the last hand decided it\n[Winner") < written.index("hand 1")


def test_units_cut_a_file_with_trailers_as_the_whole_file_reads(tmp_path: Path) -> None:
    game = '[Event "g"]\n' + HAND + HAND_2 + '\n[Winner "NS"]\n\n'
    log = '[Rules "42"] [Mode "log"]\n' + HAND + HAND_2 + '[Status "unfinished"]\n\n'
    path = tmp_path / "many.42"
    path.write_text(game * 3 + log + game + log.rstrip("\n") + "\n", encoding="utf-8")
    whole = [(r.record, [d.code for d in r.diagnostics]) for r in read_records(path)]
    units = list(cut_units(str(path), str(path), hands=1))
    assert len(units) > 3
    cut = [(r.record, [d.code for d in r.diagnostics]) for unit in units for r in read_unit(unit)]
    assert cut == whole
    assert [r.tag("Winner") or r.tag("Status") for r, _ in whole if r is not None] == [
        "NS",
        "NS",
        "NS",
        None,
        "unfinished",
        "NS",
        None,
        "unfinished",
    ]


def _trailed(profile: str, games: int) -> str:
    """Simulated games with their ``[Winner]`` (and a ``[Termination]``) after the hands."""
    out = []
    for record in simulate_games(make_rules(profile), games, seed=3):
        text, winner = _moved(format_game(record)) if record.tag("Winner") else (format_game(record), "")
        out.append(text + ('[Termination "normal"]  ; over\n' if winner else ""))
    return "\n".join(out)


@pytest.mark.parametrize("size", [1, 4, 25])
def test_units_of_simulated_games_with_trailers_read_like_the_whole_file(size: int, tmp_path: Path) -> None:
    broken = (SAMPLES.parent / "broken" / "42-winner-wrong.42").read_text(encoding="utf-8")
    log = '[Rules "42"] [Mode "log"]\n' + HAND + HAND_2 + '[Status "unfinished"]\n'
    text = "\n".join([_trailed("42", 3), broken, log, _trailed("moon", 2), log, _trailed("88", 2), broken])
    path = tmp_path / "in.42"
    path.write_text(text, encoding="utf-8")
    whole = list(read_records(path))
    assert sum(1 for r in whole if r.record is not None and r.record.tag("Termination") == "normal") >= 7
    units = list(cut_units(str(path), str(path), size))
    assert len(units) > 1
    pieces = [r for u in units for r in read_unit(u)]
    assert pieces == whole
    for a, b in zip(pieces, whole, strict=True):
        if a.record is not None and b.record is not None:
            assert [d.resolve(a.record.source) for d in a.diagnostics] == [d.resolve(b.record.source) for d in b.diagnostics]


def _fed(text: str, take: bool) -> list[tuple[GameRecord | None, list[tuple[str, str]]]]:
    """The records of ``text`` with every chunk given to ``Assembler.feed`` (``take``: a hand
    first offered to ``Assembler.take``, as the reader does), with their diagnostics' places."""
    from referee.notation.assemble import Assembler
    from referee.notation.scanner import Chunk, chunks

    asm = Assembler("x.42")
    results: list[ReadResult] = []
    for item in chunks([text]):
        assert isinstance(item, Chunk)
        done = asm.take(item) if take else False
        if done is False:
            results.extend(asm.feed(item))
        elif done is not None:
            results.append(done)
    results.extend(asm.finish())
    out = []
    for r in results:
        source = r.record.source if r.record is not None else None
        places = [(str(d.code), d.resolve(source).location() if source is not None else "") for d in r.diagnostics]
        out.append((r.record, places))
    return out


_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(Path("samples").rglob("*.42"))] + [
    '[Rules "42"]\nhand 1\n  claim\n[Winner "NS"]\n',
    '[Rules "42"]\n[Mode "log"]\nhand 1\n  claim\nhand 2\n  claim\n[Winner "NS"]\n',
    "hand 1\n  claim\nhand 2\n  deal N 7-2\n",
    "junk first\nhand 1\n  claim\n",
    '; a comment\n[Rules "42"]\nhand 1 ; after\n  claim\n{ a brace }\nhand 2\n  claim\n',
]


@pytest.mark.parametrize("k", range(len(_TEXTS)))
def test_taking_hands_without_a_generator_assembles_as_feeding_them(k: int) -> None:
    text = _TEXTS[k]
    if "\x00" in text:
        pytest.skip("a NUL ends the text before the assembler")
    assert _fed(text, True) == _fed(text, False)
