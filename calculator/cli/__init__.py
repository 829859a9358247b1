"""The console script ``alhambra``: the API's answers offline, for a referee without network.

    alhambra score position.json    the body of POST /v1/scores  -> its response
    alhambra walls alhambra.json    the body of POST /v1/walls   -> its response
                                    ('-' reads standard input)

The output is exactly the JSON the API sends. Every subcommand treats bad input one way
(``_documents.py``): input the API would refuse prints its problem+json and exits with
status 1; a file that cannot be read exits with status 2. No Flask is loaded.

Each command is a module of this package with a ``register(commands)`` function that adds its
sub-parser and sets ``run`` (see ``api.py``); a new module is found without editing this file.
Modules whose names start with ``_`` are helpers.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections.abc import Sequence


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="alhambra",
        description="Alhambra rules, longest wall and round scores, offline.",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="command")
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}").register(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    return int(arguments.run(arguments))
