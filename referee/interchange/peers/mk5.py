"""mk5 game links read into records.

A link holds no tiles and no seats: the deal comes from the seed (mk5's shuffle,
``shuffles.mk5_deal``, one million more for each later hand and each redeal) or, for
the first hand only, from the packed hands of ``i=``; the seats follow from the
dealer (calls go round from the dealer's left) and from the trick winners (the
referee's trump tables, which rank every declaration mk5 plays the same way).

Two readings are tried where mk5's own writer may have gone wrong.  Since v3 a link
shared after the first hand carries the seed and dealer of the hand being played
with the whole action list, which mk5 itself cannot replay; and nello, sevens,
plunge and splash are written as ``~?``.  Each reading is judged, and the one whose
plays fit the deal is kept, with a note in the record and from ``convert``.

>>> [(r.tag("Seed"), len(r.hands), [str(c.amount) for c in r.hands[0].calls]) for _, r, _ in read_links("?s=9ix&a=CAAAW", "x")]
[('12345', 1, ['30', 'None', 'None', 'None'])]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...engine.declarations import Declaration, table_for
from ...engine.tiles import Tile
from ...notation.record import Call, Dealt, GameRecord, HandRecord, Play, Tag, TrickRecord, TrumpRecord
from .common import PEER_GAME, SOUTH_FIRST, PeerError, PeerRead, error_diagnostic, note_diagnostic
from .mk5_link import Event, Link, parse_link
from .shuffles import mk5_deal

__all__ = ["LAYER_OPTIONS", "NEXT_SEED", "PARTNER_LEADS", "canonical_acks", "read_links"]

NEXT_SEED = 1_000_000
"""What mk5 adds to the seed for each later hand and each redeal."""

LAYER_OPTIONS = {"n": "nello", "p": "plunge", "S": "splash", "v": "sevens"}
"""mk5's layer codes (``l=``) of the special contracts, and the referee's options."""

PARTNER_LEADS = "plunge-lead=partner"
"""The option mk5 plays with a plunge or splash on: the partner who names trump leads
(``getFirstLeader`` passes the trump selector through, ``src/game/layers/doubles-bid-factory.ts``)."""

_MAX_READINGS = 64

_Reading = tuple[int, GameRecord, int, dict[Event, str], bool]
"""A reading judged: its errors, its record, its seed shift, its ``~?`` choices, and
whether a partner led after a plunge or splash."""


@dataclass
class _Draft:
    """One hand as the link's events give it, before seats are worked out."""

    calls: list[Event] = field(default_factory=list)
    trump: Event | None = None
    tricks: list[list[Event]] = field(default_factory=list)
    open: list[Event] = field(default_factory=list)
    end: str | None = None
    """'score' or 'redeal' when the link goes on to the next hand."""


def read_links(text: str, file: str) -> Iterator[PeerRead]:
    """One record per link of ``text`` (a link, a query string, or a file of links one per
    line; blank lines and lines starting with ``#`` are skipped)."""
    index = 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        index += 1
        try:
            link = parse_link(line, number)
            record, notes = link_record(link)
        except PeerError as e:
            yield index, None, [error_diagnostic(e, file, index)]
            continue
        yield index, record, [note_diagnostic(n, file, index, number) for n in notes]


def canonical_acks(players: str, version: str) -> tuple[str, str]:
    """The agreements mk5 records before each completed trick and scored hand: each human
    player's, in seat order (its consensus layer, always on in v3)."""
    if version != "v3":
        return "", ""
    humans = [p for p, kind in enumerate(players) if kind == "h"]
    return "".join("5678"[p] for p in humans), "".join("9-_."[p] for p in humans)


