"""Output in proportion to the input (reliability review H2): a quoted source line is cut
around its caret, and repeated diagnostics of one code fold into a W104 note."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from referee.codes import CATALOG, REPEATS_SHOWN
from referee.diagnostics import Diagnostic
from referee.report.render import EXCERPT, excerpt, fold_repeats, render_diagnostic
from referee.source import Position


@given(
    st.text(alphabet="ab6-[] ", min_size=0, max_size=600),
    st.integers(0, 650),
    st.integers(0, 300),
)
def test_h2_the_excerpt_is_short_and_its_caret_points_at_the_same_text(text: str, start: int, length: int) -> None:
    shown, at, width = excerpt(text, start, start + length)
    assert len(shown) <= EXCERPT + 2  # and an ellipsis at each cut
    assert width >= 1
    if len(text) <= EXCERPT:
        assert shown == text and at == start
        return
    if start < len(text):
        visible = shown[at : at + width].rstrip("…")
        assert visible and text[start : start + len(visible)] == visible
    assert shown.startswith("…") == (not text.startswith(shown.lstrip("…").rstrip("…")))


def test_h2_a_diagnostic_on_a_megabyte_line_prints_a_few_hundred_bytes(tmp_path: Path) -> None:
    line = "  deal N " + "6-6 " * 250_000
    f = tmp_path / "long.42"
    f.write_text("hand 1\n" + line + "\n", encoding="utf-8")
    d = Diagnostic(
        CATALOG["E103"], "6-6 appears twice", file=str(f), at=Position(2, 500_010, 2, 500_013), line_text=line
    )  # the 125,001st tile
    text = render_diagnostic(d)
    assert len(text) < 600
    quoted, caret = text.splitlines()[3:5]
    column = caret.index("^")
    assert quoted[column : column + 3] == "6-6"
    assert quoted.startswith("2 | …") and quoted.endswith("…")


def _diagnostics(codes: list[str]) -> list[Diagnostic]:
    return [Diagnostic(CATALOG[code], f"problem {i}", file="x.42", game=1, at=Position(1, i + 1, 1, i + 2)) for i, code in enumerate(codes)]


@given(st.lists(st.sampled_from(["S009", "S003", "E103", "E404"]), max_size=120))
def test_h2_folding_keeps_the_first_of_each_code_and_counts_the_rest(codes: list[str]) -> None:
    diagnostics = _diagnostics(codes)
    folded = fold_repeats(diagnostics)
    shown = [d for d in folded if d.code != "W104"]
    notes = [d for d in folded if d.code == "W104"]
    counts = Counter(codes)
    assert Counter(d.code for d in shown) == {code: min(n, REPEATS_SHOWN) for code, n in counts.items()}
    assert shown == [d for d in diagnostics if d in shown]  # the first ones, in their order
    more = {m.group(2): int(m.group(1).replace(",", "")) for n in notes if (m := re.search(r"and ([\d,]+) more (\w+)", n.message))}
    assert more == {code: n - REPEATS_SHOWN for code, n in counts.items() if n > REPEATS_SHOWN}
    for note in notes:  # placed where the first one left out was
        code = re.search(r"more (\w+)", note.message)
        assert code is not None
        first_hidden = [d for d in diagnostics if d.code == code.group(1)][REPEATS_SHOWN]
        assert note.at == first_hidden.at and folded.index(note) == len(
            [d for d in shown if diagnostics.index(d) < diagnostics.index(first_hidden)]
        )


def test_h2_few_diagnostics_are_left_alone() -> None:
    diagnostics = _diagnostics(["S009"] * REPEATS_SHOWN + ["E404"])
    assert fold_repeats(diagnostics) == diagnostics


def test_h2_the_w104_note_is_a_diagnostic_line_of_the_published_schema(tmp_path: Path) -> None:
    import json

    import jsonschema
    from typer.testing import CliRunner

    from referee.cli import app
    from referee.report.schemas import schema_for

    f = tmp_path / "tags.42"
    f.write_text('[Rules "42"] ' + '[Evnt "x"] ' * 500 + "\nhand 1\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(f), "--format", "json"])
    lines = [json.loads(line) for line in result.stdout.split("\n") if line]
    validator = jsonschema.Draft202012Validator(schema_for("check"))
    for line in lines:
        validator.validate(line)
    assert [d.get("code") for d in lines].count("S003") == REPEATS_SHOWN
    # an unknown tag is kept with a warning (S003); E208, no auction, is the one error
    assert lines[-1]["warnings"] >= 500 and lines[-1]["errors"] == 1
    assert lines[-1]["exit"] == result.exit_code == 1


def test_the_guarantees_in_errors_md_state_the_real_limits() -> None:
    """docs/errors.md promises numbers that live in the code: keep them the same."""
    from referee.codes import GUARANTEES
    from referee.run.local import JOBS_PER_CORE

    text = " ".join(GUARANTEES.split())
    assert f"cut to {EXCERPT} columns around the caret" in text
    assert f"at most {REPEATS_SHOWN} diagnostics of one code" in text
    assert f"lowered to {JOBS_PER_CORE} processes per core" in text
