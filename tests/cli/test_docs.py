"""The generated documents stay in step with the code."""

from __future__ import annotations

import json
from pathlib import Path

from referee.codes import CATALOG, render_markdown
from referee.interchange.documents import json_schema

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_errors_md_is_generated_from_the_catalogue() -> None:
    assert (DOCS / "errors.md").read_text(encoding="utf-8") == render_markdown()


def test_every_code_is_documented_once() -> None:
    text = (DOCS / "errors.md").read_text(encoding="utf-8")
    for code in CATALOG:
        assert text.count(f"| {code} |") == 1, code


def test_committed_schema_matches_the_models() -> None:
    committed = json.loads((DOCS / "record.schema.json").read_text(encoding="utf-8"))
    assert committed == json_schema()
