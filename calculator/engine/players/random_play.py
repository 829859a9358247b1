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
from collections.abc import Sequence
from typing import Final

from calculator.engine.actions import Action
from calculator.engine.core import ACTION, Game, Lister, Move, Ruleset
from calculator.engine.game import END, PASS, first_reveal, legal_moves
from calculator.engine.memo import Memo
from calculator.engine.players.advice import Advice, Budget, RatedAction, check_seat
from calculator.engine.players.evaluation import projections
from calculator.engine.players.information import information_set
from calculator.engine.state import GameState, to_game
from calculator.engine.turn.draws import below
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
    if phase is ACTION and (game.digital or not game.rules.first_step):
        return _turn_move(game, rng)  # the most frequent decision, first
    if first_reveal(game) is not None:
        return rng.choice(legal_moves(game))  # the table reveals a module's draw (V4)
    rules = game.rules
    if phase.placing:  # which tile, then where
        seat = placer(game)
        waiting = waiting_tiles(game, seat)
        if len(waiting) > 1:
            waiting = list(dict.fromkeys(waiting))
        places = placements_of(game, seat, waiting[below(rng, len(waiting))])
        return places[below(rng, len(places))]
    phase_rules = rules.phase_rules.get(phase)
    if phase_rules is not None and phase_rules.random_choice is not None:
        return phase_rules.random_choice(game, rng)  # a module's phase (V1)
    if phase is not ACTION:
        return rng.choice(legal_moves(game))  # the table reveals a draw
    return _turn_move(game, rng)


def _turn_move(game: Game, rng: random.Random) -> Move:
    """T2: a kind of action (weighted), one of its ways, one of its moves."""
    kinds = _KINDS.get((game.rules.names, game.extra_action))
    if kinds is None:
        kinds = _kinds(game.rules, game.extra_action)
    open_weights, total, open_listers = kinds
    # the first kind and way, without copying the kinds: most picks list something; the
    # draws are those of _pick and below, written out
    pick = rng.random() * total
    kind = -1
    for weight in open_weights:
        kind += 1
        pick -= weight
        if pick < 0:
            break
    listers = open_listers[kind]
    getrandbits = rng.getrandbits
    count = len(listers)
    bits = count.bit_length()
    way = getrandbits(bits)
    while way >= count:
        way = getrandbits(bits)
    moves = listers[way](game)
    if moves:
        count = len(moves)
        bits = count.bit_length()
        index = getrandbits(bits)
        while index >= count:
            index = getrandbits(bits)
        return moves[index]
    weights, listers_of = list(open_weights), list(open_listers)
    del weights[kind], listers_of[kind]
    left = list(listers)
    del left[way]
    while True:
        while left:
            moves = left.pop(below(rng, len(left)))(game)
            if moves:
                return moves[below(rng, len(moves))]
        if not weights:
            return (PASS, game.player)
        kind = _pick(weights, rng)
        del weights[kind]
        left = list(listers_of.pop(kind))


def random_action(state: GameState, rng: random.Random) -> Action:
    """The random player's action in a frozen state: :func:`random_move` of its game."""
    game = to_game(state)
    move = random_move(game, rng)
    return move[0].record(game, move)  # type: ignore[no-any-return]


def _decline(game: Game) -> list[Move]:
    """T4: declining the further action an exact payment allows, the one way to do it."""
    return [(END, game.player)]


Kinds = tuple[tuple[int, ...], int, tuple[tuple[Lister, ...], ...]]

_KINDS: Final[Memo[tuple[frozenset[str], bool], Kinds]] = Memo(32)


def _kinds(rules: Ruleset, extra_action: bool) -> Kinds:
    """The kinds of action open in phase ``action``, in the player's order of thought: their
    weights and their total, and the listings of each kind's ways. The base game's kinds come
    first, with the ways modules add to them (V2: a module's card taken or used like money),
    then declining the further action, then the modules' own kinds in the order of the
    ruleset. Remembered by the modules played (they alone decide the kinds)."""
    key = (rules.names, extra_action)
    found = _KINDS.get(key)
    if found is None:
        found = _KINDS.keep(key, _kinds_of(rules, extra_action))
    return found


def _kinds_of(rules: Ruleset, extra_action: bool) -> Kinds:
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
    chosen = tuple(weights[kind] for kind in kinds)
    return chosen, sum(chosen), tuple(kinds.values())


def _pick(weights: Sequence[int], rng: random.Random, total: int | None = None) -> int:
    """The index of one of ``weights`` (whose sum is ``total``, when known), with the chance
    its weight gives it: what ``rng.choices(range(len(weights)), weights)[0]`` draws (a test
    holds them equal), without building the cumulative weights at every decision."""
    pick = rng.random() * (sum(weights) if total is None else total)
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
