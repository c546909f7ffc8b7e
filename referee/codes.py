"""The catalogue of diagnostics: every problem the referee names has a stable code.

Codes never change meaning once published; ``docs/errors.md`` is generated
from this table (``python -m referee.codes``) and a test keeps them equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["CATALOG", "Code", "IllegalAction", "Refusal", "Severity", "code_info"]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Code:
    """One catalogue entry: what the problem is and which exit code it earns."""

    code: str
    severity: Severity
    title: str
    explanation: str
    syntax: bool = False  # syntax/usage class: exit status 2 instead of 1


def _c(code: str, title: str, explanation: str, *, severity: Severity = Severity.ERROR, syntax: bool = False) -> Code:
    return Code(code, severity, title, explanation, syntax)


_ENTRIES = [
    # -- notation and input (exit 2) ------------------------------------------------
    _c(
        "S001",
        "syntax error",
        "The text does not follow the notation (docs/notation.md). The reader skips to the next `hand` or game header and goes on.",
        syntax=True,
    ),
    _c("S002", "not a tile", "A tile must be two ends from 0 to 6 such as `6-4` (either order; `64` also reads).", syntax=True),
    _c("S003", "unknown tag", 'A tag pair names something the notation does not know, such as `[Rulse "42"]`.', syntax=True),
    _c(
        "S004",
        "unknown rules profile",
        "`[Rules ...]` must name a built-in profile (`42`, `moon`, `88`) or one defined by a house-rule file.",
        syntax=True,
    ),
    _c(
        "S005",
        "bad option",
        "An option in `[Options ...]` or on the command line is unknown for the profile, or its value is not one it takes.",
        syntax=True,
    ),
    _c("S006", "not a text file", "The input is not UTF-8 text (binary data or another encoding).", syntax=True),
    _c("S007", "no records", "The input holds no game or hand at all.", syntax=True),
    _c(
        "S008", "bad tag value", "A tag's value cannot be read, e.g. a `[Target ...]` that is not a number of marks or points.", syntax=True
    ),
    _c("S009", "repeated tag", "A tag appears twice in one game header; the later one wins.", severity=Severity.WARNING, syntax=True),
    _c("S010", "unknown seat", "A seat label that this game does not have (42: N E S W; Moon: A B C; 88: A to F).", syntax=True),
    _c(
        "S011",
        "misplaced item",
        "An item is in a place the notation does not allow, e.g. two `trump` lines in one hand or a `deal` after the plays.",
        syntax=True,
    ),
    _c(
        "S012",
        "bad JSON document",
        "`convert --from json` input that is not JSON, or a document that does not match the schema (`referee schema`).",
        syntax=True,
    ),
    # -- deal ----------------------------------------------------------------------
    _c("E101", "wrong number of tiles", "Each player is dealt the profile's hand size: 7 in 42 and Moon, 9 in Texas 88."),
    _c("E102", "tile not in this set", "The tile does not belong to the game's set, e.g. a blank other than 0-0 in Moon."),
    _c("E103", "too many copies", "A tile appears more often than the set holds it: once in 42 and Moon, twice in Texas 88."),
    _c("E104", "seat dealt twice or missing", "The deal lists a seat more than once or leaves a seat out."),
    _c("E105", "wrong dealer", "The dealer moves one seat clockwise after every hand, thrown-in hands included."),
    _c("E106", "kitty disagrees with the deal", "The widow (Moon) or cat (88) written in the record is not the set of tiles left undealt."),
    # -- auction -------------------------------------------------------------------
    _c("E201", "bid out of turn", "Bidding goes clockwise from the dealer's left, one call each."),
    _c("E202", "bid not higher", "Each bid must be higher than the current high bid."),
    _c(
        "E203",
        "bid off the ladder",
        "The amount is not a bid of this game (42: 30-41 or whole marks; Moon: 4-7 or 21; 88: 60-88 in twos, 176, 264, 352).",
    ),
    _c("E204", "illegal mark jump", "In 42 an opening mark bid is 1 or 2 marks; after that each mark bid is exactly one mark more."),
    _c("E205", "forced dealer passed", "Under `all-pass=forced` the dealer must bid when everyone else passed."),
    _c("E206", "suit bid without the suit", "In Texas 88 a bidder must hold at least one tile of the suit named in the bid."),
    _c("E207", "bid suit missing or not allowed", "Texas 88 bids name a trump suit (`64 fives`); 42 and Moon bids do not."),
    _c("E208", "auction incomplete", "The hand goes on before every player has called."),
    _c("E209", "call after the auction ended", "A call after every player has called, or after a Moon bid of 21."),
    _c(
        "E210",
        "contract without its doubles",
        "A plunge needs at least 4 doubles in the bidder's hand, a splash at least 3 (checked against the deal).",
    ),
    _c(
        "E211",
        "contract not allowed by the options",
        "Nello, plunge, splash and sevens are played only when the record's `[Options ...]` turn them on (e.g. `nello=on`), and only in 42.",
    ),
    _c("E212", "contract needs a higher bid", "Nello and sevens may be called only after winning the auction with at least 1 mark (42)."),
    _c(
        "E213",
        "trump named by the wrong player",
        "After a plunge or splash the declarer's partner names trump (`trump sixes by S`); otherwise the declarer does.",
    ),
    # -- widow, cat, declaration ----------------------------------------------------
    _c(
        "E301",
        "exchange takes a tile that is not there",
        "The declarer can only take tiles from the widow/cat and put back tiles from the hand.",
    ),
    _c("E302", "counter left in the cat", "In Texas 88 every counter in the cat must be taken and replaced by a non-counter."),
    _c("E303", "wrong widow exchange", "In Moon the declarer takes the widow and puts back exactly one of the eight tiles."),
    _c(
        "E304",
        "trump not allowed",
        "The declaration is not one these rules allow (in 88 trump is the bid's suit; `follow-me` doubles must match the option).",
    ),
    _c("E305", "declaration missing", "Plays are recorded but no trump was declared."),
    _c("E306", "exchange missing or out of place", "Moon needs the widow exchange before trump is named; 42 has no kitty to exchange."),
    # -- play ------------------------------------------------------------------------
    _c("E401", "play out of turn", "The declarer leads the first trick, then the winner of each trick leads the next, clockwise."),
    _c("E402", "tile not held", "The player does not hold the tile: it was dealt to someone else or is in the kitty."),
    _c("E403", "tile played twice", "The tile was already played in this hand (more often than the set holds it)."),
    _c("E404", "renege", "A player who can follow the suit led must follow it."),
    _c("E405", "play after the hand ended", "The hand was over (all tricks played, or ended by a claim) but the record goes on."),
    _c("E406", "hand incomplete", "The record stops while a score is still open and has no claim or concession."),
    _c(
        "E407", "claim could be defeated", "A claim says the declaring side takes all remaining tricks; the opponents had a way to win one."
    ),
    _c("E408", "wrong trick size", "A trick line holds more or fewer tiles than there are players in the trick."),
    _c("E409", "play before the auction is over", "Plays start before a bid won the auction and trump was named."),
    _c(
        "E410",
        "nello partner played",
        "In nello the declarer's partner sits out: the partner plays no tile and tricks have one tile fewer.",
    ),
    _c("E411", "sevens: not the tile nearest 7", "Under sevens each player must play a tile of the hand whose pip total is nearest 7."),
    # -- stated results -------------------------------------------------------------
    _c("E501", "stated result disagrees", "The result the recorder wrote (side, points, made or set) is not what the replay computes."),
    _c("E502", "stated marks disagree", "The marks or points awarded as written differ from the replay."),
    _c("E503", "stated score disagrees", "The running score as written differs from the sum of the replayed awards."),
    _c("E504", "stated winner disagrees", "The game winner as written is not the side that reached the target first."),
    _c("E505", "hand after the game was won", "A side reached the target; the game ended with that hand."),
    _c("E506", "stated trick winner disagrees", "A trick's winner written in the record is not the one the rules give."),
    # -- warnings -------------------------------------------------------------------
    _c(
        "W101",
        "claim not verified",
        "The deal is not recorded, so the referee cannot check the claim against the tiles left.",
        severity=Severity.WARNING,
    ),
    _c("W102", "game unfinished", "The game stops before any side reached the target.", severity=Severity.WARNING),
    _c(
        "W103",
        "hand not followed further",
        "After an error the hand cannot be followed (e.g. the turn order is lost); later checks of this hand and of the running score are skipped.",
        severity=Severity.NOTE,
    ),
]

CATALOG: dict[str, Code] = {e.code: e for e in _ENTRIES}


def code_info(code: str) -> Code:
    return CATALOG[code]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the engine refuses an action: a stable code and words a player understands."""

    code: str
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class IllegalAction(Exception):
    """Raised by an engine action that its ``check_*`` query refuses."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


def render_markdown() -> str:
    """docs/errors.md, generated so that the docs never drift from the code."""
    lines = [
        "# Diagnostic codes",
        "",
        "Every problem the referee reports carries one of these codes. Codes are stable:",
        "a code keeps its meaning in every release. `S` codes are notation and usage",
        "problems (exit status 2), `E` codes are rule errors (exit status 1), `W` codes are",
        "warnings and notes (exit status 0 on their own).",
        "",
        "This file is generated by `python -m referee.codes > docs/errors.md`;",
        "a test fails when it differs from the catalogue in `referee/errors.py`.",
        "",
        "| code | severity | exit | title | meaning |",
        "| --- | --- | --- | --- | --- |",
    ]
    for e in _ENTRIES:
        exit_status = 2 if e.syntax and e.severity is Severity.ERROR else (1 if e.severity is Severity.ERROR else 0)
        lines.append(f"| {e.code} | {e.severity.value} | {exit_status} | {e.title} | {e.explanation} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render_markdown(), end="")
