"""Corpora of all three games and one 2-worker LocalCluster, shared by the cluster tests.

The corpora are written by ``referee simulate`` (two seeds with a broken record between
them, so that diagnostics turn up in the middle of a file that is cut into units), and
each game's broken samples follow as small files of their own (sent whole).  Units are
made small (``UNIT_HANDS``, ``BATCH_HANDS``, ``WHOLE_FILE_BYTES``) and parts short (``PART_BYTES``) so
that a few hundred hands give many units and several parts.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.run import batch, parts, units

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"42": 12, "moon": 6, "88": 12}
"""Games simulated per seed: about 130, 120 and 110 hands."""


def _simulate(game: str, games: int, seed: int, path: Path) -> str:
    result = CliRunner().invoke(app, ["simulate", "--rules", game, "--games", str(games), "--seed", str(seed), "-O", str(path)])
    assert result.exit_code == 0, result.output
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """For each game: the big file, then the game's broken samples."""
    folder = tmp_path_factory.mktemp("corpora")
    out: dict[str, list[str]] = {}
    for game, games in GAMES.items():
        broken = sorted((ROOT / "samples" / "broken").glob(f"{game}-*.42"))
        first = _simulate(game, games, 1, folder / f"{game}-1.42")
        second = _simulate(game, games, 2, folder / f"{game}-2.42")
        big = folder / f"{game}.42"
        big.write_text("\n".join([first, broken[0].read_text(encoding="utf-8"), second]), encoding="utf-8")
        out[game] = [str(big), *(str(p) for p in broken)]
    return out


@pytest.fixture(autouse=True)
def small_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(units, "BATCH_HANDS", 20)
    monkeypatch.setattr(batch, "UNIT_HANDS", 20)
    monkeypatch.setattr(units, "WHOLE_FILE_BYTES", 16_384)
    monkeypatch.setattr(parts, "PART_BYTES", 1_000)


@pytest.fixture(scope="session")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of two worker processes (one thread each)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield str(cluster.scheduler_address)
