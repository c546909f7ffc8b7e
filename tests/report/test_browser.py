"""Report pages in a real browser: Debian's headless Chromium loads the page of each
game, with no console error; every hand diagram is there with a size; the page fits
a phone's width; and printed on A4 and on Letter it takes one page for the cover and
one page per hand.

Run alone with ``pytest -m browser``.  ``.ci/run`` installs Chromium when it is
missing; where no Chromium can be found the tests are skipped, saying so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .chromium import Chromium, find_chromium
from .helpers import GAMES, RENEGE, ROOT, page, views_of

pytestmark = pytest.mark.browser

PAGES = {**GAMES, "renege": RENEGE}
PAPER = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    binary = find_chromium()
    if binary is None:
        pytest.skip(
            "no Chromium found: install Debian's chromium (apt-get install chromium; .ci/run does) or set REFEREE_CHROMIUM to a Chrome binary"
        )
    chromium = Chromium(binary, tmp_path_factory.mktemp("chromium-profile"))
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, int]]:
    """Each sample's report page written to a file, with its number of hands."""
    folder = tmp_path_factory.mktemp("pages")
    out = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)  # the samples are named from the repository's root
        for name, path in PAGES.items():
            target = folder / f"{name}.html"
            target.write_text(page(path), encoding="utf-8")
            views, _, _ = views_of(path)
            out[name] = (target, sum(len(v.hands) for v in views))
    return out


def _pdf_pages(pdf: bytes) -> int:
    """Page objects in a PDF (``/Type /Page``, not the ``/Pages`` tree nodes)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_loads_and_draws_every_hand(name: str, browser: Chromium, pages: dict[str, tuple[Path, int]], tmp_path: Path) -> None:
    path, hands = pages[name]
    browser.call("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 1400, "deviceScaleFactor": 1, "mobile": False})
    browser.load(path.as_uri())
    assert browser.evaluate("document.readyState") == "complete"
    boxes = browser.evaluate(
        "[...document.querySelectorAll('svg.hand')].map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert len(boxes) == hands
    assert all(w > 300 and h > 200 for w, h in boxes), boxes
    sections = browser.evaluate("document.querySelectorAll('section.hand').length")
    assert sections == hands
    shot = tmp_path / f"{name}.png"
    browser.screenshot(shot, 1000, 1400)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    assert browser.problems() == []


@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_reads_on_a_phone(name: str, browser: Chromium, pages: dict[str, tuple[Path, int]], tmp_path: Path) -> None:
    path, _ = pages[name]
    browser.call("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    browser.load(path.as_uri())
    width = browser.evaluate("window.innerWidth")
    assert width == 390
    # the diagrams shrink to the screen; only the wide tables scroll, inside their own box
    assert browser.evaluate("Math.max(...[...document.querySelectorAll('svg.hand')].map(e => e.getBoundingClientRect().right))") <= width
    assert browser.evaluate("document.documentElement.scrollWidth") <= width
    browser.screenshot(tmp_path / f"{name}-phone.png", 390, 844, mobile=True)
    assert browser.problems() == []


@pytest.mark.parametrize("paper", list(PAPER))
@pytest.mark.parametrize("name", list(PAGES))
def test_printed_one_hand_to_a_page(name: str, paper: str, browser: Chromium, pages: dict[str, tuple[Path, int]], tmp_path: Path) -> None:
    path, hands = pages[name]
    browser.load(path.as_uri())
    pdf = browser.pdf(tmp_path / f"{name}-{paper}.pdf", PAPER[paper])
    assert pdf.startswith(b"%PDF")
    assert _pdf_pages(pdf) == 1 + hands, f"{name} on {paper}: a cover page and one page per hand"
    assert browser.problems() == []
