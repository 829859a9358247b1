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

Every move it plays is one :func:`~calculator.engine.game.legal_moves` lists (the tests check
it); it lists only the kind it chose. It plays on the game core (:func:`random_move`); at the
public face :func:`random_action` picks the same action of a frozen state.

As an advisor it has no judgement: the action it picks comes first, the others follow in the
engine's order, and every action is rated with the seat's projected points now.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from calculator.engine.actions import Action
from calculator.engine.core import ACTION, Game, Lister, Move, Ruleset
from calculator.engine.game import END, PASS, legal_moves
from calculator.engine.players.advice import Advice, Budget, RatedAction, check_seat
from calculator.engine.players.evaluation import projections
from calculator.engine.players.information import information_set
from calculator.engine.state import GameState, to_game
from calculator.engine.turn.money import legal_takes
from calculator.engine.turn.placement import placements_of, placer, waiting_tiles
from calculator.engine.turn.purchase import legal_buys
from calculator.engine.turn.redesign import legal_builds, legal_removals, legal_swaps

REDESIGNS: Final[tuple[Lister, ...]] = (legal_builds, legal_removals, legal_swaps)
WEIGHTS: Final[dict[str, int]] = {"take money": 4, "buy": 4, "redesign": 1, "decline": 4}
"""The base game's kinds of action; a module's kinds carry their weights
(:attr:`calculator.engine.core.Module.random_kinds`)."""


def random_move(game: Game, rng: random.Random) -> Move:
    """A legal move chosen at random (see the module's docstring for how)."""
    phase = game.phase
    rules = game.rules
    if rules.first_step and any(step(game) is not None for step in rules.first_step):
        return rng.choice(legal_moves(game))  # the table reveals a module's draw (V4)
    if phase.placing:  # which tile, then where
        seat = placer(game)
        waiting = waiting_tiles(game, seat)
        if len(waiting) > 1:
            waiting = list(dict.fromkeys(waiting))
        return rng.choice(placements_of(game, seat, rng.choice(waiting)))
    phase_rules = rules.phase_rules.get(phase)
    if phase_rules is not None and phase_rules.random_choice is not None:
        return phase_rules.random_choice(game, rng)  # a module's phase (V1)
    if phase is not ACTION:
        return rng.choice(legal_moves(game))  # the table reveals a draw
    open_weights, open_listers = _kinds(rules, game.extra_action)
    weights, listers_of = list(open_weights), list(open_listers)
    while weights:
        kind = _pick(weights, rng)
        del weights[kind]
        listers = list(listers_of.pop(kind))
        while listers:
            moves = listers.pop(rng.randrange(len(listers)))(game)
            if moves:
                return rng.choice(moves)
    return (PASS, game.player)


def random_action(state: GameState, rng: random.Random) -> Action:
    """The random player's action in a frozen state: :func:`random_move` of its game."""
    game = to_game(state)
    move = random_move(game, rng)
    return move[0].record(game, move)  # type: ignore[no-any-return]


def _decline(game: Game) -> list[Move]:
    """T4: declining the further action an exact payment allows, the one way to do it."""
    return [(END, game.player)]


@lru_cache(maxsize=32)  # the rulesets, and whether a further action is open
def _kinds(
    rules: Ruleset, extra_action: bool
) -> tuple[tuple[int, ...], tuple[tuple[Lister, ...], ...]]:
    """The kinds of action open in phase ``action``, in the player's order of thought: their
    weights, and the listings of each kind's ways. The base game's kinds come first, with the
    ways modules add to them (V2: a module's card taken or used like money), then declining
    the further action, then the modules' own kinds in the order of the ruleset."""
    kinds: dict[str, tuple[Lister, ...]] = {
        "take money": (legal_takes,),
        "buy": (legal_buys,),
        "redesign": REDESIGNS,
    }
    weights = dict(WEIGHTS)
    added = rules.random_kinds
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
    picked = random_move(information, random.Random(f"random/{seed}"))
    now = projections(information)[seat]
    others = [move for move in legal_moves(information) if move != picked]
    return Advice(
        seat,
        "random",
        1,
        tuple(RatedAction(move[0].record(information, move), now) for move in [picked, *others]),
    )
