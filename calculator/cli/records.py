"""``alhambra record``: a game's record offline, by way of :mod:`calculator.api.records`.

    alhambra record FILE                 the record both ways (POST /v1/records/notation)
    alhambra record FILE --text          its canonical text alone
    alhambra record FILE --replay [--to N]   the game after N moves (POST /v1/records/replay)
    alhambra record FILE --review LEVEL [--total-ms T] [--budget-ms B] [--from K] [--seed S]
                                         every decision judged (POST /v1/records/review)
    alhambra position FILE               a game's state from what lies on a table
                                         (POST /v1/games/position)

FILE holds a record as JSON, or as text in the notation of ``docs/records.md`` ('-' reads
standard input): what is not JSON is read as text. The answers are exactly the API's; bad
input is treated as by every subcommand (``_documents.py``): problem+json and status 1, or
status 2 for a file that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from calculator.api import positions, records
from calculator.api.json_text import parse_json, to_json, within_limit
from calculator.api.problems import ApiProblem, MalformedBody
from calculator.cli._documents import ANSWERED, REFUSED, answer, read_bytes, unreadable
from calculator.core.text import Text


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    recording = commands.add_parser(
        "record",
        help="a game's record: both ways, its replay or its review",
        description="Print the record in FILE (JSON, or the text notation) both ways, as POST "
        "/v1/records/notation answers; with --replay, the game after its moves, as POST "
        "/v1/records/replay answers; with --review, every decision judged by a computer player, "
        "as POST /v1/records/review answers.",
    )
    recording.add_argument("file", metavar="FILE", help="a record (JSON or text), or - for stdin")
    recording.add_argument("--text", action="store_true", help="print the canonical text alone")
    recording.add_argument("--replay", action="store_true", help="replay the record")
    recording.add_argument("--to", type=int, metavar="N", help="with --replay: play N moves")
    recording.add_argument(
        "--review", choices=("greedy", "mcts"), metavar="LEVEL", help="review: greedy or mcts"
    )
    for option, says in REVIEWING.items():
        recording.add_argument(f"--{option.replace('_', '-')}", type=int, help=says)
    recording.set_defaults(run=run_record)

    placing = commands.add_parser(
        "position",
        help="the position editor: POST /v1/games/position",
        description="Print the response of POST /v1/games/position for the table in FILE: the "
        "table-mode state at the start of a player's turn, everything unseen pooled.",
    )
    placing.add_argument("file", metavar="FILE", help="a JSON request body, or - for stdin")
    placing.set_defaults(run=lambda arguments: answer(positions.position_of, [arguments.file]))


REVIEWING = {
    "total_ms": "with --review: the time of the whole review (at most 5000)",
    "budget_ms": "with --review: the time of each decision",
    "from": "with --review: the move to start from",
    "seed": "with --review: the advisor's seed",
}
"""The options of a review, each a member of POST /v1/records/review of its name."""


def run_record(arguments: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    body: dict[str, Any] = {}
    if arguments.review:
        body["level"] = arguments.review
        options = vars(arguments)
        body.update({name: options[name] for name in REVIEWING if options[name] is not None})
        return _answer(records.review, arguments.file, body, out)
    if arguments.replay and arguments.to is not None:
        body["to"] = arguments.to
    if arguments.replay:
        return _answer(records.replay, arguments.file, body, out)
    return _answer(records.notation, arguments.file, body, out, text=arguments.text)


def _answer(
    operate: Callable[[Any], dict[str, Any]],
    path: str,
    body: dict[str, Any],
    out: TextIO,
    text: bool = False,
) -> int:
    try:
        raw = read_bytes(path)
    except OSError as error:
        return unreadable(error)
    try:
        answer = operate({**body, "record": _record(within_limit(raw))})
    except ApiProblem as problem:
        print(to_json(problem.document()).decode(), file=out)
        return REFUSED
    if text:
        print(answer["text"], end="", file=out)
    else:
        print(to_json(answer).decode(), file=out)
    return ANSWERED


def _record(raw: bytes) -> Any:
    """A record as JSON (a record, or a request holding one), else its text."""
    try:
        document = parse_json(raw)
    except MalformedBody:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedBody(Text("api.record.not_utf8")) from None
    if isinstance(document, dict) and "record" in document:
        return document["record"]
    return document
