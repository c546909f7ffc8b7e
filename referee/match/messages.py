"""The messages of ``referee-bot/1`` made from the engine's state, and the words of its actions.

A request's answers are the engine's own legal options (``Hand.decision()``), each written
in the notation's words (:func:`action_word`), so a bot's answer is looked up, never parsed.
A seat's ``view`` is filled from the engine's view of that seat (``Hand.view(seat)``, a
``PlayerView``), which never holds another seat's unplayed tile, nor the widow or cat of a
seat that did not take it; events carry only what the whole table sees, the exchange's
tiles for the declarer alone.

>>> from referee.engine.games import make_rules
>>> from referee.engine.hand import Hand
>>> from referee.engine.tiles import tile
>>> deal = [[tile(t) for t in h.split()] for h in (
...     "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
...     "4-3 4-2 4-1 4-0 3-3 3-2 3-1", "3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
>>> h = Hand(make_rules("42"), dealer=3, deal=deal)
>>> words = answers(h.decision())
>>> list(words)[:4], words["31"]
(['pass', '30', '31', '32'], Call(seat=0, bid=Bid(amount=31, suit=None, contract=None)))
>>> v = view_of(h.view(0), 1, {"NS": 0, "EW": 0}, list(words))
>>> v.phase, v.turn, v.tiles[:2], v.declarer, v.tiles_left
('call', 'N', ['6-6', '6-5'], None, {'N': 7, 'E': 7, 'S': 7, 'W': 7})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import actions
from ..engine.declarations import table_for
from ..engine.games import GAMES, make_rules
from ..engine.hand import Hand, Phase, Trick
from ..engine.profiles import Game, Rules
from ..engine.shown import suit_name
from ..engine.tiles import Tile
from ..engine.views import Decision, PlayerView
from ..interchange.bot_protocol import (
    CalledBid,
    CallEvent,
    ExchangeEvent,
    Hello,
    Played,
    PlayEvent,
    RequestKind,
    TimeControl,
    TrickDone,
    TrickEvent,
    TrumpEvent,
    View,
)

__all__ = [
    "KINDS",
    "action_word",
    "answers",
    "changed_options",
    "events_of",
    "hello_for",
    "off_defaults",
    "options_of",
    "rules_of",
    "sides_of",
    "tiles_of",
    "view_of",
]

KINDS: dict[str, RequestKind] = {"call": "call", "exchange": "exchange", "declare": "trump", "play": "play"}
"""The engine's kind of decision as the protocol names it (``declare`` is ``trump``)."""


def tiles_of(tiles: Sequence[Tile]) -> list[str]:
    """Tiles as the notation writes them, high first."""
    return [str(t) for t in sorted(tiles, reverse=True)]


def action_word(action: actions.Action) -> str:
    """An action as a bot writes it: a call (``pass``, ``31``, ``84 splash``, ``64 fives``), an
    exchange (``5-3 for 2-1``, ``none``), a trump (``sixes``, ``nello low``), a tile (``6-4``).

    >>> action_word(actions.Call(0, None)), action_word(actions.Call(0, actions.Bid(64, 5)))
    ('pass', '64 fives')
    >>> from referee.engine.tiles import tile
    >>> action_word(actions.Exchange((tile("5-3"),), (tile("2-1"),))), action_word(actions.Exchange((), ()))
    ('5-3 for 2-1', 'none')
    """
    if isinstance(action, actions.Call):
        return "pass" if action.bid is None else str(action.bid)
    if isinstance(action, actions.Exchange):
        if not action.take and not action.give:
            return "none"
        return f"{' '.join(map(str, action.take))} for {' '.join(map(str, action.give))}"
    if isinstance(action, actions.Declare):
        return str(action.declaration)
    if isinstance(action, actions.Play):
        return str(action.tile)
    raise TypeError(f"a bot is never asked for a {type(action).__name__}")


def answers(decision: Decision) -> dict[str, actions.Action]:
    """The legal answers of a decision, by their words, in the engine's order."""
    return {action_word(a): a for a in decision.options}


def sides_of(game: Game) -> dict[str, list[str]]:
    """Each side's label and its seats."""
    return {label: [s for s, t in zip(game.seats, game.teams, strict=True) if t == team] for team, label in enumerate(game.team_labels)}


def options_of(rules: Rules) -> dict[str, str]:
    """Every rule option and its value in force, the target included."""
    return rules.option_values()


def changed_options(rules: Rules) -> dict[str, str]:
    """The rule options off their defaults (what a record's ``[Options]`` and ``[Target]`` say)."""
    return off_defaults(rules.game.name, rules.option_values())


def off_defaults(game: str, options: Mapping[str, str]) -> dict[str, str]:
    """Of ``options`` (as ``hello`` sends them, every one), those off ``game``'s defaults."""
    g = GAMES[game]
    out = {}
    for key, value in options.items():
        spec = g.option(key)
        if spec is None or spec.default != str(value):
            out[key] = str(value)
    return out


def rules_of(game: str, options: Mapping[str, str], profile: str | None = None) -> Rules:
    """The rules of ``game`` with ``options`` (every one, or those off the defaults), as a bot or
    a cluster's worker builds them again from ``hello`` or a task.

    >>> r = rules_of("42", options_of(rules_of("42", {"nello": "on", "target": "5"})))
    >>> r.option("nello"), r.target
    ('on', 5)
    """
    rules = make_rules(game, off_defaults(game, options))
    return rules.with_profile(profile) if profile else rules


