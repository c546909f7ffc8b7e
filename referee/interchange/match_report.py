"""What ``referee match --format json`` writes: a line per game as it ends, then the match's
summary; ``referee schema --for match`` publishes both. The match's journal (what
``--resume`` reads back) keeps the same game lines, validated when read.

The two bots a game line scores are ``a`` and ``b`` (the unit's pairing); ``points`` is what
``a`` took of the game: 1 when its side won, 0 when the other bot's did, 1/2 when neither
(in Moon, when the filler won or nobody did, the better score counts). A game a fault ended
is lost by the bot at fault.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from .bot_protocol import FaultKind, Termination

__all__ = [
    "MATCH_VERSION",
    "FaultLine",
    "GameLine",
    "MatchLine",
    "MatchSummary",
    "PairingResult",
    "Rating",
    "SprtResult",
]

MATCH_VERSION = 1
"""Version of the shapes here."""

_SHAPE = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class FaultLine(BaseModel):
    """A fault of a bot, and where it came."""

    model_config = _SHAPE

    game: int
    hand: int
    seat: str
    bot: str
    kind: FaultKind
    detail: str
    """In words: ``no answer within 200 ms + 50 ms margin``, ``exited with status 3``."""


class GameLine(BaseModel):
    """One game, as it ended."""

    model_config = _SHAPE

    type: Literal["game"] = "game"
    game: int
    """1-based number of the game in the match."""
    round: str
    """``p.g``: the unit (pair) and the game in it, as the record's ``[Round]``."""
    unit: int
    """0-based number of the unit the game belongs to."""
    a: str
    b: str
    names: dict[str, str]
    """By seat: the bot there."""
    winner: str | None
    """The winning side; null when no side won (the game stopped unfinished, or a tie in Moon)."""
    winner_bot: str | None
    score: dict[str, int]
    """By side: the final score."""
    termination: Termination
    hands: int
    awards: list[dict[str, int]]
    """By hand, what each side scored."""
    faults: list[FaultLine]
    decisions: int
    stale: dict[str, int]
    """By bot: late answers ignored (they named an earlier request)."""
    points: float = Field(ge=0, le=1)
    """What ``a`` took of the game: 1, 1/2 or 0."""


class SprtResult(BaseModel):
    """The sequential test of the first pairing."""

    model_config = _SHAPE

    elo0: float
    elo1: float
    alpha: float
    beta: float
    model: Literal["normalized", "logistic"]
    llr: float
    lower: float
    upper: float
    decision: Literal["H0", "H1"] | None
    """H1: ``a`` is stronger by elo1 (or more); H0: by elo0 (or less); null: undecided."""


class PairingResult(BaseModel):
    """``a`` against ``b``: counted for ``a``."""

    model_config = _SHAPE

    a: str
    b: str
    units: int
    """Pairs (or rotations in Moon, or games with independent deals) played."""
    games: int
    wins: int
    losses: int
    draws: int
    points: float
    score: float
    """Mean score of a unit, 0 to 1."""
    outcomes: dict[str, int]
    """How many units ended with each score (``"0.5": 12``): the trinomial or pentanomial of pairs."""
    elo: float | None
    elo_error: float | None
    """Half the 95% interval, in Elo (null when infinite)."""
    nelo: float | None
    nelo_error: float | None
    los: float
    """Likelihood of superiority: the chance that ``a`` is the stronger, 0 to 1."""
    per_deal: float | None
    """With duplicate deals: ``a``'s net marks (or points) over ``b`` per deal played at every table."""
    per_deal_error: float | None
    deals: int
    sprt: SprtResult | None


class Rating(BaseModel):
    """A Bradley-Terry rating on the Elo scale (they average 0), with a 95% bootstrap interval."""

    model_config = _SHAPE

    name: str
    elo: float
    low: float
    high: float
    games: int
    points: float


class MatchSummary(BaseModel):
    """The match as it ended (or as far as it went)."""

    model_config = _SHAPE

    type: Literal["summary"] = "summary"
    version: Literal[1] = 1
    rules: str
    options: dict[str, str]
    seed: int
    deals: Literal["duplicate", "independent"]
    tournament: Literal["round-robin", "gauntlet"]
    bots: list[str]
    units_planned: int
    units_played: int
    games: int
    stopped: Literal["completed", "sprt", "interrupted", "failed"]
    pairings: list[PairingResult]
    ratings: list[Rating] | None
    """With more than two bots: every bot's rating, best first."""
    cross_table: dict[str, dict[str, list[float]]] | None
    """With more than two bots: ``cross_table[a][b]`` is [a's points, games] against b."""
    faults: dict[str, dict[str, int]]
    """By bot: how many faults of each kind."""
    stale: dict[str, int]
    """By bot: late answers ignored."""
    exit: int
    """The exit status: 0 a completed match, 1 games decided by faults, 2 a bot that could not start or a usage error."""


class MatchLine(RootModel[Annotated[GameLine | MatchSummary, Field(discriminator="type")]]):
    """A line of ``referee match --format json``: a game as it ended, or the summary at the end."""

    model_config = ConfigDict(title="referee match line")
