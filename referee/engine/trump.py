"""Between the auction and the first lead: the widow or cat exchange, then naming trump.

The declarer's decisions after winning the bid, each as a check (``check_exchange``,
``check_declare``), the act (``exchange``, ``declare``) and the list of what may be
chosen (``legal_exchanges``, ``legal_declarations``), the lists made of the choices
the checks accept.  ``set_declaration`` starts the play: the trump table, and a
partner who sits out.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .. import codes
from ..words import plural
from .actions import Declare, Exchange
from .declarations import Declaration, table_for
from .profiles import Contract, Rules
from .refusal import Refusal
from .state import DECLARE, EXCHANGE, PLAY, HandState
from .tiles import Tile
from .turns import partner_seat

__all__ = [
    "after_exchange",
    "check_declare",
    "check_exchange",
    "declarations_for",
    "declare",
    "default_declaration",
    "exchange",
    "first_leader",
    "least_marks",
    "legal_declarations",
    "legal_exchanges",
    "not_offered",
    "set_declaration",
    "trump_caller",
]


def not_offered(rules: Rules, name: str) -> Refusal:
    """The refusal of a contract (bid or declared) that the game or its options leave out."""
    if not rules.offered(name):
        return Refusal(codes.E211, f"{rules.game.title} has no {name}")
    return Refusal(codes.E211, f"{name} is not played under these rules", f'turn it on with [Options "{name}=on"]')


def first_leader(h: HandState) -> int | None:
    """Who leads the first trick: the declarer, or after a plunge or splash under
    ``plunge-lead=partner`` the partner who named trump (as mk5 plays)."""
    bid = h.high_bid
    c = h.game.contract_by_name.get(bid.contract) if bid is not None and bid.contract else None
    if c is not None and c.lead_option is not None and h.rules.option(c.lead_option) == "partner":
        return trump_caller(h)
    return h.declarer


def least_marks(h: HandState, contract: Contract) -> int:
    """The least bid, in marks, ``contract`` may be declared on: its own least, raised by its
    marks option (``nello-marks``), or 1 for a dealer forced to bid under its forced option
    (``forced-nello``: everyone else passed and all-pass=forced)."""
    least = contract.min_marks
    rules = h.rules
    if contract.marks_option is not None:
        least = int(rules.option(contract.marks_option) or least)
    if (
        contract.forced_option is not None
        and rules.option(contract.forced_option) == "on"
        and rules.option("all-pass") == "forced"
        and h.declarer == h.dealer
        and all(b is None for s, b in h.calls if s != h.dealer)
    ):
        least = 1
    return least


def trump_caller(h: HandState) -> int | None:
    """Who names trump: the declarer, or the partner after a plunge or splash."""
    if h.declarer is None:
        return None
    c = h.game.contract_by_name.get(h.high_bid.contract) if h.high_bid and h.high_bid.contract else None
    if c is not None and c.partner_names_trump:
        partner = partner_seat(h.game, h.declarer)
        return h.declarer if partner is None else partner
    return h.declarer


# -- the widow or cat ---------------------------------------------------------------------
def check_exchange(h: HandState, take: Sequence[Tile], give: Sequence[Tile]) -> Refusal | None:
    """Why the declarer may not take ``take`` from the kitty and put back ``give``."""
    game = h.game
    if h.phase is not EXCHANGE:
        if game.kitty is None:
            return Refusal(codes.E306, f"{game.title} has no widow or cat to exchange")
        return Refusal(codes.E306, f"the {game.kitty} is exchanged right after the auction, before trump and play")
    assert h.declarer is not None
    return game.exchange.check(game.seats[h.declarer], h.hands[h.declarer], h.kitty, take, give)  # ``h.seat``, without its call


def exchange(h: HandState, action: Exchange) -> None:
    """The declarer takes ``action.take`` and puts back ``action.give``; then trump."""
    assert h.declarer is not None
    hand = h.hands[h.declarer]
    for t in action.take:
        if t in h.kitty:
            h.kitty.remove(t)
        hand.append(t)
    for t in action.give:
        if t in hand:
            hand.remove(t)
        h.kitty.append(t)
    hand.sort(reverse=True)
    h.kitty.sort(reverse=True)
    h.exchanged = (action.take, action.give)
    h.log.append(action)
    after_exchange(h)


def legal_exchanges(h: HandState) -> list[Exchange]:
    """Every exchange the declarer may make now, each accepted by ``check_exchange``: the
    tiles taken from the kitty, and as many put back from the hand and the tiles taken
    (every kitty rule here puts back as many as it takes).

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in row.split()] for row in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 0-0", "5-5 5-4 5-3 5-2 5-1 4-4 4-3", "4-2 4-1 3-3 3-2 3-1 2-2 2-1")]
    >>> h = Hand(make_rules("moon"), dealer=2, deal=deal, kitty=[tile("1-1")])
    >>> h.bid(0, Bid(4)); h.bid(1, None); h.bid(2, None)
    >>> [" ".join(map(str, (*e.take, "for", *e.give))) for e in legal_exchanges(h)][:3]
    ['1-1 for 6-6', '1-1 for 6-5', '1-1 for 6-4']
    >>> len(legal_exchanges(h))   # the widow, and any one of the eight tiles back
    8
    """
    if h.phase is not EXCHANGE or h.declarer is None:
        return []
    held = h.hands[h.declarer]
    kitty = sorted(h.kitty, reverse=True)
    out: list[Exchange] = []
    seen: set[tuple[tuple[Tile, ...], tuple[Tile, ...]]] = set()
    for k in range(len(kitty) + 1):
        for take in dict.fromkeys(combinations(kitty, k)):
            pool = sorted([*held, *take], reverse=True)
            for give in combinations(pool, k):
                if (take, give) not in seen and check_exchange(h, take, give) is None:
                    seen.add((take, give))
                    out.append(Exchange(take, give))
    return out


def after_exchange(h: HandState) -> None:
    """Trump is the winning bid's suit where the game takes it from the bid; else it is named next."""
    if h.game.trump_from_bid:
        assert h.high_bid is not None
        if h.high_bid.suit is None:  # reported at the bid (E207): play on without a trump named
            h.phase = DECLARE
            return
        set_declaration(h, Declaration("suit", h.high_bid.suit))
    else:
        h.phase = DECLARE


