"""Following one hand of a record through the engine, reporting each problem at its place.

The loop is "check, report, then apply, skip, stop or end as the code says"
(``codes.After``): the recovery policy is the catalogue's, the rules the engine's.
The deal is made into the engine's hand by ``dealt.py``, the outcome the record writes
is checked by ``written.py``, and where following a hand stops is ``stops.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from .. import codes
from ..codes import After, Code
from ..engine import actions
from ..engine.auction import call as make_call
from ..engine.auction import still_to_call
from ..engine.hand import Hand, Trick
from ..engine.profiles import Rules
from ..engine.refusal import Refusal
from ..engine.scoring import Score, finished_score
from ..engine.state import AUCTION, DECLARE, EXCHANGE, PLAY, THROWN_IN  # not Phase.X: a lookup in the enum each time
from ..engine.tiles import TILE_TEXTS, Tile
from ..engine.trump import declare as make_declare
from ..engine.trump import exchange as make_exchange
from ..notation.record import HandRecord, Play, TrickRecord
from ..source import Source, Span
from ..words import plural
from .converts import engine_calls, engine_plays, new_bid, new_call
from .dealt import Dealing
from .judged import Trace
from .labels import Labels
from .places import Places
from .rules_for import declaration_of
from .rulings import Rulings
from .sink import Sink
from .stops import End, Open, Stop, where
from .verdict import TrickVerdict
from .written import Written

__all__ = ["End", "HandJudge", "Open", "Stop", "where"]


class _Unchecked:
    """``act``'s default: check the action first."""


_UNCHECKED = _Unchecked()
_APPLY, _SKIP, _END = After.APPLY, After.SKIP, After.END
_new_declare = partial(tuple.__new__, actions.Declare)
_new_play = partial(tuple.__new__, actions.Play)
_new_exchange = partial(tuple.__new__, actions.Exchange)
"""A declaration, a play and an exchange from a tuple of their fields: C calls, with no Python-level ``__new__``
(a bid and a call: ``converts.new_bid``, ``converts.new_call``)."""


