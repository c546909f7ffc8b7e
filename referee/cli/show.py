"""``referee show`` and ``referee report``: a hand as text or SVG, a file as an HTML page."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .app import app
from .common import OPTIONS_OPT, PATHS_HELP, RULES_OPT, consoles
from .params import Command, choice_option, complete_paths, number_option, paths_argument

if TYPE_CHECKING:
    from rich.console import Console

    from ..judging.judged import Judged
    from ..judging.replay import Referee, Trace
    from ..judging.verdict import GameVerdict
    from ..notation.record import GameRecord
    from ..report.adapter import At
    from ..report.html import Analysis, IndexEntry


class PictureFormat(StrEnum):
    text = "text"
    svg = "svg"


class Moment(StrEnum):
    claim = "claim"
    last = "last"


def _show_moment(trick: int | None, at: Moment | None, hand: int | None, fmt: PictureFormat) -> At:
    """The moment ``show`` draws (see ``report.adapter.At``), or a usage error."""
    from ..run.inputs import UsageError

    if trick is not None and at is not None:
        raise UsageError("give --trick or --at, not both")
    if hand is None and fmt is PictureFormat.svg:
        raise UsageError("--format svg draws one hand: give --hand N")
    if at is None:
        return trick
    return "claim" if at is Moment.claim else "last"


def _hand_svg(record: GameRecord, verdict: GameVerdict, trace: Trace, hand: int, at: At, file: str) -> str:
    """The SVG diagram of one hand (raises ``PositionError``, a ``ValueError``, for a moment not in it)."""
    from ..judging.verdict import game_of
    from ..report.adapter import PositionError, hand_diagram
    from ..report.svg import hand_svg

    diagram = hand_diagram(record, verdict, trace, hand, at=at, game=game_of(verdict), file=file)
    if diagram.sheet:
        raise PositionError(f"hand {diagram.label or hand} is a score sheet's: it has no plays to draw (`referee score` gives its line)")
    return hand_svg(diagram)


def _write_or_print(output: str | None, text: str, err: Console) -> None:
    """Write ``text`` to ``output`` (or standard output); a file that cannot be written is a usage error."""
    import sys

    from ..run.output import WriteError, write_text
    from .common import _usage_fail

    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_text(output, text)  # all of it or nothing (run/output.py)
    except WriteError as e:
        raise _usage_fail(err, str(e)) from None


@app.command(cls=Command)
def report(
    paths: list[str] = paths_argument(PATHS_HELP),
    output: str = typer.Option(
        ...,
        "--output",
        "-O",
        metavar="DIR|FILE.html",
        help="A directory (one NAME.html per record file) or, for a single file, a FILE.html.",
    ),
    analysis: bool = typer.Option(
        False,
        "--analysis",
        help="Also analyse each hand with a full deal (as `referee analyze` does): the cost beside each costly play, "
        "the play that lost the hand marked, and a line on the opening value.",
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
      referee report samples/legal/42-costly-play.42 --analysis -O costly.html
      cat game.42 | referee report - -O game.html
    """
    from contextlib import suppress

    from ..run.inputs import UsageError, expand_paths
    from .common import _referee, _usage_fail
    from .targets import check_outputs

    _out, err = consoles()
    pages: list[IndexEntry] = []
    try:
        referee = _referee(rules, options)
        files = expand_paths(paths).files
        made = not Path(output).exists()
        targets = _report_targets(files, output)
        check_outputs(targets, files, err)  # never onto an input (targets.py)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    try:
        status = _report_pages(files, targets, output, referee, analysis, err, pages)
    except BaseException:  # an interrupt: the pages written stay (each whole), a directory made for none goes
        if made and Path(output).is_dir():
            with suppress(OSError):
                Path(output).rmdir()  # only if empty
        raise
    raise typer.Exit(status)