# -- naming trump -------------------------------------------------------------------------
def check_declare(h: HandState, declaration: Declaration, by: int | None = None) -> Refusal | None:
    """Why ``declaration`` may not be named (by ``by``, default: whoever names trump)."""
    game = h.game
    if h.phase is EXCHANGE:
        return Refusal(codes.E306, f"the {game.kitty} exchange comes before trump is named")
    if h.phase is not DECLARE:
        if game.trump_from_bid and h.declaration is not None:
            if declaration != h.declaration:
                return Refusal(codes.E304, f"trump is {h.declaration}, the suit of the winning bid, not {declaration}")
            return None
        return Refusal(codes.E409, "trump is named after the auction, before the first play")
    caller = trump_caller(h)
    if by is not None and caller is not None and by != caller:
        bid = h.high_bid
        why = f"after the {bid.contract} the declarer's partner" if bid and bid.contract else "the declarer"
        return Refusal(codes.E213, f"{h.seat(by)} named trump, but {why} {h.seat(caller)} names it", seat=by)
    if declaration.kind not in game.declarations:
        contract = game.contract_by_name.get(declaration.kind)
        if contract is None or contract.when != "trump":
            return Refusal(codes.E304, f"{declaration} is not a trump {game.title} allows")
        return _check_contract_declaration(h, declaration, contract)
    if declaration.kind == "follow-me" and game.follow_me_option is not None:
        mode = h.rules.option(game.follow_me_option)
        if declaration.doubles_low != (mode == "low"):
            return Refusal(
                codes.E304,
                f"doubles are {mode} in follow-me under these rules",
                f"set the option {game.follow_me_option} to change it",
            )
    return None


