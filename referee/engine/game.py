"""A game: hands in sequence, the dealer's rotation, the running score, the winner."""

from __future__ import annotations

from collections.abc import Sequence

from .. import codes
from .hand import Hand, HandResult
from .profiles import Rules
from .refusal import Refusal
from .scoring import Score, hand_score
from .tiles import Tile

__all__ = ["GameState"]


class GameState:
    """Running state between hands.

    >>> from referee.engine.games import make_rules
    >>> g = GameState(make_rules("42"), first_dealer=0)
    >>> g.check_dealer(2).code
    'E105'
    """

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        self.rules = rules
        self.game = rules.game
        self.dealer = first_dealer
        """The seat expected to deal the next hand."""
        self.scores = [0] * len(self.game.team_labels)
        self.winner: int | None = None
        self.hands_played = 0
        self.ended = False
        """The game was ended by a fault (``end_by_fault``), with or without a winner."""

    @property
    def over(self) -> bool:
        return self.winner is not None or self.ended

    def check_dealer(self, dealer: int) -> Refusal | None:
        if dealer != self.dealer:
            seats = self.game.seats
            return Refusal(codes.E105, f"{seats[dealer]} dealt, but the deal passes clockwise: {seats[self.dealer]} deals this hand")
        return None

    def check_new_hand(self) -> Refusal | None:
        if self.winner is not None:
            return Refusal(
                codes.E505,
                f"{self.game.team_labels[self.winner]} had already won the game; no hand is played after that",
                "the game ends with the hand that reaches the target: start the next game with a header of its own",
            )
        return None

    def new_hand(
        self, deal: Sequence[Sequence[Tile]], kitty: Sequence[Tile] = (), *, dealer: int | None = None, deal_known: bool = True
    ) -> Hand:
        """Start the next hand (by default with the expected dealer)."""
        return Hand(self.rules, self.dealer if dealer is None else dealer, deal, kitty, deal_known=deal_known)

    def finish(self, hand: Hand) -> HandResult:
        """Score a finished hand, move the deal on and see whether the game is won."""
        result = hand.result()
        self.award(hand.dealer, result.awards, result.declaring_team)
        return result

    def score_hand(self, hand: Hand, score: Score | None = None) -> Score:
        """``finish`` giving the figures of the hand's score (``scoring.hand_score``: its
        contract, declaring side, made or set, awards) rather than a ``HandResult``: what
        a replay that checks a record's numbers needs, without building the value.
        ``score``: those figures, worked out already (``scoring.finished_score``)."""
        if score is None:
            score = hand_score(hand)
        self.award(hand.dealer, score[3], score[1])
        return score

    def award(self, dealer: int, awards: Sequence[int], declaring_team: int | None = None) -> None:
        """Score a hand dealt by ``dealer`` known only by what each side scored (a score
        sheet's award), move the deal on and see whether the game is won."""
        self.hands_played += 1
        self.dealer = (dealer + 1) % self.game.players
        for team, award in enumerate(awards):
            self.scores[team] += award
        self.winner = self._winner(declaring_team)

    def end_by_fault(self, offender: int) -> int | None:
        """The game ends at a fault of side ``offender`` (in a match, under ``forfeit-game`` or
        at a seat's last fault allowed): the winner is the side that reached the target, else
        the other side with the best score (none on a tie, as in Moon when two others tie).

        >>> from referee.engine.games import make_rules
        >>> g = GameState(make_rules("moon"))
        >>> g.scores = [3, 2, 2]
        >>> g.end_by_fault(0), g.ended
        (None, True)
        >>> g = GameState(make_rules("42")); g.end_by_fault(0)
        1
        """
        self.ended = True
        if self.winner is None:
            others = [t for t in range(len(self.scores)) if t != offender]
            best = max(self.scores[t] for t in others)
            top = [t for t in others if self.scores[t] == best]
            self.winner = top[0] if len(top) == 1 else None
        return self.winner

    def _winner(self, declaring_team: int | None) -> int | None:
        target = self.rules.target
        if max(self.scores) < target:  # most hands: nobody has reached it yet
            return None
        reached = [t for t, s in enumerate(self.scores) if s >= target]
        if declaring_team in reached:
            return declaring_team
        best = max(self.scores[t] for t in reached)
        top = [t for t in reached if self.scores[t] == best]
        return top[0] if len(top) == 1 else None
