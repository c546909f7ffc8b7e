"""The item package: one module per item, each listed once in ``ITEMS``, holding its own
readers and writer, and together naming every item field of the record."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import referee.notation.items as items_package
from referee.notation.items import ITEMS, KEYWORDS, PLAIN_ITEMS
from referee.notation.record import HandRecord

SHARED = {"spec", "common"}
"""The modules of the package that are not items."""

NOT_ITEMS = {"number", "dealer", "unreadable", "at", "dealer_at", "calls_at", "comments", "after"}
"""The fields of a hand that no item fills: the ``hand`` line, places, comments, the syntax flag."""


def test_every_item_module_is_listed_once() -> None:
    modules = {m.name for m in pkgutil.iter_modules(items_package.__path__)} - SHARED
    specs = [importlib.import_module(f"referee.notation.items.{name}").SPEC for name in sorted(modules)]
    assert sorted(map(id, specs)) == sorted(map(id, ITEMS))
    assert len({spec.rule for spec in ITEMS}) == len(ITEMS)


def test_each_item_module_holds_its_own_readers_and_writer() -> None:
    """An item's module is named for its grammar rule and defines all its functions."""
    for spec in ITEMS:
        functions = [spec.scan, spec.plain, spec.write, spec.plain_more, spec.parts, spec.impossible]
        home = {f.__module__ for f in functions if f is not None}
        assert home == {f"referee.notation.items.{spec.rule}"}, spec.rule


def test_the_items_fill_every_item_field_of_a_hand_once() -> None:
    fields = {f.name for f in dataclasses.fields(HandRecord)} - NOT_ITEMS
    assert sorted(spec.field for spec in ITEMS) == sorted(fields)


def test_the_writer_order_is_the_reading_order() -> None:
    """The writer writes ``ITEMS`` in turn, so their ranks never go down: what it writes
    reads back without an item out of order (S011)."""
    ranks = [spec.rank for spec in ITEMS if spec.rank is not None]
    assert ranks == sorted(ranks)


def test_the_reader_tables_are_the_items() -> None:
    words = [word for spec in ITEMS for word in spec.keywords]
    assert len(words) == len(set(words)) == len(KEYWORDS) == len(PLAIN_ITEMS)
    for spec in ITEMS:
        for word in spec.keywords:
            assert KEYWORDS[word].read is spec.scan and PLAIN_ITEMS[word].read is spec.plain
