"""When a computer player bids a special contract, and how nello is played.

A sensible player bids a contract from its tiles, as the players the public sources
describe bid them (docs/cli.md, ``simulate``, quotes them and gives the rates
measured):

- plunge or splash: the doubles the contract needs, the two highest (6-6 and 5-5)
  among them, and two more sure tricks (``sure_followers``) than it has doubles
  to show, so that the partner's trump has tricks behind it;
- nello: low tiles, which the opponents can hardly play under (``can_lose_every_trick``);
- sevens: tiles of seven pips or next to it, none far from it (``near_seven``).

Every test is asked of the engine's own tables (``table_for``), so the rules the
options choose (nello's doubles high, low or a suit) are the ones it weighs.
"""

from __future__ import annotations

from functools import cache

from ..engine.declarations import Declaration, TrumpTable
from ..engine.hand import Hand
from ..engine.tiles import Tile

__all__ = [
    "NELLO_RISK",
    "SEVENS_EXACT",
    "SEVENS_FAR",
    "SEVENS_NEAR",
    "can_lose_every_trick",
    "highest_doubles",
    "near_seven",
    "play_nello",
    "sure_followers",
]


@cache
def highest_doubles(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The two highest doubles of the set (6-6 and 5-5): the doubles a plunge or splash
    hand must hold, which head the sixes and fives, the suits of three counters."""
    return tuple(sorted({t for t in tiles if t.is_double}, reverse=True)[:2])


def sure_followers(held: list[Tile]) -> int:
    """The tiles other than doubles that are sure tricks behind the doubles: the hand holds
    the double of one of its numbers and every tile of that number above it (6-6 and 6-5;
    5-5, 5-4 and 5-3), so it wins once the double has been led."""
    mine = set(held)
    return sum(
        not t.is_double
        and any(Tile.of(n, n) in mine and all(Tile.of(n, x) in mine for x in range(t.other(n) + 1, 7) if x != n) for n in (t.hi, t.lo))
        for t in held
    )


def _outranks(tile: Tile, held: set[Tile], table: TrumpTable, tiles: tuple[Tile, ...]) -> int:
    """How many tiles the player does not hold ``tile`` outranks, in the suit of those it
    follows where it outranks most: the tiles the other players could play under it
    when it is led or follows, leaving it to take the trick."""
    most = 0
    for suit, ranked in _suits(table, tiles).items():
        if not table.follows_suit(tile, suit):
            continue
        rank = table.rank[tile][suit]
        most = max(most, sum(1 for r, t in ranked if r < rank and t not in held))
    return most


_SUITS: dict[tuple[Declaration, tuple[Tile, ...]], dict[int, list[tuple[int, Tile]]]] = {}


def _suits(table: TrumpTable, tiles: tuple[Tile, ...]) -> dict[int, list[tuple[int, Tile]]]:
    """Each suit's tiles with their ranks, under ``table`` (kept: tables are few, and cached
    by ``table_for``)."""
    key = (table.declaration, tiles)
    found = _SUITS.get(key)
    if found is None:
        found = _SUITS[key] = {
            suit: [(table.rank[t][suit], t) for t in set(tiles) if table.follows_suit(t, suit)] for suit in range(len(table.rank[tiles[0]]))
        }
    return found


NELLO_RISK = 8
"""The most tiles, over a nello hand's tiles, that the other players could play under them."""


def can_lose_every_trick(held: list[Tile], table: TrumpTable, tiles: tuple[Tile, ...]) -> bool:
    """A nello hand: low tiles, each the lowest or nearly the lowest of its suits, so that
    the opponents cannot play under it (Wikipedia: nel-o "allows players with an otherwise
    low-scoring hand to bid")."""
    mine = set(held)
    return sum(_outranks(t, mine, table, tiles) for t in held) <= NELLO_RISK


def near_seven(held: list[Tile], table: TrumpTable, tiles: tuple[Tile, ...]) -> bool:
    """A sevens hand: two tiles or more of seven pips, five or more of six, seven or eight,
    and none five pips or more from seven (dominorules.com: the bidder "believes he has
    more tiles in his hand whose pips total 7, or close to 7 (6 or 8), than any other
    player").

    >>> from referee.engine.declarations import table_for
    >>> from referee.engine.games import GAMES
    >>> from referee.engine.tiles import tile
    >>> hand = [tile(t) for t in "6-1 5-2 4-2 5-1 6-2 5-3 5-0".split()]
    >>> near_seven(hand, table_for(Declaration("sevens")), GAMES["42"].tiles)
    True
    >>> near_seven([*hand[:-1], tile("6-6")], table_for(Declaration("sevens")), GAMES["42"].tiles)
    False
    """
    ranks = [table.rank[t][0] for t in held]
    top = max(table.rank[t][0] for t in tiles)
    return ranks.count(top) >= SEVENS_EXACT and sum(r >= top - 1 for r in ranks) >= SEVENS_NEAR and min(ranks) > top - SEVENS_FAR


SEVENS_EXACT, SEVENS_NEAR, SEVENS_FAR = 2, 5, 5
"""A sevens hand holds this many tiles of seven pips, this many of six, seven or eight, and
none this far from seven or farther (0-0, 1-0, 1-1, 2-0, 6-6: played last, they lose)."""


def play_nello(hand: Hand, legal: list[Tile], table: TrumpTable) -> Tile:
    """A play in nello: the declarer sheds the highest tile that loses the trick (or leads
    the lowest); an opponent keeps the declarer on top (plays under a declarer winning
    the trick, low before the declarer plays, and throws off high when its partner has
    already beaten the declarer)."""
    declarer = hand.declarer
    trick = hand.trick
    if not trick:

        def lead_rank(t: Tile) -> tuple[int, int]:
            return table.rank[t][table.calls[t]], t.pips

        return min(legal, key=lead_rank)
    tiles = [t for _, t in trick]
    strength = table.strength[table.calls[tiles[0]]]
    under = [t for t in legal if table.winner([*tiles, t]) != len(tiles)]

    def high(t: Tile) -> tuple[int, int]:
        return strength[t], t.pips

    if hand.turn == declarer:
        return max(under, key=high) if under else min(legal, key=high)
    played = [seat for seat, _ in trick]
    if declarer not in played:
        return min(legal, key=high)
    if trick[table.winner(tiles)][0] == declarer:
        return max(under, key=high) if under else min(legal, key=high)
    return max(legal, key=high)
