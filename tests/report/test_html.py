"""Report pages: one self-contained HTML page per file, checked against snapshots
(``__snapshots__/test_html/*.html``) and for what makes a page self-contained and printable."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from syrupy.assertion import SnapshotAssertion

from referee.report.html import report_html

from .helpers import CLAIM, GAMES, RENEGE, page, views_of


class _Tags(HTMLParser):
    """Every start tag with its attributes, and whether the nesting closes."""

    VOID = frozenset({"meta", "br", "link", "img", "input", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (tag, self.open[-5:])
        self.open.pop()


def _tags(html: str) -> _Tags:
    p = _Tags()
    p.feed(html)
    p.close()
    assert not p.open, p.open
    return p


PAGES = {**GAMES, "renege": RENEGE}


@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_the_page_of_each_game(path: str, html_snapshot: SnapshotAssertion) -> None:
    """The page's cover and its first two hands (the rest are drawn the same way)."""
    html = page(path, hands=2)
    assert html == html_snapshot


@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_a_page_is_self_contained(path: str) -> None:
    html = page(path)
    tags = _tags(html)
    names = {t for t, _ in tags.tags}
    assert "script" not in names and "link" not in names and "img" not in names and "iframe" not in names
    for _, attrs in tags.tags:
        for key in ("src", "href"):
            value = attrs.get(key)
            assert value is None or value.startswith("#"), value
    assert "url(" not in html and "@import" not in html
    assert ("name", "viewport") in {(k, v) for _, a in tags.tags for k, v in a.items()}


@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_one_section_and_one_diagram_per_hand(path: str) -> None:
    views, _, _ = views_of(path)
    html = page(path)
    hands = sum(len(v.hands) for v in views)
    assert html.count('<section class="hand"') == hands
    svgs = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(svgs) == hands
    for svg in svgs:
        ET.fromstring(svg)


def test_print_css_puts_each_hand_on_a_page_of_its_own() -> None:
    html = page(GAMES["42"])
    assert "@page" in html
    assert re.search(r"@media print \{[^@]*section\.hand \{[^}]*break-before: page", html)


def test_the_illegal_play_is_marked_beside_its_trick() -> None:
    html = page(RENEGE)
    assert '<td class="play illegal">5-3 <sup>E404</sup></td>' in html
    row = html.index("<td>1</td>")
    note = html.index("E reneged: trumps were led and E held 3-1")
    assert row < note < html.index("<td>2</td>"), "the diagnostic follows the trick it concerns"


def test_the_claim_is_on_the_page() -> None:
    html = page(CLAIM[0])
    assert "<b>Claim</b> after trick 5: NS claim the rest" in html


def test_analysis_shows_the_cost_of_a_play_and_the_losing_play() -> None:
    views, _, _ = views_of(RENEGE)
    plain = report_html(views, file=RENEGE)
    assert "cost" not in re.sub(r"<style>.*?</style>", "", plain, flags=re.S)
    html = report_html(views, file=RENEGE, analysis={(1, 1): {"costs": {(2, "W"): 6}, "losing": (2, "W")}})
    assert '<td class="play lead losing">3-3 <span class="cost">−6</span></td>' in html


def test_a_file_that_is_not_a_record(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    bad = tmp_path / "bad.42"
    bad.write_bytes(b"\x00\x01\x02hand 1")
    views, unread, diagnostics = views_of(str(bad))
    assert views == [] and unread and diagnostics
    html = report_html(views, file="bad.42", problems=unread)
    assert unread[0].code in html
