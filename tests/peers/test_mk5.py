"""mk5 game links: every version read into records and written back the same.

The links below were made by mk5's own encoders, run on the action list written
beside each (a legal start of a game dealt from seed 777, dealer player 0):

- v1: ``compressActionId`` and ``encodeURLData`` of ``src/game/core/url-compression.ts``
  at 6039058, state ``{s: 777, d: 0, t: 5}``;
- v2: ``encodeGameUrl`` of the same file at 61674e4;
- v3: ``encodeGameUrl`` at e39e536 (HEAD), once with the seed, players ``hhaa``, theme
  ``dark`` and the nello and tournament layers, once with the packed hands (``i=``).

``MK5_ADR`` is the example of ``docs/adrs/ADR-20251111-url-replay-complete-config.md``
(e39e536).  The seed-shift and ``~?`` links are written as mk5's HEAD writer writes them
(``stateToUrl`` puts the current hand's seed and dealer; ``compressEvents`` writes an
event it has no letter for as ``~?``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.engine.games import make_rules
from referee.interchange.peers.common import Refusal
from referee.interchange.peers.mk5 import read_links
from referee.interchange.peers.mk5_write import write_links
from referee.interchange.peers.shuffles import mk5_deal
from referee.judging.replay import judge
from referee.notation.reader import read_text
from referee.notation.record import GameRecord
from referee.play.simulate import simulate_games

runner = CliRunner()

ACTIONS = "pass pass bid-30 pass trump-fives play-5-4 play-5-5 play-6-5 play-5-3 [agree-trick-p0] complete-trick play-5-1"
MK5_V1 = (
    "?d=eyJ2IjoxLCJzIjp7InMiOjc3NywiZCI6MCwidCI6NX0sImEiOlt7ImkiOiJwIn0seyJpIjoicCJ9LHsiaSI6IjMwIn0seyJpIjoicCJ9LHsiaSI6"
    "InQ1In0seyJpIjoiNTQifSx7ImkiOiI1NSJ9LHsiaSI6IjY1In0seyJpIjoiNTMifSx7ImkiOiJjdCJ9LHsiaSI6IjUxIn1dfQ"
)
MK5_V2 = "?v=2&s=777&d=0&a=AACAXuv1t3r"
MK5_V3 = "?s=ll&p=hhaa&d=0&t=dark&l=n%2Ct&a=AACAXuv1t53r"
MK5_V3_HANDS = "?i=dMNQUXKkMV0ElvmquKyZZzwA&d=0&a=AACAXuv1t53r"
MK5_ADR = "?s=abc&p=haaa&l=t,n,p&a=CAAS"
MK5_PLUNGE = "?s=4&d=0&l=p&a=%7E%3FAAAU2zy153vqtu53snjx53po0m53kihw53gelr53fcbd53"
"""A game dealt from seed 4, dealer player 0, with the plunge layer alone (``l=p``): W
(player 1) holds five doubles and plunges, written ``~?`` as ``compressEvents`` writes
the plunge it has no letter for; E, the partner, names deuces (``U``) and leads every
trick's agreement (``5``) and completion (``3``) follow each four plays."""


_UNKNOWN = "hand 1: the {} is written `~?`, as mk5 writes it; mk5 cannot replay such a link, and the referee reads it back by the plays"


def _one(text: str) -> tuple[GameRecord, list[str]]:
    [(_, record, problems)] = list(read_links(text, "links.txt"))
    assert record is not None, [d.message for d in problems]
    return record, [f"{d.code} {d.message}" for d in problems]


def _plays(record: GameRecord) -> list[list[str]]:
    return [[f"{p.seat} {p.tile}" for p in t.plays] for h in record.hands for t in h.tricks]


