"""``referee convert`` and ``referee schema``: records to JSON and back, and the JSON Schemas."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from .. import codes
from ..run.cluster import ClusterSpec
from .app import app
from .common import CLUSTER_OPT, JOBS_OPT, OPTIONS_OPT, OUTPUT_OPT, PARTS_OPT, RULES_OPT, VERBOSE_OPT, consoles
from .params import Command, choice_option, paths_argument

if TYPE_CHECKING:
    from ..interchange.peers.registry import Assembler
    from ..judging.judged import Judged
    from ..judging.replay import Referee
    from ..notation.record import GameRecord
    from ..notation.writer import RecordWriter
    from ..run.outcomes import Outcome


class ToFormat(StrEnum):
    json = "json"
    jsonl = "jsonl"
    text = "text"
    mk5 = "mk5"
    luke = "luke"
    scoresheet = "scoresheet"
    scoresheet_csv = "scoresheet-csv"
    jswood23 = "jswood23"


class Detail(StrEnum):
    plays = "plays"
    hands = "hands"


class FromFormat(StrEnum):
    text = "text"
    json = "json"
    auto = "auto"
    mk5 = "mk5"
    luke = "luke"
    scoresheet = "scoresheet"
    jswood23 = "jswood23"


_OURS = (ToFormat.json, ToFormat.jsonl, ToFormat.text)
_PEER_EXTENSIONS = (".json", ".jsonl", ".csv", ".txt", ".url", ".links")


@app.command(cls=Command)
def convert(
    paths: list[str] = paths_argument("Record files (text, or JSON with --from json), directories, or - for standard input."),
    to: ToFormat = choice_option(
        ToFormat.jsonl,
        "--to",
        "-t",
        help="json (one array), jsonl (one document per line) or text (canonical notation); or another program's format: mk5 "
        "(game links), luke (LukeConran samples), scoresheet (scorekeeper JSON), scoresheet-csv, jswood23 (docs/interchange.md).",
    ),
    source: FromFormat = choice_option(
        FromFormat.text,
        "--from",
        help="text (the notation), json (documents written by convert), mk5, luke, scoresheet or jswood23, or auto (found from "
        "each file's content, and said on standard error).",
    ),
    detail: Detail = choice_option(
        Detail.plays,
        "--detail",
        help='plays: each record as written (default); hands: its score sheet ([Detail "hands"]: the auction, trump, '
        "result, award and score of each hand, without the deal and the plays; results left out are written from the replay). "
        "hands needs --to text.",
    ),
    output: str | None = OUTPUT_OPT,
    parts: str | None = PARTS_OPT,
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
    cluster: ClusterSpec | None = CLUSTER_OPT,
    verbose: bool = VERBOSE_OPT,
) -> None:
    """Convert records to JSON (the record as written plus what replay derived) and back.

    The JSON shape is versioned and documented: `referee schema` prints its JSON Schema.

    \b
    Examples:
      referee convert game.42 --to json > game.json
      referee convert hands.42 --to jsonl -O hands.jsonl
      referee convert game.json --from json --to text
      referee convert samples/legal/ --to jsonl --parts records/
      referee convert links.txt --from mk5 --to text
      referee convert game.42 --to mk5
      referee convert season/ --to text --detail hands -O season-sheets.42
    """
    import sys
    from functools import partial

    from ..report.render import fold_repeats
    from ..run.inputs import EXTENSIONS, UsageError, expand_paths
    from ..run.local import default_jobs, tune_gc
    from ..run.outcomes import Totals
    from .common import _print_diagnostic, _referee, _usage_fail, batch_options, command_output, name_skipped
    from .guard import stdout_closed
    from .progress import Meter, wants_progress
    from .targets import check_outputs

    _out, err = consoles()
    try:
        batch_options(jobs, cluster, output, parts)
        if parts is not None and to in (ToFormat.luke, ToFormat.scoresheet_csv):
            raise UsageError(f"--parts cuts the output between records, and --to {to.value} writes them all in one document")
        if detail is Detail.hands and to is not ToFormat.text:
            raise UsageError(f"--detail hands writes score sheets in the notation: give --to text, not --to {to.value}")
        if cluster is not None and source is not FromFormat.text:
            raise UsageError(f"--cluster reads the notation: convert --from {source.value} runs on this machine")
        # the text of a record needs the replay's details only to write seats the record leaves out
        # (report/canonical.py): judged as check judges, and again with them for such a record
        plain_text = to is ToFormat.text and detail is Detail.plays
        referee = _referee(rules, options, detail=not plain_text)
        kinds = {FromFormat.text: EXTENSIONS, FromFormat.json: (".json", ".jsonl"), FromFormat.auto: (*EXTENSIONS, *_PEER_EXTENSIONS)}
        inputs = expand_paths(paths, kinds.get(source, _PEER_EXTENSIONS))
        files = inputs.files
        check_outputs([output], files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files), skipped=len(inputs.skipped))
    name_skipped(err, inputs.skipped, verbose)
    first = True
    with command_output(output, parts) as sink:  # -O and --parts: all of it or nothing (run/output.py, run/parts.py)
        stream = sink.stream
        if to is ToFormat.json:
            stream.write("[")
        # the peers' writers and the notation's are imported only for their outputs: a tenth of start-up
        extract: Callable[[Judged], Any] = (
            (_record_sheet if detail is Detail.hands else partial(_record_text, _referee(rules, options)))
            if to is ToFormat.text
            else _record_json
            if to in _OURS
            else partial(_peer_piece, to.value)
        )
        writer = _text_writer() if to is ToFormat.text else None
        peers = None if to in _OURS else _assembler(to.value)
        with Meter(err, files, show=wants_progress() and (not sink.to_stdout or not sys.stdout.isatty())) as meter:
            for o in _convert_source(files, source, referee, extract, jobs or default_jobs(), cluster):
                totals.add_outcome(o)
                meter.advance(o.file, o.hands)
                shown = [d for d in o.diagnostics if d.code == codes.W107]  # what a peer reader inferred, said as it reads
                if shown and o.data is not None:
                    with meter.output():
                        for d in shown:
                            _print_diagnostic(err, d)
                if o.data is not None and peers is not None:
                    from ..interchange.peers.registry import said

                    refused = said(o.data, o.file, o.index, to.value)
                    totals.count(o.file, None, False, [d for d in refused if d.is_error])
                    with meter.output():
                        for d in refused:
                            _print_diagnostic(err, d)
                    if o.data.refusal is not None:
                        continue
                if o.hands is None or o.data is None:
                    with meter.output():
                        for d in fold_repeats(o.diagnostics):
                            _print_diagnostic(err, d)
                    continue
                if stdout_closed() and sink.to_stdout:  # the reader has gone: judge on, unprinted, for the exit status
                    if totals.exit_status == 2:
                        break
                    continue
                if peers is not None:
                    stream.write(peers.add(o.data.piece))
                elif writer is not None:
                    stream.write(writer.text(o.data))
                elif to is ToFormat.json:
                    stream.write(("\n" if first else ",\n") + o.data)
                else:
                    stream.write(o.data + "\n")
                first = False
                sink.boundary()
        if to is ToFormat.json:
            stream.write("\n]\n")
        if peers is not None:
            stream.write(peers.end())
    err.print(totals.summary())
    raise typer.Exit(totals.exit_status)


def _assembler(target: str) -> Assembler:
    from ..interchange.peers.registry import Assembler

    return Assembler(target)


def _text_writer() -> RecordWriter:
    from ..notation.writer import RecordWriter

    return RecordWriter()


def _peer_piece(target: str, j: Judged) -> Any:
    """``convert --to`` another program's format: the piece of one record (run in the worker processes)."""
    from ..interchange.peers.registry import encode_judged

    return encode_judged(target, j)


