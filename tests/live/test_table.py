"""The table: simulated games entered entry by entry give the simulated record; what
cannot have happened is refused with the engine's code and changes nothing; what
happened against the rules is recorded with ``!``; undo; the state and the options."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from referee.engine.games import make_rules
from referee.live.table import LiveError, Table
from referee.notation.reader import read_text
from referee.notation.record import GameRecord
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games

from .helpers import enter_record, open_like

CONTRACTS = {"nello": "on", "plunge": "on", "splash": "on", "sevens": "on"}
GAMES = [
    pytest.param("42", {}, 11, id="42"),
    pytest.param("42", CONTRACTS, 5, id="42-contracts"),
    pytest.param("42", {**CONTRACTS, "renege": "as-played", "scoring": "points", "target": "100"}, 3, id="42-points"),
    pytest.param("moon", {}, 2, id="moon"),
    pytest.param("88", {}, 4, id="88"),
]


def simulated(game: str, options: dict[str, str], seed: int) -> GameRecord:
    (record,) = list(simulate_games(make_rules(game, options), 1, seed))
    return record


@pytest.mark.parametrize(("game", "options", "seed"), GAMES)
def test_a_simulated_game_entered_entry_by_entry_is_its_record(
    game: str, options: dict[str, str], seed: int, tmp_path: Path, no_fsync: None
) -> None:
    record = simulated(game, options, seed)
    with open_like(tmp_path / "game.42", record) as table:
        entered = enter_record(table, record)
        assert entered.refused is None
        assert table.over and table.diagnostics == []
    assert (tmp_path / "game.42").read_text(encoding="utf-8") == format_game(record)


def test_every_contract_is_entered(tmp_path: Path, no_fsync: None) -> None:
    """Nello, plunge, splash and sevens, made and set, from the legal samples."""
    samples = Path(__file__).resolve().parents[2] / "samples" / "legal"
    for path in sorted(samples.glob("42-[nps]*-*.42")):
        for k, result in enumerate(read_text(path.read_text(encoding="utf-8"), path.name)):
            record = result.record
            assert record is not None
            game = replace(record, tags=[t for t in record.tags if t.name != "Mode"], hands=record.hands[:1])
            with open_like(tmp_path / f"{path.stem}-{k}.42", game) as table:
                entered = enter_record(table, game)
                assert entered.refused is None, (path.name, entered.refused)
                assert [d.code for d in table.diagnostics if d.is_error] == []


def test_a_game_without_its_deals_is_its_record_without_them(tmp_path: Path, no_fsync: None) -> None:
    """The usual table: nobody enters the deal, the plays are checked against the set, the
    turn and what each seat has shown; the file is the game less its deals."""
    record = simulated("42", {}, 2)
    blind = replace(record, hands=[replace(h, deal=None, kitty=None) for h in record.hands])
    with open_like(tmp_path / "game.42", blind) as table:
        assert enter_record(table, blind).refused is None
        assert table.over and table.diagnostics == []
    assert (tmp_path / "game.42").read_text(encoding="utf-8") == format_game(blind)


@pytest.fixture
def table(tmp_path: Path, no_fsync: None) -> Table:
    """A new game of 42 dealt by W, nobody's tiles known."""
    return Table.open(tmp_path / "game.42", dealer="W")


def enter(table: Table, *entries: str) -> None:
    for entry in entries:
        answer = table.enter(entry)
        assert answer.ok, answer.line()


AUCTION = ("30", "pass", "pass", "pass", "sixes")


@pytest.mark.parametrize(
    ("entries", "refused", "code"),
    [
        ((), "7-2", "S002"),
        ((), "trum sixes", "S001"),
        ((), "sixes", "E208"),
        (("30",), "E 30", "E202"),
        (("30",), "E 29", "E203"),
        (("30",), "W 31", "E201"),
        (("30", "pass", "pass", "pass"), "6-6", "E305"),
        (AUCTION, "E 6-6", "E401"),
        ((*AUCTION, "6-6"), "6-6", "E403"),
        ((*AUCTION, "6-6", "5-5", "4-4", "3-3"), "E 6-5", "E401"),
        ((*AUCTION, "6-6"), "result NS 30 made", "S001"),
        ((*AUCTION, "6-6"), "X 6-5", "S010"),
    ],
)
def test_what_cannot_be_recorded_is_refused_and_changes_nothing(table: Table, entries: tuple[str, ...], refused: str, code: str) -> None:
    enter(table, *entries)
    before = table.path.read_text(encoding="utf-8")
    answer = table.enter(refused)
    assert not answer.ok and answer.refusal is not None and answer.refusal.code == code, answer.line()
    assert table.path.read_text(encoding="utf-8") == before
    assert len(table.entries) == len(entries)
    table.close()


