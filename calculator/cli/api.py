"""``alhambra score`` and ``alhambra walls``: POST /v1/scores and POST /v1/walls, offline.

The input goes through exactly what a request body goes through (strict JSON, the size limit,
the contract, the rules core) by way of :mod:`calculator.web.service`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from calculator.web import service
from calculator.web.app import DEFAULTS
from calculator.web.body import parse_json
from calculator.web.errors import ApiProblem, ContentTooLarge, problem_document

Operation = Callable[[Any], dict[str, Any]]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    score = commands.add_parser(
        "score",
        help="a scoring round (M1-M5, W4, D3): the body of POST /v1/scores",
        description="Print the response of POST /v1/scores for the request in FILE.",
    )
    score.add_argument("file", metavar="FILE", help="a JSON request body, or - for stdin")
    score.set_defaults(run=lambda arguments: answer(service.scores, arguments.file))

    walls = commands.add_parser(
        "walls",
        help="the longest wall (W1-W3): the body of POST /v1/walls, or just the Alhambra",
        description="Print the response of POST /v1/walls for the Alhambra in FILE: a request "
        'body {"alhambra": [...]} or the bare array of placed tiles.',
    )
    walls.add_argument("file", metavar="FILE", help="a JSON document, or - for stdin")
    walls.set_defaults(run=lambda arguments: answer(_walls, arguments.file))


def _walls(document: Any) -> dict[str, Any]:
    if isinstance(document, list):  # the Alhambra alone
        document = {"alhambra": document}
    return service.longest_wall(document)


def answer(operate: Operation, path: str, out: Any = None) -> int:
    """Print the API's JSON for the document at ``path``: 0 answered, 1 refused, 2 unreadable."""
    out = out or sys.stdout
    try:
        try:
            document = read_json(path)
        except OSError as error:
            print(f"alhambra: cannot read {path}: {error.strerror or error}", file=sys.stderr)
            return 2
        print(service.to_json(operate(document)), file=out)
    except ApiProblem as problem:
        body = problem_document(problem.status, problem.title, problem.detail, problem.type,
                                **problem.extra)
        print(service.to_json(body), file=out)
        return 1
    return 0


def read_json(path: str) -> Any:
    """The JSON document of a file (``-``: standard input) as the API reads a body: strictly,
    and no larger than its size limit (413), of which at most one byte more is read."""
    limit = DEFAULTS["MAX_CONTENT_LENGTH"]
    if path == "-":
        raw = sys.stdin.buffer.read(limit + 1)
    else:
        with open(path, "rb") as file:
            raw = file.read(limit + 1)
    if len(raw) > limit:
        raise ContentTooLarge(f"the input is larger than the limit of {limit} bytes")
    return parse_json(raw)
