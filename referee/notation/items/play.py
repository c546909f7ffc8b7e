"""``play TRICK`` then one trick per line, or tricks separated by ``/``: the tiles played,
trick by trick, each trick with the winner the recorder wrote (``=> W``), which the
judge checks.  A trick's plays are its parts: each takes comments of its own.

>>> tricks = SPEC.read("play N 6-6 e 55 => n\\n     S 4-4 W 4-3")
>>> [([f"{p.seat} {p.tile}" for p in t.plays], t.winner, t.at) for t in tricks]
[(['N 6-6', 'E 5-5'], 'N', (5, 20)), (['S 4-4', 'W 4-3'], None, (26, 37))]
>>> SPEC.read("play N 6-6 e 55 => n\\n     S 4-4 W 4-3", plain=True) == tricks
True
>>> SPEC.lines(HandRecord(tricks=tricks))
['  play N 6-6 E 5-5 => N', '       S 4-4 W 4-3']
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.tiles import Tile
from ...source import Span
from ..hands import HandScan
from ..lines import Lines, inline
from ..locate import play_spans
from ..record import HandRecord, Play, TrickRecord
from ..tokens import SEAT_OF, SEAT_TEXT, TILE_TEXT, TILES, is_seat, is_tile_like
from .common import not_a_seat
from .spec import ItemSpec

__all__ = ["SPEC"]


# play: PLAY _sep* trick (_sep+ trick)* _sep*      trick: played+ (WIN SEAT)?
# played: SEAT? TILE      _sep: NL | SLASH
def scan(h: HandScan, i: int, j: int) -> None:
    toks = h.toks
    tricks = h.record.tricks
    first_trick = len(tricks)
    plays: list[Play] = []
    seat = first = last = arrow = -1
    winner = -1  # the winner's word; -2: a winner the grammar does not read, skipped
    expect = False
    bad = False  # a tile that is not a domino: reported (S002) and left out, the trick still written
    for k in range(i + 1, j):
        w = toks[k]
        if w == "\n" and (seat >= 0 or expect):
            continue  # a seat or `=>` waits for its tile or winner: the grammar reads on past the line end
        if w == "\n" or w == "/":
            if plays:
                if seat >= 0:
                    h.syntax()
                elif expect:
                    h.skip(arrow, arrow)  # `=>` and no seat: the winner is left out
                tricks.append(_scanned(h, plays, first, last, winner))
            elif seat >= 0 or expect:
                h.syntax()
            plays, seat, winner, expect = [], -1, -1, False
            continue
        if winner != -1:
            h.syntax()
            continue
        if expect:
            if is_seat(w):
                winner, expect = k, False
            else:  # `=> 2`: the winner is bookkeeping; it is left out, the trick is read
                h.skip(arrow, k)
                winner, expect = -2, False
            continue
        t = TILES.get(w)
        if t is not None:
            plays.append(Play(toks[seat].upper() if seat >= 0 else None, t))
            if not plays[1:]:
                first = seat if seat >= 0 else k
            last = k
            seat = -1
        elif is_seat(w):
            if seat >= 0:
                h.syntax()
            seat = k
        elif w == "=>":
            if not plays or seat >= 0:
                h.syntax()
            expect, arrow = True, k
        elif is_tile_like(w):
            h.bad_tile(k)
            bad = True
            seat = -1
        else:
            h.syntax()
    if plays:
        if seat >= 0:
            h.syntax()
        elif expect:
            h.skip(arrow, arrow)
        tricks.append(_scanned(h, plays, first, last, winner))
    elif seat >= 0 or expect:
        h.syntax()
    if len(tricks) == first_trick and not bad:
        h.syntax()


def _scanned(h: HandScan, plays: list[Play], first: int, last: int, winner: int) -> TrickRecord:
    """A trick from its plays; its span runs from its first word (``first``) to its last
    tile or its winner.  Plays get their spans only when asked (``locate.play_spans``)."""
    if winner >= 0:
        return TrickRecord(plays, h.toks[winner].upper(), h.span(first, winner), h.at(winner))
    return TrickRecord(plays, None, h.span(first, last))


class _SeatPlays(dict[str, Play]):
    """One seat word's plays, by tile word, made when first read."""

    def __init__(self, seat: str) -> None:
        super().__init__()
        self.seat = SEAT_OF[seat]  # KeyError: not a seat

    def __missing__(self, word: str) -> Play:
        play = self[word] = tuple.__new__(Play, (self.seat, TILES[word], (), ()))  # KeyError: not a tile
        return play


