"""The catalogue of diagnostics: every problem the referee names has a stable code.

A code is a named constant (``codes.E404``), a ``str`` subclass that also carries
its severity, exit class and the referee's recovery policy (``after``): what
replay does with an action the engine refused.  That policy lives here and
nowhere else: the engine's ``Hand.apply`` and the judge both read it.

Codes never change meaning once published; ``docs/errors.md`` is generated from
this catalogue (``python -m referee.codes``) and a test keeps them equal.  Nothing
here names a particular game: the numbers of each profile are listed by
``referee rules``.

The catalogue is one API over a module per concept: the ``Code`` type and its
policy (``code.py``), the codes by family (``input.py``: ``S``, notation, input
and usage; ``rules.py``: ``E``, rule errors, and ``POSITION_ERRORS``; ``notes.py``:
``W``, warnings and notes), and the page made from them (``page.py``).  The
families are imported in catalogue order, which is the order of ``CATALOG``.

>>> from referee import codes
>>> codes.E404.summary, codes.E404.after, codes.E404.exit_status, codes.CATALOG["S001"] is codes.S001
('renege', <After.APPLY: 'apply'>, 1, True)
"""

from __future__ import annotations

from .code import CATALOG, After, Code, Severity, code_info

# The families in catalogue order: each code enters CATALOG as it is made.
# isort: split
from .input import *  # noqa: F403  (every S code, by name)

# isort: split
from .rules import *  # noqa: F403  (every E code, by name)
from .rules import POSITION_ERRORS

# isort: split
from .notes import *  # noqa: F403  (every W code, by name)
from .notes import REPEATS_SHOWN

# isort: split
from .page import GUARANTEES, render_markdown

__all__ = ["CATALOG", "GUARANTEES", "POSITION_ERRORS", "REPEATS_SHOWN", "After", "Code", "Severity", "code_info", "render_markdown"]
