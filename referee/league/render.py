"""What the league commands print: duplicate groups, statistics, standings and the cross
table, as rich tables for people and as JSON documents and CSV rows for programs
(their shapes in ``report.league_schemas``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich.table import Table as RichTable

from ..report.escaping import visible
from ..report.league_schemas import LEAGUE_VERSION
from ..report.tables import folded
from ..words import plural
from .dups import Group
from .select import CONTRACTS
from .standings import Row, Table
from .stats import PlayerStats

__all__ = [
    "CROSS_TITLE",
    "STATS_CSV_FIELDS",
    "cross_table",
    "dups_document",
    "dups_lines",
    "dups_summary",
    "standings_document",
    "standings_table",
    "standings_title",
    "stats_document",
    "stats_rows",
    "stats_table",
]

_KINDS = ("same-game", "re-entered", "same-deal", "prefix")


def dups_lines(groups: Iterable[Group]) -> Iterator[str]:
    """Each group: what it is, then its places (``file:line``), one a line."""
    for g in groups:
        n = len(g.places)
        if g.kind == "same-game":
            yield f"same game entered {n} times:"
        elif g.kind == "re-entered":
            which = ", ".join(map(str, g.differing[:-1])) + (" and " if len(g.differing) > 1 else "") + str(g.differing[-1])
            yield f"same game entered twice, with {plural(len(g.differing), 'hand')} that differ (hand{'s' if len(g.differing) > 1 else ''} {which}):"
        elif g.kind == "same-deal":
            yield f"same deal played at {n} tables:"
        else:
            yield f"the first {plural(g.places[0].hands or 0, 'hand')} of a game, entered as a record of their own:"
        for p in g.places:
            what = f"hand {p.hand} of record {p.record}" if g.kind == "same-deal" else f"record {p.record}, {plural(p.hands or 0, 'hand')}"
            yield f"  {visible(p.file, lines=False)}:{p.line}: {what}"  # one line, whatever the file's name
        yield ""


def dups_summary(groups: list[Group], records: int) -> str:
    """The closing line: each kind of group counted (a game entered twice with hands that
    differ only when there is one)."""
    counts = {kind: sum(g.kind == kind for g in groups) for kind in _KINDS}
    parts = [f"{plural(counts['same-game'], 'record')} entered more than once"]
    if counts["re-entered"]:
        parts.append(f"{plural(counts['re-entered'], 'game')} entered twice with hands that differ")
    parts += [
        f"{plural(counts['same-deal'], 'deal')} played at several tables",
        f"{plural(counts['prefix'], 'game')} entered again in part",
    ]
    return f"{plural(records, 'record')}: " + ", ".join(parts)


def dups_document(groups: list[Group], records: int) -> dict[str, Any]:
    return {
        "format": "referee-dups",
        "version": LEAGUE_VERSION,
        "records": records,
        "groups": [
            {
                "kind": g.kind,
                "places": [{"file": p.file, "line": p.line, "record": p.record, "hand": p.hand, "hands": p.hands} for p in g.places],
                "differing": list(g.differing),
            }
            for g in groups
        ],
    }


def _pct(x: float | None) -> str:
    return "" if x is None else f"{x:.0f}%"


def _avg(x: float | None) -> str:
    return "" if x is None else f"{x:.1f}"


def _known(n: int, known: bool) -> str:
    """A count, or nothing when the records do not say enough to count it."""
    return str(n) if known else ""


STATS_CSV_FIELDS = [
    "name",
    "games",
    "won",
    "hands",
    "declared",
    "made",
    "set",
    "made_percent",
    "set_percent",
    "average_point_bid",
    "mark_bids",
    "marks_won",
    "marks_lost",
    "points_won",
    "points_lost",
    *(f"{c}_{x}" for c in CONTRACTS for x in ("tried", "made")),
]


def stats_rows(rows: Iterable[PlayerStats]) -> Iterator[dict[str, Any]]:
    """One flat row per player, the contracts as ``nello_tried``, ``nello_made``, ..."""
    for s in rows:
        bids, results = s.bids_known, s.results_known
        row: dict[str, Any] = {
            "name": s.name,
            "games": s.games,
            "won": s.won,
            "hands": s.hands,
            "declared": s.declared if bids else None,
            "made": s.made if results else None,
            "set": s.set if results else None,
            "made_percent": None if s.made_percent is None else round(s.made_percent, 1),
            "set_percent": None if s.set_percent is None else round(s.set_percent, 1),
            "average_point_bid": None if s.average_point_bid is None else round(s.average_point_bid, 2),
            "mark_bids": s.mark_bids if bids else None,
            "marks_won": s.marks_won,
            "marks_lost": s.marks_lost,
            "points_won": s.points_won,
            "points_lost": s.points_lost,
        }
        for c in CONTRACTS:
            tried, made = s.contracts.get(c, (0, 0))
            row[f"{c}_tried"], row[f"{c}_made"] = (tried if bids else None), (made if results else None)
        yield row


def stats_document(rows: list[PlayerStats], by: str) -> dict[str, Any]:
    out = []
    for s, flat in zip(rows, stats_rows(rows), strict=True):
        flat = {k: v for k, v in flat.items() if not k.endswith(("_tried", "_made"))}
        flat["contracts"] = {c: {"tried": t, "made": m} for c, (t, m) in s.contracts.items()} if s.results_known else None
        out.append(flat)
    return {"format": "referee-stats", "version": LEAGUE_VERSION, "by": by, "rows": out}


def stats_table(rows: list[PlayerStats], by: str, contracts: list[str]) -> RichTable:
    """One row per player: games, hands, bids, marks and points, and the contracts anyone tried."""
    marks = any(s.marks_won or s.marks_lost for s in rows)
    points = any(s.points_won or s.points_lost for s in rows)
    t = RichTable()
    for name in (by, "games", "won", "hands", "declared", "made", "set", "made %", "avg point bid", "mark bids"):
        t.add_column(name, justify="left" if name == by else "right")
    if marks:
        t.add_column("marks won/lost", justify="right")
    if points:
        t.add_column("points won/lost", justify="right")
    for c in contracts:
        t.add_column(f"{c} made/tried", justify="right")
    for s in rows:
        bids, results = s.bids_known, s.results_known
        cells = [s.name, str(s.games), str(s.won), str(s.hands), _known(s.declared, bids), _known(s.made, results), _known(s.set, results)]
        cells += [_pct(s.made_percent), _avg(s.average_point_bid), _known(s.mark_bids, bids)]
        if marks:
            cells.append(f"{s.marks_won}/{s.marks_lost}")
        if points:
            cells.append(f"{s.points_won}/{s.points_lost}")
        for c in contracts:
            tried, made = s.contracts.get(c, (0, 0))
            cells.append(f"{made}/{tried}" if tried and results else "")
        t.add_row(*cells)
    return folded(t)


def _unit(units: set[str]) -> str:
    return "/".join(sorted(units)) or "marks"


def standings_title(tie_breaks: list[str], units: set[str]) -> str:
    """The line above the table: the ranking in words, each tie-break after the one before.

    >>> standings_title(["wins", "head-to-head", "difference", "for"], {"marks"})
    'Standings, ranked by wins, then head-to-head, then marks difference, then marks for'
    """
    unit = _unit(units)
    words = {"difference": f"{unit} difference", "for": f"{unit} for", "against": f"fewest {unit} against", "losses": "fewest losses"}
    return "Standings, ranked by " + ", then ".join(words.get(t, t) for t in tie_breaks)


CROSS_TITLE = "Cross table: games won-lost of each row's team against each column's team (by rank):"


def standings_table(rows: list[Row], units: set[str]) -> RichTable:
    t = RichTable()
    unit = _unit(units)
    for name in ("rank", "team", "played", "won", "lost", f"{unit} for", "against", "diff"):
        t.add_column(name, justify="left" if name == "team" else "right")
    previous = 0
    for r in rows:
        rank = "" if r.rank == previous else str(r.rank)
        previous = r.rank
        t.add_row(rank, r.team, str(r.played), str(r.won), str(r.lost), str(r.score_for), str(r.score_against), f"{r.difference:+d}")
    return folded(t)


def cross_table(rows: list[Row], table: Table) -> RichTable:
    """Who beat whom: the row team's games won-lost against each column team (by rank)."""
    t = RichTable()
    t.add_column("", justify="right")
    t.add_column("team")
    for k, _ in enumerate(rows, start=1):
        t.add_column(str(k), justify="center")
    for k, r in enumerate(rows, start=1):
        cells = []
        for j, other in enumerate(rows, start=1):
            won, lost = table.cross(r.key, other.key)
            cells.append("—" if j == k else (f"{won}-{lost}" if won or lost else ""))
        t.add_row(str(k), r.team, *cells)
    return folded(t)


def standings_document(rows: list[Row], table: Table, tie_breaks: list[str]) -> dict[str, Any]:
    return {
        "format": "referee-standings",
        "version": LEAGUE_VERSION,
        "tie_breaks": tie_breaks,
        "units": sorted(table.units),
        "rows": [
            {
                "rank": r.rank,
                "team": r.team,
                "played": r.played,
                "won": r.won,
                "lost": r.lost,
                "score_for": r.score_for,
                "score_against": r.score_against,
                "difference": r.difference,
            }
            for r in rows
        ],
        "cross": [
            {"team": a.team, "opponent": b.team, "won": w, "lost": lo}
            for a in rows
            for b in rows
            if a is not b
            for w, lo in [table.cross(a.key, b.key)]
            if w or lo
        ],
    }
