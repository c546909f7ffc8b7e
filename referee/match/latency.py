"""Reply latencies of a bot in constant memory, for the percentiles a match reports (as
fastchess's ``-show-latency``): a long match must not keep every figure."""

from __future__ import annotations

import math

__all__ = ["Latencies"]


class Latencies:
    """Reply latencies in a histogram of 2% wide buckets: percentiles within 2%, in constant memory.

    >>> lat = Latencies()
    >>> for ms in (1.0, 2.0, 3.0, 4.0, 100.0):
    ...     lat.add(ms)
    >>> lat.count, lat.max_ms, round(lat.percentile(50), 1), round(lat.percentile(100))
    (5, 100.0, 3.0, 100)
    """

    _STEP = math.log(1.02)
    _FLOOR_MS = 0.001

    def __init__(self) -> None:
        self.count = 0
        self.total_ms = 0.0
        self.max_ms = 0.0
        self._buckets: dict[int, int] = {}

    def add(self, ms: float) -> None:
        self.count += 1
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)
        key = math.floor(math.log(max(ms, self._FLOOR_MS) / self._FLOOR_MS) / self._STEP)
        self._buckets[key] = self._buckets.get(key, 0) + 1

    def percentile(self, p: float) -> float:
        """The ``p``-th percentile (0-100) in milliseconds, to within 2%; 0 when nothing was measured."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(p / 100 * self.count))
        if rank >= self.count:
            return self.max_ms
        seen = 0
        for key in sorted(self._buckets):
            seen += self._buckets[key]
            if seen >= rank:
                return min(self.max_ms, self._FLOOR_MS * math.exp((key + 0.5) * self._STEP))
        return self.max_ms
