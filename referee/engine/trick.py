"""The play: checking a tile played, playing it, closing a trick, and runs of plays.

This is the replay's hot path (plays are most of its work), so it is written for
speed: phases compared with module constants, a trick made with ``tuple.__new__``,
counters looked up by tile id.  ``check_play`` and ``play`` are the hand's
``check_play`` and ``Play`` action; ``play_run`` applies a run of plays in one call.

In a hand whose deal is not known (``HandState.blind``) a tile is checked against
the set, the turn and the tiles already played only: whether its player held it,
or had to follow with another, cannot be told (``engine/shown.py`` says what can).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .. import codes
from .actions import Play
from .refusal import Refusal
from .shown import candidates, suit_name
from .state import DONE, EXCHANGE, PLAY, THROWN_IN, HandState, Trick
from .tiles import ALL_TILES, Tile, count_value
from .turns import out_of_turn

__all__ = ["check_play", "checked_run", "close_trick", "end_trick", "legal_plays", "play", "play_run", "times_played"]

_new_trick = partial(tuple.__new__, Trick)
"""``Trick(...)`` from a tuple of its fields, without the Python-level ``__new__``."""
_new_play = partial(tuple.__new__, Play)
"""A ``Play`` with its seat resolved, for the log."""

_COUNT_OF: tuple[int, ...] = tuple(count_value(ALL_TILES[i]) if i in ALL_TILES else 0 for i in range(max(ALL_TILES) + 1))
"""Counter points by tile id: a tuple index is cheaper than a call in the trick loop."""
_NO_COUNT: tuple[int, ...] = (0,) * len(_COUNT_OF)
"""The same where counters score nothing (a trick is the unit)."""
_NO_SUIT: frozenset[int] = frozenset()
"""``play_run``'s suit led before a trick is begun (read only once a tile leads)."""


def check_play(h: HandState, seat: int | None, t: Tile) -> Refusal | None:
    """Why ``seat`` (None: the player whose turn it is) may not play ``t``."""
    phase = h.phase
    if phase is not PLAY:
        if phase is DONE:
            after = " (after the claim)" if h.claimed else ""
            return Refusal(codes.E405, f"the hand is over; {t} was played after its last trick{after}", seat=seat, tile=t)
        if phase is THROWN_IN:
            return Refusal(codes.E405, "everyone passed, so the hand was thrown in and has no play", seat=seat, tile=t)
        if phase is EXCHANGE:
            return Refusal(codes.E306, f"play started before the {h.game.kitty} exchange", seat=seat, tile=t)
        return Refusal(codes.E409, "play started before the auction was over and trump was named", seat=seat, tile=t)
    who = h.turn
    assert who is not None
    if seat is not None and seat != who:
        if h.order.sits_out(seat):
            return Refusal(
                codes.E410, f"{h.seat(seat)} sits out this nello hand and plays no tile", f"it is {h.seat(who)}'s turn", seat=seat
            )
        return out_of_turn(h.game, who, seat, codes.E401, "played")
    hand = h.hands[who]
    if t not in hand:
        game = h.game
        if h.blind and not game.copies[t]:
            return Refusal(codes.E102, f"{t} is not in the {game.title} set", game.set_note, seat=who, tile=t)
        if times_played(h, t) >= game.copies[t]:
            return Refusal(codes.E403, f"{t} was already played in this hand", seat=who, tile=t)
        if h.blind:  # a tile from the player's unseen ones: nothing more can be told
            return None
        return Refusal(codes.E402, f"{h.seat(who)} played {t} but does not hold it", seat=who, tile=t)
    table = h.table
    assert table is not None
    if table.forced:
        allowed = table.playable(hand, None)
        if t not in allowed:
            return Refusal(
                codes.E411,
                f"{h.seat(who)} played {t} ({t.pips} pips) but held {allowed[0]} ({allowed[0].pips} pips), nearer 7",
                "under sevens each player plays the tile nearest 7 pips",
                seat=who,
                tile=t,
            )
    elif h.trick:
        follows = table.follows
        led = table.calls[h.trick[0][1]]
        bit = 1 << led
        if not follows[t] & bit:
            for x in hand:  # the first tile held of the suit led, named in the refusal
                if follows[x] & bit:
                    return Refusal(
                        codes.E404,
                        f"{h.seat(who)} reneged: {suit_name(table, led)} were led and {h.seat(who)} held {x}",
                        f"{h.seat(who)} had to follow with a tile of the suit led",
                        seat=who,
                        tile=t,
                    )
    elif h.trump_lead and not h.tricks:
        is_trump = table.is_trump
        if not is_trump[t]:
            for x in hand:
                if is_trump[x]:
                    return Refusal(
                        codes.E414,
                        f"{h.seat(who)} led {t}, which is not a trump, holding {x}",
                        "under opening-lead=trump the first lead of the hand is a trump when the leader holds one",
                        seat=who,
                        tile=t,
                    )
    return None


