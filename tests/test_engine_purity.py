"""The rules core and the engine are pure: no web framework, no wire format (STYLE.md)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import calculator

PACKAGE = Path(calculator.__file__).parent
FORBIDDEN = ("flask", "werkzeug", "marshmallow", "jsonschema", "jsonschema_rs", "calculator.web")


def imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", ["core", "engine"])
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


@pytest.mark.parametrize("package", ["core", "engine"])
def test_every_memo_of_the_core_and_engine_is_bounded(package):
    """A long-lived worker answers positions from anyone: what it remembers between requests
    must have a ceiling (the README's "Limits"), however many different hands or Alhambras
    it is asked about."""
    memos = []
    for module_info in pkgutil.iter_modules([str(PACKAGE / package)]):
        module = importlib.import_module(f"calculator.{package}.{module_info.name}")
        for name, value in vars(module).items():
            if hasattr(value, "cache_info") and getattr(value, "__module__", "") == module.__name__:
                memos.append(name)
                assert value.cache_info().maxsize is not None, f"{module.__name__}.{name}"
    assert memos  # the payments, the walls' borders, the random player's kinds
