"""``referee convert`` and ``referee schema``: records to JSON and back, and the JSON Schemas."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from . import app
from .common import JOBS_OPT, OPTIONS_OPT, RULES_OPT, consoles
from .params import Command, choice_option, paths_argument

if TYPE_CHECKING:
    from ..judge.replay import Referee
    from ..notation.record import GameRecord
    from ..pipeline import Judged, Outcome


class ToFormat(StrEnum):
    json = "json"
    jsonl = "jsonl"
    text = "text"


class FromFormat(StrEnum):
    text = "text"
    json = "json"


@app.command(cls=Command)
def convert(
    paths: list[str] = paths_argument("Record files (text, or JSON with --from json), directories, or - for standard input."),
    to: ToFormat = choice_option(
        ToFormat.jsonl, "--to", "-t", help="json (one array), jsonl (one document per line) or text (canonical notation)."
    ),
    source: FromFormat = choice_option(FromFormat.text, "--from", help="text (the notation) or json (documents written by convert)."),
    output: str | None = typer.Option(None, "--output", "-O", metavar="FILE", help="Write here instead of standard output."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """Convert records to JSON (the record as written plus what replay derived) and back.

    The JSON shape is versioned and documented: `referee schema` prints its JSON Schema.

    \b
    Examples:
      referee convert game.42 --to json > game.json
      referee convert hands.42 --to jsonl -O hands.jsonl
      referee convert game.json --from json --to text
    """
    import sys

    from ..notation.writer import RecordWriter
    from ..pipeline import EXTENSIONS, Totals, UsageError, default_jobs, expand_paths, tune_gc
    from .common import _print_diagnostic, _referee, _usage_fail
    from .progress import Meter, wants_progress

    _out, err = consoles()
    try:
        referee = _referee(rules, options)
        inputs = expand_paths(paths, (".json", ".jsonl") if source is FromFormat.json else EXTENSIONS)
        files = inputs.files
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    stream = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
    tune_gc()
    totals = Totals(files=len(files), skipped=len(inputs.skipped))
    first = True
    try:
        if to is ToFormat.json:
            stream.write("[")
        extract: Callable[[Judged], Any] = _record_text if to is ToFormat.text else _record_json
        writer = RecordWriter()
        with Meter(err, files, show=wants_progress() and (output is not None or not sys.stdout.isatty())) as meter:
            for o in _convert_source(files, source, referee, extract, jobs or default_jobs()):
                totals.add_outcome(o)
                meter.advance(o.file, o.hands)
                if o.hands is None or o.data is None:
                    with meter.output():
                        for d in o.diagnostics:
                            _print_diagnostic(err, d)
                    continue
                if to is ToFormat.text:
                    stream.write(writer.text(o.data))
                elif to is ToFormat.json:
                    stream.write(("\n" if first else ",\n") + o.data)
                else:
                    stream.write(o.data + "\n")
                first = False
        if to is ToFormat.json:
            stream.write("\n]\n")
    finally:
        if output:
            stream.close()
    err.print(totals.summary())
    raise typer.Exit(totals.exit_status)


def _record_json(j: Judged) -> str | None:
    """``convert --to json/jsonl``: the document of one record (run in the worker processes)."""
    from ..interchange.documents import document_json

    return document_json(j)


def _record_text(j: Judged) -> GameRecord | None:
    """``convert --to text``: the canonical record (its text is written in input order by a
    ``RecordWriter``, so that the hands of a log share one header)."""
    from dataclasses import replace

    from ..report.canonical import canonical

    return None if j.record is None else replace(canonical(j.record, j.verdict), source=None)


def _convert_source(
    files: list[str], source: FromFormat, referee: Referee, extract: Callable[[Judged], Any], jobs: int
) -> Iterator[Outcome[Any]]:
    from ..pipeline import Judged, outcome_of, outcomes

    if source is FromFormat.text:
        yield from outcomes(files, referee, extract, jobs=jobs)
        return
    from ..interchange.jsonread import read_documents

    for name in files:
        for index, record, problems in read_documents(name):
            verdict = referee.judge(record, file=name, game_index=index) if record is not None else None
            diagnostics = problems + (verdict.diagnostics if verdict else [])
            yield outcome_of(Judged(name, index, record, verdict, diagnostics), extract)


class SchemaKind(StrEnum):
    convert = "convert"
    check = "check"
    score = "score"
    rules = "rules"
    analyze = "analyze"


@app.command(cls=Command)
def schema(
    output: str | None = typer.Option(None, "--output", "-O", metavar="FILE", help="Write the schema to this file."),
    kind: SchemaKind = choice_option(
        SchemaKind.convert,
        "--for",
        help="Whose JSON: convert (its documents), check, score or analyze (their JSON lines), or rules (its JSON listing).",
    ),
) -> None:
    """Print the JSON Schema of what a command writes as JSON (default: the documents of `referee convert`).

    \b
    Examples:
      referee schema > record.schema.json
      referee schema --for check > check.schema.json
      referee schema --for score -O score.schema.json
      referee schema --for analyze -O analyze.schema.json
    """
    import sys

    from ..report.schemas import schema_text

    text = schema_text(kind.value)
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