def link_record(link: Link) -> tuple[GameRecord, list[str]]:
    """The record of one link and the notes on what was inferred."""
    drafts, acks = _walk(link)
    unknown = _unknowns(link, drafts)
    shifts = [0]
    hands_ended = len(drafts) - 1
    if link.version == "v3" and hands_ended > 0 and (link.seed is None or link.seed - hands_ended * NEXT_SEED >= 0):
        shifts.append(hands_ended)
    choice_sets = list(itertools.product(*[options for _, options in unknown]))
    judged: list[_Reading] = []
    for shift, picked in list(itertools.product(shifts, choice_sets))[:_MAX_READINGS]:
        choices = dict(zip([e for e, _ in unknown], picked, strict=True))
        record, partner_led = _record(link, drafts, shift, choices, acks)
        judged.append((_errors(record), record, shift, choices, partner_led))
    best = min(e for e, *_ in judged)
    fits = [j for j in judged if j[0] == best]
    _, record, shift, choices, partner_led = fits[0]
    notes = _notes(link, drafts, shift, choices, partner_led, unknown, fits)
    record.tags[0].comments = tuple(notes)
    return record, notes


def _walk(link: Link) -> tuple[list[_Draft], list[str]]:
    """The link's events cut into hands, and the agreements before each completed trick
    and scored hand (one group each, and the group still open at the end)."""
    drafts = [_Draft()]
    acks = [""]
    for ev in link.events:
        h = drafts[-1]
        kind = ev.name
        if kind.startswith("ack-"):
            acks[-1] += ev.text
            continue
        bidding = len(h.calls) < 4 and h.trump is None
        if kind == "pass" or kind.startswith(("bid-", "marks-", "special-", "timeout-")) or (kind == "unknown" and bidding):
            if kind.startswith("timeout-"):
                _fail(link, ev, "a timeout is not an action of the game, and mk5 cannot replay it")
            if kind.startswith("special-") and kind not in ("special-plunge", "special-splash"):
                _fail(link, ev, f"`{ev.text}` ({kind[8:]}) is an event mk5 never wrote and cannot replay")
            if not bidding:
                _fail(link, ev, "a fifth call: the auction of this hand is over")
            h.calls.append(ev)
        elif kind == "redeal":
            if len(h.calls) != 4 or any(c.name != "pass" for c in h.calls):
                _fail(link, ev, "a redeal (`B`) comes only after four passes")
            h.end = "redeal"
            drafts.append(_Draft())
        elif kind.startswith("trump-") or kind == "unknown":
            if len(h.calls) < 4 or all(c.name == "pass" for c in h.calls) or h.trump is not None:
                what = (
                    "trump is named only once, after an auction someone won"
                    if kind != "unknown"
                    else "`~?` here is no action mk5 can replay"
                )
                _fail(link, ev, what)
            h.trump = ev
        elif kind.startswith("play-"):
            if h.trump is None:
                _fail(link, ev, "a tile played before trump was named")
            h.open.append(ev)
        elif kind == "trick":
            if not h.open:
                _fail(link, ev, "a trick completed (`3`) with no tile played to it")
            h.tricks.append(h.open)
            h.open = []
            acks.append("")
        elif kind == "score":
            if h.open or not h.tricks:
                _fail(link, ev, "the hand is scored (`4`) before its tricks are complete")
            h.end = "score"
            drafts.append(_Draft())
            acks.append("")
        else:
            _fail(link, ev, f"`{ev.text}` is not an action of the game")
    return drafts, acks


def _fail(link: Link, ev: Event, message: str) -> None:
    raise PeerError(message, link.line, ev.column, line_text=link.text, width=len(ev.text))


def _unknowns(link: Link, drafts: list[_Draft]) -> list[tuple[Event, tuple[str, ...]]]:
    """Each ``~?`` event and the contracts it may stand for (plunge or splash among the
    calls, nello or sevens as the trump), by the layers the link turns on."""
    layers = {LAYER_OPTIONS[c] for c in link.layers if c in LAYER_OPTIONS}
    found: list[tuple[Event, tuple[str, ...]]] = []
    for h in drafts:
        for ev in h.calls:
            if ev.name == "unknown":
                found.append((ev, tuple(c for c in ("plunge", "splash") if c in layers) or ("plunge", "splash")))
        if h.trump is not None and h.trump.name == "unknown":
            found.append((h.trump, tuple(c for c in ("nello", "sevens") if c in layers) or ("nello", "sevens")))
    return found


