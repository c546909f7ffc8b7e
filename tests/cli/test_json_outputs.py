"""Every JSON the tool writes validates against its published schema (`referee schema --for ...`)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.report.schemas import SCHEMAS, schema_for

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = [str(p) for p in sorted((ROOT / "samples").rglob("*.42"))]
COMMITTED = {
    "convert": "record.schema.json",
    "check": "check.schema.json",
    "score": "score.schema.json",
    "rules": "rules.schema.json",
    "analyze": "analyze.schema.json",
    "dups": "dups.schema.json",
    "stats": "stats.schema.json",
    "standings": "standings.schema.json",
    "bot": "bot.schema.json",
    "match": "match.schema.json",
}


def _lines(*args: str) -> list[object]:
    result = CliRunner().invoke(app, list(args), env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_committed_schemas_match_the_models(kind: str) -> None:
    committed = json.loads((ROOT / "docs" / COMMITTED[kind]).read_text(encoding="utf-8"))
    assert committed == schema_for(kind)


def test_check_json_lines_validate() -> None:
    validator = jsonschema.Draft202012Validator(schema_for("check"))
    lines = _lines("check", "--format", "json", "--jobs", "1", *SAMPLES)
    kinds = {line["type"] for line in lines if isinstance(line, dict)}
    assert kinds == {"diagnostic", "summary"}
    for line in lines:
        validator.validate(line)


def test_score_json_lines_validate() -> None:
    validator = jsonschema.Draft202012Validator(schema_for("score"))
    lines = _lines("score", "--format", "json", "--jobs", "1", *SAMPLES)
    assert lines
    for line in lines:
        validator.validate(line)


def test_rules_json_validates(tmp_path: Path) -> None:
    house = tmp_path / "friday.toml"
    house.write_text('[profile]\nname = "friday"\nbase = "42"\n[options]\nnello = "on"\n', encoding="utf-8")
    (doc,) = [json.loads(CliRunner().invoke(app, ["rules", "--rules", str(house), "--format", "json"]).stdout)]
    jsonschema.Draft202012Validator(schema_for("rules")).validate(doc)
    assert doc["house"][0]["name"] == "friday"


def test_every_row_of_score_json_is_a_csv_row() -> None:
    """The JSON rows and the CSV columns are one shape."""
    lines = _lines("score", "--format", "json", "--jobs", "1", *SAMPLES)
    header = CliRunner().invoke(app, ["score", "--format", "csv", SAMPLES[0]]).stdout.splitlines()[0]
    for line in lines:
        assert isinstance(line, dict)
        for row in [*line["hands"], *([line["game"]] if line["game"] else [])]:
            assert ",".join(row) == header


def test_convert_documents_validate() -> None:
    validator = jsonschema.Draft202012Validator(schema_for("convert"))
    docs = _lines("convert", "--to", "jsonl", "--jobs", "1", *SAMPLES)
    assert len(docs) >= len(SAMPLES)
    for doc in docs:
        validator.validate(doc)


def test_a_line_off_the_schema_is_refused() -> None:
    validator = jsonschema.Draft202012Validator(schema_for("check"))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "diagnostic", "code": "E404"})
