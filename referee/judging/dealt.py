"""The deal of a hand as the record writes it, checked and made into the engine's hand; a
hand whose deal is not written is dealt by the engine from its plays (``engine.rebuild``)."""

from __future__ import annotations

from .. import codes
from ..engine import actions
from ..engine.auction import Bid
from ..engine.deal import check_deal, check_deal_kitty, kitty_of
from ..engine.hand import Hand
from ..engine.profiles import Rules
from ..engine.rebuild import rebuild_deal
from ..engine.tiles import Tile
from ..notation.record import HandRecord
from ..source import Span
from .labels import Labels
from .places import Places
from .rules_for import declaration_of
from .sink import Sink

__all__ = ["Dealing"]


class Dealing:
    """Makes each hand of one record from its deal, reporting the deal's problems at their
    places (``labels``: the record's seats; ``sink``: where its diagnostics go)."""

    def __init__(self, rules: Rules, labels: Labels, sink: Sink, places: Places) -> None:
        self.rules = rules
        self.game = rules.game
        self.labels = labels
        self.add = sink.add
        self.refusal = sink.refusal
        self.places = places

    def make_hand(self, hr: HandRecord, dealer: int) -> Hand | None:
        """The engine's hand from the deal, or from the plays when no deal is written."""
        labels = self.labels
        game = self.game
        n = game.players
        hands: list[list[Tile] | None] = [None] * n
        rows: list[Span | None] = [None] * n
        kitty: list[Tile] | None = None  # the tiles not dealt, when the deal's check works them out
        if hr.deal is not None:
            seats = labels.seats
            for dealt in hr.deal:
                s = seats.get(dealt.seat)
                if s is None:
                    s = labels.seat(dealt.seat, dealt.at)
                    if s is None:
                        continue
                if hands[s] is not None:
                    self.add(codes.E104, f"the deal lists {game.seats[s]} twice", dealt.at, None)
                    continue
                hands[s] = dealt.tiles
                rows[s] = dealt.at
            if None in hands:
                missing = [game.seats[s] for s in range(n) if hands[s] is None]
                self.add(codes.E104, f"the deal leaves out {' '.join(missing)}", hr.deal[0].at if hr.deal else hr.at, None)
            if game.kitty:  # the widow from the check's own gathering of the deal (one pass, not two)
                problems, kitty = check_deal_kitty(game, hands)
            else:
                problems = check_deal(game, hands)
            for refusal in problems:
                at = hr.at if refusal.seat is None else rows[refusal.seat]
                if refusal.index is not None:
                    at = self.places.tile_at(at, refusal.index)
                self.refusal(refusal, at)
        deal_known = hr.deal is not None and None not in hands
        if not deal_known:
            rebuilt = self.rebuild(hr, dealer)
            for s in range(n):
                if hands[s] is None:
                    hands[s] = rebuilt[s]
        full: list[list[Tile]] = hands if deal_known else [h or [] for h in hands]  # type: ignore[assignment]  # the common case: no list made, no cast called
        if not (deal_known and game.kitty):
            kitty = []
        elif kitty is None:  # pragma: no cover - a deal known is checked whole, and its kitty worked out
            kitty = kitty_of(game, full)
        # written as worked out (high first, as Moon's widow of one tile always is): nothing sorted
        if hr.kitty is not None and deal_known and hr.kitty.tiles != kitty and sorted(hr.kitty.tiles) != sorted(kitty):
            have = " ".join(map(str, kitty)) or "nothing"
            written = " ".join(map(str, hr.kitty.tiles))
            self.add(
                codes.E106, f"the {game.kitty or 'kitty'} is written as {written}, but the tiles left undealt are {have}", hr.kitty.at, None
            )
        return Hand(self.rules, dealer, full, kitty, deal_known=deal_known)

    def rebuild(self, hr: HandRecord, dealer: int) -> list[list[Tile]]:
        """Each player's hand is what that player played (deal omitted), by the engine's turns."""
        game = self.game
        calls = []
        for call in hr.calls:
            seat = game.seat_index(call.seat) if call.seat else None
            if call.seat and seat is None:
                return [[] for _ in game.seats]
            calls.append(actions.Call(seat, None if call.amount is None else Bid(call.amount, call.suit, call.contract)))
        decl = declaration_of(hr.trump, self.rules) if hr.trump is not None else None
        plays = [actions.Play(game.seat_index(p.seat) if p.seat is not None else None, p.tile) for tr in hr.tricks for p in tr.plays]
        accepted = {(seat, a.trick) for a in hr.accepted if (seat := game.seat_index(a.seat)) is not None}
        return rebuild_deal(self.rules, dealer, calls, decl, plays, accepted)
