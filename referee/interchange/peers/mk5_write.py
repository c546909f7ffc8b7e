"""Records written as mk5 game links (``convert --to mk5``).

A record goes to one link when mk5 can hold the whole game: its deals follow from
one seed (a record read from a link keeps it in ``[Seed]``), or only the first hand
has a deal (``i=``).  A game dealt otherwise goes to one link per hand, each a game
of its own from the hand's tiles and dealer, and the writer says so.  A record read
from a link is written back in its own version, with its own settings
(``[Settings]``), agreements (``[Acks]``) and, where mk5's writer put the seed and
dealer of a later hand, that reading (``[Reading]``): the same link comes back.

What mk5 cannot hold is refused, per record and naming it: another game than 42,
points scoring, a forced bid, follow-me doubles low, a rule mk5 does not play (the
options of other programs: LukeConran's mark ladder or trump opening lead, delve,
nello on 2 marks, an auction that goes round), a special contract (mk5 writes them
as ``~?``, which it cannot replay) unless the record was read from an mk5 link, a
plunge or splash led by the declarer (mk5 has the partner lead), a bid of 4 marks or
more, a claim or concession (mk5 plays every trick), an irregularity ruled at the
table, a game to another target than 7 marks (only version 1 links hold one), and a
record with rule errors (mk5 checks every action as it replays a link).

A record read from an mk5 link (``[Source "mk5"]``, versions 2 and 3) gets its special
contracts back as mk5 wrote them, ``~?``, with a note: mk5 itself cannot replay such a
link, and the referee reads it back by the plays.
"""

from __future__ import annotations

from ... import codes
from ...diagnostics import Diagnostic
from ...engine.tiles import Tile
from ...judging.verdict import GameVerdict
from ...notation.record import GameRecord, HandRecord
from .common import SOUTH_FIRST, Refusal, plays_peer_game, tag_value
from .mk5 import NEXT_SEED, canonical_acks
from .mk5_link import encode_hands, event_char, form_encode, v1_blob
from .shuffles import mk5_deal

__all__ = ["write_links"]


def write_links(record: GameRecord, verdict: GameVerdict | None) -> tuple[list[str], list[str]] | Refusal:
    """The links of one record and notes on what they leave out, or why it cannot be written."""
    template = tag_value(record.tags, "Settings") or ""
    version = _version(template)
    reasons = _refusals(record, verdict, version)
    if reasons:
        return Refusal(tuple(reasons))
    notes = _unknown_notes(record)
    seed = _seed(record)
    if seed is not None:
        return [_link(record, record.hands, seed, None, template, version, verdict)], notes
    if all(h.deal is None for h in record.hands[1:]) and record.hands and record.hands[0].deal is not None:
        return [_link(record, record.hands, None, _hands(record.hands[0]), template, version, verdict)], notes
    links = []
    for hand in record.hands:
        if hand.deal is None:
            return Refusal((f"hand {hand.number or '?'} has no deal, and its deals follow from no mk5 seed",))
        single = GameRecord(tags=record.tags, hands=[hand])
        links.append(_link(single, [hand], None, _hands(hand), "?i&d&a", "v3", None))
    notes.append(
        f"the deals of this record follow from no mk5 seed: each of its {len(record.hands)} hands is written as a link of its own, "
        "a game from 0-0 with that hand's tiles and dealer (the links hold no hand numbers and no running score)"
    )
    return links, notes


def _writes_unknown(record: GameRecord, version: str) -> bool:
    """Whether the record's special contracts go back as ``~?``: it was read from an mk5
    link of a version that writes them so."""
    return (record.tag("Source") or "").strip() == "mk5" and version != "v1"


def _unknown_notes(record: GameRecord) -> list[str]:
    """A note for each special contract written as ``~?``."""
    notes = []
    for i, hand in enumerate(record.hands, 1):
        found: list[str] = [c.contract for c in hand.calls if c.contract is not None]
        if hand.trump is not None and hand.trump.kind in ("nello", "sevens"):
            found.append(hand.trump.kind)
        notes += [
            f"hand {hand.label(i)}: the {name} is written `~?`, as mk5 writes it; mk5 cannot replay such a link, "
            "and the referee reads it back by the plays"
            for name in found
        ]
    return notes


def _version(template: str) -> str:
    query = template.partition("?")[2] if "?" in template else template
    keys = {piece.partition("=")[0] for piece in query.split("&")}
    if "d" in keys and not keys & {"s", "i", "a"}:
        return "v1"
    return "v2" if "v=2" in query.split("&") else "v3"


