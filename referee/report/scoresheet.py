"""Score sheets: one row per hand of a judged record plus a game row, with the recorder's
claims beside the replay and every diagnostic at the hand it belongs to."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .. import codes
from ..codes import E501, E502, E503, E504
from ..diagnostics import Diagnostic
from ..engine.declarations import NUMBER_NAMES
from ..engine.games import DEFAULT_GAME, GAMES
from ..engine.profiles import Game
from ..judging.judged import Judged
from ..judging.verdict import GameVerdict, HandVerdict
from ..notation.record import HandRecord
from ..words import plural
from .escaping import visible
from .names import player_names, seat_with_name, side_players
from .score_shape import CSV_FIELDS, SCORE_VERSION, SIDE_FIELDS, SIDES

if TYPE_CHECKING:  # rich is loaded by the text sheet only: CSV and JSON rows need none
    from rich.console import RenderableType
    from rich.text import Text

__all__ = ["CSV_FIELDS", "hand_rows", "score_cells", "score_document", "score_rows", "score_sheet"]

TAGS = ("event", "date", "round", "table")
"""Tags copied into every row, by their field names."""


def _game(v: GameVerdict | None) -> Game:
    """The game a verdict was judged under (``GameVerdict.rules`` names the built-in game)."""
    return GAMES.get(((v.rules if v else None) or DEFAULT_GAME).lower(), GAMES[DEFAULT_GAME])


def _sides(d: dict[str, int] | None) -> str:
    return " ".join([f"{k} {v}" for k, v in d.items()]) if d else ""


def _suit(hv: HandVerdict) -> str | None:
    return NUMBER_NAMES[hv.bid_suit] if hv.bid_suit is not None else None


def _outcome(hv: HandVerdict, hr: HandRecord | None) -> str:
    if hv.thrown_in:
        return "thrown in"
    if not hv.followed:
        return "not followed"
    if hv.made is None:
        return ""
    outcome = "made" if hv.made else "set"
    if hv.penalty and hr is not None and hr.forfeit is not None:
        return f"{outcome} ({hr.forfeit.seat} forfeited: {hr.forfeit.fault})"
    return f"{outcome} ({hv.penalty} reneged)" if hv.penalty else outcome


def _stated_result(hr: HandRecord | None) -> str:
    if hr is None or hr.result is None:
        return ""
    r = hr.result
    return " ".join(str(x) for x in (r.side, r.points, r.outcome) if x is not None)


def _codes(diagnostics: Iterable[Diagnostic], errors: bool) -> str:
    return " ".join(dict.fromkeys(d.code for d in diagnostics if d.is_error == errors))


def _bid(hv: HandVerdict) -> str:
    if hv.bid is None:
        return ""
    suit = _suit(hv)
    return f"{hv.bid} {suit}" if suit else str(hv.bid)


def _taken(hv: HandVerdict, game: Game) -> dict[str, int]:
    """The points each side's tricks have taken so far (a hand in play)."""
    out = dict.fromkeys(game.team_labels, 0)
    for t in hv.tricks:
        if t.winner in game.seats:
            side = game.team_labels[game.teams[game.seats.index(t.winner)]]
            out[side] += t.points or 0
    return out


_WORDS = (
    "hand",
    "dealer",
    "declarer",
    "bid",
    "trump",
    "points",
    "result",
    "award",
    "score",
    "stated_result",
    "stated_award",
    "stated_score",
    "errors",
)
"""The fields of ``hand_rows``, in the order of ``_hand_words``."""


def hand_rows(j: Judged) -> Iterator[dict[str, Any]]:
    """One row of words per hand, for people (the score table here and the report page):
    points, awards and scores as ``NS 40 EW 0``; ``score_rows`` gives the numbers."""
    for words in _hand_words(j):
        yield dict(zip(_WORDS, words, strict=True))


