"""What a Python file imports, read from its source: for the tests of the layers, the purity of
the core and engine, and bench/ standing alone."""

from __future__ import annotations

import ast
from pathlib import Path


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports by absolute name, wherever the import stands, with
    ``from calculator.web import v1`` as both ``calculator.web`` and ``calculator.web.v1``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def top_level(names: set[str]) -> set[str]:
    """The packages the names belong to: ``calculator`` for ``calculator.web.v1``."""
    return {name.split(".")[0] for name in names}
