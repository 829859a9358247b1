"""``alhambra score`` and ``alhambra walls``: POST /v1/scores and POST /v1/walls, offline.

The input goes through exactly what a request body goes through (strict JSON, the size limit,
the contract, the rules core) by way of :mod:`calculator.api.service`; bad input is treated
as by every subcommand (``_documents.py``).
"""

from __future__ import annotations

import argparse
from typing import Any

from calculator.api import service
from calculator.cli._documents import answer


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    score = commands.add_parser(
        "score",
        help="a scoring round (M1-M5, W4, D3): the body of POST /v1/scores",
        description="Print the response of POST /v1/scores for the request in FILE.",
    )
    score.add_argument("file", metavar="FILE", help="a JSON request body, or - for stdin")
    score.set_defaults(run=lambda arguments: answer(service.scores, [arguments.file]))

    walls = commands.add_parser(
        "walls",
        help="the longest wall (W1-W3): POST /v1/walls, or a bare Alhambra",
        description="Print the response of POST /v1/walls for the Alhambra in FILE: a request "
        'body {"alhambra": [...]} or the bare array of placed tiles.',
    )
    walls.add_argument("file", metavar="FILE", help="a JSON document, or - for stdin")
    walls.set_defaults(run=lambda arguments: answer(_walls, [arguments.file]))


def _walls(document: Any) -> dict[str, Any]:
    if isinstance(document, list):  # the Alhambra alone
        document = {"alhambra": document}
    return service.longest_wall(document)