def _refusals(record: GameRecord, verdict: GameVerdict | None, version: str) -> list[str]:
    reasons = []
    if not plays_peer_game(record):
        return [f"mk5 plays Texas 42 only, not `{record.tag('Rules')}`"]
    options = dict(o.partition("=")[::2] for o in (record.tag("Options") or "").split())
    for name, bad, why in (
        ("scoring", "points", "points scoring (mk5 scores marks)"),
        ("all-pass", "forced", "a forced bid (mk5 deals again when everyone passes)"),
        ("follow-me-doubles", "low", "follow-me with the doubles low (mk5 plays them high)"),
    ):
        if options.get(name) == bad:
            reasons.append(why)
    for name, bad, why in _OTHER_RULES:
        if options.get(name) == bad:
            reasons.append(f"{why} (mk5 does not play it)")
    unknown = _writes_unknown(record, version)
    target = record.tag("Target")
    if target is not None and target.split()[0] != "7" and version != "v1":
        reasons.append(f"a game to {target} (mk5's links since version 2 play to 7 marks)")
    for i, hand in enumerate(record.hands, 1):
        n = hand.label(i)
        if hand.unreadable:
            reasons.append(f"hand {n} could not be read")
        for call in hand.calls:
            if call.contract is not None:
                if not unknown:
                    reasons.append(f"hand {n}: a {call.contract} (mk5 writes it as `~?`, which it cannot replay)")
                elif options.get("plunge-lead") != "partner":
                    reasons.append(f"hand {n}: a {call.contract} led by the declarer (mk5 has the partner who named trump lead)")
            elif call.amount is not None and call.amount >= 168 and version != "v1":
                reasons.append(f"hand {n}: a bid of {call.amount // 42} marks (mk5 writes it as `~?`, which it cannot replay)")
            elif call.amount is not None and not (30 <= call.amount <= 41 or call.amount % 42 == 0):
                reasons.append(f"hand {n}: a bid of {call.amount}, which mk5 has no event for")
        if hand.trump is not None and hand.trump.kind in ("nello", "sevens") and not unknown:
            reasons.append(f"hand {n}: {hand.trump.kind} (mk5 writes it as `~?`, which it cannot replay)")
        if hand.trump is not None and hand.trump.doubles_low:
            reasons.append(f"hand {n}: follow-me with the doubles low (mk5 plays them high)")
        if hand.claim is not None:
            reasons.append(f"hand {n}: a {hand.claim.kind} (mk5 plays every trick; a link holds no claim)")
        for what, present in (
            ("misdeal", hand.misdeal),
            ("renege ruled at the table", hand.renege),
            ("play out of turn accepted", hand.accepted),
        ):
            if present:
                reasons.append(f"hand {n}: a {what} (mk5 has no such action)")
    if verdict is not None:
        last = record.hands[-1].label(len(record.hands)) if record.hands else None
        # A link may stop anywhere: a hand left open at the end is not an action mk5 refuses.
        errors = [d for d in verdict.diagnostics if d.is_error and not (d.hand == last and _stops_there(d))]
        if errors:
            codes = ", ".join(sorted({str(d.code) for d in errors}))
            reasons.append(f"it has {len(errors)} rule error(s) ({codes}), and mk5 replays only actions it allows")
    return reasons


_OTHER_RULES = (
    ("mark-bids", "after-84", "LukeConran's mark ladder, 84 straight to 168"),
    ("opening-lead", "trump", "a trump opening lead"),
    ("delve", "on", "delve"),
    ("nello-marks", "2", "nello on 2 marks"),
    ("auction", "until-one-left", "an auction that goes round until one bidder is left"),
)
"""Options of other programs' rules, each value mk5 does not play, and its name."""


def _stops_there(d: Diagnostic) -> bool:
    """The record stops mid-auction, mid-hand or mid-trick: a link of a game in progress,
    which mk5 replays as far as it goes (no action it refuses)."""
    return d.code == codes.E406 or d.code == codes.E208 or d.code == codes.E408


def _seed(record: GameRecord) -> int | None:
    """The seed every deal of the record follows from, if one does."""
    if (record.tag("Source") or "").strip() != "mk5":
        return None
    text = record.tag("Seed")
    if text is None or not text.strip().isdigit():
        return None
    seed = int(text)
    for k, hand in enumerate(record.hands):
        if hand.deal is not None and _hands(hand) != mk5_deal(seed + k * NEXT_SEED):
            return None
    return seed


