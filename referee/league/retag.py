"""Tags set or removed across records, as ``referee tag`` does to a league's files
(pgn-extract's ``--addtag``/``-Tr`` and PBN practice: a director names the event or
the round of every game at once).

A tag set replaces every tag of that name in the header, where the first of them
stood (the writer puts known tags in their order); a record with no header gets
``[Mode "log"]`` with it, so that a hand of a log stays one.  Names are matched as
the notation reads them, without regard to case.

>>> from referee.notation.record import GameRecord, Tag
>>> r = GameRecord(tags=[Tag("Event", "Friday"), Tag("Round", "1")])
>>> [(t.name, t.value) for t in retag(r, sets=[("round", "2")], removes=["Event"]).tags]
[('Round', '2')]
>>> [(t.name, t.value) for t in retag(GameRecord(), sets=[("Event", "Friday")], removes=[]).tags]
[('Mode', 'log'), ('Event', 'Friday')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..notation.record import GameRecord, Tag
from ..notation.tags import canonical_name

__all__ = ["retag"]


def retag(record: GameRecord, *, sets: Sequence[tuple[str, str]], removes: Sequence[str]) -> GameRecord:
    """``record`` with the tags named in ``removes`` taken out, then each of ``sets`` given its value."""
    gone = {name.lower() for name in removes}
    tags = [t for t in record.tags if t.name.lower() not in gone]
    for name, value in sets:
        low = name.lower()
        at = next((i for i, t in enumerate(tags) if t.name.lower() == low), None)
        if at is None:
            if not tags:
                tags = [Tag("Mode", "log")]
            tags.append(Tag(canonical_name(name), value))
            continue
        tags[at] = replace(tags[at], name=canonical_name(name), value=value)
        tags = [t for i, t in enumerate(tags) if i <= at or t.name.lower() != low]
    return replace(record, tags=tags)
