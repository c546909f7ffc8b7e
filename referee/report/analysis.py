"""What ``referee analyze`` prints of an analysed hand: a table for people, a JSON line
(``schemas.AnalyzeHand``), CSV rows (one a play), and the costs a report page shows.

The numbers come from ``referee.judging.analysis``; this module only words them.  A
value is always the declaring side's final total (points, or tricks in Moon and
nello); a cost is what a play gave away for its own side.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.games import DEFAULT_GAME, GAMES
from ..judging.analysis import HandAnalysis, ParView, PlayAnalysis, Skipped
from ..judging.judged import Judged
from ..words import plural
from .escaping import visible
from .names import player_names, seat_with_name, side_players
from .schemas import ANALYZE_VERSION, AnalyzePlay
from .tables import folded

if TYPE_CHECKING:
    from .html import Analysis
    from .html import HandAnalysis as PageAnalysis

__all__ = ["CSV_FIELDS", "analysis_document", "analysis_rows", "analysis_tables", "page_analysis", "unsolved_words"]

CSV_FIELDS = [
    "file",
    "record",
    "hand",
    "rules",
    "declarer",
    "side",
    "bid",
    "trump",
    "unit",
    "need",
    "opening_value",
    "play",
    *AnalyzePlay.model_fields,
]
"""One row a play: the hand's facts, then the play's fields as in the JSON."""


def _names(j: Judged, a: HandAnalysis) -> dict[str, str]:
    return player_names(j.record, GAMES[a.facts.game])


def _values(p: PlayAnalysis) -> dict[str, int]:
    return {str(t): v for t, v in p.values}


def _play_json(p: PlayAnalysis, names: dict[str, str]) -> dict[str, Any]:
    return {
        "trick": p.trick,
        "seat": p.seat,
        "player": names.get(p.seat),
        "tile": str(p.tile),
        "solved": p.solved,
        "unsolved": p.unsolved,
        "value_before": p.value_before,
        "value_after": p.value_after,
        "cost": p.cost,
        "best": [str(t) for t in p.best],
        "values": _values(p),
        "swing": p.swing,
    }


def _ref(a: HandAnalysis, swing: str) -> dict[str, Any] | None:
    i = a.first("lost" if swing == "lost" else "won")
    if i is None:
        return None
    p = a.plays[i]
    return {"play": i + 1, "trick": p.trick, "seat": p.seat, "tile": str(p.tile)}


def _par_json(par: ParView | None) -> dict[str, Any] | None:
    if par is None:
        return None
    return {
        "declarer": par.declarer,
        "declarations": [
            {"declaration": line.declaration, "value": line.value, "unit": line.unit, "made": line.made, "unsolved": line.unsolved}
            for line in par.lines
        ],
        "best": par.best,
        "best_value": par.best_value,
        "best_unit": par.best_unit,
        "bid": par.bid,
    }


def analysis_document(j: Judged, a: HandAnalysis) -> dict[str, Any]:
    """The JSON line of one hand (``schemas.AnalyzeHand``)."""
    f = a.facts
    names = _names(j, a)
    return {
        "type": "hand",
        "format": "referee-analyze",
        "version": ANALYZE_VERSION,
        "file": j.file,
        "record": j.index,
        "hand": f.number,
        "rules": j.verdict.rules if j.verdict else None,
        "declarer": f.declarer,
        "declarer_name": names.get(f.declarer),
        "side": f.side,
        "bid": f.bid,
        "bid_text": f.bid_text,
        "trump": f.trump,
        "unit": f.unit,
        "minimises": f.minimises,
        "forced": f.forced,
        "need": f.need,
        "opening_value": a.opening_value,
        "opening_makes": None if a.opening_value is None else f.makes(a.opening_value),
        "final_value": a.final_value,
        "positions": a.positions,
        "solved": a.solved,
        "budget": a.budget,
        "time_limit": a.time_limit,
        "lost": _ref(a, "lost"),
        "won": _ref(a, "won"),
        "nodes": a.nodes,
        "plays": [_play_json(p, names) for p in a.plays],
        "par": _par_json(a.par),
    }


def analysis_rows(j: Judged, a: HandAnalysis) -> list[dict[str, Any]]:
    """The CSV rows of one hand: one a play (best tiles space-separated, values as ``6-4:30``)."""
    f = a.facts
    names = _names(j, a)
    head = {
        "file": j.file,
        "record": j.index,
        "hand": f.number,
        "rules": j.verdict.rules if j.verdict else None,
        "declarer": f.declarer,
        "side": f.side,
        "bid": f.bid_text,
        "trump": f.trump,
        "unit": f.unit,
        "need": f.need,
        "opening_value": a.opening_value,
    }
    if not a.plays:  # claimed or conceded before the lead: one row, for the opening value
        return [head | {"play": None} | dict.fromkeys(AnalyzePlay.model_fields)]
    rows = []
    for n, p in enumerate(a.plays, start=1):
        play = _play_json(p, names)
        play["best"] = " ".join(play["best"])
        play["values"] = " ".join(f"{t}:{v}" for t, v in play["values"].items())
        rows.append(head | {"play": n} | play)
    return rows


def _need_words(a: HandAnalysis) -> str:
    f = a.facts
    if f.minimises:
        return f"{f.declarer} must take no trick" if f.need == 0 else f"{f.declarer} may take at most {plural(f.need, 'trick')}"
    return f"{f.side} need {plural(f.need, f.unit.removesuffix('s'))}"


def _makes_words(a: HandAnalysis, value: int) -> str:
    return "makes" if a.facts.makes(value) else "sets"


_UNSOLVED_MARK = {"budget": "past budget", "time-limit": "time limit", "not-reached": "not reached"}
"""The table's mark for a position not solved."""


