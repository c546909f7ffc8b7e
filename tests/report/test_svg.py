"""SVG hand diagrams: domino faces, the diagram of each game, a renege and a claim,
checked as XML and against snapshots (``__snapshots__/test_svg/*.svg``)."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from referee.report.diagram import Diagram
from referee.report.svg import PIPS, domino_svg, hand_svg

from .helpers import CLAIM, GAMES, RENEGE, diagram

NS = {"svg": "http://www.w3.org/2000/svg"}


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


# -- one domino -------------------------------------------------------------------------------


@pytest.mark.parametrize("number", range(7))
def test_each_number_has_its_pips_where_a_domino_has_them(number: int) -> None:
    size = 30
    root = _parse(domino_svg(number, 0, size=size))
    pips = root.findall(".//svg:circle", NS)
    assert len(pips) == number
    # the high end is the top half of an upright tile: pips at (across, down) * size, 1 px in
    want = sorted((round(1 + a * size, 2), round(1 + d * size, 2)) for a, d in PIPS[number])
    got = sorted((float(p.get("cx", "")) + 1, float(p.get("cy", "")) + 1) for p in pips)
    assert got == want


def test_pip_patterns_are_symmetric_and_distinct() -> None:
    """Every pattern looks the same turned half round, as on a real tile, and no two agree."""
    for number, spots in PIPS.items():
        assert len(spots) == number
        assert sorted(spots) == sorted((1 - a, 1 - d) for a, d in spots), number
    assert len({tuple(sorted(s)) for s in PIPS.values()}) == 7


def test_a_tile_lying_down_has_its_high_end_on_the_left() -> None:
    root = _parse(domino_svg(6, 1, size=20, vertical=False))
    xs = [float(p.get("cx", "")) for p in root.findall(".//svg:circle", NS)]
    assert sum(x < 20 for x in xs) == 6 and sum(x > 20 for x in xs) == 1
    assert root.get("viewBox") == "0 0 42 22"


def test_a_domino_is_named_high_end_first() -> None:
    root = _parse(domino_svg(2, 5))
    assert root.findtext("svg:title", namespaces=NS) == "5-2"


# -- hand diagrams ---------------------------------------------------------------------------------


def _check(svg: str, d: Diagram) -> ET.Element:
    root = _parse(svg)
    assert root.get("role") == "img"
    assert root.findtext("svg:title", namespaces=NS) == d.caption
    _, _, w, h = (float(x) for x in (root.get("viewBox") or "").split())
    assert (root.get("width"), root.get("height")) == (f"{w:g}", f"{h:g}")
    assert hand_svg(d) == svg, "the same diagram draws the same bytes"
    return root


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_hand_of_each_game(game: str, svg_snapshot: SnapshotAssertion) -> None:
    d = diagram(GAMES[game], 1)
    svg = hand_svg(d)
    root = _check(svg, d)
    tiles = root.findall(".//svg:g[@class]", NS)
    dealt = sum(len(s.tiles) for s in d.seats)
    played = sum(len(t.plays) for t in d.tricks)
    kitty = len(d.kitty.tiles) if d.kitty else 0
    assert sum("tile" in (g.get("class") or "").split() for g in tiles) == dealt + played + kitty
    assert svg == svg_snapshot


@pytest.mark.parametrize("game", list(GAMES))
def test_a_position_of_each_game(game: str, svg_snapshot: SnapshotAssertion) -> None:
    d = diagram(GAMES[game], 1, at=2)
    svg = hand_svg(d)
    _check(svg, d)
    assert "legal" in svg
    assert svg == svg_snapshot


def test_a_renege_is_outlined_red_with_its_code(svg_snapshot: SnapshotAssertion) -> None:
    d = diagram(RENEGE, 1, at=1)
    svg = hand_svg(d)
    root = _check(svg, d)
    illegal = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "illegal" in (g.get("class") or "")]
    assert [g.findtext("svg:title", namespaces=NS) for g in illegal] == ["5-3"]
    codes = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if "err" in (t.get("class") or "")]
    assert "E404" in codes
    assert any("E reneged: trumps were led and E held 3-1" in (t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert svg == svg_snapshot


def test_the_whole_renege_hand_marks_the_tile_in_e_s_hand(svg_snapshot: SnapshotAssertion) -> None:
    d = diagram(RENEGE, 1)
    assert d.seat("E").flagged == (((5, 3), "E404"),)
    svg = hand_svg(d)
    _check(svg, d)
    assert svg == svg_snapshot


def test_the_position_at_a_claim(svg_snapshot: SnapshotAssertion) -> None:
    d = diagram(*CLAIM, at="claim")
    svg = hand_svg(d)
    _check(svg, d)
    assert "NS claim the rest" in svg and "after trick 5" in svg
    assert svg == svg_snapshot


def test_table_only_leaves_the_lists_to_the_page() -> None:
    d = diagram(GAMES["42"], 1)
    whole, table = hand_svg(d), hand_svg(d, table_only=True)
    _parse(table)
    assert "Auction" in whole and "Auction" not in table
    assert len(table) < len(whole)


def test_text_is_escaped() -> None:
    """Players' names come from the record: markup in them stays text."""
    d = diagram(GAMES["42"], 1)
    named = Diagram(
        **{
            **{f: getattr(d, f) for f in d.__dataclass_fields__},
            "seats": (d.seats[0].__class__(label="N", side="NS", name="<b>&Ann</b>"), *d.seats[1:]),
        }
    )
    root = _parse(hand_svg(named))
    assert any(t.text == " <b>&Ann</b>" for t in root.iter("{http://www.w3.org/2000/svg}tspan"))


