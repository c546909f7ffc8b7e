"""Following one hand of a record through the engine, reporting each problem at its place.

The loop is "check, report, then apply, skip, stop or end as the code says"
(``codes.After``): the recovery policy is the catalogue's, the rules the engine's.
A hand whose deal is not written is dealt by the engine from its plays
(``engine.rebuild``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from itertools import chain

from .. import codes
from ..codes import After, Code
from ..engine import actions
from ..engine.auction import Bid, still_to_call
from ..engine.deal import check_deal, kitty_of
from ..engine.hand import Hand, HandResult, Phase, Trick
from ..engine.profiles import Rules
from ..engine.rebuild import rebuild_deal
from ..engine.refusal import Refusal
from ..engine.tiles import Tile
from ..notation.locate import play_spans, tile_spans
from ..notation.record import HandRecord, Play, TrickRecord
from ..source import Source, Span
from ..words import plural
from .judged import Trace
from .labels import Labels
from .rules_for import declaration_of
from .rulings import Rulings
from .sink import Sink
from .verdict import TrickVerdict

__all__ = ["End", "HandJudge", "Open", "Stop", "where"]


class Stop(Exception):
    """The hand cannot be followed further."""


class Open(Exception):
    """The hand stops open on purpose: the last hand of a record marked
    ``[Status "unfinished"]`` (a game still being played), which may stop anywhere."""

    def __init__(self, hand: Hand, at: Span | None) -> None:
        super().__init__(where(hand))
        self.where = where(hand)
        self.at = at


def where(hand: Hand) -> str:
    """Where ``hand`` stands, as a table says it: 'E to bid', 'A to take the widow',
    'W to name trump', 'trick 3, E to play', or 'over'.

    >>> from referee.engine.games import make_rules
    >>> h = Hand(make_rules("42"), dealer=3, deal=None)
    >>> where(h)
    'N to bid'
    """
    seats = hand.game.seats
    phase = hand.phase
    if hand.finished:
        return "over"
    if phase is Phase.AUCTION:
        return f"{seats[hand.turn]} to bid" if hand.turn is not None else "in the auction"
    if phase is Phase.EXCHANGE:
        return f"{seats[hand.declarer or 0]} to take the {hand.game.kitty or 'kitty'}"
    if phase is Phase.DECLARE:
        return f"{seats[hand.trump_caller or 0]} to name trump"
    who = f", {seats[hand.turn]} to play" if hand.turn is not None else ""
    return f"trick {len(hand.tricks) + 1}{who}"


class End(Exception):
    """The hand was already over: the rest of the record is extra."""


class _Unchecked:
    """``act``'s default: check the action first."""


_UNCHECKED = _Unchecked()
_APPLY, _SKIP, _END = After.APPLY, After.SKIP, After.END
_new_bid = partial(tuple.__new__, Bid)
_new_call = partial(tuple.__new__, actions.Call)
"""A bid and a call from a tuple of their fields: C calls, with no Python-level ``__new__``."""


class EnginePlays(dict[Play, actions.Play]):
    """A record's play (seat label, tile) to the engine's (seat number, tile), for one
    game's seats, made when first met: a replay meets the same few hundred plays
    millions of times.  Plays with comments are converted but not kept (their text is
    the writer's, so they could grow the table without bound); a seat this game does
    not have, or none, raises ``KeyError``."""

    def __init__(self, seats: dict[str, int]) -> None:
        super().__init__()
        self.seats = seats

    def __missing__(self, play: Play) -> actions.Play:
        converted = actions.Play(self.seats[play.seat], play.tile)  # type: ignore[index]
        if not (play.comments or play.after):
            self[play] = converted
        return converted


