"""The rules core and the engine are pure: no web framework, no wire format (STYLE.md)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import calculator
from tests.helpers.imports import imported

PACKAGE = Path(calculator.__file__).parent
FORBIDDEN = ("flask", "werkzeug", "marshmallow", "jsonschema", "jsonschema_rs", "calculator.web")


@pytest.mark.parametrize("package", ["core", "engine", "modules"])
def test_the_package_imports_no_web_or_wire_library(package):
    for path in sorted((PACKAGE / package).rglob("*.py")):  # engine/players too
        bad = {
            name
            for name in imported(path)
            if name.split(".")[0] in FORBIDDEN or name.startswith("calculator.web")
        }
        assert not bad, f"{path.name} imports {bad}"


def test_importing_the_engine_loads_no_web_or_wire_library():
    code = (
        "import sys, calculator.engine, calculator.engine.simulate, calculator.engine.consistency,"
        " calculator.engine.players, calculator.engine.players.arena\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"


@pytest.mark.parametrize("package", ["core", "engine", "modules"])
def test_every_memo_of_the_core_and_engine_is_bounded(package):
    """A long-lived worker answers positions from anyone: what it remembers between requests
    must have a ceiling (the README's "Limits"), however many different hands or Alhambras
    it is asked about."""
    memos = []
    prefix = f"calculator.{package}."
    for module_info in pkgutil.walk_packages([str(PACKAGE / package)], prefix):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if hasattr(value, "cache_info") and getattr(value, "__module__", "") == module.__name__:
                memos.append(name)
                assert value.cache_info().maxsize is not None, f"{module.__name__}.{name}"
    assert memos  # the payments, the walls' borders, the random player's kinds


def test_the_memos_of_the_alhambras_are_keyed_by_value_from_any_thread():
    """B2-B6, T5: two equal Alhambras built apart share one kept answer (a memo keyed by the
    object's identity would not), and threads asking at once about more Alhambras than the
    memo keeps all get the core's answer."""
    from concurrent.futures import ThreadPoolExecutor

    from calculator.core.alhambra import Alhambra
    from calculator.core.building import legal_cells
    from calculator.core.tiles import CATALOG
    from calculator.engine.turn.cells import KEPT, cells_for
    from calculator.engine.turn.redesign import removable_cells

    open_tiles = [tile for tile in CATALOG if not tile.walls]
    placed = [((1, 0), open_tiles[0]), ((-1, 0), open_tiles[1])]
    alhambra, twin = Alhambra.of(placed), Alhambra.of(reversed(placed))
    assert alhambra is not twin and alhambra == twin and hash(alhambra) == hash(twin)
    assert cells_for(alhambra, CATALOG[0], "region") is cells_for(twin, CATALOG[0], "region")
    assert removable_cells(alhambra) is removable_cells(twin)

    rows = [
        Alhambra.of(((x, 0), open_tiles[0]) for x in range(1, length)) for length in range(1, 15)
    ]
    questions = [(row, tile) for row in rows for tile in CATALOG]
    assert len(questions) > KEPT  # so the memo drops answers while the threads ask
    expected = [tuple(legal_cells(row, tile, "region")) for row, tile in questions]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            answers = pool.map(lambda question: cells_for(*question, "region"), questions)
            assert list(answers) == expected
