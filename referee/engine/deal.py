"""Dealing: checking a recorded deal, and shuffling a new one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import codes
from .profiles import Game
from .refusal import Refusal
from .tiles import Tile

if TYPE_CHECKING:  # the caller's generator: a replay shuffles nothing, and starts without ``random``
    import random

__all__ = ["check_deal", "check_deal_kitty", "kitty_of", "shuffle_deal"]


def _clean(game: Game, hands: Sequence[Sequence[Tile] | None]) -> set[Tile] | bool:
    """A deal with nothing to report, the common case, checked with set operations where
    the set holds each tile once: every recorded hand has the hand size, no tile twice.
    True (for a whole deal, the tiles dealt: a set, never empty) or False."""
    tiles = game.single_set
    if tiles is None or None in hands:
        return tiles is not None and _clean_rows(game, hands, tiles)
    size = game.hand_size
    for h in hands:
        if len(h) != size:  # type: ignore[arg-type]
            return False
    dealt: set[Tile] = set().union(*hands)  # type: ignore[arg-type]  # one C call for the whole deal
    return dealt if len(dealt) == size * len(hands) and dealt <= tiles else False


def _clean_rows(game: Game, hands: Sequence[Sequence[Tile] | None], tiles: frozenset[Tile]) -> bool:
    """``_clean`` for a deal with seats left out: the recorded hands, row by row."""
    size = game.hand_size
    dealt: set[Tile] = set()
    count = 0
    for h in hands:
        if h is not None:
            if len(h) != size:
                return False
            dealt.update(h)
            count += size
    return len(dealt) == count and dealt.issubset(tiles)


def check_deal(game: Game, hands: Sequence[Sequence[Tile] | None]) -> list[Refusal]:
    """Every problem with a deal; each refusal names its seat (and for a tile, the tile and
    its index in that seat's tiles).  A seat whose hand is ``None`` was not recorded; its
    size is not checked."""
    if _clean(game, hands):
        return []
    return _problems(game, hands)


def check_deal_kitty(game: Game, hands: Sequence[Sequence[Tile] | None]) -> tuple[list[Refusal], list[Tile] | None]:
    """``check_deal``, and ``kitty_of`` when every seat's hand is known (None when one is
    not): for a clean deal of a set that holds each tile once, the set less the tiles the
    check gathered (a Moon replay asks both of every hand: one set difference of the 22
    tiles, not a second pass over the deal; ``tests/engine/test_deal.py`` holds the two
    equal to ``check_deal`` and ``kitty_of``).

    >>> from referee.engine.games import make_rules
    >>> game = make_rules("moon").game
    >>> check_deal_kitty(game, [game.tiles[i * 7 : i * 7 + 7] for i in range(3)]) == ([], [game.tiles[21]])
    True
    """
    dealt = _clean(game, hands)
    if dealt is True or dealt is False:
        found = [] if dealt else _problems(game, hands)
        return found, None if None in hands else kitty_of(game, hands)  # type: ignore[arg-type]  # no seat None
    return [], sorted(game.single_set.difference(dealt), reverse=True)  # type: ignore[union-attr]  # a set: single_set is not None


def _problems(game: Game, hands: Sequence[Sequence[Tile] | None]) -> list[Refusal]:
    """``check_deal`` tile by tile: the general path, which ``_clean`` only shortcuts
    (``tests/engine/test_deal.py`` holds the two to the same answer)."""
    problems: list[Refusal] = []
    copies = game.copies
    seen = [0] * len(copies)
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        who = game.seats[seat]
        if len(hand) != game.hand_size:
            problems.append(
                Refusal(codes.E101, f"{who} was dealt {len(hand)} tiles; each player gets {game.hand_size} in {game.title}", seat=seat)
            )
        for i, t in enumerate(hand):
            if copies[t] == 0:
                problems.append(Refusal(codes.E102, f"{t} is not in the {game.title} set", game.set_note, seat=seat, tile=t, index=i))
                continue
            seen[t] += 1
            if seen[t] > copies[t]:
                times = "once" if copies[t] == 1 else "twice"
                problems.append(Refusal(codes.E103, f"{t} is dealt more often than the set holds it ({times})", seat=seat, tile=t, index=i))
    return problems


def kitty_of(game: Game, hands: Sequence[Sequence[Tile]]) -> list[Tile]:
    """The tiles not dealt (a widow or cat), high first.

    A set that holds each tile once (42, Moon) takes a set difference: a Moon replay made
    this for every hand, and counting the whole set tile by tile cost 5 % of ``check``.
    ``tests/engine/test_deal.py`` holds it equal to the count, dealt twice or out of set.

    >>> from referee.engine.games import make_rules
    >>> game = make_rules("moon").game
    >>> hands = [game.tiles[i * 7 : i * 7 + 7] for i in range(3)]
    >>> kitty_of(game, hands) == [game.tiles[21]] == _counted(game, hands)
    True
    """
    single = game.single_set
    if single is not None:
        return sorted(single.difference(*hands), reverse=True)
    return _counted(game, hands)


def _counted(game: Game, hands: Sequence[Sequence[Tile]]) -> list[Tile]:
    """``kitty_of`` for any set: each tile's copies less those dealt."""
    left = list(game.copies)
    for h in hands:
        for t in h:
            left[t] -= 1
    out: list[Tile] = []
    for t in sorted(set(game.tiles), reverse=True):
        out.extend([t] * max(left[t], 0))
    return out


def shuffle_deal(game: Game, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """A random deal: one hand per seat (in seat order), and the kitty."""
    tiles = list(game.tiles)
    rng.shuffle(tiles)
    n = game.hand_size
    hands = [sorted(tiles[i * n : (i + 1) * n], reverse=True) for i in range(game.players)]
    return hands, sorted(tiles[game.players * n :], reverse=True)
