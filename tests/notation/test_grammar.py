"""The grammar is the specification: everything the reader's hot path restates is held to it.

- the terminals the reader compiles from the grammar text are the ones Lark builds;
- the word tables (tiles, suits, item keywords) are exactly what those terminals match;
- the item registry names exactly the grammar's items;
- on generated and damaged hands, the general reader finds a syntax error exactly when
  Lark cannot parse the hand, and reads the record that Lark's parse tree gives.

The last one uses a small tree-to-record builder written here, from the grammar's rules
alone, as the solver's tests use a plain minimax: an oracle that shares no code with
the reader's scanning.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from referee import codes
from referee.engine.declarations import NUMBER_ALIASES
from referee.engine.games import make_rules
from referee.engine.tiles import ALL_TILES, Tile
from referee.notation.assemble import read_chunk, split_trailer
from referee.notation.comments import blank
from referee.notation.grammar import excluded as grammar_excluded
from referee.notation.grammar import grammar_text, keyword, parser, terminals
from referee.notation.hands import scan_hand
from referee.notation.items import ITEMS, KEYWORD_WORDS, KEYWORDS
from referee.notation.record import (
    AcceptedPlay,
    Call,
    Claim,
    Dealt,
    Exchange,
    Forfeit,
    HandRecord,
    Kitty,
    Misdeal,
    Play,
    RenegeCall,
    StatedAward,
    StatedResult,
    StatedScore,
    TrickRecord,
    TrumpRecord,
)
from referee.notation.scanner import HAND, HEADER, Chunk, chunks
from referee.notation.tags import trailer_end
from referee.notation.tokens import (
    LETTERS,
    SEAT_TEXT,
    SPACES,
    SUITS,
    TILE_TEXT,
    TILES,
    TOKEN,
    is_number,
    is_signed,
    is_tile_like,
    splits_as_grammar,
)
from referee.notation.writer import format_game
from referee.play.simulate import simulate_games
from tests.mutations import EDITS, mutate

GAMES = ["42", "moon", "88"]

# -- terminals and tables --------------------------------------------------------------------


def _unescaped(pattern: str) -> str:
    """Lark keeps ``\\t`` in a regex as the character itself: the same regex either way."""
    for escape, char in (("\\t", "\t"), ("\\f", "\f"), ("\\r", "\r"), ("\\n", "\n")):
        pattern = pattern.replace(escape, char)
    return pattern


@pytest.mark.parametrize("name", sorted(terminals()))
def test_each_terminal_is_the_one_lark_builds(name: str) -> None:
    ours = terminals()[name]
    lark = parser().get_terminal(name).pattern
    assert _unescaped(ours.pattern) == _unescaped(lark.value)
    assert {f for f, bit in (("i", re.I), ("m", re.M), ("s", re.S), ("x", re.X)) if ours.flags & bit} == set(lark.flags)


def test_every_regex_terminal_of_the_grammar_is_compiled() -> None:
    regex_terminals = {t.name for t in parser().terminals if t.pattern.type == "re"}
    assert regex_terminals == set(terminals())


def test_tiles_are_the_double_six_tiles_the_tile_terminal_matches() -> None:
    tile = terminals()["TILE"]
    candidates = {f"{a}-{b}" for a in range(10) for b in range(10)} | {f"{a}{b}" for a in range(10) for b in range(10)}
    dominoes = {text for text in candidates if tile.fullmatch(text) and all(int(d) <= 6 for d in text if d.isdigit())}
    assert set(TILES) == dominoes
    assert all(is_tile_like(text) == bool(tile.fullmatch(text)) for text in candidates | {"7", "6--6", "666", "6-6a"})
    assert {TILES[t] for t in TILES} == set(ALL_TILES.values())


def test_the_layout_patterns_of_a_tile_and_a_seat_take_only_what_the_tables_take() -> None:
    """``TILE_TEXT`` and ``SEAT_TEXT`` (the layout ``fmt`` writes, ``plain.Layout``) match
    tiles as ``fmt`` writes them, either way round, and seats: each text they take is in
    the tables of the tile and seat words."""
    tile, seat = re.compile(TILE_TEXT), re.compile(SEAT_TEXT)
    texts = {chr(c) for c in range(128)} | {f"{a}-{b}" for a in range(10) for b in range(10)} | set(TILES)
    assert {t for t in texts if tile.fullmatch(t)} == {t for t in TILES if "-" in t}
    assert {t for t in texts if seat.fullmatch(t)} == LETTERS


def test_suit_words_are_the_suit_terminal_alternatives() -> None:
    suit = terminals()["SUIT"]
    alternatives = re.match(r"\(\?:([^)]*)\)", suit.pattern)
    assert alternatives is not None
    assert set(alternatives.group(1).split("|")) == set(SUITS)
    assert {w.lower() for w in NUMBER_ALIASES} == set(SUITS)


def test_white_space_is_the_ws_terminal() -> None:
    """The reader's words are cut at the grammar's white space, and only there: ``SPACES``
    is the ``WS`` terminal, ``TOKEN`` never takes one into a word, and ``splits_as_grammar``
    says where ``str.split`` would cut elsewhere."""
    ws = terminals()["WS"]
    chars = [chr(c) for c in range(0x3001)]
    assert {c for c in chars if ws.fullmatch(c)} == set(SPACES)
    for c in chars:
        words = TOKEN.findall(f"a{c}b")
        assert (words == ["a", "b"] or words == ["a", "\n", "b"]) == (c in SPACES), repr(c)
        # str.split cuts at every c.isspace(): safe only where the grammar cuts too.
        assert splits_as_grammar(f"a{c}b") == (c in SPACES if c.isspace() else c.isascii()), repr(c)


@pytest.mark.parametrize("word", ["0", "42", "0042", "-1", "+7", "4a", "", "1.5", "٣"])
def test_number_words_follow_their_terminals(word: str) -> None:
    assert is_number(word) == bool(terminals()["NUMBER"].fullmatch(word))
    assert is_signed(word) == bool(terminals()["SIGNED"].fullmatch(word))


def test_a_side_is_any_word_but_an_item_keyword() -> None:
    side = terminals()["SIDE"]
    excluded = re.match(r"\(\?!\(\?:([a-z|]+)\)", side.pattern)
    assert excluded is not None and set(excluded.group(1).split("|")) == KEYWORD_WORDS == grammar_excluded("SIDE")
    assert side.fullmatch("ACE") and side.fullmatch("Hand") and not side.fullmatch("Deal") and side.fullmatch("dealer")


def _rule(name: str) -> str:
    m = re.search(rf"^\??{name}: (.*)$", grammar_text(), re.M)
    assert m is not None, name
    return m.group(1)


def _first_terminals(rule: str) -> set[str]:
    """The terminals a rule can start with: the first symbol of each alternative, a
    parenthesised group's alternatives in turn (enough for the item rules)."""
    alternatives, depth, start = [], 0, 0
    for i, c in enumerate(rule):
        depth += (c == "(") - (c == ")")
        if c == "|" and depth == 0:
            alternatives.append(rule[start:i])
            start = i + 1
    alternatives.append(rule[start:])
    out: set[str] = set()
    for alt in alternatives:
        alt = alt.strip()
        if alt.startswith("("):
            out |= _first_terminals(alt[1 : alt.index(")")])
        else:
            out.add(alt.split()[0])
    return out