def _declaration(name: str) -> Declaration:
    if name == "nello":
        return Declaration("nello", doubles_suit=True)
    if name == "sevens":
        return Declaration("sevens")
    word = name[6:]
    if word.isdigit():
        return Declaration("suit", int(word))
    return Declaration(word)


def _record(link: Link, drafts: list[_Draft], shift: int, choices: dict[Event, str], acks: list[str]) -> tuple[GameRecord, bool]:
    """The record of one reading: ``shift`` hands back for the seed and dealer (0: as
    written), ``choices`` for the ``~?`` events."""
    seed0 = None if link.seed is None else link.seed - shift * NEXT_SEED
    dealer0 = (link.dealer - shift) % 4
    hands: list[HandRecord] = []
    options = {LAYER_OPTIONS[c] for c in link.layers if c in LAYER_OPTIONS}
    partner_led = False
    for k, draft in enumerate(drafts):
        dealer = (dealer0 + k) % 4
        hand = HandRecord(number=k + 1, dealer=SOUTH_FIRST[dealer])
        deal = mk5_deal(seed0 + k * NEXT_SEED) if seed0 is not None else link.hands if k == 0 else None
        if deal is not None:
            hand.deal = [Dealt(seat, list(deal[SOUTH_FIRST.index(seat)])) for seat in "NESW"]
        contract, declarer, top = None, None, 0
        for i, ev in enumerate(draft.calls):
            player = (dealer + 1 + i) % 4
            seat = SOUTH_FIRST[player]
            name = choices.get(ev, ev.name) if ev.name == "unknown" else ev.name
            if name == "pass":
                hand.calls.append(Call(seat))
                continue
            declarer = player
            if name.startswith("bid-"):
                hand.calls.append(Call(seat, int(name[4:])))
                continue
            if name.startswith("marks-"):
                top = int(name[6:])
                hand.calls.append(Call(seat, 42 * top))
                continue
            contract = name.removeprefix("special-")
            top = max(4, top + 1) if contract == "plunge" else min(3, max(2, top + 1))  # doubles-bid-factory.ts
            options.add(contract)
            hand.calls.append(Call(seat, 42 * top, contract=contract))  # type: ignore[arg-type]  # plunge or splash
        if draft.trump is not None and declarer is not None:
            name = choices.get(draft.trump, draft.trump.name) if draft.trump.name == "unknown" else draft.trump.name
            declaration = _declaration(name)
            if declaration.kind in ("nello", "sevens"):
                options.add(declaration.kind)
            caller = (declarer + 2) % 4 if contract is not None else None
            hand.trump = TrumpRecord(
                kind=declaration.kind,  # type: ignore[arg-type]  # the engine's declaration kinds
                suit=declaration.suit,
                by=SOUTH_FIRST[caller] if caller is not None else None,
            )
            leader = caller if caller is not None else declarer
            partner_led = partner_led or caller is not None
            out = (declarer + 2) % 4 if declaration.kind == "nello" else None
            hand.tricks = _tricks(draft, declaration, leader, out)
        hands.append(hand)
    tags = [Tag("Rules", PEER_GAME)]
    chosen = [f"{name}=on" for name in ("nello", "plunge", "splash", "sevens") if name in options]
    if options & {"plunge", "splash"}:
        chosen.append(PARTNER_LEADS)
    if chosen:
        tags.append(Tag("Options", " ".join(chosen)))
    if link.target is not None:
        tags.append(Tag("Target", f"{link.target} marks"))
    tags.append(Tag("Source", "mk5"))
    if seed0 is not None:
        tags.append(Tag("Seed", str(seed0)))
    tags.append(Tag("Settings", link.template))
    if shift:
        tags.append(Tag("Reading", f"seed and dealer of hand {shift + 1}"))
    trick_acks, score_acks = canonical_acks(link.players, link.version)
    progress = [kind for d in drafts for kind in ["trick"] * len(d.tricks) + (["score"] if d.end == "score" else [])]
    expected = [score_acks if kind == "score" else trick_acks for kind in progress] + [""]
    if acks != expected:
        tags.append(Tag("Acks", ",".join(acks)))
    record = GameRecord(tags=tags, hands=hands)
    return _settle(record, drafts), partner_led