def _record_json(j: Judged) -> str | None:
    """``convert --to json/jsonl``: the document of one record (run in the worker processes)."""
    from ..interchange.jsontext import document_json

    return document_json(j)


def _record_text(detailed: Referee, j: Judged) -> GameRecord | None:
    """``convert --to text``: the canonical record (its text is written in input order by a
    ``RecordWriter``, so that the hands of a log share one header).

    ``j`` is judged without the verdict's details (as ``check`` judges: the diagnostics are
    the same, and a tenth cheaper); a record that leaves the seat of a call or a play out is
    judged again by ``detailed``, whose verdict says whose it was."""
    from dataclasses import replace

    from ..report.canonical import seats_written

    return None if j.record is None else replace(seats_written(j.record, detailed), source=None)


def _record_sheet(j: Judged) -> GameRecord | None:
    """``convert --to text --detail hands``: the record's score sheet (report/score_sheet.py)."""
    from ..judging.verdict import game_of
    from ..report.canonical import canonical
    from ..report.score_sheet import score_sheet

    return None if j.record is None else score_sheet(canonical(j.record, j.verdict), j.verdict, game_of(j.verdict))


def _convert_source(
    files: list[str], source: FromFormat, referee: Referee, extract: Callable[[Judged], Any], jobs: int, cluster: ClusterSpec | None
) -> Iterator[Outcome[Any]]:
    from ..run.batch import outcomes
    from ..run.outcomes import Outcome, outcome_of
    from ..run.records import contained, judge_numbered

    if source is FromFormat.text:
        yield from outcomes(files, referee, extract, jobs=jobs, cluster=cluster)
        return
    from ..interchange.jsonread import read_documents
    from ..interchange.peers.registry import read_peer
    from ..notation.reader import ReadResult

    for name in files:
        reads = read_documents(name) if source is FromFormat.json else None
        if reads is None:
            found, reads = read_peer(name, source.value)
            if source is FromFormat.auto and found in ("text", "json"):
                from ..diagnostics import Diagnostic

                yield Outcome(name, 0, None, False, [Diagnostic(codes.W107, f"read as {found} (found from its content)", file=name)], None)
                if found == "text":
                    yield from outcomes([name], referee, extract, jobs=jobs)
                    continue
                reads = read_documents(name)
        documents = ((index, ReadResult(record, problems)) for index, record, problems in reads)
        for j in contained(name, judge_numbered(documents, referee, name)):  # a failure stays in its record, or its file
            yield outcome_of(j, extract)


