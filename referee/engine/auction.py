"""The auction: the bidding ladder of each game, and the calls of a hand.

``check_call`` says why a call may not be made now, ``call`` makes it (the hand's
``check_bid`` and ``Call`` action), and ``legal_calls`` lists every call the seat to
speak may make, each one passed by ``check_call``.  ``Bid`` is defined with the
other action values (``engine/actions.py``) and handed on here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from .. import codes
from ..words import plural
from .actions import Bid, Call
from .declarations import NUMBER_NAMES
from .refusal import Refusal
from .state import AUCTION, EXCHANGE, THROWN_IN, HandState
from .trump import after_exchange, not_offered
from .turns import out_of_turn

if TYPE_CHECKING:
    from .profiles import Contract, Game, Rules

__all__ = [
    "Bid",
    "call",
    "call_run",
    "check_amount",
    "check_call",
    "check_contract_amount",
    "checked_calls",
    "legal_calls",
    "on_ladder",
    "still_to_call",
]

_new_call = partial(tuple.__new__, Call)
"""A ``Call`` with its seat resolved, for the log: a C call, no Python-level ``__new__``."""

_ONE_OF = ("blank", "ace", "deuce", "trey", "four", "five", "six")
"""One tile of a suit, in words ("holds no six", not "no sixe")."""


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
    if amount in ladder.point_bids:
        return None
    if marks == ladder.delve_marks and rules.option("delve") == "on":
        return None  # a delve is bid over any lower bid
    rule = rules.mark_raise
    current = ladder.marks_in(high) if high is not None else 0
    why = rule.check(ladder, marks, current) if rule is not None else None
    if why is not None:
        reason, hint = why
        return Refusal(codes.E204, f"{who} bid {marks} marks over {current or 'no'} mark{'s' if current != 1 else ''}; {reason}", hint)
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


# -- the calls of a hand ------------------------------------------------------------------
def check_call(h: HandState, seat: int | None, bid: Bid | None) -> Refusal | None:
    """Why ``seat`` (None: whoever's turn it is) may not make this call (``bid`` None: a pass)."""
    if h.phase is not AUCTION:
        return Refusal(
            codes.E209, "the auction is already over" + (f" ({h.seat(seat)} called after it)" if seat is not None else ""), seat=seat
        )
    if seat is not None and seat != h.turn:
        return out_of_turn(h.game, h.turn, seat, codes.E201, "bid")
    who_seat = h.turn if seat is None else seat
    assert who_seat is not None
    game = h.game
    if bid is None:  # a pass: the seat's label is only needed for a refusal
        if who_seat == h.dealer and h.high_bid is None and h.rules.option("all-pass") == "forced":
            return Refusal(
                codes.E205,
                f"{h.seat(who_seat)} is the dealer and everyone else passed: under all-pass=forced the dealer must bid",
                f"bid at least {game.ladder.forced_min}",
                seat=who_seat,
            )
        return None
    who = h.seat(who_seat)
    needs_suit = game.ladder.needs_suit
    if needs_suit and bid.suit is None:
        return Refusal(
            codes.E207,
            f"{who} bid {bid.amount} without a trump suit; {game.title} bids name one",
            f"write it like `{bid.amount} fives`",
            seat=who_seat,
        )
    if not needs_suit and bid.suit is not None:
        return Refusal(
            codes.E207,
            f"{who} named {NUMBER_NAMES[bid.suit]} in a bid; {game.title} bids are amounts only",
            "trump is named after the auction with `trump`",
            seat=who_seat,
        )
    if bid.contract is not None:
        return _check_contract_bid(h, who_seat, bid)
    refusal = check_amount(h.rules, bid.amount, h.high_bid.amount if h.high_bid else None, who)
    if refusal:
        return refusal
    if bid.suit is not None and h.deal_known and not any(t.has(bid.suit) for t in h.hands[who_seat]):
        return Refusal(
            codes.E206,
            f"{who} bid {NUMBER_NAMES[bid.suit]} but holds no {_ONE_OF[bid.suit]}",
            "a bidder must hold at least one tile of the suit named",
            seat=who_seat,
        )
    return None


def _check_contract_bid(h: HandState, seat: int, bid: Bid) -> Refusal | None:
    """A contract named with the bid: its option, the bidder's doubles, and its amount."""
    assert bid.contract is not None
    who = h.seat(seat)
    contract = h.rules.contract(bid.contract)
    if contract is None or contract.when != "bid":
        return not_offered(h.rules, bid.contract)
    if h.deal_known:
        doubles = sum(t.is_double for t in h.hands[seat])
        if doubles < contract.min_doubles:
            return Refusal(
                codes.E210,
                f"{who} bid {contract.name} holding {plural(doubles, 'double')}; a {contract.name} needs at least {contract.min_doubles}",
                seat=seat,
            )
    return check_contract_amount(h.rules, contract, bid.amount, h.high_bid.amount if h.high_bid else None, who)


def call(h: HandState, action: Call) -> None:
    """Make the call ``action`` (checked or forced by the caller)."""
    who = h.turn if action.seat is None else action.seat
    assert who is not None
    bid = action.bid
    h.calls.append((who, bid))
    h.log.append(action if action.seat == who else Call(who, bid))
    if bid is not None and (h.high_bid is None or bid.amount > h.high_bid.amount):
        h.high_bid = bid
        h.declarer = who
    game = h.game
    if bid is not None and bid.amount in game.ladder.all_in_bids:
        _close(h)
    elif h.rules.until_one_left:
        passed = {s for s, b in h.calls if b is None}
        left = game.players - len(passed)
        if left == 0 or (left == 1 and h.high_bid is not None):
            _close(h)
        else:
            nxt = game.next_seat[who]
            while nxt in passed:
                nxt = game.next_seat[nxt]
            h.turn = nxt
    elif len(h.calls) == game.players:
        _close(h)
    else:
        h.turn = h.order.next[who]


def call_run(h: HandState, calls: Sequence[Call]) -> tuple[int, Refusal | None]:
    """Make ``calls`` in order while each is allowed: ``apply`` for a run of calls.

    Returns how many were made and the refusal of the first that was not (None when all
    were); the caller words it and decides what follows, as after ``play_run``.

    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> h = Hand(make_rules("42"), dealer=3, deal=None)
    >>> n, refusal = h.call_run([Call(0, Bid(30)), Call(2, None)])
    >>> n, refusal.code, refusal.message
    (1, 'E201', "S bid out of turn: it is E's turn")
    >>> h.call_run([Call(1, None), Call(None, Bid(31)), Call(3, None)]), h.phase, h.declarer, h.turn
    ((3, None), <Phase.DECLARE: 'declare'>, 2, 2)
    """
    game = h.game
    rules = h.rules
    ladder = game.ladder
    if h.phase is not AUCTION or rules.until_one_left:
        return checked_calls(h, calls)
    # The common call checked and made in one loop: by the seat whose turn it is (or by no
    # seat named), a pass (bar a forced dealer's, ``all-pass=forced``), or a point bid over
    # the bid standing that names no suit and no contract in a game whose bids name none
    # and is not an all-in bid: one ``check_call`` allows without a word, read from the
    # same ladder (``check_amount``'s first test).  Any other call is ``check_call``'s to
    # word and ``call``'s to make, and so is every call after the auction closes.
    # ``tests/engine/test_call_run.py`` holds this equal to ``checked_calls``.
    points = ladder.point_bids
    all_in = ladder.all_in_bids
    plain_bids = not ladder.needs_suit
    forced = rules.option("all-pass") == "forced"
    dealer = h.dealer
    made, log = h.calls, h.log
    players = game.players
    nxt = h.order.next
    high = h.high_bid
    top = -1 if high is None else high.amount
    who = h.turn
    assert who is not None  # someone is to call while the auction is on
    k = 0
    for action in calls:
        seat, bid = action
        if seat != who and seat is not None:
            break
        if bid is None:
            if forced and who == dealer and high is None:
                break
        elif (
            not plain_bids
            or bid.suit is not None
            or bid.contract is not None
            or bid.amount not in points
            or bid.amount <= top
            or bid.amount in all_in
        ):
            break
        made.append((who, bid))
        log.append(action if seat == who else _new_call((who, bid)))
        k += 1
        if bid is not None:
            high = h.high_bid = bid
            top = bid.amount
            h.declarer = who
        if len(made) == players:
            _close(h)
            break
        who = nxt[who]
    else:
        h.turn = who
        return k, None
    if h.phase is AUCTION:
        h.turn = who
    if k == len(calls):
        return k, None
    n, refusal = checked_calls(h, calls[k:])
    return k + n, refusal


def checked_calls(h: HandState, calls: Sequence[Call]) -> tuple[int, Refusal | None]:
    """``call_run`` call by call, each through ``check_call`` and then ``call``: the general
    path (``auction=until-one-left``, a forced dealer, mark bids, contracts, suits named,
    anything refused), and the measure the common case's loop is held to."""
    for k, action in enumerate(calls):
        refusal = check_call(h, action[0], action[1])
        if refusal is not None:
            return k, refusal
        call(h, action)
    return len(calls), None


def still_to_call(h: HandState) -> int:
    """How many players may still call in an auction that is not over: under
    ``auction=until-one-left`` those who have not passed, but the high bidder.

    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> h = Hand(make_rules("42", {"auction": "until-one-left"}), dealer=3, deal=None)
    >>> h.bid(0, Bid(30)); h.bid(1, Bid(31)); h.bid(2, None); still_to_call(h)
    2
    """
    if h.phase is not AUCTION:
        return 0
    if h.rules.until_one_left:
        passed = {s for s, b in h.calls if b is None}
        return h.game.players - len(passed) - (h.high_bid is not None)
    return h.game.players - len(h.calls)


def _close(h: HandState) -> None:
    """The auction is over: thrown in, or on to the kitty exchange or to naming trump."""
    if h.high_bid is None:
        h.phase = THROWN_IN
        h.turn = None
        return
    h.turn = h.declarer
    if h.game.kitty is not None and h.deal_known:
        h.phase = EXCHANGE
    else:
        after_exchange(h)


def legal_calls(h: HandState) -> list[Bid | None]:
    """Every call the seat whose turn it is may make now: a pass (None) unless that seat
    is a forced dealer, then each bid the ladder allows, amounts low first, then the
    contracts bid (plunge, splash), low first.

    Each is one that ``check_call`` accepts.  Where a game's ladder sets no most marks,
    mark bids are listed up to one mark over the current bid (or the opening limit).

    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> h = Hand(make_rules("42", {"all-pass": "forced"}), dealer=3, deal=None)
    >>> [str(b) for b in legal_calls(h)][:4], [str(b) for b in legal_calls(h)][-2:]
    (['None', '30', '31', '32'], ['42', '84'])
    >>> for _ in range(3): h.bid(None, None)
    >>> legal_calls(h)[0]   # the dealer may not pass
    Bid(amount=30, suit=None, contract=None)
    """
    if h.phase is not AUCTION:
        return []
    game = h.game
    ladder = game.ladder
    amounts = {*ladder.point_bids, *ladder.all_in_bids}
    marks: range = range(0)
    if ladder.mark_unit is not None:
        current = ladder.marks_in(h.high_bid.amount) if h.high_bid is not None else 0
        limits = [*(ladder.mark_bids or ()), *(h.rules.scoring.mark_steps or ()), *(c.min_marks for c in game.contracts)]
        rule = h.rules.mark_raise
        most = rule.most(ladder, current) if rule is not None else None
        if most is not None:
            limits.append(most)
        if ladder.delve_marks is not None and h.rules.option("delve") == "on":
            limits.append(ladder.delve_marks)
        marks = range(1, max(current + 1, ladder.opening_marks_max or 1, *limits) + 1)
        amounts.update(m * ladder.mark_unit for m in marks)
    suits: tuple[int | None, ...] = tuple(range(7)) if ladder.needs_suit else (None,)
    options: list[Bid | None] = [None]
    options += [Bid(a, s) for a in sorted(amounts) for s in suits]
    unit = ladder.mark_unit or 0
    contracts = [Bid(m * unit, None, c.name) for c in game.contracts if c.when == "bid" for m in marks]
    contracts.sort(key=lambda b: b.amount)
    options += contracts
    seat = h.turn
    return [b for b in options if check_call(h, seat, b) is None]
