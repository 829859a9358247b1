"""``alhambra simulate`` and ``alhambra play``: the rules engine offline.

    alhambra simulate --games N --players P --seed S   seeded random games, a JSON summary
    alhambra play STATE ACTION                         POST /v1/games/advance, offline

``play`` reads a state (a bare state document, or a response holding ``"state"``) and one
action or a list of actions ('-' reads standard input), and prints exactly what
``POST /v1/games/advance`` answers: the new state and the events. A refused action prints the
API's problem+json and exits with status 1; a file that cannot be read exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from calculator.cli.api import read_json
from calculator.engine.simulate import simulate
from calculator.engine.state import MODULES
from calculator.web import game_service
from calculator.web.errors import ApiProblem, problem_document
from calculator.web.service import to_json


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    simulating = commands.add_parser(
        "simulate",
        help="play seeded random games in this process and sum them up (JSON)",
        description="Play N seeded random games between P random players and print a JSON "
        "summary: games per second, turns and actions per game, score statistics.",
    )
    simulating.add_argument("--games", type=_positive, default=100, metavar="N")
    simulating.add_argument("--players", type=int, choices=range(2, 7), default=4, metavar="P")
    simulating.add_argument("--seed", type=int, default=0, metavar="S")
    simulating.add_argument(
        "--modules", nargs="*", choices=MODULES, default=[], metavar="MODULE",
        help=f"Vizier's Favour modules to play: {', '.join(MODULES)}",
    )
    simulating.set_defaults(run=run_simulate)

    playing = commands.add_parser(
        "play",
        help="apply actions to a game state: the answer of POST /v1/games/advance",
        description="Print the response of POST /v1/games/advance for the state in STATE and "
        "the action (or list of actions) in ACTION.",
    )
    playing.add_argument("state", metavar="STATE", help="a state document (or an API response)")
    playing.add_argument("action", metavar="ACTION", help="an action, or a list of actions")
    playing.set_defaults(run=run_play)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def run_simulate(arguments: argparse.Namespace, out: TextIO | None = None) -> int:
    summary = simulate(arguments.games, arguments.players, arguments.seed, arguments.modules)
    print(json.dumps(summary), file=out or sys.stdout)
    return 0


def run_play(arguments: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        state = read_json(arguments.state)
        actions = read_json(arguments.action)
    except OSError as error:
        print(f"alhambra: cannot read: {error.strerror or error}", file=sys.stderr)
        return 2
    except ApiProblem as problem:  # not JSON, or too large: what the API would answer
        print(f"alhambra: {problem.detail}", file=sys.stderr)
        return 2
    if isinstance(state, dict) and "state" in state:
        state = state["state"]  # a response of the API, as saved
    if isinstance(actions, dict) and "actions" in actions:
        actions = actions["actions"]
    if not isinstance(actions, list):
        actions = [actions]
    try:
        answer = game_service.advance({"state": state, "actions": actions})
    except ApiProblem as problem:
        document = problem_document(
            problem.status, problem.title, problem.detail, problem.type, **problem.extra
        )
        print(to_json(document), file=out)
        return 1
    print(to_json(answer), file=out)
    return 0