def _check_contract_declaration(h: HandState, declaration: Declaration, contract: Contract) -> Refusal | None:
    """A contract named as the declaration: its option, a bid of enough marks, and the
    doubles its option says."""
    if h.rules.contract(contract.name) is None:
        return not_offered(h.rules, contract.name)
    bid = h.high_bid
    assert bid is not None
    if bid.contract is not None:
        return Refusal(codes.E304, f"after a {bid.contract} the trump is a suit, doubles or follow-me, not {contract.name}")
    least = least_marks(h, contract)
    if h.game.ladder.marks_in(bid.amount) < least:
        marks = plural(least, "mark")
        return Refusal(codes.E212, f"{contract.name} needs a bid of at least {marks}; the bid was {bid.amount}")
    if contract.doubles_option is not None:
        mode = h.rules.option(contract.doubles_option)
        if declaration.doubles_mode != mode:
            return Refusal(
                codes.E304,
                f"doubles are {mode} in {contract.name} under these rules, not {declaration.doubles_mode}",
                f"set the option {contract.doubles_option} to change it",
            )
    return None


def declare(h: HandState, action: Declare) -> None:
    """Name trump (a declaration after trump was taken from the bid changes nothing)."""
    if h.phase is DECLARE:
        h.log.append(action)
        set_declaration(h, action.declaration)


def default_declaration(rules: Rules, kind: str) -> Declaration:
    """The declaration ``kind`` with the doubles the options say (follow-me, a contract, or plain)."""
    game = rules.game
    contract = game.contract_by_name.get(kind)
    option = contract.doubles_option if contract is not None else game.follow_me_option if kind == "follow-me" else None
    mode = rules.option(option) if option is not None else None
    return Declaration(kind, doubles_low=mode == "low", doubles_suit=mode == "own-suit")


def set_declaration(h: HandState, declaration: Declaration) -> None:
    """Trump is named: the declarer leads (or the partner, ``first_leader``), a contract
    may sit the partner out, and ``opening-lead=trump`` asks for a trump lead."""
    h.declaration = declaration
    table = h.table = table_for(declaration)
    h.phase = PLAY
    h.turn = first_leader(h)
    h.trump_lead = h.rules.trump_lead and table.trump is not None and not table.forced
    contract = h.game.contract_by_name.get(declaration.kind)
    if contract is not None and contract.partner_out and h.declarer is not None:
        partner = partner_seat(h.game, h.declarer)
        if partner is not None:
            h.order = h.order.without(partner)
    h.lose_all = contract is not None and contract.lose_all


def declarations_for(rules: Rules, hand: Sequence[Tile]) -> list[Declaration]:
    """The declarations ``rules`` let a declarer holding ``hand`` name: each suit (in
    Texas 88 the suits the hand holds, as a bid must), doubles, follow-me, and the
    contracts named as a declaration whose option is on (nello, sevens).

    Par solves each of them; ``legal_declarations`` keeps those the hand's bid allows.

    >>> from referee.engine.games import make_rules
    >>> [str(d) for d in declarations_for(make_rules("42", {"nello": "on"}), [])]
    ['blanks', 'aces', 'deuces', 'treys', 'fours', 'fives', 'sixes', 'doubles', 'follow-me', 'nello']
    """
    game = rules.game
    out: list[Declaration] = []
    if "suit" in game.declarations:
        out += [Declaration("suit", s) for s in range(7) if not game.trump_from_bid or any(t.has(s) for t in hand)]
    if "doubles" in game.declarations:
        out.append(Declaration("doubles"))
    if "follow-me" in game.declarations:
        out.append(default_declaration(rules, "follow-me"))
    for c in game.contracts:
        if c.when == "trump" and rules.contract(c.name) is not None:
            out.append(default_declaration(rules, c.name))
    return out


def legal_declarations(h: HandState) -> list[Declaration]:
    """Every declaration whoever names trump may name now, each accepted by ``check_declare``.

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> h = Hand(make_rules("42", {"nello": "on"}), dealer=3, deal=None)
    >>> h.bid(0, Bid(30)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> [str(d) for d in legal_declarations(h)][-3:]   # nello needs a bid of a mark
    ['sixes', 'doubles', 'follow-me']
    """
    if h.phase is not DECLARE:
        return []
    caller = trump_caller(h)
    held = h.hands[caller] if caller is not None else []
    return [d for d in declarations_for(h.rules, held) if check_declare(h, d, caller) is None]
