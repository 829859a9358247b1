"""The ``mcts`` player: single-observer Information Set MCTS (Cowling, Powley and Whitehouse
2012, SO-ISMCTS).

First greedy (:func:`greedy.judge`) orders the seat's actions, within a share of the time
budget; the search looks at greedy's best :data:`ROOT_WIDTH`, each starting with
:data:`PRIOR_VISITS` visits worth greedy's judgement of it. The others are listed after the
searched ones, in greedy's order.

One tree over the seat's information set. Each iteration:

1. determinises what the seat cannot see (:func:`information.determinise`): a digital game
   that agrees with everything the seat knows;
2. descends the tree in that game, at each node choosing by UCB among the actions legal in
   this determinisation (a child's availability counts the iterations it could be chosen in,
   and stands in for the parent's visits); every decision of every phase is a node (turn
   actions, placements, V1 offers), and the seat that decides there is :func:`to_act`'s;
3. adds one new node, then plays on with a cheap greedy-ish policy (:func:`playout_action`)
   for at most :data:`PLAYOUT_DEPTH` actions;
4. scores the game reached: at the end, a win is 1 shared by the winners (M6); cut short,
   each seat's chance of winning from the evaluation's projections (:mod:`evaluation`);
5. backs up, each node scoring for the seat that chose the action leading to it.

The time budget is read at every iteration and every few playout steps, and an iteration's
cost is bounded (one node added, a playout of bounded length), so the answer comes within
the budget plus one iteration.
"""

from __future__ import annotations

import math
import random
from typing import Final, cast

from calculator import modules as registry
from calculator.engine.actions import (
    Action,
    Buy,
    EndTurn,
    PlaceTile,
    ReserveTile,
    TakeMoney,
)
from calculator.engine.components import total
from calculator.engine.game import advance, legal_actions, module_draw_first, to_act
from calculator.engine.players.advice import Advice, Budget, Clock, RatedAction, check_seat
from calculator.engine.players.evaluation import projections, win_chances
from calculator.engine.players.greedy import judge
from calculator.engine.players.information import determinise, information_set
from calculator.engine.players.random_play import random_action
from calculator.engine.state import ACTION, PLACING, Draft, Game, GameState
from calculator.engine.turn.money import legal_takes
from calculator.engine.turn.placement import placements_of, placer, waiting_tiles
from calculator.engine.turn.purchase import legal_buys

EXPLORATION: Final[float] = 0.3
"""UCB's exploration constant for rewards in 0..1."""
ROOT_WIDTH: Final[int] = 6
"""The seat's actions searched: greedy's best (the others keep greedy's order)."""
GREEDY_SHARE: Final[float] = 0.25
"""The share of a time budget greedy may take to order the seat's actions."""
PRIOR_VISITS: Final[int] = 10
"""Each searched action of the seat starts with this many visits worth greedy's judgement of
it (its chance of winning after the action), so that a short search departs from greedy's
choice only on evidence."""
PLAYOUT_DEPTH: Final[int] = 12
"""Actions a playout plays past the tree before the evaluation judges the game."""
CLOCK_EVERY: Final[int] = 8
"""Playout steps between two looks at the clock."""


class Node:
    """One decision reached by a sequence of actions; its statistics are those of the action
    leading to it, for the seat that chose it (``chooser``)."""

    __slots__ = ("available", "children", "chooser", "points", "prior", "visits", "wins")

    def __init__(self, chooser: int) -> None:
        self.chooser = chooser
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.wins = 0.0
        self.points = 0.0
        self.prior = 0
        """Visits worth greedy's judgement, not searched (see :data:`PRIOR_VISITS`)."""

    def ucb(self) -> float:
        return self.wins / self.visits + EXPLORATION * math.sqrt(
            math.log(self.available) / self.visits
        )


