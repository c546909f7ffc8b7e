"""Which records, and which hands of them, ``referee select`` keeps.

Filters combine with AND.  Those about a record (tags, players, rules, codes,
clean or broken) are asked of the record; those about a hand (declarer, trump,
contract, bid, made or set) are asked of each hand, and a record matches when one
of its hands matches them all.  With ``hands`` the matching hands are taken out of
their records, each as a hand of a log under its record's tags (``[Mode "log"]``).

Names are compared as ``league.names`` says (case, accents and spaces aside, and
through a ``[players]`` table).

>>> f = Filters(made=True, bid_min=31)
>>> f.by_hand, Filters(player="Ann").by_hand
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from ..judging.judged import Judged
from ..judging.verdict import GameVerdict, HandVerdict, game_of
from ..notation.items.trump import declaration
from ..notation.record import GameRecord, HandRecord, Tag
from ..report.names import player_names
from .names import Aliases

__all__ = ["CONTRACTS", "Filters", "Selected", "contract_of", "selected"]

CONTRACTS = ("nello", "plunge", "splash", "sevens")
"""The special contracts ``--contract`` takes."""


@dataclass(frozen=True, slots=True)
class Filters:
    """What ``select`` keeps; every field left at its default keeps everything."""

    tags: tuple[tuple[str, str], ...] = ()
    """(name, value): the record's tag ``name`` has the value (case-insensitive)."""
    player: str | None = None
    """A player's name in any seat tag."""
    declarer: str | None = None
    """A hand's declarer: a seat, or a player's name."""
    trump: str | None = None
    """A declaration as a record writes it: ``sixes``, ``6``, ``doubles``, ``follow-me``, ``nello``..."""
    contract: str | None = None
    bid_min: int | None = None
    bid_max: int | None = None
    made: bool | None = None
    """True: hands made; False: hands set."""
    codes: tuple[str, ...] = ()
    """Records (hands, with ``hands``) with a diagnostic of one of these codes."""
    clean: bool | None = None
    """True: records without errors; False: records with errors."""
    rules: str | None = None
    """The game the record was judged under (``42``, ``moon``, ``88``)."""
    detail: str | None = None
    """A hand's level of detail: ``plays`` (played out, trick by trick) or ``hands`` (a
    score sheet's hand, written without its plays)."""
    aliases: Aliases = field(default_factory=Aliases)
    """Other spellings of players' names (a house-rule file's ``[players]`` table)."""

    @property
    def by_hand(self) -> bool:
        """Whether a filter is asked of each hand."""
        return any(x is not None for x in (self.declarer, self.trump, self.contract, self.bid_min, self.bid_max, self.made, self.detail))


@dataclass(frozen=True, slots=True)
class Selected:
    """One record to write: the record (or a hand of it, as a log) and its verdict."""

    record: GameRecord
    verdict: GameVerdict
    clean: bool


def contract_of(hv: HandVerdict, hr: HandRecord) -> str | None:
    """The special contract a hand was played as: named with the winning bid (plunge,
    splash) or as the declaration (nello, sevens)."""
    kind = (hv.trump or "").split(" ")[0]
    if kind in ("nello", "sevens"):
        return kind
    for call in hr.calls:
        if call.contract is not None and call.amount == hv.bid:
            return call.contract
    return None


def _trump_matches(wanted: str, hv: HandVerdict) -> bool:
    if hv.trump is None:
        return False
    return declaration(wanted) == declaration(hv.trump.split(" ")[0])


def _same_player(f: Filters, written: str | None, wanted: str) -> bool:
    """Whether a name written in a seat tag is the player a filter names."""
    return written is not None and f.aliases.key(written) == f.aliases.key(wanted)


def _hand_matches(f: Filters, hv: HandVerdict, hr: HandRecord, names: dict[str, str]) -> bool:
    if f.declarer is not None:
        seat = hv.declarer
        if seat is None or (seat.casefold() != f.declarer.strip().casefold() and not _same_player(f, names.get(seat), f.declarer)):
            return False
    if f.trump is not None and not _trump_matches(f.trump, hv):
        return False
    if f.contract is not None and contract_of(hv, hr) != f.contract:
        return False
    if f.bid_min is not None and (hv.bid is None or hv.bid < f.bid_min):
        return False
    if f.bid_max is not None and (hv.bid is None or hv.bid > f.bid_max):
        return False
    if f.detail is not None and hv.detail != f.detail:
        return False
    return f.made is None or (hv.made is not None and hv.made == f.made)


def _record_matches(f: Filters, j: Judged, names: dict[str, str]) -> bool:
    record, verdict = j.record, j.verdict
    assert record is not None and verdict is not None
    for name, value in f.tags:
        written = record.tag(name)
        if written is None or written.strip().casefold() != value.strip().casefold():
            return False
    if f.player is not None and not any(_same_player(f, n, f.player) for n in names.values()):
        return False
    return f.rules is None or (verdict.rules or "").lower() == f.rules.lower()


def _diagnostics_match(f: Filters, errors: bool, found: set[str]) -> bool:
    if f.codes and found.isdisjoint(f.codes):
        return False
    return f.clean is None or f.clean != errors


def selected(f: Filters, j: Judged, *, hands: bool = False) -> Iterator[Selected]:
    """The records (or, with ``hands``, the hands as logs) of ``j`` that ``f`` keeps."""
    record, verdict = j.record, j.verdict
    if record is None or verdict is None:
        return
    names = player_names(record, game_of(verdict))
    if not _record_matches(f, j, names):
        return
    pairs = list(zip(verdict.hands, record.hands, strict=False))
    matching = [(hv, hr) for hv, hr in pairs if _hand_matches(f, hv, hr, names)]
    if not hands:
        errors = any(d.is_error for d in j.diagnostics)
        if (f.by_hand and not matching) or not _diagnostics_match(f, errors, {d.code for d in j.diagnostics}):
            return
        yield Selected(record, verdict, not errors)
        return
    # the record's tags, not the comments written about the whole record
    tags = [replace(t, comments=(), after=()) for t in record.tags if t.name.lower() != "mode"] + [Tag("Mode", "log")]
    for hv, hr in matching:
        own = [d for d in j.diagnostics if d.hand == hv.number]
        errors = any(d.is_error for d in own)
        if not _diagnostics_match(f, errors, {d.code for d in own}):
            continue
        log = GameVerdict(
            verdict.rules, verdict.options, verdict.target, verdict.target_unit, "log", [replace(hv, score=None)], diagnostics=own
        )
        yield Selected(GameRecord(tags=list(tags), hands=[hr], source=record.source), log, not errors)
