"""The documents stay in step with the code, and stand alone for a user who has only them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from referee.cli import app
from referee.codes import CATALOG, render_markdown
from referee.judging.replay import Referee
from referee.notation.reader import read_text
from referee.report.schemas import schema_for

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

runner = CliRunner()


def notation_blocks(page: Path) -> list[tuple[int, str]]:
    """Every ```notation fenced block of ``page``, with the line its text starts on."""
    blocks: list[tuple[int, str]] = []
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    start: int | None = None
    for number, line in enumerate(lines, 1):
        if start is None and line.strip() == "```notation":
            start = number + 1
        elif start is not None and line.strip() == "```":
            blocks.append((start, "".join(lines[start - 1 : number - 1])))
            start = None
    assert start is None, f"{page.name}: a ```notation block opened on line {start - 1} is never closed"
    return blocks


EXAMPLES = [(page.name, line, text) for page in sorted(DOCS.glob("*.md")) for line, text in notation_blocks(page)]


@pytest.mark.parametrize(("page", "line", "text"), EXAMPLES, ids=[f"{page}:{line}" for page, line, _ in EXAMPLES])
def test_every_record_example_in_the_docs_checks_clean(page: str, line: int, text: str) -> None:
    """What a user copies from the docs must pass `referee check`: read, then judged by its own [Rules]."""
    results = list(read_text(text, f"{page}:{line}"))
    records = [r.record for r in results if r.record is not None]
    assert records, "the example holds no record"
    diagnostics = [d for r in results for d in r.diagnostics]
    diagnostics += [d for record in records for d in Referee("42").judge(record).diagnostics]
    assert [f"{d.code} {d.message}" for d in diagnostics if d.is_error] == []


def test_the_rules_page_shows_a_thrown_in_hand_and_a_claim() -> None:
    """docs/rules.md promises a checked example of each; make sure they are among the checked ones."""
    rules = [text for page, _, text in EXAMPLES if page == "rules.md"]
    assert any(re.search(r"^\s*bid S pass, W pass, N pass, E pass\s*(;.*)?$", text, re.M) for text in rules)
    assert any(re.search(r"^\s*claim\b", text, re.M) for text in rules)
    assert len([1 for page, _, _ in EXAMPLES if page == "notation.md"]) == 7


_INTERNAL = re.compile(r"RULES\.md|seeds/|\bseeds? 0\d\d\b")
"""The project's internal rulebook and its source files, which users never have."""


