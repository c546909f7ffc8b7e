"""``referee select``: the records (or hands) that match filters, in the notation or as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TextIO

import typer

from ..words import plural
from .app import app
from .common import JOBS_OPT, OPTIONS_OPT, PATHS_HELP, consoles
from .params import Command, choice_option, complete_rules, number_option, paths_argument

if TYPE_CHECKING:
    from contextlib import ExitStack

    from ..judging.judged import Judged
    from ..league.select import Filters
    from ..notation.writer import RecordWriter


class SelectFormat(StrEnum):
    text = "text"
    json = "json"
    jsonl = "jsonl"


class Contract(StrEnum):
    nello = "nello"
    plunge = "plunge"
    splash = "splash"
    sevens = "sevens"


class Detail(StrEnum):
    plays = "plays"
    hands = "hands"


class SplitBy(StrEnum):
    clean = "clean"
    game = "game"


@app.command(cls=Command)
def select(
    paths: list[str] = paths_argument(PATHS_HELP),
    tag: list[str] = typer.Option(
        [], "--tag", metavar="NAME=VALUE", help="Records whose tag NAME has this value (repeat: all must match)."
    ),
    player: str | None = typer.Option(
        None,
        "--player",
        metavar="NAME",
        help="Records where NAME sits in any seat (from the seat tags; case, accents and spaces aside: jose finds José).",
    ),
    declarer: str | None = typer.Option(None, "--declarer", metavar="NAME|SEAT", help="A hand declared by this player or seat."),
    trump: str | None = typer.Option(
        None, "--trump", metavar="DECL", help="A hand played with this trump: sixes, 6, doubles, follow-me, nello, sevens."
    ),
    contract: Contract | None = choice_option(None, "--contract", kind=Contract, help="A hand played as this special contract."),
    bid_min: int | None = number_option(None, "--bid-min", minimum=0, help="A hand whose winning bid is at least N."),
    bid_max: int | None = number_option(None, "--bid-max", minimum=0, help="A hand whose winning bid is at most N."),
    made: bool | None = typer.Option(None, "--made/--set", help="A hand whose bid was made (--made) or set (--set)."),
    detail: Detail | None = choice_option(
        None,
        "--detail",
        kind=Detail,
        help='plays: a hand played out, trick by trick; hands: a score sheet\'s hand, written without its plays ([Detail "hands"]).',
    ),
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
        None,
        "--split-by",
        kind=SplitBy,
        help="clean: every record to FILE-clean.EXT or FILE-broken.EXT (a syntax error too, as it was written); "
        "game: one file per game, FILE-0001.EXT, FILE-0002.EXT, ... (needs -O FILE.EXT).",
    ),
    to: SelectFormat = choice_option(
        SelectFormat.text, "--to", "-t", help="text (the notation, canonical), json (one array) or jsonl (one document per line)."
    ),
    output: str | None = typer.Option(None, "--output", "-O", metavar="FILE", help="Write here instead of standard output."),
    jobs: int | None = JOBS_OPT,
) -> None:
    """Write the records that match every filter given, in the notation or as JSON.

    Filters about a hand (--declarer, --trump, --contract, --bid-min, --bid-max,
    --made, --set, --detail) keep a record when one of its hands matches them all; with
    --hands only those hands are written, each as a hand of a log. Names match
    whatever their case, accents and spaces (--player jose finds José). A record
    with a syntax error is not selected (it is named on standard error, exit 2),
    except by --split-by clean, which writes it to the broken file as it was read.

    \b
    Examples:
      referee select samples/league --player Ann
      referee select samples/league --declarer Cy --made --hands
      referee select samples/legal --detail hands
      referee select samples/league --tag Round=2 --to jsonl
      referee select samples/league --split-by clean -O league.42
      referee select samples/league --split-by game -O games/week.42
    """
    import sys
    from functools import partial

    from rich.markup import escape

    from ..engine.games import DEFAULT_GAME
    from ..league.select import Filters
    from ..report.escaping import visible
    from ..run.batch import outcomes
    from ..run.inputs import UsageError, expand_paths
    from ..run.local import default_jobs, tune_gc
    from ..run.outcomes import Totals
    from ..run.output import WriteError
    from .common import _aliases, _referee, _usage_fail
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
            detail=detail.value if detail else None,
            codes=tuple(c.strip().upper() for c in code),
            clean=clean,
            rules=referee.defaults[0] if rules else None,
            aliases=_aliases(referee),
        )
        if split_by is not None and output is None:
            raise UsageError(f"--split-by {split_by.value} writes files named after -O FILE.EXT: give -O (e.g. -O league.42)")
        _check_filters(filters)
        split = split_by.value if split_by is not None else None
        check_outputs(_Outputs.fixed_names(output, split), files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    if rules and referee.profiles:  # a house-rule file: its base game
        filters = _base_game(filters, referee.profiles[referee.defaults[0]].base)
    notes: list[str] = []
    tune_gc()
    totals = Totals(files=len(files))
    chosen = kept_hands = 0
    skipped: list[str] = []
    try:
        with _Outputs(output, split, to.value, files, err) as sink:
            pick = partial(_pick, filters, hands, to.value, split == "clean")
            with Meter(err, files, show=wants_progress() and (output is not None or not sys.stdout.isatty())) as meter:
                for o in outcomes(files, referee, pick, jobs=jobs or default_jobs()):
                    totals.add_outcome(o)
                    meter.advance(o.file, o.hands)
                    syntax = next((d for d in o.diagnostics if d.is_syntax), None)
                    if o.data is None:
                        if o.hands is None or syntax is None:
                            skipped.extend(d.message for d in o.diagnostics if d.is_error)
                        else:
                            skipped.append(f"{syntax.location()}: record {o.index} is not selected: it has a syntax error ({syntax.code})")
                        continue
                    if syntax is not None:  # --split-by clean: written as it was read, to the broken file
                        notes.append(f"{syntax.location()}: record {o.index} has a syntax error ({syntax.code}): written as read")
                    for item in o.data:
                        sink.write(item)
                        chosen += 1
                        kept_hands += item.hands
    except (WriteError, UsageError) as e:  # the file is left as it was (run/output.py)
        raise _usage_fail(err, str(e)) from None
    for line in skipped:  # each one line, whatever the file is named
        err.print(f"[bold red]error[/]: {escape(visible(line, lines=False))}", highlight=False, markup=True)
    for line in notes:
        err.print(f"[bold cyan]note[/]: {escape(visible(line, lines=False))}", highlight=False, markup=True)
    where = sink.written_to()
    err.print(
        f"selected {plural(chosen, 'record')} ({plural(kept_hands, 'hand')}) of {plural(totals.hands, 'hand')} in {plural(totals.files, 'file')}"
        + (f", written to {where}" if where else ""),
        highlight=False,
    )
    raise typer.Exit(2 if skipped or notes or totals.exit_status == 2 else 0)


def _pair(text: str) -> tuple[str, str]:
    from ..run.inputs import UsageError

    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise UsageError(f"--tag: {text!r} is not NAME=VALUE")
    return name.strip(), value


def _check_filters(filters: Filters) -> None:
    """A filter that could never match is a mistake to say, not an empty output."""
    from ..codes import CATALOG
    from ..notation.items.trump import declaration
    from ..run.inputs import UsageError
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


@dataclass(frozen=True, slots=True)
class _Picked:
    """One record (or hand) ``select`` writes: whether it is clean, its hands, what to write
    (a canonical record, the text as read, or a JSON document) and the game it belongs to."""

    clean: bool
    hands: int
    payload: Any
    group: tuple[Any, ...]
    """The same for the records of one game file (``--split-by game``): a game, its hands
    taken out with ``--hands``, or the consecutive hands of one log."""
    verbatim: bool = False
    """``payload`` is the record's text as read and whether it has a header (a syntax
    error: it cannot be rewritten)."""


def _pick(filters: Filters, hands: bool, to: str, keep_unreadable: bool, j: Judged) -> list[_Picked] | None:
    """What ``select`` writes of one judged record (run in the worker processes): for each
    record or hand kept, whether it is clean, its hands, and its canonical record or JSON.
    None for a record with a syntax error (never selected), unless ``keep_unreadable``
    (``--split-by clean``): then the record goes to the broken file, as it was read."""
    from dataclasses import replace

    from ..interchange.jsontext import document_json
    from ..judging.judged import Judged
    from ..league.select import selected
    from ..report.canonical import canonical

    if j.record is None:
        return None
    if any(d.is_syntax for d in j.diagnostics) or any(h.unreadable for h in j.record.hands):
        if not keep_unreadable:
            return None
        source = j.record.source
        if to != "text":
            return [_Picked(False, len(j.record.hands), document_json(j), (j.file, j.index))]
        if source is None:
            return None
        text = ("".join(seg.text for seg in source.segments), bool(j.record.tags))
        return [_Picked(False, len(j.record.hands), text, (j.file, j.index), verbatim=True)]
    out: list[_Picked] = []
    for s in selected(filters, j, hands=hands):
        if to == "text":
            payload: Any = replace(canonical(s.record, s.verdict), source=None)
        else:
            payload = document_json(Judged(j.file, j.index, s.record, s.verdict, s.verdict.diagnostics if hands else j.diagnostics))
        game = hands or s.record.mode == "game"
        group = (j.file, j.index) if game else (j.file, tuple((t.name, t.value) for t in s.record.tags))
        out.append(_Picked(s.clean, len(s.record.hands), payload, group))
    return out


class _Outputs:
    """Where ``select`` writes: standard output or ``-O FILE``; with ``--split-by clean`` a
    clean and a broken file (``FILE-clean.EXT``, ``FILE-broken.EXT``); with ``--split-by
    game`` one file per game (``FILE-0001.EXT``, ...).  Each file is written atomically
    (``run.output.atomic_write``): it appears whole once its last record is written, and a
    run that fails leaves the file it was writing as it was."""

    def __init__(self, output: str | None, split: str | None, to: str, inputs: list[str], err: Any) -> None:
        from pathlib import Path

        self.path = Path(output) if output else None
        self.split = split
        self.to = to
        self.inputs = inputs
        self.err = err
        self.streams: dict[str, _Stream] = {}
        self.names: list[str] = []
        self.group: tuple[Any, ...] | None = None

    def __enter__(self) -> _Outputs:
        if self.split == "clean":
            for kind in ("clean", "broken"):
                self._start(kind, self._name(kind))
        elif self.split is None:
            self._start("all", str(self.path) if self.path else None)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        """Each file is finished: written whole, or (after a failure, its own or another's)
        left as it was, its temporary file removed."""
        failed: BaseException | None = None
        for key in list(self.streams):
            try:
                self._finish(key, kind, error, trace)
            except BaseException as e:  # the files after it are given up, not half written
                failed = failed or e
                kind, error, trace = type(e), e, e.__traceback__
        if failed is not None:
            raise failed

    def _name(self, kind: str) -> str:
        assert self.path is not None
        return self.split_name(self.path, kind)

    @staticmethod
    def split_name(output: Any, kind: str) -> str:
        """``FILE-KIND.EXT`` beside ``-O FILE.EXT``."""
        from pathlib import Path

        path = Path(output)
        return str(path.with_name(f"{path.stem}-{kind}{path.suffix}"))

    @staticmethod
    def fixed_names(output: str | None, split: str | None) -> list[str | None]:
        """The files known before any record is read (``--split-by game`` names the rest as
        its games come, and each is checked then)."""
        if split == "clean" and output:
            return [_Outputs.split_name(output, kind) for kind in ("clean", "broken")]
        return [output] if split is None else []

    def _start(self, key: str, name: str | None) -> None:
        import sys
        from contextlib import ExitStack

        from ..notation.writer import RecordWriter
        from ..run.output import atomic_write

        if name and self.split == "game":
            from .targets import check_outputs

            check_outputs([name], self.inputs, self.err)  # never onto an input (targets.py)
        stack = ExitStack()
        stream = stack.enter_context(atomic_write(name)) if name else sys.stdout
        if name:
            self.names.append(name)
        if self.to == "json":
            stream.write("[")
        self.streams[key] = _Stream(stack, stream, RecordWriter())

    def _finish(self, key: str, *exc: Any) -> None:
        out = self.streams.pop(key)
        if self.to == "json" and exc[0] is None:
            out.stream.write("\n]\n")
        out.stack.__exit__(*exc) if exc else out.stack.close()

    def write(self, item: _Picked) -> None:
        if self.split == "game" and item.group != self.group:
            if self.group is not None:
                self._finish("game")
            self.group = item.group
            self._start("game", self._name(f"{len(self.names) + 1:04d}"))
        key = {"clean": "clean" if item.clean else "broken", "game": "game"}.get(self.split or "", "all")
        out = self.streams[key]
        if self.to == "text" and item.verbatim:
            text, headed = item.payload
            text = text if text.endswith("\n") else text + "\n"
            if not out.first and not headed:  # a hand with no header would be read as the last record's
                text = '[Mode "log"]\n\n' + text
            out.stream.write(("" if out.first else "\n") + text)
            # what follows writes a header of its own, and is never read as part of this record
            out.writer.first, out.writer.in_force, out.writer.log = False, [], False
        elif self.to == "text":
            out.stream.write(out.writer.text(item.payload))
        elif self.to == "json":
            out.stream.write(("\n" if out.first else ",\n") + item.payload)
        else:
            out.stream.write(item.payload + "\n")
        out.first = False

    def written_to(self) -> str:
        """The files written, for the summary line."""
        from ..run.inputs import named

        if self.split == "game" and len(self.names) > 1:
            return f"{plural(len(self.names), 'file')}, {named(self.names[0])} to {named(self.names[-1])}"
        return " and ".join(map(named, self.names))


@dataclass(slots=True)
class _Stream:
    """One output of ``select``: its stream (closed with ``stack``), its record writer, and
    whether nothing is written to it yet."""

    stack: ExitStack
    stream: TextIO
    writer: RecordWriter
    first: bool = True
