"""The ``referee`` command line."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from . import __version__
from .codes import Severity
from .diagnostics import Diagnostic, exit_status
from .engine.games import GAMES
from .engine.hand import HandSnapshot
from .engine.profiles import OptionError, Profile, make_rules
from .engine.tiles import Tile
from .judge.house import HouseRuleError, load_house_rules
from .judge.replay import Referee, Trace
from .pipeline import Judged, Outcome, Totals, UsageError, default_jobs, expand_paths, judge_paths, outcome_of, outcomes, plural, tune_gc
from .report.render import diagnostic_json, render_diagnostic

if TYPE_CHECKING:
    from .judge.replay import Trace
    from .judge.verdict import GameVerdict
    from .notation.record import GameRecord
    from .report.adapter import At

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Referee and hand-record processor for Texas 42, Moon and Texas 88.\n\nExit status: 0 clean, 1 rule errors, 2 syntax or usage errors.",
)


class Format(StrEnum):
    text = "text"
    json = "json"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """Check, score and convert records of Texas 42, Moon and Texas 88.

    Exit status: 0 clean, 1 rule errors, 2 syntax or usage errors.
    """


def _parse_options(text: str | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in (text or "").replace(",", " ").split():
        key, eq, value = item.partition("=")
        if not eq:
            raise UsageError(f"--options: {item!r} has no value; write name=value")
        out[key.lower()] = value.lower()
    return out


def _profile(rules: str) -> tuple[str, dict[str, Profile]]:
    """``--rules``: a built-in profile, or a house-rule TOML file whose profile becomes
    the default and may be named by records' ``[Rules]`` tags."""
    if rules.lower() in GAMES:
        return rules.lower(), {}
    if rules.lower().endswith(".toml") or Path(rules).is_file():
        try:
            house = load_house_rules(rules)
        except HouseRuleError as e:
            raise UsageError("\n".join(f"--rules: {problem}" for problem in e.problems)) from None
        return house.name, {house.name: house}
    raise UsageError(f"--rules: unknown profile {rules!r}; the profiles are {', '.join(GAMES)}, or give a house-rule file (.toml)")


def _referee(rules: str, options: str | None, *, detail: bool = True) -> Referee:
    name, profiles = _profile(rules)
    chosen = _parse_options(options)
    try:
        make_rules(name, chosen, profiles)
    except OptionError as e:
        raise UsageError(f"--options: {e}") from None
    return Referee(name, chosen, profiles, detail=detail)


