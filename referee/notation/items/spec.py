"""What an item of a hand is, as the readers, the writer, the comments and the JSON
reader need it: ``ItemSpec``.

Each module of ``items/`` builds one, ``SPEC``, from its grammar rule and its own
functions (its general reader, its plain reader, its writer); ``items.ITEMS`` lists
them in the order the writer writes them, and every consumer walks that list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...source import Span
from ..grammar import keyword
from ..hands import ItemReader, Keyword, scan_hand
from ..lines import Lines
from ..plain import Layout, PlainBlock, PlainItem, PlainReader, plain_hand
from ..record import HandRecord

__all__ = ["ItemSpec", "Parts", "Writer"]

Writer = Callable[[HandRecord, Lines], None]
"""Writes the item of a hand, if it has one, in canonical form."""

Parts = Callable[[Any, str, int], list[tuple[Span, Any]]]
"""The parts of one entry that take comments of their own, with their spans: the
entry, the chunk's text as written and its offset."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemSpec:
    """One item of a hand: a line that starts with one of its keywords."""

    rule: str
    """The item's rule in the grammar."""
    terminals: tuple[str, ...]
    """Its keyword terminals (``("WIDOW", "CAT")``); the words are the grammar's."""
    field: str
    """The ``HandRecord`` field it fills."""
    rank: int | None
    """Its place among the items of a hand (equal ranks in any order; None: anywhere)."""
    single: bool
    """At most one per hand (a second is S011)."""
    scan: ItemReader
    """The general reader: the item's words as ``HandScan`` cut them, any form the rule allows."""
    plain: PlainReader
    """Reads a line of the item in the plain layout (``plain``), or says it is not plain."""
    plain_more: PlainReader | None = None
    """Reads a line with no keyword that continues it in the plain layout (deal rows,
    tricks); None: it has no such lines."""
    names: slice | None = None
    """The words of its line (the keyword first) that are names (sides), which the plain
    reader takes as they come (``PlainItem.names``); None: it has none."""
    plain_block: PlainBlock | None = None
    """Reads its lines whole in the layout ``fmt`` writes (``plain.Layout``); None: line by line."""
    plain_line: str | None = None
    """One line of its block in that layout, a regular expression (with ``plain_block``)."""
    plain_repeats: bool = True
    """Its lines repeat from hand to hand (``PlainItem.repeats``); False: most are new."""
    plain_last: bool = False
    """The layout reads its line apart when it ends the hand, unsplit (``PlainItem.last``)."""
    write: Writer
    form: str
    """How it is written, for docs/notation.md's item table."""
    depth: int = 1
    """Where its entries sit for comments (``comments.attach``): 1 for an item, 2 when the
    field holds the parts of one item line (a bid's calls), so that a comment inside a
    part is the part's."""
    parts: Parts | None = None
    """The parts of an entry that hold comments of their own (a trick's plays)."""
    impossible: Callable[[Any], str | None] | None = None
    """What an entry built elsewhere (a JSON document) holds that the notation cannot
    write, in words; None when it can.  None: nothing a schema allows is impossible."""

    @property
    def keywords(self) -> tuple[str, ...]:
        """Its keywords, lower case (``("widow", "cat")``)."""
        return tuple(keyword(t) for t in self.terminals)

    @property
    def plain_item(self) -> PlainItem:
        """What ``plain_hand`` needs of this item."""
        return PlainItem(
            self.plain, self.rank, self.plain_more, self.names, self.plain_block, self.plain_line, self.plain_repeats, self.plain_last
        )

    def entries(self, hand: HandRecord) -> list[Any]:
        """What the item holds in ``hand``: the entries of a list field, the value of
        another, nothing when absent."""
        value = getattr(hand, self.field)
        if value is None:
            return []
        return value if isinstance(value, list) else [value]

    def read(self, text: str, *, plain: bool = False) -> Any:
        """What this item's own readers make of ``text``, the lines of one such item (places
        are offsets into ``text``): the general reader's record field, or with ``plain``
        the plain reader's (None when it declines the layout).  For doctests and tests of
        one item; the reader of files is ``notation.reader``."""
        hand = "hand\n" + text + "\n"
        base = -len("hand\n")
        if plain:
            table = {w: self.plain_item for w in self.keywords}
            found = plain_hand(hand, base, table, Layout(table))
            return None if found is None else getattr(found, self.field)
        words = frozenset(self.keywords)
        scan = scan_hand(hand, base, {w: Keyword(w, self.scan, self.rank, self.field if self.single else None) for w in words}, words)
        if scan.broken or scan.problems:
            raise ValueError(f"not one `{self.rule}` item: {text!r} {scan.problems}")
        return getattr(scan.record, self.field)

    def lines(self, hand: HandRecord) -> list[str]:
        """The lines this item's writer writes for ``hand``.

        >>> from referee.notation.items import ITEMS
        >>> from referee.notation.record import Claim
        >>> [line for spec in ITEMS for line in spec.lines(HandRecord(claim=Claim("concede", after=("late",))))]
        ['  concede  ; late']
        """
        out = Lines()
        self.write(hand, out)
        return out.lines