def _hand_words(j: Judged) -> Iterator[tuple[Any, ...]]:
    """The words of each hand, in the order of ``_WORDS`` (the score table reads them so)."""
    if j.verdict is None or j.record is None:
        return
    v = j.verdict
    diagnostics = j.diagnostics
    # a game in progress (W108): its last hand, not followed to an end, is the hand in play
    in_play = v.hands[-1].number if v.hands and any(d.code is codes.W108 for d in diagnostics) else None
    for hv, hr in zip(v.hands, j.record.hands, strict=False):
        playing = hv.number == in_play and not hv.followed
        yield (
            hv.number,
            hv.dealer or "",
            hv.declarer or "",
            _bid(hv),
            hv.trump or "",
            _sides(hv.points or (_taken(hv, _game(v)) if playing else {})),
            "in play" if playing else _outcome(hv, hr),
            _sides({k: a for k, a in hv.awards.items() if a}),
            _sides(hv.score),
            _stated_result(hr),
            _sides(hr.award.amounts) if hr.award else "",
            _sides(hr.score.scores) if hr.score else "",
            " ".join(d.code for d in diagnostics if d.hand == hv.number and d.is_error) if diagnostics else "",
        )


def by_hand(j: Judged) -> tuple[dict[int, list[Diagnostic]], list[Diagnostic]]:
    """The diagnostics of each hand that has a row, and the rest (the game row's)."""
    hands = {hv.number for hv in j.verdict.hands} if j.verdict is not None and j.record is not None else set()
    per_hand: dict[int, list[Diagnostic]] = {}
    rest: list[Diagnostic] = []
    for d in j.diagnostics:
        if d.hand is not None and d.hand in hands:
            per_hand.setdefault(d.hand, []).append(d)
        else:
            rest.append(d)
    return per_hand, rest


def score_cells(j: Judged) -> list[tuple[Any, ...]]:
    """The rows of one record, each its cells in the order of ``CSV_FIELDS``: one per hand,
    then a game row for a game, or for any record with diagnostics outside its hands (so
    that every diagnostic is in a row).  ``score --format csv`` writes them as they are;
    ``score_rows`` names their cells."""
    v, record = j.verdict, j.record
    game = _game(v)
    names = player_names(record, game)
    sides = list(game.team_labels)[:SIDES]
    head = (j.file, j.index, v.rules if v else None, *[(record.tag(t) if record else None) for t in TAGS])
    heads = [(side, side_players(side, game, names)) for side in sides]
    absent = (None,) * (len(SIDE_FIELDS) * (SIDES - len(sides)))  # the columns of sides the game has not
    per_hand, rest = by_hand(j)
    rows: list[tuple[Any, ...]] = []
    for hv in v.hands if v is not None and record is not None else []:
        hr = record.hands[hv.number - 1] if record is not None and hv.number <= len(record.hands) else None
        scored = hv.made is not None or hv.thrown_in or bool(hv.detail == "hands" and hv.awards)
        points, awards, score = hv.points, hv.awards, hv.score
        cells: list[Any] = ["hand", *head[:2], hv.number, *head[2:], hv.dealer, hv.declarer, names.get(hv.declarer or "")]
        cells += (hv.bid, _suit(hv), hv.trump, _outcome(hv, hr) or None)
        for side, players in heads:
            cells += (
                side,
                players,
                points.get(side),
                awards.get(side, 0) if scored else None,
                score.get(side) if score is not None else None,
            )
        found = per_hand.get(hv.number)
        cells += absent
        cells += (
            _stated_result(hr) or None,
            _sides(hr.award.amounts) if hr and hr.award else None,
            _sides(hr.score.scores) if hr and hr.score else None,
            None,
            _codes(found, True) if found else "",
            _codes(found, False) if found else "",
        )
        rows.append(tuple(cells))
    if record is None or v is None or v.mode == "game" or rest:
        cells = ["game", *head[:2], None, *head[2:], *(None,) * 7]
        for side, players in heads:
            cells += (side, players, None, None, v.score.get(side) if v is not None and v.score is not None else None)
        cells += absent
        cells += (None, None, None, v.winner if v else None, _codes(rest, True), _codes(rest, False))
        rows.append(tuple(cells))
    return rows


