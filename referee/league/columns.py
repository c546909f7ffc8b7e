"""A column of integers as small as its values allow, and as wide as they need.

``dups`` keeps a few numbers per record and per hand of a whole archive (file index,
line, place in the file, hands) in ``array``s, so that a million hands cost tens of
megabytes instead of hundreds.  A fixed item size is a limit the input decides: 70,000
files overflowed a 16-bit file index (issue 30, item 4).  A ``Column`` starts at one
byte an item and widens itself (2, 4, 8 bytes, then Python integers of any size, and
any sign) the first time a value does not fit, so it costs what its largest value
needs and never refuses one.

>>> c = Column()
>>> for v in (1, 70_000, 2**40, -3, 10**30):
...     c.append(v)
>>> list(c), c.typecode
([1, 70000, 1099511627776, -3, 1000000000000000000000000000000], None)
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import overload

__all__ = ["Column"]

_WIDTHS = ("B", "H", "I", "Q")
"""Unsigned item types, narrowest first (``I`` is 4 bytes and ``Q`` 8 on every platform Python runs on)."""


class Column(Sequence[int]):
    """An append-only sequence of integers in the narrowest ``array`` that holds them all."""

    __slots__ = ("_data",)

    def __init__(self) -> None:
        self._data: array[int] | list[int] = array("B")

    @property
    def typecode(self) -> str | None:
        """The ``array`` item type in use; ``None`` once a value needed Python integers."""
        return self._data.typecode if isinstance(self._data, array) else None

    def append(self, value: int) -> None:
        try:
            self._data.append(value)
        except OverflowError:
            self._widen(value)
            self._data.append(value)

    def _widen(self, value: int) -> None:
        data = self._data
        assert isinstance(data, array)  # a list takes any integer
        for code in _WIDTHS[_WIDTHS.index(data.typecode) + 1 :]:
            if 0 <= value < 1 << (8 * array(code).itemsize):
                self._data = array(code, data)
                return
        self._data = list(data)  # negative, or 2**64 and above

    def __len__(self) -> int:
        return len(self._data)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        return self._data[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._data)
