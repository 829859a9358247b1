"""The package's build: pure Python, or with the engine's hot modules compiled by mypyc.

``ALHAMBRA_COMPILE=1`` compiles the modules of ``COMPILED`` into C extensions beside their
``.py`` sources, as mypy and black build their own wheels: the same source, and a platform
wheel instead of a pure one. Without it the wheel is pure Python. The list lives here only:
``make compiled`` builds a copy of the tree in place from it (``setup.py build_ext
--inplace``), and the Docker image installs the compiled wheel. The build needs mypy then;
``_build/backend.py`` asks the frontend for it.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

# The hot paths of a game and of a search: the core's building rules, the engine's core and
# its turn, and the computer players. Each keeps to what mypyc compiles alike (CONTRIBUTING.md).
COMPILED = [
    "calculator/core/building.py",
    "calculator/core/grid.py",
    "calculator/core/scoring.py",
    "calculator/core/walls.py",
    "calculator/engine/codes.py",
    "calculator/engine/core.py",
    "calculator/engine/game.py",
    "calculator/engine/hand.py",
    "calculator/engine/layout.py",
    "calculator/engine/memo.py",
    "calculator/engine/simulate.py",
    *sorted(path.as_posix() for path in Path("calculator/engine/turn").glob("*.py")),
    "calculator/engine/players/evaluation.py",
    "calculator/engine/players/greedy.py",
    "calculator/engine/players/information.py",
    "calculator/engine/players/mcts.py",
    "calculator/engine/players/random_play.py",
]


def compiling() -> bool:
    return os.environ.get("ALHAMBRA_COMPILE") == "1"


if compiling():
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, group_name="calculator"))
else:
    setup()