def _report_pages(
    files: list[str], targets: list[Path], output: str, referee: Referee, analysis: bool, err: Console, pages: list[IndexEntry]
) -> int:
    """Write each file's page (and the index of several), saying each; the exit status."""
    from .. import codes
    from ..diagnostics import exit_status
    from ..judging.isolate import crash_summary
    from ..report.adapter import record_views
    from ..report.escaping import visible
    from ..report.html import IndexEntry, index_html, report_html
    from ..run.inputs import named, shown
    from ..run.output import reason
    from ..run.records import judged_records
    from ..words import plural
    from .common import _usage_fail

    status = 0
    for name, target in zip(files, targets, strict=True):
        try:
            judged = list(judged_records(name, referee, trace=True))  # the trace: each hand's diagram and its analysis
            views, unread, diagnostics = record_views(judged)
        except Exception as e:  # this file only: the other pages are still written (judging/isolate.py)
            problem = (
                f"cannot read {named(name)}: {reason(e)}"
                if isinstance(e, OSError)
                else f"internal error on {named(name)}: {crash_summary(e)}; please report it"
            )
            _usage_fail(err, problem)  # says it; the run goes on
            status = 2
            continue
        unreadable = next((d for d in diagnostics if d.code is codes.S014), None)
        if unreadable is not None:  # no page for a file that could not be read
            _usage_fail(err, visible(unreadable.message, lines=False))  # one line, whatever the file is named
            status = 2
            continue
        solved = _page_analysis([j for j in judged if j.verdict is not None], referee) if analysis else None
        page = report_html(views, file=shown(name), problems=unread, analysis=solved)
        _write_or_print(str(target), page, err)
        errors = sum(d.is_error for d in diagnostics)
        hands = sum(len(v.hands) for v in views)
        err.print(f"{named(target)}: {plural(hands, 'hand')}, {plural(errors, 'error')}")
        status = max(status, exit_status(diagnostics))
        events = [value for v in views for tag, value in v.tags if tag.lower() == "event"]
        pages.append(
            IndexEntry(
                href=target.name,
                file=shown(name),
                events=list(dict.fromkeys(events)),
                games=sum(v.mode == "game" for v in views),
                hands=hands,
                errors=errors,
                warnings=sum(d.severity.value == "warning" for d in diagnostics),
            )
        )
    if len(targets) > 1:  # several pages in a directory: its index links every one
        index = Path(output) / "index.html"
        _write_or_print(str(index), index_html(pages), err)
        err.print(f"{named(index)}: {plural(len(pages), 'page')}")
    return status


def _page_analysis(judged: list[Judged], referee: Referee) -> Analysis:
    """The analysis a page shows of each hand of the records judged (``report --analysis``),
    each hand within ``analyze``'s default time limit."""
    from ..judging.analysis import DEFAULT_TIME_LIMIT
    from ..report.analysis import page_analysis
    from ..run.analyse import analyse_records

    return page_analysis(analyse_records(judged, referee, time_limit=DEFAULT_TIME_LIMIT))


def _report_targets(files: list[str], output: str) -> list[Path]:
    """The page each input file becomes: ``FILE.html`` itself, or ``NAME.html`` in a directory."""
    from ..run.inputs import UsageError, named

    out = Path(output)
    if out.suffix.lower() in (".html", ".htm") and not out.is_dir():
        if len(files) != 1:
            raise UsageError(f"-O {named(output)}: {len(files)} record files make {len(files)} pages; give a directory")
        if not out.parent.is_dir():
            raise UsageError(f"-O {named(output)}: the directory {named(out.parent)} does not exist")
        return [out]
    if out.exists() and not out.is_dir():
        raise UsageError(f"-O {named(output)}: not a directory, nor a .html file")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"-O {named(output)}: cannot make the directory: {e.strerror or e}") from None
    stems = ["stdin" if f == "-" else Path(f).stem for f in files]
    stems = [f"{stem}-page" if stem.lower() == "index" else stem for stem in stems]  # index.html is the index
    targets = []
    for i, (f, stem) in enumerate(zip(files, stems, strict=True)):
        if stems.count(stem) > 1:  # the same name in two folders: say which folder
            stem = f"{Path(f).parent.name}-{stem}" if f != "-" else stem
            if sum(1 for g in files if g != "-" and f"{Path(g).parent.name}-{Path(g).stem}" == stem) > 1:
                stem = f"{stem}-{i + 1}"
        targets.append(out / f"{stem}.html")
    return targets


