"""Whole random 4-player games per second, in one process (the engine, no HTTP).

Run: .venv/bin/python bench/engine_games.py [games per round] [rounds]

The random player of ``alhambra simulate`` (it lists only the kind of action it chose and
builds only the action it plays) plays the same seeded games in every round; each round
prints games per second by the wall clock and by this process's CPU time. The box is shared:
the wall clock counts time other work took from us, CPU time does not (it still suffers from a
busy neighbour core), so the summary gives the median and the best round of each.

For comparison, one round with every legal action listed and built at every step (as
``/v1/games/legal-actions`` does) and chosen uniformly: the slow way to play.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calculator.engine import apply, legal_actions, new_game
from calculator.engine.simulate import NAMES, play_random_game

PLAYERS = 4


def timed(play: Callable[[int], tuple[int, int]], games: int) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, actions, turns) for the games of seeds 0 .. games - 1."""
    wall, cpu = time.perf_counter(), time.process_time()
    actions = turns = 0
    for seed in range(games):
        played_actions, played_turns = play(seed)
        actions += played_actions
        turns += played_turns
    return time.perf_counter() - wall, time.process_time() - cpu, actions, turns


def the_random_player(seed: int) -> tuple[int, int]:
    game = play_random_game(PLAYERS, seed)
    return game.actions, game.state.turn.number


def listing_everything(seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = new_game(list(NAMES[:PLAYERS]), seed)
    actions = 0
    while not state.over:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        actions += 1
    return actions, state.turn.number


def line(name: str, games: int, figures: tuple[float, float, int, int]) -> str:
    wall, cpu, actions, turns = figures
    return (
        f"{name:<28} {games / wall:6.1f} games/s wall {games / cpu:6.1f} games/s CPU  "
        f"{actions / games:4.0f} actions {turns / games:4.0f} turns per game  "
        f"{cpu / actions * 1e6:5.1f} us CPU per action"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    the_random_player(0)  # warm up: catalog, caches
    print(f"{PLAYERS}-player games, one process, Python {sys.version.split()[0]}")
    walls, cpus = [], []
    for number in range(1, rounds + 1):
        figures = timed(the_random_player, games)
        walls.append(games / figures[0])
        cpus.append(games / figures[1])
        print(line(f"random player, round {number}", games, figures))
    print(
        f"random player: median {statistics.median(walls):.1f} games/s wall "
        f"(best {max(walls):.1f}), median {statistics.median(cpus):.1f} games/s CPU "
        f"(best {max(cpus):.1f})"
    )
    few = max(games // 10, 3)
    print(line("every action listed", few, timed(listing_everything, few)))


if __name__ == "__main__":
    main()
