"""``referee select``: the records (or hands) that match filters, in the notation or as JSON."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from .app import app
from .common import JOBS_OPT, OPTIONS_OPT, PATHS_HELP, consoles
from .params import Command, choice_option, complete_rules, number_option, paths_argument

if TYPE_CHECKING:
    from ..league.select import Filters
    from ..pipeline import Judged


class SelectFormat(StrEnum):
    text = "text"
    json = "json"
    jsonl = "jsonl"


class Contract(StrEnum):
    nello = "nello"
    plunge = "plunge"
    splash = "splash"
    sevens = "sevens"


class SplitBy(StrEnum):
    clean = "clean"


@app.command(cls=Command)
def select(
    paths: list[str] = paths_argument(PATHS_HELP),
    tag: list[str] = typer.Option(
        [], "--tag", metavar="NAME=VALUE", help="Records whose tag NAME has this value (repeat: all must match)."
    ),
    player: str | None = typer.Option(None, "--player", metavar="NAME", help="Records where NAME sits in any seat (from the seat tags)."),
    declarer: str | None = typer.Option(None, "--declarer", metavar="NAME|SEAT", help="A hand declared by this player or seat."),
    trump: str | None = typer.Option(
        None, "--trump", metavar="DECL", help="A hand played with this trump: sixes, 6, doubles, follow-me, nello, sevens."
    ),
    contract: Contract | None = choice_option(None, "--contract", kind=Contract, help="A hand played as this special contract."),
    bid_min: int | None = number_option(None, "--bid-min", minimum=0, help="A hand whose winning bid is at least N."),
    bid_max: int | None = number_option(None, "--bid-max", minimum=0, help="A hand whose winning bid is at most N."),
    made: bool | None = typer.Option(None, "--made/--set", help="A hand whose bid was made (--made) or set (--set)."),
    code: list[str] = typer.Option(
        [], "--code", metavar="CODE", help="Records with a diagnostic of this code, e.g. E404 (repeat: any of them)."
    ),
    clean: bool | None = typer.Option(None, "--clean/--broken", help="Records without errors (--clean) or with errors (--broken)."),
    rules: str | None = typer.Option(
        None,
        "--rules",
        "-r",
        metavar="42|moon|88|FILE.toml",
        autocompletion=complete_rules,
        help="Records played under these rules (records with no [Rules] tag are read as these).",
    ),
    options: str | None = OPTIONS_OPT,
    hands: bool = typer.Option(False, "--hands", help="Write the matching hands, each as a hand of a log under its record's tags."),
    split_by: SplitBy | None = choice_option(
        None, "--split-by", kind=SplitBy, help="clean: write clean records to FILE-clean and broken ones to FILE-broken (needs -O FILE)."
    ),
    to: SelectFormat = choice_option(
        SelectFormat.text, "--to", "-t", help="text (the notation, canonical), json (one array) or jsonl (one document per line)."
    ),
    output: str | None = typer.Option(None, "--output", "-O", metavar="FILE", help="Write here instead of standard output."),
    jobs: int | None = JOBS_OPT,
) -> None:
    """Write the records that match every filter given, in the notation or as JSON.

    Filters about a hand (--declarer, --trump, --contract, --bid-min, --bid-max,
    --made, --set) keep a record when one of its hands matches them all; with
    --hands only those hands are written, each as a hand of a log. Records with a
    syntax error are never written (they are named on standard error, exit 2).

    \b
    Examples:
      referee select samples/league --player Ann
      referee select samples/league --declarer Cy --made --hands
      referee select samples/league --tag Round=2 --to jsonl
      referee select samples/league --split-by clean -O league.42
    """
    import sys
    from contextlib import ExitStack
    from functools import partial

    from rich.markup import escape

    from ..engine.games import DEFAULT_GAME
    from ..league.select import Filters
    from ..notation.writer import RecordWriter
    from ..output import WriteError, atomic_write
    from ..pipeline import Totals, UsageError, default_jobs, expand_paths, outcomes, tune_gc
    from ..words import plural
    from .common import _referee, _usage_fail
    from .progress import Meter, wants_progress
    from .targets import check_outputs

    _out, err = consoles()
    try:
        referee = _referee(rules or DEFAULT_GAME, options)
        files = expand_paths(paths).files
        filters = Filters(
            tags=tuple(_pair(t) for t in tag),
            player=player,
            declarer=declarer,
            trump=trump,
            contract=contract.value if contract else None,
            bid_min=bid_min,
            bid_max=bid_max,
            made=made,
            codes=tuple(c.strip().upper() for c in code),
            clean=clean,
            rules=referee.defaults[0] if rules else None,
        )
        if split_by is not None and output is None:
            raise UsageError("--split-by clean writes two files: give -O FILE")
        _check_filters(filters)
        check_outputs(_targets(output, split_by is not None).values(), files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    if rules and referee.profiles:  # a house-rule file: its base game
        filters = _base_game(filters, referee.profiles[referee.defaults[0]].base)
    targets = _targets(output, split_by is not None)
    tune_gc()
    totals = Totals(files=len(files))
    chosen = kept_hands = 0
    skipped: list[str] = []
    try:
        with ExitStack() as files_out:
            streams = {k: files_out.enter_context(atomic_write(v)) if v else sys.stdout for k, v in targets.items()}
            writers = {k: RecordWriter() for k in streams}
            first = dict.fromkeys(streams, True)
            if to is SelectFormat.json:
                for s in streams.values():
                    s.write("[")
            pick = partial(_pick, filters, hands, to.value)
            with Meter(err, files, show=wants_progress() and (output is not None or not sys.stdout.isatty())) as meter:
                for o in outcomes(files, referee, pick, jobs=jobs or default_jobs()):
                    totals.add_outcome(o)
                    meter.advance(o.file, o.hands)
                    if o.data is None:
                        syntax = next((d for d in o.diagnostics if d.is_syntax), None)
                        if o.hands is None or syntax is None:
                            skipped.extend(d.message for d in o.diagnostics if d.is_error)
                        else:
                            skipped.append(f"{syntax.location()}: record {o.index} is not selected: it has a syntax error ({syntax.code})")
                        continue
                    for is_clean, n, payload in o.data:
                        key = ("clean" if is_clean else "broken") if split_by is not None else "all"
                        stream = streams[key]
                        if to is SelectFormat.text:
                            stream.write(writers[key].text(payload))
                        elif to is SelectFormat.json:
                            stream.write(("\n" if first[key] else ",\n") + payload)
                        else:
                            stream.write(payload + "\n")
                        first[key] = False
                        chosen += 1
                        kept_hands += n
            if to is SelectFormat.json:
                for s in streams.values():
                    s.write("\n]\n")
    except WriteError as e:  # the file is left as it was (output.py)
        raise _usage_fail(err, str(e)) from None
    for line in skipped:
        err.print(f"[bold red]error[/]: {escape(line)}", highlight=False, markup=True)
    where = " and ".join(str(v) for v in targets.values() if v)
    err.print(
        f"selected {plural(chosen, 'record')} ({plural(kept_hands, 'hand')}) of {plural(totals.hands, 'hand')} in {plural(totals.files, 'file')}"
        + (f", written to {where}" if where else "")
    )
    raise typer.Exit(2 if skipped or totals.exit_status == 2 else 0)


def _pair(text: str) -> tuple[str, str]:
    from ..pipeline import UsageError

    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise UsageError(f"--tag: {text!r} is not NAME=VALUE")
    return name.strip(), value


def _check_filters(filters: Filters) -> None:
    """A filter that could never match is a mistake to say, not an empty output."""
    from ..codes import CATALOG
    from ..notation.itemscan import declaration
    from ..pipeline import UsageError
    from .params import did_you_mean

    for c in filters.codes:
        if c not in CATALOG:
            raise UsageError(f"--code: {c!r} is not a diagnostic code{did_you_mean(c, CATALOG)} (docs/errors.md lists them)")
    if filters.trump is not None and declaration(filters.trump.strip()) is None:
        raise UsageError(
            f"--trump: {filters.trump!r} is not a declaration; write it as a record does: sixes, 6, doubles, follow-me, nello, sevens"
        )
    if filters.bid_min is not None and filters.bid_max is not None and filters.bid_min > filters.bid_max:
        raise UsageError(f"--bid-min {filters.bid_min} is above --bid-max {filters.bid_max}: no bid is both")


def _base_game(filters: Filters, base: str) -> Filters:
    from dataclasses import replace

    return replace(filters, rules=base)


def _targets(output: str | None, split: bool) -> dict[str, str | None]:
    """Where each kind of record goes: one stream, or a clean file and a broken file."""
    if not split:
        return {"all": output}
    assert output is not None
    from pathlib import Path

    path = Path(output)
    return {kind: str(path.with_name(f"{path.stem}-{kind}{path.suffix}")) for kind in ("clean", "broken")}


def _pick(filters: Filters, hands: bool, to: str, j: Judged) -> list[tuple[bool, int, Any]] | None:
    """What ``select`` writes of one judged record (run in the worker processes): for each
    record or hand kept, whether it is clean, its hands, and its canonical record or JSON.
    None for a record with a syntax error (never written)."""
    from dataclasses import replace

    from ..interchange.documents import document_json
    from ..league.select import selected
    from ..pipeline import Judged
    from ..report.canonical import canonical

    if j.record is None or any(d.is_syntax for d in j.diagnostics) or any(h.unreadable for h in j.record.hands):
        return None
    out: list[tuple[bool, int, Any]] = []
    for s in selected(filters, j, hands=hands):
        if to == "text":
            payload: Any = replace(canonical(s.record, s.verdict), source=None)
        else:
            payload = document_json(Judged(j.file, j.index, s.record, s.verdict, s.verdict.diagnostics if hands else j.diagnostics))
        out.append((s.clean, len(s.record.hands), payload))
    return out
