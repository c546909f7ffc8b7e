"""``referee show --format svg`` and ``referee report``: what they write, their exit codes,
and a one-line error (never a traceback) for every bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.report.svg import hand_svg

from .helpers import CLAIM, GAMES, RENEGE, diagram, page

ENV = {"COLUMNS": "120", "TERM": "dumb", "NO_COLOR": "1"}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env=ENV, color=False)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_show_svg_is_the_diagram() -> None:
    code, out, _ = run("show", GAMES["moon"], "--hand", "1", "--format", "svg")
    assert code == 0
    assert out == hand_svg(diagram(GAMES["moon"], 1))


def test_show_svg_of_a_renege_exits_1(tmp_path: Path) -> None:
    target = tmp_path / "renege.svg"
    code, out, _ = run("show", RENEGE, "-H", "1", "--trick", "1", "-f", "svg", "-O", str(target))
    assert code == 1 and out == ""
    assert target.read_text(encoding="utf-8") == hand_svg(diagram(RENEGE, 1, at=1))


def test_show_at_the_claim_as_text_and_svg() -> None:
    path, hand = CLAIM
    code, out, _ = run("show", path, "-H", str(hand), "--at", "claim")
    assert code == 0
    assert "at the claim, before trick 6: trump sixes; points so far NS 17 EW 8" in out
    row = next(line for line in out.splitlines() if line.strip().startswith("N "))
    assert row.split() == ["N", "(Ann)", "5-5", "5-1", "5-5", "5-1"]  # the [North "Ann"] tag names N
    code, out, _ = run("show", path, "-H", str(hand), "--at", "claim", "-f", "svg")
    assert code == 0 and "NS claim the rest" in out


def test_show_uses_plain_tiles_unless_asked_for_glyphs() -> None:
    plain = run("show", GAMES["42"], "-H", "1")[1]
    assert "6-5" in plain and "\U0001f031" not in plain
    glyphs = run("show", GAMES["42"], "-H", "1", "--glyphs")[1]
    assert chr(0x1F031 + 6 * 7 + 5) in glyphs


def test_show_last_trick() -> None:
    code, out, _ = run("show", GAMES["42"], "-H", "1", "--at", "last")
    assert code == 0 and "before trick 2:" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", GAMES["42"], "-f", "svg"], "--format svg draws one hand: give --hand N"),
        (["show", GAMES["42"], "-H", "2", "--at", "claim"], "hand 2 has no claim or concession"),
        (["show", GAMES["42"], "-H", "1", "--trick", "9", "-f", "svg"], "hand 1 has no trick 9"),
        (["show", GAMES["42"], "-H", "1", "--trick", "2", "--at", "last"], "give --trick or --at, not both"),
        (["show", GAMES["42"], "-H", "1", "-f", "png"], "'png' is not one of"),
        (["show", GAMES["42"], "-H", "1", "-f", "svg", "-O", "/no/such/dir/x.svg"], "cannot write /no/such/dir/x.svg"),
        (["report", GAMES["42"], "-O", "/no/such/dir/x.html"], "the directory /no/such/dir does not exist"),
        (["report", GAMES["42"], GAMES["moon"], "-O", "x.html"], "2 record files make 2 pages; give a directory"),
        (["report", "no-such-file.42", "-O", "x.html"], "no-such-file.42"),
        (["report", GAMES["42"]], "Missing option '--output'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = Path.cwd()
    monkeypatch.chdir(tmp_path)
    args = [str(root / a) if a.startswith("samples/") else a for a in args]
    code, out, err = run(*args)
    assert code == 2
    assert message in err, err
    assert "Traceback" not in out + err


def test_report_writes_one_page_per_file(tmp_path: Path) -> None:
    code, _, err = run("report", *GAMES.values(), RENEGE, "-O", str(tmp_path / "site"))
    assert code == 1, err  # the renege is a rule error
    pages = sorted(p.name for p in (tmp_path / "site").iterdir())
    assert pages == ["42-game.html", "42-renege.html", "88-game.html", "index.html", "moon-game.html"]
    assert (tmp_path / "site" / "88-game.html").read_text(encoding="utf-8") == page(GAMES["88"])
    assert "88-game.html: 6 hands, 0 errors" in err


def test_report_of_several_files_writes_an_index_linking_every_page(tmp_path: Path) -> None:
    """`report DIR -O site/` gets site/index.html (issue 29): a link and a line of figures per page."""
    import xml.etree.ElementTree as ET

    code, _, err = run("report", "samples/league", "-O", str(tmp_path / "site"))
    assert code == 1 and f"{tmp_path / 'site' / 'index.html'}: 4 pages" in err  # week3 has rule errors
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', index)
    assert [href for href, _ in links] == ["late-entries.html", "week1.html", "week2.html", "week3.html"]
    assert all((tmp_path / "site" / href).is_file() for href, _ in links)
    rows = re.findall(r"<tr><td><a.*?</tr>", index)
    week3 = next(r for r in rows if "week3.html" in r)
    cells = [ET.fromstring(f"<x>{c}</x>").text or "" for c in re.findall(r"<td[^>]*>(.*?)</td>", week3)[1:]]
    assert cells == ["Grange league 2026", "2", "14", "4", "0"]  # its event, games, hands, errors, warnings
    assert "<script" not in index and "http" not in index.replace("http-equiv", "")
    single = tmp_path / "one"
    assert run("report", GAMES["42"], "-O", str(single))[0] == 0
    assert sorted(p.name for p in single.iterdir()) == ["42-game.html"]  # one page needs no index
    clash = tmp_path / "clash"
    (tmp_path / "index.42").write_bytes((Path(GAMES["moon"])).read_bytes())
    assert run("report", str(tmp_path / "index.42"), GAMES["42"], "-O", str(clash))[0] == 0
    assert sorted(p.name for p in clash.iterdir()) == ["42-game.html", "index-page.html", "index.html"]


def test_report_to_one_file_exits_0_for_a_clean_game(tmp_path: Path) -> None:
    target = tmp_path / "game.html"
    code, _, _ = run("report", GAMES["42"], "-O", str(target))
    assert code == 0
    assert target.read_text(encoding="utf-8") == page(GAMES["42"])


def test_report_a_syntax_error_exits_2(tmp_path: Path) -> None:
    code, _, _ = run("report", "samples/broken/syntax-bad-tile.42", "-O", str(tmp_path))
    assert code == 2
    assert "S002" in (tmp_path / "syntax-bad-tile.html").read_text(encoding="utf-8")


def test_report_with_analysis_marks_the_play_that_lost_the_hand(tmp_path: Path) -> None:
    target = tmp_path / "costly.html"
    code, _, err = run("report", "samples/legal/42-costly-play.42", "samples/broken/42-renege.42", "--analysis", "-O", str(tmp_path))
    assert code == 1, err
    html = (tmp_path / "42-costly-play.html").read_text(encoding="utf-8")
    assert '<td class="play losing">4-3 <span class="cost">−21</span></td>' in html
    assert html.count('class="cost"') == 1  # the only costly play
    assert "opening value 32 points (EW need 31 points); made → set at trick 1, E (Bob) played 4-3 (best 6-6)" in html
    renege = (tmp_path / "42-renege.html").read_text(encoding="utf-8")
    assert "Not analysed: E404 (renege) changes the position" in renege
    code, _, _ = run("report", "samples/legal/42-costly-play.42", "-O", str(target))
    assert code == 0 and 'class="cost"' not in target.read_text(encoding="utf-8")
