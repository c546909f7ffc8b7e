"""The referee: replay a ``GameRecord`` through the engine and judge it.

Every problem becomes a ``Diagnostic`` at the place in the text it concerns.
Replay goes on after a rule error wherever the hand can still be followed (a
renege is reported and play continues); when it cannot (the turn order is
lost), the hand stops with a note and the running score is no longer checked.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import codes
from ..codes import After, Code
from ..diagnostics import Diagnostic
from ..engine import actions
from ..engine.auction import Bid
from ..engine.deal import check_deal, kitty_of
from ..engine.declarations import Declaration
from ..engine.game import GameState
from ..engine.games import GAMES
from ..engine.hand import Hand, HandResult, HandSnapshot, Phase, Trick
from ..engine.profiles import Game, OptionError, Profile, Rules, make_rules
from ..engine.rebuild import rebuild_deal
from ..engine.refusal import Refusal
from ..engine.tiles import ALL_TILES, Tile, TileError, parse_tile
from ..notation.record import GameRecord, HandRecord, Span, TileAt, TrickRecord, TrumpRecord
from ..trusted import trusted
from .verdict import GameVerdict, HandVerdict, trick_verdict

__all__ = ["Referee", "judge", "rules_for"]

Trace = dict[int, list[tuple[HandSnapshot, list[Tile]]]]
"""Hand number -> the hand's state and the legal plays before each play (for ``referee show``)."""

_TARGET_RE = re.compile(r"^\s*(\d+)\s*(marks?|points?|pts?)?\s*$", re.IGNORECASE)

# The replay reads every tile of every hand: canonical text (what the reader
# stores) maps straight to the engine's tile, and tiles back to text, without
# a call.  Anything else goes through ``parse_tile`` and its errors.
_TILE_OF: dict[str, Tile] = {str(t): t for t in ALL_TILES.values()}
_TEXT_OF: dict[Tile, str] = {t: str(t) for t in ALL_TILES.values()}


@dataclass
class _Sink:
    """Collects diagnostics with the file/game/hand they belong to."""

    file: str | None
    game: int | None
    hand: int | None = None
    out: list[Diagnostic] = field(default_factory=list)

    def add(self, code: Code, message: str, at: Span | None, hint: str | None = None) -> None:
        self.out.append(Diagnostic.make(code, message, at, hint=hint, file=self.file, game=self.game, hand=self.hand))

    def refusal(self, r: Refusal, at: Span | None) -> None:
        self.add(r.code, r.message, at, r.hint)


RulesCache = dict[tuple[str, tuple[tuple[str, str], ...]], Rules]
"""Rules already made, by game (or profile) name and options."""


def rules_for(
    record: GameRecord,
    defaults: tuple[str, dict[str, str]],
    sink: _Sink,
    profiles: dict[str, Profile] | None = None,
    cache: RulesCache | None = None,
) -> Rules | None:
    """The rules a record names in its tags, over the caller's defaults.

    ``[Rules]`` replaces the default game (and its default options); it may name
    a built-in game or one of ``profiles`` (house rules).  ``[Options]`` and
    ``[Target]`` add to whatever game applies.  Problems go to ``sink``.
    ``cache`` keeps the rules made for the same ``profiles`` from one record to the next.
    """
    profiles = profiles or {}
    game_name, options = defaults[0], dict(defaults[1])
    name = record.tag("Rules")
    if name is not None:
        key = name.strip().lower()
        if key not in GAMES and key not in profiles:
            known = ", ".join([*GAMES, *profiles])
            hint = f"the profiles are {known}" + ("" if profiles else "; a house-rule profile needs --rules FILE")
            sink.add(codes.S004, f"unknown rules profile {name!r}", record.tag_at("Rules"), hint)
            return None
        if key != game_name:
            game_name, options = key, {}
    game = GAMES[profiles[game_name].base if game_name in profiles else game_name]
    text = record.tag("Options")
    if text is not None:
        at = record.tag_at("Options")
        for item in re.split(r"[,\s]+", text.strip()):
            if not item:
                continue
            key, eq, value = item.partition("=")
            if not eq:
                sink.add(codes.S005, f"option {item!r} has no value; write it as name=value", at, "for example all-pass=forced")
                continue
            options[key.strip().lower()] = value.strip().lower()
    target_text = record.tag("Target")
    if target_text is not None:
        m = _TARGET_RE.match(target_text)
        if not m:
            sink.add(
                codes.S008,
                f"the target {target_text!r} is not a number of marks or points",
                record.tag_at("Target"),
                'write it like "7 marks" or "250 points"',
            )
        else:
            options["target"] = m.group(1)
            unit = (m.group(2) or "").lower()
            spec = game.option("scoring")
            scoring = options.get("scoring") or (spec.default if spec is not None else "marks")
            if unit and unit.startswith("mark") != (scoring == "marks"):
                sink.add(codes.S008, f"the target is in {unit} but these rules score {scoring}", record.tag_at("Target"))
    while True:
        try:
            return _make_rules(game_name, options, profiles, cache)
        except OptionError as e:
            sink.add(codes.S005, str(e), record.tag_at("Options"))
            bad = _bad_option(game, options)
            if bad is None:
                return None
            options.pop(bad)


