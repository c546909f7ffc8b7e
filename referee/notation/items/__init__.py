"""The items of a hand: one module per item, listed here in the order the writer writes them.

Each module holds its item whole: its ``SPEC`` (``spec.ItemSpec``: grammar rule,
keywords, record field, place in the order), its general reader (``scan``), its reader
of the plain layout (``plain``), its writer (``write``) and, where a JSON document could
hold what the notation cannot, the check of it.  Everything that depends on the items
walks ``ITEMS``: the two readers (through ``KEYWORDS`` and ``PLAIN_ITEMS``), the writer,
the comments, the JSON reader, the syntax errors and the item table of docs/notation.md.
Adding an item is a module here, its line in ``ITEMS``, its rule in
``grammar/notation.lark`` and its record class (docs/architecture.md lists every step);
``tests/notation/test_grammar.py`` fails until the grammar and ``ITEMS`` agree.

>>> [spec.rule for spec in ITEMS][:4]
['misdeal', 'deal', 'kitty', 'bid']
>>> KEYWORDS["cat"].single, PLAIN_ITEMS["cat"].rank
('kitty', None)
"""

from __future__ import annotations

from ..hands import Keyword
from ..plain import Layout, PlainItem
from . import accept, award, bid, claim, deal, exchange, forfeit, kitty, misdeal, play, renege, result, score, trump
from .spec import ItemSpec

__all__ = ["ITEMS", "KEYWORDS", "KEYWORD_WORDS", "PLAIN_ITEMS", "PLAIN_LAYOUT", "ItemSpec", "item_table"]

ITEMS: tuple[ItemSpec, ...] = (
    misdeal.SPEC,
    deal.SPEC,
    kitty.SPEC,
    bid.SPEC,
    exchange.SPEC,
    trump.SPEC,
    play.SPEC,
    accept.SPEC,
    renege.SPEC,
    forfeit.SPEC,
    claim.SPEC,
    result.SPEC,
    award.SPEC,
    score.SPEC,
)
"""Every item of a hand, in the order the writer writes them."""

KEYWORDS: dict[str, Keyword] = {
    word: Keyword(word, spec.scan, spec.rank, spec.field if spec.single else None) for spec in ITEMS for word in spec.keywords
}
"""Each item keyword (lower case) to what the hand scanner needs of its item."""
KEYWORD_WORDS = frozenset(KEYWORDS)
PLAIN_ITEMS: dict[str, PlainItem] = {word: spec.plain_item for spec in ITEMS for word in spec.keywords}
"""Each item keyword (lower case) to its reader of the plain layout."""
PLAIN_LAYOUT = Layout(PLAIN_ITEMS)
"""The layout ``fmt`` writes, read a block at a time (``plain.Layout``)."""


def item_table() -> str:
    """The item table of docs/notation.md (a test keeps the page equal to it)."""
    rows = ["| item | form | record field |", "| --- | --- | --- |"]
    for spec in ITEMS:
        rows.append(f"| {' / '.join(spec.keywords)} | {spec.form} | `HandRecord.{spec.field}` |")
    return "\n".join(rows) + "\n"
