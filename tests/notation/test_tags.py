"""Tags: the known names and their order, closed sets of values (S008), and the tags
other programs' records carry (issues 24, 26 and 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.interchange.peers.mk5 import read_links
from referee.interchange.peers.registry import read_peer
from referee.notation.reader import read_text
from referee.notation.record import GameRecord, Tag
from referee.notation.tags import KNOWN_TAGS, TAG_ORDER, TAG_VALUES, tag_choice
from referee.notation.writer import format_game

DATA = Path(__file__).resolve().parents[1] / "peers" / "data"
HAND = "hand 1\n  claim\n"


def _problems(header: str) -> list[tuple[str, str, str | None]]:
    [result] = list(read_text(header + "\n" + HAND, "t.42"))
    return [(d.code, d.message, d.hint) for d in result.diagnostics]


@pytest.mark.parametrize("name", ["Detail", "Status", "Termination", "Source", "Seed", "Settings"])
def test_the_new_tags_are_known_and_in_the_canonical_order(name: str) -> None:
    assert name in KNOWN_TAGS
    value = TAG_VALUES.get(name, ("x",))[-1]
    assert _problems(f'[{name.upper()} "{value}"]') == []
    [result] = list(read_text(f'[{name.lower()} "{value}"] [Event "e"]\n{HAND}'))
    assert result.record is not None
    assert format_game(result.record).splitlines()[:2] == ['[Event "e"]', f'[{name} "{value}"]']


def test_the_end_of_a_game_is_written_last_and_the_source_before_it() -> None:
    assert TAG_ORDER[-6:] == ("Source", "Seed", "Settings", "Winner", "Status", "Termination")
    assert TAG_ORDER.index("Detail") == TAG_ORDER.index("Mode") + 1


@pytest.mark.parametrize(
    ("tag", "message", "hint"),
    [
        ('[Detail "moves"]', '`[Detail "moves"]` must be "plays" or "hands"', None),
        ('[Detail "hand"]', '`[Detail "hand"]` must be "plays" or "hands"', 'did you mean `[Detail "hands"]`?'),
        ('[Status "*"]', '`[Status "*"]` must be "finished" or "unfinished"', None),
        (
            '[Termination "time-forfeit"]',
            '`[Termination "time-forfeit"]` must be "normal", "time forfeit", "illegal move", "abandoned" or "unterminated"',
            'did you mean `[Termination "time forfeit"]`?',
        ),
        ('[Mode "tournament"]', '`[Mode "tournament"]` must be "game" or "log"', None),
    ],
)
def test_a_value_outside_a_closed_set_is_s008_with_the_values(tag: str, message: str, hint: str | None) -> None:
    assert _problems(tag) == [("S008", message, hint)]


@pytest.mark.parametrize("value", ["Unfinished", " unfinished ", "UNFINISHED"])
def test_closed_values_are_read_without_regard_to_case(value: str) -> None:
    assert _problems(f'[Status "{value}"]') == []
    assert tag_choice("Status", value) == "unfinished"


def test_a_missing_or_bad_value_reads_as_the_default() -> None:
    assert [tag_choice(name, None) for name in TAG_VALUES] == ["game", "plays", "finished", "normal"]
    assert tag_choice("Detail", "moves") == "plays"


def test_pgns_result_tag_suggests_winner() -> None:
    assert _problems('[Result "NS"]') == [("S003", "unknown tag `Result`", "did you mean `Winner`?")]


def test_mk5s_private_tags_are_known_only_with_its_source() -> None:
    assert _problems('[Source "mk5"] [Reading "seed and dealer of hand 2"] [Acks "5,9"]') == []
    assert [code for code, _, _ in _problems('[Source "luke"] [Acks "5"]')] == ["S003"]
    assert [code for code, _, _ in _problems('[Reading "x"]')] == ["S003"]


def _checked(record: GameRecord) -> list[str]:
    """The reader's codes on the record as the referee writes it."""
    return [d.code for r in read_text(format_game(record), "x.42") for d in r.diagnostics]


@pytest.mark.parametrize("file", sorted(p.name for p in DATA.iterdir()))
def test_the_peers_records_check_without_s003(file: str) -> None:
    _, reads = read_peer(str(DATA / file), "auto")
    records = [record for _, record, _ in reads if record is not None]
    assert records
    tags = {t.name for r in records for t in r.tags}
    assert "Source" in tags
    for record in records:
        assert _checked(record) == []


def test_an_mk5_record_with_its_private_tags_checks_without_s003() -> None:
    records = [record for _, record, _ in read_links("?s=9ix&a=CAAAW", "x") if record is not None]
    assert [r.tag("Source") for r in records] == ["mk5"]
    record = records[0]
    record.tags += [Tag("Reading", "seed and dealer of hand 2"), Tag("Acks", "5")]
    assert _checked(record) == []
