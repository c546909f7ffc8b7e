"""Nothing typed at the table is lost: the journal and the record are reconciled on
open (a torn last journal line, a damaged one, a journal ahead of the record, a record
deleted or changed by hand), one table at a time holds a game, and a finished game is
refused unless a new one is started after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.live.journal import journal_path
from referee.live.table import LiveError, Table
from referee.run.lock import lock_path

ENTRIES = ["30", "pass", "pass", "pass", "sixes", "6-6", "5-5", "6-4", "6-2", "4-4"]


def played(path: Path, entries: list[str] = ENTRIES) -> str:
    with Table.open(path, dealer="W") as table:
        for entry in entries:
            assert table.enter(entry).ok
    return path.read_text(encoding="utf-8")


def test_entries_survive_a_reopen_and_the_banner_says_where(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    text = played(game)
    with Table.open(game) as table:
        assert table.resumed and table.where() == "hand 1, trick 2, E to play" and table.notes == []
        assert len(table.entries) == len(ENTRIES)
    assert game.read_text(encoding="utf-8") == text
    lines = [json.loads(line) for line in journal_path(game).read_text(encoding="utf-8").splitlines()]
    assert [line["op"] for line in lines] == ["open", *["enter"] * len(ENTRIES), "resume"]
    assert lines[-2]["entry"] == "play N 4-4" and lines[-2]["typed"] == "4-4" and lines[-2]["n"] == len(ENTRIES)


def test_refusals_and_undos_are_in_the_journal(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    with Table.open(game, dealer="W") as table:
        table.enter("30")
        table.enter("E 30")
        table.undo()
    lines = [json.loads(line) for line in journal_path(game).read_text(encoding="utf-8").splitlines()]
    assert [(line["op"], line.get("code"), line.get("n")) for line in lines] == [
        ("open", None, None),
        ("enter", None, 1),
        ("refused", "E202", None),
        ("undo", None, 0),
    ]


def test_a_torn_last_journal_line_is_dropped_with_a_note(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    text = played(game)
    journal = journal_path(game)
    whole = journal.read_bytes()
    journal.write_bytes(whole + b'{"op":"enter","v":1,"n":11,"entry":"play E')
    with Table.open(game) as table:
        assert len(table.entries) == len(ENTRIES)
        (note,) = table.notes
        torn = whole.count(b"\n") + 1
        assert note.startswith(f"{journal}:{torn}: the last line was cut short")
    assert game.read_text(encoding="utf-8") == text
    assert journal.read_bytes().startswith(whole) and journal.read_bytes().endswith(b"\n")
    assert b'"n":11' not in journal.read_bytes()


def test_a_damaged_line_in_the_middle_is_an_error_naming_it(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    played(game)
    journal = journal_path(game)
    lines = journal.read_bytes().split(b"\n")
    lines[3] = b"{not json"
    journal.write_bytes(b"\n".join(lines))
    with pytest.raises(LiveError, match=rf"{journal.name}:4: damaged line"):
        Table.open(game)
    assert not lock_path(game).exists()
    lines[3] = b'{"op":"undo","v":1,"n":2,"entry":"bid Q 99"}'
    journal.write_bytes(b"\n".join(lines))
    with pytest.raises(LiveError, match=rf"{journal.name}:4: a `undo` line that does not follow"):
        Table.open(game)


def test_a_journal_ahead_of_the_record_rewrites_it(tmp_path: Path) -> None:
    """The program stopped after journaling an entry (or an undo), before the record was
    rewritten."""
    game = tmp_path / "game.42"
    behind = played(game, ENTRIES[:-1])
    ahead = played(tmp_path / "other.42", ENTRIES)
    with Table.open(game) as table:
        table.enter(ENTRIES[-1])
    game.write_text(behind, encoding="utf-8")
    with Table.open(game) as table:
        assert table.notes == [
            f"the journal is one step ahead of {game} (the program stopped between the two writes): the record is rewritten"
        ]
    assert game.read_text(encoding="utf-8") == ahead
    with Table.open(game) as table:
        table.undo()
    game.write_text(ahead, encoding="utf-8")
    with Table.open(game) as table:
        assert len(table.notes) == 1 and len(table.entries) == len(ENTRIES) - 1
    assert game.read_text(encoding="utf-8") == behind


def test_a_record_deleted_is_rebuilt_from_its_journal(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    text = played(game)
    game.unlink()
    with Table.open(game) as table:
        assert table.notes == [f"{game} was not there: rebuilt from its journal ({len(ENTRIES)} entries)"]
        assert table.where() == "hand 1, trick 2, E to play"
    assert game.read_text(encoding="utf-8") == text


def test_a_record_changed_by_hand_is_kept(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    text = played(game)
    game.write_text(text.replace("  play N 6-6 E 5-5 S 6-4 W 6-2\n       N 4-4\n", "  play N 6-6 E 5-5 S 6-4\n"), encoding="utf-8")
    with Table.open(game) as table:
        assert table.notes == [f"{game} differs from its journal (changed by hand?): the record is kept, and the journal says so"]
        assert table.where() == "hand 1, trick 1, W to play"
    last = json.loads(journal_path(game).read_text(encoding="utf-8").splitlines()[-1])
    assert last["op"] == "open" and len(last["entries"]) == len(ENTRIES) - 2


def test_comments_typed_at_the_table_are_kept_in_the_record_and_the_journal(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    with Table.open(game, dealer="W") as table:
        assert table.enter("; Ann deals late").line() == "ok: ; Ann deals late | next: hand 1, N to bid"
        assert table.enter("30 ; N thought long").ok
        for entry in ENTRIES[1:5]:
            assert table.enter(entry).ok
        assert table.enter("6-6 ; the lead").ok
        assert table.enter("; coffee").ok
        assert table.enter("{x}").refusal is not None
        assert table.enter("; a {brace}").refusal is not None
    text = game.read_text(encoding="utf-8")
    assert "hand 1 dealer W  ; Ann deals late\n  bid N 30 {N thought long}, E pass" in text
    assert "  play N 6-6 {the lead}  ; coffee\n" in text
    assert CliRunner().invoke(app, ["fmt", "--check", str(game)]).exit_code == 0
    journal = [json.loads(line) for line in journal_path(game).read_text(encoding="utf-8").splitlines()]
    assert [line["entry"] for line in journal if line["op"] == "enter" and line["entry"].startswith(";")] == [
        "; Ann deals late",
        "; N thought long",
        "; the lead",
        "; coffee",
    ]
    with Table.open(game) as table:  # resumed: the comments are there, and the journal agrees with the record
        assert table.notes == [] and table.undo().entries == ("; coffee",)
        assert "coffee" not in game.read_text(encoding="utf-8") and "the lead" in game.read_text(encoding="utf-8")
    journal_path(game).unlink()  # from the record alone: the comments are read back with it
    with Table.open(game) as table:
        assert sum(e.startswith(";") for e in table.entries) == 3
    assert "the lead" in game.read_text(encoding="utf-8") and "Ann deals late" in game.read_text(encoding="utf-8")


def test_comments_written_into_the_record_by_hand_are_kept(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    text = played(game)
    changed = text.replace("  trump sixes\n", "  trump sixes  ; N had five of them\n")
    game.write_text(changed, encoding="utf-8")
    with Table.open(game) as table:
        assert table.notes == [f"{game} differs from its journal (changed by hand?): the record is kept, and the journal says so"]
        assert "; N had five of them" in table.entries
    assert game.read_text(encoding="utf-8") == changed


def test_a_record_changed_while_the_table_has_it_is_not_overwritten(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    with Table.open(game, dealer="W") as table:
        table.enter("30")
        game.write_text(game.read_text(encoding="utf-8") + "; a note typed in an editor\n", encoding="utf-8")
        with pytest.raises(LiveError, match="changed by another program"):
            table.enter("pass")
    assert game.read_text(encoding="utf-8").endswith("; a note typed in an editor\n")


def test_a_record_with_an_error_is_not_opened(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    text = played(game)
    journal_path(game).unlink()
    game.write_text(text.replace("E 5-5", "E 6-6"), encoding="utf-8")
    with pytest.raises(LiveError, match=r"game\.42:\d+:\d+: E403 6-6 was already played"):
        Table.open(game)


def test_the_lock_keeps_a_second_table_off_the_game(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    first = Table.open(game, dealer="W")
    with pytest.raises(LiveError, match="open in another `referee live`"):
        Table.open(game)
    first.close()
    assert not lock_path(game).exists()
    lock_path(game).write_text("12345\n")  # left by a table that died: nobody holds it
    with Table.open(game) as table:
        assert table.resumed
    assert not lock_path(game).exists()


def test_a_finished_game_is_refused_or_followed_by_a_new_one(tmp_path: Path) -> None:
    game = tmp_path / "club.42"
    with Table.open(game, dealer="W", options={"target": "1"}) as table:
        for entry in ["30", "pass", "pass", "pass", "sixes", "concede"]:
            assert table.enter(entry).ok
        assert table.over and table.state.winner == "EW"
    finished = game.read_text(encoding="utf-8")
    assert '[Winner "EW"]' in finished and "Status" not in finished
    with pytest.raises(LiveError, match="finished game; give --new-game"):
        Table.open(game)
    with Table.open(game, new_game=True, dealer="N", names={"N": "Ann"}) as table:
        assert table.where() == "hand 1, E to bid"
        assert table.enter("pass").ok
    text = game.read_text(encoding="utf-8")
    assert text.startswith(finished) and text.count("[Rules") == 2 and '[North "Ann"]' in text
    with Table.open(game) as table:
        assert table.where() == "hand 1, S to bid" and table.setup.prefix == finished
    result = CliRunner().invoke(app, ["fmt", "--check", str(game)])
    assert result.exit_code == 0, result.output
    game.unlink()
    with Table.open(game) as table:  # the games before are in the journal too
        assert table.where() == "hand 1, S to bid"
    assert game.read_text(encoding="utf-8") == text


def test_the_file_is_canonical_after_every_entry(tmp_path: Path) -> None:
    game = tmp_path / "game.42"
    with Table.open(game, dealer="W") as table:
        for entry in ENTRIES:
            table.enter(entry)
            result = CliRunner().invoke(app, ["fmt", "--check", str(game)])
            assert result.exit_code == 0, result.output
            check = CliRunner().invoke(app, ["check", str(game)])
            assert check.exit_code == 0 and "W108" in check.output


def test_a_score_sheets_game_resumes_and_undoes_like_a_played_one(tmp_path: Path) -> None:
    """--detail hands: the journal and the record agree on reopening, undo takes a hand's
    result back with the award and score the referee wrote, and the record alone rebuilds it."""
    game = tmp_path / "sheet.42"
    typed = ["N 30", "pass", "S 32", "pass", "fives", "NS 35 made", "; Bob arrives", "E 31", "set", "W 84"]
    with Table.open(game, dealer="W", detail="hands") as table:
        for entry in typed:
            assert table.enter(entry).ok, entry
        assert table.state.phase == "auction" and table.state.score == {"NS": 2, "EW": 0}
    text = game.read_text(encoding="utf-8")
    assert '[Detail "hands"]' in text and "  result NS 35 made\n  award NS 1\n  score NS 1 EW 0\n" in text
    with Table.open(game) as table:
        assert table.notes == [] and table.where() == "hand 3, N to bid"
        assert table.undo().entries == ("bid W 84",)
        assert table.undo().entries == ("result set",)  # hand 2 is open again: its award and score go with it
        assert table.where() == "hand 2, S to bid" and table.state.score == {"NS": 1, "EW": 0}  # or the result
        assert "award NS 1\n  score NS 2 EW 0" not in game.read_text(encoding="utf-8")
        assert table.enter("made").line().startswith("ok: result made | hand 2, bid made: award EW 1; score NS 1 EW 1")
        assert table.enter("6-4").refusal.code == "S011"  # type: ignore[union-attr]  # a sheet's hand has no plays
    journal_path(game).unlink()
    with Table.open(game) as table:  # from the record alone
        assert table.where() == "hand 3, S to bid" and table.state.score == {"NS": 1, "EW": 1}
        assert "; Bob arrives" in table.entries
