"""Where a single play or dealt tile is written, worked out from its item's text when a
diagnostic asks (the reader keeps only the places of whole tricks and deal rows)."""

from __future__ import annotations

from ..notation.locate import play_spans, tile_spans
from ..notation.record import TrickRecord
from ..source import Source, Span

__all__ = ["Places"]


class Places:
    """The plays of a trick or tiles of a row of one record's ``source``, each found once: a
    row of thousands of refused tiles would otherwise be read again for each of them."""

    def __init__(self, source: Source | None) -> None:
        self.source = source
        self._spans: dict[Span, list[Span]] = {}

    def play_at(self, tr: TrickRecord, k: int) -> Span | None:
        """Where the ``k``-th play of ``tr`` is (worked out from the trick's text)."""
        if tr.at is None or self.source is None:
            return tr.at
        spans = self._spans.get(tr.at)
        if spans is None:
            seg = self.source.segment_at(tr.at[0])
            spans = self._spans[tr.at] = play_spans(seg.text, seg.offset, tr.at)
        return spans[k] if k < len(spans) else tr.at

    def tile_at(self, row: Span | None, index: int) -> Span | None:
        """Where the ``index``-th tile of the deal row at ``row`` is."""
        if row is None or self.source is None:
            return row
        spans = self._spans.get(row)
        if spans is None:
            seg = self.source.segment_at(row[0])
            spans = self._spans[row] = tile_spans(seg.text, seg.offset, row)
        return spans[index] if index < len(spans) else row
