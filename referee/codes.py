"""The catalogue of diagnostics: every problem the referee names has a stable code.

A code is a named constant (``codes.E404``), a ``str`` subclass that also carries
its severity, exit class and the referee's recovery policy (``after``): what
replay does with an action the engine refused.  That policy lives here and
nowhere else: the engine's ``Hand.apply`` and the judge both read it.

Codes never change meaning once published; ``docs/errors.md`` is generated from
this table (``python -m referee.codes``) and a test keeps them equal.  Nothing
here names a particular game: the numbers of each profile are listed by
``referee rules``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["CATALOG", "After", "Code", "Severity", "code_info", "render_markdown"]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


class After(StrEnum):
    """What replay does after the engine refuses an action with this code."""

    APPLY = "apply"
    """Apply the action as written anyway and follow the hand on (a renege is still played)."""
    SKIP = "skip"
    """Leave the action out and go on with the hand."""
    STOP = "stop"
    """The hand cannot be followed past it: stop, note W103, stop checking the running score."""
    END = "end"
    """The hand was already over: what follows is extra and is not replayed."""
    REPORT = "report"
    """Not an action the engine refuses: a finding about the record, reported only."""


class Code(str):
    """One catalogue entry; compares and hashes as its text (``"E404"``)."""

    severity: Severity
    summary: str
    """A few words that name the problem (the ``title`` column of docs/errors.md)."""
    explanation: str
    syntax: bool
    """Notation, input or usage class: exit status 2 instead of 1 when it is an error."""
    after: After

    def __new__(
        cls,
        code: str,
        summary: str,
        explanation: str,
        *,
        severity: Severity = Severity.ERROR,
        syntax: bool = False,
        after: After = After.REPORT,
    ) -> Code:
        self = super().__new__(cls, code)
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.syntax = syntax
        self.after = after
        return self

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as a reference to the catalogue, so worker processes send the text only."""
        return (code_info, (str(self),))

    @property
    def exit_status(self) -> int:
        """The exit status a diagnostic with this code earns on its own."""
        if self.severity is not Severity.ERROR:
            return 0
        return 2 if self.syntax else 1


_W, _N = Severity.WARNING, Severity.NOTE
_APPLY, _SKIP, _STOP, _END = After.APPLY, After.SKIP, After.STOP, After.END

# -- notation and input (exit 2) --------------------------------------------------------
S001: Final = Code(
    "S001",
    "syntax error",
    "The text does not follow the notation (docs/notation.md). The reader skips to the next `hand` or game header and goes on.",
    syntax=True,
)
S002: Final = Code("S002", "not a tile", "A tile must be two ends from 0 to 6 such as `6-4` (either order; `64` also reads).", syntax=True)
S003: Final = Code(
    "S003",
    "unknown tag",
    'A tag the notation does not know, such as `[Rulse "42"]`. It is kept and written back; the hint names the nearest known tag.',
    severity=_W,
    syntax=True,
)
S004: Final = Code(
    "S004",
    "unknown rules profile",
    "`[Rules ...]` must name a built-in profile (`referee rules` lists them) or one defined by a house-rule file.",
    syntax=True,
)
S005: Final = Code(
    "S005",
    "bad option",
    "An option in `[Options ...]` or on the command line is unknown for the profile, or its value is not one it takes.",
    syntax=True,
)
S006: Final = Code("S006", "not a text file", "The input is not UTF-8 text (binary data or another encoding).", syntax=True)
S007: Final = Code("S007", "no records", "The input holds no game or hand at all.", syntax=True)
S008: Final = Code(
    "S008", "bad tag value", "A tag's value cannot be read, e.g. a `[Target ...]` that is not a number of marks or points.", syntax=True
)
S009: Final = Code("S009", "repeated tag", "A tag appears twice in one game header; the later one wins.", severity=_W, syntax=True)
S010: Final = Code(
    "S010", "unknown seat", "A seat or side label that this game does not have (`referee rules` lists each profile's seats).", syntax=True
)
S011: Final = Code(
    "S011",
    "misplaced item",
    "An item is in a place the notation does not allow, e.g. two `trump` lines in one hand, a `deal` after the plays, "
    "or a claim in the middle of a trick.",
    syntax=True,
    after=_STOP,
)
S012: Final = Code(
    "S012",
    "bad JSON document",
    "`convert --from json` input that is not JSON, or a document that does not match the schema (`referee schema`).",
    syntax=True,
)
S013: Final = Code(
    "S013",
    "number out of range",
    "A hand number, bid, result, award or score too large to be meant (more than 9 digits).",
    syntax=True,
)
S014: Final = Code(
    "S014",
    "cannot read",
    "A file or stream cannot be opened or read: it does not exist, it is a directory, its permissions forbid it, or an "
    "I/O error stops the reading. The other files are read as usual.",
    syntax=True,
)
S015: Final = Code(
    "S015",
    "record too long",
    "A header or a hand runs for more than 16 million characters (a missing `hand` line?); it is reported and skipped.",
    syntax=True,
)
S016: Final = Code(
    "S016",
    "internal error",
    "The referee itself failed on this record: a bug, not a problem of the record. The message names the exception and "
    "where it happened; please report it with the record. The record gets no verdict, and every other record is judged as usual.",
    syntax=True,
)
S017: Final = Code(
    "S017",
    "cannot read the other program's record",
    "`convert --from mk5|luke|scoresheet|jswood23` input that cannot be decoded: an mk5 game link, a LukeConran samples "
    "document, a score sheet (JSON or CSV) or a jswood23 round history that is damaged, truncated or not of that program. "
    "The message names the place (line and column, or the path inside the JSON document) and what was expected there; "
    "the other links, documents or rows are read as usual.",
    syntax=True,
)
S018: Final = Code(
    "S018",
    "the target format cannot hold it",
    "`convert --to mk5|luke|scoresheet|scoresheet-csv|jswood23`: the record holds something the other program's format has "
    "no place for (a special contract, a claim, points scoring, a game other than 42...). That record is not written, "
    "nothing of it is dropped silently, and the message says what could not be held; the other records are written as usual.",
    syntax=True,
)
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

