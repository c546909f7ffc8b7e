"""What a match prints for people, as cutechess-cli and fastchess print it: each game as it
ends, the running score of two bots, and at the end Elo, normalized Elo, LOS, the pairs, the
net marks per duplicate deal, the faults and the SPRT; with more than two bots, the ratings
and a cross table.

>>> from referee.interchange.match_report import GameLine
>>> line = GameLine(game=3, round="2.1", unit=1, a="alpha", b="beta", names={"N": "alpha", "E": "beta", "S": "alpha",
...     "W": "beta"}, winner="NS", winner_bot="alpha", score={"NS": 7, "EW": 4}, termination="normal", hands=9, awards=[],
...     faults=[], decisions=300, stale={}, points=1.0)
>>> game_words(line)
'Game 3 (2.1): alpha NS 7, beta EW 4: alpha wins'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..interchange.match_report import GameLine, MatchSummary, PairingResult

__all__ = ["game_words", "score_words", "summary_words"]


def _sides(line: GameLine) -> dict[str, list[str]]:
    """Each side's label and the bots at its seats, in the order the score lists the sides."""
    seats_of: dict[str, list[str]] = {side: [] for side in line.score}
    for seat, name in line.names.items():
        for side in line.score:
            if seat in side or side == seat:
                if name not in seats_of[side]:
                    seats_of[side].append(name)
                break
    return seats_of


def game_words(line: GameLine) -> str:
    """One game as it ended: who sat on which side, the score, who won, and a fault's end."""
    sides = ", ".join(f"{' & '.join(names) or '?'} {side} {line.score[side]}" for side, names in _sides(line).items())
    if line.winner is None:
        said = "no winner" if line.termination != "unterminated" else f"unfinished after {line.hands} hands"
    else:
        said = f"{line.winner_bot or line.winner} wins"
    if line.termination not in ("normal", "unterminated") and line.faults:
        last = line.faults[-1]
        said += f" {{{last.bot}: {line.termination}}}"
    elif line.faults:
        said += f" {{faults: {', '.join(f'{f.bot} {f.kind}' for f in line.faults)}}}"
    return f"Game {line.game} ({line.round}): {sides}: {said}"


def _count(n: int, unit: str) -> str:
    return f"{n} {unit}" + ("" if n == 1 else "s")


def score_words(p: PairingResult, unit: str = "pair") -> str:
    """The running score of two bots, as cutechess prints it after each game (``unit``: what
    the statistics count, a pair, a rotation or a game)."""
    return f"Score of {p.a} vs {p.b}: {p.wins} - {p.losses} - {p.draws}  [{p.score:.3f}] {_count(p.games, 'game')}, {_count(p.units, unit)}"


def _pm(x: float | None, e: float | None, sign: float, digits: int = 1) -> str:
    """``+12.3 +/- 4.5``; an infinite value (every unit won, or lost) by its sign."""
    if x is None:
        return "+inf" if sign > 0 else "-inf" if sign < 0 else "n/a"
    return f"{x:+.{digits}f} +/- {e:.{digits}f}" if e is not None else f"{x:+.{digits}f} +/- inf"


def _pairing(p: PairingResult, unit: str, scored: str) -> Iterable[str]:
    yield f"Results of {p.a} vs {p.b}:"
    sign = p.score - 0.5
    yield f"Elo: {_pm(p.elo, p.elo_error, sign)}, nElo: {_pm(p.nelo, p.nelo_error, sign)}"
    counts = ", ".join(f"{score} x{n}" for score, n in p.outcomes.items())
    yield f"LOS: {p.los * 100:.2f} %, {_count(p.units, scored).capitalize()} by score: {counts}"
    share = p.points / p.games * 100 if p.games else 0.0
    yield f"Games: {p.games}, Wins: {p.wins}, Losses: {p.losses}, Draws: {p.draws}, Points: {p.points:g} ({share:.2f} %)"
    if p.per_deal is not None:
        yield f"{unit.capitalize()} per duplicate deal: {_pm(p.per_deal, p.per_deal_error, 0, 3)} ({_count(p.deals, 'deal')}, net for {p.a})"
    if p.sprt is not None:
        s = p.sprt
        verdict = {"H1": "H1 was accepted", "H0": "H0 was accepted", None: "undecided"}[s.decision]
        yield f"SPRT: llr {s.llr:.3f}, lbound {s.lower:.2f}, ubound {s.upper:.2f}, elo0 {s.elo0:g}, elo1 {s.elo1:g} ({s.model}): {verdict}"


def summary_words(s: MatchSummary, unit: str, scored: str = "pair") -> list[str]:
    """The end of the match: each pairing's figures, ratings and cross table, faults, how it
    stopped (``unit``: marks or points; ``scored``: what a unit of the statistics is)."""
    out: list[str] = []
    for p in s.pairings:
        out += ["", *_pairing(p, unit, scored)]
    if s.ratings:
        width = max(len(r.name) for r in s.ratings)
        out += ["", f"{'Rank':<5} {'Name':<{width}} {'Elo':>7} {'95% interval':>18} {'Games':>6} {'Score':>7}"]
        for rank, r in enumerate(s.ratings, 1):
            interval = f"[{r.low:+.0f}, {r.high:+.0f}]"
            share = r.points / r.games * 100 if r.games else 0.0
            out.append(f"{rank:<5} {r.name:<{width}} {r.elo:>+7.1f} {interval:>18} {r.games:>6} {share:>6.1f}%")
    if s.cross_table:
        names = list(s.cross_table)
        width = max(len(n) for n in names)
        out += ["", " " * width + "".join(f" {n[:10]:>10}" for n in names)]
        for a in names:
            cells = []
            for b in names:
                cell = s.cross_table[a].get(b)
                cells.append(f" {'-' if cell is None else f'{cell[0]:g}/{cell[1]:g}':>10}")
            out.append(f"{a:<{width}}" + "".join(cells))
    faults = [f"{bot}: {', '.join(f'{kind} {n}' for kind, n in sorted(kinds.items()))}" for bot, kinds in s.faults.items() if kinds]
    stale = [f"{bot} {n}" for bot, n in s.stale.items() if n]
    out += ["", f"Faults: {'; '.join(faults) if faults else 'none'}" + (f" (late answers ignored: {', '.join(stale)})" if stale else "")]
    ended = {
        "completed": "the match is complete",
        "sprt": "the SPRT decided: the match stopped early",
        "interrupted": "the match was interrupted",
        "failed": "the match stopped: a bot could not be started",
    }[s.stopped]
    out.append(f"{s.units_played} of {_count(s.units_planned, scored)} played ({_count(s.games, 'game')}): {ended}")
    return out
