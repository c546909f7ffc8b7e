"""The codes of rule errors (``E``, exit status 1), by the part of a hand they are
about: the deal, the auction, the widow, cat and declaration, the play, and the
results a record states; and which of them change the position (``POSITION_ERRORS``)."""

from __future__ import annotations

from typing import Final

from .code import After, Code

_APPLY, _SKIP, _STOP, _END = After.APPLY, After.SKIP, After.STOP, After.END

# -- deal --------------------------------------------------------------------------------
E101: Final = Code("E101", "wrong number of tiles", "Each player is dealt the profile's hand size (`referee rules` lists it).")
E102: Final = Code("E102", "tile not in this set", "The tile does not belong to the game's set, e.g. a tile the profile's set leaves out.")
E103: Final = Code("E103", "too many copies", "A tile appears more often than the set holds it (once in a single double-six set).")
E104: Final = Code("E104", "seat dealt twice or missing", "The deal lists a seat more than once or leaves a seat out.")
E105: Final = Code(
    "E105",
    "wrong dealer",
    "The dealer moves one seat clockwise after every hand, thrown-in hands included. The hand is judged with the dealer the "
    "rules require, so its calls and the rest of the game are still checked.",
)
E106: Final = Code("E106", "kitty disagrees with the deal", "The widow or cat written in the record is not the set of tiles left undealt.")
E107: Final = Code(
    "E107",
    "misdeal by a seat that did not deal",
    "`misdeal by SEAT` names the player who misdealt; the hand was dealt again by the same player, so it must be the hand's dealer.",
)
# -- auction -----------------------------------------------------------------------------
E201: Final = Code("E201", "bid out of turn", "Bidding goes clockwise from the dealer's left, one call each.", after=_STOP)
E202: Final = Code("E202", "bid not higher", "Each bid must be higher than the current high bid.", after=_APPLY)
E203: Final = Code(
    "E203", "bid off the ladder", "The amount is not a bid of this game's ladder (`referee rules` lists each profile's bids).", after=_APPLY
)
E204: Final = Code(
    "E204",
    "illegal mark jump",
    "An opening mark bid is at most the profile's opening limit; after that each mark bid is exactly one mark more.",
    after=_APPLY,
)
E205: Final = Code(
    "E205", "forced dealer passed", "Under `all-pass=forced` the dealer must bid when everyone else passed; the pass stands.", after=_APPLY
)
E206: Final = Code(
    "E206", "suit bid without the suit", "Where bids name a trump suit, the bidder must hold at least one tile of it.", after=_APPLY
)
E207: Final = Code(
    "E207",
    "bid suit missing or not allowed",
    "Some games' bids name a trump suit (`64 fives`); the others' bids are amounts only.",
    after=_APPLY,
)
E208: Final = Code("E208", "auction incomplete", "The hand goes on before every player has called.", after=_STOP)
E209: Final = Code(
    "E209", "call after the auction ended", "A call after every player has called, or after a bid that ends the auction.", after=_SKIP
)
E210: Final = Code(
    "E210",
    "contract without its doubles",
    "A plunge needs at least 4 doubles in the bidder's hand, a splash at least 3 (checked against the deal).",
    after=_APPLY,
)
E211: Final = Code(
    "E211",
    "contract not allowed by the options",
    "A special contract (nello, plunge, splash, sevens) is played only where the profile offers it and the record's `[Options ...]` "
    "turn it on (e.g. `nello=on`).",
    after=_APPLY,
)
E212: Final = Code(
    "E212",
    "contract needs a higher bid",
    "Nello and sevens may be called only after winning the auction with at least 1 mark.",
    after=_APPLY,
)
E213: Final = Code(
    "E213",
    "trump named by the wrong player",
    "After a plunge or splash the declarer's partner names trump (`trump sixes by S`); otherwise the declarer does.",
    after=_APPLY,
)
# -- widow, cat, declaration --------------------------------------------------------------
E301: Final = Code(
    "E301",
    "exchange takes a tile that is not there",
    "The declarer can only take tiles from the widow/cat and put back tiles from the hand.",
    after=_APPLY,
)
E302: Final = Code("E302", "counter left in the cat", "Every counter in the cat must be taken and replaced by a non-counter.", after=_APPLY)
E303: Final = Code(
    "E303", "wrong widow exchange", "The declarer takes the whole widow and puts back exactly as many tiles from the hand.", after=_APPLY
)
E304: Final = Code(
    "E304",
    "trump not allowed",
    "The declaration is not one these rules allow (where bids name the suit, trump is the bid's suit; "
    "`follow-me` and nello doubles must match the options).",
    after=_APPLY,
)
E305: Final = Code("E305", "declaration missing", "Plays are recorded but no trump was declared.", after=_STOP)
E306: Final = Code(
    "E306",
    "exchange missing or out of place",
    "A game with a widow or cat exchanges it right after the auction, before trump and play; a game without one has no exchange.",
    after=_STOP,
)
# -- play ----------------------------------------------------------------------------------
E401: Final = Code(
    "E401",
    "play out of turn",
    "The declarer leads the first trick (under `plunge-lead=partner` the partner who named trump, after a plunge or splash), "
    "then the winner of each trick leads the next, clockwise.",
    after=_STOP,
)
E402: Final = Code(
    "E402", "tile not held", "The player does not hold the tile: it was dealt to someone else or is in the kitty.", after=_APPLY
)
E403: Final = Code(
    "E403", "tile played twice", "The tile was already played in this hand (more often than the set holds it).", after=_APPLY
)
E404: Final = Code("E404", "renege", "A player who can follow the suit led must follow it.", after=_APPLY)
E405: Final = Code(
    "E405", "play after the hand ended", "The hand was over (all tricks played, or ended by a claim) but the record goes on.", after=_END
)
E406: Final = Code("E406", "hand incomplete", "The record stops while a score is still open and has no claim or concession.", after=_STOP)
E407: Final = Code(
    "E407",
    "claim could be defeated",
    "A claim says the declaring side takes all remaining tricks; the opponents had a way to win one.",
    after=_APPLY,
)
E408: Final = Code("E408", "wrong trick size", "A trick line holds more or fewer tiles than there are players in the trick.")
E409: Final = Code("E409", "play before the auction is over", "Plays start before a bid won the auction and trump was named.", after=_STOP)
E410: Final = Code(
    "E410",
    "nello partner played",
    "In nello the declarer's partner sits out: the partner plays no tile and tricks have one tile fewer.",
    after=_SKIP,
)
E411: Final = Code(
    "E411",
    "sevens: not the tile nearest 7",
    "Under sevens each player must play a tile of the hand whose pip total is nearest 7.",
    after=_APPLY,
)
E412: Final = Code(
    "E412",
    "renege called that did not happen",
    "`renege SEAT trick N` records a renege ruled at the table; the named player's play to that trick must be a renege "
    "(a tile off the suit led while holding one of that suit).",
)
E413: Final = Code(
    "E413",
    "accepted play was not out of turn",
    "`accept SEAT trick N` records a play out of turn that the table let stand; the named player must have played "
    "to that trick out of turn.",
)
E414: Final = Code(
    "E414",
    "opening lead not a trump",
    "Under `opening-lead=trump` the first lead of a hand must be a trump when the leader holds one.",
    after=_APPLY,
)
E415: Final = Code(
    "E415",
    "forfeit after the hand ended",
    "`forfeit SEAT FAULT` ends a hand played under the referee at a seat's fault; the hand was already over (every trick "
    "played, the result decided, or everyone passed), so the forfeit is left out.",
    after=_SKIP,
)
E416: Final = Code(
    "E416",
    "forfeit names the wrong trick",
    "`forfeit SEAT FAULT trick N` names the trick the fault came in: the trick the hand stopped in (the one being played, "
    "or the next to be led), and no trick for a fault before the play.",
)
# -- stated results ----------------------------------------------------------------------
E501: Final = Code(
    "E501", "stated result disagrees", "The result the recorder wrote (side, points, made or set) is not what the replay computes."
)
E502: Final = Code("E502", "stated marks disagree", "The marks or points awarded as written differ from the replay.")
E503: Final = Code("E503", "stated score disagrees", "The running score as written differs from the sum of the replayed awards.")
E504: Final = Code("E504", "stated winner disagrees", "The game winner as written is not the side that reached the target first.")
E505: Final = Code("E505", "hand after the game was won", "A side reached the target; the game ended with that hand.")
E506: Final = Code("E506", "stated trick winner disagrees", "A trick's winner written in the record is not the one the rules give.")
E507: Final = Code(
    "E507",
    "fault termination without a forfeit",
    '`[Termination "time forfeit"]` or `"illegal move"` says a fault ended the game, but its last hand has no `forfeit`.',
)


POSITION_ERRORS: frozenset[Code] = frozenset(
    {
        E101,  # the deal: a hand of the wrong size, a tile not of the set, two copies, a seat missing
        E102,
        E103,
        E104,
        E106,  # the kitty is not the tiles left undealt
        E301,  # the exchange: tiles that are not there, a counter in the cat, the wrong count
        E302,
        E303,
        E402,  # the play: a tile not held or played twice, a renege, nello's partner, sevens
        E403,
        E404,
        E410,
        E411,
        E414,  # the opening lead not a trump under opening-lead=trump
    }
)
"""Rule errors that change the position: after one the tiles held or played are not
what the rules allow from the deal, so the hand is not analysed.  Every other error
(an auction slip, a wrong result, score or trick winner) leaves each position as the
rules make it, and the hand is analysed when the referee followed its play."""
