"""``report.plain.PlainConsole`` writes what the console of ``report.escaping`` it stands
for writes on a stream that is no terminal, for any text and any call, and loads rich only
for what it does not write itself."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from referee.report.console import Console
from referee.report.plain import PlainConsole, plain_for

TEXT = st.text(st.characters(codec="utf-8") | st.sampled_from("\t\n\r\x07\x08\x0b\x0c\x1b[]/ \u202e\u3042\u0301\x85"), max_size=40)
"""Any text, with more of what rich treats apart: tabs, line breaks, markup brackets, wide
and combining characters, control characters."""

CALLS = st.fixed_dictionaries(
    {},
    optional={
        "sep": TEXT,
        "end": TEXT,
        "markup": st.sampled_from([True, False, None]),
        "highlight": st.sampled_from([True, False, None]),
        "soft_wrap": st.sampled_from([True, False, None]),
        "style": st.sampled_from(["bold", None]),
    },
)


def _both(calls: list[tuple[list[Any], dict[str, Any]]]) -> tuple[str, str]:
    """What each console writes for the same calls."""
    plain_file, rich_file = io.StringIO(), io.StringIO()
    plain = PlainConsole(file=plain_file)
    rich = Console(file=rich_file, highlight=False, emoji=False, soft_wrap=True)
    for objects, options in calls:
        plain.print(*objects, **options)
        rich.print(*objects, **options)
    return plain_file.getvalue(), rich_file.getvalue()


@given(st.lists(st.tuples(st.lists(TEXT, max_size=4), CALLS), min_size=1, max_size=3))
def test_plain_writes_what_rich_writes(calls: list[tuple[list[str], dict[str, Any]]]) -> None:
    plain, rich = _both(calls)
    assert plain == rich


def test_a_separator_of_control_characters_is_written_as_rich_writes_it() -> None:
    """rich drops a backspace or a bell from a separator (where ``visible`` would show it);
    Hypothesis found two empty strings joined by a backspace written apart."""
    for sep in ("\x08", "\x07", "\r", "\x0b\x0c", "\x1b", " \x08 "):
        plain, rich = _both([(["", ""], {"sep": sep}), (["a", "b"], {"sep": sep})])
        assert plain == rich, repr(sep)


def test_plain_and_rich_calls_keep_their_order() -> None:
    """A call the plain console hands to rich (markup, a tab) writes to the same file, in turn."""
    plain, rich = _both([(["x\x1b"], {}), (["[bold]a[/] b", "c\td"], {"markup": True}), ([], {}), (["y"], {"soft_wrap": True})])
    assert plain == rich == "x\\x1b\na b c   d\n\ny\n"


def test_other_attributes_are_rich_consoles() -> None:
    out = PlainConsole(file=io.StringIO())
    assert out.is_terminal is False
    assert out.width == Console(file=io.StringIO()).width


def test_plain_only_where_rich_writes_plain_text() -> None:
    assert plain_for(io.StringIO())
    code = "import sys; from referee.report.plain import plain_for; print(plain_for(None), plain_for(None, stderr=True))"
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    for extra, expected in (({}, "True True"), ({"FORCE_COLOR": "1"}, "False False"), ({"TTY_COMPATIBLE": "1"}, "False False")):
        done = subprocess.run(
            [sys.executable, "-c", code],
            env={**env, **extra},
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
            check=True,
        )
        assert done.stdout.split() == expected.split(), extra


def test_check_into_a_pipe_loads_no_rich(tmp_path: Any) -> None:
    """``check -q`` of a clean file into a pipe never needs rich; a diagnostic printed does."""
    clean = tmp_path / "clean.42"
    clean.write_text("")
    code = (
        "import sys\nfrom referee.cli.guard import run\nsys.argv = ['referee', 'check', '-q', sys.argv[1]]\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "print(any(m == 'rich' or m.startswith('rich.') for m in sys.modules), file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", code, str(clean)], env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.stderr.splitlines()[-1] == "False", done.stderr