def times_played(h: HandState, t: Tile) -> int:
    """Copies of ``t`` played so far, counted when a refusal asks."""
    return sum(x == t for tr in h.tricks for _, x in tr.plays) + sum(x == t for _, x in h.trick)


def legal_plays(h: HandState, seat: int | None = None) -> list[Tile]:
    """The tiles ``seat`` (default: whose turn it is) may play now, high first.

    When the deal is not known, the tiles the player may hold (``shown.candidates``).
    """
    if h.phase is not PLAY or (seat is not None and seat != h.turn):
        return []
    assert h.turn is not None and h.table is not None
    if h.blind:
        return candidates(h, h.turn)
    lead = h.trick[0][1] if h.trick else None
    held = h.hands[h.turn]
    if lead is None and h.trump_lead and not h.tricks:
        held = [t for t in held if h.table.is_trump[t]] or held
    return sorted(set(h.table.playable(held, lead)), reverse=True)


def play(h: HandState, action: Play) -> Trick | None:
    """Play ``action.tile`` for the player whose turn it is; the trick, when this closes one."""
    who = h.turn
    assert who is not None
    t = action.tile
    try:  # noqa: SIM105 - contextlib.suppress costs a context manager on every play
        h.hands[who].remove(t)
    except ValueError:  # a forced play of a tile the player does not hold, or a blind hand
        pass
    h.log.append(action if action.seat == who else Play(who, t))
    trick = h.trick
    trick.append((who, t))
    order = h.order
    if len(trick) < order.size:
        h.turn = order.next[who]
        return None
    return close_trick(h)


def close_trick(h: HandState) -> Trick:
    """The trick in play is complete: its winner, its points, and who leads next."""
    game = h.game
    table = h.table
    assert table is not None
    plays = h.trick
    tiles = [t for _, t in plays]
    winner = plays[table.winner(tiles)][0]
    points = game.trick_points
    if game.counters_score:
        count = _COUNT_OF
        for t in tiles:
            points += count[t]
    return end_trick(h, winner, points)


def end_trick(h: HandState, winner: int, points: int) -> Trick:
    """The trick in play, complete, is ``winner``'s with ``points``: it is recorded, and
    ``winner`` leads next (or the hand is over)."""
    game = h.game
    plays = h.trick
    done = _new_trick((plays[0][0], tuple(plays), winner, points))
    after = h.order.after_trick
    if after is not None:  # the trick of an accepted play out of turn: the order as before it
        h.order = after
    tricks = h.tricks
    tricks.append(done)
    team = game.teams[winner]
    h.points[team] += points
    h.team_tricks[team] += 1
    h.trick = []
    h.turn = winner
    if len(tricks) == game.hand_size:
        h.phase = DONE
        h.turn = None
    return done