def test_every_version_reads_the_same_game() -> None:
    for link in (MK5_V1, MK5_V2, MK5_V3, MK5_V3_HANDS):
        record, _ = _one(link)
        hand = record.hands[0]
        assert hand.dealer == "S"
        assert {d.seat: [str(t) for t in d.tiles] for d in hand.deal or []} == {
            seat: [str(t) for t in mk5_deal(777)[p]] for p, seat in enumerate("SWNE")
        }
        assert [(c.seat, c.amount) for c in hand.calls] == [("W", None), ("N", None), ("E", 30), ("S", None)]
        assert hand.trump is not None and hand.trump.suit == 5
        assert _plays(record) == [["E 5-4", "S 5-5", "W 6-5", "N 5-3"], ["S 5-1"]], link  # S's 5-5 took the trick and leads
        # The game stops in the second trick: mk5 shares games in progress.
        assert record.tag("Status") == "unfinished"
        assert [d.code for d in judge(record).diagnostics if d.is_error and d.code not in ("E406", "E408")] == []


def test_each_version_keeps_its_settings() -> None:
    assert _one(MK5_V1)[0].tag("Target") == "5 marks"
    v3, _ = _one(MK5_V3)
    assert (v3.tag("Seed"), v3.tag("Settings"), v3.tag("Options")) == ("777", "?s&p=hhaa&d&t=dark&l=n%2Ct&a", "nello=on")
    assert v3.tag("Acks") == "5,"  # hhaa: mk5 would want both humans' agreement; this link has player 0's
    assert _one(MK5_V3_HANDS)[0].tag("Seed") is None


def test_links_written_back_are_the_links_read() -> None:
    for link in (MK5_V1, MK5_V2, MK5_V3, MK5_V3_HANDS, "https://mk5.example/play?s=9ix&a=CAAAW"):
        record, _ = _one(link)
        out = write_links(record, judge(record))
        assert not isinstance(out, Refusal), out
        assert out == ([link], [])


def test_the_adr_example_names_trump_after_three_calls() -> None:
    """mk5's own example link bids 30, passes twice and names blanks: the fourth call is
    missing, so mk5 cannot replay it either (``resolveActionIds`` finds no trump action)."""
    [(_, record, [d])] = list(read_links(MK5_ADR, "adr.txt"))
    assert record is None and d.at is not None
    assert (d.code, d.at.column, d.message) == ("S017", 28, "trump is named only once, after an auction someone won")
    fixed, notes = _one(MK5_ADR.replace("CAAS", "CAAAS"))
    assert fixed.tag("Options") == "nello=on plunge=on plunge-lead=partner"
    assert [(c.seat, c.amount) for c in fixed.hands[0].calls] == [("S", 30), ("W", None), ("N", None), ("E", None)]
    assert notes[0].startswith("W107 from an mk5 game link (v3)")


def _mk5_game(seed: int, hands: int) -> GameRecord:
    """A game of ``hands`` hands whose deals follow from ``seed`` as mk5 deals them."""
    from unittest import mock

    from referee.interchange.peers.common import SOUTH_FIRST
    from referee.notation.record import Tag

    count = iter(range(1000))

    def deal(game: object, rng: object) -> tuple[list[list[object]], list[object]]:
        tiles = mk5_deal(seed + next(count) * 1_000_000)
        return [list(tiles[SOUTH_FIRST.index(s)]) for s in "NESW"], []

    with mock.patch("referee.play.simulate.shuffle_deal", deal):
        record = next(simulate_games(make_rules("42"), 1, seed, players="sensible", max_hands=hands))
    record.tags += [Tag("Source", "mk5"), Tag("Seed", str(seed))]
    return record


def test_a_link_mk5_wrote_mid_game_is_read_from_the_first_hand() -> None:
    """Since v3 mk5 writes the seed and dealer of the hand in play with every action since
    hand 1; the reading whose plays fit the deals is the first hand's."""
    game = _mk5_game(5, 3)
    [link], _ = write_links(game, judge(game))  # type: ignore[misc]
    hands_done = len(game.hands) - 1
    dealer = "SWNE".index(game.hands[-1].dealer or "")
    seed36 = link.split("&")[0][3:]
    faulty = link.replace(f"s={seed36}", f"s={_base36(int(seed36, 36) + hands_done * 1_000_000)}")
    faulty = faulty.replace(link.split("&")[1], f"d={dealer}") if "&d=" in link else faulty.replace("&a=", f"&d={dealer}&a=")
    record, notes = _one(faulty)
    assert record.tag("Seed") == "5" and record.tag("Reading") == f"seed and dealer of hand {hands_done + 1}"
    assert any("mk5 wrote this link during hand 3" in n for n in notes)
    assert [replace(h, result=None, award=None, score=None) for h in game.hands] == record.hands
    assert write_links(record, judge(record)) == ([faulty], [])


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


