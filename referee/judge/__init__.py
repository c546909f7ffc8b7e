"""The judge: replays records through the engine and says what it found.

``referee.judge`` is both this package and the public API's ``judge`` function:
the package is callable, and ``referee.judge(record)`` is
``referee.judge.replay.judge(record)``.  (A module's class may be set to a subclass
of ``types.ModuleType``, as the Python data model documents under "Customizing
module attribute access"; that is all this does.)
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .verdict import GameVerdict


class _Callable(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> GameVerdict:
        from .replay import judge

        return judge(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
