"""Duplicates across records: a game entered twice, a game entered twice with a few
hands that differ (a slip in one of the entries), a deal played at several tables, a
game entered again after only its first hands were.

Only what was played counts: the deal (each seat's tiles) and the tiles played, in
order; tags, comments, seat labels, bids and the written results do not.  Each hand is
reduced to a 64-bit hash (BLAKE2b) as its record is read, and the record is let go:
``Hashes`` keeps a few numbers per hand in arrays, so a million hands cost tens of
megabytes; the numbers the input decides (file index, line, hands, places) are
``Column``s, as narrow as their values allow and widened as they need, so no count of
files, lines or hands overflows them.  Repeated hashes are found with a bitmap (a hash whose bit is already set
is a candidate) and grouped on a second pass over the candidates only.

>>> from referee.notation.reader import read_text
>>> text = '[Event "a"]\\nhand 1\\n  deal N 6-6\\n  play N 6-6\\n[Event "b"]\\nhand 1\\n  deal N 66\\n  play 6-6\\n'
>>> h = Hashes()
>>> for i, r in enumerate(read_text(text), start=1):
...     h.add(r.record, "x.42", i)
>>> [(g.kind, [p.line for p in g.places]) for g in h.groups()]
[('same-game', [1, 5])]
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..notation.record import GameRecord, HandRecord
from .columns import Column

__all__ = ["ALIKE", "Group", "Hashes", "Place", "repeated"]


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def hand_key(hr: HandRecord) -> int:
    """What was played in a hand: the deal by seat and the tiles played, in order."""
    deal = ";".join(sorted(f"{d.seat}:{','.join(sorted(map(str, d.tiles)))}" for d in hr.deal or ()))
    plays = ",".join(str(p.tile) for tr in hr.tricks for p in tr.plays)
    return _digest(f"{deal}|{plays}")


def deal_key(hr: HandRecord) -> int | None:
    """The deal alone (None for a hand whose deal is not written)."""
    if not hr.deal:
        return None
    return _digest(";".join(sorted(f"{d.seat}:{','.join(sorted(map(str, d.tiles)))}" for d in hr.deal)))


def _chain(before: int, key: int) -> int:
    return _digest(f"{before}>{key}")


def repeated(hashes: Sequence[int]) -> dict[int, list[int]]:
    """Each hash that occurs more than once, with the indexes where it does.

    A bitmap of 16 bits per hash (at least 64 KiB) marks the hashes seen; a hash whose
    bit is already set is a candidate (a few percent are false ones), and only the
    candidates are grouped.
    """
    bits = 1 << max(19, (16 * len(hashes)).bit_length())
    mask = bits - 1
    seen = bytearray(bits >> 3)
    candidates: set[int] = set()
    for h in hashes:
        b = h & mask
        byte, bit = b >> 3, 1 << (b & 7)
        if seen[byte] & bit:
            candidates.add(h)
        else:
            seen[byte] |= bit
    del seen
    groups: dict[int, list[int]] = {}
    if candidates:
        for i, h in enumerate(hashes):
            if h in candidates:
                groups.setdefault(h, []).append(i)
    return {h: ix for h, ix in groups.items() if len(ix) > 1}


@dataclass(frozen=True, slots=True)
class Place:
    """Where a record, or a hand of one, is written."""

    file: str
    line: int
    record: int
    """The record's place in its file (1-based)."""
    hand: int | None = None
    """The hand's number, for a deal."""
    hands: int | None = None
    """The record's hands, for a game."""


@dataclass(frozen=True, slots=True)
class Group:
    """Records or hands that are the same: ``same-game`` (a record entered twice),
    ``re-entered`` (a game entered twice whose entries differ in a few hands, named in
    ``differing``), ``same-deal`` (a deal played at several tables), ``prefix`` (the
    first record's hands are the first hands of each later one)."""

    kind: str
    places: tuple[Place, ...]
    differing: tuple[int, ...] = ()
    """For ``re-entered``: the hands (their written numbers) that are not the same."""


ALIKE = 0.5
"""Two games with the same deals are one game entered twice when more than this share
of their hands are the same (deal and play); fewer, and they are a duplicate event's
tables playing the same boards (``same-deal``)."""