def test_a_contract_written_as_a_question_mark_is_read_by_the_plays() -> None:
    """E calls nello, written ``~?``: nello's three-tile tricks fit, sevens (nearest 7) does not."""
    record, notes = _one("?s=ll&d=0&l=n%2Cv&a=AAPA%7E%3Fbk053")
    hand = record.hands[0]
    assert hand.trump is not None and hand.trump.kind == "nello"
    assert _plays(record) == [["E 0-0", "S 3-3", "N 6-4"]]  # W, E's partner, sits out
    assert any("read as nello, the only one whose plays fit the deal" in n for n in notes)
    link = "?s=ll&d=0&l=n%2Cv&a=AAPA%7E%3Fbk053"
    assert write_links(record, judge(record)) == ([link], [_UNKNOWN.format("nello")])  # written back as mk5 wrote it
    record.tags = [t for t in record.tags if t.name != "Source"]
    refused = write_links(record, judge(record))  # a nello of the referee's own: mk5 could not replay it
    assert isinstance(refused, Refusal) and "nello (mk5 writes it as `~?`" in refused.reasons[0]


def test_damaged_links_are_named_at_their_column() -> None:
    cases = {
        "?s=9i!x&a=CAAAW": (2, 6, "the seed `9i!x` is not a base 36 number: `!`"),
        "?s=9ix&a=CA#AW": None,  # a fragment ends the link: mk5 reads `CA`
        "?s=9ix&a=CAAAz": (4, 14, "a tile played before trump was named"),
        "?s=9ix&a=CAAAAW": (5, 14, "a fifth call: the auction of this hand is over"),
        "?s=9ix&a=CA*A": (6, 12, "`*` is not an mk5 event"),
        "?s=9ix&d=7&a=C": (7, 10, "the dealer `d=7` is not a player 0 to 3"),
        "?i=abc&a=C": (8, 4, "the hands `i=` cannot be read: 2 bytes where mk5 packs 18"),
        "?p=haaa&a=C": (9, 1, "the link holds neither a seed (`s=`) nor the hands (`i=`): mk5 would deal at random"),
        "?d=bm90IGpzb24": (10, 4, "the `d=` value is not a version 1 mk5 link (base64url JSON)"),
    }
    text = "# a file of links\n" + "\n".join(cases) + "\n"
    results = list(read_links(text, "links.txt"))
    assert len(results) == len(cases)
    for (_, record, problems), expected in zip(results, cases.values(), strict=True):
        if expected is None:
            assert record is not None
            continue
        line, column, message = expected
        [d] = problems
        assert (d.code, d.at.line if d.at else None, d.at.column if d.at else None, d.message) == ("S017", line, column, message)


def test_what_mk5_cannot_hold_is_refused_by_name() -> None:
    cases = {
        "samples/legal/42-plunge-made.42": "a plunge (mk5 writes it as `~?`, which it cannot replay)",
        "samples/legal/42-game.42": "a claim (mk5 plays every trick; a link holds no claim)",
        "samples/legal/moon-game.42": "mk5 plays Texas 42 only, not `moon`",
        "samples/legal/42-points-log.42": "points scoring (mk5 scores marks)",
    }
    for path, reason in cases.items():
        record = next(r.record for r in read_text(Path(path).read_text(encoding="utf-8")) if r.record is not None)
        out = write_links(record, judge(record))
        assert isinstance(out, Refusal) and any(reason in r for r in out.reasons), (path, out)


def test_a_game_dealt_otherwise_goes_to_one_link_a_hand() -> None:
    record = next(simulate_games(make_rules("42"), 1, 3, players="sensible", max_hands=3))
    links, notes = write_links(record, judge(record))  # type: ignore[misc]
    assert len(links) == len(record.hands) and all(link.startswith("?i=") for link in links)
    assert "each of its 3 hands is written as a link of its own" in notes[0]
    for hand, link in zip(record.hands, links, strict=True):
        back, _ = _one(link)
        assert back.hands == [replace(hand, number=1, result=None, award=None, score=None)]