def test_the_registry_names_exactly_the_grammars_items() -> None:
    items = [alt.strip() for alt in _rule("item").split("|")]
    assert sorted(items) == sorted(spec.rule for spec in ITEMS)
    for spec in ITEMS:
        assert _first_terminals(_rule(spec.rule)) == set(spec.terminals), spec.rule
    assert {keyword(t) for spec in ITEMS for t in spec.terminals} == KEYWORD_WORDS == set(KEYWORDS)


def test_a_syntax_error_can_name_every_terminal() -> None:
    """Each terminal the parser can expect has words in ``diagnose`` (an item's keyword is
    "a new item"): a new terminal without them would be named "the end of the hand"."""
    from referee.notation.diagnose import _words

    named = {t.name for t in parser().terminals} - set(parser().ignore_tokens)
    assert {name for name in named if _words({name}) == "the end of the hand"} == set()


# -- the language and the records ------------------------------------------------------------

_DECLARED = {"DOUBLES": "doubles", "NELLO": "nello", "SEVENS": "sevens", "FOLLOWME": "follow-me", "NOTRUMP": "follow-me"}
_SUIT_OF = {name.lower(): n for name, n in NUMBER_ALIASES.items()}


def _tile(tok: Token) -> Tile:
    """A tile token's domino, high end first (``46`` and ``4-6`` are 6-4)."""
    a, b = (int(x) for x in (str(tok).split("-") if "-" in tok else tuple(str(tok))))
    return ALL_TILES[max(a, b) * 7 + min(a, b)]


