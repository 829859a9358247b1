"""Input and output shared by every subcommand that reads JSON: one way to treat bad input.

A file that cannot be read prints a line on standard error and exits with status 2. Input the
API would refuse (not JSON, too large, against the contract or the rules) prints the API's
problem+json on standard output and exits with status 1. An answer prints the API's JSON and
exits with status 0.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from calculator.api.json_text import MAX_BODY_BYTES, parse_json, to_json, within_limit
from calculator.api.problems import ApiProblem

UNREADABLE = 2
REFUSED = 1
ANSWERED = 0


def answer(operate: Callable[..., Any], paths: list[str], out: TextIO | None = None) -> int:
    """Print the answer of ``operate`` to the documents at ``paths`` (see the module)."""
    out = out or sys.stdout
    try:
        raws = [read_bytes(path) for path in paths]
    except OSError as error:
        return unreadable(error)
    try:
        print(to_json(operate(*(parse_json(within_limit(raw)) for raw in raws))).decode(), file=out)
    except ApiProblem as problem:
        print(to_json(problem.document()).decode(), file=out)
        return REFUSED
    return ANSWERED


def unreadable(error: OSError) -> int:
    """A file that cannot be read: a line on standard error, and the status to exit with."""
    print(
        f"alhambra: cannot read {error.filename or '-'}: {error.strerror or error}", file=sys.stderr
    )
    return UNREADABLE


def read_bytes(path: str) -> bytes:
    """The bytes of a file (``-``: standard input), at most one past the size limit."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_BODY_BYTES + 1)
    with open(path, "rb") as file:
        return file.read(MAX_BODY_BYTES + 1)
