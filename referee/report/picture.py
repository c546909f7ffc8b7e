"""A picture of one hand for the terminal (``referee show``)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine.declarations import NUMBER_NAMES
from ..engine.tiles import Tile, parse_tile
from ..engine.views import HandView
from ..judging.verdict import GameVerdict, game_of
from ..notation.record import GameRecord
from .adapter import At, PositionError, hand_diagram
from .diagram import Diagram, tile_label
from .names import player_names, seat_with_name
from .tables import folded

__all__ = ["hand_picture", "tile_text"]

_GLYPH_BASE = 0x1F031  # DOMINO TILE HORIZONTAL-00-00; then a*7 + b


def tile_text(text: str | Tile, glyphs: bool) -> str:
    """``6-4``, or the Unicode domino glyph when the terminal can show it."""
    t = parse_tile(text) if isinstance(text, str) else text
    if glyphs:
        return chr(_GLYPH_BASE + t.hi * 7 + t.lo)
    return str(t)


def _tiles(tiles: list[str] | tuple[Tile, ...] | list[Tile], glyphs: bool) -> str:
    return " ".join(tile_text(t, glyphs) for t in tiles) or "-"


def hand_picture(
    record: GameRecord,
    verdict: GameVerdict,
    number: int,
    trace: list[tuple[HandView, list[Tile]]],
    *,
    trick: int | None = None,
    glyphs: bool = False,
    at: At = None,
) -> Group:
    """Players' tiles, auction, trump, tricks (leader, winner, points), result; or, with
    ``trick`` (or ``at``, see ``report.adapter.At``), the position at that moment."""
    hr = record.hands[number - 1]
    hv = verdict.hands[number - 1] if number <= len(verdict.hands) else None
    game = game_of(verdict)
    parts: list[Text | Table] = []
    names = player_names(record, game)
    head = Text(f"{game.title} · hand {hr.label(number)}", style="bold")  # as written: `show --hand 2` says hand 2
    if hv and hv.dealer:
        head.append(f" · dealer {seat_with_name(hv.dealer, names)}")
    if hv and hv.detail == "hands":
        head.append(" · score sheet, no plays")
    parts.append(head)
    moment = trick if at is None else at
    if moment is not None and hv is not None:
        try:
            diagram = hand_diagram(record, verdict, {number: trace}, number, at=moment, game=game)
        except PositionError as e:
            parts.append(Text(str(e), style="yellow"))
        else:
            parts.extend(_position(diagram, glyphs, names))
        return Group(*parts)
    if hr.deal:
        deal = Table.grid(padding=(0, 2))
        deal.add_column(style="bold")
        deal.add_column()
        for dealt in hr.deal:
            seat = game.seats[i] if (i := game.seat_index(dealt.seat)) is not None else dealt.seat
            deal.add_row(seat_with_name(seat, names), _tiles(list(dealt.tiles), glyphs))  # a string: measured as shown (escaping.Console)
        parts.append(deal)
    if hr.kitty:
        parts.append(Text(f"{game.kitty or hr.kitty.word}: {_tiles(list(hr.kitty.tiles), glyphs)}"))
    if hr.calls:
        calls = ", ".join(
            f"{seat} {'pass' if c.amount is None else c.amount}{'' if c.suit is None else ' ' + NUMBER_NAMES[c.suit]}"
            for c, seat in zip(
                hr.calls, (hv.call_seats if hv and len(hv.call_seats) == len(hr.calls) else [c.seat or "?" for c in hr.calls]), strict=True
            )
        )
        parts.append(Text(f"auction: {calls}"))
    if hv and hv.declarer:
        parts.append(Text(f"{seat_with_name(hv.declarer, names)} bid {hv.bid}; trump {hv.trump or '-'}"))
    if hr.exchange and (hr.exchange.take or hr.exchange.give):
        took, put = (_tiles(list(tiles), glyphs) for tiles in (hr.exchange.take, hr.exchange.give))
        parts.append(Text(f"exchange: took {took}, put back {put}"))
    elif hr.exchange:
        parts.append(Text(f"exchange: none (the {game.kitty or 'kitty'} stays as dealt)"))
    if hv and hv.tricks:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("#", justify="right")
        table.add_column("lead")
        table.add_column("plays")
        table.add_column("won by")
        table.add_column("points", justify="right")
        for i, tv in enumerate(hv.tricks, start=1):
            plays = "  ".join(f"{s} {tile_text(t, glyphs)}" for s, t in zip(tv.seats, tv.tiles, strict=True))
            table.add_row(str(i), tv.leader, plays, seat_with_name(tv.winner, names), str(tv.points))
        parts.append(folded(table))
    if hv:
        if hv.thrown_in:
            parts.append(Text("everyone passed: thrown in"))
        elif hv.made is not None or (hv.detail == "hands" and hv.awards):
            pts = " ".join(f"{k} {v}" for k, v in hv.points.items())
            awards = " ".join(f"{k} {v}" for k, v in hv.awards.items() if v)
            said = [f"points {pts}" if pts else "", "" if hv.made is None else "made" if hv.made else "set", f"award {awards or '-'}"]
            line = "; ".join(s for s in said if s)
            if hv.claim:
                line += f" ({'claimed' if hv.claim == 'declarers' else 'conceded'})"
            if hv.score:
                line += "; score " + " ".join(f"{k} {v}" for k, v in hv.score.items())
            parts.append(Text(line))
        elif not hv.followed:
            parts.append(Text("the hand could not be followed to its end (see the diagnostics)", style="yellow"))
    parts.append(Text(""))
    return Group(*parts)


def _position(d: Diagram, glyphs: bool, names: dict[str, str]) -> list[Text | Table]:
    """The position a diagram shows, as text: each player's tiles and legal plays as
    the trick went (or, at a claim, what the next leader may lead)."""
    p = d.position
    assert p is not None
    trump = d.contract.trump if d.contract is not None and d.contract.trump else "-"
    claim = "at the claim, " if p.kind == "claim" else ""
    out: list[Text | Table] = [
        Text(f"{claim}before trick {p.before_trick}: trump {trump}; points so far " + " ".join(f"{s} {n}" for s, n in p.points))
    ]
    grid = Table(box=None, padding=(0, 2), show_edge=False)
    grid.add_column("seat")
    grid.add_column("holds")
    grid.add_column("may play")
    grid.add_column("played")
    if p.current is not None:
        for play in p.current.plays:
            held = d.seat(play.seat).tiles
            grid.add_row(
                seat_with_name(play.seat, names),
                _tiles([tile_label(t) for t in held], glyphs),
                _tiles([tile_label(t) for t in play.legal], glyphs),
                tile_text(tile_label(play.tile), glyphs),
            )
    else:
        first = next((i for i, s in enumerate(d.seats) if s.to_play), 0)
        for seat in d.seats[first:] + d.seats[:first]:
            grid.add_row(
                seat_with_name(seat.label, names),
                _tiles([tile_label(t) for t in seat.tiles], glyphs),
                _tiles([tile_label(t) for t in seat.legal], glyphs),
                "",
            )
    out.append(folded(grid))
    return out
