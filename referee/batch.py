"""``referee.batch``, the name docs/distributed.md first published for the Python API
behind ``--cluster``: kept as an alias of ``referee.run.units``, where the same objects
now live (with ``cuttable`` from ``referee.run.inputs``), so that code written against
the published name keeps working.

>>> import referee.batch, referee.run.units
>>> referee.batch.judge_unit is referee.run.units.judge_unit
True
"""

from __future__ import annotations

from .run.inputs import cuttable
from .run.units import WHOLE_FILE_BYTES, Outcome, Unit, UnitResult, file_units, judge_unit, unit_result, units_of, whole_file

__all__ = [
    "WHOLE_FILE_BYTES",
    "Outcome",
    "Unit",
    "UnitResult",
    "cuttable",
    "file_units",
    "judge_unit",
    "unit_result",
    "units_of",
    "whole_file",
]
