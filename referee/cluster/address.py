"""``--cluster ADDRESS``: which Dask scheduler a run uses, read from the command line.

Four forms, one per way of running:

- ``local`` or ``local:N``: a ``LocalCluster`` of N worker processes on this machine
  (default: the cores available), started for the run and stopped after it;
- ``tcp://host:8786`` (or any scheme Dask speaks: ``tls://``, ``ws://``...; a bare
  ``host:port`` is ``tcp://``): a running ``dask scheduler`` and its workers;
- ``sync``: Dask's synchronous scheduler, every unit in this process one after the
  other, for debugging (a breakpoint in the referee stops there).

Only the standard library is imported here: the option is read before anything heavy
is imported, and whether Dask is installed is checked by the option's parser.  A
``ClusterSpec`` is what ``pipeline.outcomes`` takes as ``cluster=`` (its ``Elsewhere``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar

if TYPE_CHECKING:
    from ..judging.replay import Referee
    from ..pipeline import Extract, Outcome

__all__ = ["ClusterSpec", "parse_cluster"]

T = TypeVar("T")

_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://\S+$", re.IGNORECASE)
_HOST_PORT = re.compile(r"^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$")


@dataclass(frozen=True, slots=True)
class ClusterSpec:
    """Where a run's units go."""

    kind: Literal["sync", "local", "remote"]
    workers: int | None = None
    """``local``: worker processes (None: the cores available)."""
    address: str | None = None
    """``remote``: the scheduler's address."""

    def outcomes(
        self, paths: list[str], referee: Referee, extract: Extract[T] | None, *, batch_hands: int | None = None
    ) -> Iterator[Outcome[T]]:
        """Every record of ``paths`` judged on this cluster, in input order (``ordered``):
        ``pipeline.outcomes(..., cluster=spec)`` calls this, so the pipeline needs no
        knowledge of Dask and a command gets ``--cluster`` from one option."""
        from .ordered import cluster_outcomes

        return cluster_outcomes(paths, referee, extract, self, batch_hands=batch_hands)

    def __str__(self) -> str:
        if self.kind == "remote":
            return str(self.address)
        return f"local:{self.workers}" if self.kind == "local" and self.workers else self.kind


def parse_cluster(text: str) -> ClusterSpec:
    """The cluster ``text`` names; ``ValueError`` says what is wrong with it.

    >>> parse_cluster("local:4"), parse_cluster("tcp://10.0.0.5:8786").address, parse_cluster("sched:8786").address
    (ClusterSpec(kind='local', workers=4, address=None), 'tcp://10.0.0.5:8786', 'tcp://sched:8786')
    """
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
    if _SCHEME.match(value):
        return ClusterSpec("remote", address=value)
    if _HOST_PORT.match(value):
        return ClusterSpec("remote", address=f"tcp://{value}")
    raise ValueError(f"{text!r} is not a cluster: give local, local:N, sync, or a scheduler's address such as tcp://host:8786")
