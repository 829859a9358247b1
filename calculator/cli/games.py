"""``alhambra simulate`` and ``alhambra play``: the rules engine offline.

    alhambra simulate --games N --players P --seed S   seeded random games, a JSON summary
    alhambra play STATE ACTION                         POST /v1/games/advance, offline

``play`` reads a state (a bare state document, or a response holding ``"state"``) and one
action or a list of actions ('-' reads standard input), and prints exactly what
``POST /v1/games/advance`` answers: the new state and the events. Bad input is treated as by
every subcommand (``_documents.py``): problem+json and status 1, or status 2 for a file that
cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from calculator.api import game_service
from calculator.api.json_text import to_json
from calculator.cli._documents import answer
from calculator.engine.simulate import simulate
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset


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
        "--modules",
        nargs="*",
        choices=MODULES,
        default=[],
        metavar="MODULE",
        help=f"modules to play (V1-V4): {', '.join(MODULES)}",
    )
    simulating.set_defaults(run=run_simulate)

    playing = commands.add_parser(
        "play",
        help="apply actions to a game state: POST /v1/games/advance",
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
    rules = ruleset(arguments.modules)
    summary = simulate(arguments.games, arguments.players, arguments.seed, rules)
    print(to_json(summary).decode(), file=out or sys.stdout)
    return 0


def run_play(arguments: argparse.Namespace, out: TextIO | None = None) -> int:
    return answer(_advance, [arguments.state, arguments.action], out)


def _advance(state: Any, actions: Any) -> dict[str, Any]:
    """``POST /v1/games/advance`` for a state (or a response holding one) and an action (or a
    list of them, or a request holding ``"actions"``)."""
    if isinstance(state, dict) and "state" in state:
        state = state["state"]  # a response of the API, as saved
    if isinstance(actions, dict) and "actions" in actions:
        actions = actions["actions"]
    if not isinstance(actions, list):
        actions = [actions]
    return game_service.advance({"state": state, "actions": actions})
