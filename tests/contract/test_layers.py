"""The layers of the package: core → engine → api → web / cli (README, "Map of the code").

The api layer holds every operation without Flask, so the console script and the HTTP views
share it; the web layer holds only Flask, its views independent of each other.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import calculator
from tests.imports import imported

PACKAGE = Path(calculator.__file__).parent
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
