"""``--cluster ADDRESS`` as written: the ``ClusterSpec`` it names (``run.dask`` opens a
session on it).

Apart from ``run.dask`` because every batch command reads the option at start-up (its
type names the option's value), while only a run on a cluster needs the rest.

>>> parse_cluster("local:4"), parse_cluster("tcp://10.0.0.5:8786").address, parse_cluster("sched:8786").address
(ClusterSpec(kind='local', workers=4, address=None), 'tcp://10.0.0.5:8786', 'tcp://sched:8786')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["ClusterSpec", "parse_cluster"]

_SCHEME = r"(?i)^[a-z][a-z0-9+.-]*://\S+$"
_HOST_PORT = r"^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$"
"""A scheduler's address, with and without its scheme: compiled by ``re`` (and kept in its
cache) when a ``--cluster`` is first parsed, not by every batch command's start-up."""


@dataclass(frozen=True, slots=True)
class ClusterSpec:
    """Where a run's units go."""

    kind: Literal["sync", "local", "remote"]
    workers: int | None = None
    """``local``: worker processes (None: the cores available)."""
    address: str | None = None
    """``remote``: the scheduler's address."""

    def __str__(self) -> str:
        if self.kind == "remote":
            return str(self.address)
        return f"local:{self.workers}" if self.kind == "local" and self.workers else self.kind


def parse_cluster(text: str) -> ClusterSpec:
    """The cluster ``text`` names; ``ValueError`` says what is wrong with it."""
    value = text.strip()
    lower = value.lower()
    if lower in ("sync", "synchronous"):
        return ClusterSpec("sync")
    if lower == "local":
        return ClusterSpec("local")
    if lower.startswith("local:"):
        count = lower.partition(":")[2]
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"{text!r}: local:N takes a number of workers, 1 or more")
        return ClusterSpec("local", workers=int(count))
    if re.match(_SCHEME, value):
        return ClusterSpec("remote", address=value)
    if re.match(_HOST_PORT, value):
        return ClusterSpec("remote", address=f"tcp://{value}")
    raise ValueError(f"{text!r} is not a cluster: give local, local:N, sync, or a scheduler's address such as tcp://host:8786")