@cache
def engine_plays(seats: tuple[tuple[str, int], ...]) -> EnginePlays:
    """The conversion table of a game's seats (one per game: a handful in all)."""
    return EnginePlays(dict(seats))


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
        self._spans: dict[Span, list[Span]] = {}
        """The plays of a trick or tiles of a row, found once: a row of thousands of
        refused tiles would otherwise be read again for each of them."""
        self._plays = engine_plays(tuple(sorted(labels.seats.items())))
        self.may_stop = False
        """The hand being followed may stop open (``Open``): it is the last of a record
        marked unfinished, and writes no result, award or score."""

    # -- places ------------------------------------------------------------------------
    def play_at(self, tr: TrickRecord, k: int) -> Span | None:
        """Where the ``k``-th play of ``tr`` is (worked out from the trick's text)."""
        if tr.at is None or self.source is None:
            return tr.at
        spans = self._spans.get(tr.at)
        if spans is None:
            seg = self.source.segment_at(tr.at[0])
            spans = self._spans[tr.at] = play_spans(seg.text, seg.offset, tr.at)
        return spans[k] if k < len(spans) else tr.at

    def tile_at(self, row: Span | None, index: int) -> Span | None:
        if row is None or self.source is None:
            return row
        spans = self._spans.get(row)
        if spans is None:
            seg = self.source.segment_at(row[0])
            spans = self._spans[row] = tile_spans(seg.text, seg.offset, row)
        return spans[index] if index < len(spans) else row

    # -- the deal ----------------------------------------------------------------------
    def make_hand(self, hr: HandRecord, dealer: int) -> Hand | None:
        """The engine's hand from the deal, or from the plays when no deal is written."""
        labels = self.labels
        game = self.game
        n = game.players
        hands: list[list[Tile] | None] = [None] * n
        rows: list[Span | None] = [None] * n
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
            for refusal in check_deal(game, hands):
                at = hr.at if refusal.seat is None else rows[refusal.seat]
                if refusal.index is not None:
                    at = self.tile_at(at, refusal.index)
                self.refusal(refusal, at)
        deal_known = hr.deal is not None and None not in hands
        if not deal_known:
            rebuilt = self.rebuild(hr, dealer)
            for s in range(n):
                if hands[s] is None:
                    hands[s] = rebuilt[s]
        full = [h or [] for h in hands]
        kitty = kitty_of(game, full) if deal_known and game.kitty else []
        if hr.kitty is not None and deal_known and sorted(hr.kitty.tiles) != sorted(kitty):
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

    # -- the hand ------------------------------------------------------------------------
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

    def follow(self, hr: HandRecord, hand: Hand, index: int) -> None:
        """Every action of ``hr``, the ``index``-th hand of its record, in order; raises
        ``Stop`` where the hand is lost."""
        labels = self.labels
        rulings = Rulings(hr, labels, self.sink) if hr.misdeal or hr.renege or hr.accepted else None
        seats = labels.seats
        if rulings is not None:
            rulings.misdeal(hand)
        calls = hr.calls
        i = 0
        while i < len(calls):
            call = calls[i]
            i += 1
            label = call.seat
            seat = None if label is None else seats.get(label)
            if seat is None and label is not None:
                seat = labels.seat(label, call.at)
            bid = None if call.amount is None else _new_bid((call.amount, call.suit, call.contract))
            refusal = hand.check_bid(seat, bid)
            if refusal is None:
                hand.apply(_new_call((seat, bid)), checked=None)
                continue
            if refusal.code == codes.E201:
                later = self._written_later([c.seat for c in calls], i - 1, hand.turn)
                if later is not None:  # written out of order: judged by its seat, in turn
                    if calls is hr.calls:
                        self._out_of_order("call", call.at, hand, len(hand.calls) == 0)
                    calls = [*calls[: i - 1], calls[later], *calls[i - 1 : later], *calls[later + 1 :]]
                    i -= 1
                    continue
            self.act(hand, _new_call((seat, bid)), call.at, checked=refusal)
        after_auction = hr.exchange or hr.trump or hr.tricks or hr.claim
        if hand.phase is Phase.AUCTION and hr.forfeit is not None and not after_auction:
            self.forfeit(hr, hand)
            return
        if hand.phase is Phase.AUCTION:
            if self.may_stop and not after_auction:
                raise Open(hand, hr.calls_at or hr.at)
            if after_auction or hr.result or hr.award:
                left = still_to_call(hand)
                self.add(codes.E208, f"the auction stops with {plural(left, 'player')} still to call", hr.calls_at or hr.at, None)
            else:
                self.add(codes.E208, "the hand has no auction", hr.at, None)
            raise Stop
        if hand.phase is Phase.THROWN_IN:
            if after_auction:
                item = hr.exchange or hr.trump or (hr.tricks[0] if hr.tricks else None) or hr.claim
                self.add(codes.E405, "everyone passed, so the hand was thrown in and has no play", item.at if item else hr.at, None)
            return
        if self.contract(hr, hand):
            return  # a forfeit ended the hand before its play
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
        if not hand.finished:
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

    def forfeit(self, hr: HandRecord, hand: Hand) -> None:
        """``forfeit SEAT FAULT [trick N]``: the seat's side loses the hand where it stopped (a
        fault in a match played under the referee), scored as a ruled renege is."""
        f = hr.forfeit
        assert f is not None
        seat = self.labels.seat(f.seat, f.at)
        if seat is None:
            return
        stopped = len(hand.tricks) + 1 if hand.phase is Phase.PLAY else None
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
        if hand.phase is Phase.EXCHANGE and hr.exchange is None and hr.forfeit is not None:
            self.forfeit(hr, hand)
            return True
        if hand.phase is Phase.EXCHANGE:
            self.exchange(hr, hand)
        if hand.phase is Phase.DECLARE:
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
            by = self.labels.seat(hr.trump.by, hr.trump.by_at)
            decl = actions.Declare(declaration_of(hr.trump, self.rules), by)
            refusal = hand.check(decl)
            at = hr.trump.by_at if refusal is not None and refusal.seat is not None and hr.trump.by_at is not None else hr.trump.at
            self.act(hand, decl, at, checked=refusal)
        elif hr.trump is not None and hand.phase is Phase.PLAY:
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
        self.act(hand, actions.Exchange(tuple(ex.take), tuple(ex.give)), ex.at)

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
        labels = self.labels
        size = hand.trick_size
        seats = labels.seats
        trace = self.trace
        check_play = hand.check_play
        apply = hand.apply
        play_run = hand.play_run
        new_play = partial(tuple.__new__, actions.Play)  # a C call: no Python-level __new__ per play
        convert = self._plays.__getitem__
        plain = trace is None and rulings is None
        first = 0  # the first trick to follow trick by trick
        reordered = False  # a trick written out of order has been reported (once a hand)
        resume = -1  # where in it to start play by play (-1: try the trick in one call)
        if plain and tricks:  # the whole hand in one engine call, up to the first play it refuses
            lists = [tr.plays for tr in tricks]
            if set(map(len, lists)) == {size}:
                try:
                    run = list(map(convert, chain.from_iterable(lists)))
                except KeyError:  # a seat left out or not of this game: worded play by play below
                    pass
                else:
                    before = len(hand.tricks)
                    applied, refusal, _ = play_run(run)
                    first = applied // size
                    for k in range(first):
                        tr = tricks[k]
                        if tr.winner is not None:
                            self.written_winner(tr, hand.tricks[before + k].winner)
                    if refusal is None:
                        return
                    resume = applied % size
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
        elif hand.phase is not Phase.PLAY:
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

    def written_winner(self, tr: TrickRecord, winner: int) -> None:
        """The winner the record writes for ``tr``, against the one who took it."""
        want = self.labels.seat(tr.winner, tr.winner_at) if tr.winner is not None else None
        if want is not None and want != winner:
            ws = self.game.seats
            self.add(codes.E506, f"the record gives this trick to {ws[want]}, but {ws[winner]} wins it", tr.winner_at or tr.at, None)

    # -- what the record states ------------------------------------------------------------
    def check_stated(self, hr: HandRecord, hand: Hand, result: HandResult, awards: dict[str, int], score: dict[str, int] | None) -> None:
        """The result, award and score the record states, against the replay's."""
        game = self.game
        labels = game.team_labels
        team = hand.declaring_team
        r = hr.result
        if r is not None and team is not None:
            if r.side is not None:
                side = self.labels.side(r.side, r.at)
                if side is not None and side != team:
                    self.add(codes.E501, f"the result names {r.side} as the bidding side, but {labels[team]} won the bid", r.at, None)
            unit = "points" if game.counters_score else "tricks"
            took = hand.points[team] if game.counters_score else hand.team_tricks[team]
            if r.points is not None and r.points != took:
                self.add(codes.E501, f"the result says {labels[team]} took {r.points} {unit}, but the replay gives {took}", r.at, None)
            if r.outcome is not None and (r.outcome == "made") != bool(result.made):
                outcome = "made" if result.made else "set"
                self.add(codes.E501, f"the result says the bid was {r.outcome}, but it was {outcome}", r.at, None)
        elif r is not None and result.thrown_in and (r.points or r.outcome):
            self.add(codes.E501, "everyone passed: a thrown-in hand has no result", r.at, None)
        if hr.award is not None:
            stated = self.labels.by_side(hr.award.amounts, hr.award.at)
            if stated is not None and any(stated.get(k, 0) != v for k, v in awards.items()):
                self.add(
                    codes.E502,
                    f"the award is written as {_fmt(stated)}, but the replay gives {_fmt(awards, skip_zero=True)} ({self.rules.target_unit})",
                    hr.award.at,
                    None,
                )
        if hr.score is not None and score is not None:
            self.check_score(hr, score)

    def check_score(self, hr: HandRecord, score: dict[str, int]) -> None:
        """The running score ``hr`` writes, against ``score``."""
        assert hr.score is not None
        written = self.labels.by_side(hr.score.scores, hr.score.at)
        if written is not None and any(written.get(k, v) != v for k, v in score.items()):
            right = " ".join(f"{k} {v}" for k, v in score.items())
            self.add(
                codes.E503,
                f"the score is written as {_fmt(written)}, but the replay gives {_fmt(score)}",
                hr.score.at,
                f"the score before the hand plus its award: `score {right}` (`referee fix` writes it)",
            )

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
        out["tricks"] = [
            TrickVerdict(seats[tr.leader], [seats[s] for s, _ in tr.plays], [str(t) for _, t in tr.plays], seats[tr.winner], tr.points)
            for tr in hand.tricks
        ]
        return out


def _fmt(d: dict[str, int], *, skip_zero: bool = False) -> str:
    items = [f"{k} {v}" for k, v in d.items() if v or not skip_zero]
    return ", ".join(items) or "nothing"
