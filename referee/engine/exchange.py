"""Exchange rules: what the declarer may do with the tiles left undealt.

One named strategy per kind of kitty: ``NoKitty`` (every tile is dealt),
``WholeWidow`` (the declarer takes the whole widow and puts back as many tiles
from the enlarged hand) and ``Cat`` (the declarer may swap cat tiles for tiles
from hand, but must leave no counter in the cat).  Each is an ``ExchangeRule``
(``engine/profiles.py``), which a game's data names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import codes
from ..words import plural
from .refusal import Refusal
from .tiles import Tile, count_value

if TYPE_CHECKING:
    from .profiles import ExchangeRule

__all__ = ["Cat", "NoKitty", "WholeWidow", "check_unseen"]


def _without(pool: list[Tile], tiles: Sequence[Tile]) -> Tile | None:
    """Remove ``tiles`` from ``pool`` (a copy the caller owns); the first one missing, or None."""
    for t in tiles:
        try:
            pool.remove(t)
        except ValueError:
            return t
    return None


@dataclass(frozen=True, slots=True)
class NoKitty:
    """Every tile is dealt: there is nothing to exchange (42)."""

    kitty_word: str | None = None
    takes_whole: bool = False

    def check(self, who: str, held: Sequence[Tile], kitty: Sequence[Tile], take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        return Refusal(codes.E306, "this game has no widow or cat to exchange")


def _took(who: str, word: str, kitty: Sequence[Tile], take: Sequence[Tile]) -> Refusal | None:
    missing = _without(list(kitty), take)
    if missing is not None:
        return Refusal(
            codes.E301, f"{who} took {missing}, which is not in the {word}", f"the {word} holds {' '.join(map(str, kitty))}", tile=missing
        )
    return None


@dataclass(frozen=True, slots=True)
class WholeWidow:
    """The declarer takes the whole widow and puts back as many tiles from the enlarged hand (Moon)."""

    kitty_word: str | None = "widow"
    takes_whole: bool = True

    def check(self, who: str, held: Sequence[Tile], kitty: Sequence[Tile], take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        n = len(kitty)
        if len(take) == n and len(give) == n:  # the whole widow taken and as many tiles put back, as ``checked`` allows
            if n == 1:  # Moon's widow of one tile: the same tests on the one tile, with no list sorted or copied
                if take[0] == kitty[0] and (give[0] in held or give[0] == take[0]):
                    return None
            elif sorted(take) == sorted(kitty) and _without([*held, *take], give) is None:
                return None  # in two calls fewer than ``checked``
        return self.checked(who, held, kitty, take, give)

    def checked(self, who: str, held: Sequence[Tile], kitty: Sequence[Tile], take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        """``check`` step by step, each refusal in its order: the general path, to which
        ``check``'s first test is held (``tests/engine/test_exchange_rules.py``)."""
        refusal = _took(who, "widow", kitty, take)
        if refusal is not None:
            return refusal
        if len(take) != len(kitty):
            return Refusal(codes.E303, f"{who} must take the whole widow ({' '.join(map(str, kitty))})")
        if len(give) != len(kitty):
            return Refusal(codes.E303, f"{who} put back {plural(len(give), 'tile')}; the widow takes back exactly {len(kitty)}")
        missing = _without([*held, *take], give)
        if missing is not None:
            return Refusal(codes.E301, f"{who} put back {missing}, which {who} does not hold", tile=missing)
        return None


@dataclass(frozen=True, slots=True)
class Cat:
    """The declarer may swap cat tiles for tiles from hand, leaving no counter in the cat (Texas 88)."""

    kitty_word: str | None = "cat"
    takes_whole: bool = False

    def check(self, who: str, held: Sequence[Tile], kitty: Sequence[Tile], take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
        refusal = _took(who, "cat", kitty, take)
        if refusal is not None:
            return refusal
        if len(give) != len(take):
            return Refusal(codes.E301, f"{who} took {plural(len(take), 'tile')} from the cat but put back {len(give)}")
        missing = _without(list(held), give)
        if missing is not None:
            return Refusal(codes.E301, f"{who} put back {missing}, which {who} does not hold", tile=missing)
        left = list(kitty)
        _without(left, take)
        first = next((t for t in [*left, *give] if count_value(t)), None)  # the cat as it is left
        if first is not None:
            return Refusal(
                codes.E302,
                f"{who} left the counter {first} in the cat",
                "every counter in the cat must be taken and replaced by a non-counter",
                tile=first,
            )
        return None


def check_unseen(rule: ExchangeRule, who: str, size: int, take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
    """Why an exchange written where nobody knows the deal cannot be right: the kitty (of
    ``size`` tiles) and the declarer's hand are unseen, so what is checked is what ``rule``
    says of the counts and of the tiles put back (the whole widow taken and as many put
    back; no more taken from the cat than it holds, as many put back, no counter among
    them).

    >>> from referee.engine.tiles import tile
    >>> check_unseen(WholeWidow(), "A", 1, [tile("3-2")], [tile("3-1")]) is None
    True
    >>> str(check_unseen(Cat(), "A", 2, [tile("1-0")], [tile("5-0")]))
    'E302: A left the counter 5-0 in the cat'
    """
    word = rule.kitty_word
    if word is None:
        return rule.check(who, (), (), take, give)
    if rule.takes_whole and len(take) != size:
        return Refusal(codes.E303, f"{who} must take the whole {word} ({plural(size, 'tile')})")
    if len(take) > size:
        return Refusal(codes.E301, f"{who} took {plural(len(take), 'tile')} from the {word}, which holds {size}")
    return rule.check(who, give, take, take, give)  # the tiles taken stand for the kitty, those put back for the hand
