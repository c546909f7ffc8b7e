"""Wording a syntax error: Lark parses the chunk with the grammar and its error says what
was expected where; this turns it into an S001 in plain words at the offending text.

Only text the reader could not read comes here, so Lark's cost is paid for
mistakes alone.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import codes
from .contracts import BID_CONTRACTS
from .grammar import parser, words
from .items import ITEMS, KEYWORD_WORDS
from .items.forfeit import FAULTS
from .tokens import Problem

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

__all__ = ["diagnose"]

_MAIN: dict[str, str] = {
    "TAG": 'a tag such as [Event "..."]',
    "HAND": "`hand`",
    "SEAT": "a seat",
    "TILE": "a tile",
    "PASS": "`pass`",
    "NUMBER": "a number",
    "SIGNED": "a number",
    "SUIT": "a suit",
    "DIGIT": "a trump",
    "DOUBLES": "a trump",
    "FOLLOWME": "a trump",
    "NONE": "`none`",
    "FOR": "`for`",
    "OUTCOME": "`made` or `set`",
    "LOWHIGH": "`low` or `high`",
    "SIDE": "a side (such as NS)",
    "FAULT": f"a fault ({', '.join(f'`{word}`' for word in FAULTS[:-1])} or `{FAULTS[-1]}`)",
}
_TRUMP_WORDS = "a trump (a suit such as `fives`, a number 0-6, `doubles` or `follow-me`)"
_MINOR: dict[str, str] = {
    "BY": "`by SEAT`",
    "DEALER": "`dealer`",
    "WIN": "`=> seat`",
    "SLASH": "`/`",
    "COMMA": "`,`",
    "BIDCONTRACT": " or ".join(f"`{word}`" for word in BID_CONTRACTS),
    "NL": "a new line",
    "TRICK": "`trick N`",
    "CALLED": "`called by SEAT`",
}
_TAILS = ("BY", "CALLED", "TRICK")
"""Endings an item may stop before (``misdeal [by W]``, ``renege E trick 3 [called by N]``,
``forfeit E time [trick 3]``): named beside a new item when neither comes."""
_ITEMS = frozenset(t for spec in ITEMS for t in spec.terminals)
"""The item keywords' terminals (from the item registry)."""
_KEYWORD = re.compile(rf"(?<![A-Za-z0-9_])({'|'.join(sorted(KEYWORD_WORDS | {'hand'}))})(?![A-Za-z0-9_+-])", re.I)
"""An item keyword, or ``hand``: the item an error is in is the last one before it."""
_WORD = re.compile(r"[^\s;{}\[\]/,]{1,24}|[^\s]")
_SEAT_BEFORE = re.compile(r"(?<![^\s,/=])([A-Za-z])[\s,/=]*\Z")
"""A seat letter just before the error, with nothing but blanks between."""
_SUBSUMED = {"SIDE": ("SEAT",), "SIGNED": ("NUMBER",)}
_SPELLED = {"FOLLOWME": ("follow-me",), "NOTRUMP": ("no-trump",)}
"""Words of the terminals that are not a list of words, as the writer spells them."""
_BAD_TAG = re.compile(r"\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*([^\]\n]*)(\]?)")
"""A tag line's ``[Name value]`` that the TAG terminal refused: its name, value and ``]``."""
_GOOD_VALUE = re.compile(r'"(?:[^"\\\n]|\\.)*"[ \t]*')
_QUOTES = "\"'\u2018\u2019\u201c\u201d"
"""Straight and curly quotes, single and double, that a value may be wrapped in by mistake."""


def _did_you_mean(word: str, expected: Iterable[str]) -> str | None:
    """``did you mean `trump`?`` for a word close to one of the words expected there."""
    if len(word) < 3 or not word.replace("-", "").isalpha():
        return None
    choices = {w for name in expected for w in (_SPELLED.get(name) or words(name)) if len(w) > 2}
    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.65)
    return f"did you mean `{close[0]}`?" if close else None


def _tag_hint(text: str, pos: int) -> str:
    """What is wrong with the tag that starts at ``pos``, as a corrected tag."""
    m = _BAD_TAG.match(text, pos)
    if m is not None and not m.group(2).strip() and m.group(3):
        return f'a tag has a value in double quotes: [{m.group(1)} "..."]'
    if m is not None and m.group(2):
        name, value, closed = m.group(1), m.group(2).strip(), m.group(3)
        if _GOOD_VALUE.fullmatch(value) and not closed:
            return f"a tag ends with `]`: [{name} {value}]"
        bare = value.strip(_QUOTES)
        if '"' not in bare:
            return f'a tag\'s value goes in straight double quotes: [{name} "{bare}"]'
    return 'a tag reads like [Event "Friday league"], on a line of its own before the hands'