class _Plays(dict[str, _SeatPlays]):
    """Each seat word, then each tile word, to its play: a play is immutable, so a hand's
    dozens of plays are two dictionary lookups each, made in C by ``map`` (at most one
    entry per letter and way of writing a tile, about 5,000)."""

    def __missing__(self, seat: str) -> _SeatPlays:
        plays = self[seat] = _SeatPlays(seat)
        return plays


_PLAYS = _Plays()
_by_tile = dict.__getitem__


class _Ends(dict[str, dict[str, Play]]):
    """A seat's plays by the characters of the tile's ends as written (``TILE_TEXT``), each the
    play ``_PLAYS`` holds for the tile's word, made when first read."""

    def __init__(self, plays: _SeatPlays) -> None:
        super().__init__()
        self.plays = plays

    def __missing__(self, hi: str) -> dict[str, Play]:
        plays = self[hi] = {lo: self.plays[f"{hi}-{lo}"] for lo in "0123456"}
        return plays


class _SeatEnds(dict[str, _Ends]):
    """``_PLAYS`` by the characters of a play as the layout writes it (``S a-b``): the seat, then
    the tile's ends.  Characters are shared objects with their hashes kept, so a hand's plays are
    looked up without a word made for each tile."""

    def __missing__(self, seat: str) -> _Ends:
        ends = self[seat] = _Ends(_PLAYS[seat])
        return ends


_ENDS = _SeatEnds()
_by_end = dict.__getitem__


def plain(rec: HandRecord, line: str, at: int, words: Sequence[str]) -> bool:
    """The ``play`` line: the keyword and the first trick."""
    if rec.tricks or len(words) == 1:
        return False
    rest = words[1:]
    return plain_trick(rec, line, at, rest, line.find(rest[0], line.find(words[0]) + len(words[0])))


def plain_trick(rec: HandRecord, line: str, at: int, words: Sequence[str], start: int = -1) -> bool:
    """A trick (``start``: where its first seat is, when not the line's first word)."""
    n = len(words)
    winner = None
    if n > 2 and words[-2] == "=>":
        winner = words[-1]
        if not is_seat(winner):
            return False
        n -= 2
    if n < 2 or n % 2:
        return False
    try:
        plays = list(map(_by_tile, map(_PLAYS.__getitem__, words[0:n:2]), words[1:n:2]))  # no Python frame per play
    except KeyError:
        return False
    if start < 0:
        start = line.find(words[0])
    end = at + len(line.rstrip())
    if winner is None:
        rec.tricks.append(TrickRecord(plays, None, (at + start, end)))
    else:
        rec.tricks.append(TrickRecord(plays, winner.upper(), (at + start, end), (end - 1, end)))
    return True


TRICK = f"{SEAT_TEXT} {TILE_TEXT}(?: {SEAT_TEXT} {TILE_TEXT})*+(?: => {SEAT_TEXT})?"
"""A trick in the layout ``fmt`` writes: its plays, one space between words, and its winner."""


def plain_block(rec: HandRecord, block: str, at: int, brk: str) -> bool:
    """The tricks, each matched by ``TRICK`` and separated by ``brk``.  With no winner
    written, every play is a seat and a tile with a space between and after, so a trick
    of ``n`` characters holds ``(n + 1) // 6`` plays, and its span is its text; a trick
    with its winner is read as ``plain_trick`` reads it."""
    tricks = rec.tricks
    if tricks:
        return False
    step = len(brk)
    if "=" in block:
        for line in block.split(brk):
            if not plain_trick(rec, line, at, line.split(), 0):
                return False  # pragma: no cover - ``TRICK`` takes only what ``plain_trick`` takes
            at += len(line) + step
        return True
    # Rows of plays of five characters (a seat, a space, ``a-b``) with a space between: joined
    # with spaces, every sixth character is a seat, and a tile's ends are the ones two and four on.
    flat = block.replace(brk, " ")
    plays = list(map(_by_end, map(_by_end, map(_ENDS.__getitem__, flat[0::6]), flat[2::6]), flat[4::6]))
    i = 0
    for line in block.split(brk):
        n = len(line)
        j = i + (n + 1) // 6
        tricks.append(TrickRecord(plays[i:j], None, (at, at + n)))
        i = j
        at += n + step
    return True


def _play(play: Play, more: bool) -> str:
    """``W 5-5``; comments inside the play go between its seat and its tile, a comment
    after it on the line stays after it (``{...}``, as more plays follow)."""
    seat = "" if play.seat is None else play.seat + " "
    text = f"{seat}{inline(play.comments)}{play.tile}"
    if play.after and more:
        text += " " + inline(play.after).rstrip()
    return text


def _won(text: str, trick: TrickRecord) -> str:
    """A trick's text with the winner the recorder wrote, if any."""
    return text if trick.winner is None else f"{text} => {trick.winner}"