def _settle(record: GameRecord, drafts: list[_Draft]) -> GameRecord:
    """Drop the hand mk5 would not deal (after the score of the hand that won the game),
    and mark a game the link leaves unfinished."""
    from ...judging.replay import judge

    verdict = judge(record)
    if verdict.winner is not None and len(record.hands) > 1 and not drafts[-1].calls and drafts[-2].end == "score":
        record.hands.pop()
        verdict = judge(record)
    if verdict.winner is None:
        record.tags.append(Tag("Status", "unfinished"))
    return record


def _tricks(draft: _Draft, declaration: Declaration, leader: int, out: int | None) -> list[TrickRecord]:
    """The tricks of a hand with each play's seat: clockwise from the leader (skipping a
    nello partner), the winner of each trick leading the next."""
    table = table_for(declaration)
    tricks = []
    for plays in [*draft.tricks, draft.open] if draft.open else draft.tricks:
        order = [(leader + i) % 4 for i in range(4) if (leader + i) % 4 != out]
        tiles = [_tile(ev) for ev in plays]
        tricks.append(TrickRecord(plays=[Play(SOUTH_FIRST[p], t) for p, t in zip(order, tiles, strict=False)]))
        if len(tiles) == len(order):
            leader = order[table.winner(tiles)]
    return tricks


def _tile(ev: Event) -> Tile:
    hi, lo = ev.name[5:].split("-")
    return Tile.of(int(hi), int(lo))


def _errors(record: GameRecord) -> int:
    from ...judging.replay import judge

    return judge(record).errors


def _notes(
    link: Link,
    drafts: list[_Draft],
    shift: int,
    choices: dict[Event, str],
    partner_led: bool,
    unknown: list[tuple[Event, tuple[str, ...]]],
    fits: list[_Reading],
) -> list[str]:
    notes = []
    where = f"the seed {link.seed - shift * NEXT_SEED}" if link.seed is not None else "the hands of `i=`"
    notes.append(f"from an mk5 game link ({link.version}); the deals follow from {where} by mk5's own shuffle")
    if shift:
        notes.append(
            f"mk5 wrote this link during hand {shift + 1} with that hand's seed and dealer and every action since hand 1, "
            f"which mk5 cannot replay; read with the seed and dealer of hand 1 ({link.seed - shift * NEXT_SEED if link.seed is not None else 'the hands'}), "
            "the reading whose plays fit the deals"
        )
    for ev, options in unknown:
        chosen = choices[ev]
        other = [o for o in options if o != chosen]
        how = "the only one whose plays fit the deal" if len(fits) == 1 else "the first of several that fit equally"
        if other:
            notes.append(f"`{ev.text}` at column {ev.column} is how mk5 writes a special contract: read as {chosen}, {how}")
        else:
            notes.append(
                f"`{ev.text}` at column {ev.column} is how mk5 writes a special contract: read as {chosen}, the only one the link's layers allow"
            )
    if partner_led:
        notes.append("after a plunge or splash mk5 has the partner who named trump lead the first trick: judged with plunge-lead=partner")
    if link.hands is not None and len(drafts) > 1:
        notes.append("the link holds the first hand's tiles only: mk5 deals the later hands from a seed it does not write")
    return notes