def _user_texts() -> dict[str, str]:
    """Everything a user reads: the docs, the README, every --help and `referee rules`."""
    texts = {
        f"docs/{p.name}": p.read_text(encoding="utf-8") for p in sorted(DOCS.iterdir()) if p.is_file() and p.suffix in (".md", ".json")
    }
    texts["README.md"] = (ROOT / "README.md").read_text(encoding="utf-8")
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for command in ["", *group.commands]:
        result = runner.invoke(app, [*command.split(), "--help"])
        assert result.exit_code == 0, command
        texts[f"referee {command} --help"] = result.output
    for args in (["rules"], ["rules", "--format", "json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0
        texts["referee " + " ".join(args)] = result.output
    return texts


def test_nothing_a_user_reads_cites_the_internal_rulebook() -> None:
    texts = _user_texts()
    assert "referee rules" in texts and "referee check --help" in texts and "docs/rules.md" in texts
    found = {where: m.group() for where, text in texts.items() if (m := _INTERNAL.search(text))}
    assert found == {}


def test_the_internal_rulebook_check_would_catch_a_citation() -> None:
    assert _INTERNAL.search("the rulebook it follows is `RULES.md`")
    assert _INTERNAL.search("see seeds/000")
    assert _INTERNAL.search("seed 001 names both")
    assert not _INTERNAL.search("referee simulate --games 100 --seed 1")


def test_errors_md_is_generated_from_the_catalogue() -> None:
    assert (DOCS / "errors.md").read_text(encoding="utf-8") == render_markdown()


def test_every_code_is_documented_once() -> None:
    text = (DOCS / "errors.md").read_text(encoding="utf-8")
    for code in CATALOG:
        assert text.count(f"| {code} |") == 1, code


def test_committed_schema_matches_the_models() -> None:
    committed = json.loads((DOCS / "record.schema.json").read_text(encoding="utf-8"))
    assert committed == schema_for("convert")


@pytest.mark.parametrize(("page", "line", "text"), EXAMPLES, ids=[f"{page}:{line}" for page, line, _ in EXAMPLES])
def test_every_record_example_in_the_docs_is_canonical(page: str, line: int, text: str) -> None:
    """A user who copies an example and runs `referee fmt --check` on it sees no change."""
    result = runner.invoke(app, ["fmt", "--check", "-"], input=text)
    assert result.exit_code == 0, f"{page}:{line}\n{result.output}"


def test_the_item_table_of_notation_md_is_the_registrys() -> None:
    """docs/notation.md's item table is what the registry that drives reader and writer says."""
    from referee.notation.items import item_table

    doc = (DOCS / "notation.md").read_text(encoding="utf-8")
    m = re.search(r"(?s)<!-- items:[^\n]*-->\n(.*?)<!-- /items -->", doc)
    assert m, "docs/notation.md has no generated item table"
    assert m.group(1) == item_table()


def test_the_python_example_of_notation_md_runs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    doc = (DOCS / "notation.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"(?s)```python\n(.*?)```", doc)
    monkeypatch.chdir(ROOT)
    exec(compile(block, "docs/notation.md", "exec"), {})
    assert capsys.readouterr().out.split() == ["10", "hands"]


def test_every_code_docs_cli_md_names_is_the_catalogues_for_what_it_says() -> None:
    """docs/cli.md names codes in its prose: each is in the catalogue, and the failures
    its list of what goes wrong names carry the catalogue's code for them."""
    from referee import codes as catalogue

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([SEW]\d{3})`", text))
    known = set(catalogue.CATALOG)
    assert named and named <= known, f"docs/cli.md names codes the catalogue lacks: {sorted(named - known)}"
    bullet = re.search(r"(?s)- \*\*A record the referee fails on\*\*(.*?)\n- ", text)
    assert bullet, "the failure list of docs/cli.md is gone"
    by_title = {c.summary: str(c) for c in catalogue.CATALOG.values()}
    assert re.search(rf"fails on\*\* \(a bug\): `{by_title['internal error']}`", text)
    assert f"cannot be read is `{by_title['cannot read']}`" in bullet.group(1)
    assert f"16 million characters is `{by_title['record too long']}`" in bullet.group(1)


def test_referee_rules_lists_what_docs_errors_md_says_it_lists() -> None:
    """docs/errors.md sends readers to `referee rules` for profiles, seats, hand sizes,
    bids and the renege option: the listing holds each of them for every game."""
    from referee.engine.games import GAMES
    from referee.report.rulesdoc import rules_text

    errors = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    promised = set(re.findall(r"`referee rules` lists ([^)]*)\)", errors))
    assert promised == {"them", "each profile's seats", "it", "each profile's bids", "the renege penalty option"}, promised
    listing = rules_text()
    blocks = re.split(r"(?m)^(?=\S+: )", listing)
    for game in GAMES.values():
        block = next(b for b in blocks if b.startswith(f"{game.name}: {game.title}"))
        assert re.search(rf"(?m)^  seats: {re.escape(game.seats[0])}\b", block), block
        assert f"{game.hand_size} to each seat" in block
        assert re.search(rf"(?m)^  bids: {game.ladder.point_bids[0]} to {game.ladder.point_bids[-1]}\b", block)
    assert "renege = lose-hand | as-played" in listing


def test_every_page_cites_a_pagat_page_by_the_address_the_sources_list_gives() -> None:
    """One address per pagat page across the docs: the one docs/rules.md's list of sources gives."""
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sources = rules[rules.index("Every source named on this page") :]
    listed = set(re.findall(r"https?://www\.pagat\.com/[\w/.-]+", sources))
    assert listed
    for page in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]:
        cited = set(re.findall(r"https?://www\.pagat\.com/[\w/.-]+", page.read_text(encoding="utf-8")))
        assert cited <= listed, f"{page.name} cites {sorted(cited - listed)}, not in docs/rules.md's sources"


def test_the_readme_lists_every_command_and_every_page() -> None:
    """A newcomer finds every command in the README's table and every page of docs/ in its list."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    table = [line for line in readme.splitlines() if line.startswith("| `referee ")]
    missing = [name for name in commands if not any(re.search(rf"`referee {re.escape(name)}[ `\\]", row) for row in table)]
    assert not missing, f"README.md's command table does not list: {missing}"
    pages = [page.name for page in sorted(DOCS.glob("*.md"))]
    unlisted = [name for name in pages if f"`docs/{name}`" not in readme]
    assert not unlisted, f"README.md's documentation list does not name: {unlisted}"
