"""``alhambra arena``: seeded games between computer players, summed up as JSON.

    alhambra arena --players mcts greedy random --games N --seed S
                   [--budget-ms B | --iterations I] [--cpu-time] [--modules ...]
                   [--workers W]

Each game is played in a worker process (``--workers``, default: every core); the games and
their seating follow from the seed (:mod:`calculator.engine.players.arena`), whatever the
number of workers. With ``--iterations`` the games themselves are reproducible; with a time
budget they depend on the machine's speed, and on its load unless ``--cpu-time`` counts each
decision's budget in the CPU time of the process that decides (a shared machine then gives
every player its budget whatever else runs).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from functools import partial
from typing import TextIO

from calculator.engine.players import LEVELS
from calculator.engine.players.advice import Budget
from calculator.engine.players.arena import play, summary
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    arena = commands.add_parser(
        "arena",
        help="seeded games between computer players, summed up as JSON",
        description="Play N seeded games between the players named, seats rotating, and print "
        "each player kind's win rate (95% Wilson interval), mean points, time per decision "
        "and mcts iterations per second.",
    )
    arena.add_argument(
        "--players", nargs="+", choices=LEVELS, required=True, metavar="LEVEL",
        help=f"the computer player of each seat, one level per seat (2-6 seats): "
        f"{', '.join(LEVELS)}",
    )  # fmt: skip
    arena.add_argument(
        "--games", type=_positive, default=20, metavar="N",
        help="how many games to play (default: 20)",
    )  # fmt: skip
    arena.add_argument(
        "--seed", type=int, default=0, metavar="S",
        help="the seed the games and their seating follow from (default: 0)",
    )  # fmt: skip
    budget = arena.add_mutually_exclusive_group()
    budget.add_argument(
        "--budget-ms", type=_positive, metavar="B", help="time per decision (default: 100 ms)"
    )
    budget.add_argument("--iterations", type=_positive, metavar="I", help="per decision")
    arena.add_argument(
        "--cpu-time", action="store_true",
        help="count time budgets and time per decision in the worker's CPU time, not by the "
        "wall clock (a busy machine then gives each player its budget)",
    )  # fmt: skip
    arena.add_argument(
        "--modules", nargs="*", choices=MODULES, default=[], metavar="MODULE",
        help=f"modules to play (V1-V4): {', '.join(MODULES)}",
    )  # fmt: skip
    arena.add_argument(
        "--workers", type=_positive, default=os.cpu_count() or 1, metavar="W",
        help="worker processes (default: every core)",
    )  # fmt: skip
    arena.set_defaults(run=run_arena)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def run_arena(arguments: argparse.Namespace, out: TextIO | None = None) -> int:
    levels = arguments.players
    if not 2 <= len(levels) <= 6:
        print("alhambra: an arena seats 2 to 6 players", file=sys.stderr)
        return 2
    if arguments.iterations is None and arguments.budget_ms is None:
        budget = Budget(milliseconds=100)
    else:
        budget = Budget(milliseconds=arguments.budget_ms, iterations=arguments.iterations)
    rules = ruleset(arguments.modules)
    game = partial(
        play,
        levels,
        seed=arguments.seed,
        budget=budget,
        rules=rules,
        cpu_time=arguments.cpu_time,
    )
    started = time.perf_counter()
    games = range(arguments.games)
    if arguments.workers == 1:
        results = [game(index) for index in games]
    else:
        with multiprocessing.get_context("spawn").Pool(arguments.workers) as pool:
            results = pool.map(game, games, chunksize=1)
    report = {
        "players": levels,
        "seed": arguments.seed,
        "budget": {"milliseconds": budget.milliseconds, "iterations": budget.iterations},
        "modules": sorted(arguments.modules),
        "workers": arguments.workers,
        "cpu_time": arguments.cpu_time,
        "seconds": round(time.perf_counter() - started, 1),
        **summary(levels, results),
    }
    print(json.dumps(report), file=out or sys.stdout)
    return 0