def _value_words(a: HandAnalysis, value: int | None, unsolved: str | None) -> str:
    """``32 (makes)``, or why there is no value."""
    if value is None:
        return f"not solved ({_UNSOLVED_MARK.get(unsolved or '', 'past budget')})"
    return f"{value} ({_makes_words(a, value)})"


def unsolved_words(a: HandAnalysis) -> str | None:
    """The note on the positions of a hand that were not solved, by cause (None: all were)."""
    whys = [p.unsolved for p in a.plays] if a.plays else [a.opening_unsolved]
    if all(w is None for w in whys):
        return None
    budget, stopped, unreached = (whys.count(w) for w in ("budget", "time-limit", "not-reached"))
    limit = f"{a.time_limit:g} s" if a.time_limit is not None else ""
    parts = []
    if budget:
        parts.append(f"{budget:,} past the budget of {a.budget:,} nodes each (--budget)")
    if stopped:
        parts.append(f"{stopped:,} being solved at the time limit of {limit} (--time-limit)")
    if unreached:
        parts.append(f"{unreached:,} not reached before the time limit of {limit} (--time-limit)")
    solved = len(whys) - budget - stopped - unreached
    return f"{solved:,} of {plural(len(whys), 'position')} solved; no value is given for the others: " + ", ".join(parts)


_SWING_WORDS = {"lost": "made → set", "won": "set → made"}
"""How the text names the first play of each swing."""


def _swings(a: HandAnalysis) -> list[int]:
    """The places of the first play that lost the contract and the first that won it, in play order."""
    return sorted(i for i in (a.first("lost"), a.first("won")) if i is not None)


def _play_words(a: HandAnalysis, i: int, names: dict[str, str]) -> str:
    p = a.plays[i]
    best = " ".join(map(str, p.best))
    return (
        f"trick {p.trick}, {seat_with_name(p.seat, names)} played {p.tile} (best {best}): "
        f"{p.value_before} → {p.value_after} {a.facts.unit}, cost {p.cost}"
    )


