"""Duplicates are what was played, whatever was written around it."""

from __future__ import annotations

from referee.league.columns import Column
from referee.league.dups import Group, Hashes, repeated
from referee.notation.reader import read_text
from referee.notation.record import GameRecord

GAME = """\
[Event "a"] [North "Ann"]

hand 1 dealer W
  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
       E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
       S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
       W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
  bid N 30, E pass, S pass, W pass
  trump sixes
  play N 6-6 E 5-5 S 4-3 W 3-0
  claim
"""

SAME_WRITTEN_OTHERWISE = """\
; entered again, by another scorer
[Event "b"] [Scorer "Di"]
hand 1
  deal W 03 22 21 20 11 10 00 N 66 65 64 63 62 61 60
       E 55 54 53 52 51 50 44 S 43 42 41 40 33 32 31
  bid 30 pass pass pass   { calls without seats }
  trump 6
  play 6-6 5-5 4-3 3-0
  claim
  result NS 42 made
"""


def groups(*texts: str) -> list[Group]:
    h = Hashes()
    for n, text in enumerate(texts, start=1):
        for i, r in enumerate(read_text(text, f"f{n}.42"), start=1):
            assert r.record is not None
            h.add(r.record, f"f{n}.42", i)
    return h.groups()


def test_a_game_written_otherwise_is_the_same_game() -> None:
    assert [(g.kind, [(p.file, p.line) for p in g.places]) for g in groups(GAME, SAME_WRITTEN_OTHERWISE)] == [
        ("same-game", [("f1.42", 1), ("f2.42", 2)])
    ]


def test_other_plays_of_one_deal_are_the_same_deal_at_two_tables() -> None:
    other = GAME.replace("play N 6-6 E 5-5 S 4-3 W 3-0", "play N 6-5 E 5-5 S 4-3 W 3-0")
    (g,) = groups(GAME, other)
    assert g.kind == "same-deal" and [(p.file, p.hand, p.line) for p in g.places] == [("f1.42", 1, 3), ("f2.42", 1, 3)]


def test_a_game_cut_short_is_the_start_of_the_longer_one() -> None:
    second = GAME + "\nhand 2 dealer N\n  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n  bid E pass, S pass, W pass, N pass\n"
    found = groups(GAME, second)
    assert [g.kind for g in found] == ["prefix"]
    assert [(p.file, p.hands) for p in found[0].places] == [("f1.42", 1), ("f2.42", 2)]


def test_hands_of_a_log_entered_twice_and_hands_without_a_deal() -> None:
    log = "hand 1\n  bid N 30\n  play N 6-6\n\nhand 2\n  bid N 30\n  play N 6-6\n"
    (g,) = groups(log)
    assert g.kind == "same-game" and [p.line for p in g.places] == [1, 5]  # no deal written: no same-deal group


def test_repeated_finds_every_repeat_and_only_those() -> None:
    hashes = [5, 1 << 40, 7, 5, (1 << 40) + 2**19, 7, 7]
    assert repeated(hashes) == {5: [0, 3], 7: [2, 5, 6]}
    assert repeated([]) == {}


def _played(game: str, changed: tuple[int, ...]) -> str:
    """A game of seven hands, each dealt alike and played out its own way; ``changed``
    hands are played otherwise (as a scorer's slip would have them)."""
    from referee.engine.games import make_rules
    from referee.notation.writer import format_game
    from referee.play.simulate import simulate_games

    record = next(simulate_games(make_rules("42"), 1, seed=4))
    text = format_game(record)
    for k in changed:  # swap the second and third tiles of the hand's first trick
        hand = text.split(f"\nhand {k} ")[1].split("\nhand ")[0]
        first = next(line for line in hand.splitlines() if line.strip().startswith("play "))
        parts = first.split()
        swapped = first.replace(f"{parts[3]} {parts[4]} {parts[5]} {parts[6]}", f"{parts[3]} {parts[6]} {parts[5]} {parts[4]}")
        text = text.replace(first, swapped, 1)
    return f'[Event "{game}"]\n' + text


def test_a_game_entered_twice_with_a_slip_is_one_game_with_the_hands_that_differ() -> None:
    """Not one "same deal" group per hand (issue 29): one group, naming the hands that differ."""
    first = _played("a", ())
    hands = first.count("\nhand ")
    assert hands >= 5
    (g,) = groups(first, _played("b", (2, 4)))
    assert (g.kind, g.differing, [p.file for p in g.places]) == ("re-entered", (2, 4), ["f1.42", "f2.42"])
    # most hands played otherwise: two tables of a duplicate event, one group per board
    other = groups(first, _played("b", tuple(range(1, hands + 1))))
    assert {g.kind for g in other} == {"same-deal"} and len(other) == hands


# -- counts the input decides have no fixed width (issue 30, item 4) ------------------------------


def test_a_column_holds_every_value_past_each_fixed_width() -> None:
    """Past 2**8, 2**16 (the file index that overflowed at 70,000 files), 2**31, 2**32 and
    2**64, and a negative number: every value is read back as written, and the column is
    only as wide as its largest value needs."""
    values = [0, 255, 256, 65_535, 65_536, 70_000, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**63, 2**64 - 1]
    column = Column()
    widths = []
    for v in values:
        column.append(v)
        widths.append(column.typecode)
    assert list(column) == values and len(column) == len(values) and column[4] == 65_536
    assert widths[:4] == ["B", "B", "H", "H"] and widths[5] == "I" and widths[-1] == "Q"
    column.append(2**64)
    column.append(-1)
    assert list(column)[-2:] == [2**64, -1] and column.typecode is None


def test_more_than_65_536_files_and_a_game_found_again_across_them() -> None:
    """The reproducer of issue 30 (``dups`` over 70,000 files), by construction: 70,000
    files of one record each, the first game entered again in the last file."""
    record = next(iter(read_text(GAME, "x.42"))).record
    assert record is not None
    h = Hashes()
    for n in range(70_000):
        h.add(record if n in (0, 69_999) else _empty(), f"f{n}.42", 1)
    assert h.records == 70_000 and h.e_file[69_999] == 69_999
    (group,) = [g for g in h.groups() if g.kind == "same-game"]
    assert [p.file for p in group.places] == ["f0.42", "f69999.42"]


def _empty() -> GameRecord:
    return GameRecord(hands=[])
