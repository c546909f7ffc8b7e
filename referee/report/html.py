"""Report pages: one self-contained HTML page per record file.

A club posting last night's games, or a director filing a ruling, wants a page
that opens anywhere, prints one hand to a sheet and reads on a phone: inline CSS
and SVG, no scripts, nothing fetched.  What comes from the record or its file name is
text on the page, never markup: Jinja2 escapes it, ``_shown`` shows its control
characters as escapes, and a Content-Security-Policy forbids any script and any style
but the page's own, should anything ever slip through.  The page is a Jinja2 template
(``templates/report.html.j2``, shipped as package data) filled from the plain
``RecordView``/``Diagram`` data of ``referee.report.diagram``; the diagrams are
``referee.report.svg.hand_svg`` drawn table-only, with the auction, tricks and
diagnostics beside them as text.

Per-play analysis (``report --analysis``, from ``report.analysis.page_analysis``)
plugs in through ``analysis``: a mapping from (record index, hand's place in its
record) to a ``HandAnalysis``, whose ``costs`` give, for (trick, seat), what that
play cost its side (points, or tricks in Moon and nello), whose ``losing`` names
the (trick, seat) of the play that lost the hand, and whose ``summary`` says it
in a line under the tricks.  The page shows a cost beside each play that has one
and marks the losing play; without ``analysis`` nothing of it appears.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TypedDict

import jinja2
from markupsafe import Markup

from .. import __version__
from .diagram import Diagram, Note, RecordView, TrickView, tile_label
from .escaping import visible
from .svg import STYLE, hand_svg

__all__ = ["Analysis", "HandAnalysis", "IndexEntry", "index_html", "report_html"]


class HandAnalysis(TypedDict, total=False):
    """What the analysis says about one hand (every key optional)."""

    costs: Mapping[tuple[int, str], int]
    """(trick, seat) -> what the play cost its side against the best play."""
    losing: tuple[int, str]
    """(trick, seat) of the play that lost the hand."""
    summary: str
    """A line of words: the opening value, the play that lost the hand; or why it is not analysed."""


Analysis = Mapping[tuple[int, int], HandAnalysis]
"""(record index, hand's place in its record) -> the analysis of that hand."""


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("referee.report", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        finalize=_shown,
    )
    env.filters["tile"] = tile_label
    env.filters["content_security_policy"] = content_security_policy
    return env


def _shown(value: object) -> object:
    """Every value the template prints: control characters of data as escapes (``escaping.visible``);
    markup the program built (a diagram's SVG) as it is.  Autoescape then escapes the rest."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return visible(value)
    return value


def content_security_policy(page_style: str) -> str:
    """The page's policy: no script, no fetch, no frame, no form; the page's style sheet and
    the diagrams' (by their SHA-256, as CSP hashes inline styles) and no other.

    >>> policy = content_security_policy("body { margin: 0 }")
    >>> policy.startswith("default-src 'none'; style-src 'sha256-") and "script" not in policy
    True
    """
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()}'" for css in (page_style, STYLE))
    return f"default-src 'none'; style-src {hashes}; base-uri 'none'; form-action 'none'"


def _cells(d: Diagram, trick: TrickView) -> list[object]:
    """One cell per seat in table order: the play there, or None."""
    by_seat = {p.seat: p for p in trick.plays}
    return [by_seat.get(s.label) for s in d.seats]


def _notes_by_trick(d: Diagram) -> dict[int, list[Note]]:
    out: dict[int, list[Note]] = {}
    for n in d.notes:
        if n.item == "play" and n.trick is not None and any(t.number == n.trick for t in d.tricks):
            out.setdefault(n.trick, []).append(n)
    return out


def report_html(records: Sequence[RecordView], *, file: str, problems: Sequence[Note] = (), analysis: Analysis | None = None) -> str:
    """The page of one file: a cover with each record's tags and score sheet, then
    one section (one printed page) per hand with its diagram, auction, tricks and
    every diagnostic beside the item it concerns.  ``problems``: what kept parts of the
    file from being read as records, listed on the cover."""
    hands = []
    for r in records:
        for d in r.hands:
            by_trick = _notes_by_trick(d)
            placed = {id(n) for ns in by_trick.values() for n in ns}
            hands.append(
                {
                    "record": r,
                    "diagram": d,
                    "svg": None if d.sheet else Markup(hand_svg(d, table_only=True)),
                    "cells": {t.number: _cells(d, t) for t in d.tricks},
                    "trick_notes": by_trick,
                    "notes": {item: [n for n in d.notes if n.item == item and id(n) not in placed] for item in _ITEMS},
                    "analysis": (analysis or {}).get((r.index, d.hand), {}),
                }
            )
    many = len(records) > 1
    return (
        _environment()
        .get_template("report.html.j2")
        .render(file=file, records=records, hands=hands, many=many, problems=problems, version=__version__)
    )


_ITEMS = ("deal", "auction", "exchange", "trump", "play", "claim", "result", "hand")


class IndexEntry(TypedDict):
    """One page of a report directory, as its index lists it."""

    href: str
    """The page's file name, relative to the index."""
    file: str
    """The record file it was made from."""
    events: list[str]
    """The ``[Event]`` tags of its records, each once."""
    games: int
    hands: int
    errors: int
    warnings: int


def index_html(pages: Sequence[IndexEntry]) -> str:
    """The index of a report directory (``index.html``): a link to every page, with the
    events, games, hands, errors and warnings of each."""
    return _environment().get_template("index.html.j2").render(pages=pages, version=__version__)