def _make_rules(game_name: str, options: dict[str, str], profiles: dict[str, Profile], cache: RulesCache | None) -> Rules:
    """``make_rules``, remembered in ``cache`` (rules are frozen): the records of a file
    mostly name the same rules, so each game need not validate them again."""
    if cache is None:
        return make_rules(game_name, options, profiles)
    key = (game_name, tuple(options.items()))
    rules = cache.get(key)
    if rules is None:
        rules = cache[key] = make_rules(game_name, options, profiles)
    return rules


def _bad_option(game: Game, chosen: dict[str, str]) -> str | None:
    for key, value in chosen.items():
        spec = game.option(key)
        if spec is None or (spec.values is not None and value not in spec.values):
            return key
        if spec.values is None and not value.lstrip("-").isdigit():
            return key
    return None


def declaration_of(trump: TrumpRecord, rules: Rules) -> Declaration:
    """The engine's declaration for a written one; nello's doubles come from the
    options unless the record wrote `low` (which the engine then checks)."""
    contract = rules.game.contract_by_name.get(trump.kind)
    if contract is not None and contract.doubles_option is not None and not trump.doubles_low:
        mode = rules.option(contract.doubles_option)
        return _declaration(trump.kind, None, mode == "low", mode == "own-suit")
    return _declaration(trump.kind, trump.suit, trump.doubles_low, False)


@functools.cache
def _declaration(kind: str, suit: int | None, doubles_low: bool, doubles_suit: bool) -> Declaration:
    """One shared (frozen) declaration for each way of writing trump, rather than one a hand."""
    return Declaration(kind, suit, doubles_low, doubles_suit)


class Referee:
    """Judges records one at a time under a default rule set."""

    def __init__(
        self,
        game: str = "42",
        options: dict[str, str] | None = None,
        profiles: dict[str, Profile] | None = None,
        *,
        detail: bool = True,
    ) -> None:
        self.defaults = (game, dict(options or {}))
        self.profiles = dict(profiles or {})
        """House-rule profiles a record's ``[Rules]`` may name, by name."""
        self._rules: RulesCache = {}
        self.detail = detail
        """False: the verdict holds the game's totals and the diagnostics, but no verdict per
        hand (``check`` needs only the diagnostics, which are the same either way)."""

    def judge(
        self, record: GameRecord, *, file: str | None = None, game_index: int | None = None, trace: Trace | None = None
    ) -> GameVerdict:
        """Replay ``record``; with ``trace``, keep a snapshot of each hand before every play."""
        sink = _Sink(file, game_index)
        rules = rules_for(record, self.defaults, sink, self.profiles, self._rules)
        mode = (record.tag("Mode") or ("log" if not record.tags else "game")).strip().lower()
        if mode not in ("game", "log"):
            mode = "game"  # the reader reports the bad value (S008)
        if rules is None:
            return trusted(GameVerdict, mode=mode, diagnostics=sink.out)
        replay = _GameReplay(rules, record, sink, mode, trace, self.detail)
        replay.run()
        verdict = trusted(
            GameVerdict,
            mode=mode,
            rules=rules.name,
            options={k: v for k, v in rules.option_values().items() if k != "target"},
            target=rules.target,
            target_unit=rules.target_unit,
            **replay.totals,
            diagnostics=sink.out,
        )
        verdict.hands.extend(replay.hands)  # filled in, not set: not in ``model_fields_set``
        return verdict


def judge(record: GameRecord, game: str = "42", options: dict[str, str] | None = None, *, file: str | None = None) -> GameVerdict:
    """Replay one record and return what the referee found."""
    return Referee(game, options).judge(record, file=file)


