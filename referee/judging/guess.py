"""Which game a record's seats belong to, when they are not the rules' own.

A Texas 42 record judged as Moon (``--rules moon``, or a wrong ``[Rules]`` tag) names
seats N E S W and sides NS EW that Moon does not have: replay reports each of them
(S010), then everything that follows from them, 27 errors for two hands.  One
diagnostic saying "these seats look like Texas 42" says it all.  The functions here
are pure: they read a record's labels and the games' seats, and decide nothing else.

The referee (``replay.Referee.judge``) calls ``wrong_game`` only for a record whose
replay met a seat or side its game does not have (a clean record costs nothing), and
when it names a game, reports that one diagnostic instead of what the replay found.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from ..engine.games import GAMES
from ..engine.profiles import Game
from ..notation.record import GameRecord
from ..source import Span

__all__ = ["fits", "guess_game", "label_hint", "record_labels", "wrong_game"]


def record_labels(record: GameRecord) -> list[tuple[str, Span | None]]:
    """Every seat or side label the record writes, with its place, in text order."""
    out: list[tuple[str, Span | None]] = []
    for hand in record.hands:
        if hand.dealer:
            out.append((hand.dealer, hand.dealer_at))
        for dealt in hand.deal or []:
            out.append((dealt.seat, dealt.at))
        out.extend((c.seat, c.at) for c in hand.calls if c.seat)
        if hand.trump is not None and hand.trump.by:
            out.append((hand.trump.by, hand.trump.by_at))
        for trick in hand.tricks:
            out.extend((p.seat, trick.at) for p in trick.plays if p.seat)  # a play's own place is found only when printed
            if trick.winner:
                out.append((trick.winner, trick.winner_at))
        if hand.result is not None and hand.result.side:
            out.append((hand.result.side, hand.result.at))
        if hand.award is not None:
            out.extend((side, hand.award.at) for side in hand.award.amounts)
        if hand.score is not None:
            out.extend((side, hand.score.at) for side in hand.score.scores)
    return out


def fits(label: str, game: Game) -> bool:
    """Whether ``game`` has this seat (``N``, ``North``, ``A``) or side (``NS``, ``ACE``)."""
    return game.seat_index(label) is not None or label.upper() in game.team_labels


def guess_game(labels: Iterable[str], current: Game, games: Mapping[str, Game] = GAMES) -> Game | None:
    """The other built-in game whose seats and sides the labels are, when they are not ``current``'s.

    It answers only when most of the distinct labels are foreign to ``current`` and every
    one fits the other game, so a typo (``Q``, or ``D`` in a Moon record) is left to S010.
    When several games fit (Moon's A B C are also Texas 88 seats), the one with as many
    seats as the record uses wins, then the one with the fewest seats.

    >>> from referee.engine.games import GAMES
    >>> guess_game(["N", "E", "S", "W", "NS", "EW"], GAMES["moon"]).name
    '42'
    >>> guess_game(["A", "B", "C"], GAMES["42"]).name
    'moon'
    >>> guess_game(["A", "B", "C", "D", "Q"], GAMES["moon"]) is None
    True
    """
    distinct = list(dict.fromkeys(label.upper() for label in labels))
    if not distinct:
        return None
    foreign = [label for label in distinct if not fits(label, current)]
    if len(foreign) * 2 <= len(distinct):
        return None
    candidates = [g for g in games.values() if g.name != current.name and all(fits(label, g) for label in distinct)]
    if not candidates:
        return None
    seats_used = {label for label in distinct if any(g.seat_index(label) is not None for g in candidates)}

    def rank(g: Game) -> tuple[bool, int]:
        used = {g.seats[i] for label in seats_used if (i := g.seat_index(label)) is not None}
        return (len(used) != g.players, g.players)

    return min(candidates, key=rank)


def wrong_game(record: GameRecord, current: Game, games: Mapping[str, Game] = GAMES) -> tuple[str, str, Span | None] | None:
    """One diagnostic for a record written for another game, or None.

    Returns ``(message, hint, at)``: the words and the place (the first foreign label) of
    the S010 the referee should report instead of one S010 per label and what follows
    from them.  The hint names ``--rules`` for a record without a ``[Rules]`` tag, and
    the tag otherwise.

    >>> from referee.notation.reader import read_text
    >>> from referee.engine.games import GAMES
    >>> text = "hand 1 dealer N\\n  bid E 30, S pass, W pass, N pass\\n"
    >>> record = next(iter(read_text(text, "log.42"))).record
    >>> wrong_game(record, GAMES["moon"])[:2]
    ('these seats look like Texas 42, not Moon', 'did you mean --rules 42?')
    """
    labels = record_labels(record)
    guess = guess_game((label for label, _ in labels), current, games) or _smaller_table(record, current, games)
    if guess is None:
        return None
    at = next((place for label, place in labels if not fits(label, current)), None)
    if at is None:  # every seat is also the current game's: point at the first deal
        at = next((dealt.at for hand in record.hands for dealt in hand.deal or []), None)
    tagged = record.tag("Rules") is not None
    hint = f'did you mean [Rules "{guess.name}"]?' if tagged else f"did you mean --rules {guess.name}?"
    return f"these seats look like {guess.title}, not {current.title}", hint, at


def _smaller_table(record: GameRecord, current: Game, games: Mapping[str, Game]) -> Game | None:
    """A game with fewer seats whose seats are exactly those every deal of the record deals
    (a Moon record judged as Texas 88: A B C are 88 seats too, but D E F are never dealt)."""
    dealt = [{d.seat.upper() for d in hand.deal} for hand in record.hands if hand.deal]
    if not dealt or any(seats != dealt[0] for seats in dealt) or len(dealt[0]) >= current.players:
        return None
    for g in games.values():
        if g.name != current.name and g.players == len(dealt[0]) and all(fits(label, g) for label in dealt[0]):
            return g
    return None


def label_hint(label: str, game: Game) -> str | None:
    """A did-you-mean for a seat or side ``game`` does not have (``Wst`` -> ``West``), for S010's hint.

    >>> from referee.engine.games import GAMES
    >>> label_hint("Wset", GAMES["42"])
    'did you mean West?'
    >>> label_hint("Q", GAMES["42"]) is None
    True
    """
    known = [*game.seats, *game.seat_names, *game.team_labels]
    close = difflib.get_close_matches(label, known, n=1) or difflib.get_close_matches(label.upper(), known, n=1)
    return f"did you mean {close[0]}?" if close else None