@app.command(cls=Command)
def show(
    file: str = typer.Argument(..., metavar="FILE", autocompletion=complete_paths, help="A record file, or - for standard input."),
    game: int | None = number_option(
        None,
        "--game",
        "-g",
        minimum=1,
        help="Which record (game or logged hand) of the file, from 1 (default: the first; with --hand, the first that has that hand).",
    ),
    hand: int | None = number_option(None, "--hand", "-H", minimum=1, help="Which hand, by its written number (default: every hand)."),
    trick: int | None = number_option(
        None, "--trick", "-T", minimum=1, help="Show the position before this trick and each player's legal plays."
    ),
    at: Moment | None = choice_option(
        None, "--at", kind=Moment, help="claim: the position at the claim or concession; last: the last trick played (instead of --trick)."
    ),
    fmt: PictureFormat = choice_option(
        PictureFormat.text, "--format", "-f", help="text (a picture for the terminal) or svg (a hand diagram; needs --hand)."
    ),
    output: str | None = typer.Option(
        None, "--output", "-O", metavar="FILE", help="Write the picture to this file instead of standard output."
    ),
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
    import io

    from .. import codes
    from ..diagnostics import exit_status
    from ..notation.reader import ReadResult
    from ..report.console import Console
    from ..report.picture import hand_picture
    from ..run.inputs import UsageError, expand_paths, named, shown
    from ..run.records import judged_records
    from ..words import plural
    from .common import _print_diagnostic, _referee, _usage_fail
    from .targets import check_outputs

    out, err = consoles()
    try:
        referee = _referee(rules, options)
        expand_paths([file])  # only to say why a path cannot be read
        check_outputs([output], [file], err)  # never onto an input (targets.py)
        moment = _show_moment(trick, at, hand, fmt)
    except UsageError as e:
        raise _usage_fail(err, str(e)) from None
    display = shown(file)

    def wanted(index: int, rr: ReadResult) -> bool:
        """The record to draw: ``--game``'s, or with ``--hand`` alone the first that has the
        hand (an unreadable record is not the one looked for; a file that cannot be read is said)."""
        if game is not None:
            return index == game
        if hand is None:
            return True
        if rr.record is None:
            return any(d.code is codes.S014 for d in rr.diagnostics)
        return hand in _labels(rr.record)

    for j in judged_records(file, referee, trace=True, wanted=wanted):  # only the record drawn is judged
        record, verdict, trace = j.record, j.verdict, j.trace
        if record is None:
            for d in j.diagnostics:
                _print_diagnostic(err, d)
            raise typer.Exit(2)
        labels = _labels(record)
        if hand is not None and hand not in labels:
            raise _usage_fail(err, f"record {game} has no hand {hand}; its hands are {', '.join(map(str, labels)) or 'none'}")
        if verdict is None or trace is None:  # judging it failed (a bug): its S016 says so
            for d in j.diagnostics:
                _print_diagnostic(err, d)
            raise typer.Exit(exit_status(j.diagnostics))
        read = j.diagnostics[: len(j.diagnostics) - len(verdict.diagnostics)]
        diagnostics = verdict.diagnostics + read  # the verdict's first, as show has always printed them
        position = None if hand is None else labels.index(hand) + 1
        hands = range(1, len(record.hands) + 1) if position is None else [position]
        problems = [d for d in diagnostics if hand is None or d.hand in (None, hand)]
        if position is not None and (moment is not None or fmt is PictureFormat.svg):
            try:
                picture = _hand_svg(record, verdict, trace, position, moment, display)
            except ValueError as e:  # the moment is not in the hand
                raise _usage_fail(err, str(e)) from None
            if fmt is PictureFormat.svg:
                _write_or_print(output, picture, err)
                raise typer.Exit(exit_status(problems))
        target = Console(file=io.StringIO(), width=120, highlight=False, emoji=False, soft_wrap=True) if output else out
        for h in hands:
            target.print(hand_picture(record, verdict, h, trace.get(h, []), glyphs=glyphs, at=moment))
        for d in problems:
            _print_diagnostic(target, d)
        if output:
            assert isinstance(target.file, io.StringIO)
            _write_or_print(output, target.file.getvalue(), err)
        raise typer.Exit(exit_status(problems))
    if hand is not None and game is None:
        raise _usage_fail(err, f"{named(file)} has no hand numbered {hand}")
    raise _usage_fail(err, f"{named(file)} has fewer than {plural(game or 1, 'record')}")


def _labels(record: GameRecord) -> list[int]:
    """The written number of each hand of ``record``, in order."""
    return [h.label(i) for i, h in enumerate(record.hands, start=1)]
