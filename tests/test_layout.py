"""The package's layout holds its promises (docs/architecture.md): data flows one way,
engine -> notation -> judging -> report -> league -> run -> cli, the engine is pure, games
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
    {"run"},
    {"match", "batch", "live"},
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
    assert RANK["engine"] < RANK["notation"] < RANK["judging"] < RANK["report"] < RANK["league"] < RANK["run"] < RANK["cli"]


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


def test_the_help_names_the_extensions_the_inputs_search() -> None:
    """A game's name is its files' extension: the help texts (built at start-up from the
    light ``NAMES``) and the search of a directory (``run.inputs.EXTENSIONS``) agree."""
    from referee.cli.common import SEARCHED
    from referee.run.inputs import EXTENSIONS

    assert ", ".join(f"*{e}" for e in EXTENSIONS) == SEARCHED


# -- one seam between judge and engine ------------------------------------------------------------


_NAMED_TUPLE_API = frozenset(("_replace", "_asdict", "_make", "_fields", "_field_defaults"))
"""A named tuple's public methods, named with a leading underscore only so as not to
clash with its fields: calling them is not reaching into the engine."""


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
    return names - _NAMED_TUPLE_API


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


# -- one way to run the work -----------------------------------------------------------------------

READERS = {"read_records", "read_text", "read_unit", "read_documents", "read_input"}
"""The functions that read records (files, streams, texts, units of a file, JSON documents)."""


def _calls(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """The name of each function or method a module calls, with the line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                yield func.id, node.lineno
            elif isinstance(func, ast.Attribute):
                yield func.attr, node.lineno


def _names(tree: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
    }


def test_one_window_over_workers() -> None:
    """Work is sent to workers in one place, ``run.ordered.in_order``: no other module
    submits to an executor or keeps a deque of futures (the window written three times
    before issue 23)."""
    found = []
    for module, path in MODULES.items():
        if module == "referee.run.ordered":
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        lines = text.splitlines()
        found += [
            f"{module}:{line}: submits work"
            for name, line in _calls(tree)
            if name in ("submit", "map") and _is_executor_call(tree, line) and not _starts_the_pool(module, lines[line - 1])
        ]
        if {"deque", "Future"} <= _names(tree):
            found.append(f"{module}: a deque of futures")
    assert found == []


def _starts_the_pool(module: str, line: str) -> bool:
    """The one submit outside the window: ``run.local.process_pool`` submits a no-op
    (``int``) to fork its workers while interrupts are held back; it sends no work."""
    return module == "referee.run.local" and "pool.submit(int)" in line


