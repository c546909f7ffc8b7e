"""referee: a referee and hand-record processor for Texas 42, Moon and Texas 88.

The public API (docs/api.md):

>>> import referee
>>> results = referee.read_records("samples/legal/42-game.42")
>>> record = next(results).record
>>> verdict = referee.judge(record)
>>> verdict.winner, verdict.score, len(verdict.hands), verdict.diagnostics
('NS', {'NS': 7, 'EW': 2}, 10, [])

``read_records`` reads records from a path or a stream, ``read_text`` from a string;
``judge`` replays one record (``Referee`` keeps a rule set and house rules for many; both
live in the ``referee.judging`` package);
``make_rules`` and ``Hand`` drive the engine directly; ``Diagnostic`` is what every
problem is reported as.  Each name is imported when first used, so ``import
referee`` stays cheap for the command line.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

__all__ = ["Diagnostic", "Hand", "Referee", "__version__", "judge", "make_rules", "read_records", "read_text"]

_HOMES = {
    "Diagnostic": "referee.diagnostics",
    "Hand": "referee.engine.hand",
    "Referee": "referee.judging.replay",
    "judge": "referee.judging.replay",
    "make_rules": "referee.engine.games",
    "read_records": "referee.notation.reader",
    "read_text": "referee.notation.reader",
}
"""Where each public name lives (its module says more)."""

if TYPE_CHECKING:
    from .diagnostics import Diagnostic
    from .engine.games import make_rules
    from .engine.hand import Hand
    from .judging.replay import Referee, judge
    from .notation.reader import read_records, read_text


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    module = import_module(home)
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
