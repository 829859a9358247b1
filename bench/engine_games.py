"""Whole random 4-player games per second, in one process (the engine, no HTTP).

Run: .venv/bin/python bench/engine_games.py [games]

Prints, side by side from one run:

* the random player of ``alhambra simulate`` (it lists only the kind of action it chose and
  builds only the action it plays): games per second by the wall clock and by the process's
  CPU time (the box is shared; CPU time is what the engine itself took), actions and turns
  per game, and microseconds per action;
* the same games' steps with every legal action listed and built at every step, as
  ``/v1/games/legal-actions`` does (fewer games: it is the slow way).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calculator.engine import apply, legal_actions, new_game
from calculator.engine.simulate import NAMES, play_random_game

PLAYERS = 4


def timed(run, games: int) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, actions, turns) for ``games`` games played by ``run``."""
    wall, cpu = time.perf_counter(), time.process_time()
    actions = turns = 0
    for seed in range(games):
        played_actions, played_turns = run(seed)
        actions += played_actions
        turns += played_turns
    return time.perf_counter() - wall, time.process_time() - cpu, actions, turns


def the_random_player(seed: int) -> tuple[int, int]:
    game = play_random_game(PLAYERS, seed)
    return game.actions, game.state.turn.number


def listing_everything(seed: int) -> tuple[int, int]:
    """Uniform over the full listing at every step (the API's way to see the choices)."""
    rng = random.Random(seed)
    state = new_game(list(NAMES[:PLAYERS]), seed)
    actions = 0
    while not state.over:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        actions += 1
    return actions, state.turn.number


def report(name: str, games: int, figures: tuple[float, float, int, int]) -> None:
    wall, cpu, actions, turns = figures
    print(
        f"{name:<34} {games / wall:7.1f} games/s wall  {games / cpu:7.1f} games/s CPU  "
        f"{actions / games:6.0f} actions/game  {turns / games:5.0f} turns/game  "
        f"{cpu / actions * 1e6:6.1f} us/action (CPU)"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    the_random_player(0)  # warm up: catalog, caches
    print(f"{PLAYERS}-player games, one process, Python {sys.version.split()[0]}")
    report("random player (alhambra simulate)", games, timed(the_random_player, games))
    few = max(games // 20, 3)
    report("every action listed, every step", few, timed(listing_everything, few))


if __name__ == "__main__":
    main()
