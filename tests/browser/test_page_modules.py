"""The phone page's script as modules: imports run one way, and one module keeps the game.

The page ships its ES modules as they are (no build step), so the graph the browser loads is
the graph of the ``import ... from './x.js'`` lines under ``calculator/web/static/js``. A
module that imports one that imports it back is refused; so is a second module that saves.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "calculator" / "web" / "static" / "js"
ENTRY = "app.js"  # the one module page.html loads

# `import {a, b} from './x.js';` (over several lines too), `export {a} from './x.js';` and
# `import './x.js';`, each starting a line (so a commented-out import is not one).
STATIC_IMPORT = re.compile(
    r"""^(?:import|export)\b(?:[^;'"]*?\bfrom)?\s*(['"])(?P<specifier>[^'"]+)\1""", re.M
)
DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(")

Graph = dict[str, list[str]]


def imports(source: str) -> list[str]:
    """The module specifiers a module's source imports, in order."""
    return [match["specifier"] for match in STATIC_IMPORT.finditer(source)]


def resolve(module: str, specifier: str) -> str:
    """The module a relative specifier names, as a path under static/js."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(module), specifier))


def module_graph(root: Path) -> Graph:
    """Each module under `root` and the modules it imports."""
    graph: Graph = {}
    for path in sorted(root.rglob("*.js")):
        module = path.relative_to(root).as_posix()
        graph[module] = [resolve(module, s) for s in imports(path.read_text("utf-8"))]
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """A chain of imports that comes back to where it started (its first module repeated at
    the end), or None when there is none. Depth-first, modules in name order."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for imported in graph.get(module, []):
            cycle = visit(imported)
            if cycle:
                return cycle
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle:
            return cycle
    return None


def test_no_module_imports_one_that_imports_it_back():
    cycle = find_cycle(module_graph(JS))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize(
    ("graph", "cycle"),
    [
        ({"a.js": ["a.js"]}, ["a.js", "a.js"]),
        (
            {"build.js": ["scoring.js"], "scoring.js": ["build.js"]},
            ["build.js", "scoring.js", "build.js"],
        ),
        (  # the entry is outside the cycle it leads to
            {
                "app.js": ["build.js", "dom.js"],
                "build.js": ["scoring.js"],
                "scoring.js": ["app.js"],
                "dom.js": [],
            },
            ["app.js", "build.js", "scoring.js", "app.js"],
        ),
        ({"a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["b.js"]}, ["b.js", "c.js", "b.js"]),
    ],
    ids=["self", "two-modules", "three-modules", "behind-the-entry"],
)
def test_a_cycle_is_found_and_named(graph, cycle):
    assert find_cycle(graph) == cycle


def test_modules_shared_along_two_paths_are_no_cycle():
    diamond = {
        "app.js": ["build.js", "scoring.js"],
        "build.js": ["store.js"],
        "scoring.js": ["store.js"],
        "store.js": [],
    }
    assert find_cycle(diamond) is None


def test_import_lines_are_read_in_every_form():
    source = """
import { a } from './one.js';
import {
  b, c,
} from "./two.js";
import './three.js';
export { d } from './four.js';
import * as five from './five.js';
// import { old } from './commented.js';
const text = 'import nothing from here';
"""
    assert imports(source) == ["./one.js", "./two.js", "./three.js", "./four.js", "./five.js"]


def test_every_import_names_a_module_of_the_page_and_each_is_loaded():
    graph = module_graph(JS)
    for module in graph:
        source = (JS / module).read_text("utf-8")
        assert not DYNAMIC_IMPORT.search(source), f"{module}: a dynamic import escapes the graph"
        missing = [imported for imported in graph[module] if imported not in graph]
        assert not missing, f"{module} imports {missing}, which are not under static/js"
    reached: set[str] = set()
    waiting = [ENTRY]
    while waiting:
        module = waiting.pop()
        if module not in reached:
            reached.add(module)
            waiting.extend(graph[module])
    assert reached == set(graph), f"never loaded: {sorted(set(graph) - reached)}"


@pytest.mark.parametrize("call", ["localStorage.setItem", "save("])
def test_only_the_store_saves_the_game(call):
    """Saving follows from update (store.js), never from a handler."""
    pattern = re.compile(r"\b" + re.escape(call))
    saving = sorted(
        path.relative_to(JS).as_posix()
        for path in JS.rglob("*.js")
        if pattern.search(path.read_text("utf-8"))
    )
    assert saving == ["store.js"]