def _kids(tree: Tree[Any], *types: str) -> list[Token]:
    return [k for k in tree.children if isinstance(k, Token) and k.type in types]


def _record_of(tree: Tree[Any]) -> HandRecord:
    """The hand a parse tree of ``start`` holds, by the grammar's rules alone."""
    rec = HandRecord()
    hand = next(t for t in tree.children if isinstance(t, Tree) and t.data == "hand")
    for node in hand.children:
        assert isinstance(node, Tree)
        kind = node.data
        if kind == "hand_line":
            number = _kids(node, "NUMBER")
            seat = _kids(node, "SEAT")
            rec.number = int(number[0]) if number else None
            rec.dealer = str(seat[0]).upper() if seat else None
        elif kind == "deal":
            rows = rec.deal if rec.deal is not None else []
            rec.deal = rows
            for row in node.children:
                if isinstance(row, Tree):
                    rows.append(Dealt(str(_kids(row, "SEAT")[0]).upper(), [_tile(t) for t in _kids(row, "TILE")]))
        elif kind == "kitty":
            word = str(_kids(node, "WIDOW", "CAT")[0]).lower()
            rec.kitty = Kitty(word, [_tile(t) for t in _kids(node, "TILE")])  # type: ignore[arg-type]
        elif kind == "bid":
            for call in node.children:
                if isinstance(call, Tree):
                    seat = _kids(call, "SEAT")
                    amount = _kids(call, "NUMBER")
                    suit = _kids(call, "SUIT")
                    contract = _kids(call, "BIDCONTRACT")
                    rec.calls.append(
                        Call(
                            str(seat[0]).upper() if seat else None,
                            int(amount[0]) if amount else None,
                            _SUIT_OF[str(suit[0]).lower()] if suit else None,
                            str(contract[0]).lower() if contract else None,  # type: ignore[arg-type]
                        )
                    )
        elif kind == "exchange":
            words = [k for k in node.children if isinstance(k, Token)][1:]
            if words and words[0].type == "NONE":
                rec.exchange = Exchange([], [])
            else:
                split = next(i for i, w in enumerate(words) if w.type == "FOR")
                rec.exchange = Exchange([_tile(t) for t in words[:split]], [_tile(t) for t in words[split + 1 :]])
        elif kind == "trump":
            decl = next(k for k in node.children if isinstance(k, Tree)).children[0]
            assert isinstance(decl, Token)
            if decl.type == "SUIT":
                trump = TrumpRecord("suit", _SUIT_OF[str(decl).lower()])
            elif decl.type == "DIGIT":
                trump = TrumpRecord("suit", int(decl))
            else:
                trump = TrumpRecord(_DECLARED[decl.type])  # type: ignore[arg-type]
            low = _kids(node, "LOWHIGH")
            trump.doubles_low = bool(low) and str(low[0]).lower() == "low"
            by = _kids(node, "SEAT")
            trump.by = str(by[0]).upper() if by else None
            rec.trump = trump
        elif kind == "play":
            for trick in node.children:
                if isinstance(trick, Tree):
                    plays = []
                    for played in trick.children:
                        if isinstance(played, Tree):
                            seat = _kids(played, "SEAT")
                            plays.append(Play(str(seat[0]).upper() if seat else None, _tile(_kids(played, "TILE")[0])))
                    winner = _kids(trick, "SEAT")
                    rec.tricks.append(TrickRecord(plays, str(winner[0]).upper() if winner else None))
        elif kind == "claim":
            rec.claim = Claim(str(node.children[0]).lower())  # type: ignore[arg-type]
        elif kind == "result":
            named = _kids(node, "SEAT", "SIDE")
            points = _kids(node, "NUMBER")
            outcome = str(_kids(node, "OUTCOME")[0]).lower()
            rec.result = StatedResult(str(named[0]).upper() if named else None, int(points[0]) if points else None, outcome)  # type: ignore[arg-type]
        elif kind in ("award", "score"):
            amounts: dict[str, int] = {}
            for entry in node.children:
                if isinstance(entry, Tree):
                    side_tree = entry.children[0]
                    assert isinstance(side_tree, Tree)
                    amounts[str(side_tree.children[0]).upper()] = int(str(entry.children[1]))
            if kind == "award":
                rec.award = StatedAward(amounts)
            else:
                rec.score = StatedScore(amounts)
        elif kind == "misdeal":
            seat = _kids(node, "SEAT")
            rec.misdeal = Misdeal(str(seat[0]).upper() if seat else None)
        elif kind in ("renege", "accept", "forfeit"):
            seats = [str(t).upper() for t in _kids(node, "SEAT")]
            trick = [int(str(t)) for t in _kids(node, "NUMBER")]
            if kind == "renege":
                rec.renege = RenegeCall(seats[0], trick[0], seats[1] if len(seats) > 1 else None)
            elif kind == "accept":
                rec.accepted.append(AcceptedPlay(seats[0], trick[0]))
            else:
                fault = str(_kids(node, "FAULT")[0]).lower()
                rec.forfeit = Forfeit(seats[0], fault, trick[0] if trick else None)  # type: ignore[arg-type]
    return rec