class _Stop(Exception):
    """The hand cannot be followed further."""


class _End(Exception):
    """The hand was already over: the rest of the record is extra."""


class _Unchecked:
    """``act``'s default: check the action first."""


_UNCHECKED = _Unchecked()
_APPLY, _SKIP, _END = After.APPLY, After.SKIP, After.END


class _GameReplay:
    def __init__(
        self,
        rules: Rules,
        record: GameRecord,
        sink: _Sink,
        mode: str,
        trace: Trace | None = None,
        detail: bool = True,
    ) -> None:
        self.trace = trace
        self.detail = detail
        self.rules = rules
        self.game = rules.game
        self.record = record
        self.sink = sink
        self.hands: list[HandVerdict] = []
        """Each hand's verdict, in order."""
        self.totals: dict[str, Any] = {}
        """The game's score and winner, for its verdict (when the replay knows them)."""
        self.log = mode == "log"
        self.state = GameState(rules, first_dealer=len(self.game.seats) - 1)
        self.score_known = True
        g = self.game
        self.seats: dict[str, int] = {x.upper(): i for names in (g.seats, g.seat_names) for i, x in enumerate(names)}
        self._sides: dict[str, int] = {}
        """Labels ``side`` has read, by text: every hand's award and score name the same ones."""

    # -- labels -------------------------------------------------------------------
    def seat(self, label: str | None, at: Span | None) -> int | None:
        if label is None:
            return None
        s = self.seats.get(label)
        if s is None:
            s = self.seats.get(label.upper())
        if s is None:
            self.sink.add(codes.S010, f"{self.game.title} has no seat {label!r}", at, f"its seats are {' '.join(self.game.seats)}")
        return s

    def side(self, label: str, at: Span | None) -> int | None:
        """A team label (NS, ACE, ...) or a seat letter standing for its team."""
        team = self._sides.get(label)
        if team is not None:
            return team
        up = label.upper()
        labels = self.game.team_labels
        if up in labels:
            team = labels.index(up)
        else:
            s = self.game.seat_index(up)
            if s is not None:
                team = self.game.teams[s]
        if team is not None:
            self._sides[label] = team
            return team
        self.sink.add(codes.S010, f"{label!r} is not a side in {self.game.title}", at, f"the sides are {' '.join(labels)}")
        return None

    def tile(self, ta: TileAt) -> Tile | None:
        t = _TILE_OF.get(ta.tile)
        if t is not None:
            return t
        try:
            return parse_tile(ta.tile)
        except TileError as e:
            self.sink.add(codes.S002, str(e), ta.at)
            return None

    # -- game -------------------------------------------------------------------------
    def run(self) -> None:
        record = self.record
        hands = record.hands
        for i, hr in enumerate(hands, start=1):
            self.sink.hand = i
            if not self.log and self.state.over and self.score_known:
                refusal = self.state.check_new_hand()
                assert refusal is not None
                self.sink.refusal(refusal, hr.at)
                if self.detail:
                    self.hands.append(trusted(HandVerdict, number=i, followed=False))
                continue
            verdict = self.hand(i, hr)
            if self.detail and verdict is not None:
                self.hands.append(verdict)
        self.sink.hand = None
        if self.log:
            return
        winner: str | None = None
        if self.score_known:
            labels = self.game.team_labels
            self.totals["score"] = {labels[t]: v for t, v in enumerate(self.state.scores)}
            if self.state.winner is not None:
                self.totals["winner"] = winner = labels[self.state.winner]
        stated = record.tag("Winner")
        if stated is not None and self.score_known:
            at = record.tag_at("Winner")
            want = self.side(stated, at) if stated.strip() else None
            if want is not None and want != self.state.winner:
                actual = winner or "no side yet"
                self.sink.add(codes.E504, f"the record names {stated} the winner, but the replay gives {actual}", at)
        if hands and self.score_known and self.state.winner is None:
            unit = self.rules.target_unit
            self.sink.add(codes.W102, f"the game stops before any side reached {self.rules.target} {unit}", hands[-1].at)

    # -- one hand -----------------------------------------------------------------------
    def hand(self, number: int, hr: HandRecord) -> HandVerdict | None:
        """Replay one hand; its verdict (None for a followed hand without ``detail``)."""
        if hr.unreadable:
            self.sink.add(codes.W103, "this hand has a syntax error and is not replayed; the running score is not checked after it", hr.at)
            self.lose_score()
            return trusted(HandVerdict, number=number, followed=False)
        game = self.game
        state = self.state
        dealer = self.seat(hr.dealer, hr.dealer_at) if hr.dealer is not None else None
        if dealer is None:
            dealer = state.dealer
        elif not self.log and number > 1 and self.score_known:
            refusal = state.check_dealer(dealer)
            if refusal:
                self.sink.refusal(refusal, hr.dealer_at or hr.at)
        hand = self.make_hand(hr, dealer)
        if hand is None:
            self.lose_score()
            return trusted(HandVerdict, number=number, dealer=game.seats[dealer], followed=False)
        try:
            self.follow(hr, hand)
        except _Stop:
            after = "its score is not computed" if self.log else "its score and the running score after it are not checked"
            self.sink.add(codes.W103, f"hand {hr.number or number} cannot be followed past this error; {after}", hr.at)
            self.lose_score()
            return trusted(HandVerdict, number=number, dealer=game.seats[dealer], followed=False, **self.fill(hand))
        if self.log:
            local = GameState(self.rules, dealer)
            result = local.finish(hand)
        else:
            result = state.finish(hand)
        labels = game.team_labels
        awards = {labels[t]: v for t, v in enumerate(result.awards)}
        score = {labels[t]: v for t, v in enumerate(state.scores)} if self.score_known and not self.log else None
        self.check_stated(hr, hand, result, awards, score)
        if not self.detail:
            return None
        return trusted(
            HandVerdict,
            number=number,
            dealer=game.seats[dealer],
            **self.fill(hand),
            points={labels[t]: v for t, v in enumerate(result.points)} if result.bid else {},
            tricks_won={labels[t]: v for t, v in enumerate(result.tricks)} if result.bid else {},
            made=result.made,
            awards=awards,
            thrown_in=result.thrown_in,
            **({} if score is None else {"score": score}),
        )

    def lose_score(self) -> None:
        if self.score_known and not self.log:
            self.score_known = False

    def make_hand(self, hr: HandRecord, dealer: int) -> Hand | None:
        """Build the engine hand from the deal, or from the plays when no deal is written."""
        game = self.game
        n = game.players
        hands: list[list[Tile] | None] = [None] * n
        read: list[Sequence[TileAt]] = [()] * n  # the written tiles behind hands[s], for a problem's span
        tile_of = _TILE_OF
        if hr.deal is not None:
            for dealt in hr.deal:
                s = self.seats.get(dealt.seat)  # an upper-case label, as the reader keeps it
                if s is None:
                    s = self.seat(dealt.seat, dealt.at)
                    if s is None:
                        continue
                if hands[s] is not None:
                    self.sink.add(codes.E104, f"the deal lists {game.seats[s]} twice", dealt.at)
                    continue
                try:  # canonical text throughout, as the reader stores it
                    hands[s] = [tile_of[ta.tile] for ta in dealt.tiles]
                    read[s] = dealt.tiles
                except KeyError:  # another spelling: read (and report) tile by tile
                    tiles: list[Tile] = []
                    kept: list[TileAt] = []
                    for ta in dealt.tiles:
                        t = self.tile(ta)
                        if t is not None:
                            tiles.append(t)
                            kept.append(ta)
                    hands[s] = tiles
                    read[s] = kept
            if None in hands:
                missing = [game.seats[s] for s in range(n) if hands[s] is None]
                self.sink.add(codes.E104, f"the deal leaves out {' '.join(missing)}", hr.deal[0].at if hr.deal else hr.at)
            for refusal in check_deal(game, hands):
                self.sink.refusal(refusal, self._deal_span(hr, refusal, read))
        deal_known = hr.deal is not None and None not in hands
        if not deal_known:
            rebuilt = self.rebuild(hr, dealer)
            if rebuilt is None:
                return None
            for s in range(n):
                if hands[s] is None:
                    hands[s] = rebuilt[s]
        full = [h or [] for h in hands]
        kitty = kitty_of(game, full) if deal_known and game.kitty else []
        if hr.kitty is not None and deal_known:
            stated = [t for t in (self.tile(ta) for ta in hr.kitty) if t is not None]
            if sorted(stated) != sorted(kitty):
                have = " ".join(map(str, kitty)) or "nothing"
                self.sink.add(
                    codes.E106,
                    f"the {game.kitty or 'kitty'} is written as {' '.join(map(str, stated))}, but the tiles left undealt are {have}",
                    hr.kitty_at,
                )
        return Hand(self.rules, dealer, full, kitty, deal_known=deal_known)

    def _deal_span(self, hr: HandRecord, refusal: Refusal, read: Sequence[Sequence[TileAt]]) -> Span | None:
        """Where a deal problem points: the tile at fault, else the seat's row, else the hand."""
        seat = refusal.seat
        if seat is None:
            return hr.at
        if refusal.index is not None and refusal.index < len(read[seat]):
            return read[seat][refusal.index].at
        assert hr.deal is not None
        for dealt in hr.deal:
            if self.game.seat_index(dealt.seat) == seat:
                return dealt.at
        return hr.at

    def rebuild(self, hr: HandRecord, dealer: int) -> list[list[Tile]] | None:
        """Each player's hand is what that player played (deal omitted), by the engine's
        own turn logic; None when a written tile cannot be read."""
        game = self.game
        calls = []
        for call in hr.calls:
            seat = game.seat_index(call.seat) if call.seat else None
            if call.seat and seat is None:
                return [[] for _ in game.seats]
            calls.append(actions.Call(seat, None if call.amount is None else Bid(call.amount, call.suit, call.contract)))
        decl = declaration_of(hr.trump, self.rules) if hr.trump is not None else None
        plays = []
        for tr in hr.tricks:
            for p in tr.plays:
                seat = game.seat_index(p.seat) if p.seat is not None else None
                try:
                    plays.append(actions.Play(seat, parse_tile(p.tile)))
                except TileError:
                    return None
        return rebuild_deal(self.rules, dealer, calls, decl, plays)

    def act(
        self,
        hand: Hand,
        action: actions.Action,
        at: Span | None,
        *,
        checked: Refusal | _Unchecked | None = _UNCHECKED,
        by_at: Span | None = None,
    ) -> Trick | None:
        """Check ``action``, report a refusal at ``at``, then apply it, skip it, stop the hand or
        end it as the refusal's code says (``codes.After``).  ``by_at``: where a refusal about
        the seat that named trump points."""
        refusal = hand.check(action) if isinstance(checked, _Unchecked) else checked
        if refusal is not None:
            where = by_at if by_at is not None and refusal.seat is not None and isinstance(action, actions.Declare) else at
            self.sink.refusal(refusal, where)
            after = refusal.code.after
            if after is not _APPLY:
                if after is _SKIP:
                    return None
                if after is _END:
                    raise _End
                raise _Stop
        return hand.apply(action, checked=refusal, force=True)

    def follow(self, hr: HandRecord, hand: Hand) -> None:
        sink = self.sink
        game = self.game
        # auction
        seats = self.seats
        for call in hr.calls:
            label = call.seat
            seat = None if label is None else seats.get(label)  # ``seat`` when not a plain letter
            if seat is None and label is not None:
                seat = self.seat(label, call.at)
            bid = None if call.amount is None else Bid(call.amount, call.suit, call.contract)
            self.act(hand, actions.Call(seat, bid), call.at)
        after_auction = hr.exchange or hr.trump or hr.tricks or hr.claim
        if hand.phase is Phase.AUCTION:
            if after_auction or hr.result or hr.award:
                left = game.players - len(hand.calls)
                sink.add(codes.E208, f"the auction stops with {left} player{'s' if left != 1 else ''} still to call", hr.calls_at or hr.at)
            else:
                sink.add(codes.E208, "the hand has no auction", hr.at)
            raise _Stop
        if hand.phase is Phase.THROWN_IN:
            if after_auction:
                item = hr.exchange or hr.trump or (hr.tricks[0] if hr.tricks else None) or hr.claim
                sink.add(codes.E405, "everyone passed, so the hand was thrown in and has no play", item.at if item else hr.at)
            return
        # widow / cat
        if hr.exchange is not None and (game.kitty is None):
            sink.add(codes.E306, f"{game.title} has no widow or cat to exchange", hr.exchange.at)
        if hand.phase is Phase.EXCHANGE:
            self.exchange(hr, hand)
        # declaration
        if hand.phase is Phase.DECLARE:
            if hr.trump is None:
                if game.trump_from_bid:  # the winning bid named no suit (reported at the bid)
                    raise _Stop
                first = hr.tricks[0].at if hr.tricks else hr.at
                sink.add(
                    codes.E305, f"{game.seats[hand.declarer or 0]} won the bid but no trump is named", first, "write it like `trump fives`"
                )
                raise _Stop
            by = self.seat(hr.trump.by, hr.trump.by_at)
            self.act(hand, actions.Declare(declaration_of(hr.trump, self.rules), by), hr.trump.at, by_at=hr.trump.by_at)
        elif hr.trump is not None and hand.phase is Phase.PLAY:
            refusal = hand.check_declare(declaration_of(hr.trump, self.rules))
            if refusal:
                sink.refusal(refusal, hr.trump.at)
        # play
        self.plays(hr.tricks, hand)
        # claim
        if hr.claim is not None:
            side = "declarers" if hr.claim.kind == "claim" else "opponents"
            claim = actions.Claim(side)
            refusal = hand.check(claim)
            if refusal is None and side == "declarers" and hand.claim_unverified():
                why = "the deal is not recorded" if not hand.deal_known else "there are too many ways to play the rest"
                sink.add(codes.W101, f"the claim is not verified: {why}", hr.claim.at)
            try:
                self.act(hand, claim, hr.claim.at, checked=refusal)
            except _End:
                raise _Stop from None  # a claim after the hand ended: the record has lost the hand
        if not hand.finished:
            last = hr.tricks[-1].at if hr.tricks else (hr.trump.at if hr.trump else hr.at)
            played = len(hand.tricks)
            sink.add(
                codes.E406,
                f"the record stops after {played} trick{'s' if played != 1 else ''} while the score is still open",
                last,
                "record the remaining tricks, or end the hand with `claim` or `concede`",
            )
            raise _Stop

    def exchange(self, hr: HandRecord, hand: Hand) -> None:
        sink = self.sink
        game = self.game
        ex = hr.exchange
        if ex is None:
            if game.exchange.takes_whole:
                discard = self._infer_discard(hr, hand)
                sink.add(
                    codes.E306,
                    f"{game.seats[hand.declarer or 0]} must take the widow and put one tile back, but the record has no exchange",
                    (hr.trump or hr).at,
                    "write it like `exchange 3-1 for 6-0`",
                )
                if discard is None:
                    raise _Stop
                hand.exchange(list(hand.kitty), [discard], force=True)
                return
            refusal = hand.check_exchange((), ())
            if refusal:
                sink.refusal(refusal, hr.kitty_at or hr.calls_at or hr.at)
            hand.exchange((), (), force=True)
            return
        take = [t for t in (self.tile(ta) for ta in ex.take) if t is not None]
        give = [t for t in (self.tile(ta) for ta in ex.give) if t is not None]
        refusal = hand.check_exchange(take, give)
        if refusal:
            sink.refusal(refusal, ex.at)
        hand.exchange(take, give, force=True)

    def _infer_discard(self, hr: HandRecord, hand: Hand) -> Tile | None:
        assert hand.declarer is not None
        pool = list(hand.hands[hand.declarer]) + list(hand.kitty)
        decl_label = self.game.seats[hand.declarer]
        played = [p.tile for tr in hr.tricks for p in tr.plays if p.seat == decl_label]
        for text in played:
            try:
                t = parse_tile(text)
            except TileError:
                return None
            if t in pool:
                pool.remove(t)
        return pool[0] if len(pool) == 1 else None

    def plays(self, tricks: Sequence[TrickRecord], hand: Hand) -> None:
        sink = self.sink
        size = hand.trick_size
        seats = self.seats
        tile_of = _TILE_OF
        trace = self.trace
        check_play = hand.check_play
        apply = hand.apply
        new_play = actions.Play._make
        for tr in tricks:
            plays = tr.plays
            # A nello partner's tile makes a full-size trick: reported once, as E410.
            if len(plays) != size and not (
                len(plays) == self.game.players and any(hand.sits_out(seats.get(p.seat or "", -1)) for p in plays)
            ):
                sink.add(codes.E408, f"this trick has {len(plays)} tiles; a trick in {self.game.title} has {size}", tr.at)
            done = None
            for p in plays:
                done = None
                label = p.seat
                seat = None if label is None else seats.get(label)
                if seat is None and label is not None:
                    seat = self.seat(label, p.at)
                try:
                    t = tile_of[p.tile]
                except KeyError:  # not the reader's canonical text
                    try:
                        t = parse_tile(p.tile)
                    except TileError as e:
                        sink.add(codes.S002, str(e), p.at)
                        raise _Stop from None
                if trace is not None:
                    trace.setdefault(sink.hand or 0, []).append((hand.snapshot(), hand.legal_plays()))
                refusal = check_play(seat, t)
                if refusal is None:
                    done = apply(new_play((seat, t)), checked=None)
                else:
                    try:
                        done = self.act(hand, new_play((seat, t)), p.at, checked=refusal)
                    except _End:
                        return
            # The written winner, when the trick's last play closed it.
            if done is not None and tr.winner is not None:
                want = self.seat(tr.winner, tr.winner_at)
                if want is not None and want != done.winner:
                    ws = self.game.seats
                    sink.add(codes.E506, f"the record gives this trick to {ws[want]}, but {ws[done.winner]} wins it", tr.winner_at or tr.at)

    def fill(self, hand: Hand) -> dict[str, Any]:
        """The verdict's fields the hand's engine state gives (auction, trump, claim, tricks)."""
        seats = self.game.seats
        out: dict[str, Any] = {}
        if hand.declarer is not None:
            out["declarer"] = seats[hand.declarer]
        if hand.high_bid is not None:
            out["bid"] = hand.high_bid.amount
            out["bid_suit"] = hand.high_bid.suit
        if hand.declaration is not None:
            out["trump"] = str(hand.declaration)
        out["claim"] = hand.claimed
        if not self.detail:
            return out
        out["call_seats"] = [seats[s] for s, _ in hand.calls]
        text = _TEXT_OF
        out["tricks"] = [
            trick_verdict(seats[tr.leader], [seats[s] for s, _ in tr.plays], [text[t] for _, t in tr.plays], seats[tr.winner], tr.points)
            for tr in hand.tricks
        ]
        return out

    def check_stated(self, hr: HandRecord, hand: Hand, result: HandResult, awards: dict[str, int], score: dict[str, int] | None) -> None:
        """The result, award and score the record states, against the replay's."""
        sink = self.sink
        game = self.game
        labels = game.team_labels
        team = hand.declaring_team
        r = hr.result
        if r is not None and team is not None:
            if r.side is not None:
                side = self.side(r.side, r.at)
                if side is not None and side != team:
                    sink.add(codes.E501, f"the result names {r.side} as the bidding side, but {labels[team]} won the bid", r.at)
            unit = "points" if game.counters_score else "tricks"
            took = hand.points[team] if game.counters_score else hand.team_tricks[team]
            if r.points is not None and r.points != took:
                sink.add(codes.E501, f"the result says {labels[team]} took {r.points} {unit}, but the replay gives {took}", r.at)
            if r.outcome is not None and (r.outcome == "made") != bool(result.made):
                outcome = "made" if result.made else "set"
                sink.add(codes.E501, f"the result says the bid was {r.outcome}, but it was {outcome}", r.at)
        elif r is not None and result.thrown_in and (r.points or r.outcome):
            sink.add(codes.E501, "everyone passed: a thrown-in hand has no result", r.at)
        if hr.award is not None:
            stated = self._by_side(hr.award.amounts, hr.award.at)
            if stated is not None and any(stated.get(k, 0) != v for k, v in awards.items()):
                unit = self.rules.target_unit
                sink.add(
                    codes.E502,
                    f"the award is written as {_fmt(stated)}, but the replay gives {_fmt(awards, skip_zero=True)} ({unit})",
                    hr.award.at,
                )
        if hr.score is not None and score is not None:
            written = self._by_side(hr.score.scores, hr.score.at)
            if written is not None and any(written.get(k, v) != v for k, v in score.items()):
                sink.add(codes.E503, f"the score is written as {_fmt(written)}, but the replay gives {_fmt(score)}", hr.score.at)

    def _by_side(self, amounts: dict[str, int], at: Span | None) -> dict[str, int] | None:
        out: dict[str, int] = {}
        labels = self.game.team_labels
        sides = self._sides
        for label, n in amounts.items():
            side = sides.get(label)  # ``side`` for a label not read before
            if side is None:
                side = self.side(label, at)
                if side is None:
                    return None
            out[labels[side]] = n
        return out


def _fmt(d: dict[str, int], *, skip_zero: bool = False) -> str:
    items = [f"{k} {v}" for k, v in d.items() if v or not skip_zero]
    return ", ".join(items) or "nothing"
