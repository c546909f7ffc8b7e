"""The codes of notation, input and usage (``S``): exit status 2 when they are errors."""

from __future__ import annotations

from typing import Final

from .code import After, Code, Severity

_W = Severity.WARNING
_STOP = After.STOP

# -- notation and input (exit 2) --------------------------------------------------------
S001: Final = Code(
    "S001",
    "syntax error",
    "The text does not follow the notation (docs/notation.md). The reader skips to the next `hand` or game header and goes on.",
    syntax=True,
)
S002: Final = Code("S002", "not a tile", "A tile must be two ends from 0 to 6 such as `6-4` (either order; `64` also reads).", syntax=True)
S003: Final = Code(
    "S003",
    "unknown tag",
    'A tag the notation does not know, such as `[Rulse "42"]`. It is kept and written back; the hint names the nearest known tag.',
    severity=_W,
    syntax=True,
)
S004: Final = Code(
    "S004",
    "unknown rules profile",
    "`[Rules ...]` must name a built-in profile (`referee rules` lists them) or one defined by a house-rule file.",
    syntax=True,
)
S005: Final = Code(
    "S005",
    "bad option",
    "An option in `[Options ...]` or on the command line is unknown for the profile, or its value is not one it takes.",
    syntax=True,
)
S006: Final = Code("S006", "not a text file", "The input is not UTF-8 text (binary data or another encoding).", syntax=True)
S007: Final = Code("S007", "no records", "The input holds no game or hand at all.", syntax=True)
S008: Final = Code(
    "S008", "bad tag value", "A tag's value cannot be read, e.g. a `[Target ...]` that is not a number of marks or points.", syntax=True
)
S009: Final = Code("S009", "repeated tag", "A tag appears twice in one game header; the later one wins.", severity=_W, syntax=True)
S010: Final = Code(
    "S010", "unknown seat", "A seat or side label that this game does not have (`referee rules` lists each profile's seats).", syntax=True
)
S011: Final = Code(
    "S011",
    "misplaced item",
    "An item is in a place the notation does not allow, e.g. two `trump` lines in one hand, a `deal` after the plays, "
    "or a claim in the middle of a trick.",
    syntax=True,
    after=_STOP,
)
S012: Final = Code(
    "S012",
    "bad JSON document",
    "`convert --from json` input that is not JSON, or a document that does not match the schema (`referee schema`).",
    syntax=True,
)
S013: Final = Code(
    "S013",
    "number out of range",
    "A hand number, bid, result, award or score too large to be meant (more than 9 digits).",
    syntax=True,
)
S014: Final = Code(
    "S014",
    "cannot read",
    "A file or stream cannot be opened or read: it does not exist, it is a directory, its permissions forbid it, or an "
    "I/O error stops the reading. The other files are read as usual.",
    syntax=True,
)
S015: Final = Code(
    "S015",
    "record too long",
    "A header or a hand runs for more than 16 million characters (a missing `hand` line?); it is reported and skipped.",
    syntax=True,
)
S016: Final = Code(
    "S016",
    "internal error",
    "The referee itself failed on this record: a bug, not a problem of the record. The message names the exception and "
    "where it happened; please report it with the record. The record gets no verdict, and every other record is judged as usual.",
    syntax=True,
)
S017: Final = Code(
    "S017",
    "cannot read the other program's record",
    "`convert --from mk5|luke|scoresheet|jswood23` input that cannot be decoded: an mk5 game link, a LukeConran samples "
    "document, a score sheet (JSON or CSV) or a jswood23 round history that is damaged, truncated or not of that program. "
    "The message names the place (line and column, or the path inside the JSON document) and what was expected there; "
    "the other links, documents or rows are read as usual.",
    syntax=True,
)
S018: Final = Code(
    "S018",
    "the target format cannot hold it",
    "`convert --to mk5|luke|scoresheet|scoresheet-csv|jswood23`: the record holds something the other program's format has "
    "no place for (a special contract, a claim, points scoring, a game other than 42...). That record is not written, "
    "nothing of it is dropped silently, and the message says what could not be held; the other records are written as usual.",
    syntax=True,
)
