"""Random games: a seeded random player, and whole games played by it (``alhambra simulate``).

The random player decides from the top down, the way a person does: first what kind of
action (T2: take money, buy, redesign; or decline the extra action an exact payment allows),
then which one of that kind, uniformly. The kinds are weighted: taking money, buying and
declining equally, redesigning a quarter as often (so about one action in ten when all are
open); with the modules, taking a hut and turning the vizier face up again a quarter as often
too, and a player offered the vizier (V1) buys or declines equally often. Redesigns are
occasional in real games; with all kinds equal, a third of the turns would shuffle tiles
between Alhambra and reserve and games would run twice as long. A redesign is one of the
three (T5) chosen uniformly among those open; with exchange cards (V2), taking money (money
cards or an exchange card) and buying (with an exchange card or without) are two ways each,
chosen the same way. A placement is a waiting tile, then one of its places, each uniformly; a
reveal is uniform among all.

Every action it plays is one :func:`legal_actions` lists (the tests check it); it only lists
the kind it chose, and builds the one action it picks (:class:`Choices`).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Final

from msgspec import Struct

from calculator import modules as registry
from calculator.engine.actions import Action, Choices, EndTurn, Pass
from calculator.engine.game import advance, legal_actions, new_game
from calculator.engine.hooks import Lister
from calculator.engine.money import legal_takes
from calculator.engine.placement import placements_of, placer, waiting_tiles
from calculator.engine.purchase import legal_buys
from calculator.engine.redesign import legal_builds, legal_removals, legal_swaps
from calculator.engine.state import (
    ACTION,
    DEFAULT_OPTIONS,
    PLACING,
    Draft,
    Game,
    GameState,
    Options,
)

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatima")

REDESIGNS: Final[tuple[Lister, ...]] = (legal_builds, legal_removals, legal_swaps)
WEIGHTS: Final[dict[str, int]] = {"take money": 4, "buy": 4, "redesign": 1, "decline": 4}
"""The base game's kinds of action; a module's kinds carry their weights
(:attr:`calculator.engine.hooks.Module.random_kinds`)."""


def random_action(state: Game, rng: random.Random) -> Action:
    """A legal action chosen at random (see the module's docstring for how)."""
    phase = state.turn.phase
    modules = state.options.modules
    if modules and any(step(state) is not None for step in registry.active(modules).first_step):
        return rng.choice(legal_actions(state))  # the table reveals a module's draw (V4)
    if phase in PLACING:  # which tile, then where
        waiting = waiting_tiles(state, placer(state))
        if len(waiting) > 1:
            waiting = tuple(dict.fromkeys(waiting))
        return rng.choice(placements_of(state, rng.choice(waiting)))
    rules = registry.PHASES.get(phase)
    if rules is not None and rules.random_choice is not None:
        return rules.random_choice(state, rng)  # V1: the vizier bought with or declined
    if phase != ACTION:
        return rng.choice(legal_actions(state))  # the table reveals a draw
    open_weights, open_listers = _kinds(state.options.modules, state.turn.extra_action)
    weights, listers_of = list(open_weights), list(open_listers)
    while weights:
        kind = _pick(weights, rng)
        del weights[kind]
        listers = list(listers_of.pop(kind))
        while listers:
            actions = listers.pop(rng.randrange(len(listers)))(state)
            if actions:
                return rng.choice(actions)
    seat = state.turn.player
    assert seat is not None
    return Pass(seat)


def _decline(state: Game) -> Sequence[Action]:
    """T4: declining the further action an exact payment allows, the one way to do it."""
    seat = state.turn.player
    assert seat is not None
    return Choices([(EndTurn, (seat,))])


@lru_cache(maxsize=32)  # the sets of modules, and whether a further action is open
def _kinds(
    modules: frozenset[str], extra_action: bool
) -> tuple[tuple[int, ...], tuple[tuple[Lister, ...], ...]]:
    """The kinds of action open in phase ``action``, in the player's order of thought: their
    weights, and the listings of each kind's ways. The base game's kinds come first, with the
    ways modules add to them (V2: an exchange card taken or used like money), then declining
    the further action, then the modules' own kinds in the registry's order."""
    kinds: dict[str, tuple[Lister, ...]] = {
        "take money": (legal_takes,),
        "buy": (legal_buys,),
        "redesign": REDESIGNS,
    }
    weights = dict(WEIGHTS)
    added = [kind for module in registry.active(modules).modules for kind in module.random_kinds]
    for name, _, listers in added:
        if name in kinds:
            kinds[name] += listers
    if extra_action:
        kinds["decline"] = (_decline,)
    for name, weight, listers in added:
        if name not in kinds:
            kinds[name] = listers
            weights[name] = weight
    return tuple(weights[kind] for kind in kinds), tuple(kinds.values())


def _pick(weights: list[int], rng: random.Random) -> int:
    """The index of one of ``weights``, with the chance its weight gives it: what
    ``rng.choices(range(len(weights)), weights)[0]`` draws (a test holds them equal), without
    building the cumulative weights at every decision of the player."""
    pick = rng.random() * sum(weights)
    for index, weight in enumerate(weights):
        pick -= weight
        if pick < 0:
            return index
    return len(weights) - 1


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