def _trick(trick: TrickRecord) -> str:
    n = len(trick.plays)
    return _won(" ".join(_play(p, i + 1 < n or trick.winner is not None) for i, p in enumerate(trick.plays)), trick)


_KEPT_PLAYS = 4096
"""Plays whose texts are kept (then it starts again): the reader shares one play object for
each seat and tile it reads (``_PLAYS``), so a file's plays are a few hundred objects."""

_PLAIN_PLAYS: tuple[dict[int, str], dict[int, Play]] = ({}, {})
"""The text ``_play`` gives each play without comments whose seat is a ``str`` and tile a
``Tile`` (``Play("N", 5)`` equals ``Play("N", Tile(5))`` and is written otherwise), by the
play's identity; and the plays by the same, kept alive so that no identity is reused while
the pair is held.  A full pair is replaced, never emptied."""


def _kept_text(p: Play) -> str | None:
    """``_play``'s text of a play without comments, kept in ``_PLAIN_PLAYS``; None for
    another play (comments, other types: the general writer's)."""
    if type(p) is not Play or type(p[0]) is not str or type(p[1]) is not Tile or p[2] != () or p[3] != ():
        return None
    global _PLAIN_PLAYS
    texts, kept = _PLAIN_PLAYS
    if len(kept) >= _KEPT_PLAYS:
        _PLAIN_PLAYS = texts, kept = {}, {}
    kept[id(p)] = p
    text = texts[id(p)] = _play(p, True)
    return text


def _plain_trick(trick: TrickRecord) -> str | None:
    """The text ``_trick`` gives a trick without comments, from ``_PLAIN_PLAYS``; None for a
    trick with comments (on it or its plays), without plays, or with a play of other types."""
    plays = trick.plays
    if trick.comments or trick.after or not plays:
        return None
    pair = _PLAIN_PLAYS  # held while read: its plays stay alive, so no identity in it is reused
    texts = pair[0]
    try:  # plays met before (nearly all): their texts joined without a Python step a play
        return _won(" ".join(map(texts.__getitem__, map(id, plays))), trick)  # kept: the very object
    except KeyError:
        pass
    found = []
    for p in plays:
        text = texts.get(id(p)) or _kept_text(p)
        if text is None:
            return None
        found.append(text)
    return _won(" ".join(found), trick)


def _plain_tricks(tricks: list[TrickRecord]) -> list[str] | None:
    """The texts of tricks without comments (``_plain_trick``); None if one has any."""
    texts = []
    for t in tricks:
        text = _plain_trick(t)
        if text is None:
            return None
        texts.append(text)
    return texts


def write(hand: HandRecord, out: Lines) -> None:
    tricks = hand.tricks
    if not tricks:
        return
    texts = _plain_tricks(tricks)
    if texts is not None:  # no comments anywhere: the lines ``block`` writes for these entries
        out.rows("play", texts)
        return
    after = [t.after + (t.plays[-1].after if t.winner is None else ()) for t in tricks]
    out.block("play", [(t.comments, _trick(t), a) for t, a in zip(tricks, after, strict=True)])


class _PlayRef:
    """A play of a trick, standing for it where comments are given (plays are replaced,
    not changed)."""

    def __init__(self, trick: TrickRecord, k: int) -> None:
        self.trick, self.k = trick, k

    @property
    def comments(self) -> tuple[str, ...]:
        return self.trick.plays[self.k].comments

    @comments.setter
    def comments(self, value: tuple[str, ...]) -> None:
        self.trick.plays[self.k] = self.trick.plays[self.k]._replace(comments=value)

    @property
    def after(self) -> tuple[str, ...]:
        return self.trick.plays[self.k].after

    @after.setter
    def after(self, value: tuple[str, ...]) -> None:
        self.trick.plays[self.k] = self.trick.plays[self.k]._replace(after=value)


def parts(trick: TrickRecord, text: str, base: int) -> list[tuple[Span, _PlayRef]]:
    """Each play of a trick read from ``text``, with its span."""
    if trick.at is None:
        return []
    return [(span, _PlayRef(trick, k)) for k, span in enumerate(play_spans(text, base, trick.at))]


def impossible(trick: TrickRecord) -> str | None:
    return next(filter(None, (not_a_seat(p.seat) for p in trick.plays)), None)


SPEC = ItemSpec(
    rule="play",
    terminals=("PLAY",),
    field="tricks",
    rank=4,
    single=False,
    scan=scan,
    plain=plain,
    plain_more=plain_trick,
    plain_block=plain_block,
    plain_line=TRICK,
    write=write,
    form="`play TRICK` then one trick per line, or tricks separated by `/`",
    parts=parts,
    impossible=impossible,
)
