"""bench/ stands alone: the benchmarks and the long runs (``make soak``, ``make fuzz``) import
the package and each other, never the test suite, so they run with the project's runtime and
bench dependencies only (the tests import from bench/, not the other way round)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SCRIPTS = sorted(BENCH.glob("*.py"))


def imported_modules(source: Path) -> set[str]:
    """The top-level names of every absolute import in a file, wherever it stands."""
    found = set()
    for node in ast.walk(ast.parse(source.read_text("utf-8"), str(source))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_imports_are_read_from_the_files():
    assert {"bench", "json", "psutil"} <= imported_modules(BENCH / "soak.py")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_bench_script_imports_nothing_from_the_tests(script):
    assert "tests" not in imported_modules(script)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_bench_script_needs_no_test_runner(script):
    assert not {"pytest", "hypothesis"} & imported_modules(script)