def test_the_heading_gives_the_written_hand_number_and_a_claim_before_the_lead(tmp_path: Path) -> None:
    """`hand 12` is hand 12 in the heading, not hand 1; a claim before any trick is "before the lead" (issue 29)."""
    f = tmp_path / "h12.42"
    f.write_text(
        '[Rules "42"] [Mode "log"]\n\nhand 12 dealer W\n'
        "  deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n       E 5-5 5-4 5-3 5-2 5-1 5-0 4-4\n"
        "       S 4-3 4-2 4-1 4-0 3-3 3-2 3-1\n       W 3-0 2-2 2-1 2-0 1-1 1-0 0-0\n"
        "  bid N 42, E pass, S pass, W pass\n  trump sixes\n  claim\n",
        encoding="utf-8",
    )
    d = diagram(str(f), 1)
    assert (d.hand, d.label, d.caption) == (1, 12, "Texas 42 · hand 12")
    svg = hand_svg(d)
    _check(svg, d)
    assert "hand 12" in svg and "claim before the lead" in svg and "trick 0" not in svg
    at_claim = hand_svg(diagram(str(f), 1, at="claim"))
    assert "NS claim the rest" in at_claim and "before the lead" in at_claim and "hand 12 · at the claim" in at_claim


def test_every_text_keeps_its_spaces_for_renderers_other_than_browsers() -> None:
    """The spaces between a line's spans sit at their edges ("Auction " then "E 30");
    rsvg and Inkscape drop such spaces unless the text says to keep them."""
    for game in GAMES:
        root = ET.fromstring(hand_svg(diagram(GAMES[game], 1)))
        texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
        assert texts
        for t in texts:
            assert t.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve", ET.tostring(t)
        edged = [s.text for t in texts for s in t if s.text and (s.text != s.text.strip())]
        assert edged, "some spans carry their spaces at an edge (the case this guards)"


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
def test_rsvg_renders_the_auction_with_its_spaces(tmp_path: Path) -> None:
    """rsvg (librsvg, the renderer of GNOME and of many converters) reads and draws the
    diagram; with xml:space kept (the test above), it keeps the spaces between spans."""
    svg = tmp_path / "hand.svg"
    svg.write_text(hand_svg(diagram(GAMES["42"], 1)), encoding="utf-8")
    out = tmp_path / "hand.png"
    done = subprocess.run(["rsvg-convert", str(svg), "-o", str(out)], capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 0
