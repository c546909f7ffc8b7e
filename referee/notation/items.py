"""The item registry: one entry per item of a hand drives reading, writing and the docs.

An entry names the item's grammar rule and keyword terminals, where it may come
in a hand, whether it may repeat, how it is read (``itemscan``) and written, and
the words docs/notation.md uses for it.  Adding an item is one entry here, its
reader and writer, and its rule in ``grammar/notation.lark``;
``tests/notation/test_grammar.py`` fails when the registry and the grammar drift
apart, and the item table of docs/notation.md is generated from this registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.declarations import NUMBER_NAMES
from .grammar import keyword
from .hands import ItemReader, Keyword
from .itemscan import (
    read_accept,
    read_award,
    read_bid,
    read_claim,
    read_deal,
    read_exchange,
    read_kitty,
    read_misdeal,
    read_play,
    read_renege,
    read_result,
    read_score,
    read_trump,
)
from .lines import Lines, inline
from .plain import (
    PlainItem,
    PlainReader,
    accept_line,
    award_line,
    bid_line,
    claim_line,
    deal_line,
    deal_row,
    exchange_line,
    kitty_line,
    misdeal_line,
    play_line,
    renege_line,
    result_line,
    score_line,
    trick_line,
    trump_line,
)
from .record import Call, HandRecord, Play, TrickRecord, TrumpRecord

__all__ = ["ITEMS", "KEYWORDS", "KEYWORD_WORDS", "PLAIN_ITEMS", "ItemSpec", "item_table"]

INDENT = "  "


@dataclass(frozen=True, slots=True)
class ItemSpec:
    rule: str
    """The item's rule in the grammar."""
    terminals: tuple[str, ...]
    """Its keyword terminals."""
    field: str
    """The ``HandRecord`` field it fills."""
    rank: int | None
    """Its place among the items of a hand (equal ranks in any order; None: anywhere)."""
    single: bool
    """At most one per hand (a second is S011)."""
    read: ItemReader
    plain: PlainReader
    """Reads a line of the item in the plain layout (``plain``), or says it is not plain."""
    plain_more: PlainReader | None
    """Reads a line with no keyword that continues it in the plain layout (deal rows,
    tricks); None: it has no such lines."""
    names: bool
    """Its words include names (sides) the plain reader takes as they come."""
    write: Callable[[HandRecord, Lines], None]
    form: str
    """How it is written, for docs/notation.md."""

    @property
    def keywords(self) -> tuple[str, ...]:
        return tuple(keyword(t) for t in self.terminals)


# -- writers ---------------------------------------------------------------------------------


def write_deal(hand: HandRecord, out: Lines) -> None:
    if hand.deal:
        out.block("deal", [(d.comments, f"{d.seat} {' '.join(map(str, d.tiles))}".rstrip(), d.after) for d in hand.deal])
    elif hand.deal is not None:
        out.line((), INDENT, "deal", ())


def write_kitty(hand: HandRecord, out: Lines) -> None:
    k = hand.kitty
    if k is not None:
        out.line(k.comments, INDENT, f"{k.word} {' '.join(map(str, k.tiles))}".rstrip(), k.after)


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


def write_bid(hand: HandRecord, out: Lines) -> None:
    """Calls on one line, separated by commas; a call with comments of its own starts a
    new line (under the first call), so that the comments read back as its own."""
    calls = hand.calls
    if not calls:
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


def write_exchange(hand: HandRecord, out: Lines) -> None:
    ex = hand.exchange
    if ex is None:
        return
    take, give = " ".join(map(str, ex.take)), " ".join(map(str, ex.give))
    text = f"exchange {take or 'none'} for {give or 'none'}" if ex.take or ex.give else "exchange none"
    out.line(ex.comments, INDENT, text, ex.after)


def _declaration(trump: TrumpRecord) -> str:
    if trump.kind == "suit":
        if trump.suit is None or not 0 <= trump.suit <= 6:
            raise ValueError(f"a suit trump needs a suit 0-6, not {trump.suit!r}")
        text = NUMBER_NAMES[trump.suit]
    else:
        text = trump.kind
    return f"{text} low" if trump.doubles_low else text


def write_trump(hand: HandRecord, out: Lines) -> None:
    t = hand.trump
    if t is not None:
        by = f" by {t.by}" if t.by is not None else ""
        out.line(t.comments, INDENT, f"trump {_declaration(t)}{by}", t.after)


def _play(play: Play, more: bool) -> str:
    """``W 5-5``; comments inside the play go between its seat and its tile, a comment
    after it on the line stays after it (``{...}``, as more plays follow)."""
    seat = "" if play.seat is None else play.seat + " "
    text = f"{seat}{inline(play.comments)}{play.tile}"
    if play.after and more:
        text += " " + inline(play.after).rstrip()
    return text


def _trick(trick: TrickRecord) -> str:
    n = len(trick.plays)
    text = " ".join(_play(p, i + 1 < n or trick.winner is not None) for i, p in enumerate(trick.plays))
    if trick.winner is not None:
        text += f" => {trick.winner}"
    return text


def write_play(hand: HandRecord, out: Lines) -> None:
    if hand.tricks:
        after = [t.after + (t.plays[-1].after if t.winner is None else ()) for t in hand.tricks]
        out.block("play", [(t.comments, _trick(t), a) for t, a in zip(hand.tricks, after, strict=True)])


def write_claim(hand: HandRecord, out: Lines) -> None:
    c = hand.claim
    if c is not None:
        out.line(c.comments, INDENT, c.kind, c.after)


