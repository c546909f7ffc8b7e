"""Where a hand's diagnostics fall: which part of the hand (deal, auction, play...),
which trick, which play, found from the record's source places.

A diagnostic belongs to a play when it has the play's hand number and the play's
source span; a diagram draws it there (a flag on the tile) and lists it under its
item.  The places are line and column (``source.Position``), as diagnostics give them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..codes import Severity
from ..diagnostics import Diagnostic
from ..engine.views import HandView
from ..notation.locate import play_spans, tile_spans
from ..notation.record import GameRecord, HandRecord
from ..source import Position as Place
from ..source import Span
from .diagram import Item, Note
from .diagram import Severity as NoteSeverity

__all__ = ["Place", "item_places", "note", "place", "play_places"]

_SEVERITY: dict[Severity, NoteSeverity] = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def note(d: Diagnostic, item: Item = "hand", trick: int | None = None) -> Note:
    """A diagnostic as a diagram lists it, under ``item`` (and ``trick`` for a play)."""
    where = None if d.at is None else f"{d.at.line}:{d.at.column}"
    return Note(d.code, _SEVERITY[d.severity], d.message, where, d.hint, trick, item)


def place(record: GameRecord, span: Span | None) -> Place | None:
    """Where ``span`` is, as diagnostics give it (line and column)."""
    source = record.source
    return None if span is None or source is None else source.span(span)


def play_places(record: GameRecord, hr: HandRecord) -> list[Place | None]:
    """Where each play of the hand is, in the order the record wrote them."""
    source = record.source
    out: list[Place | None] = []
    for tr in hr.tricks:
        spans: list[Span] = []
        if source is not None and tr.at is not None:
            seg = source.segment_at(tr.at[0])
            spans = play_spans(seg.text, seg.offset, tr.at)
        out.extend(place(record, spans[k]) if k < len(spans) else None for k in range(len(tr.plays)))
    return out


def item_places(
    record: GameRecord, hr: HandRecord, views: Sequence[HandView], plays: Sequence[Place | None]
) -> dict[Place, tuple[Item, int | None]]:
    """Which part of the hand each place belongs to, and the trick of a play: as the
    replay counted it (``views``, the engine's view before each play at ``plays``),
    else as the record writes it."""
    source = record.source
    out: dict[Place | None, tuple[Item, int | None]] = {}
    for view, where in zip(views, plays, strict=False):
        out.setdefault(where, ("play", len(view.tricks) + 1))
    n = 0
    for i, tr in enumerate(hr.tricks, start=1):
        for where in (place(record, tr.at), place(record, tr.winner_at), *plays[n : n + len(tr.plays)]):
            out.setdefault(where, ("play", i))
        n += len(tr.plays)
    items: list[tuple[Item, object]] = [("auction", hr.calls_at), *(("auction", c) for c in hr.calls), ("exchange", hr.exchange)]
    items += [("trump", hr.trump), ("trump", hr.trump.by_at if hr.trump else None), ("claim", hr.claim)]
    items += [("result", hr.result), ("result", hr.award), ("result", hr.score), ("deal", hr.kitty), ("deal", hr.dealer_at)]
    items += [("deal", dealt) for dealt in hr.deal or []]
    for dealt in hr.deal or []:
        if source is not None and dealt.at is not None:
            seg = source.segment_at(dealt.at[0])
            items += [("deal", span) for span in tile_spans(seg.text, seg.offset, dealt.at)]
    for item, x in items:
        span = x if isinstance(x, tuple) or x is None else getattr(x, "at", None)
        out.setdefault(place(record, span), (item, None))
    out.pop(None, None)
    return {k: v for k, v in out.items() if k is not None}