def _hand_chunks(text: str) -> list[Chunk]:
    return [c for c in chunks([text]) if isinstance(c, Chunk) and c.kind == HAND]


def _agree(chunk: Chunk) -> None:
    """Reader and grammar agree on whether the hand is well formed, and on its record."""
    blanked, _, unclosed = blank(chunk.text, chunk.offset)
    scan = scan_hand(blanked, chunk.offset, KEYWORDS, KEYWORD_WORDS)
    reader_syntax = scan.broken or bool(unclosed) or bool(scan.skipped)  # a skipped line is a syntax error too
    try:
        tree = parser().parse(chunk.text)
    except UnexpectedInput:
        assert reader_syntax, f"Lark refuses what the reader reads:\n{chunk.text}"
        return
    assert not reader_syntax, f"the reader refuses what Lark reads:\n{chunk.text}"
    if not scan.problems:  # out of order, repeated, out of range or not a domino: the reader's own checks
        assert scan.record == _record_of(tree), chunk.text


def _simulated(game: str, seed: int) -> str:
    return format_game(next(simulate_games(make_rules(game), 1, seed, players="random", max_hands=4)))


@pytest.mark.parametrize("game", GAMES)
def test_written_games_read_as_the_grammar_reads_them(game: str) -> None:
    for seed in range(3):
        for chunk in _hand_chunks(_simulated(game, seed)):
            _agree(chunk)


@pytest.mark.parametrize(
    "hand",
    [
        "hand\n  play 6-6 5-5 / 4-4 3-3 => N\n  claim\n",
        "hand 2 dealer e\n  deal N 66 65 E 55 54\n  bid 30, pass pass 84 splash\n  trump no-trump\n",
        "hand 1\n  widow\n  exchange none\n  trump 6 high by W\n  result made\n  award A +1 B -2\n",
        "hand 1\n  trump follow - me low\n  play N 6-6 {a comment} E 5-5\n\n  S 4-4 ; to the end\n",
        "hand 1\n  bid N 30,\n      E pass\n  concede\n  result NS 12 set\n  score NS 0 EW 2\n",
        "hand 1\n  play N\n",
        "hand 1\n  bid N 30,, E pass\n",
        "hand 1\n  play N 6-6 =>\n",
        "hand 1\n  trump sixes by\n",
        "hand 1\n  exchange 6-6 for\n",
        "hand 1\n  result NS\n",
        "hand 1\n  award NS\n",
        "hand 1 dealer\n",
        "hand 1\n  deal 6-6\n",
        "hand 1\n  play 6-6 {never closed\n",
        "hand 1\n  misdeal By w\n  play N 6-6\n  accept E trick 2\n  accept n TRICK 3\n  renege E trick 1 called by S\n",
        "hand 1\n  play N 6-6 E 5-5\n  forfeit E Time trick 2\n  result NS made\n",
        "hand 1\n  forfeit w crash\n  award time 1\n",
        "hand 1\n  forfeit W nap\n",
        "hand 1\n  forfeit W stall 2\n",
        "hand 1\n  renege E trick\n",
        "hand 1\n  misdeal by\n",
        "hand 1\n  trump follow\n-me\n",  # a declaration of two words never spans lines
        "hand 1\n  trump no\n  trump by N\n",
        "hand 1\n  trump follow\fme\n",
    ],
)
def test_hand_forms_read_as_the_grammar_reads_them(hand: str) -> None:
    found = _hand_chunks(hand)
    assert found
    for chunk in found:
        _agree(chunk)


