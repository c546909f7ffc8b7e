"""``bid CALL, CALL ...``: the auction.  A call is ``[SEAT] pass`` or ``[SEAT] AMOUNT``,
with a suit in Texas 88 (``64 fives``) or a contract in 42 (``168 plunge``).  The calls
are the parts of the item: each keeps its place and its comments.

>>> [(c.seat, c.amount, c.contract, c.at) for c in SPEC.read("bid N 30, e pass,\\n    S 84 splash")]
[('N', 30, None, (4, 8)), ('E', None, None, (10, 16)), ('S', 84, 'splash', (22, 33))]
>>> SPEC.read("bid N 30, E pass, S 84 splash", plain=True) == SPEC.read("bid N 30 E pass S 84 splash")
True
>>> SPEC.lines(HandRecord(calls=[Call("N", 64, 5), Call("E", comments=("thinks",))]))
['  bid N 64 fives,', '      ; thinks', '      E pass']
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.declarations import NUMBER_NAMES
from ..contracts import BID_CONTRACTS
from ..hands import HandScan
from ..lines import Lines, inline
from ..memo import LineMemo
from ..record import Call, HandRecord
from ..tokens import MAX_DIGITS, SEAT_OF, SUITS, is_number, is_seat
from .common import not_a_seat
from .spec import ItemSpec

__all__ = ["SPEC"]


# bid: BID (call (COMMA? call)*)?      call: SEAT? (PASS | NUMBER (SUIT | BIDCONTRACT)?)
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    calls = h.record.calls
    seat = amount_at = -1
    amount: int | None = None
    comma = False
    last = i
    first_call = len(calls)

    def call(end: int, suit: int | None = None, contract: str | None = None, passed: bool = False) -> None:
        nonlocal seat, amount_at, amount, comma, last
        start = seat if seat >= 0 else (amount_at if amount_at >= 0 else end)
        calls.append(
            Call(
                toks[seat].upper() if seat >= 0 else None,
                None if passed else amount,
                suit,
                contract,  # type: ignore[arg-type]  # one of BID_CONTRACTS: tested where it is read
                h.span(start, end),
            )
        )
        seat = amount_at = -1
        amount = None
        comma = False
        last = end

    for k in h.words(i, j):
        w = toks[k]
        low = w.lower()
        if amount_at >= 0:
            if low in SUITS:
                call(k, suit=SUITS[low])
                continue
            if low in BID_CONTRACTS:
                call(k, contract=low)
                continue
            call(amount_at)
        if w == ",":
            if comma or len(calls) == first_call or seat >= 0:
                h.syntax()
            comma = True
        elif is_seat(w):
            if seat >= 0:
                h.syntax()
            seat = k
        elif low == "pass":
            call(k, passed=True)
        elif is_number(w):
            amount_at, amount = k, h.number(k)
        else:
            h.syntax()
    if amount_at >= 0:
        call(amount_at)
    if seat >= 0 or comma:
        h.syntax()
    if len(calls) > first_call:
        start = h.record.calls_at[0] if h.record.calls_at is not None else h.at(i)[0]
        h.record.calls_at = (start, h.at(last)[1])


def _calls(line: str) -> tuple[tuple[tuple[str, int | None, int | None, str | None, int, int], ...], int, int] | None:
    """A ``bid`` line's calls (seat, amount, suit, contract, where the call starts and ends)
    and where the item starts and ends."""
    words = line.split()
    if len(words) < 3 or "," in words[-1]:
        return None
    calls = []
    first = line.find(words[0])
    pos = line.find(words[1], first + 3)
    end = len(line.rstrip())
    for piece in line[pos:end].split(","):
        call = piece.split()
        n = len(call)
        if n < 2 or n > 3:
            return None
        seat = SEAT_OF.get(call[0])
        value = call[1]
        if seat is None:
            return None
        suit: int | None = None
        contract: str | None = None
        if value.isdigit() and len(value) <= MAX_DIGITS:  # ASCII: the hand is (``splits_as_grammar``)
            amount: int | None = int(value)
            if n == 3:
                word = call[2].lower()
                if not word.isalpha():
                    return None
                if word in SUITS:
                    suit = SUITS[word]
                elif word in BID_CONTRACTS:
                    contract = word
                else:
                    return None
        elif n == 2 and value.lower() == "pass":
            amount = None
        else:
            return None
        calls.append((seat, amount, suit, contract, pos + len(piece) - len(piece.lstrip()), pos + len(piece.rstrip())))
        pos += len(piece) + 1
    return tuple(calls), first, end


_CALLS = LineMemo(_calls)


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    found = _CALLS[line]
    if found is None or rec.calls:
        return False
    calls, first, end = found
    add = rec.calls.append
    for seat, amount, suit, contract, start, stop in calls:
        add(Call(seat, amount, suit, contract, (at + start, at + stop)))
    rec.calls_at = (at + first, at + end)
    return True


def _call(call: Call) -> str:
    words = [call.seat] if call.seat is not None else []
    if call.amount is None:
        words.append("pass")
    else:
        words.append(str(call.amount))
        if call.suit is not None:
            words.append(NUMBER_NAMES[call.suit])
        if call.contract is not None:
            words.append(call.contract)
    return " ".join(words)


def _plain_calls(calls: list[Call]) -> str | None:
    """The text of calls without comments, all on one line; None if one has any."""
    for c in calls:
        if c.comments or c.after:
            return None
    return ", ".join(map(_call, calls))


def write(hand: HandRecord, out: Lines) -> None:
    """Calls on one line, separated by commas; a call with comments of its own starts a
    new line (under the first call), so that the comments read back as its own."""
    calls = hand.calls
    if not calls:
        return
    text = _plain_calls(calls)
    if text is not None:  # no comments: one run, the line ``block`` writes for it
        out.rows("bid", [text])
        return
    runs: list[list[Call]] = []
    for n, c in enumerate(calls):
        if n == 0 or c.comments:
            runs.append([c])
        else:
            runs[-1].append(c)
    entries = []
    for k, run in enumerate(runs):
        parts = []
        for n, c in enumerate(run):
            text = _call(c)
            if c.after and n + 1 < len(run):
                text += " " + inline(c.after).rstrip()
            parts.append(text)
        text = ", ".join(parts) + ("," if k + 1 < len(runs) else "")
        entries.append((run[0].comments, text, run[-1].after))
    out.block("bid", entries)


def impossible(call: Call) -> str | None:
    if call.suit is not None and not 0 <= call.suit <= 6:
        return f"a bid names suit {call.suit}; suits run 0 to 6"
    if call.amount is not None and not 0 <= call.amount <= 999_999_999:
        return f"a bid of {call.amount}"
    return not_a_seat(call.seat)


SPEC = ItemSpec(
    rule="bid",
    terminals=("BID",),
    field="calls",
    rank=1,
    single=False,
    scan=scan,
    plain=plain,
    write=write,
    form="`bid CALL, CALL ...`",
    depth=2,
    impossible=impossible,
)
