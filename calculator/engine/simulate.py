"""Random games: whole games played by the random player (``alhambra simulate``), summed up.

The player is :func:`calculator.engine.players.random_play.random_move`; a game is played on
one game core throughout (:func:`~calculator.engine.game.play`), frozen once at the end.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from calculator.core.record import FrozenRecord
from calculator.engine.core import BASE_GAME, Ruleset
from calculator.engine.game import play, start
from calculator.engine.players.random_play import random_move
from calculator.engine.state import DEFAULT_OPTIONS, GameState, Options, to_state

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatima")


class PlayedGame(FrozenRecord, frozen=True):
    state: GameState
    actions: int


def play_random_game(players: int, seed: int, options: Options = DEFAULT_OPTIONS) -> PlayedGame:
    """A whole digital game between random players; the seed fixes both the deal and the play.

    The game is played on its core: the same rules and the same game as
    :func:`~calculator.engine.game.apply` at every action, without a frozen state per
    action."""
    rng = random.Random(f"player/{seed}")
    game = start(list(NAMES[:players]), seed=seed, options=options)
    actions = 0
    while not game.over:
        play(game, random_move(game, rng))
        actions += 1
    return PlayedGame(to_state(game), actions)


def simulate(games: int, players: int, seed: int, rules: Ruleset = BASE_GAME) -> dict[str, Any]:
    """Play ``games`` seeded random games with the modules of ``rules`` in this process and
    sum them up.

    The same arguments give the same games (the timings apart). Speed is given by the wall
    clock and by this process's CPU time (on a shared machine, what the engine itself took).
    """
    seeds = random.Random(seed)
    options = Options(rules=rules)
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