def play_run(h: HandState, plays: Sequence[Play]) -> tuple[int, Refusal | None, Trick | None]:
    """Apply ``plays`` in order while each is allowed: ``apply`` for a run of plays.

    Returns how many were applied, the refusal of the first play that was not (None
    when all were), and the trick the last applied play completed (None if none).  A
    replay spends most of its time on plays, so this checks each one in the loop and
    leaves anything refused to the caller, who words it and decides what follows.

    >>> from referee.engine.actions import Bid
    >>> from referee.engine.declarations import Declaration
    >>> from referee.engine.games import make_rules
    >>> from referee.engine.hand import Hand
    >>> from referee.engine.tiles import tile
    >>> deal = [[tile(t) for t in h.split()] for h in (
    ...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    ...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
    >>> h = Hand(make_rules("42"), dealer=3, deal=deal)
    >>> h.bid(0, Bid(30)); h.bid(1, None); h.bid(2, None); h.bid(3, None)
    >>> h.declare(Declaration("suit", 6))
    >>> run = [Play(s, tile(t)) for s, t in ((0, "6-6"), (1, "5-5"), (2, "4-3"), (3, "3-0"))]
    >>> n, refusal, trick = h.play_run(run)
    >>> n, refusal, trick.winner, trick.points, h.turn
    (4, None, 0, 11, 0)
    >>> n, refusal, trick = h.play_run([Play(0, tile("6-5")), Play(2, tile("4-2"))])
    >>> n, refusal.code, trick, len(h.log)
    (1, 'E401', None, 10)
    """
    table = h.table
    if h.phase is not PLAY or h.blind or table is None or table.forced:
        return checked_run(h, plays)
    # The common case checked and applied in one loop: a play by the seat whose turn it is
    # (or by no seat named), of a tile it holds, that follows the suit led, or leads (bar
    # the first lead under ``opening-lead=trump``), or is played by a player void in the
    # suit led (no tile of ``TrumpTable.suit_sets``, the tiles ``follows`` marks for the
    # suit, as ``check_play`` asks it), is one ``check_play`` allows
    # without a word, read from the same table.  Any other play is ``check_play``'s to
    # word, and a trick closes through ``close_trick``.
    # ``tests/engine/test_play_run.py`` holds this equal to ``checked_run``.
    # The winner and points of a trick begun in the run are kept as it goes, by the
    # strengths ``TrumpTable.winner`` compares (the first of the strongest takes it);
    # a trick begun before the run is closed by ``close_trick``.
    hands, log, trick, tricks = h.hands, h.log, h.trick, h.tricks
    suit_sets, calls, strengths = table.suit_sets, table.calls, table.strength
    game = h.game
    teams, taken, won, tricks_a_hand = game.teams, h.points, h.team_tricks, game.hand_size
    base = game.trick_points
    count = _COUNT_OF if game.counters_score else _NO_COUNT
    order = h.order
    nxt, size = order.next, order.size
    who = h.turn
    assert who is not None
    suit = suit_sets[calls[trick[0][1]]] if trick else _NO_SUIT  # the tiles that follow the suit led
    first_lead = h.trump_lead and not h.tricks
    begun = bool(trick)
    strength: tuple[int, ...] = ()
    best = best_key = points = 0
    done: Trick | None = None  # the last trick closed (the run's answer only when no play follows it)
    logged = len(log)  # the plays applied are the log's entries past this: not counted a play
    n = len(trick)  # tiles in the trick in play, counted here rather than asked of the list
    for action in plays:
        seat, t = action
        held = hands[who]
        if (seat != who and seat is not None) or t not in held or (t not in suit and not suit.isdisjoint(held) if n else first_lead):
            h.turn = who  # the turn is stored only where something reads it
            refusal = check_play(h, seat, t)
            if refusal is not None:
                return len(log) - logged, refusal, None if n else done
        held.remove(t)
        log.append(action if seat == who else _new_play((who, t)))
        trick.append((who, t))
        if n:
            if not begun:
                key = strength[t]
                if key > best_key:
                    best, best_key = who, key
                points += count[t]
        else:
            led = calls[t]
            suit = suit_sets[led]
            strength = strengths[led]
            best, best_key, points = who, strength[t], base + count[t]
        n += 1
        if n < size:
            who = nxt[who]
            continue
        if begun:
            done = close_trick(h)
            begun = False
        elif order.after_trick is None and len(tricks) + 1 < tricks_a_hand:
            # ``end_trick`` for a trick that is not the hand's last, in the order as it
            # stands (its steps, in its order, without a call a trick)
            done = _new_trick((trick[0][0], tuple(trick), best, points))
            tricks.append(done)
            team = teams[best]
            taken[team] += points
            won[team] += 1
            trick = h.trick = []
            who = best
            n = 0
            first_lead = False
            continue
        else:
            done = end_trick(h, best, points)
        if h.turn is None:  # the hand is over: what follows is check_play's to refuse
            k = len(log) - logged
            if k == len(plays):
                return k, None, done
            n, refusal, last = checked_run(h, plays[k:])
            return k + n, refusal, last if n else done
        who = h.turn
        trick, order = h.trick, h.order
        nxt, size = order.next, order.size
        n = 0
        first_lead = False
    h.turn = who
    return len(log) - logged, None, None if n else done


def checked_run(h: HandState, plays: Sequence[Play]) -> tuple[int, Refusal | None, Trick | None]:
    """``play_run`` play by play, each through ``check_play`` and then ``play``: the general
    path (a blind hand, sevens, a run that starts before or after the play), and the
    measure the common case's loop is held to."""
    check = check_play
    apply = play
    done = None
    for k, action in enumerate(plays):
        refusal = check(h, action[0], action[1])
        if refusal is not None:
            return k, refusal, done
        done = apply(h, action)
    return len(plays), None, done
