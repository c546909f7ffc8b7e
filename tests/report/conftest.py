"""Shared pieces of the picture tests: judged samples and file snapshots (one .svg or .html per
snapshot, so a reviewer can open them in a browser)."""

from __future__ import annotations

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from .helpers import ROOT


class SvgSnapshot(SingleFileSnapshotExtension):
    file_extension = "svg"
    _file_extension = "svg"  # syrupy < 4.1
    _write_mode = WriteMode.TEXT


class HtmlSnapshot(SvgSnapshot):
    file_extension = "html"
    _file_extension = "html"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative paths, so file names on the pictures do not depend on the checkout."""
    monkeypatch.chdir(ROOT)


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(SvgSnapshot)


@pytest.fixture
def html_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(HtmlSnapshot)