def _is_executor_call(tree: ast.AST, line: int) -> bool:
    """Whether the call on ``line`` is ``something.submit(...)`` (or ``.map``) on an executor,
    pool or client, as far as its name says."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.lineno == line and isinstance(node.func, ast.Attribute):
            owner = ast.unparse(node.func.value).lower()
            if node.func.attr == "submit" or any(w in owner for w in ("executor", "pool", "client")):
                return True
    return False


def test_one_loop_reads_and_judges() -> None:
    """Records are read and then judged in one place, ``run.records``: no other module
    both calls a reader and judges, and only that module judges a record as read
    (``judge_result``); the commands go through its loop (``judged_records``,
    ``judge_results``, ``judge_paths``) or through ``run.batch.outcomes``."""
    found = []
    for module, path in MODULES.items():
        if module == "referee.run.records":
            continue
        called = dict(_calls(ast.parse(path.read_text(encoding="utf-8"))))
        reads = READERS & called.keys()
        judges = {"judge", "judge_result"} & called.keys()
        if "judge_result" in called:
            found.append(f"{module}:{called['judge_result']}: judges a record as read outside the loop")
        if reads and judges:
            found.append(f"{module}: calls {sorted(reads)} and {sorted(judges)}")
    assert found == []


def test_the_window_and_loop_checks_would_catch_a_second_one() -> None:
    window = ast.parse("from collections import deque\nfrom concurrent.futures import Future\npool.submit(f, 1)\n")
    assert {"deque", "Future"} <= _names(window) and _is_executor_call(window, 3)
    loop = dict(_calls(ast.parse("for rr in read_records(p):\n    referee.judge(rr.record)\n")))
    assert READERS & loop.keys() and "judge" in loop


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


def _in_the_catalogue(module: str) -> bool:
    """The catalogue is the ``referee.codes`` package: the code type and the codes by family."""
    return module == "referee.codes" or module.startswith("referee.codes.")


def test_the_catalogue_is_the_codes_package() -> None:
    catalogue = [m for m in MODULES if _in_the_catalogue(m)]
    assert {"referee.codes", "referee.codes.code", "referee.codes.rules"} <= set(catalogue)
    assert not _in_the_catalogue("referee.codesign") and not _in_the_catalogue("referee.judging.codes")


def test_no_list_of_codes_outside_the_catalogue() -> None:
    """What replay does after a refusal is ``Code.after``, in ``referee/codes/``: no module
    keeps its own list of codes to decide it."""
    lists = []
    for module, path in MODULES.items():
        if _in_the_catalogue(module):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Tuple | ast.List | ast.Set) and sum(_is_code(e) for e in node.elts) >= 2:
                lists.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert lists == []


def test_no_code_is_written_as_a_string_outside_the_catalogue() -> None:
    """Code keys on a diagnostic by its name in the catalogue (``codes.E501``), never by a
    string (docstrings and doctests may show codes: they are not behaviour)."""
    written = []
    for module, path in MODULES.items():
        if _in_the_catalogue(module):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and id(node) not in docs and _is_code(node):
                written.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.value!r}")
    assert written == []


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
    from referee.run.records import judge_result

    def said() -> list[tuple[str, object, str]]:
        rr = next(read_records(SAMPLES / sample))
        judged = judge_result(rr, Referee(), sample, 1)
        return [(d.code, d.at, d.message) for d in judged.diagnostics if d.code.startswith("E")]

    before = said()
    assert before

    def reworded(refusal: Refusal | None) -> Refusal | None:
        return None if refusal is None else replace(refusal, message="Reworded: " + refusal.message[::-1])

    original_check, original_play = hand_module.Hand.check, hand_module.Hand.check_play
    monkeypatch.setattr("referee.judging.dealt.check_deal", lambda *a, **k: [reworded(r) for r in check_deal(*a, **k)])
    monkeypatch.setattr(hand_module.Hand, "check", lambda self, action: reworded(original_check(self, action)))
    monkeypatch.setattr(hand_module.Hand, "check_play", lambda self, seat, t: reworded(original_play(self, seat, t)))
    after = said()
    assert [m for _, _, m in after] != [m for _, _, m in before]  # the words did change
    assert [(c, at) for c, at, _ in after] == [(c, at) for c, at, _ in before]


# -- import cycles ------------------------------------------------------------------------------


def _module_imports() -> dict[str, set[str]]:
    """Every module of referee/ and the referee modules it imports, counting imports inside
    functions (lazy) and under ``if TYPE_CHECKING:`` as well as those at the top: a cycle
    through any of them is a cycle of the design, whether or not Python meets it at start-up."""
    root = PACKAGE
    names = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        names[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                # a name that is a module is that module; any other is the package's (or module's) own
                targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in names else stem for a in node.names]
            for t in targets:
                while t and t not in names:  # `from .x import name`: the module x, or the package's own module
                    t = t.rpartition(".")[0]
                if t and t != name and t.startswith("referee"):
                    found.add(t)
        graph[name] = found
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles() -> None:
    """No module imports, at any depth and through any kind of import, one that imports it:
    not inside a package, not between packages."""
    graph = _module_imports()
    assert len(graph) > 100
    assert _cycles(graph) == []


def test_the_cycle_check_would_catch_a_lazy_one() -> None:
    graph = _module_imports()
    graph["referee.engine.tiles"] = graph["referee.engine.tiles"] | {"referee.cli.check"}
    assert any("referee.engine.tiles" in c and "referee.cli.check" in c for c in _cycles(graph))
