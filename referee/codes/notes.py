"""The codes of warnings and notes (``W``): exit status 0 on their own."""

from __future__ import annotations

from typing import Final

from .code import Code, Severity

_W, _N = Severity.WARNING, Severity.NOTE

# -- warnings and notes -----------------------------------------------------------------
W101: Final = Code(
    "W101",
    "claim not verified",
    "The referee cannot check the claim against the tiles left: the deal is not recorded, the search for a defence runs past its "
    "budget, or a tile was played that its player did not hold.",
    severity=_W,
)
W102: Final = Code("W102", "game unfinished", "The game stops before any side reached the target.", severity=_W)
W103: Final = Code(
    "W103",
    "hand not followed further",
    "After an error the hand cannot be followed (e.g. the turn order is lost); later checks of this hand and of the running score are skipped.",
    severity=_N,
)
W108: Final = Code(
    "W108",
    "game in progress",
    'A record marked `[Status "unfinished"]` (a game still being played, as `referee live` writes it) stops on purpose: '
    "its last hand may stop anywhere, and the game before its target. The note says where it stops; the hands before "
    "are judged as usual.",
    severity=_N,
)
W109: Final = Code(
    "W109",
    "unfinished game is over",
    'A record marked `[Status "unfinished"]` whose game is over all the same: a side reached the target (or, in a log, '
    "the hand was played out). The tag is wrong; leave it out or write `finished`.",
    severity=_W,
)

REPEATS_SHOWN: Final = 20
"""Diagnostics of one code shown per record before a W104 note counts the rest."""
W104: Final = Code(
    "W104",
    "more of the same",
    f"One record has more than {REPEATS_SHOWN} diagnostics of one code: the first {REPEATS_SHOWN} are shown, and this note counts the rest "
    "(the summary line counts them all). It keeps the output of a pathological record in proportion to the record.",
    severity=_N,
)
W105: Final = Code(
    "W105",
    "hand not analysed",
    "`referee analyze` gives no values for this hand: its deal is not recorded, everyone passed, an error changes the position "
    "(an illegal deal or exchange, a tile not held, a renege), or the referee stopped following the hand; the note names the "
    "error. A position past its node budget or time limit is marked in the analysis instead, and the hand's other positions "
    "keep their values. It never guesses a value.",
    severity=_N,
)

W106: Final = Code(
    "W106",
    "irregularity ruled",
    "An irregularity the record writes (a renege called, a misdeal, a play out of turn accepted) happened, and the hand "
    "is scored by the ruling (`referee rules` lists the renege penalty option).",
    severity=_N,
)

W107: Final = Code(
    "W107",
    "converted with an inference",
    "A record read from another program's format holds something its source did not state in so many words: a dealer "
    "worked out from a seed, seats from the order of the bids, the reading of a link that mk5's own writer got wrong. "
    "The record says what was inferred in a comment, and `convert` prints this note.",
    severity=_N,
)

W110: Final = Code(
    "W110",
    "hand not judged for lack of detail",
    'A hand of a score sheet (`[Detail "hands"]`) writes too little to work out its score: its bid without how it went, '
    "a result under points scoring without the points or the award, or no bid and no award. Everything it does write is checked; the award it writes is taken for the "
    "running score, and without one the running score is not checked after it.",
    severity=_N,
)

W111: Final = Code(
    "W111",
    "written out of turn order",
    "Calls or a trick's plays are written in another order than they were made (from the dealer's left, from the trick's "
    "leader), and each carries its seat: they are judged by their seats, in turn, and the hand is followed. `referee fmt` "
    "keeps them as written.",
    severity=_W,
)