def write_result(hand: HandRecord, out: Lines) -> None:
    r = hand.result
    if r is not None:
        words = ["result"] + [str(x) for x in (r.side, r.points, r.outcome) if x is not None]
        out.line(r.comments, INDENT, " ".join(words), r.after)


def _sides(amounts: dict[str, int]) -> str:
    return " ".join(f"{side} {n}" for side, n in amounts.items())


def write_award(hand: HandRecord, out: Lines) -> None:
    a = hand.award
    if a is not None:
        out.line(a.comments, INDENT, f"award {_sides(a.amounts)}".rstrip(), a.after)


def write_score(hand: HandRecord, out: Lines) -> None:
    s = hand.score
    if s is not None:
        out.line(s.comments, INDENT, f"score {_sides(s.scores)}".rstrip(), s.after)


def write_misdeal(hand: HandRecord, out: Lines) -> None:
    m = hand.misdeal
    if m is not None:
        out.line(m.comments, INDENT, "misdeal" + (f" by {m.by}" if m.by is not None else ""), m.after)


def write_renege(hand: HandRecord, out: Lines) -> None:
    r = hand.renege
    if r is not None:
        called = f" called by {r.called_by}" if r.called_by is not None else ""
        out.line(r.comments, INDENT, f"renege {r.seat} trick {r.trick}{called}", r.after)


def write_accept(hand: HandRecord, out: Lines) -> None:
    for a in hand.accepted:
        out.line(a.comments, INDENT, f"accept {a.seat} trick {a.trick}", a.after)


# -- the registry ---------------------------------------------------------------------------

ITEMS: tuple[ItemSpec, ...] = (
    ItemSpec(
        "misdeal",
        ("MISDEAL",),
        "misdeal",
        0,
        True,
        read_misdeal,
        misdeal_line,
        None,
        False,
        write_misdeal,
        "`misdeal [by SEAT]` (the hand was misdealt and dealt again; the deal written is the redeal)",
    ),
    ItemSpec(
        "deal",
        ("DEAL",),
        "deal",
        0,
        False,
        read_deal,
        deal_line,
        deal_row,
        False,
        write_deal,
        "`deal SEAT TILE... SEAT TILE...` (seats in any order)",
    ),
    ItemSpec(
        "kitty", ("WIDOW", "CAT"), "kitty", None, True, read_kitty, kitty_line, None, False, write_kitty, "`widow TILE...`, `cat TILE...`"
    ),
    ItemSpec("bid", ("BID",), "calls", 1, False, read_bid, bid_line, None, False, write_bid, "`bid CALL, CALL ...`"),
    ItemSpec(
        "exchange",
        ("EXCHANGE",),
        "exchange",
        2,
        True,
        read_exchange,
        exchange_line,
        None,
        False,
        write_exchange,
        "`exchange TILE... for TILE...` or `exchange none`",
    ),
    ItemSpec(
        "trump",
        ("TRUMP",),
        "trump",
        3,
        True,
        read_trump,
        trump_line,
        None,
        False,
        write_trump,
        "`trump DECLARATION [low \\| high] [by SEAT]`",
    ),
    ItemSpec(
        "play",
        ("PLAY",),
        "tricks",
        4,
        False,
        read_play,
        play_line,
        trick_line,
        False,
        write_play,
        "`play TRICK` then one trick per line, or tricks separated by `/`",
    ),
    ItemSpec(
        "accept",
        ("ACCEPT",),
        "accepted",
        5,
        False,
        read_accept,
        accept_line,
        None,
        False,
        write_accept,
        "`accept SEAT trick N` (the table let SEAT's play out of turn to trick N stand)",
    ),
    ItemSpec(
        "renege",
        ("RENEGE",),
        "renege",
        5,
        True,
        read_renege,
        renege_line,
        None,
        False,
        write_renege,
        "`renege SEAT trick N [called by SEAT]` (a renege called and ruled at the table)",
    ),
    ItemSpec(
        "claim",
        ("CLAIM", "CONCEDE"),
        "claim",
        5,
        True,
        read_claim,
        claim_line,
        None,
        False,
        write_claim,
        "`claim` (declarers take the rest) or `concede` (they give it up)",
    ),
    ItemSpec(
        "result", ("RESULT",), "result", 6, True, read_result, result_line, None, True, write_result, "`result [SIDE] [POINTS] made\\|set`"
    ),
    ItemSpec("award", ("AWARD",), "award", 6, True, read_award, award_line, None, True, write_award, "`award SIDE N [SIDE N ...]`"),
    ItemSpec(
        "score",
        ("SCORE",),
        "score",
        6,
        True,
        read_score,
        score_line,
        None,
        True,
        write_score,
        "`score SIDE N [SIDE N ...]` (running score after the hand)",
    ),
)
"""Every item of a hand, in the order the writer writes them."""

KEYWORDS: dict[str, Keyword] = {
    word: Keyword(word, spec.read, spec.rank, spec.field if spec.single else None) for spec in ITEMS for word in spec.keywords
}
"""Each item keyword (lower case) to what the hand scanner needs of its item."""
KEYWORD_WORDS = frozenset(KEYWORDS)
PLAIN_ITEMS: dict[str, PlainItem] = {
    word: PlainItem(spec.plain, spec.rank, spec.plain_more, spec.names) for spec in ITEMS for word in spec.keywords
}
"""Each item keyword (lower case) to its reader of the plain layout."""


def item_table() -> str:
    """The item table of docs/notation.md (a test keeps the page equal to it)."""
    rows = ["| item | form | record field |", "| --- | --- | --- |"]
    for spec in ITEMS:
        rows.append(f"| {' / '.join(spec.keywords)} | {spec.form} | `HandRecord.{spec.field}` |")
    return "\n".join(rows) + "\n"