class Hashes:
    """The hashes of every record added, and where each record and hand is."""

    def __init__(self) -> None:
        self.files: list[str] = []
        self._file_index: dict[str, int] = {}
        # one entry per record: its hash, hands, file, line, place in the file, whether it is a game
        self.e_hash = array("Q")  # 64-bit hashes: the width is the hash's, not the input's
        self.e_hands = Column()
        self.e_file = Column()
        self.e_line = Column()
        self.e_index = Column()
        self.e_game = array("B")
        # one per proper prefix of a game of two hands or more: its hash, the entry, its hands
        self.p_hash = array("Q")
        self.p_entry = Column()
        self.p_hands = Column()
        # one per hand of a game: what was played in it (``hand_key``) and its written number;
        # a game's hands are ``e_first[entry]`` on, in order
        self.e_first = Column()
        self.h_hash = array("Q")
        self.h_number = Column()
        # one per hand with a written deal: its hash, the entry, the hand's number and line
        self.d_hash = array("Q")
        self.d_entry = Column()
        self.d_number = Column()
        self.d_line = Column()

    @property
    def records(self) -> int:
        return len(self.e_hash)

    def add(self, record: GameRecord, file: str, index: int) -> None:
        """Hash one record (read from ``file``, its ``index``-th) and forget it."""
        entry = len(self.e_hash)
        f = self._file_index.get(file)
        if f is None:
            f = self._file_index[file] = len(self.files)
            self.files.append(file)
        source = record.source
        at = record.at or (record.hands[0].at if record.hands else None)
        line = source.position(at[0])[0] if source is not None and at is not None else 0
        game = record.mode == "game"
        chain = 0
        self.e_first.append(len(self.h_hash))
        for k, hr in enumerate(record.hands, start=1):
            key = hand_key(hr)
            if game:
                self.h_hash.append(key)
                self.h_number.append(hr.label(k))
            chain = _chain(chain, key) if k > 1 or game else key
            if game and k < len(record.hands):
                self.p_hash.append(chain)
                self.p_entry.append(entry)
                self.p_hands.append(k)
            deal = deal_key(hr)
            if deal is not None:
                self.d_hash.append(deal)
                self.d_entry.append(entry)
                self.d_number.append(hr.label(k))
                self.d_line.append(source.position(hr.at[0])[0] if source is not None and hr.at is not None else 0)
        self.e_hash.append(chain)
        self.e_hands.append(len(record.hands))
        self.e_file.append(f)
        self.e_line.append(line)
        self.e_index.append(index)
        self.e_game.append(game)

    def _place(self, entry: int) -> Place:
        return Place(self.files[self.e_file[entry]], self.e_line[entry], self.e_index[entry], None, self.e_hands[entry])

    def groups(self) -> list[Group]:
        """Every group found, in the order of its first place."""
        out: list[Group] = []
        family = list(range(len(self.e_hash)))
        """Records that are one game entered more than once (or in part): union-find."""

        def root(e: int) -> int:
            while family[e] != e:
                family[e] = family[family[e]]
                e = family[e]
            return e

        def join(a: int, b: int) -> None:
            family[root(a)] = root(b)

        for ix in repeated(self.e_hash).values():
            ix = [e for e in ix if self.e_hands[e]]
            for kind in (1, 0):  # games, then logged hands: the same record entered again
                same = [e for e in ix if self.e_game[e] == kind]
                if len(same) > 1:
                    out.append(Group("same-game", tuple(self._place(e) for e in same)))
                    for e in same[1:]:
                        join(e, same[0])
        full: dict[int, list[int]] = {}
        for e, h in enumerate(self.e_hash):
            if self.e_game[e] and self.e_hands[e]:
                full.setdefault(h, []).append(e)
        found: dict[tuple[int, int], None] = {}
        for h, e, k in zip(self.p_hash, self.p_entry, self.p_hands, strict=True):
            for shorter in full.get(h, ()):
                if self.e_hands[shorter] == k:
                    found[(shorter, e)] = None
        del full
        for shorter, longer in found:
            out.append(Group("prefix", (self._place(shorter), self._place(longer))))
            join(shorter, longer)
        out += self._re_entered(root, join)
        for ix in repeated(self.d_hash).values():
            if len({root(self.d_entry[i]) for i in ix}) > 1:
                places = tuple(
                    Place(self.files[self.e_file[self.d_entry[i]]], self.d_line[i], self.e_index[self.d_entry[i]], self.d_number[i])
                    for i in ix
                )
                out.append(Group("same-deal", places))
        out.sort(key=lambda g: (_order(g.places[0], self._file_index), g.kind))
        return out

    def _hands_of(self, entry: int) -> range:
        start = self.e_first[entry]
        return range(start, start + (self.e_hands[entry] if self.e_game[entry] else 0))

    def _re_entered(self, root: Callable[[int], int], join: Callable[[int, int], None]) -> list[Group]:
        """Pairs of games, not yet found the same, more than ``ALIKE`` of whose hands are
        the same hand at the same place: one game entered twice, with the hands that differ."""
        owner = array("Q", bytes(8 * len(self.h_hash)))  # an entry index for each hand: 64 bits, whatever the count
        for e in range(len(self.e_hash)):
            for i in self._hands_of(e):
                owner[i] = e
        shared: dict[tuple[int, int], int] = {}
        for ix in repeated(self.h_hash).values():
            for a_i, a in enumerate(ix):
                for b in ix[a_i + 1 :]:
                    ea, eb = owner[a], owner[b]
                    if ea != eb and a - self.e_first[ea] == b - self.e_first[eb]:
                        shared[(ea, eb)] = shared.get((ea, eb), 0) + 1
        out = []
        for (a, b), same in shared.items():
            if root(a) == root(b) or same <= ALIKE * max(self.e_hands[a], self.e_hands[b]):
                continue
            ha, hb = self._hands_of(a), self._hands_of(b)
            differing = [
                self.h_number[ha[k]] if k < len(ha) else self.h_number[hb[k]]
                for k in range(max(len(ha), len(hb)))
                if k >= len(ha) or k >= len(hb) or self.h_hash[ha[k]] != self.h_hash[hb[k]]
            ]
            out.append(Group("re-entered", (self._place(a), self._place(b)), tuple(differing)))
            join(a, b)
        return out

    def add_all(self, records: Iterable[tuple[GameRecord, str, int]]) -> None:
        for record, file, index in records:
            self.add(record, file, index)


def _order(p: Place, files: dict[str, int]) -> tuple[int, int]:
    return files[p.file], p.line
