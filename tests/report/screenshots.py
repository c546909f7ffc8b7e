"""Make the two screenshots of docs/cli.md with the same headless Chromium the browser
tests use: ``python -m tests.report.screenshots`` (from the repository's root)."""

from __future__ import annotations

import base64
import os
import re
import sys
import tempfile
from pathlib import Path

from referee.report.svg import hand_svg

from .chromium import Chromium, find_chromium
from .helpers import GAMES, RENEGE, ROOT, diagram, page


def main() -> int:
    binary = find_chromium()
    if binary is None:
        print("no Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    os.chdir(ROOT)  # the samples are named as from the repository's root
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        browser = Chromium(binary, work / "profile")
        try:
            report = work / "report.html"
            report.write_text(page(RENEGE), encoding="utf-8")
            browser.call("Emulation.setDeviceMetricsOverride", {"width": 900, "height": 1240, "deviceScaleFactor": 1, "mobile": False})
            browser.load(report.as_uri())
            data = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
            _write(ROOT / "docs" / "report-page.png", data)
            svg = hand_svg(diagram(GAMES["88"], 1, at=3))
            picture = work / "hand.svg"
            picture.write_text(svg, encoding="utf-8")
            m = re.search(r'width="([\d.]+)" height="([\d.]+)"', svg)
            assert m is not None
            width, height = round(float(m[1])), round(float(m[2]))
            browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            browser.load(picture.as_uri())
            data = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
            _write(ROOT / "docs" / "hand-diagram.png", data)
        finally:
            browser.close()
    return 0


def _write(path: Path, data: str) -> None:
    path.write_bytes(base64.b64decode(data))
    print(path.relative_to(ROOT))


if __name__ == "__main__":
    raise SystemExit(main())