def _usage_fail(err: Console, message: str) -> typer.Exit:
    for line in message.splitlines() or [""]:  # one problem a line; soft_wrap: a log is not cut at 80 columns
        err.print(f"[bold red]error[/]: {escape(line)}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


RULES_OPT = typer.Option(
    "42",
    "--rules",
    "-r",
    help="Rules for records with no [Rules] tag: 42, moon, 88, or a house-rule file (.toml) that records may also name.",
)
OPTIONS_OPT = typer.Option(None, "--options", "-o", help='Options for those records, e.g. "all-pass=forced scoring=points".')
JOBS_OPT = typer.Option(
    None, "--jobs", "-j", min=1, help="Processes that read and judge big inputs (default: the cores available; 1: this one only)."
)


@contextmanager
def _progress(err: Console, show: bool) -> Iterator[Callable[[int | None], None]]:
    """A hands-per-second bar on a terminal's stderr; the callable advances it by a record's hands."""
    if not show:
        yield lambda hands: None
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(
        SpinnerColumn(),
        TextColumn("{task.completed:,.0f} hands"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task("reading", total=None, rate="")

        def advance(hands: int | None) -> None:
            if hands:
                speed = progress.tasks[0].speed
                progress.update(task, advance=hands, rate=f"{speed:,.0f} hands/s" if speed else "")

        yield advance


@app.command()
def check(
    paths: list[str] = typer.Argument(..., help="Record files, directories (searched for *.42), or - for standard input."),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="text for people, json for JSON Lines (one diagnostic per line)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only a one-line summary per file."),
    max_errors: int = typer.Option(0, "--max-errors", min=0, help="Stop after this many errors (0: no limit)."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """Check records against the rules and report every problem with its place.

    \b
    Notation (full description: docs/notation.md):
      ; a comment          {a comment attached to the next item}
      [Rules "42"] [Options "all-pass=forced"] [Target "7 marks"] [North "Ann"]
      hand 1 dealer N
        deal N 6-6 6-5 5-5 4-1 3-0 2-2 1-0
             E 6-4 6-2 5-3 4-4 3-2 2-1 0-0  ... one seat per line
        bid E 30, S pass, W 31, N pass        seat labels optional
        trump fives                           or doubles, follow-me
        play W 5-5 N 5-0 E 5-3 S 6-5          one trick per line, or / between
        result EW 35 made                     optional; checked
        award EW 1                            optional; checked
        score NS 0 EW 1                       optional; checked
    Moon: seats A B C, `exchange 3-1 for 6-0` for the widow; Texas 88: seats
    A-F, bids name a suit (`bid B 64 fives`), `exchange` for the cat.
    42 contracts (options, see `referee rules`): `trump nello`, `trump sevens`,
    `bid N 168 plunge` / `bid N 84 splash` then `trump sixes by S`.

    \b
    Examples:
      referee check samples/
      referee check game.42 --format json
      cat hands.42 | referee check - --rules moon
    """
    out = Console(highlight=False, emoji=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)
    try:
        referee = _referee(rules, options, detail=False)  # check prints only diagnostics and counts
        files = expand_paths(paths)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    shown_errors = 0
    stopped = False
    last_file: str | None = None
    with _progress(err, err.is_terminal and fmt is not Format.json) as advance:
        judged: Outcome[None]
        for judged in outcomes(files, referee, jobs=jobs or default_jobs(), lean=True, share=True):
            if quiet and last_file is not None and judged.file != last_file:
                _quiet_line(out, totals, last_file)
            last_file = judged.file
            totals.add_outcome(judged)
            advance(judged.hands)
            for d in judged.diagnostics:
                if max_errors and d.is_error:
                    shown_errors += 1
                    if shown_errors > max_errors:
                        stopped = True
                        break
                if quiet:
                    continue
                if fmt is Format.json:
                    sys.stdout.write(diagnostic_json(d) + "\n")
                else:
                    _print_diagnostic(out, d)
            if stopped:
                break
    if quiet and last_file is not None:
        _quiet_line(out, totals, last_file)
    summary = totals.summary() + (f" (stopped after {max_errors} errors)" if stopped else "")
    if fmt is Format.json and not quiet:
        status = totals.exit_status
        sys.stdout.write(
            json.dumps(
                {
                    "type": "summary",
                    "files": totals.files,
                    "games": totals.games,
                    "hands": totals.hands,
                    "errors": totals.errors,
                    "warnings": totals.warnings,
                    "exit": status,
                }
            )
            + "\n"
        )
    else:
        out.print(summary)
    raise typer.Exit(totals.exit_status)


def _quiet_line(out: Console, totals: Totals, file: str) -> None:
    games, hands, errors, warnings = totals.per_file.get(file, [0, 0, 0, 0])
    out.print(f"{file}: {plural(games, 'game')}, {plural(hands, 'hand')}, {plural(errors, 'error')}, {plural(warnings, 'warning')}")


_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow", Severity.NOTE: "bold cyan"}


def _print_diagnostic(out: Console, d: Diagnostic) -> None:
    text = render_diagnostic(d)
    head, _, rest = text.partition("\n")
    label, _, message = head.partition(": ")
    out.print(f"[{_STYLE[d.severity]}]{escape(label)}[/]: [bold]{escape(message)}[/]")
    if rest:
        out.print(escape(rest))
    out.print()


class ScoreFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command()
def score(
    paths: list[str] = typer.Argument(..., help="Record files, directories (searched for *.42), or - for standard input."),
    fmt: ScoreFormat = typer.Option(
        ScoreFormat.text, "--format", "-f", help="text (tables), json (one object per record, JSON Lines) or csv (one row per hand)."
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
    jobs: int | None = JOBS_OPT,
) -> None:
    """Score every hand: bid, trump, points, made or set, awards, running score, winner.

    Where the record states a result, award, score or winner that disagrees with
    the replay, the table shows both and the exit status is 1.

    \b
    Examples:
      referee score samples/legal/42-game.42
      referee score league.42 --format csv > hands.csv
    """
    import csv

    from .report.scoresheet import CSV_FIELDS, score_table

    out = Console(highlight=False, emoji=False, soft_wrap=False, width=160 if not sys.stdout.isatty() else None)
    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = expand_paths(paths)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    tune_gc()
    totals = Totals(files=len(files))
    writer = None
    if fmt is ScoreFormat.csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
    extract: Callable[[Judged], Any] = {ScoreFormat.csv: _score_rows, ScoreFormat.json: _score_json, ScoreFormat.text: _whole}[fmt]
    with _progress(err, err.is_terminal and fmt is not ScoreFormat.json) as advance:
        for o in outcomes(files, referee, extract, jobs=jobs or default_jobs(), lean=True, share=True):  # rows need no spans
            totals.add_outcome(o)
            advance(o.hands)
            if fmt is ScoreFormat.csv:
                assert writer is not None
                for row in o.data or ():
                    writer.writerow(row)
            elif fmt is ScoreFormat.json:
                sys.stdout.write(f"{o.data}\n")
            else:
                judged = o.data
                if judged is not None and judged.verdict is not None and judged.record is not None and judged.record.hands:
                    out.print(score_table(judged))
                    out.print()
                for d in o.diagnostics:
                    if d.is_syntax:
                        _print_diagnostic(err, d)
    if fmt is ScoreFormat.text:
        out.print(totals.summary())
    else:
        err.print(totals.summary())
    raise typer.Exit(totals.exit_status)


def _score_rows(j: Judged) -> list[dict[str, Any]]:
    """``score --format csv``: the rows of one record (run in the worker processes)."""
    from .report.scoresheet import hand_rows

    return list(hand_rows(j))


def _score_json(j: Judged) -> str:
    """``score --format json``: the line of one record."""
    from .report.scoresheet import hand_rows

    v = j.verdict
    doc = {
        "file": j.file,
        "record": j.index,
        "rules": v.rules if v else None,
        "hands": list(hand_rows(j)),
        "score": v.score if v else None,
        "winner": v.winner if v else None,
        "errors": sum(d.is_error for d in j.diagnostics),
    }
    return json.dumps(doc)


def _whole(j: Judged) -> Judged:
    return j


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
    stream = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
    tune_gc()
    totals = Totals(files=len(files))
    first = True
    try:
        if to is ToFormat.json:
            stream.write("[")
        extract = _record_text if to is ToFormat.text else _record_json
        with _progress(err, err.is_terminal) as advance:
            for o in _convert_source(files, source, referee, extract, jobs or default_jobs()):
                totals.add_outcome(o)
                advance(o.hands)
                if o.hands is None or o.data is None:
                    for d in o.diagnostics:
                        _print_diagnostic(err, d)
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
    finally:
        if output:
            stream.close()
    err.print(totals.summary())
    raise typer.Exit(totals.exit_status)


def _record_json(j: Judged) -> str | None:
    """``convert --to json/jsonl``: the document of one record (run in the worker processes)."""
    from .interchange.documents import Document

    if j.record is None:
        return None
    return Document(file=j.file, index=j.index, record=j.record, verdict=j.verdict).model_dump_json(exclude_none=False)


def _record_text(j: Judged) -> str | None:
    """``convert --to text``: one record in the canonical notation (as ``fmt`` writes it)."""
    from .notation.writer import format_game
    from .report.canonical import canonical

    return None if j.record is None else format_game(canonical(j.record, j.verdict))


def _convert_source(
    files: list[str], source: FromFormat, referee: Referee, extract: Callable[[Judged], str | None], jobs: int
) -> Iterator[Outcome[str | None]]:
    if source is FromFormat.text:
        yield from outcomes(files, referee, extract, jobs=jobs)
        return
    from .interchange.jsonread import read_documents

    for name in files:
        for index, record, problems in read_documents(name):
            verdict = referee.judge(record, file=name, game_index=index) if record is not None else None
            diagnostics = problems + (verdict.diagnostics if verdict else [])
            yield outcome_of(Judged(name, index, record, verdict, diagnostics), extract)


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
    from .interchange.documents import schema_text

    text = schema_text(kind.value)
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


@app.command()
def fmt(
    paths: list[str] = typer.Argument(..., help="Record files or directories (searched for *.42)."),
    check_only: bool = typer.Option(False, "--check", help="Change nothing; list files that are not canonical (exit 1)."),
    diff: bool = typer.Option(False, "--diff", help="Change nothing; show what would change as a unified diff."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
) -> None:
    """Rewrite records in the canonical form: tags in order, tiles high end first,
    one trick per line, seat labels written out. Comments survive.

    A file with a syntax error is left untouched (exit 2).

    \b
    Examples:
      referee fmt samples/
      referee fmt --check league/
      referee fmt --diff game.42
    """
    import difflib

    from .notation.writer import format_game
    from .report.canonical import canonical

    out = Console(highlight=False, emoji=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = [f for f in expand_paths(paths) if f != "-"]
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    status = 0
    for name in files:
        with open(name, encoding="utf-8", errors="replace") as f:
            before = f.read()
        parts: list[str] = []
        broken = False
        for judged in judge_paths([name], referee):
            syntax = [d for d in judged.diagnostics if d.is_syntax]
            if judged.record is None or syntax or any(h.unreadable for h in judged.record.hands):
                broken = True
                for d in syntax:
                    _print_diagnostic(err, d)
                continue
            parts.append(format_game(canonical(judged.record, judged.verdict)))
        if broken:
            err.print(f"{name}: not formatted (syntax errors)")
            status = 2
            continue
        after = "\n".join(parts)
        if after == before:
            continue
        if diff:
            sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True), name, name + " (canonical)"))
            status = max(status, 1)
        elif check_only:
            out.print(f"{name}: not canonical")
            status = max(status, 1)
        else:
            with open(name, "w", encoding="utf-8") as f:
                f.write(after)
            out.print(f"{name}: formatted")
    raise typer.Exit(status)


# -- pictures (issue 15): hand diagrams and report pages ---------------------------------------
# Kept together so the block can move when the CLI is rewritten; everything it draws goes
# through referee.report.adapter, the one module that reads the record and verdict models.


class PictureFormat(StrEnum):
    text = "text"
    svg = "svg"


class Moment(StrEnum):
    claim = "claim"
    last = "last"


def _show_moment(trick: int | None, at: Moment | None, hand: int | None, fmt: PictureFormat) -> At:
    """The moment ``show`` draws (see ``report.adapter.At``), or a usage error."""
    if trick is not None and at is not None:
        raise UsageError("give --trick or --at, not both")
    if hand is None and fmt is PictureFormat.svg:
        raise UsageError("--format svg draws one hand: give --hand N")
    if at is None:
        return trick
    return "claim" if at is Moment.claim else "last"


def _hand_svg(record: GameRecord, verdict: GameVerdict, trace: Trace, hand: int, at: At, file: str, referee: Referee) -> str:
    """The SVG diagram of one hand (raises ``PositionError``, a ``ValueError``, for a moment not in it)."""
    from .report.adapter import game_of, hand_diagram
    from .report.svg import hand_svg

    return hand_svg(hand_diagram(record, verdict, trace, hand, at=at, game=game_of(verdict, referee.profiles), file=file))


def _write_or_print(output: str | None, text: str, err: Console) -> None:
    """Write ``text`` to ``output`` (or standard output); a file that cannot be written is a usage error."""
    if output is None:
        sys.stdout.write(text)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as e:
        raise _usage_fail(err, f"cannot write {output}: {e.strerror or e}") from None


@app.command()
def report(
    paths: list[str] = typer.Argument(..., help="Record files, directories (searched for *.42), or - for standard input."),
    output: str = typer.Option(
        ..., "--output", "-O", help="A directory (one NAME.html per record file) or, for a single file, a FILE.html."
    ),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
) -> None:
    """Write one self-contained HTML page per record file: its tags and score sheet,
    then each hand on a page of its own with its diagram, auction, tricks and every
    diagnostic at its place.  Inline CSS and SVG, no scripts, nothing fetched; prints
    one hand per page on A4 or Letter and reads on a phone.

    \b
    Examples:
      referee report samples/legal/42-game.42 -O game.html
      referee report samples/legal/ -O site/
      cat game.42 | referee report - -O game.html
    """
    from .report.adapter import read_views
    from .report.html import report_html

    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = expand_paths(paths)
        targets = _report_targets(files, output)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    status = 0
    for name, target in zip(files, targets, strict=True):
        try:
            views, unread, diagnostics = read_views(name, referee)
        except OSError as e:
            raise _usage_fail(err, f"cannot read {name}: {e.strerror or e}") from None
        page = report_html(views, file="<stdin>" if name == "-" else name, problems=unread)
        _write_or_print(str(target), page, err)
        errors = sum(d.is_error for d in diagnostics)
        err.print(f"{target}: {plural(sum(len(v.hands) for v in views), 'hand')}, {plural(errors, 'error')}")
        status = max(status, exit_status(diagnostics))
    raise typer.Exit(status)


def _report_targets(files: list[str], output: str) -> list[Path]:
    """The page each input file becomes: ``FILE.html`` itself, or ``NAME.html`` in a directory."""
    out = Path(output)
    if out.suffix.lower() in (".html", ".htm") and not out.is_dir():
        if len(files) != 1:
            raise UsageError(f"-O {output}: {len(files)} record files make {len(files)} pages; give a directory")
        if not out.parent.is_dir():
            raise UsageError(f"-O {output}: the directory {out.parent} does not exist")
        return [out]
    if out.exists() and not out.is_dir():
        raise UsageError(f"-O {output}: not a directory, nor a .html file")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"-O {output}: cannot make the directory: {e.strerror or e}") from None
    stems = ["stdin" if f == "-" else Path(f).stem for f in files]
    targets = []
    for i, (f, stem) in enumerate(zip(files, stems, strict=True)):
        if stems.count(stem) > 1:  # the same name in two folders: say which folder
            stem = f"{Path(f).parent.name}-{stem}" if f != "-" else stem
            if sum(1 for g in files if g != "-" and f"{Path(g).parent.name}-{Path(g).stem}" == stem) > 1:
                stem = f"{stem}-{i + 1}"
        targets.append(out / f"{stem}.html")
    return targets


# -- end of pictures -----------------------------------------------------------------------------


@app.command()
def show(
    file: str = typer.Argument(..., help="A record file, or - for standard input."),
    game: int = typer.Option(1, "--game", "-g", min=1, help="Which record (game or logged hand) of the file, from 1."),
    hand: int | None = typer.Option(None, "--hand", "-H", min=1, help="Which hand of the game, from 1 (default: every hand)."),
    trick: int | None = typer.Option(
        None, "--trick", "-T", min=1, help="Show the position before this trick and each player's legal plays."
    ),
    at: Moment | None = typer.Option(
        None, "--at", help="claim: the position at the claim or concession; last: the last trick played (instead of --trick)."
    ),
    fmt: PictureFormat = typer.Option(
        PictureFormat.text, "--format", "-f", help="text (a picture for the terminal) or svg (a hand diagram; needs --hand)."
    ),
    output: str | None = typer.Option(None, "--output", "-O", help="Write the picture to this file instead of standard output."),
    glyphs: bool = typer.Option(False, "--glyphs/--no-glyphs", help="Text: draw tiles as Unicode domino glyphs (default: 6-4)."),
    rules: str = RULES_OPT,
    options: str | None = OPTIONS_OPT,
) -> None:
    """Draw a hand: each player's tiles, the auction, trump, and every trick
    with its leader, winner and points; or the position before a trick, at a
    claim or at the last trick, with each player's legal plays.

    \b
    Examples:
      referee show samples/legal/42-game.42 --hand 2
      referee show samples/legal/42-game.42 --hand 2 --trick 3
      referee show samples/legal/42-game.42 --hand 9 --at claim --format svg -O claim.svg
      referee show samples/broken/42-renege.42 --hand 1 --format svg > renege.svg
    """
    from .report.picture import hand_picture

    out = Console(highlight=False, emoji=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        referee = _referee(rules, options)
        files = expand_paths([file])
        moment = _show_moment(trick, at, hand, fmt)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    from .notation.reader import read_path, read_stream
    from .pipeline import _stdin_lines

    results = read_stream(_stdin_lines(), "<stdin>") if file == "-" else read_path(file)
    for index, rr in enumerate(results, start=1):
        if index != game:
            continue
        if rr.record is None:
            for d in rr.diagnostics:
                _print_diagnostic(err, d)
            raise typer.Exit(2)
        trace: dict[int, list[tuple[HandSnapshot, list[Tile]]]] = {}
        verdict = referee.judge(rr.record, file=files[0], game_index=index, trace=trace)
        hands = range(1, len(rr.record.hands) + 1) if hand is None else [hand]
        if hand is not None and hand > len(rr.record.hands):
            raise _usage_fail(err, f"record {game} has {len(rr.record.hands)} hands, not {hand}")
        problems = [d for d in verdict.diagnostics + rr.diagnostics if hand is None or d.hand in (None, hand)]
        if hand is not None and (moment is not None or fmt is PictureFormat.svg):
            try:
                picture = _hand_svg(rr.record, verdict, trace, hand, moment, files[0], referee)
            except ValueError as e:  # the moment is not in the hand
                raise _usage_fail(err, str(e)) from None
            if fmt is PictureFormat.svg:
                _write_or_print(output, picture, err)
                raise typer.Exit(2 if any(d.is_syntax for d in problems) else 1 if any(d.is_error for d in problems) else 0)
        target = Console(file=io.StringIO(), width=120, highlight=False, emoji=False, soft_wrap=True) if output else out
        for h in hands:
            target.print(hand_picture(rr.record, verdict, h, trace.get(h, []), glyphs=glyphs, at=moment, profiles=referee.profiles))
        for d in problems:
            _print_diagnostic(target, d)
        if output:
            assert isinstance(target.file, io.StringIO)
            _write_or_print(output, target.file.getvalue(), err)
        raise typer.Exit(2 if any(d.is_syntax for d in problems) else 1 if any(d.is_error for d in problems) else 0)
    raise _usage_fail(err, f"{file} has fewer than {game} records")


@app.command()
def simulate(
    rules: str = typer.Option("42", "--rules", "-r", help="The game: 42, moon, 88, or a house-rule file (.toml)."),
    options: str | None = typer.Option(None, "--options", "-o", help='Options, e.g. "all-pass=forced scoring=points".'),
    games: int = typer.Option(1, "--games", "-n", min=1, help="How many complete games to write."),
    seed: int = typer.Option(0, "--seed", "-s", help="Random seed: the same seed writes the same games, byte for byte."),
    players: str = typer.Option(
        "sensible", "--players", help="sensible (bid on hand strength, play to win) or random (uniform legal choices)."
    ),
    output: str | None = typer.Option(None, "--output", "-O", help="Write to this file instead of standard output."),
) -> None:
    """Write complete, legal, reproducible games in the notation.

    \b
    Examples:
      referee simulate --games 100 --seed 1 -O games.42
      referee simulate --rules moon --games 10
      referee simulate --rules 88 --options scoring=marks --games 5
    """
    from rich.progress import Progress

    from .notation.writer import format_game
    from .play.simulate import simulate_games

    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        if players not in ("sensible", "random"):
            raise UsageError(f"--players: {players!r} is not sensible or random")
        referee = _referee(rules, options)
        chosen = make_rules(referee.defaults[0], referee.defaults[1], referee.profiles)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    stream = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
    show = err.is_terminal
    try:
        with Progress(console=err, disable=not show, transient=True) as progress:
            task = progress.add_task("simulating", total=games)
            for i, record in enumerate(simulate_games(chosen, games, seed, players=players)):
                if i:
                    stream.write("\n")
                stream.write(format_game(record))
                progress.advance(task)
    finally:
        if output:
            stream.close()


@app.command("rules")
def rules_command(
    rules: list[str] = typer.Option([], "--rules", "-r", help="Also list the profile of this house-rule file (.toml); may be repeated."),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="text for people, json for programs."),
) -> None:
    """List the rule profiles and every option: its values, default, meaning and source.

    \b
    A house-rule file defines a named profile from a built-in one:
      [profile]
      name = "friday-league"
      base = "42"
      [options]
      nello = "on"
      all-pass = "forced"
    Check records with `referee check --rules friday.toml`; a record names it
    with [Rules "friday-league"].

    \b
    Examples:
      referee rules
      referee rules --rules friday.toml --format json
    """
    from .report.rulesdoc import rules_json, rules_text

    err = Console(stderr=True, highlight=False, emoji=False)
    houses: list[Profile] = []
    try:
        for file in rules:
            _name, profiles = _profile(file)
            houses.extend(profiles.values())
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    sys.stdout.write(json.dumps(rules_json(houses), indent=2) + "\n" if fmt is Format.json else rules_text(houses))
