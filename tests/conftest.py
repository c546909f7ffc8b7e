"""Session-wide test settings: the Hypothesis profiles and the fuzz harness's count.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (the default: what ``pytest`` and
``.ci/run`` run), ``long`` (the fuzz harness at 20 times the size, freshly random; run it
with ``HYPOTHESIS_PROFILE=long pytest -m fuzz``) or ``dev`` (a twentieth, for a quick
look).  The profiles only size the fuzz harness (``tests/properties/test_fuzz.py``); the
other property tests keep the settings written beside them.
"""

from __future__ import annotations

import faulthandler
import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

collect_ignore = ["atheris_reader.py"]
"""The atheris target runs on its own (it needs atheris, and libFuzzer takes over the process)."""

settings.register_profile("ci")
settings.register_profile("long")
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

DEADLINE = 600.0
"""Seconds any one test may take before the run is stopped with every thread's
traceback: a hung worker pool, Dask scheduler or child process fails the run instead
of hanging it.  A module that drives processes or Dask sets a tighter one with
``pytestmark = pytest.mark.deadline(seconds)``."""


_STDERR: list[int] = []
"""A copy of the terminal's standard error, taken before any test's output is captured:
the tracebacks of a test past its deadline are written there, not into the capture."""


def pytest_configure(config: pytest.Config) -> None:
    _STDERR.append(os.dup(sys.stderr.fileno()))


@pytest.fixture(autouse=True)
def _deadline(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test has a timeout (``DEADLINE``, or its ``deadline`` mark's): past it, every
    thread's traceback goes to standard error and the run stops (exit status 1)."""
    marker = request.node.get_closest_marker("deadline")
    seconds = float(marker.args[0]) if marker else DEADLINE
    faulthandler.dump_traceback_later(seconds, exit=True, file=_STDERR[0] if _STDERR else sys.stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say how much the fuzz harness ran, so that the count can be reported."""
    from tests.properties.fuzzing import STATS

    if not STATS["runs"]:
        return
    known = ", ".join(f"{key[6:]} x{n:,}" for key, n in sorted(STATS.items()) if key.startswith("known:"))
    terminalreporter.write_sep("-", "fuzz harness")
    terminalreporter.write_line(
        f"profile {settings.get_current_profile_name()}: {STATS['inputs']:,} inputs, {STATS['runs']:,} command runs, "
        f"no exception escaped; known reader bugs met: {known or 'none'}"
    )
    for key, n in sorted(STATS.items()):
        if key.startswith("inputs:"):
            surface = key[7:]
            terminalreporter.write_line(f"  {surface}: {n:,} inputs, {STATS[f'runs:{surface}']:,} command runs")