def _words(expected: Iterable[str]) -> str:
    names = set(expected)
    if names & {"DIGIT", "DOUBLES", "FOLLOWME", "NOTRUMP", "NELLO", "SEVENS"}:
        names -= {"SUIT", "DIGIT", "DOUBLES", "FOLLOWME", "NOTRUMP", "NELLO", "SEVENS"}
        main = [_TRUMP_WORDS]
    else:
        main = []
    if {"PASS", "NUMBER"} <= names:
        names -= {"PASS", "NUMBER", "SEAT"}
        main.append("a call (a bid or `pass`)")
    main += [w for n, w in _MAIN.items() if n in names and not any(s in names for s in _SUBSUMED.get(n, ()))]
    main = list(dict.fromkeys(main))
    if not main and names & _ITEMS:
        tails = [_MINOR[n] for n in _TAILS if n in names]
        main = [*tails, "a new item (`deal`, `bid`, `trump`, `play`, `result`, ...) at the start of a line"]
    if not main:
        main = [w for n, w in _MINOR.items() if n in names] or ["the end of the hand"]
    if len(main) == 1:
        return main[0]
    return ", ".join(main[:-1]) + " or " + main[-1]


def _shown(text: str) -> str:
    """Text for a message: invisible characters named (``U+200B``) so the reader can see them."""
    out = []
    for ch in text:
        if (ch.isprintable() and not unicodedata.category(ch).startswith(("Z", "C"))) or ch == " ":
            out.append(ch)
        else:
            out.append(f"U+{ord(ch):04X}")
    return "".join(out)


def diagnose(text: str, base: int) -> Problem | None:
    """The first syntax error in the chunk ``text`` (which starts at offset ``base``), or
    None when the grammar reads it."""
    from lark.exceptions import UnexpectedInput  # Lark is loaded only for text that needs it

    try:
        parser().parse(text)
    except UnexpectedInput as e:
        return _problem(e, text, base)
    return None


def _problem(e: UnexpectedInput, text: str, base: int) -> Problem:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    hint: str | None = None
    if isinstance(e, UnexpectedToken) and e.token.type != "$END":
        tok = e.token
        pos = tok.start_pos or 0
        first = str(tok.value).split("\n", 1)[0]
        whole = _WORD.match(text, pos)
        if whole is not None and len(whole.group()) > len(first):
            first = whole.group()
        found = f"`{_shown(first[:24])}`"
        width = max(1, len(first[:24]))
        expected: Iterable[str] = e.expected
    elif isinstance(e, UnexpectedToken | UnexpectedEOF):
        stripped = len(text.rstrip())
        pos, width = stripped, 1
        found = "the end of the hand"
        expected = e.expected
    else:
        assert isinstance(e, UnexpectedCharacters)
        pos = e.pos_in_stream or 0
        expected = e.allowed or ()
        m = _WORD.match(text, pos)
        word = m.group() if m else text[pos : pos + 1]
        found = f"`{_shown(word)}`"
        width = max(1, len(word))
        if word.startswith("["):
            hint = _tag_hint(text, pos)
    keyword = None
    for m in _KEYWORD.finditer(text, 0, pos):
        keyword = m.group(1).lower()
    after = "" if keyword is None else " after the `hand` line" if keyword == "hand" else f" after `{keyword}`"
    names = set(expected)
    bare = found.strip("`").lower()
    if names in ({"TILE"}, {"PASS", "NUMBER"}) and (
        found == "the end of the hand" or (len(bare) == 1 and bare.isalpha()) or _KEYWORD.fullmatch(bare)
    ):
        seat = _SEAT_BEFORE.search(text, 0, pos)
        if seat is not None:  # a seat with nothing of its own after it
            if "TILE" in names:
                what = "tile"
                hint = (
                    "each play is a seat and a tile, such as `N 6-4`"
                    if keyword == "play"
                    else "a deal row is a seat and its tiles, such as `N 6-6 6-5 ...`"
                )
            else:
                what, hint = "call", "each call is a seat and `pass` or an amount"
            return Problem(codes.S001, f"the seat `{seat.group(1)}` has no {what}", (base + seat.start(1), base + seat.end(1)), hint)
    if "TILE" in names and any(c.isdigit() for c in found):
        hint = "tiles are written 6-6 or 66"
    if "PASS" in names and found.strip("`").lower() in ("mark", "marks"):
        hint = "mark bids are written in points: 42 = 1 mark, 84 = 2"
    if hint is None:
        hint = _did_you_mean(bare, names)
    message = f"expected {_words(expected)}{after}, found {found}"
    return Problem(codes.S001, message, (base + pos, base + pos + width), hint)
