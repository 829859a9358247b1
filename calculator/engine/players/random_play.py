"""The ``random`` player: a seeded policy (what ``alhambra simulate`` plays), and its advice.

The random player decides from the top down, the way a person does: first what kind of
action (T2: take money, buy, redesign; or decline the extra action an exact payment allows),
then which one of that kind, uniformly. The kinds are weighted: taking money, buying and
declining equally, redesigning a quarter as often (so about one action in ten when all are
open); with the modules, each of their own kinds as its module weighs it (V1, V4), and in a
module's phase as the module decides (V1: buying or declining equally often). Redesigns are
occasional in real games; with all kinds equal, a third of the turns would shuffle tiles
between Alhambra and reserve and games would run twice as long. A redesign is one of the
three (T5) chosen uniformly among those open; with a module's cards (V2), taking money (money
cards or such a card) and buying (with such a card or without) are two ways each,
chosen the same way. A placement is a waiting tile, then one of its places, each uniformly; a
reveal is uniform among all.

Every action it plays is one :func:`legal_actions` lists (the tests check it); it only lists
the kind it chose, and builds the one action it picks (:class:`Choices`).

As an advisor it has no judgement: the action it picks comes first, the others follow in the
engine's order, and every action is rated with the seat's projected points now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from calculator import modules as registry
from calculator.engine.actions import Action, Choices, EndTurn, Pass
from calculator.engine.game import legal_actions
from calculator.engine.hooks import Lister
from calculator.engine.players.advice import Advice, Budget, RatedAction, check_seat
from calculator.engine.players.evaluation import projections
from calculator.engine.players.information import information_set
from calculator.engine.state import ACTION, PLACING, Game, GameState
from calculator.engine.turn.money import legal_takes
from calculator.engine.turn.placement import placements_of, placer, waiting_tiles
from calculator.engine.turn.purchase import legal_buys
from calculator.engine.turn.redesign import legal_builds, legal_removals, legal_swaps

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
        return rules.random_choice(state, rng)  # a module's phase (V1)
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
    ways modules add to them (V2: a module's card taken or used like money), then declining
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


def advise(state: GameState, seat: int, *, budget: Budget, seed: int = 0) -> Advice:
    """The random player's pick first (the budget is not needed: one pick is one iteration)."""
    check_seat(state, seat)
    information = information_set(state, seat)
    picked = random_action(information, random.Random(f"random/{seed}"))
    now = projections(information)[seat]
    others = [action for action in legal_actions(information) if action != picked]
    return Advice(
        seat,
        "random",
        1,
        tuple(RatedAction(action, now) for action in [picked, *others]),
    )