def hello_for(rules: Rules, seat: int, names: Sequence[str], time: TimeControl, seed: int) -> Hello:
    """The ``hello`` of the bot at ``seat`` for one game."""
    game = rules.game
    return Hello(
        game=game.name,
        options=options_of(rules),
        target=rules.target,
        unit="points" if rules.target_unit == "points" else "marks",
        seat=game.seats[seat],
        seats=list(game.seats),
        sides=sides_of(game),
        names=dict(zip(game.seats, names, strict=True)),
        time=time,
        seed=seed,
    )


def _by_side(game: Game, values: Sequence[int]) -> dict[str, int]:
    return dict(zip(game.team_labels, values, strict=True))


def _played(game: Game, plays: Sequence[tuple[int, Tile]]) -> list[Played]:
    return [Played(seat=game.seats[s], tile=str(t)) for s, t in plays]


def view_of(pv: PlayerView, number: int, score: Mapping[str, int], legal: list[str]) -> View:
    """What the seat of ``pv`` may know, as the protocol's ``view`` of hand ``number``."""
    game = pv.game
    seats = game.seats
    auction = pv.phase is Phase.AUCTION
    kitty = laid_away = None
    if pv.kitty is not None:  # the declarer, who took the widow or cat: as it was when taken
        held = list(pv.kitty)
        if pv.exchanged is not None:
            took, gave = pv.exchanged
            for t in gave:
                held.remove(t)
            held += took
            laid_away = tiles_of(gave)
        kitty = tiles_of(held)
    high = None
    if pv.high_bid is not None and pv.declarer is not None:
        high = CalledBid(seat=seats[pv.declarer], call=str(pv.high_bid))
    declaration = pv.declaration
    table = table_for(declaration) if declaration is not None else None
    trump_by = None
    if declaration is not None and pv.trump_caller is not None and pv.trump_caller != pv.declarer:
        trump_by = seats[pv.trump_caller]
    decision = pv.decision
    return View(
        seat=seats[pv.seat],
        hand=number,
        phase=KINDS[decision.kind],
        dealer=seats[pv.dealer],
        turn=seats[decision.seat if decision.seat is not None else pv.seat],
        tiles=tiles_of(pv.hand),
        kitty=kitty,
        laid_away=laid_away,
        exchanged=None if pv.exchange is None else pv.exchange[0],
        calls=[CalledBid(seat=seats[s], call="pass" if b is None else str(b)) for s, b in pv.calls],
        bid=high,
        declarer=None if auction or pv.declarer is None else seats[pv.declarer],
        contract=None if pv.contract is None else pv.contract.name,
        trump=None if declaration is None else str(declaration),
        trump_by=trump_by,
        out=[seats[s] for s in pv.out],
        trick=_played(game, pv.trick),
        tricks=[
            TrickDone(number=n, plays=_played(game, tr.plays), winner=seats[tr.winner], points=tr.points)
            for n, tr in enumerate(pv.tricks, 1)
        ],
        points=_by_side(game, pv.points),
        tricks_won=_by_side(game, pv.team_tricks),
        tiles_left=dict(zip(seats, pv.tiles_left, strict=True)),
        score=dict(score),
        void={seats[s]: [suit_name(table, suit) for suit in sorted(v)] for s, v in enumerate(pv.voids) if v and table is not None},
        legal=legal,
    )


Told = CallEvent | ExchangeEvent | TrumpEvent | PlayEvent | TrickEvent
"""An event that follows an action of the hand."""


def events_of(hand: Hand, action: actions.Action, before: Phase, trick: Trick | None, declared: bool) -> list[tuple[int | None, Told]]:
    """The events an action applied to ``hand`` gives, each with the one seat it is for (None:
    every seat): ``before`` is the phase it was taken in, ``trick`` what ``apply`` returned,
    ``declared`` whether trump was named before it."""
    game = hand.game
    seats = game.seats
    out: list[tuple[int | None, Told]] = []
    if isinstance(action, actions.Call):
        seat = action.seat if action.seat is not None else 0
        out.append((None, CallEvent(seat=seats[seat], call=action_word(action))))
    elif isinstance(action, actions.Exchange):
        declarer = hand.declarer
        assert declarer is not None
        for s in range(game.players):
            mine = s == declarer
            out.append(
                (
                    s,
                    ExchangeEvent(
                        seat=seats[declarer],
                        count=len(action.take),
                        took=tiles_of(action.take) if mine else None,
                        gave=tiles_of(action.give) if mine else None,
                    ),
                )
            )
    elif isinstance(action, actions.Play) and action.seat is not None:
        out.append((None, PlayEvent(seat=seats[action.seat], tile=str(action.tile))))
    if hand.declaration is not None and not declared and hand.declarer is not None:
        caller = hand.trump_caller
        by = seats[caller] if caller is not None and caller != hand.declarer else None
        out.append((None, TrumpEvent(seat=seats[hand.declarer], trump=str(hand.declaration), by=by)))
    if trick is not None and before is Phase.PLAY:
        done = hand.tricks[-1]
        out.append((None, TrickEvent(trick=len(hand.tricks), winner=seats[done.winner], points=done.points)))
    return out