def score_rows(j: Judged) -> list[dict[str, Any]]:
    """The rows of one record by their fields (``score_cells``, named by ``CSV_FIELDS``)."""
    return [dict(zip(CSV_FIELDS, cells, strict=True)) for cells in score_cells(j)]


def score_document(j: Judged) -> dict[str, Any]:
    """One line of ``score --format json`` (see ``schemas.ScoreLine``)."""
    rows = score_rows(j)
    v = j.verdict
    return {
        "format": "referee-score",
        "version": SCORE_VERSION,
        "file": j.file,
        "record": j.index,
        "rules": v.rules if v else None,
        "mode": v.mode if v else None,
        "hands": [r for r in rows if r["kind"] == "hand"],
        "game": next((r for r in rows if r["kind"] == "game"), None),
        "score": v.score if v else None,
        "winner": v.winner if v else None,
        "errors": sum(d.is_error for d in j.diagnostics),
        "warnings": sum(d.severity.value == "warning" for d in j.diagnostics),
        "notes": sum(d.severity.value == "note" for d in j.diagnostics),
    }


def _both(actual: str, stated: str | None, wrong: bool) -> Text | str:
    """A cell: the replay's value (a text of a ``literal`` column, drawn as ``Text(actual)``),
    and the written one beside it (in red) when they disagree."""
    if wrong and stated:
        from rich.text import Text

        return Text.assemble(actual, (f" (written: {stated})", "bold red"))
    return actual


def score_sheet(j: Judged) -> list[RenderableType]:
    """A record's title, its players, a table of its hands and the winner.

    Written values that disagree with the replay are shown beside it; a ``!`` column
    names the codes of each hand's diagnostics (printed in full under the sheet).
    The title and the winner are lines of their own, not padded to the table's width.
    """
    from rich.text import Text

    from .tables import Grid  # rich's tables: not imported for CSV and JSON

    v, record = j.verdict, j.record
    assert v is not None and record is not None
    game = _game(v)
    names = player_names(record, game)
    title = f"{visible(j.file, lines=False)} #{j.index}: {v.rules or '?'}"  # a title is one line, whatever the file's name
    if v.mode == "game" and v.target is not None:
        title += f", game to {plural(v.target, (v.target_unit or 'point').removesuffix('s'))}"
    parts: list[RenderableType] = [Text(title)]
    if names:
        parts.append(Text("players: " + ", ".join(f"{side} {side_players(side, game, names)}" for side in game.team_labels)))
    per_hand, _rest = by_hand(j)
    headers = ["hand", "dealer", "bid", "trump", "points", "result", "award", "score", *(["!"] if per_hand else [])]
    literal = [col in ("result", "award", "score") for col in headers]  # drawn as Text: as written
    table = Grid(headers, [col == "hand" for col in headers], literal)  # drawn plainly when piped (report/tables.py)
    for number, dealer, declarer, bid, trump, points, result, award, score, stated_result, stated_award, stated_score, _ in _hand_words(j):
        if names:
            dealer = seat_with_name(dealer, names)
            declarer = seat_with_name(declarer, names)
        cells: list[RenderableType] = [str(number), dealer, f"{declarer} {bid}" if bid else "", trump, points]
        found = [d.code for d in per_hand.get(number, ())]
        if found:
            cells += (
                _both(result, stated_result, E501 in found),
                _both(award, stated_award, E502 in found),
                _both(score, stated_score, E503 in found),
                " ".join(dict.fromkeys(found)),
            )
        else:  # nothing wrong: the replay's words, and an empty ``!`` cell where the column is
            cells += (result, award, score, *([""] if per_hand else []))
        table.add_row(*cells)
    parts.append(table)
    if v.mode == "game":
        winner = v.winner or ("unknown" if v.score is None else "nobody yet")
        players = side_players(v.winner, game, names) if v.winner else None
        caption = Text(f"winner: {winner}" + (f" ({players})" if players else ""))
        stated = record.tag("Winner")
        if stated and any(d.code == E504 for d in j.diagnostics):
            caption.append(f" (written: {stated})", "bold red")
        parts.append(caption)
    return parts
