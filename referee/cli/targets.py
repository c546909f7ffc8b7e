"""Where ``-O`` may write: never onto an input, and never somewhere else without saying so.

``referee convert league.42 --to text -O league.42`` would replace the records being
read with what was made of them, and ``-O`` naming a hard link to an input, or a
symbolic link to one, would do the same under another name.  Only ``fmt`` and ``fix``
rewrite their inputs, and they do it in place on purpose (``inplace.py``); every other
command refuses an output that is one of its input files, by the file's identity
(device and inode), whatever the path says (a usage error, exit status 2, before
anything is read or written).

A symbolic link given to ``-O`` is followed, as ``output.atomic_write`` keeps the link
and rewrites what it points to; the command says so, since that file may be far from
the path the user typed.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["check_outputs"]


def _identity(path: str | Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def check_outputs(outputs: Iterable[str | Path | None], inputs: Iterable[str], err: Console) -> None:
    """Raise a ``UsageError`` for an output that is one of the ``inputs`` (by identity),
    and say on ``err`` where an output that is a symbolic link leads."""
    from ..notation.urls import is_url
    from ..run.inputs import STDIN, UsageError, named

    targets = [str(o) for o in outputs if o is not None]
    if not targets:
        return
    wanted = {identity: target for target in targets if (identity := _identity(target)) is not None}
    if wanted:
        for name in inputs:
            if name == STDIN or is_url(name):
                continue
            target = wanted.get(_identity(name) or (-1, -1))
            if target is not None:
                how = "" if os.path.abspath(target) == os.path.abspath(name) else f" ({_how(target)})"
                raise UsageError(
                    f"-O {named(target)}: that is the input {named(name)}{how}; write the output to another file "
                    "(only fmt and fix rewrite their inputs, in place)"
                )
    for target in targets:
        if os.path.islink(target):
            err.print(
                f"note: -O {named(target)} is a symbolic link: writing {named(os.path.realpath(target))}", highlight=False, soft_wrap=True
            )


def _how(target: str) -> str:
    return "a symbolic link to it" if os.path.islink(target) else "the same file by a hard link"
