"""``referee convert`` and ``referee schema``: records to JSON and back, and the JSON Schemas."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from enum import StrEnum

import typer
from rich.console import Console

from ..judge.isolate import contained
from ..judge.replay import Referee
from ..output import atomic_write, write_text
from ..pipeline import Judged, Outcome, Totals, UsageError, default_jobs, expand_paths, judge_result, outcome_of, outcomes, tune_gc
from ..report.render import fold_repeats
from . import app
from .common import (
    JOBS_OPT,
    OPTIONS_OPT,
    RULES_OPT,
    _print_diagnostic,
    _progress,
    _referee,
    _usage_fail,
)
from .guard import stdout_closed


class ToFormat(StrEnum):
    json = "json"
    jsonl = "jsonl"
    text = "text"


class FromFormat(StrEnum):
    text = "text"
    json = "json"


@app.command()
def convert(
    paths: list[str] = typer.Argument(..., help="Record files (text, or JSON with --from json), directories, or - for standard input."),
    to: ToFormat = typer.Option(
        ToFormat.jsonl, "--to", "-t", help="json (one array), jsonl (one document per line) or text (canonical notation)."
    ),
    source: FromFormat = typer.Option(FromFormat.text, "--from", help="text (the notation) or json (documents written by convert)."),
    output: str | None = typer.Option(None, "--output", "-O", help="Write here instead of standard output."),
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
    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = expand_paths(paths, (".json", ".jsonl") if source is FromFormat.json else (".42",))
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    first = True
    with atomic_write(output) if output else nullcontext(sys.stdout) as stream:  # -O: all of it or nothing (output.py)
        if to is ToFormat.json:
            stream.write("[")
        extract = _record_text if to is ToFormat.text else _record_json
        with _progress(err, err.is_terminal) as advance:
            for o in _convert_source(files, source, referee, extract, jobs or default_jobs()):
                totals.add_outcome(o)
                advance(o.hands)
                if o.hands is None or o.data is None:
                    for d in fold_repeats(o.diagnostics):
                        _print_diagnostic(err, d)
                    continue
                if stdout_closed() and not output:  # the reader has gone: judge on, unprinted, for the exit status
                    if totals.exit_status == 2:
                        break
                    continue
                if to is ToFormat.text:
                    if not first:
                        stream.write("\n")
                    stream.write(o.data)
                elif to is ToFormat.json:
                    stream.write(("\n" if first else ",\n") + o.data)
                else:
                    stream.write(o.data + "\n")
                first = False
        if to is ToFormat.json:
            stream.write("\n]\n")
    err.print(totals.summary())
    raise typer.Exit(totals.exit_status)


def _record_json(j: Judged) -> str | None:
    """``convert --to json/jsonl``: the document of one record (run in the worker processes)."""
    from ..interchange.documents import Document

    if j.record is None:
        return None
    return Document(file=j.file, index=j.index, record=j.record, verdict=j.verdict).model_dump_json(exclude_none=False)


def _record_text(j: Judged) -> str | None:
    """``convert --to text``: one record in the canonical notation (as ``fmt`` writes it)."""
    from ..notation.writer import format_game
    from ..report.canonical import canonical

    return None if j.record is None else format_game(canonical(j.record, j.verdict))


def _convert_source(
    files: list[str], source: FromFormat, referee: Referee, extract: Callable[[Judged], str | None], jobs: int
) -> Iterator[Outcome[str | None]]:
    if source is FromFormat.text:
        yield from outcomes(files, referee, extract, jobs=jobs)
        return
    from ..interchange.jsonread import read_documents
    from ..notation.reader import ReadResult

    for name in files:
        judged = (judge_result(ReadResult(record, problems), referee, name, index) for index, record, problems in read_documents(name))
        for j in contained(name, judged):  # a failure stays in its record, or in its file (judge/isolate.py)
            yield outcome_of(j, extract)


class SchemaKind(StrEnum):
    convert = "convert"
    check = "check"
    score = "score"


@app.command()
def schema(
    output: str | None = typer.Option(None, "--output", "-O", help="Write the schema to this file."),
    kind: SchemaKind = typer.Option(
        SchemaKind.convert, "--for", help="Whose JSON: convert (its documents), check or score (their JSON lines)."
    ),
) -> None:
    """Print the JSON Schema of what a command writes as JSON (default: the documents of `referee convert`).

    \b
    Examples:
      referee schema > record.schema.json
      referee schema --for check > check.schema.json
    """
    from ..interchange.documents import schema_text

    text = schema_text(kind.value)
    if output:
        write_text(output, text)
    else:
        sys.stdout.write(text)
