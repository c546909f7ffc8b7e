"""Hints on syntax errors (issue 29, item 9): a misspelt keyword gets a did-you-mean, as
a misspelt tag does; a tag whose value is not in straight double quotes gets the tag
written right."""

from __future__ import annotations

import pytest

from referee.notation.reader import read_text


def _s001(text: str) -> tuple[str, str | None]:
    """The message and hint of the first syntax error in ``text``."""
    found = [d for r in read_text(text, "t.42") for d in r.diagnostics if d.code == "S001"]
    assert found, text
    return found[0].message, found[0].hint


@pytest.mark.parametrize(
    ("line", "found", "meant"),
    [
        ("trum sixes", "trum", "trump"),
        ("tump sixes", "tump", "trump"),
        ("plya N 6-6 E 6-2", "plya", "play"),
        ("resutl NS 42 made", "resutl", "result"),
        ("dela N 6-6", "dela", "deal"),
        ("awrd NS 1", "awrd", "award"),
        ("bid N 34, E pas, S pass, W pass", "pas", "pass"),
        ("bid N 30 E 31 S passs", "passs", "pass"),
        ("bid N 84 splsh", "splsh", "splash"),
        ("result NS 42 mad", "mad", "made"),
        ("trump sixs", "sixs", "sixes"),
        ("trump folow-me", "folow-me", "follow-me"),
        ("trump sixes hihg", "hihg", "high"),
        ("exchange 6-6 fro 5-5", "fro", "for"),
        ("renege E trik 2", "trik", "trick"),
        ("forfeit E tme", "tme", "time"),
    ],
)
def test_a_misspelt_keyword_gets_a_did_you_mean(line: str, found: str, meant: str) -> None:
    message, hint = _s001(f"hand 1 dealer W\n  {line}\n")
    assert message.endswith(f"found `{found}`")
    assert hint is not None and hint.startswith(f"did you mean `{meant}`?")


@pytest.mark.parametrize("line", ["xyz 1", "bid N 30 E 31 S zebra", "hand 1 dealer W W"])
def test_a_word_like_no_keyword_gets_no_guess(line: str) -> None:
    _, hint = _s001(f"hand 1 dealer W\n  {line}\n")
    assert hint is None or "did you mean" not in hint


def test_the_hints_that_were_there_come_first() -> None:
    assert _s001("hand 1\n  deal N 6-6 E 5-5 S\n")[1] == "a deal row is a seat and its tiles, such as `N 6-6 6-5 ...`"
    assert _s001("hand 1\n  bid N 1 marks\n")[1] == "mark bids are written in points: 42 = 1 mark, 84 = 2"


@pytest.mark.parametrize(
    ("tag", "hint"),
    [
        ("[Date 2026-04-01]", 'a tag\'s value goes in straight double quotes: [Date "2026-04-01"]'),
        ("[Event \u201cFriday league\u201d]", 'a tag\'s value goes in straight double quotes: [Event "Friday league"]'),
        ("[Event 'Friday']", 'a tag\'s value goes in straight double quotes: [Event "Friday"]'),
        ('[Event "Friday]', 'a tag\'s value goes in straight double quotes: [Event "Friday"]'),
        ('[Date "2026-04-01"', 'a tag ends with `]`: [Date "2026-04-01"]'),
        ("[Date]", 'a tag has a value in double quotes: [Date "..."]'),
        ('[Ev ent "x"]', 'a tag reads like [Event "Friday league"], on a line of its own before the hands'),
    ],
)
def test_a_tag_written_wrong_gets_the_tag_written_right(tag: str, hint: str) -> None:
    message, found = _s001(f'{tag}\n[Rules "42"]\nhand 1\n  claim\n')
    assert message.endswith("found `[`")
    assert found == hint
