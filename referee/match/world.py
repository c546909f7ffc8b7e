"""A hand rebuilt from one seat's ``view``, for the shipped players to decide on.

The computer players of ``referee simulate`` (``play.players``) decide on an engine
``Hand``. A bot sees only its view (``referee-bot/1``), so :func:`world_of` builds a hand
in which the seat holds its own tiles, every other seat the tiles it has played and, for
the rest, tiles drawn from those the seat cannot see, and the widow or cat what the seat
knows of it, then applies every public action of the view (the calls, the exchange, trump,
the plays). The players decide from their own tiles and what is public, so the drawn
tiles change nothing they do: they are there only so that the engine can follow the hand.
The public actions are applied as a referee applies a record (``force``), since a drawn
hand need not match what its seat showed (a suit it showed out of).

The words of the view are read back into the engine's values by :func:`bid_of` and
:func:`declaration_of`, the inverses of ``messages.action_word``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from ..engine import actions
from ..engine.actions import Bid
from ..engine.declarations import NUMBER_NAMES, Declaration
from ..engine.hand import Hand, Phase
from ..engine.profiles import Rules
from ..engine.tiles import Tile, count_value, tile
from ..interchange.bot_protocol import View

__all__ = ["bid_of", "declaration_of", "world_of"]

_SUITS = {name: n for n, name in enumerate(NUMBER_NAMES[:7])}


def bid_of(word: str) -> Bid | None:
    """A call as a view writes it: None for ``pass``.

    >>> bid_of("pass"), bid_of("31"), bid_of("64 fives"), bid_of("84 splash")
    (None, Bid(amount=31, suit=None, contract=None), Bid(amount=64, suit=5, contract=None), Bid(amount=84, suit=None, contract='splash'))
    """
    words = word.split()
    if words == ["pass"]:
        return None
    amount = int(words[0])
    if len(words) == 1:
        return Bid(amount)
    return Bid(amount, _SUITS[words[1]]) if words[1] in _SUITS else Bid(amount, None, words[1])


def declaration_of(word: str) -> Declaration:
    """A trump as a view writes it (``str(Declaration)``).

    >>> [str(declaration_of(w)) for w in ("sixes", "doubles", "follow-me low", "nello", "nello high", "sevens")]
    ['sixes', 'doubles', 'follow-me low', 'nello', 'nello high', 'sevens']
    """
    kind, _, mode = word.partition(" ")
    if kind in _SUITS:
        return Declaration("suit", _SUITS[kind])
    own = kind == "nello" and not mode  # nello's doubles are a suit of their own unless low or high
    return Declaration(kind, None, mode == "low", own)


def _tiles(words: Iterable[str]) -> list[Tile]:
    return [tile(w) for w in words]


def _take(pool: list[Tile], n: int, *, plain: bool = False) -> list[Tile]:
    """``n`` tiles from the front of ``pool`` (removed from it); with ``plain``, tiles that are
    not counters first (a cat may not keep a counter)."""
    chosen = [t for t in pool if not (plain and count_value(t))][:n]
    rest = list(pool)
    for t in chosen:
        rest.remove(t)
    chosen += rest[: n - len(chosen)]
    for t in chosen:
        pool.remove(t)
    return chosen


def _dealt(final: list[Tile], took: list[Tile], gave: list[Tile]) -> list[Tile]:
    """The tiles a declarer was dealt, from those it holds after the exchange (played ones included)."""
    return list((Counter(final) + Counter(gave) - Counter(took)).elements())


def world_of(rules: Rules, view: View, rng: random.Random) -> Hand:
    """A hand as ``view``'s seat may picture it, every public action of the view applied
    (see the module's docstring); ``rng`` draws the tiles the seat cannot see."""
    game = rules.game
    index = {s: i for i, s in enumerate(game.seats)}
    me = index[view.seat]
    played: list[list[Tile]] = [[] for _ in game.seats]
    plays = [p for tr in view.tricks for p in tr.plays] + list(view.trick)
    for p in plays:
        played[index[p.seat]].append(tile(p.tile))
    unseen = Counter(game.tiles)
    kitty_size = len(game.tiles) - game.players * game.hand_size
    hands: list[list[Tile]] = [[] for _ in game.seats]
    hands[me] = _tiles(view.tiles) + played[me]
    kitty: list[Tile] | None = None
    took: list[Tile] = []
    gave: list[Tile] = []
    if view.kitty is not None:  # this seat took the widow or cat: it knows them
        kitty = _tiles(view.kitty)
        if view.laid_away is not None:
            gave = _tiles(view.laid_away)
            whole = rules.game.exchange.takes_whole
            took = kitty if whole else list((Counter(kitty) & Counter(hands[me])).elements())[: len(gave)]
            hands[me] = _dealt(hands[me], took, gave)
        unseen -= Counter(kitty)
    unseen -= Counter(hands[me])
    for s in range(game.players):
        if s != me:
            unseen -= Counter(played[s])
    pool = list(unseen.elements())
    rng.shuffle(pool)
    for s in range(game.players):
        if s != me:
            hands[s] = played[s] + _take(pool, view.tiles_left[game.seats[s]])
    declarer = index[view.declarer] if view.declarer is not None else None
    if view.exchanged is not None and declarer is not None and declarer != me:  # picture what it took and gave
        n = view.exchanged
        final = hands[declarer]
        took = final[len(final) - n :] if n else []  # tiles it has not played, when it has as many
        gave = _take(pool, n, plain=True)
        hands[declarer] = _dealt(final, took, gave)
        kitty = took + _take(pool, kitty_size - n, plain=True)
    elif kitty is None:
        kitty = _take(pool, kitty_size)
    hand = Hand(rules, index[view.dealer], hands, kitty)
    _replay(hand, view, index, took, gave)
    return hand


def _replay(hand: Hand, view: View, index: dict[str, int], took: list[Tile], gave: list[Tile]) -> None:
    """Apply the view's public actions to ``hand``, in the order they were taken."""
    for call in view.calls:
        hand.apply(actions.Call(index[call.seat], bid_of(call.call)), force=True)
    if hand.phase is Phase.EXCHANGE and view.exchanged is not None:
        hand.apply(actions.Exchange(tuple(took), tuple(gave)), force=True)
    if hand.phase is Phase.DECLARE and view.trump is not None:
        by = index[view.trump_by] if view.trump_by is not None else None
        hand.apply(actions.Declare(declaration_of(view.trump), by), force=True)
    for trick in [*(tr.plays for tr in view.tricks), view.trick]:
        for p in trick:
            if hand.phase is not Phase.PLAY:
                return
            hand.apply(actions.Play(index[p.seat], tile(p.tile)), force=True)