def test_an_eighth_tile_is_too_late_for_its_hand(tmp_path: Path, no_fsync: None) -> None:
    record = simulated("42", {}, 11)
    with open_like(tmp_path / "game.42", replace(record, hands=record.hands[:1])) as table:
        enter_record(table, replace(record, hands=record.hands[:1]))
        answer = table.enter("6-6")
        assert answer.refusal is not None and answer.refusal.code == "E405"
        assert "hand 1 is over" in answer.refusal.message


def test_a_tile_not_held_is_refused_when_the_deal_is_known(tmp_path: Path, no_fsync: None) -> None:
    record = simulated("42", {}, 11)
    with open_like(tmp_path / "game.42", record) as table:
        hand = record.hands[0]
        assert hand.deal is not None
        table.enter(" ".join(["deal", *(f"{d.seat} {' '.join(map(str, d.tiles))}" for d in hand.deal)]))
        assert table.options().kind == "call" and table.options().exact
        for call in hand.calls:
            assert table.enter(f"{call.seat} {'pass' if call.amount is None else call.amount}").ok
        assert hand.trump is not None
        assert table.enter(f"trump {hand.trump.suit if hand.trump.kind == 'suit' else hand.trump.kind}").ok
        leader = table.state.turn
        assert leader is not None
        others = [t for d in hand.deal if d.seat != leader for t in d.tiles]
        answer = table.enter(f"{leader} {others[0]}")
        assert answer.refusal is not None and answer.refusal.code == "E402"


def test_a_play_out_of_turn_is_recorded_with_bang(table: Table) -> None:
    enter(table, *AUCTION, "6-6")
    answer = table.enter("S 5-5")
    assert answer.refusal is not None and answer.refusal.code == "E401" and "S 5-5!" in (answer.refusal.hint or "")
    answer = table.enter("S 5-5!")
    assert answer.ok and answer.entries == ("play S 5-5!",) and "out of turn" in answer.events[0]
    assert table.where() == "hand 1, trick 1, W to play"
    text = table.path.read_text(encoding="utf-8")
    assert "  accept S trick 1\n" in text
    assert [d.code for d in table.diagnostics] == ["W106", "W108"]
    table.close()


def test_a_renege_given_away_later_is_refused_then_recorded(table: Table) -> None:
    """E shows out of sixes in trick 1, then plays a six: a renege in trick 1."""
    enter(table, *AUCTION, "6-6", "E 5-5", "6-4", "6-2", "6-5")
    answer = table.enter("E 6-3")
    assert answer.refusal is not None and answer.refusal.code == "E404"
    assert "trick 1" in answer.refusal.message and "E 6-3!" in (answer.refusal.hint or "")
    answer = table.enter("E 6-3!")
    assert answer.ok and "E reneged in trick 1: EW lose the hand" in answer.events
    assert table.where() == "hand 2, E to bid"  # lose-hand: the hand ends at the call
    text = table.path.read_text(encoding="utf-8")
    assert "  renege E trick 1\n" in text and "  award NS 1\n" in text
    assert [d.code for d in table.diagnostics] == ["W106", "W108"]
    table.close()


def test_overriding_what_cannot_have_happened_is_refused(table: Table) -> None:
    enter(table, *AUCTION, "6-6")
    answer = table.enter("E 6-6!")
    assert answer.refusal is not None and answer.refusal.code == "E403"
    table.close()


def test_undo_takes_back_entries_across_hands(tmp_path: Path, no_fsync: None) -> None:
    record = simulated("42", {}, 11)
    first = replace(record, hands=record.hands[:1])
    with open_like(tmp_path / "game.42", record) as table:
        enter_record(table, first)
        after_one = table.path.read_text(encoding="utf-8")
        assert table.where().startswith("hand 2,")
        count = len(table.entries)
        table.enter(
            str(record.hands[1].deal and "deal " + " ".join(f"{d.seat} {' '.join(map(str, d.tiles))}" for d in record.hands[1].deal))
        )
        assert len(table.entries) == count + 1
        undone = table.undo()
        assert undone.ok and undone.entries[0].startswith("deal ")
        assert table.path.read_text(encoding="utf-8") == after_one
        last = table.undo()
        assert last.ok and table.where().startswith("hand 1,")
        assert "result" not in table.path.read_text(encoding="utf-8")
        assert [d.code for d in table.diagnostics] == ["W108"]


