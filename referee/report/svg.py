"""Hand diagrams as SVG, drawn with the standard library.

A director looking at a disputed hand wants the table as it sat: the seats around
it, real domino faces, what was legal and what was not.  Like python-chess's
``chess.svg``, the picture is built as an ``xml.etree.ElementTree`` tree (so it is
well formed and its text escaped by construction) and serialised once, control
characters shown as escapes (``escaping.xml_safe``: XML cannot hold them).  Nothing
here reads the record or the verdict: it draws a ``referee.report.diagram.Diagram``.

Output is deterministic (same diagram, byte-identical SVG), so snapshots are stable.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET

from .diagram import Diagram, Note, PlayView, SeatView, TilePair, TrickView, tile_label
from .escaping import xml_safe

__all__ = ["PIPS", "STYLE", "domino_svg", "hand_svg"]

SVG_NS = "http://www.w3.org/2000/svg"

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.25, 0.5), (0.25, 0.75), (0.75, 0.25), (0.75, 0.5), (0.75, 0.75)),
}
"""Where the pips of each number sit in a square half of a tile, as fractions
(across, down) of a half drawn upright; a half lying down swaps the two."""

STYLE = """
.dg text{font-family:'DejaVu Sans','Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:13px;fill:#1b1f24}
.dg .face{fill:#fffdf6;stroke:#3a3a3a;stroke-width:1.2}
.dg .bar{stroke:#3a3a3a;stroke-width:1}
.dg circle{fill:#1b1f24}
.dg .legal .face{stroke:#1a7f37;stroke-width:2.6}
.dg .faded{opacity:.38}
.dg .won .face{fill:#fff1c2}
.dg .illegal .face{stroke:#cf222e;stroke-width:3}
.dg .seat{font-weight:700;font-size:15px}
.dg .small{font-size:11px;fill:#57606a}
.dg .badge{font-size:11px;fill:#0550ae}
.dg .err{fill:#cf222e}
.dg .warn{fill:#9a6700}
.dg .ok{fill:#1a7f37}
.dg .felt{fill:#e6f2ea;stroke:#b7d3c0}
.dg .head{font-weight:700;font-size:16px}
.dg .label{font-weight:700}
.dg .grid{stroke:#d0d7de;stroke-width:1}
"""

TILE = 22
"""The side of one half of a tile in a seat's hand (a tile is TILE wide, 2 TILE tall)."""
SMALL = 16
ON_TABLE = 20
"""Half of a tile in the trick grid, the widow or cat, and the trick on the table."""
GAP = 4
MARGIN = 16
CENTER_W = 210
CENTER_H = 150
PANEL_HEAD = 20
LINE = 20


def _n(x: float) -> str:
    """A coordinate as short, stable text: ``12``, ``12.5``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str | float) -> ET.Element:
    """A child element; ``class_`` stands for ``class``, numbers become short text.  A
    ``<text>`` keeps its spaces (``xml:space="preserve"``): the spaces between a line's
    spans sit at their edges, where renderers other than browsers (rsvg, Inkscape) would
    drop them and run the words together ("AuctionE 30")."""
    e = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): v if isinstance(v, str) else _n(v) for k, v in attrs.items()})
    if tag == "text":
        e.set(_XML_SPACE, "preserve")
    if text is not None:
        e.text = text
    return e


def _domino(parent: ET.Element, tile: TilePair, x: float, y: float, half: float, *, vertical: bool = True, cls: str = "") -> ET.Element:
    """One domino with its pips, high end on top (or on the left lying down), at (x, y)."""
    hi, lo = tile
    g = _el(parent, "g", class_=("tile " + cls).strip(), transform=f"translate({_n(x)},{_n(y)})")
    w, h = (half, 2 * half) if vertical else (2 * half, half)
    _el(g, "rect", class_="face", x=0, y=0, width=w, height=h, rx=half * 0.18)
    if vertical:
        _el(g, "line", class_="bar", x1=half * 0.15, y1=half, x2=half * 0.85, y2=half)
    else:
        _el(g, "line", class_="bar", x1=half, y1=half * 0.15, x2=half, y2=half * 0.85)
    r = half * 0.095
    for end, number in enumerate((hi, lo)):
        for across, down in PIPS[number]:
            px, py = (across * half, (end + down) * half) if vertical else ((end + down) * half, across * half)
            _el(g, "circle", cx=px, cy=py, r=r)
    ET.SubElement(g, "title").text = tile_label(tile)
    return g


def _root(width: float, height: float, label: str, cls: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "class": cls,
            "viewBox": f"0 0 {_n(width)} {_n(height)}",
            "width": _n(width),
            "height": _n(height),
            "role": "img",
            "aria-label": label,
        },
    )
    ET.SubElement(root, "title").text = label
    return root


def _indent(e: ET.Element, depth: int = 0) -> None:
    """One element a line, like ``ET.indent``, but never inside ``<text>``: there a new
    line would be drawn as a space between a line's spans."""
    if len(e) and e.tag not in ("text", "title", "style"):
        e.text = "\n" + " " * (depth + 1)
        for child in e:
            _indent(child, depth + 1)
            child.tail = "\n" + " " * (depth + 1)
        e[-1].tail = "\n" + " " * depth


def _text(root: ET.Element) -> str:
    """The picture serialised: every text and attribute made ``xml_safe`` first (a player
    or file name may hold control characters, which XML cannot carry), then escaped by
    the serialiser."""
    _indent(root)
    for e in root.iter():
        e.text = xml_safe(e.text) if e.text else e.text
        e.tail = xml_safe(e.tail) if e.tail else e.tail
        for key, value in e.attrib.items():
            e.attrib[key] = xml_safe(value)
    return ET.tostring(root, encoding="unicode") + "\n"


def domino_svg(hi: int, lo: int, *, size: int = 24, vertical: bool = True) -> str:
    """A single domino as a standalone SVG: ``domino_svg(6, 4)``; ``size`` is one half's side."""
    tile = (max(hi, lo), min(hi, lo))
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    root = _root(w + 2, h + 2, tile_label(tile), "dg domino")
    _el(root, "style", STYLE)
    _domino(root, tile, 1, 1, size, vertical=vertical)
    return _text(root)


# -- the table ------------------------------------------------------------------------------


def _panel_size(d: Diagram) -> tuple[int, int]:
    most = max([len(s.tiles) for s in d.seats] + [d.hand_size])
    return most * (TILE + GAP) - GAP, PANEL_HEAD + 2 * TILE + 16


def _layout(d: Diagram) -> tuple[float, float, dict[str, tuple[float, float]], tuple[float, float, float, float]]:
    """Width and height of the table, each seat panel's top-left corner (clockwise round
    the table from the top), and the centre box (x, y, w, h)."""
    pw, ph = _panel_size(d)
    seats = [s.label for s in d.seats]
    width = 2 * MARGIN + 2 * pw + CENTER_W + 48
    mid = width / 2
    left, right = MARGIN, width - MARGIN - pw
    top = MARGIN
    row2 = top + ph + 12
    middle_h = max(ph, CENTER_H)
    row3 = row2 + middle_h + 12
    spots: dict[str, tuple[float, float]] = {}
    if len(seats) == 4:  # N top, E right, S bottom, W left
        spots = {seats[0]: (mid - pw / 2, top), seats[1]: (right, row2 + (middle_h - ph) / 2)}
        spots |= {seats[2]: (mid - pw / 2, row3), seats[3]: (left, row2 + (middle_h - ph) / 2)}
        height = row3 + ph + MARGIN
    elif len(seats) == 3:  # the first seat on top, the next two right and left
        spots = {seats[0]: (mid - pw / 2, top), seats[1]: (right, row2 + (middle_h - ph) / 2), seats[2]: (left, row2 + (middle_h - ph) / 2)}
        height = row2 + middle_h + MARGIN
    else:  # six: two on top, one each side, two below
        spots = {seats[0]: (mid - pw - 12, top), seats[1]: (mid + 12, top), seats[2]: (right, row2 + (middle_h - ph) / 2)}
        spots |= {seats[3]: (mid + 12, row3), seats[4]: (mid - pw - 12, row3), seats[5]: (left, row2 + (middle_h - ph) / 2)}
        height = row3 + ph + MARGIN
    box = (mid - CENTER_W / 2, row2 + (middle_h - CENTER_H) / 2, CENTER_W, CENTER_H)
    return width, height, spots, box


def _badges(seat: SeatView) -> str:
    words = []
    if seat.dealer:
        words.append("dealer")
    if seat.declarer:
        words.append("bidder")
    if seat.sits_out:
        words.append("sits out")
    if seat.to_play:
        words.append("to play")
    return " · ".join(words)


def _seat_panel(g: ET.Element, seat: SeatView, x: float, y: float) -> None:
    head = _el(g, "text", x=x, y=y + 14, class_="seat")
    head.text = seat.label
    if seat.name:
        _el(head, "tspan", f" {seat.name}", class_="label", dx=2)
    side = seat.side if seat.side != seat.label else ""
    if side:
        _el(head, "tspan", f" {side}", class_="small", dx=4)
    badges = _badges(seat)
    if badges:
        _el(head, "tspan", f"  {badges}", class_="badge", dx=4)
    flagged = dict(seat.flagged)
    legal = set(seat.legal)
    for i, tile in enumerate(seat.tiles):
        tx = x + i * (TILE + GAP)
        cls = "legal" if tile in legal else "faded" if legal else ""
        if tile in flagged:
            cls = "illegal"
        _domino(g, tile, tx, y + PANEL_HEAD, TILE, cls=cls)
        below = y + PANEL_HEAD + 2 * TILE + 12
        if tile in flagged:
            _el(g, "text", flagged[tile], x=tx + TILE / 2, y=below, class_="small err", text_anchor="middle")
        elif i < len(seat.played_in) and seat.played_in[i] is not None:
            _el(g, "text", str(seat.played_in[i]), x=tx + TILE / 2, y=below, class_="small", text_anchor="middle")
    if not seat.tiles:
        _el(g, "text", "no tiles", x=x, y=y + PANEL_HEAD + TILE, class_="small")


def _center(g: ET.Element, d: Diagram, box: tuple[float, float, float, float], spots: dict[str, tuple[float, float]], pw: float) -> None:
    bx, by, bw, bh = box
    _el(g, "rect", class_="felt", x=bx, y=by, width=bw, height=bh, rx=bh / 2)
    cx, cy = bx + bw / 2, by + bh / 2
    p = d.position
    trick = p.current if p is not None else None
    if trick is not None:
        _trick_on_table(g, trick, (cx, cy), {k: (x + pw / 2, y + 40) for k, (x, y) in spots.items()}, (bw, bh))
        return
    lines: list[tuple[str, str]] = []
    c = d.contract
    if c is not None:
        lines.append((f"{c.declarer} bid {c.bid}", "label"))
        if c.trump:
            lines.append((f"trump {c.trump}" + (f" (named by {c.trump_by})" if c.trump_by else ""), ""))
    elif d.calls and all(x.text == "pass" for x in d.calls):
        lines.append(("everyone passed", "label"))
    if p is not None and p.kind == "claim" and d.claim is not None:
        lines.append((f"{d.claim.side} {'claim' if d.claim.kind == 'claim' else 'concede'} the rest", "label"))
        lines.append((d.claim.when, "small"))
    elif p is None and d.claim is not None:
        lines.append((f"{d.claim.kind} {d.claim.when}", "small"))
    start = cy - (len(lines) - 1) * 9
    for i, (text, cls) in enumerate(lines):
        _el(g, "text", text, x=cx, y=start + i * 18 + 4, text_anchor="middle", **({"class_": cls} if cls else {}))


def _trick_on_table(
    g: ET.Element, trick: TrickView, center: tuple[float, float], seats: dict[str, tuple[float, float]], box: tuple[float, float]
) -> None:
    """The trick in the middle of the table, each tile pushed toward the seat that played it."""
    cx, cy = center
    rx, ry = box[0] / 2 - ON_TABLE * 1.6, box[1] / 2 - ON_TABLE * 1.3
    for i, play in enumerate(trick.plays):
        sx, sy = seats.get(play.seat, (cx, cy - 1))
        angle = math.atan2(sy - cy, sx - cx)
        px, py = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        vertical = abs(math.sin(angle)) > 0.7
        w, h = (ON_TABLE, 2 * ON_TABLE) if vertical else (2 * ON_TABLE, ON_TABLE)
        _domino(g, play.tile, px - w / 2, py - h / 2, ON_TABLE, vertical=vertical, cls=_play_class(play, trick))
        label = play.seat + ("" if i else " led")
        lx = px + (w / 2 + 4 if not vertical or px >= cx else -w / 2 - 4)
        anchor = "start" if lx > px else "end"
        _el(g, "text", label, x=lx, y=py + 4, class_="small", text_anchor=anchor)
        if play.flag is not None:
            _el(g, "text", play.flag.code, x=lx, y=py + 16, class_="small err", text_anchor=anchor)


def _play_class(play: PlayView, trick: TrickView) -> str:
    if play.flag is not None and play.flag.code.startswith("E"):
        return "illegal"
    return "won" if trick.winner == play.seat else ""


# -- below the table ---------------------------------------------------------------------


class _Flow:
    """Lines added below the table, top to bottom."""

    def __init__(self, g: ET.Element, width: float, y: float) -> None:
        self.g, self.width, self.y = g, width, y

    def line(self, head: str, text: str, cls: str = "") -> ET.Element:
        self.y += LINE
        t = _el(self.g, "text", x=MARGIN, y=self.y, **({"class_": cls} if cls else {}))
        if head:
            _el(t, "tspan", head + " ", class_="label")
        _el(t, "tspan", text)
        return t

    def wrapped(self, text: str, cls: str, indent: int = 0) -> None:
        chars = max(40, int((self.width - 2 * MARGIN - indent) / 7.2))
        for i, part in enumerate(textwrap.wrap(text, chars) or [""]):
            self.y += LINE - (4 if i else 0)
            _el(self.g, "text", part, x=MARGIN + (indent if i else 0), y=self.y, class_=cls)


def _auction(flow: _Flow, d: Diagram) -> None:
    if not d.calls:
        return
    flow.y += LINE
    t = _el(flow.g, "text", x=MARGIN, y=flow.y)
    _el(t, "tspan", "Auction ", class_="label")
    for i, c in enumerate(d.calls):
        _el(t, "tspan", ("" if i == 0 else " · ") + f"{c.seat} {c.text}", **({"class_": "label"} if c.winning else {}))
    if d.contract is not None:
        c2 = d.contract
        trump = f" · trump {c2.trump}" if c2.trump else ""
        side = f" ({c2.side})" if c2.side != c2.declarer else ""
        flow.line("Contract", f"{c2.declarer}{side} {c2.bid}{trump}" + (f", named by {c2.trump_by}" if c2.trump_by else ""))


def _kitty(flow: _Flow, d: Diagram) -> None:
    k = d.kitty
    if k is None:
        return
    flow.y += LINE + 6
    name = k.name.capitalize()
    _el(flow.g, "text", name, x=MARGIN, y=flow.y, class_="label")
    x = MARGIN + 56
    for tile in k.tiles:
        _domino(flow.g, tile, x, flow.y - SMALL + 2, SMALL, vertical=False)
        x += 2 * SMALL + GAP
    if k.by is not None:
        words = (
            f"{k.by} took "
            + (" ".join(map(tile_label, k.taken)) or "nothing")
            + ", put back "
            + (" ".join(map(tile_label, k.given)) or "nothing")
        )
        _el(flow.g, "text", words, x=x + 8, y=flow.y)
    flow.y += 6


def _trick_grid(flow: _Flow, d: Diagram, tricks: tuple[TrickView, ...]) -> None:
    """One row per trick, one column per seat: each seat's tile, the winner's shaded."""
    if not tricks:
        return
    seats = [s.label for s in d.seats]
    col = 2 * SMALL + 16
    x0 = MARGIN + 48
    xw = x0 + len(seats) * col
    flow.y += LINE + 4
    _el(flow.g, "text", "Trick", x=MARGIN, y=flow.y, class_="label")
    for i, s in enumerate(seats):
        _el(flow.g, "text", s, x=x0 + i * col + SMALL, y=flow.y, class_="label", text_anchor="middle")
    _el(flow.g, "text", "won", x=xw + 4, y=flow.y, class_="label")
    _el(flow.g, "text", "points", x=xw + 48, y=flow.y, class_="label")
    flow.y += 6
    for t in tricks:
        top = flow.y
        _el(flow.g, "line", class_="grid", x1=MARGIN, y1=top, x2=flow.width - MARGIN, y2=top)
        _el(flow.g, "text", str(t.number), x=MARGIN + 4, y=top + SMALL + 4)
        flags = []
        for p in t.plays:
            if p.seat not in seats:
                continue
            i = seats.index(p.seat)
            _domino(flow.g, p.tile, x0 + i * col, top + 4, SMALL, vertical=False, cls=_play_class(p, t))
            if p.seat == t.leader:
                _el(flow.g, "text", "▸", x=x0 + i * col - 9, y=top + SMALL + 4, class_="small")
            if p.flag is not None:
                flags.append(f"{p.flag.code} {p.seat} {tile_label(p.tile)}")
        _el(flow.g, "text", t.winner or "-", x=xw + 4, y=top + SMALL + 4)
        _el(flow.g, "text", "" if t.points is None else str(t.points), x=xw + 48, y=top + SMALL + 4)
        if flags:
            _el(flow.g, "text", "; ".join(flags), x=xw + 96, y=top + SMALL + 4, class_="small err")
        flow.y = top + SMALL + 8
    _el(flow.g, "line", class_="grid", x1=MARGIN, y1=flow.y, x2=flow.width - MARGIN, y2=flow.y)


def _notes(flow: _Flow, notes: tuple[Note, ...]) -> None:
    for note in notes:
        cls = {"error": "err", "warning": "warn"}.get(note.severity, "small")
        where = f" at {note.where}" if note.where else ""
        flow.wrapped(f"{note.severity}[{note.code}]{where}: {note.message}", cls, indent=24)
        if note.hint:
            flow.wrapped(f"hint: {note.hint}", "small", indent=24)


def hand_svg(d: Diagram, *, table_only: bool = False) -> str:
    """The hand diagram: the seats round the table with their tiles (legal plays
    outlined green, illegal ones red), the trick on the table at a position, and
    below it the auction, contract, widow or cat, the tricks with their winners,
    the result and every diagnostic of the hand.  ``table_only`` draws the table alone
    (a report page lists the rest as text beside it)."""
    pw, _ = _panel_size(d)
    width, height, spots, box = _layout(d)
    body = ET.Element("g")
    top = 0 if table_only else MARGIN + 12
    if not table_only:  # a page gives the hand its own heading
        head = _el(body, "text", d.caption, x=MARGIN, y=MARGIN + 4, class_="head")
        if d.position is not None and d.position.points:
            _el(head, "tspan", "  points so far " + " ".join(f"{s} {n}" for s, n in d.position.points), class_="small", dx=6)
    table = _el(body, "g", transform=f"translate(0,{_n(top)})")
    _center(table, d, box, spots, pw)
    for seat in d.seats:
        x, y = spots[seat.label]
        _seat_panel(table, seat, x, y)
    legend = ""
    if d.position is None and any(s.played_in for s in d.seats):
        legend = "under each tile: the trick it was played in"
    elif d.position is not None and any(s.legal for s in d.seats):
        legend = "outlined green: what the rules let each seat play"
    if legend:
        _el(body, "text", legend, x=width - MARGIN, y=top + height - 2, class_="small", text_anchor="end")
    flow = _Flow(body, width, top + height + 4)
    if not table_only:
        _auction(flow, d)
        _kitty(flow, d)
        _trick_grid(flow, d, d.tricks)
        if d.result:
            flow.line("Result", d.result)
        if not d.deal_written:
            flow.line("", "the record leaves out the deal: each hand is what its seat played", "small")
        _notes(flow, d.notes)
    total = flow.y + MARGIN
    root = _root(width, total, d.caption, "dg hand")
    _el(root, "style", STYLE)
    root.append(body)
    return _text(root)
