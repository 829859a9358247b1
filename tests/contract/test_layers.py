"""The layers of the package: core → engine ← modules, then api → web / cli (README, "Map of
the code"), held on the whole import graph of ``calculator/``.

Every import of every file counts, at the top or inside a function. The core imports nothing
of the others; the engine only the core (a game's modules reach it as a value, its ruleset,
never by import); the modules the core and the engine; the api layer holds every operation
without Flask, so the console script and the HTTP views share it; the web layer holds only
Flask, its views independent of each other. No two files import each other, directly or
round a longer cycle. And the tests: what they share lives in ``tests/helpers/``, so no test
module imports another.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

import calculator
from tests.helpers.imports import imported

PACKAGE = Path(calculator.__file__).parent
TESTS = Path(__file__).resolve().parents[1]
FLASK = ("flask", "werkzeug", "flask_cors", "flask_swagger_ui")
VIEWS = ("v1", "games", "render", "page", "docs", "health")
"""The modules of ``calculator/web`` that hold a blueprint."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


FILES: dict[str, Path] = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
"""Every module of the package by its dotted name, a package by its ``__init__.py``."""


def imports(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of ``known`` that the file ``name`` (at ``path``) imports, anywhere in it:
    ``from a.b import c`` is ``a.b.c`` when that is a module, else ``a.b``."""
    known = set(known)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                if target in known:
                    found.add(target)
                elif source in known:
                    found.add(source)
    found.discard(name)
    return found


GRAPH: dict[str, set[str]] = {name: imports(name, path, FILES) for name, path in FILES.items()}
"""The package's import graph: each module with the package's modules it imports."""


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a cycle (the strongly
    connected components of more than one module, Tarjan), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def test_the_graph_holds_every_file_and_finds_imports_inside_functions(tmp_path):
    assert "calculator.engine.core" in GRAPH["calculator.engine.game"]
    assert "calculator.modules.vizier.rules" in GRAPH
    probe = tmp_path / "probe.py"
    probe.write_text(
        "def f():\n"
        "    from calculator.engine import core\n"
        "    import calculator.web\n"
        "    from . import layout\n"
        "    from .turn.draws import BAG\n",
        "utf-8",
    )
    assert imports("calculator.engine.probe", probe, FILES) == {
        "calculator.engine.core",
        "calculator.web",
        "calculator.engine.layout",
        "calculator.engine.turn.draws",
    }


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ],
)
def test_cycles_are_found_however_long(graph, expected):
    assert cycles(graph) == expected


def test_no_file_of_the_package_imports_a_file_that_imports_it_back():
    """No import cycle between files: a module is loaded once everything it needs is, and a
    dependency can always be read before what uses it."""
    assert cycles(GRAPH) == []


def _layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "engine": {"core", "engine"},
    "modules": {"core", "engine", "modules"},
}
"""What each pure layer may import of the package: core → engine ← modules."""


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_core_engine_modules_each_import_only_the_layers_below(layer):
    beyond = {
        name: sorted(other for other in imported if _layer(other) not in ALLOWED[layer])
        for name, imported in GRAPH.items()
        if _layer(name) == layer
    }
    assert {name: found for name, found in beyond.items() if found} == {}


def test_the_engine_reaches_the_modules_only_as_a_value():
    """The registry builds a game's ruleset at the edge (the api, the command, the players'
    callers): nothing of the core or the engine imports it or a module's package."""
    reaching = {
        name
        for name, imported in GRAPH.items()
        if _layer(name) in ("core", "engine") and any(_layer(o) == "modules" for o in imported)
    }
    assert reaching == set()
    assert any(_layer(o) == "engine" for o in GRAPH["calculator.modules.vizier.rules"])


@pytest.mark.parametrize(
    "path",
    sorted((PACKAGE / "api").glob("*.py")) + sorted((PACKAGE / "cli").glob("*.py")),
    ids=lambda p: p.name,
)
def test_the_api_layer_and_the_cli_import_no_flask_and_no_web_module(path):
    names = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    bad = {
        name for name in names if name.split(".")[0] in FLASK or name.startswith("calculator.web")
    }
    assert not bad, f"{path.parent.name}/{path.name} imports {bad}"


@pytest.mark.parametrize("view", VIEWS)
def test_a_view_module_imports_no_other_view_module(view):
    others = {f"calculator.web.{other}" for other in VIEWS if other != view}
    assert not GRAPH[f"calculator.web.{view}"] & others


def imported_test_modules(path: Path) -> set[str]:
    """The test modules (``test_*.py``) of ``tests/`` that ``path`` imports."""
    return {
        name
        for name in imported(path)
        if name.split(".")[0] == "tests" and any(p.startswith("test_") for p in name.split("."))
    }


def relative_imports(path: Path) -> list[int]:
    """The lines of ``path`` that import by a relative name, which would hide what they import."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level > 0]


@pytest.mark.parametrize(
    "path", sorted(TESTS.rglob("*.py")), ids=lambda p: str(p.relative_to(TESTS))
)
def test_no_module_of_the_tests_imports_a_test_module(path):
    found = imported_test_modules(path)
    assert not found, f"imports {sorted(found)}: what tests share belongs in tests/helpers/"
    assert not relative_imports(path), "a relative import hides what it imports"


@pytest.mark.parametrize(
    "line",
    [
        "from tests.api.test_games import post",
        "from tests.api import test_games",
        "import tests.browser.test_browser",
        "from tests.engine.test_vizier import (\n    vizier_scene,\n)",
    ],
)
def test_an_import_of_a_test_module_is_seen(tmp_path, line):
    source = tmp_path / "test_reader.py"
    source.write_text(f"{line}\n")
    assert imported_test_modules(source)