def test_nothing_to_undo(table: Table) -> None:
    answer = table.undo()
    assert not answer.ok and answer.refusal is not None and "nothing to undo" in answer.refusal.message
    table.close()


def test_the_state_and_the_options(table: Table) -> None:
    assert table.options().entries[:3] == ("pass", "30", "31")
    enter(table, *AUCTION, "6-6", "E 5-5", "6-4", "6-2", "4-4", "5-3")
    state = table.state
    assert (state.hand, state.dealer, state.phase, state.turn, state.trick) == (1, "W", "play", "S", 2)
    assert state.on_table == (("N", "4-4"), ("E", "5-3")) and state.bid == "N 30" and state.trump == "sixes"
    assert state.points == {"NS": 21, "EW": 0} and state.score == {"NS": 0, "EW": 0}
    assert state.needs == {"NS": "9 points more to make 30", "EW": "13 points more to set it"}
    assert state.voids == {"E": ("fours", "sixes")}
    options = table.options()
    assert options.seat == "S" and not options.exact
    assert "6-6" not in options.entries and "6-5" in options.entries and options.entries[-2:] == ("claim", "concede")
    table.close()


def test_several_entries_on_one_line(table: Table) -> None:
    answer = table.enter("30 pass pass 29")
    assert answer.entries == ("bid N 30", "bid E pass", "bid S pass") and answer.refusal is not None
    assert answer.refusal.code == "E203" and len(table.entries) == 3
    table.close()


def test_a_new_game_needs_rules_it_can_make(tmp_path: Path) -> None:
    with pytest.raises(LiveError, match="--options"):
        Table.open(tmp_path / "x.42", options={"nello": "sometimes"})
    with pytest.raises(LiveError, match="--dealer"):
        Table.open(tmp_path / "x.42", dealer="Q")
    with pytest.raises(LiveError, match="--detail hands takes no deal"):
        Table.open(tmp_path / "x.42", detail="hands", deals="known")
    assert not (tmp_path / "x.42.lock").exists()


def test_the_widow_exchange_with_an_unknown_deal(tmp_path: Path) -> None:
    """Moon: the declarer takes the widow (one tile, unseen) and puts one back; the
    exchange is entered as a record writes it, and checked for what can be told unseen."""
    game = tmp_path / "moon.42"
    with Table.open(game, rules="moon", dealer="C") as table:
        for entry in ("5", "pass", "pass"):
            assert table.enter(entry).ok
        assert table.enter("exchange 3-2 3-1 for 6-6 6-5").refusal.code == "E303"  # type: ignore[union-attr]
        assert table.enter("exchange none").refusal.code == "E303"  # type: ignore[union-attr]
        assert table.enter("3-2 for 3-1").line() == "ok: exchange 3-2 for 3-1 | next: hand 1, A to name trump"
        assert table.enter("exchange 1-1 for 1-0").refusal.code == "S011"  # type: ignore[union-attr]
        assert table.enter("sixes").ok and table.enter("6-6").ok
        assert not [d for d in table.diagnostics if d.is_error]
    text = game.read_text(encoding="utf-8")
    assert "  bid A 5, B pass, C pass\n  exchange 3-2 for 3-1\n  trump sixes\n  play A 6-6\n" in text
    with Table.open(game) as table:  # resumed with it
        assert table.notes == [] and "exchange 3-2 for 3-1" in table.entries
        assert table.undo().ok and table.undo().ok and table.undo().entries == ("exchange 3-2 for 3-1",)
        assert table.enter("sixes").ok
        assert table.enter("exchange 3-2 for 3-1").refusal.code == "E306"  # type: ignore[union-attr]  # after trump: too late


def test_the_cat_exchange_with_an_unknown_deal(tmp_path: Path) -> None:
    """Texas 88: the declarer may swap tiles of the cat (two, unseen) and may put no counter in it."""
    game = tmp_path / "88.42"
    with Table.open(game, rules="88", dealer="F") as table:
        bid = table.options().entries[1]
        assert table.enter(bid).ok
        for _ in range(5):
            assert table.enter("pass").ok
        assert table.enter("exchange 1-0 for 5-0").refusal.code == "E302"  # type: ignore[union-attr]
        assert table.enter("exchange 6-6 6-5 4-4 for 1-0 2-0 3-0").refusal.code == "E301"  # type: ignore[union-attr]
        assert table.enter("exchange 5-0 for 0-0").ok
        assert not [d for d in table.diagnostics if d.is_error]
    assert "\n  exchange 5-0 for 0-0\n" in game.read_text(encoding="utf-8")
