"""The rules core and the engine are pure: no web framework, no wire format (STYLE.md)."""

from __future__ import annotations

import ast
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
    for path in sorted((PACKAGE / package).glob("*.py")):
        bad = {
            name
            for name in imported(path)
            if name.split(".")[0] in FORBIDDEN or name.startswith("calculator.web")
        }
        assert not bad, f"{path.name} imports {bad}"


def test_importing_the_engine_loads_no_web_or_wire_library():
    code = (
        "import sys, calculator.engine, calculator.engine.simulate, calculator.engine.consistency\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"