def analysis_tables(j: Judged, a: HandAnalysis) -> list[RenderableType]:
    """A hand for people: a title, the contract and opening value, a table of every play
    (costly plays in yellow, the play that lost the contract in red), what lost and won
    it, and the par table when there is one."""
    f = a.facts
    names = _names(j, a)
    game = GAMES[f.game]
    players = side_players(f.side, game, names)
    side = f"{f.side} ({players})" if players and f.side != f.declarer else f.side
    parts: list[RenderableType] = [
        Text(
            f"{visible(j.file, lines=False)} #{j.index} hand {f.number}: {seat_with_name(f.declarer, names)} bid {f.bid_text}, trump {f.trump}"
        ),
        Text(
            f"values are {side}'s final {f.unit} with best play; {_need_words(a)}; "
            f"opening value {_value_words(a, a.opening_value, a.opening_unsolved)}" + ("; every play is forced" if f.forced else "")
        ),
    ]
    if not a.plays:
        parts.append(Text("no tile was played: the hand ended before the first lead"))
        if (note := unsolved_words(a)) is not None:
            parts.append(Text(note))
        if a.par is not None:
            parts += _par_parts(a.par, names)
        return parts
    table = Table()
    for col, justify in (
        ("trick", "right"),
        ("seat", "left"),
        ("tile", "left"),
        ("best", "left"),
        ("cost", "right"),
        ("value after", "right"),
    ):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    table.add_column("")
    last_trick = 0
    for p in a.plays:
        style = "bold red" if p.swing == "lost" else "bold green" if p.swing == "won" else "yellow" if p.cost else None
        mark = {"lost": "lost", "won": "won"}.get(p.swing or "", "") or _UNSOLVED_MARK.get(p.unsolved or "", "")
        table.add_row(
            str(p.trick) if p.trick != last_trick else "",
            seat_with_name(p.seat, names),
            str(p.tile),
            " ".join(map(str, p.best)),
            str(p.cost) if p.cost else "",
            "" if p.value_after is None else str(p.value_after),
            mark,
            style=style if p.solved else "dim",
        )
        last_trick = p.trick
    parts.append(folded(table))
    for i in _swings(a):
        parts.append(Text(f"{_SWING_WORDS[a.plays[i].swing or '']}: {_play_words(a, i, names)}"))
    if (note := unsolved_words(a)) is not None:
        parts.append(Text(note))
    last = a.final_value
    parts.append(
        Text(f"after the last play: {last} {f.unit} ({_makes_words(a, last)})" if last is not None else "after the last play: not solved")
    )
    if a.par is not None:
        parts += _par_parts(a.par, names)
    return parts


def _par_parts(par: ParView, names: dict[str, str]) -> list[RenderableType]:
    table = Table(title=None)
    table.add_column("declaration")
    table.add_column("value", justify="right")
    for line in par.lines:
        value = (
            f"not solved ({_UNSOLVED_MARK.get(line.unsolved or '', 'past budget')})" if line.value is None else f"{line.value} {line.unit}"
        )
        if line.made is not None:
            value += " (made)" if line.made else " (set)"
        table.add_row(line.declaration, value, style="bold" if line.declaration == par.best else None)
    out: list[RenderableType] = [Text(f"par, {seat_with_name(par.declarer, names)} leading:"), folded(table)]
    if par.best is None:
        out.append(Text("best: no declaration could be solved within the budget"))
    else:
        bid = f"the highest bid it makes is {par.bid}" if par.bid is not None else "it makes no bid"
        out.append(Text(f"best: {par.best}, {par.best_value} {par.best_unit}; {bid}"))
    return out


def page_analysis(results: Iterable[tuple[Judged, list[HandAnalysis | Skipped]]]) -> Analysis:
    """What a report page shows of each hand's analysis, keyed as ``report_html`` reads it
    (record, hand's place): the cost of each costly play, the play that lost the
    contract, and a line of words."""
    out: dict[tuple[int, int], PageAnalysis] = {}
    for j, items in results:
        names = player_names(j.record, GAMES[next((i.facts.game for i in items if isinstance(i, HandAnalysis)), DEFAULT_GAME)])
        for item in items:
            if isinstance(item, Skipped):
                out[(j.index, item.index)] = {"summary": f"Not analysed: {item.reason}."}
                continue
            f = item.facts
            opening = f"{item.opening_value} {f.unit}" if item.opening_value is not None else "not solved"
            summary = f"Analysis: opening value {opening} ({_need_words(item)})"
            lost = item.first("lost")
            entry: PageAnalysis = {"costs": {(p.trick, p.seat): p.cost for p in item.plays if p.cost}}
            if lost is not None:
                entry["losing"] = (item.plays[lost].trick, item.plays[lost].seat)
            for i in _swings(item):
                summary += f"; {_SWING_WORDS[item.plays[i].swing or '']} at {_play_words(item, i, names)}"
            if (note := unsolved_words(item)) is not None:
                summary += f"; {note}"
            entry["summary"] = summary + "."
            out[(j.index, f.index)] = entry
    return out