class SchemaKind(StrEnum):
    convert = "convert"
    check = "check"
    score = "score"
    rules = "rules"
    analyze = "analyze"
    dups = "dups"
    stats = "stats"
    standings = "standings"
    bot = "bot"
    match = "match"


@app.command(cls=Command)
def schema(
    output: str | None = typer.Option(None, "--output", "-O", metavar="FILE", help="Write the schema to this file."),
    kind: SchemaKind = choice_option(
        SchemaKind.convert,
        "--for",
        help="Whose JSON: convert (its documents, which select also writes), check, score or analyze (their JSON lines), "
        "rules (its JSON listing), dups, stats or standings (their JSON documents), "
        "bot (the lines of protocol referee-bot/1 between a match and its bots, both ways), "
        "or match (the JSON lines of referee match: its games and its summary).",
    ),
) -> None:
    """Print the JSON Schema of what a command writes as JSON (default: the documents of `referee convert`).

    \b
    Examples:
      referee schema > record.schema.json
      referee schema --for check > check.schema.json
      referee schema --for score -O score.schema.json
      referee schema --for analyze -O analyze.schema.json
      referee schema --for bot -O bot.schema.json
      referee schema --for match -O match.schema.json
    """
    import sys

    from ..report.schemas import schema_text
    from ..run.output import write_text

    text = schema_text(kind.value)
    if output:
        write_text(output, text)
    else:
        sys.stdout.write(text)
