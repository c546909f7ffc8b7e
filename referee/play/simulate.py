"""Reproducible games played by the engine's own players, as records.

They feed ``referee simulate``, the round-trip and property tests and the
benchmarks.  Every choice comes from the engine's legal options, so a
simulated game is legal by construction; one ``random.Random`` drives the
deals and the players, so a seed gives the same games byte for byte.

>>> from referee.engine.games import make_rules
>>> rec = next(simulate_games(make_rules("42"), 1, seed=7))
>>> rec.tag("Rules"), rec.tag("Target"), rec.tag("Winner") in ("NS", "EW")
('42', '7 marks', True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..engine.deal import shuffle_deal
from ..engine.game import GameState
from ..engine.hand import Hand, HandResult
from ..engine.profiles import Rules
from ..engine.tiles import Tile
from ..judging.stated import stated_of_result
from ..notation.record import Forfeit, GameRecord, HandRecord, Tag
from .players import Player, SensiblePlayer, drive_hand
from .transcript import hand_record

__all__ = ["PLAYERS", "options_tag", "scored_record", "simulate_game", "simulate_games"]

PLAYERS: dict[str, type[Player]] = {"sensible": SensiblePlayer, "random": Player}
"""The kinds of computer player a simulation can seat."""

MAX_HANDS = {"sensible": 1000, "random": 200}
"""Hands after which a game is given up unfinished (no ``[Winner]`` tag).

Random players can bid and lose forever in Moon, where a set declarer goes
down by the bid, so their games may never reach the target.  Sensible
players finish well within the cap; it is only a guard against a loop.
"""


def options_tag(rules: Rules) -> str | None:
    """``key=value`` for every option (other than the target) off its default,
    space-separated; ``None`` when every option has its default."""
    values = rules.option_values()
    chosen = [
        f"{spec.name}={values[spec.name]}" for spec in rules.game.options if spec.values is not None and values[spec.name] != spec.default
    ]
    return " ".join(chosen) or None


def scored_record(
    number: int,
    hand: Hand,
    deal: list[list[Tile]],
    kitty: list[Tile],
    result: HandResult,
    scores: list[int],
    *,
    forfeit: Forfeit | None = None,
) -> HandRecord:
    """What a careful scorer writes for a hand the engine played (``referee simulate``, and
    ``referee match`` with its ``forfeit`` items): a hand a forfeit ended keeps its plays as far
    as they went, the last trick short when it came in the middle of one; one ended before any
    bid has its award and score but no result line (nobody bid)."""
    record = hand_record(number, hand, deal, kitty)
    record.forfeit = forfeit
    record.result, record.award, record.score = stated_of_result(hand.rules, result, scores)
    if hand.declarer is None:
        record.result = None
    return record
    return record


def simulate_game(
    rules: Rules, rng: random.Random, *, first_dealer: int = 0, players: str = "sensible", max_hands: int | None = None
) -> GameRecord:
    """Play one game to its winner and return its record.

    ``players`` is ``"sensible"`` (``SensiblePlayer``) or ``"random"`` (uniformly
    random legal choices).  A game still undecided after ``max_hands`` hands
    (default ``MAX_HANDS[players]``) stops there and has no ``[Winner]`` tag.
    """
    if players not in PLAYERS:
        raise ValueError(f"players must be one of {', '.join(PLAYERS)}, not {players!r}")
    game = rules.game
    seats = [PLAYERS[players](rng=rng) for _ in game.seats]
    limit = MAX_HANDS[players] if max_hands is None else max_hands
    state = GameState(rules, first_dealer=first_dealer)
    hands: list[HandRecord] = []
    while not state.over and state.hands_played < limit:
        deal, kitty = shuffle_deal(game, rng)
        hand = state.new_hand(deal, kitty)
        drive_hand(hand, seats)
        result = state.finish(hand)
        hands.append(scored_record(state.hands_played, hand, deal, kitty, result, state.scores))
    tags = [Tag(name="Rules", value=rules.profile or game.name)]
    options = options_tag(rules)
    if options is not None:
        tags.append(Tag(name="Options", value=options))
    tags.append(Tag(name="Target", value=f"{rules.target} {rules.target_unit}"))
    if state.winner is not None:
        tags.append(Tag(name="Winner", value=game.team_labels[state.winner]))
    return GameRecord(tags=tags, hands=hands)


def simulate_games(rules: Rules, games: int, seed: int, *, players: str = "sensible", max_hands: int | None = None) -> Iterator[GameRecord]:
    """``games`` games from one ``random.Random(seed)``: the same seed gives the same
    records.  The first dealer of each game is drawn from the same generator."""
    rng = random.Random(seed)
    for _ in range(games):
        first = rng.randrange(rules.game.players)
        yield simulate_game(rules, rng, first_dealer=first, players=players, max_hands=max_hands)