class HandJudge:
    """Follows the hands of one record, one after another.

    It is handed what it needs: the rules, the record's ``labels``, the ``sink`` its
    diagnostics go to, the record's ``source`` (to place a play within its trick) and
    the ``trace`` to fill, if any.  Nothing it holds refers back to it.
    """

    def __init__(self, rules: Rules, labels: Labels, sink: Sink, source: Source | None, trace: Trace | None = None) -> None:
        self.game = rules.game
        self.rules = rules
        self.labels = labels
        self.sink = sink
        self.add: Callable[[Code, str, Span | None, str | None], None] = sink.add
        self.refusal: Callable[[Refusal, Span | None], None] = sink.refusal
        self.source = source
        self.trace = trace
        places = Places(source)
        self.play_at = places.play_at
        dealing = Dealing(rules, labels, sink, places)
        self.make_hand = dealing.make_hand
        """The engine's hand from the record's deal (``dealt.Dealing``)."""
        written = Written(rules, labels, sink)
        self.written_winner = written.winner
        self.check_stated = written.check_stated
        self.check_score = written.check_score
        """The result, award and score the record writes, against the replay's (``written.Written``)."""
        self._plays = engine_plays(rules.game.seats, rules.game.seat_names)
        self._calls = engine_calls(rules.game.seats, rules.game.seat_names)
        self.may_stop = False
        """The hand being followed may stop open (``Open``): it is the last of a record
        marked unfinished, and writes no result, award or score."""

    def act(
        self, hand: Hand, action: actions.Action, at: Span | None, *, checked: Refusal | _Unchecked | None = _UNCHECKED
    ) -> Trick | None:
        """Check ``action``, report a refusal at ``at``, then apply it, skip it, stop the hand
        or end it, as the refusal's code says (``codes.After``)."""
        refusal = hand.check(action) if isinstance(checked, _Unchecked) else checked
        if refusal is not None:
            self.refusal(refusal, at)
            after = refusal.code.after
            if after is not _APPLY:
                if after is _SKIP:
                    return None
                if after is _END:
                    raise End
                raise Stop
        return hand.apply(action, checked=refusal, force=True)

    def follow(self, hr: HandRecord, hand: Hand, index: int) -> Score | None:
        """Every action of ``hr``, the ``index``-th hand of its record, in order; raises
        ``Stop`` where the hand is lost.  The figures of the hand's score when its end was
        tested for them (``scoring.finished_score``: a hand played), else None."""
        labels = self.labels
        rulings = Rulings(hr, labels, self.sink) if hr.misdeal or hr.renege or hr.accepted else None
        seats = labels.seats
        if rulings is not None:
            rulings.misdeal(hand)
        calls = hr.calls
        i = 0  # the first call to follow call by call
        if calls:  # the whole auction in one engine call, up to the first call it refuses
            convert = self._calls.__getitem__
            try:
                run = [convert((c.seat, c.amount, c.suit, c.contract)) for c in calls]
            except KeyError:  # a seat left out or not of this game: worded call by call below
                pass
            else:
                i = hand.call_run(run)[0]
        check_bid = hand.check_bid
        while i < len(calls):
            call = calls[i]
            i += 1
            label = call.seat
            seat = None if label is None else seats.get(label)
            if seat is None and label is not None:
                seat = labels.seat(label, call.at)
            bid = None if call.amount is None else new_bid((call.amount, call.suit, call.contract))
            refusal = check_bid(seat, bid)
            if refusal is None:
                make_call(hand, new_call((seat, bid)))  # what ``hand.apply(call, checked=None)`` calls
                continue
            if refusal.code == codes.E201:
                later = self._written_later([c.seat for c in calls], i - 1, hand.turn)
                if later is not None:  # written out of order: judged by its seat, in turn
                    if calls is hr.calls:
                        self._out_of_order("call", call.at, hand, len(hand.calls) == 0)
                    calls = [*calls[: i - 1], calls[later], *calls[i - 1 : later], *calls[later + 1 :]]
                    i -= 1
                    continue
            self.act(hand, new_call((seat, bid)), call.at, checked=refusal)
        after_auction = hr.exchange or hr.trump or hr.tricks or hr.claim
        if hand.phase is AUCTION and hr.forfeit is not None and not after_auction:
            self.forfeit(hr, hand)
            return None
        if hand.phase is AUCTION:
            if self.may_stop and not after_auction:
                raise Open(hand, hr.calls_at or hr.at)
            if after_auction or hr.result or hr.award:
                left = still_to_call(hand)
                self.add(codes.E208, f"the auction stops with {plural(left, 'player')} still to call", hr.calls_at or hr.at, None)
            else:
                self.add(codes.E208, "the hand has no auction", hr.at, None)
            raise Stop
        if hand.phase is THROWN_IN:
            if after_auction:
                item = hr.exchange or hr.trump or (hr.tricks[0] if hr.tricks else None) or hr.claim
                self.add(codes.E405, "everyone passed, so the hand was thrown in and has no play", item.at if item else hr.at, None)
            return None
        if self.contract(hr, hand):
            return None  # a forfeit ended the hand before its play
        self.plays(hr.tricks, hand, index, rulings, open_end=hr.forfeit is not None)
        if self.trace is not None:
            self.trace_end(hand, index)
        if hr.claim is not None:
            side = "declarers" if hr.claim.kind == "claim" else "opponents"
            claim = actions.Claim(side)
            refusal = hand.check(claim)
            why = hand.claim_unverified() if refusal is None and side == "declarers" else None
            if why is not None:
                self.add(codes.W101, f"the claim is not verified: {why}", hr.claim.at, None)
            try:
                self.act(hand, claim, hr.claim.at, checked=refusal)
            except End:
                raise Stop from None  # a claim after the hand ended: the record has lost the hand
        if rulings is not None:
            rulings.finish(hand)
        if hr.forfeit is not None:
            self.forfeit(hr, hand)
        score = finished_score(hand)
        if score is None:
            last = hr.tricks[-1].at if hr.tricks else (hr.trump.at if hr.trump else hr.at)
            if self.may_stop:
                raise Open(hand, last)
            self.add(
                codes.E406,
                f"the record stops after {plural(len(hand.tricks), 'trick')} while the score is still open",
                last,
                "record the remaining tricks, or end the hand with `claim` or `concede`",
            )
            raise Stop
        return score

    def forfeit(self, hr: HandRecord, hand: Hand) -> None:
        """``forfeit SEAT FAULT [trick N]``: the seat's side loses the hand where it stopped (a
        fault in a match played under the referee), scored as a ruled renege is."""
        f = hr.forfeit
        assert f is not None
        seat = self.labels.seat(f.seat, f.at)
        if seat is None:
            return
        stopped = len(hand.tricks) + 1 if hand.phase is PLAY else None
        refusal = hand.check(actions.Forfeit(seat))
        if refusal is None and f.trick != stopped:
            where = f"in trick {stopped}" if stopped is not None else "before the play"
            said = f"trick {f.trick}" if f.trick is not None else "no trick"
            hint = f"write `forfeit {f.seat} {f.fault}" + (f" trick {stopped}`" if stopped is not None else "`")
            self.add(codes.E416, f"the forfeit names {said}, but the hand stopped {where}", f.at, hint)
        self.act(hand, actions.Forfeit(seat), f.at, checked=refusal)
        if refusal is None:
            side = self.game.team_labels[self.game.teams[seat]]
            self.add(codes.W106, f"{self.game.seats[seat]} forfeited the hand ({f.fault}): {side} lose it", f.at, None)

    def contract(self, hr: HandRecord, hand: Hand, *, trump_needed: bool = True) -> bool:
        """From the auction's end to the first lead: the exchange and the trump ``hr`` writes.
        Without ``trump_needed`` (a score sheet's hand, which may leave trump out), a hand
        that names no trump is left before its declaration. True when a ``forfeit`` ended the
        hand there (the exchange or the trump it waited for is not written)."""
        game = self.game
        if hr.exchange is not None and game.kitty is None:
            self.add(codes.E306, f"{game.title} has no widow or cat to exchange", hr.exchange.at, None)
        if hand.phase is EXCHANGE and hr.exchange is None and hr.forfeit is not None:
            self.forfeit(hr, hand)
            return True
        if hand.phase is EXCHANGE:
            self.exchange(hr, hand)
        if hand.phase is DECLARE:
            if hr.trump is None and hr.forfeit is not None:
                self.forfeit(hr, hand)
                return True
            if hr.trump is None:
                if not trump_needed:
                    return False
                if self.may_stop and not (hr.tricks or hr.claim):  # an unfinished game stops before its trump
                    raise Open(hand, (hr.exchange or hr).at or hr.calls_at)
                if game.trump_from_bid:  # the winning bid named no suit (reported at the bid)
                    raise Stop
                first = hr.tricks[0].at if hr.tricks else hr.at
                self.add(
                    codes.E305, f"{game.seats[hand.declarer or 0]} won the bid but no trump is named", first, "write it like `trump fives`"
                )
                raise Stop
            trump = hr.trump
            by = None if trump.by is None else self.labels.seat(trump.by, trump.by_at)
            declaration = declaration_of(trump, self.rules)
            decl = _new_declare((declaration, by))
            refusal = hand.check_declare(declaration, by)  # what ``hand.check(decl)`` asks
            if refusal is None:  # allowed: applied as ``act`` would, without its checks
                make_declare(hand, decl)
                return False
            at = hr.trump.by_at if refusal.seat is not None and hr.trump.by_at is not None else hr.trump.at
            self.act(hand, decl, at, checked=refusal)
        elif hr.trump is not None and hand.phase is PLAY:
            refusal = hand.check_declare(declaration_of(hr.trump, self.rules))
            if refusal:
                self.refusal(refusal, hr.trump.at)
        return False

    def exchange(self, hr: HandRecord, hand: Hand) -> None:
        game = self.game
        ex = hr.exchange
        if ex is None:
            if self.may_stop and not (hr.trump or hr.tricks or hr.claim):
                raise Open(hand, hr.calls_at or hr.at)
            if game.exchange.takes_whole:
                discard = self._infer_discard(hr, hand)
                self.add(
                    codes.E306,
                    f"{game.seats[hand.declarer or 0]} must take the widow and put one tile back, but the record has no exchange",
                    (hr.trump or hr).at,
                    "write it like `exchange 3-1 for 6-0`",
                )
                if discard is None:
                    raise Stop
                hand.exchange(list(hand.kitty), [discard], force=True)
                return
            refusal = hand.check_exchange((), ())
            if refusal:
                self.refusal(refusal, (hr.kitty.at if hr.kitty else None) or hr.calls_at or hr.at)
            hand.exchange((), (), force=True)
            return
        take, give = tuple(ex.take), tuple(ex.give)
        action = _new_exchange((take, give))
        refusal = hand.check_exchange(take, give)
        if refusal is None:  # allowed: applied as ``act`` would, without its checks
            make_exchange(hand, action)
            return
        self.act(hand, action, ex.at, checked=refusal)

    def _infer_discard(self, hr: HandRecord, hand: Hand) -> Tile | None:
        assert hand.declarer is not None
        pool = list(hand.hands[hand.declarer]) + list(hand.kitty)
        decl_label = self.game.seats[hand.declarer]
        for tr in hr.tricks:
            for p in tr.plays:
                if p.seat == decl_label and p.tile in pool:
                    pool.remove(p.tile)
        return pool[0] if len(pool) == 1 else None

    def plays(self, tricks: Sequence[TrickRecord], hand: Hand, index: int, rulings: Rulings | None, *, open_end: bool = False) -> None:
        """The hand's plays, trick by trick (the ``index``-th hand of the record, for the trace); with
        ``open_end`` (a forfeit stopped the hand) the last trick may hold fewer tiles than a trick does."""
        size = hand.order.size  # ``hand.trick_size``
        trace = self.trace
        play_run = hand.play_run
        convert = self._plays.__getitem__
        plain = trace is None and rulings is None
        first = 0  # the first trick to follow trick by trick
        reordered = False  # a trick written out of order has been reported (once a hand)
        resume = -1  # where in it to start play by play (-1: try the trick in one call)
        if plain and tricks:  # the whole hand in one engine call, up to the first play it refuses
            written_run: list[Play] | None = []
            winners = False  # a trick writes its winner (checked after the run)
            for tr in tricks:  # one list of the hand's plays, while every trick has its size
                if len(tr.plays) != size:
                    written_run = None
                    break
                written_run += tr.plays  # type: ignore[operator]
                if tr.winner is not None:
                    winners = True
            if written_run is not None:
                try:
                    run = list(map(convert, written_run))
                except KeyError:  # a seat left out or not of this game: worded play by play below
                    pass
                else:
                    before = len(hand.tricks)
                    applied, refusal, _ = play_run(run)
                    first = applied // size
                    for k in range(first if winners else 0):
                        tr = tricks[k]
                        if tr.winner is not None:
                            self.written_winner(tr, hand.tricks[before + k].winner)
                    if refusal is None:
                        return
                    resume = applied % size
        # Trick by trick (a refusal, a ruling, a trace or a trick of another size).
        labels = self.labels
        seats = labels.seats
        check_play = hand.check_play
        apply = hand.apply
        new_play = _new_play
        for k in range(first, len(tricks)):
            tr = tricks[k]
            plays = tr.plays
            # A nello partner's tile makes a full-size trick: reported once, as E410.  The last
            # trick of a hand that may stop open (a game in progress, a forfeit) is the trick in play.
            if (
                len(plays) != size
                and not (len(plays) == self.game.players and any(hand.sits_out(seats.get(p.seat or "", -1)) for p in plays))
                and not (
                    k == len(tricks) - 1
                    and len(plays) < size
                    and (open_end or self.may_stop or (rulings is not None and rulings.stops_play(hand)))
                )
            ):
                self.add(codes.E408, f"this trick has {len(plays)} tiles; a trick in {self.game.title} has {size}", tr.at, None)
            done = None
            start = 0
            if k == first and resume >= 0:
                start = resume  # the whole-hand run stopped here: its refusal is worded below
            elif plain:  # the whole trick in one engine call, up to the first play it refuses
                try:
                    run = list(map(convert, plays))
                except KeyError:  # a seat left out or not of this game: worded play by play below
                    pass
                else:
                    start, refusal, done = play_run(run)
            written: Sequence[int] = range(len(plays))  # where each play is written in the trick (reordered below)
            j = start - 1
            while j + 1 < len(plays):
                j += 1
                p = plays[j]
                done = None
                label = p.seat
                seat = None if label is None else seats.get(label)
                if seat is None and label is not None:
                    seat = labels.seat(label, self.play_at(tr, j))
                t = p.tile
                if trace is not None:
                    trace.setdefault(index, []).append((view := hand.view(), list(view.legal)))
                refusal = check_play(seat, t)
                if refusal is not None and rulings is not None:
                    refusal = rulings.accept(hand, seat, t, refusal)
                if refusal is not None and refusal.code == codes.E401 and hand.tricks:  # never the opening lead: a rule
                    later = self._written_later([q.seat for q in plays], j, hand.turn)
                    if later is not None:  # the trick is written out of order: judged by its seats, in turn
                        if not reordered:
                            self._out_of_order("play", self.play_at(tr, written[j]), hand, False)
                            reordered = True
                        order = list(written)
                        plays = [*plays[:j], plays[later], *plays[j:later], *plays[later + 1 :]]
                        order[j : later + 1] = [order[later], *order[j:later]]
                        written = order
                        if trace is not None:
                            trace[index].pop()  # traced again below, for the play made in turn
                        j -= 1
                        continue
                if refusal is None:
                    done = apply(new_play((seat, t)), checked=None)
                elif rulings is not None and rulings.called(hand, refusal):
                    done = apply(new_play((seat, t)), checked=refusal, force=True)
                else:
                    try:
                        done = self.act(hand, new_play((seat, t)), self.play_at(tr, written[j]), checked=refusal)
                    except End:
                        return
            # The written winner, when the trick's last play closed it.
            if done is not None and tr.winner is not None:
                self.written_winner(tr, done.winner)

    def trace_end(self, hand: Hand, index: int) -> None:
        """The position where the replay of the plays stopped, before a claim (``Trace``): the
        next trick's holdings, points and lead, which no play's position shows."""
        assert self.trace is not None
        entries = self.trace.setdefault(index, [])
        if entries:
            last = entries[-1][0]
            if (len(last.tricks), len(last.trick)) == (len(hand.tricks), len(hand.trick)):
                return  # the replay stopped at a play it refused: its position is the last
        elif hand.phase is not PLAY:
            return
        entries.append((view := hand.view(), list(view.legal)))

    def _written_later(self, seats: list[str | None], at: int, turn: int | None) -> int | None:
        """The place after ``at`` where the seat whose turn it is wrote its call or play,
        when every one from ``at`` on carries its seat: the order is then only the way
        it was written (PBN too accepts tricks written in seat order)."""
        if turn is None or any(s is None for s in seats[at:]):
            return None
        labels = self.labels.seats
        return next((k for k in range(at + 1, len(seats)) if labels.get(seats[k] or "") == turn), None)

    def _out_of_order(self, kind: str, at: Span | None, hand: Hand, first: bool) -> None:
        """One warning for an auction or a hand's tricks written out of turn order."""
        seat = self.game.seats[hand.turn or 0]
        if kind == "call":
            rule = f"calls start at the dealer's left, {seat}" if first else f"calls go clockwise: {seat} calls here"
            what = "the auction is written out of turn order"
        else:
            rule = f"write each trick from its leader, {seat}"
            what = "this trick is written out of turn order"
        self.add(codes.W111, f"{what}; each entry carries its seat, so it is judged in turn (later ones alike)", at, rule)

    def fill(self, hand: Hand, detail: bool) -> dict[str, object]:
        """The verdict's fields the hand's engine state gives (auction, trump, claim, tricks)."""
        seats = self.game.seats
        out: dict[str, object] = {}
        if hand.declarer is not None:
            out["declarer"] = seats[hand.declarer]
        if hand.high_bid is not None:
            out["bid"] = hand.high_bid.amount
            out["bid_suit"] = hand.high_bid.suit
        if hand.declaration is not None:
            out["trump"] = str(hand.declaration)
        out["claim"] = hand.claimed
        if hand.penalty is not None:
            out["penalty"] = self.game.team_labels[hand.penalty]
        if not detail:
            return out
        out["call_seats"] = [seats[s] for s, _ in hand.calls]
        texts = TILE_TEXTS  # ``str(t)`` of an engine tile, without a call a tile
        tricks = []
        for tr in hand.tricks:  # one loop a trick, not a comprehension (a call) for each list
            who: list[str] = []
            tiles: list[str] = []
            for s, t in tr.plays:
                who.append(seats[s])
                tiles.append(texts[t])
            tricks.append(TrickVerdict(seats[tr.leader], who, tiles, seats[tr.winner], tr.points))
        out["tricks"] = tricks
        return out