CATALOG: dict[str, Code] = {c: c for c in list(globals().values()) if isinstance(c, Code)}
"""Every code by its text, in catalogue order."""


def code_info(code: str) -> Code:
    """The catalogue entry for a code's text (``KeyError`` for an unknown one)."""
    return CATALOG[code]


def render_markdown() -> str:
    """docs/errors.md, generated so that the docs never drift from the code."""
    lines = [
        "# Diagnostic codes",
        "",
        "Every problem the referee reports carries one of these codes. Codes are stable:",
        "a code keeps its meaning in every release. `S` codes are notation, input and usage",
        "problems (exit status 2 when they are errors), `E` codes are rule errors (exit",
        "status 1), `W` codes are warnings and notes (exit status 0 on their own).",
        "",
        "The last column is what the referee does after the engine refuses an action with",
        "that code: **apply** it as written and follow the hand on, **skip** it, **stop**",
        "following the hand (a W103 note says so, and the running score is not checked",
        "after it), or **end** (the hand was already over). `report` codes are findings",
        "about the record rather than refused actions.",
        "",
        "This file is generated by `python -m referee.codes > docs/errors.md`;",
        "a test fails when it differs from the catalogue in `referee/codes.py`.",
        "",
        "| code | severity | exit | title | meaning | after |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c in CATALOG.values():
        lines.append(f"| {c} | {c.severity.value} | {c.exit_status} | {c.summary} | {c.explanation} | {c.after.value} |")
    lines += ["", *GUARANTEES.splitlines()]
    return "\n".join(lines) + "\n"


GUARANTEES: Final = f"""\
## What the referee guarantees on bad input

Whatever the input (random bytes, a truncated or hand-edited record, a JSON
document that is not one, a file it may not read) and whatever goes wrong around
it (a full disk, a closed pipe, a killed process), every command keeps these
promises. The fuzz tests (`tests/properties/test_fuzz.py`) check them on random
and damaged input of every reading command.

- **No traceback.** Every problem is a diagnostic with its code, and its file,
  line and column where it has a place, or one line `error: ...` on standard
  error. A failure of the referee itself on one record is `{S016}` on that record,
  naming the exception and where it happened, so that it can be reported.
- **Every record judged.** One record's failure never costs the others: the
  record the referee failed on gets `{S016}` and no verdict, a file that cannot be
  read gets `{S014}`, and the other records and files are judged and the summary
  line is printed. When a worker process of `--jobs` dies (killed, out of
  memory), its records are judged again in the main process: the output is
  complete and in order, the same as with `--jobs 1`.
- **Bounded memory and output, linear time.** Records are read and judged one at
  a time, so memory follows the largest record, not the input, and a record over
  16 million characters is `{S015}` and skipped. A quoted source
  line is cut to 100 columns around the caret, and a record shows at most
  {REPEATS_SHOWN} diagnostics of one code, then a `{W104}` note counting the
  rest (the summary line counts them all). `--jobs` is lowered to 4 processes
  per core.
- **Exit status 2 for input that cannot be read and for I/O failures**: a file
  that is not text (`{S006}`) or cannot be read (`{S014}`), an internal error
  (`{S016}`), and output that cannot be written (`error: cannot write to standard
  output: no space left on device`, or `cannot write FILE: permission denied`).
  Status 1 is only ever rule errors.
- **A closed pipe is a quiet end.** When the reader stops reading
  (`referee check samples/ | head -1`), nothing more is printed and nothing is
  said, and the exit status is still the one the whole input deserves: the
  command judges the rest without printing (never more work than it would have
  done anyway), and stops as soon as the status can only be 2.
- **A closed standard stream is not a failure.** Run with standard output or
  standard error closed (`referee check x >&-`, `2>&-`, as cron and daemons run
  commands), a command prints nothing there and ends with the status the input
  deserves; standard input closed (`<&-`) is `{S014} cannot read <stdin>:
  standard input is closed` for a command given `-`, and nothing for the others.
  A closed descriptor 0, 1 or 2 is given `/dev/null`, so that no file the
  command opens takes its number. Standard output open but not writable is an
  I/O failure, exit status 2. (A standard stream that is a directory, as in
  `referee check - < /tmp`, is refused by Python itself before the referee starts:
  `Fatal Python error: init_sys_streams`, exit status 1.)
- **No count has a fixed width.** Whatever the input decides (files, records,
  lines, hands) is counted in Python integers or in columns that widen as the
  values need: `dups` reads 70,000 files, or 4 billion lines, as it reads ten.
- **Data stays data in every output.** Whatever a record or a file name holds
  (HTML, SVG, JavaScript, rich markup such as `[b]` or `[link=...]`, spreadsheet
  formulas, terminal escape sequences, bidirectional overrides) is shown as
  written and never changes an output's structure. One escape per output, each
  in one place (`referee/report/escaping.py`): the terminal and plain text show
  markup as text and each control character as an escape (`\\x1b`, `\\u202e`);
  the HTML report is escaped by its template and carries a Content-Security-Policy
  that allows no script and no style but its own; SVG is built as an element tree
  and its control characters escaped (XML cannot hold them); in CSV (`score`,
  `stats`, `analyze`), a text cell that starts with `=`, `+`, `-`, `@`, a tab or
  a line break gets a leading `'` (OWASP's advice against formula injection),
  while numbers, negative ones too, stay numbers; JSON is escaped by the JSON
  writer and carries the text exactly. The notation itself (`fmt`, `convert --to
  text`, `select`) and the diffs of `fmt --diff` and `fix --diff` are data and
  carry the record as written. One limit is left: a line break in a file name is
  shown as `\\x0a` in diagnostics, score sheets, analyses and `dups`, but still
  starts a new line in the one-line messages of `fmt`, `fix`, `report` and
  `select` that name a file.
- **JSON is read strictly, in bounded memory.** `convert --from json` refuses,
  as `{S012}` at the document's line (and the key path inside it), what is not
  JSON or reads differently in other readers (`NaN`, `Infinity`, `1e999`, a key
  written twice in one object), a number of more digits than the notation's nine,
  nesting deeper than 64, and a document of more than 500,000 values (counted
  before it is parsed); the other documents of the file are read.
- **Files are written whole or not at all.** `fmt` and every `-O FILE` write a
  temporary file beside the target, flush it to disk and rename it over the
  target, keeping the file's mode and a symlink as a link. A kill, Ctrl-C or a
  full disk at any moment leaves the original file as it was. A file or
  directory that may not be written is `cannot write FILE: permission denied`,
  exit status 2, and `fmt` goes on with the other files.
- **No output overwrites an input.** `-O` naming an input file, by its own path,
  a hard link or a symbolic link, is a usage error (exit status 2) before
  anything is read: only `fmt` and `fix` rewrite their inputs. `-O` naming a
  symbolic link writes the file it points to, and says so.
- **One editor at a time.** `fmt` and `fix` hold a lock on the file they rewrite
  from its read to its rename, so two of them on one file at once run one after
  the other and both changes are kept (a second one waits up to a minute). A
  change made meanwhile by a program that takes no lock (an editor) is never
  overwritten: the file is left as it is and the command says so, exit status 2.
- **Reaching a cluster is bounded.** Each step of `--cluster`'s start has a
  time limit: the connection, Dask's handshake, the scheduler's first answer
  and the client's own start (10 seconds each, `REFEREE_CLUSTER_TIMEOUT`), and
  the first worker of a scheduler or the workers of `local:N` (30 seconds,
  `REFEREE_CLUSTER_WORKER_WAIT`). An address that accepts the connection and
  stays silent, sends what is not Dask's protocol, or closes at once is `error:
  --cluster ADDRESS: ...` naming what did not answer, exit status 2.
- **An interrupt is a clean end.** Ctrl-C (SIGINT, to the command or its whole
  process group) and SIGTERM end any command at once, `check --jobs N`,
  `--cluster local:N`, `analyze`, `simulate` and `report` included: the worker
  processes are stopped (none is left behind), an `-O` file being written is
  removed and its target left as it was (`report` keeps the pages it finished,
  each whole), one line `referee: interrupted (SIGINT); stopped` goes to
  standard error, and the exit status is 130 (SIGINT) or 143 (SIGTERM).
"""


if __name__ == "__main__":
    print(render_markdown(), end="")
