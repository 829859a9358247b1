"""The layers of the package: core → engine → api → web / cli (README, "Map of the code").

The api layer holds every operation without Flask, so the console script and the HTTP views
share it; the web layer holds only Flask, its views independent of each other. And the tests:
what they share lives in ``tests/helpers/``, so no test module imports another.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import calculator
from tests.helpers.imports import imported

PACKAGE = Path(calculator.__file__).parent
TESTS = Path(__file__).resolve().parents[1]
FLASK = ("flask", "werkzeug", "flask_cors", "flask_swagger_ui")
VIEWS = ("v1", "games", "render", "page", "docs", "health")
"""The modules of ``calculator/web`` that hold a blueprint."""


def modules(*folder: str) -> list[Path]:
    return sorted(PACKAGE.joinpath(*folder).glob("*.py"))


@pytest.mark.parametrize("path", modules("api") + modules("cli"), ids=lambda p: p.name)
def test_the_api_layer_and_the_cli_import_no_flask_and_no_web_module(path):
    bad = {
        name
        for name in imported(path)
        if name.split(".")[0] in FLASK or name.startswith("calculator.web")
    }
    assert not bad, f"{path.parent.name}/{path.name} imports {bad}"


@pytest.mark.parametrize("layer", ["core", "engine"])
def test_the_core_and_the_engine_import_nothing_of_the_layers_above(layer):
    for path in modules(layer):
        bad = {
            name
            for name in imported(path)
            if name.startswith(("calculator.api", "calculator.web", "calculator.cli"))
        }
        assert not bad, f"{layer}/{path.name} imports {bad}"


@pytest.mark.parametrize("view", VIEWS)
def test_a_view_module_imports_no_other_view_module(view):
    others = {f"calculator.web.{other}" for other in VIEWS if other != view}
    assert not imported(PACKAGE / "web" / f"{view}.py") & others


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
