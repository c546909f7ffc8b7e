"""The game at the table as the engine sees it, entry by entry.

A ``Position`` holds the running score (``GameState``), the records of the hands
played, and the hand in play as an engine ``Hand``: built with its deal when one was
entered, else one whose tiles nobody knows (``Hand(rules, dealer, None)``), where a
play is checked against the set, the turn and the tiles already played, and the
plays show each seat's voids (``engine/shown.py``).  ``enter`` checks an entry on a
copy of the hand and keeps the copy only when the engine accepts it, so a refused
entry changes nothing.

What breaks a rule but happened at the table is refused with the reason, unless the
entry carries ``!``: a play out of turn is then recorded with the ``accept`` item and a
renege (made against a known deal, or given away by a later play) with the ``renege``
item, ruled by the house's ``renege`` option, as ``judging/rulings.py`` rules them
when the record is read back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import codes
from ..engine import actions
from ..engine.auction import Bid
from ..engine.deal import check_deal, kitty_of
from ..engine.exchange import check_unseen
from ..engine.game import GameState
from ..engine.hand import Hand, Phase, Trick
from ..engine.profiles import Rules
from ..engine.refusal import Refusal
from ..engine.tiles import Tile
from ..judging.follow import where
from ..judging.guess import label_hint
from ..judging.rules_for import declaration_of
from ..judging.stated import stated_of_result
from ..notation.record import Call, Dealt, Exchange, HandRecord, Misdeal, Play, TrumpRecord
from ..play.transcript import hand_record, trump_record
from ..words import plural
from .entries import Entry

__all__ = ["Position", "Refused", "Step"]


class Refused(Exception):
    """An entry the table does not record, with the engine's reason."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class Step:
    """What one entry did: its canonical words (what the journal keeps and a replay
    enters again) and what happened at the table because of it."""

    words: str
    events: tuple[str, ...] = ()


def _refuse(code: codes.Code, message: str, hint: str | None = None) -> Refused:
    return Refused(Refusal(code, message, hint))


def _with_hint(r: Refusal, hint: str) -> Refused:
    return Refused(replace(r, hint=f"{r.hint}; {hint}" if r.hint else hint))


