"""Random games: a seeded random player, and whole games played by it (``alhambra simulate``).

The random player decides the way a person would, from the top down: first a kind of action,
uniformly among the kinds open to it (take money, buy, redesign, decline the extra action);
for a redesign, which of the three (T5); then one action of that kind, uniformly. Tile
placements and reveals are picked uniformly among all of them. Choosing the kind first keeps
games close to real ones (uniform over every action, the many possible redesigns would crowd
out the rest) and lets the player list only the kind it chose. Every action it plays is one
:func:`legal_actions` lists (the tests check it).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from calculator.engine.actions import Action, EndTurn, Pass
from calculator.engine.game import apply, legal_actions, new_game
from calculator.engine.money import legal_takes
from calculator.engine.purchase import legal_buys
from calculator.engine.redesign import legal_builds, legal_removals, legal_swaps
from calculator.engine.state import GameState, Options

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatima")

Lister = Callable[[GameState], Sequence[Action]]


def random_action(state: GameState, rng: random.Random) -> Action:
    """A legal action chosen at random (see the module's docstring for how)."""
    if state.turn.phase != "action":
        return rng.choice(legal_actions(state))
    seat = state.turn.player
    assert seat is not None
    kinds: list[Lister | list[Lister]] = [
        legal_takes,
        legal_buys,
        [legal_builds, legal_removals, legal_swaps],
    ]
    if state.turn.extra_action:
        kinds.append(lambda _: [EndTurn(seat)])
    while kinds:
        kind = kinds[rng.randrange(len(kinds))]
        if isinstance(kind, list):  # a redesign: which of the three, then which one
            lister = kind.pop(rng.randrange(len(kind)))
            if not kind:
                kinds.remove(kind)
        else:
            lister = kind
            kinds.remove(kind)
        actions = lister(state)
        if actions:
            return rng.choice(actions)
    return Pass(seat)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    state: GameState
    actions: int


def play_random_game(players: int, seed: int, options: Options = Options()) -> PlayedGame:
    """A whole digital game between random players; the seed fixes both the deal and the play."""
    rng = random.Random(f"player/{seed}")
    state = new_game(list(NAMES[:players]), seed=seed, options=options)
    actions = 0
    while not state.over:
        state, _ = apply(state, random_action(state, rng))
        actions += 1
    return PlayedGame(state, actions)


def simulate(games: int, players: int, seed: int) -> dict[str, Any]:
    """Play ``games`` seeded random games in this process and sum them up."""
    seeds = random.Random(seed)
    played = []
    started = time.perf_counter()
    for _ in range(games):
        played.append(play_random_game(players, seeds.randrange(2**31)))
    seconds = time.perf_counter() - started
    scores = [player.score for game in played for player in game.state.players]
    best = [max(player.score for player in game.state.players) for game in played]
    turns = [game.state.turn.number for game in played]
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else None,
        "turns": _stats(turns),
        "actions": _stats([game.actions for game in played]),
        "scores": _stats(scores),
        "winning_scores": _stats(best),
        "shared_wins": sum(1 for game in played if len(game.state.winners) > 1),
        "rounds_scored": _stats([len(game.state.rounds_scored) for game in played]),
    }


def _stats(values: list[int]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 2),
        "min": min(values),
        "max": max(values),
        "stdev": round(statistics.pstdev(values), 2),
    }
