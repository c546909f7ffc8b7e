"""Bids and the bidding ladder of each game."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .. import codes
from .declarations import NUMBER_NAMES
from .refusal import Refusal

if TYPE_CHECKING:
    from .profiles import Contract, Game, Rules

__all__ = ["Bid", "check_amount", "check_contract_amount", "needs_all_tricks", "on_ladder"]


class Bid(NamedTuple):
    """A bid: an amount in the game's unit, in Texas 88 the trump suit, and a
    contract named with the bid (42's 'plunge' or 'splash')."""

    amount: int
    suit: int | None = None
    contract: str | None = None

    def __str__(self) -> str:
        words = [str(self.amount)]
        if self.suit is not None:
            words.append(NUMBER_NAMES[self.suit])
        if self.contract is not None:
            words.append(self.contract)
        return " ".join(words)


def needs_all_tricks(game: Game, amount: int) -> bool:
    """42: 42 and over; 88: over 88; Moon: the 21 (and 7, which is every trick)."""
    ladder = game.ladder
    if amount in ladder.all_in_bids:
        return True
    if ladder.mark_unit is None:
        return amount >= game.tricks
    if amount in ladder.point_bids:
        return False
    return game.ladder.marks_in(amount) >= 1


def on_ladder(game: Game, amount: int) -> bool:
    ladder = game.ladder
    if amount in ladder.point_bids or amount in ladder.all_in_bids:
        return True
    marks = game.ladder.marks_in(amount)
    if marks == 0:
        return False
    return ladder.mark_bids is None or marks in ladder.mark_bids


def _ladder_words(game: Game) -> str:
    ladder = game.ladder
    pb = ladder.point_bids
    step = pb[1] - pb[0] if len(pb) > 1 else 1
    words = f"{pb[0]} to {pb[-1]}" + (f" in steps of {step}" if step != 1 else "")
    if ladder.mark_unit:
        if ladder.mark_bids:
            words += ", " + ", ".join(str(m * ladder.mark_unit) for m in ladder.mark_bids)
        else:
            words += f", or whole marks ({ladder.mark_unit}, {2 * ladder.mark_unit}, ...)"
    if ladder.all_in_bids:
        words += " or " + ", ".join(map(str, ladder.all_in_bids))
    return words


def check_amount(rules: Rules, amount: int, high: int | None, who: str) -> Refusal | None:
    """Why ``amount`` cannot follow the current high bid ``high`` (None: no bid yet)."""
    game = rules.game
    ladder = game.ladder
    if amount in ladder.point_bids and (high is None or amount > high):
        return None  # the common case: a point bid over a lower bid (jump rules are for marks)
    marks = game.ladder.marks_in(amount)
    steps = rules.scoring.mark_steps
    if not on_ladder(game, amount) or (steps is not None and amount not in ladder.point_bids and marks not in steps):
        words = _ladder_words(game)
        if steps is not None:
            words = (
                f"{ladder.point_bids[0]} to {ladder.point_bids[-1]}, or "
                + ", ".join(str(m * (ladder.mark_unit or 0)) for m in steps)
                + " under points scoring"
            )
        return Refusal(codes.E203, f"{who} bid {amount}, which is not a bid in {game.title}", f"bids are {words}")
    if high is not None and amount <= high:
        return Refusal(codes.E202, f"{who} bid {amount}, which is not higher than the current bid of {high}")
    if steps is not None and amount not in ladder.point_bids:
        # Points version: 42 or 84 may open; 168 only over 84.
        current = game.ladder.marks_in(high) if high is not None else 0
        before = steps[steps.index(marks) - 1] if steps.index(marks) > 0 else 0
        if ladder.opening_marks_max is not None and marks > ladder.opening_marks_max and current != before:
            unit = ladder.mark_unit or 0
            return Refusal(
                codes.E204, f"{who} bid {amount} over {high if high is not None else 'no bid'}; {amount} is only bid over {before * unit}"
            )
        return None
    if ladder.opening_marks_max is not None and marks > 1 and amount not in ladder.point_bids:
        current = game.ladder.marks_in(high) if high is not None else 0
        limit = max(ladder.opening_marks_max, current + 1)
        if marks > limit:
            return Refusal(
                codes.E204,
                f"{who} bid {marks} marks over {current or 'no'} mark{'s' if current != 1 else ''}; the most allowed is {limit}",
                "an opening mark bid is 1 or 2 marks; after that, one mark more at a time",
            )
    return None


def check_contract_amount(rules: Rules, contract: Contract, amount: int, high: int | None, who: str) -> Refusal | None:
    """Why ``amount`` cannot be bid as ``contract`` over ``high``.

    A contract bid is whole marks, at least its minimum; it may open at the
    minimum or jump to it over any lower bid, or go one mark over a current
    bid that is already at the minimum or more.
    """
    game = rules.game
    unit = game.ladder.mark_unit or 0
    marks = game.ladder.marks_in(amount)
    least = contract.min_marks * unit
    if marks < contract.min_marks:
        return Refusal(
            codes.E203, f"{who} bid {contract.name} at {amount}; a {contract.name} is at least {least} ({contract.min_marks} marks)"
        )
    if high is not None and amount <= high:
        return Refusal(codes.E202, f"{who} bid {amount}, which is not higher than the current bid of {high}")
    current = game.ladder.marks_in(high) if high is not None else 0
    if marks != contract.min_marks and not (current >= contract.min_marks and marks == current + 1):
        allowed = least if current < contract.min_marks else (current + 1) * unit
        return Refusal(
            codes.E204,
            f"{who} bid {contract.name} at {amount} over {high if high is not None else 'no bid'}; the {contract.name} bid here is {allowed}",
            f"a {contract.name} opens or jumps to {least}, or goes one mark over a bid of {least} or more",
        )
    return None
