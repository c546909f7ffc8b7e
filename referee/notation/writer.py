"""The canonical writer: records back to notation text.

One record has exactly one canonical text, so that ``referee fmt`` is idempotent
and diffs of reformatted files show only real changes.  The writer trusts the
record (it never replays it) and keeps what was written: comments where they
stood (before an item, or at the end of its line), hand numbers, unknown tags,
the kitty's word, a log as a log (one header above its hands), and the boundary
between records when several go to one text.

>>> from referee.notation.record import Call, GameRecord, HandRecord, Tag
>>> rec = GameRecord(tags=[Tag("Rules", "42"), Tag("Event", "Demo")],
...                  hands=[HandRecord(number=1, dealer="N", calls=[Call("E", 30), Call("S")])])
>>> print(format_game(rec), end="")
[Event "Demo"]
[Rules "42"]
<BLANKLINE>
hand 1 dealer N
  bid E 30, S pass
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .items import ITEMS
from .lines import Lines
from .record import GameRecord, HandRecord, Tag
from .tags import TAG_ORDER

__all__ = ["TAG_ORDER", "RecordWriter", "format_game", "format_records"]

_TAG_RANK = {name.lower(): i for i, name in enumerate(TAG_ORDER)}


def _quote(value: str) -> str:
    """A tag value in double quotes; ``\\`` and ``"`` are escaped with a backslash (as in PGN)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tag_key(indexed: tuple[int, Tag]) -> tuple[int, int]:
    i, tag = indexed
    return (_TAG_RANK.get(tag.name.lower(), len(TAG_ORDER)), i)


def _header(out: Lines, tags: list[Tag]) -> None:
    for _, tag in sorted(enumerate(tags), key=_tag_key):
        out.line(tag.comments, "", f"[{tag.name} {_quote(tag.value)}]", tag.after)


def _hand(out: Lines, hand: HandRecord) -> None:
    head = ["hand"]
    if hand.number is not None:
        head.append(str(hand.number))
    if hand.dealer is not None:
        head += ["dealer", hand.dealer]
    out.line(hand.comments, "", " ".join(head), hand.after)
    for spec in ITEMS:
        spec.write(hand, out)


def _write(out: Lines, record: GameRecord, *, header: bool) -> None:
    if header:
        _header(out, record.tags)
    for i, hand in enumerate(record.hands):
        if (header and record.tags) or i or out.lines:
            out.lines.append("")
        _hand(out, hand)
    out.comment_lines(record.trailing_comments)


def format_game(record: GameRecord) -> str:
    """The canonical text of one record, ending with a newline."""
    out = Lines()
    _write(out, record, header=True)
    return out.text()


class RecordWriter:
    """Writes records one after another into one text, remembering the header in force:
    hands of one log share its header, and a header-less hand that follows a header
    gets ``[Mode "log"]`` so that it is not read as part of the record before it."""

    def __init__(self) -> None:
        self.in_force: list[Tag] | None = None
        """The tags of the header the text written so far ends under."""
        self.log = False
        self.first = True

    def text(self, record: GameRecord) -> str:
        """The text of ``record`` to append to what was written before it."""
        tags = record.tags
        if not tags and self.in_force is not None:
            tags = [Tag("Mode", "log")]
            record = GameRecord(tags, record.hands, record.trailing_comments)
        out = Lines()
        shares = self.log and record.mode == "log" and bool(tags) and tags == self.in_force
        _write(out, record, header=not shares)
        if tags and not shares:
            self.in_force = tags
        self.log = record.mode == "log"
        text = out.text()
        if self.first:
            self.first = False
            return text
        return "\n" + text


def format_records(records: Iterable[GameRecord]) -> Iterator[str]:
    """The text of several records, one piece each; ``"".join(...)`` is a whole file."""
    writer = RecordWriter()
    for record in records:
        yield writer.text(record)