def test_convert_reads_and_writes_links(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text(f"{MK5_V2}\n{MK5_V3}\n", encoding="utf-8")
    text = runner.invoke(app, ["convert", str(path), "--from", "auto", "--to", "text"])
    assert "note[W107]: read as mk5 game links (found from its content)" in text.stderr
    assert text.stdout.count('[Source "mk5"]') == 2 and "trump fives" in text.stdout
    back = runner.invoke(app, ["convert", "-", "--to", "mk5"], input=text.stdout)
    assert back.stdout == f"{MK5_V2}\n{MK5_V3}\n", back.stderr
    refused = runner.invoke(app, ["convert", "samples/legal/42-plunge-made.42", "--to", "mk5"])
    assert refused.exit_code == 2 and "error[S018]: this record is not written as mk5 links: hand 1: a plunge" in refused.stderr


def test_a_splash_written_as_a_question_mark_and_the_partners_lead() -> None:
    """W holds three doubles: `~?` as the first call can only be a splash (a plunge needs
    four). mk5 has E, the partner who named trump, lead: the record plays plunge-lead=partner
    and its first trick is judged clean."""
    record, notes = _one("?s=ll&d=0&a=%7E%3FAAAYx21z")
    hand = record.hands[0]
    first = hand.calls[0]
    assert (first.seat, first.amount, first.contract) == ("W", 84, "splash")
    assert hand.trump is not None and (hand.trump.suit, hand.trump.by) == (6, "E")
    assert _plays(record) == [["E 6-1", "S 6-6", "W 6-5", "N 6-3"]]
    assert record.tag("Options") == "splash=on plunge-lead=partner"
    assert any("judged with plunge-lead=partner" in n for n in notes)
    assert [d.code for d in judge(record).diagnostics if d.is_error and d.code != "E406"] == []


def test_a_plunge_goes_round_trip_with_the_partners_lead() -> None:
    record, notes = _one(MK5_PLUNGE)
    hand = record.hands[0]
    assert (hand.dealer, hand.calls[0].seat, hand.calls[0].amount, hand.calls[0].contract) == ("S", "W", 168, "plunge")
    assert hand.trump is not None and (hand.trump.suit, hand.trump.by) == (2, "E")
    assert _plays(record)[0] == ["E 6-6", "S 6-3", "W 6-2", "N 6-5"] and len(hand.tricks) == 7
    assert record.tag("Options") == "plunge=on plunge-lead=partner"
    assert any("read as plunge, the only one the link's layers allow" in n for n in notes)
    verdict = judge(record)
    assert [d.code for d in verdict.diagnostics if d.is_error] == [] and verdict.hands[0].made
    out = write_links(record, verdict)
    assert not isinstance(out, Refusal), out
    links, written = out
    assert links == [MK5_PLUNGE]
    assert written == [_UNKNOWN.format("plunge")]
    back, _ = _one(links[0])
    assert back.hands == record.hands and back.tags == record.tags


def test_a_plunge_led_by_the_declarer_is_not_an_mk5_game() -> None:
    record, _ = _one(MK5_PLUNGE)
    options = next(t for t in record.tags if t.name == "Options")
    options.value = "plunge=on"
    out = write_links(record, None)
    assert isinstance(out, Refusal) and out.reasons == ("hand 1: a plunge led by the declarer (mk5 has the partner who named trump lead)",)


def test_the_rules_of_other_programs_are_refused_by_name() -> None:
    record, _ = _one(MK5_V3)
    options = next(t for t in record.tags if t.name == "Options")
    options.value = "nello=on mark-bids=after-84 opening-lead=trump auction=until-one-left"
    out = write_links(record, None)
    assert isinstance(out, Refusal)
    assert out.reasons == (
        "LukeConran's mark ladder, 84 straight to 168 (mk5 does not play it)",
        "a trump opening lead (mk5 does not play it)",
        "an auction that goes round until one bidder is left (mk5 does not play it)",
    )
