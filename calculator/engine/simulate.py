"""Random games: whole games played by the random player (``alhambra simulate``), summed up.

The player is :func:`calculator.engine.players.random_play.random_action`; a game advances one
working copy throughout.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterable
from typing import Any

from msgspec import Struct

from calculator.engine.game import advance, new_game
from calculator.engine.players.random_play import random_action
from calculator.engine.state import DEFAULT_OPTIONS, Draft, GameState, Options

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatima")


class PlayedGame(Struct, frozen=True):
    state: GameState
    actions: int


def play_random_game(players: int, seed: int, options: Options = DEFAULT_OPTIONS) -> PlayedGame:
    """A whole digital game between random players; the seed fixes both the deal and the play.

    The game advances one working copy (:func:`~calculator.engine.game.advance`): the same
    rules and the same game as :func:`~calculator.engine.game.apply` at every action, without
    freezing a state the player would drop at once."""
    rng = random.Random(f"player/{seed}")
    draft = Draft.of(new_game(list(NAMES[:players]), seed=seed, options=options))
    actions = 0
    while not draft.over:
        advance(draft, random_action(draft, rng))
        actions += 1
    return PlayedGame(draft.frozen(), actions)


def simulate(games: int, players: int, seed: int, modules: Iterable[str] = ()) -> dict[str, Any]:
    """Play ``games`` seeded random games in this process and sum them up.

    The same arguments give the same games (the timings apart). Speed is given by the wall
    clock and by this process's CPU time (on a shared machine, what the engine itself took).
    """
    seeds = random.Random(seed)
    options = Options(modules=frozenset(modules))
    played = []
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        played.append(play_random_game(players, seeds.randrange(2**31), options))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    scores = [player.score for game in played for player in game.state.players]
    best = [max(player.score for player in game.state.players) for game in played]
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "modules": sorted(options.modules),
        "turns": _stats([game.state.turn.number for game in played]),
        "actions": _stats([game.actions for game in played]),
        "scores": _stats(scores),
        "winning_scores": _stats(best),
        "shared_wins": sum(1 for game in played if len(game.state.winners) > 1),
        "scoring_rounds": _stats([len(game.state.rounds_scored) for game in played]),
        "seconds": round(wall, 3),
        "games_per_second": round(games / wall, 1),
        "games_per_cpu_second": round(games / cpu, 1) if cpu else None,
    }


def _stats(values: list[int]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 2),
        "min": min(values),
        "max": max(values),
        "stdev": round(statistics.pstdev(values), 2),
    }
