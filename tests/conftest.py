"""Session-wide test settings: the Hypothesis profiles and the fuzz harness's count.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (the default: what ``pytest`` and
``.ci/run`` run), ``long`` (the fuzz harness at 20 times the size, freshly random; run it
with ``HYPOTHESIS_PROFILE=long pytest -m fuzz``) or ``dev`` (a twentieth, for a quick
look).  The profiles only size the fuzz harness (``tests/properties/test_fuzz.py``); the
other property tests keep the settings written beside them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

collect_ignore = ["atheris_reader.py"]
"""The atheris target runs on its own (it needs atheris, and libFuzzer takes over the process)."""

settings.register_profile("ci")
settings.register_profile("long")
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
