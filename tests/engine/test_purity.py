"""The rules core and the engine are pure: no web framework, no wire format (STYLE.md)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import calculator
from calculator.engine.memo import Memo
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
            if isinstance(value, Memo):
                memos.append(name)
                assert value.maxsize > 0, f"{module.__name__}.{name}"
    assert memos  # the payments, the takes, the walls' borders, the random player's kinds


def test_a_memo_forgets_everything_once_full():
    memo: Memo[int, int] = Memo(3)
    for key in range(7):
        assert memo.keep(key, key * key) == key * key
        assert len(memo) <= 3
    assert memo == {6: 36}


def test_a_layout_remembers_its_legal_cells_until_it_changes_and_a_copy_shares_them():
    """B2-B6, T5: the cells a tile may go are worked out once per wall pattern, kept until the
    Alhambra changes; a copy shares what was worked out and never changes the original's."""
    from calculator.core.building import legal_cells
    from calculator.core.tiles import CATALOG
    from calculator.engine.codes import TILE_CODE
    from calculator.engine.layout import Layout

    open_tiles = [tile for tile in CATALOG if not tile.walls]
    layout = Layout()
    first = layout.cells_for(TILE_CODE[open_tiles[0]], "region")
    assert layout.cells_for(TILE_CODE[open_tiles[1]], "region") is first  # one wall pattern
    copy = layout.copy()
    copy.place((1, 0), TILE_CODE[open_tiles[0]])
    assert layout.cells_for(TILE_CODE[open_tiles[1]], "region") is first
    after = copy.cells_for(TILE_CODE[open_tiles[1]], "region")
    assert list(after) == legal_cells(copy.frozen(), open_tiles[1], "region")
    assert after != first
