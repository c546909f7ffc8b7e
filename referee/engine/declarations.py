"""Trump declarations as precomputed tables.

For every declaration and every tile the table says which suit the tile calls
when led, which suits it follows, and its rank in each suit.  Suits are the
numbers 0-6 and ``DOUBLES`` (7), the suit of the doubles when doubles are trump.
Tables are built once per declaration and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from .tiles import ALL_TILES, Tile

__all__ = ["DOUBLES", "NUMBER_NAMES", "Declaration", "TrumpTable", "table_for"]

DOUBLES = 7
NUMBER_NAMES = ("blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles")
"""Suit names as players say them (index = suit)."""
NUMBER_ALIASES = {
    "blanks": 0, "blank": 0, "zeros": 0, "0s": 0,
    "aces": 1, "ones": 1, "ace": 1, "1s": 1,
    "deuces": 2, "twos": 2, "deuce": 2, "2s": 2,
    "treys": 3, "threes": 3, "trey": 3, "3s": 3,
    "fours": 4, "4s": 4,
    "fives": 5, "5s": 5,
    "sixes": 6, "6s": 6,
}  # fmt: skip
NO_RANK = -1


@dataclass(frozen=True, slots=True)
class Declaration:
    """What the high bidder named: ``kind`` is 'suit', 'doubles', 'follow-me', or
    a contract named as the declaration, 'nello' or 'sevens'."""

    kind: str
    suit: int | None = None  # for kind == 'suit'
    doubles_low: bool = False  # for kind 'follow-me' and 'nello'
    doubles_suit: bool = False
    """Nello with own-suit doubles: the doubles are a suit of their own (not trumps)."""

    def __str__(self) -> str:
        if self.kind == "suit":
            assert self.suit is not None
            return NUMBER_NAMES[self.suit]
        if self.kind in ("follow-me", "nello"):
            return (
                f"{self.kind} {self.doubles_mode}" if self.doubles_mode != ("own-suit" if self.kind == "nello" else "high") else self.kind
            )
        return self.kind

    @property
    def doubles_mode(self) -> str:
        """'low', 'own-suit' or 'high': where the doubles rank without trumps."""
        return "low" if self.doubles_low else "own-suit" if self.doubles_suit else "high"

    @property
    def trump_suit(self) -> int | None:
        if self.kind == "suit":
            return self.suit
        if self.kind == "doubles":
            return DOUBLES
        return None


@dataclass(frozen=True, slots=True)
class TrumpTable:
    """Per-tile lookups for one declaration; index every tuple by the tile."""

    declaration: Declaration
    trump: int | None
    calls: tuple[int, ...]
    """The suit a tile calls when it leads."""
    follows: tuple[int, ...]
    """Bit mask of the suits a tile follows (bit ``s`` for suit ``s``)."""
    rank: tuple[tuple[int, ...], ...]
    """``rank[tile][suit]``: higher wins; ``NO_RANK`` when not of that suit."""
    is_trump: tuple[bool, ...]
    forced: bool = False
    """Sevens: a player must play the tile of highest ``rank[t][0]`` (nearest 7 pips)."""
    strength: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """``strength[led][tile]`` in a trick whose lead called suit ``led`` (the highest takes
    it): the tile's rank in that suit, a trump's rank + 16 (ranks run 0..8, so a trump
    beats the led suit), ``NO_RANK`` when it cannot take the trick.  One int a tile, so
    ``winner`` compares plain ints rather than (is_trump, rank) pairs."""
    suit_sets: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)
    """``suit_sets[suit]``: the tiles that follow ``suit`` (bit ``suit`` of ``follows``), as a
    set, so that whether a hand holds one is a single C call (``isdisjoint``) rather than a
    loop over the hand (``trick.play_run``'s renege test)."""

    def __post_init__(self) -> None:
        trump, rank, is_trump, follows = self.trump, self.rank, self.is_trump, self.follows
        strength = tuple(
            tuple(rank[t][trump] + 16 if trump is not None and is_trump[t] else rank[t][led] for t in range(len(rank)))
            for led in range(DOUBLES + 1)
        )
        suit_sets = tuple(frozenset(t for t in range(len(follows)) if follows[t] >> suit & 1) for suit in range(DOUBLES + 1))
        object.__setattr__(self, "strength", strength)  # frozen: set once, as the table is built
        object.__setattr__(self, "suit_sets", suit_sets)

    def playable(self, held: Sequence[Tile], lead: Tile | None) -> list[Tile]:
        """The tiles of ``held`` a player may play; ``lead`` is the trick's first tile (None: leading)."""
        if self.forced:
            if not held:  # a seat with no tile left (or none dealt, in a damaged record) may play nothing
                return []
            rank = self.rank
            best = max(rank[t][0] for t in held)
            return [t for t in held if rank[t][0] == best]
        if lead is None:
            return list(held)
        bit = 1 << self.calls[lead]
        follows = self.follows
        return [t for t in held if follows[t] & bit] or list(held)

    def suit_of_lead(self, t: Tile) -> int:
        return self.calls[t]

    def follows_suit(self, t: Tile, suit: int) -> bool:
        return bool(self.follows[t] >> suit & 1)

    def winner(self, tiles: list[Tile]) -> int:
        """Index in ``tiles`` (play order) of the tile that takes the trick.

        Strict comparison keeps the first of two identical tiles on top (Texas 88).
        """
        strength = self.strength[self.calls[tiles[0]]]
        best, best_key = 0, strength[tiles[0]]
        for i in range(1, len(tiles)):
            key = strength[tiles[i]]
            if key > best_key:
                best, best_key = i, key
        return best


SEVENS = 0
"""Under sevens every tile calls and follows this one suit and ranks by nearness to 7 pips."""


def _sevens() -> TrumpTable:
    size = max(ALL_TILES) + 1
    ranks: list[tuple[int, ...]] = [(NO_RANK,) * 8] * size
    for t in ALL_TILES.values():
        ranks[t] = (8 - abs(t.pips - 7),) * 8  # 1..8: nearer 7 ranks higher; ties go to the first played
    return TrumpTable(Declaration("sevens"), None, (SEVENS,) * size, (0xFF,) * size, tuple(ranks), (False,) * size, forced=True)


def _build(d: Declaration) -> TrumpTable:
    if d.kind == "sevens":
        return _sevens()
    size = max(ALL_TILES) + 1
    calls = [0] * size
    follows = [0] * size
    ranks: list[tuple[int, ...]] = [(NO_RANK,) * 8] * size
    is_trump = [False] * size
    trump = d.trump_suit
    for t in ALL_TILES.values():
        r = [NO_RANK] * 8
        if d.kind == "suit" and trump is not None and t.has(trump):
            # A trump is only a trump: it calls and follows the trump suit alone
            # and ranks by its end that is not the trump number.
            calls[t] = trump
            follows[t] = 1 << trump
            r[trump] = 8 if t.is_double else t.other(trump) + 1
            is_trump[t] = True
        elif (d.kind == "doubles" or d.doubles_suit) and t.is_double:
            # Doubles trump, or nello's doubles as a suit of their own (no trumps).
            calls[t] = DOUBLES
            follows[t] = 1 << DOUBLES
            r[DOUBLES] = t.hi + 1
            is_trump[t] = d.kind == "doubles"
        elif t.is_double:
            calls[t] = t.hi
            follows[t] = 1 << t.hi
            r[t.hi] = 0 if (d.kind in ("follow-me", "nello") and d.doubles_low) else 8
        else:
            calls[t] = t.hi
            follows[t] = (1 << t.hi) | (1 << t.lo)
            r[t.hi] = t.lo + 1
            r[t.lo] = t.hi + 1
        ranks[t] = tuple(r)
    return TrumpTable(d, trump, tuple(calls), tuple(follows), tuple(ranks), tuple(is_trump))


@cache
def table_for(d: Declaration) -> TrumpTable:
    """The (cached) table of a declaration."""
    return _build(d)
