"""The package's layout holds its promises (docs/architecture.md): data flows one way,
engine -> notation -> judge -> report -> league -> pipeline -> cli, the engine is pure, games
are named only by their modules, the judge uses only the engine's public actions,
the recovery policy after a refusal is in the catalogue alone, and carets never come
from message text.

Imports are read from the source with ``ast``, those inside functions included, so
a lazy import cannot hide an arrow that points the wrong way.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "referee"

LAYERS: list[set[str]] = [
    {"codes", "source", "__version__"},
    {"diagnostics", "words"},
    {"engine"},
    {"notation"},
    {"judging"},
    {"interchange", "play"},
    {"report"},
    {"league"},
    {"output", "pipeline"},
    {"batch", "parts"},
    {"cluster"},
    {"match", "live"},
    {"cli"},
    {"__main__", "__init__"},
]
"""Each area of the package (a sub-package or a top-level module) by layer, lowest
first: a module may import from its own area and from lower layers only."""

RANK = {area: rank for rank, areas in enumerate(LAYERS) for area in areas}


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 2:
            parts = parts[:-1]
        yield ".".join(parts), path


MODULES = dict(_modules())


def _area(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def _target(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module an ``import from`` in ``module`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = "referee" if module == "referee.__init__" else module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every ``referee`` module ``module`` imports, with the line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            target = _target(module, path, node)
            if not target.startswith("referee"):
                continue
            if node.module is None:  # from .. import codes: the names are modules
                yield from ((f"{target}.{a.name}", node.lineno) for a in node.names)
            else:
                yield target, node.lineno
        elif isinstance(node, ast.Import):
            yield from ((a.name, node.lineno) for a in node.names if a.name.startswith("referee"))


def test_every_area_has_a_layer() -> None:
    assert {_area(m) for m in MODULES} <= set(RANK), {_area(m) for m in MODULES} - set(RANK)


def test_imports_point_down_the_layers() -> None:
    wrong = []
    for module, path in MODULES.items():
        here = _area(module)
        for target, line in _imports(module, path):
            there = _area(target)
            if target == "referee":
                there = "__init__"
            if there != here and RANK[there] >= RANK[here]:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {here} imports {target}")
    assert wrong == []


def test_the_layer_check_would_catch_an_upward_import() -> None:
    assert RANK["engine"] < RANK["notation"] < RANK["judging"] < RANK["report"] < RANK["pipeline"] < RANK["cli"]


IO_MODULES = {"io", "os", "sys", "pathlib", "shutil", "tempfile", "subprocess", "socket", "pydantic", "rich", "typer", "lark", "json"}


def test_the_engine_is_pure() -> None:
    """No I/O, no notation, no pydantic in ``referee/engine``: rules only."""
    found = []
    for module, path in MODULES.items():
        if _area(module) != "engine":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [f"{module}: imports {n}" for n in names if n.split(".")[0] in IO_MODULES]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "print", "input"):
                found.append(f"{module}:{node.lineno}: calls {node.func.id}")
    assert found == []


# -- games are modules -----------------------------------------------------------------------------


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
        if isinstance(node, ast.Module | ast.ClassDef):  # attribute docstrings: a string after an assignment
            for before, after in zip(node.body, node.body[1:], strict=False):
                if isinstance(before, ast.Assign | ast.AnnAssign) and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                    ids.add(id(after.value))
    return ids


def _game_words() -> set[str]:
    from referee.engine.games import GAMES, NAMES

    words = {*NAMES, *(g.title for g in GAMES.values())}
    return {w.lower() for w in words} | {"texas42", "texas88"}


def test_no_module_outside_the_games_names_a_game() -> None:
    """Behaviour never keys on a game's name: a string equal to a game's name or title
    appears only in ``engine/games`` (docstrings and help texts may name them)."""
    words = _game_words()
    named = []
    for module, path in MODULES.items():
        if module.startswith("referee.engine.games"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs and node.value.lower() in words:
                named.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.value!r}")
    assert named == []


def test_the_light_game_names_are_the_games() -> None:
    from referee.cli.params import BUILT_IN_PROFILES
    from referee.engine.games import DEFAULT_GAME, GAMES, NAMES

    assert tuple(GAMES) == NAMES == BUILT_IN_PROFILES
    assert DEFAULT_GAME in GAMES


# -- one seam between judge and engine ------------------------------------------------------------


def _engine_private_names() -> set[str]:
    names = set()
    for module, path in MODULES.items():
        if _area(module) != "engine":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name.startswith("_") and not node.name.startswith("__"):
                names.add(node.name)
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                names.add(node.attr)
            if isinstance(node, ast.Name) and node.id.startswith("_") and not node.id.startswith("__"):
                names.add(node.id)
    return names


def test_nothing_outside_the_engine_uses_its_private_names() -> None:
    """The replay acts through ``Hand.apply`` and the ``can_``/``check_`` queries only."""
    private = _engine_private_names()
    assert "_new_trick" in private  # the check sees the engine's private names
    used = []
    for module, path in MODULES.items():
        if _area(module) == "engine":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and _area(_target(module, path, node)) == "engine":
                used += [f"{module}:{node.lineno}: imports {a.name}" for a in node.names if a.name.startswith("_")]
            mine = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if isinstance(node, ast.Attribute) and node.attr in private and node.attr not in defined and not mine:
                used.append(f"{module}:{node.lineno}: .{node.attr}")
    assert used == []


# -- the recovery policy is in the catalogue --------------------------------------------------------

_CODE = re.compile(r"^[ESW]\d{3}$")


def _is_code(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(_CODE.match(node.value))
    if isinstance(node, ast.Attribute):
        return bool(_CODE.match(node.attr))
    if isinstance(node, ast.Name):
        return bool(_CODE.match(node.id))
    return False


def test_no_list_of_codes_outside_the_catalogue() -> None:
    """What replay does after a refusal is ``Code.after``, in ``codes.py``: no module keeps
    its own list of codes to decide it."""
    lists = []
    for module, path in MODULES.items():
        if module == "referee.codes":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Tuple | ast.List | ast.Set) and sum(_is_code(e) for e in node.elts) >= 2:
                lists.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert lists == []


def test_every_code_has_its_policy() -> None:
    from referee.codes import CATALOG, After

    assert all(isinstance(code.after, After) for code in CATALOG.values())


# -- carets come from data ---------------------------------------------------------------------------

SAMPLES = PACKAGE.parent / "samples" / "broken"


@pytest.mark.parametrize("sample", ["42-tile-dealt-twice.42", "42-tile-played-twice.42", "42-renege.42"])
def test_rewording_a_message_does_not_move_its_caret(monkeypatch: pytest.MonkeyPatch, sample: str) -> None:
    """Every refusal the engine makes is reworded; each diagnostic stays where it was."""
    from referee.engine import hand as hand_module
    from referee.engine.deal import check_deal
    from referee.engine.refusal import Refusal
    from referee.judging.replay import Referee
    from referee.notation import read_records
    from referee.pipeline import judge_result

    def said() -> list[tuple[str, object, str]]:
        rr = next(read_records(SAMPLES / sample))
        judged = judge_result(rr, Referee(), sample, 1)
        return [(d.code, d.at, d.message) for d in judged.diagnostics if d.code.startswith("E")]

    before = said()
    assert before

    def reworded(refusal: Refusal | None) -> Refusal | None:
        return None if refusal is None else replace(refusal, message="Reworded: " + refusal.message[::-1])

    original_check, original_play = hand_module.Hand.check, hand_module.Hand.check_play
    monkeypatch.setattr("referee.judging.follow.check_deal", lambda *a, **k: [reworded(r) for r in check_deal(*a, **k)])
    monkeypatch.setattr(hand_module.Hand, "check", lambda self, action: reworded(original_check(self, action)))
    monkeypatch.setattr(hand_module.Hand, "check_play", lambda self, seat, t: reworded(original_play(self, seat, t)))
    after = said()
    assert [m for _, _, m in after] != [m for _, _, m in before]  # the words did change
    assert [(c, at) for c, at, _ in after] == [(c, at) for c, at, _ in before]