def _hands(hand: HandRecord) -> list[list[Tile]]:
    """The deal as mk5's players 0-3 (South, West, North, East)."""
    rows = {d.seat: list(d.tiles) for d in hand.deal or []}
    return [rows.get(seat, []) for seat in SOUTH_FIRST]


def _events(record: GameRecord, hands: list[HandRecord], verdict: GameVerdict | None, version: str, players: str) -> list[str]:
    """Event names, in order, with mk5's agreements before each completed trick and score."""
    acks_tag = record.tag("Acks")
    groups = acks_tag.split(",") if acks_tag is not None else None
    trick_acks, score_acks = canonical_acks(players, version)
    events: list[str] = []
    progress = 0

    def ack(default: str) -> None:
        nonlocal progress
        group = groups[progress] if groups is not None and progress < len(groups) else default
        events.extend(f"ack:{ch}" for ch in group)
        progress += 1

    over = verdict is not None and verdict.winner is not None
    for k, hand in enumerate(hands):
        last = k == len(hands) - 1
        for call in hand.calls:
            if call.amount is None:
                events.append("pass")
            elif call.contract is not None:
                events.append("unknown")  # mk5 writes `~?` for a plunge or splash
            elif call.amount % 42 == 0:
                events.append(f"marks-{call.amount // 42}")
            else:
                events.append(f"bid-{call.amount}")
        if hand.trump is None:
            if len(hand.calls) == 4 and all(c.amount is None for c in hand.calls) and not last:
                events.append("redeal")
            continue
        t = hand.trump
        events.append("unknown" if t.kind in ("nello", "sevens") else "trump-" + (str(t.suit) if t.kind == "suit" else t.kind))
        size = 3 if t.kind == "nello" else 4  # the nello partner sits out
        for trick in hand.tricks:
            events.extend(f"play-{p.tile}" for p in trick.plays)
            if len(trick.plays) == size:
                ack(trick_acks)
                events.append("trick")
        if not last or over:
            ack(score_acks)
            events.append("score")
    if groups is not None and progress < len(groups):
        events.extend(f"ack:{ch}" for ch in groups[progress])
    return events


def _link(
    record: GameRecord,
    hands: list[HandRecord],
    seed: int | None,
    deal: list[list[Tile]] | None,
    template: str,
    version: str,
    verdict: GameVerdict | None,
) -> str:
    first = hands[0] if hands else None
    dealer = SOUTH_FIRST.index(first.dealer) if first is not None and first.dealer in SOUTH_FIRST else 3
    query = template.partition("?")[2] if "?" in template else template
    prefix = template[: len(template) - len(query)] if template else "?"
    kept = {p.partition("=")[0]: p for p in query.split("&") if p}
    players = "haaa"
    if "p" in kept and "=" in kept["p"]:
        players = kept["p"].partition("=")[2]
    names = _events(record, hands, verdict, version, players)
    shift = 0
    if record.tag("Reading") is not None:
        shift = sum(1 for n in names if n in ("score", "redeal"))
    chars = [n[4:] if n.startswith("ack:") else event_char(n, version) or "~?" for n in names]
    if version == "v1":
        target = record.tag("Target")
        marks = int(target.split()[0]) if target is not None and target.split()[0].isdigit() else None
        assert seed is not None  # a version 1 link always has its seed
        blob = v1_blob(seed, dealer, marks, "m=false" in query.split("&"), chars)
        return prefix + "d=" + blob
    values: dict[str, str | None] = {
        "s": None if seed is None else str(seed + shift * NEXT_SEED) if version == "v2" else _base36(seed + shift * NEXT_SEED),
        "i": None if deal is None else encode_hands(deal),
        "d": None if (dealer + shift) % 4 == 3 else str((dealer + shift) % 4),
        "a": "".join(chars),
    }
    order = [p.partition("=")[0] for p in query.split("&") if p] or ["s", "a"]
    if "s" in order and "i" not in order and values["s"] is None:
        order[order.index("s")] = "i"
    if "i" in order and "s" not in order and values["i"] is None:
        order[order.index("i")] = "s"
    for key in ("s" if values["s"] is not None else "i", "d", "a"):
        if key not in order and values[key] is not None:
            order.insert(order.index("a") if "a" in order else len(order), key)
    pieces = []
    for key in order:
        if key in values:
            value = values[key]
            if value is not None:
                pieces.append(f"{key}={form_encode(value)}")
        else:
            pieces.append(kept[key])
    return prefix + "&".join(pieces)


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out