_SOUP = st.lists(
    st.sampled_from(
        ["hand", "1", "dealer", "N", "e", "deal", "bid", "pass", "30", "sixes", "trump", "low", "by", "play", "6-6", "55", "7-2", "=>",
         "/", ",", "\n", "  ", "B-21", "N+1", "=>N", "6-6,", "widow", "exchange", "for", "none", "claim", "result", "NS", "made", "award", "-1", "score", "{x}", ";c\n",
         "misdeal", "renege", "accept", "trick", "called", "forfeit", "time", "stall"]
    ),
    max_size=30,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(words=_SOUP)
def test_word_soup_reads_as_the_grammar_reads_it(words: list[str]) -> None:
    for chunk in _hand_chunks("hand " + " ".join(words) + "\n"):
        _agree(chunk)


_LINES = st.lists(
    st.sampled_from(
        ['[Event "x"]', '[Rules "42"] [Mode "log"]', '[Bad "a\\"b"]', "[Event x]", "[", "hand 1 dealer N", "hand", "hand-1",
         "  play N 6-6 E 5-5", "  B-21", "  award NS +1", "  bid N 30,", "N 6-6 {c}", "; note", "{ open", "}", "", "junk"]
    ),
    max_size=8,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(lines=_LINES)
def test_every_chunk_reads_as_the_grammar_reads_it(lines: list[str]) -> None:
    """Headers, hands and text before a record: the reader reports a syntax error (S001)
    exactly where Lark cannot parse the chunk, and never says the two disagree."""
    for chunk in chunks(["\n".join(lines) + "\n"]):
        if not isinstance(chunk, Chunk):
            continue
        problems = read_chunk(chunk).problems
        assert not any("reader and the grammar disagree" in (p.hint or "") for p in problems), chunk.text
        try:
            parser().parse(chunk.text)
            lark_ok = True
        except UnexpectedInput:
            lark_ok = False
        assert lark_ok == (not any(p.code == codes.S001 for p in problems)), chunk.text


@settings(max_examples=200, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 300), edits=EDITS)
def test_damaged_hands_read_as_the_grammar_reads_them(game: str, seed: int, edits: list[tuple[float, str, str]]) -> None:
    for chunk in _hand_chunks(mutate(_simulated(game, seed), edits)):
        _agree(chunk)


_TRAILER_LINES = st.lists(
    st.sampled_from(
        ['[Winner "NS"]', '[Status "unfinished"] [Termination "normal"]', "[Status unfinished]", '[Winner "NS"] [Event "x"]',
         '[Event "x"]', '[Rules "42"] [Mode "log"]', '[Winner "NS"] hand 1', "; note", "{ c }", "{ open", "}", "", "  ", "junk"]
    ),
    min_size=1,
    max_size=8,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(lines=_TRAILER_LINES)
@example(lines=['[Winner "NS"]', "; note", '[Event "x"]', "hand 1"])
@example(lines=['[Winner "NS"]', "{ open", "", '[Event "x"]'])
def test_a_trailer_cut_off_a_header_leaves_two_chunks_the_grammar_reads_as_the_whole(lines: list[str]) -> None:
    """Tag lines after the hands cut into a trailer and a header (``trailer_end``): the cut
    is at a line end, each part is a ``start`` exactly when the whole is, and the reader
    reports a syntax error in each part exactly where Lark cannot parse it."""
    text = "\n".join(lines) + "\n"
    end = trailer_end(blank(text, 0)[0])
    assert 0 <= end <= len(text) and (end in (0, len(text)) or text[end - 1] == "\n")
    if end in (0, len(text)):
        return
    parts = split_trailer(Chunk(HEADER, text, 0, 1), end)
    assert "".join(p.text for p in parts) == text

    def parses(t: str) -> bool:
        try:
            parser().parse(t)
        except UnexpectedInput:
            return False
        return True

    assert parses(text) == all(parses(p.text) for p in parts), text
    for part in parts:
        assert parses(part.text) == (not any(p.code == codes.S001 for p in read_chunk(part).problems)), part.text
