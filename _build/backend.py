"""setuptools' build backend, asking for mypy when the build compiles (``ALHAMBRA_COMPILE=1``).

A pure build needs setuptools alone. A compiled one (setup.py) runs mypyc, which type-checks
the modules it compiles against the libraries they import: it needs the project's mypy and
its stub packages, as pinned in the ``dev`` extra, and the project's dependencies. Only
``get_requires_for_build_wheel`` differs from setuptools' backend, the way setuptools
documents for dynamic build dependencies.
"""

from __future__ import annotations

import os
import re
import tomllib

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (the backend's other hooks, unchanged)


def compile_requires() -> list[str]:
    """mypy and its stubs as the ``dev`` extra pins them, and the project's dependencies."""
    with open("pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    mypy = [
        requirement
        for requirement in project["optional-dependencies"]["dev"]
        if re.fullmatch(r"(mypy|types-[\w.-]+)", re.split(r"[^\w.-]", requirement)[0].lower())
    ]
    return [*mypy, *project["dependencies"]]


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    # setuptools' own answer runs setup.py, which imports mypyc when compiling: not yet here.
    if os.environ.get("ALHAMBRA_COMPILE") == "1":
        return compile_requires()
    return build_meta.get_requires_for_build_wheel(config_settings)