def advise(state: GameState, seat: int, *, budget: Budget, seed: int = 0) -> Advice:
    """Every legal action of ``seat``: those searched first, the most visited first (ties:
    the better win rate); then the others in greedy's order."""
    check_seat(state, seat)
    clock = Clock.of(budget)
    information = information_set(state, seat)
    rng = random.Random(f"mcts/{seed}")
    actions = legal_actions(information)
    judged = judge(determinise(information, seat, rng), seat, actions, clock.part(GREEDY_SHARE))
    order = [rated.position for rated in judged]
    order += [index for index in range(len(actions)) if index not in set(order)]
    searched = frozenset(actions[index] for index in order[:ROOT_WIDTH])
    root = Node(seat)
    for judgement in judged[:ROOT_WIDTH]:  # greedy's judgement as experience to start from
        seeded = root.children[actions[judgement.position]] = Node(seat)
        seeded.visits = seeded.available = seeded.prior = PRIOR_VISITS
        seeded.wins = PRIOR_VISITS * judgement.chance
        seeded.points = PRIOR_VISITS * judgement.points
    iterations = 0
    if len(actions) > 1:
        limit = budget.iterations
        while (limit is None or iterations < limit) and not clock.expired():
            _iterate(root, searched, determinise(information, seat, rng), rng, clock)
            iterations += 1
    greedy_points = {judgement.position: judgement.points for judgement in judged}
    now = projections(information)[seat]
    ranked: list[tuple[int, float, int, RatedAction]] = []
    for rank, index in enumerate(order):
        action = actions[index]
        child = root.children.get(action)
        visits = 0 if child is None else child.visits - child.prior
        if child is None or not visits:
            points = greedy_points.get(index, now)
            ranked.append((0, 0.0, rank, RatedAction(action, round(points, 2), 0, None)))
            continue
        win = child.wins / child.visits
        ranked.append((
            visits, win, rank,
            RatedAction(action, round(child.points / child.visits, 2), visits, round(win, 4)),
        ))  # fmt: skip
    ranked.sort(key=lambda entry: (-entry[0], -entry[1], entry[2]))
    return Advice(seat, "mcts", iterations, tuple(entry[3] for entry in ranked))


def _iterate(
    root: Node, searched: frozenset[Action], world: GameState, rng: random.Random, clock: Clock
) -> None:
    draft = Draft.of(world)
    node = root
    path = [root]
    while not draft.over:
        chooser = to_act(draft)
        assert chooser is not None  # a determinisation is digital: nothing to reveal
        available = legal_actions(draft)
        if node is root:
            available = [action for action in available if action in searched]
        untried = []
        for action in available:
            child = node.children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = node.children[action] = Node(chooser)
            child.available = 1
            advance(draft, action)
            path.append(child)
            break
        action = max(available, key=lambda known: node.children[known].ucb())
        node = node.children[action]
        advance(draft, action)
        path.append(node)
    _playout(draft, rng, clock)
    finals = projections(draft)
    rewards = _rewards(draft, finals)
    for visited in path[1:]:
        visited.visits += 1
        visited.wins += rewards[visited.chooser]
        visited.points += finals[visited.chooser]


def _playout(draft: Draft, rng: random.Random, clock: Clock) -> None:
    for step in range(PLAYOUT_DEPTH):
        if draft.over or (step % CLOCK_EVERY == CLOCK_EVERY - 1 and clock.expired()):
            return
        advance(draft, playout_action(draft, rng))


def _rewards(game: Draft, finals: list[float]) -> list[float]:
    """M6: at the end a win, shared by equal totals; cut short, the chances of winning."""
    if game.over:
        winners = game.winners
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(len(finals))]
    return win_chances(finals)


def playout_action(game: Game, rng: random.Random) -> Action:
    """A cheap, greedy-ish policy for playouts: build what is bought, buy with an exact
    payment whenever possible (T4), otherwise buy half the time, else take the most money
    (T3); in a module's phase, as the module says its playouts decide (V1). Anything else is
    the random player's."""
    phase = game.turn.phase
    if game.options.modules and module_draw_first(game) is not None:
        return random_action(game, rng)
    if phase in PLACING:  # T6: into the Alhambra where it fits, else onto the reserve
        tile = waiting_tiles(game, placer(game))[0]
        options = placements_of(game, tile)
        places = [action for action in options if type(action) is PlaceTile]
        if places:
            return places[rng.randrange(len(places))]
        return next(action for action in options if type(action) is ReserveTile)
    rules = registry.PHASES.get(phase)
    if rules is not None and rules.playout_choice is not None:
        return rules.playout_choice(game, rng)
    if phase != ACTION:
        return random_action(game, rng)
    buys = cast("list[Buy]", list(legal_buys(game)))
    exact = [action for action in buys if _exact(game, action)]
    if exact:
        return exact[rng.randrange(len(exact))]
    seat = game.turn.player
    assert seat is not None
    if game.turn.extra_action:
        return EndTurn(seat)
    if buys and rng.random() < 0.5:
        return min(buys, key=lambda buy: total(buy.payment))
    takes = cast("list[TakeMoney]", list(legal_takes(game)))
    if takes:
        return max(takes, key=lambda take: total(take.cards))
    return random_action(game, rng)


def _exact(game: Game, action: Buy) -> bool:
    """T4: the payment equals the price."""
    tile = game.market[action.slot - 1]
    return tile is not None and tile.price == total(action.payment)
