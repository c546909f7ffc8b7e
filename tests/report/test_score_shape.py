"""The score sheet's columns, as ``score`` writes them without pydantic, against the published model."""

from referee.report.schemas import SIDES, ScoreRow
from referee.report.score_shape import CSV_FIELDS


def test_columns_are_the_models_fields() -> None:
    assert list(ScoreRow.model_fields) == CSV_FIELDS


def test_a_column_group_for_each_side() -> None:
    assert sum(1 for f in ScoreRow.model_fields if f.startswith("side_")) == SIDES
