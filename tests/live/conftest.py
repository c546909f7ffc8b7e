"""Fixtures of the live tests."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip the flushes to disk where a test is about the game, not its durability (a
    journal line and a record rewritten cost some 15 ms in fsyncs per entry)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