class Position:
    """The game so far: the hands played (records with their result lines), the running
    score, and the hand in play."""

    sheet = False
    """A score sheet's table (``sheet.SheetPosition``): hands without their plays."""

    def __init__(self, rules: Rules, first_dealer: int, *, deals_known: bool = False) -> None:
        self.rules = rules
        self.game = rules.game
        self.deals_known = deals_known
        """Every hand starts with its deal (``deal N ... E ...``): the checks are exact."""
        self.state = GameState(rules, first_dealer)
        self.done: list[HandRecord] = []
        self.hand: Hand | None = None
        """The hand in play; None once the game is over."""
        self.deal: list[list[Tile]] | None = None
        self.kitty: list[Tile] | None = None
        self.misdealt = False
        self.unseen: Exchange | None = None
        """The exchange entered in a hand whose deal is not known (the engine's hand has none)."""
        self._start()

    # -- what the table sees ---------------------------------------------------------------
    @property
    def number(self) -> int:
        """The number of the hand in play (or of the next one)."""
        return len(self.done) + 1

    @property
    def over(self) -> bool:
        return self.state.over

    def hands(self) -> list[HandRecord]:
        """Every hand's record: those played, then the hand in play as it stands."""
        if self.hand is None:
            return list(self.done)
        return [*self.done, self._record(self.hand)]

    def _record(self, hand: Hand) -> HandRecord:
        """The record of ``hand``, the hand in play, without its result lines."""
        record = hand_record(self.number, hand, self.deal, self.kitty, misdeal=self.misdealt)
        if self.unseen is not None:
            record.exchange = self.unseen
        return record

    def where(self) -> str:
        """'hand 6, trick 3, E to play', 'hand 2, N to bid', or 'the game is over'."""
        if self.hand is None:
            return "the game is over"
        if self.waits_for_deal:
            return f"hand {self.number}, {self.game.seats[self.hand.dealer]} deals"
        return f"hand {self.number}, {where(self.hand)}"

    @property
    def waits_for_deal(self) -> bool:
        return self.deals_known and self.deal is None and self.hand is not None

    def seat(self, label: str | None) -> int | None:
        """A seat label as the game has it; None for none, ``Refused`` for one it lacks."""
        if label is None:
            return None
        s = self.game.seat_index(label.upper())
        if s is None:
            hint = label_hint(label, self.game) or f"its seats are {' '.join(self.game.seats)}"
            raise _refuse(codes.S010, f"{self.game.title} has no seat {label!r}", hint)
        return s

    # -- entries -----------------------------------------------------------------------------
    def check(self, entry: Entry) -> Refusal | None:
        """Why ``entry`` is not recorded now (None: it would be)."""
        try:
            self._attempt(entry)
        except Refused as r:
            return r.refusal
        return None

    def enter(self, entry: Entry) -> Step:
        """Record ``entry`` (``Refused`` when the engine refuses it): the hand moves on, and
        a hand that ends is scored and the next one started."""
        hand, words, events = self._attempt(entry)
        self.hand = hand
        if entry.kind == "deal":
            assert isinstance(entry.item, list)
            self.deal = [list(h) for h in hand.hands]
            self.kitty = list(hand.kitty)
        elif entry.kind == "misdeal":
            self.misdealt = True
            self.deal = self.kitty = None
        elif entry.kind == "exchange" and hand.blind:
            assert isinstance(entry.item, Exchange)
            self.unseen = Exchange(list(entry.item.take), list(entry.item.give))
        if hand.finished:
            events.extend(self._finish(hand))
        return Step(words, tuple(events))

    def _start(self) -> None:
        """The next hand, unless the game is over."""
        self.deal = self.kitty = None
        self.misdealt = False
        self.unseen = None
        self.hand = None if self.state.over else Hand(self.rules, self.state.dealer, None)

    def _finish(self, hand: Hand) -> list[str]:
        """Score the hand that just ended, keep its record, and start the next one."""
        result = self.state.finish(hand)
        record = self._record(hand)
        record.result, record.award, record.score = stated_of_result(self.rules, result, self.state.scores)
        self.done.append(record)
        labels = self.game.team_labels
        score = " ".join(f"{labels[t]} {s}" for t, s in enumerate(self.state.scores))
        if record.result is None:
            events = [f"hand {record.number} is thrown in: everyone passed; score {score}"]
        else:
            r, a = record.result, record.award
            assert a is not None
            award = " ".join(f"{k} {v}" for k, v in a.amounts.items()) or "nothing"
            ruled = f" ({labels[hand.penalty]} reneged)" if hand.penalty is not None else ""
            unit = "points" if self.game.counters_score else "tricks"
            events = [f"hand {record.number}: {r.side} took {r.points} {unit}, bid {r.outcome}{ruled}; award {award}; score {score}"]
        self._start()
        if self.state.winner is not None:
            events.append(f"the game is over: {labels[self.state.winner]} win, {score}")
        return events

    def _clone(self) -> Hand:
        """A copy of the hand in play: its actions applied again to a new hand."""
        hand = self.hand
        assert hand is not None
        copy = Hand(self.rules, hand.dealer, self.deal, self.kitty or (), deal_known=self.deal is not None)
        for action in hand.log:
            copy.apply(action, force=True)
        return copy

    def _attempt(self, entry: Entry) -> tuple[Hand, str, list[str]]:
        """The hand after ``entry``, the entry's canonical words and what happened; the
        hand in play is left as it was."""
        if self.hand is None:
            refusal = self.state.check_new_hand()
            assert refusal is not None
            raise _refuse(refusal.code, refusal.message, "start a new game to go on (`referee live FILE --new-game`)")
        kind = entry.kind
        if kind == "deal":
            return self._deal(entry), entry.words, []
        if kind == "misdeal":
            return self._misdeal(entry), entry.words, []
        self._in_order(entry)
        if self.waits_for_deal:
            raise _refuse(
                codes.E104,
                f"the deal of hand {self.number} is not entered yet",
                "this table knows its deals: enter it first, as `deal N 6-6 6-5 ... E ...`",
            )
        hand = self._clone()
        events: list[str] = []
        if kind in ("trump", "play", "claim"):
            self._keep_kitty(hand)
        if kind == "call":
            assert isinstance(entry.item, Call)
            words = self._call(hand, entry.item)
        elif kind == "exchange":
            assert isinstance(entry.item, Exchange)
            if hand.blind:
                self._unseen_exchange(hand, entry.item)
            else:
                self._apply(hand, actions.Exchange(tuple(entry.item.take), tuple(entry.item.give)))
            words = entry.words
        elif kind == "trump":
            assert isinstance(entry.item, TrumpRecord)
            decl = declaration_of(entry.item, self.rules)
            self._apply(hand, actions.Declare(decl, self.seat(entry.item.by)))
            written = trump_record(hand)
            assert written is not None
            words = Entry("trump", written).words
        elif kind == "play":
            assert isinstance(entry.item, Play)
            words, events = self._play(hand, entry)
        else:
            side = "declarers" if getattr(entry.item, "kind", "claim") == "claim" else "opponents"
            self._apply(hand, actions.Claim(side))
            words = entry.words
        return hand, words, events

    def _in_order(self, entry: Entry) -> None:
        """An entry that comes before its time is refused with the code the judge gives a
        record that writes it there: a play after the hand is over (E405), anything but a
        call before the auction is over (E208), a play before trump is named (E305)."""
        hand = self.hand
        assert hand is not None
        kind = entry.kind
        seats = self.game.seats
        if kind in ("exchange", "trump", "play", "claim") and not hand.log and self.done and not self.misdealt:
            last = self.done[-1]
            over = "was thrown in: everyone passed" if last.result is None else "is over"
            raise _refuse(
                codes.E405,
                f"hand {last.number} {over}, so this {kind} comes too late for it; hand {self.number} starts with its auction",
                "`undo` takes back the last entry of the hand before",
            )
        if hand.phase is Phase.AUCTION and kind in ("exchange", "trump", "play", "claim"):
            who = seats[hand.turn] if hand.turn is not None else "everyone"
            raise _refuse(codes.E208, f"the auction is not over: {who} is still to call", "enter the calls first (`pass`, `30`...)")
        if hand.phase is Phase.DECLARE and kind in ("play", "claim") and not self.game.trump_from_bid:
            caller = hand.trump_caller
            who = seats[caller] if caller is not None else "the declarer"
            raise _refuse(codes.E305, f"no trump is named yet: {who} names it", "name trump first, as `sixes`")

    def _unseen_exchange(self, hand: Hand, ex: Exchange) -> None:
        """An exchange where nobody knows the deal: right after the auction, once, and as the
        game's rule allows it unseen (``engine.exchange.check_unseen``); the judge reads
        the line as written."""
        game = self.game
        word = game.kitty or "kitty"
        if game.kitty is not None and self.unseen is not None:
            raise _refuse(codes.S011, f"the {word} of hand {self.number} is exchanged already", "`undo` takes the exchange back")
        if game.kitty is not None and any(isinstance(a, actions.Declare | actions.Play | actions.Claim) for a in hand.log):
            raise _refuse(codes.E306, f"the {word} is exchanged right after the auction, before trump and play", "`undo` back to it")
        declarer = hand.declarer
        who = game.seats[declarer] if declarer is not None else "the declarer"
        size = len(game.tiles) - game.players * game.hand_size
        refusal = check_unseen(game.exchange, who, size, ex.take, ex.give)
        if refusal is not None:
            raise Refused(refusal)

    def _keep_kitty(self, hand: Hand) -> None:
        """Going on without an exchange where the declarer may leave the kitty as it is
        (Texas 88's cat): the exchange that changes nothing, as the judge reads a record
        that writes none."""
        if hand.phase is Phase.EXCHANGE and not self.game.exchange.takes_whole:
            refusal = hand.check_exchange((), ())
            if refusal is not None:
                raise _with_hint(refusal, "enter the exchange first")
            hand.exchange((), ())

    def _apply(self, hand: Hand, action: actions.Action) -> Trick | None:
        refusal = hand.check(action)
        if refusal is not None:
            raise Refused(refusal)
        return hand.apply(action, checked=None)

    def _deal(self, entry: Entry) -> Hand:
        assert isinstance(entry.item, list) and self.hand is not None
        if self.hand.log:
            raise _refuse(codes.S011, "the deal is entered before the auction", "undo back to the start of the hand to enter it")
        if self.deal is not None:
            raise _refuse(codes.S011, f"the deal of hand {self.number} is entered already", "`undo` takes it back")
        game = self.game
        rows: list[list[Tile] | None] = [None] * game.players
        for dealt in entry.item:
            assert isinstance(dealt, Dealt)
            s = self.seat(dealt.seat)
            assert s is not None
            if rows[s] is not None:
                raise _refuse(codes.E104, f"the deal lists {game.seats[s]} twice")
            rows[s] = list(dealt.tiles)
        missing = [game.seats[s] for s, row in enumerate(rows) if row is None]
        if missing:
            raise _refuse(
                codes.E104, f"the deal leaves out {' '.join(missing)}", "enter every seat's tiles: `deal N ... E ... S ... W ...`"
            )
        problems = check_deal(game, rows)
        if problems:
            raise Refused(problems[0])
        full = [sorted(row or [], reverse=True) for row in rows]
        return Hand(self.rules, self.hand.dealer, full, kitty_of(game, full))

    def _misdeal(self, entry: Entry) -> Hand:
        assert isinstance(entry.item, Misdeal) and self.hand is not None
        if self.hand.log:
            raise _refuse(codes.S011, "a misdeal is called before the auction", "undo back to the start of the hand to call it")
        if self.misdealt:
            raise _refuse(codes.S011, f"hand {self.number} was misdealt already", "the record keeps one misdeal a hand")
        dealer = self.hand.dealer
        by = self.seat(entry.item.by)
        if by is not None and by != dealer:
            seats = self.game.seats
            raise _refuse(
                codes.E107,
                f"the misdeal is {seats[by]}'s, but {seats[dealer]} dealt this hand",
                "whoever misdeals deals again: enter `misdeal`",
            )
        return Hand(self.rules, dealer, None)

    def _call(self, hand: Hand, call: Call) -> str:
        seat = self.seat(call.seat)
        bid = None if call.amount is None else Bid(call.amount, call.suit, call.contract)
        self._apply(hand, actions.Call(seat, bid))
        who, _ = hand.calls[-1]
        return Entry("call", replace(call, seat=self.game.seats[who])).words

    def _play(self, hand: Hand, entry: Entry) -> tuple[str, list[str]]:
        assert isinstance(entry.item, Play)
        game = self.game
        seats = game.seats
        seat = self.seat(entry.item.seat)
        tile = entry.item.tile
        number = len(hand.tricks) + 1
        action = actions.Play(seat, tile)
        refusal = hand.check(action)
        override = entry.override
        said = seats[seat] if seat is not None else "the player"
        accepted = False
        if refusal is not None and refusal.code == codes.E401 and seat is not None:
            if not override:
                raise _with_hint(refusal, f"if the table let it stand, enter `{said} {tile}!`")
            self._apply(hand, actions.Accept(seat))
            accepted = True
            refusal = hand.check(action)
        who = hand.turn if seat is None else seat
        assert who is not None
        ruled = any(isinstance(a, actions.Renege) for a in hand.log)
        renege: tuple[int, int] | None = None
        if refusal is not None and refusal.code == codes.E404:
            if not override:
                raise _with_hint(refusal, f"if it was played all the same, enter `{seats[who]} {tile}!` to record the renege")
            renege = (who, number)
        elif refusal is not None:
            raise Refused(refusal)
        elif hand.blind and not ruled:
            revealed = hand.revealed_renege(who, tile)
            if revealed is not None:
                if not override:
                    raise _with_hint(revealed, f"if the table calls it, enter `{seats[who]} {tile}!` to record the renege")
                assert revealed.trick is not None
                renege = (who, revealed.trick)
        if renege is not None and ruled:
            raise _refuse(codes.E404, f"{seats[who]} reneged, and this hand has a renege ruled already", "a hand's record holds one renege")
        closed = hand.apply(action, checked=refusal, force=True)
        events: list[str] = []
        if accepted:
            events.append(f"{seats[who]} played out of turn and the table let it stand: play goes on from {seats[who]}")
        if closed is not None:
            unit = f" ({plural(closed.points, 'point')})" if game.counters_score else ""
            events.append(f"trick {number} to {seats[closed.winner]}{unit}")
        if renege is not None:
            self._apply(hand, actions.Renege(*renege))
            effect = "the hand stands as played" if hand.penalty is None else f"{game.team_labels[hand.penalty]} lose the hand"
            events.append(f"{seats[who]} reneged in trick {renege[1]}: {effect}")
        mark = "!" if accepted or renege is not None else ""
        return Entry("play", Play(seats[who], tile)).words + mark, events
