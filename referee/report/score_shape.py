"""The columns of a score sheet's rows (``score --format csv``, the items of ``--format json``),
without pydantic.

``schemas.ScoreRow`` publishes the row's JSON Schema, with a description of each field;
``score`` only needs the names in order, and importing the schemas' models cost it
about 0.25 s of CPU at start-up (an eighth of ``check`` on 10,000 hands).
``tests/report/test_score_shape.py`` holds ``CSV_FIELDS`` equal to the model's fields.
"""

from __future__ import annotations

__all__ = ["CSV_FIELDS", "SCORE_VERSION", "SIDES", "SIDE_FIELDS"]

SCORE_VERSION = 2
"""Version of the ``score --format json/csv`` shape; 2: a field per side, tags, game rows."""

SIDES = 3
"""Side columns in a row: the most sides a game has (Moon's three players)."""

SIDE_FIELDS = ("side", "players", "points", "award", "score")
"""The columns of each side, numbered from 1 (``side_1``, ``players_1``...)."""

CSV_FIELDS = [
    "kind",
    "file",
    "record",
    "hand",
    "rules",
    "event",
    "date",
    "round",
    "table",
    "dealer",
    "declarer",
    "declarer_name",
    "bid",
    "bid_suit",
    "trump",
    "result",
    *(f"{field}_{i}" for i in range(1, SIDES + 1) for field in SIDE_FIELDS),
    "stated_result",
    "stated_award",
    "stated_score",
    "winner",
    "errors",
    "warnings",
]
"""The fields of a row, in the order of ``schemas.ScoreRow``."""
