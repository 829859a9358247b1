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
from typing import Final

from calculator.engine.codes import NO_TILE, PRICE, VALUE
from calculator.engine.core import ACTION, Game, Move
from calculator.engine.game import END, first_reveal, legal_moves, play, seat_to_act
from calculator.engine.players.advice import Advice, Budget, Clock, RatedAction, check_seat
from calculator.engine.players.evaluation import projections, win_chances
from calculator.engine.players.greedy import judge
from calculator.engine.players.information import Unseen, determinise, information_set
from calculator.engine.players.random_play import random_move
from calculator.engine.state import GameState
from calculator.engine.turn.money import legal_takes
from calculator.engine.turn.placement import PLACE, RESERVE, placements_of, placer, waiting_tiles
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
        self.children: dict[Move, Node] = {}
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
    moves = legal_moves(information)
    unseen = Unseen(information, seat)
    judged = judge(determinise(unseen, rng), seat, moves, clock.part(GREEDY_SHARE))
    order = [rated.position for rated in judged]
    order += [index for index in range(len(moves)) if index not in set(order)]
    searched = frozenset(moves[index] for index in order[:ROOT_WIDTH])
    root = Node(seat)
    for judgement in judged[:ROOT_WIDTH]:  # greedy's judgement as experience to start from
        seeded = root.children[moves[judgement.position]] = Node(seat)
        seeded.visits = seeded.available = seeded.prior = PRIOR_VISITS
        seeded.wins = PRIOR_VISITS * judgement.chance
        seeded.points = PRIOR_VISITS * judgement.points
    iterations = 0
    if len(moves) > 1:
        limit = budget.iterations
        while (limit is None or iterations < limit) and not clock.expired():
            _iterate(root, searched, determinise(unseen, rng), rng, clock)
            iterations += 1
    greedy_points = {judgement.position: judgement.points for judgement in judged}
    now = projections(information)[seat]
    ranked: list[tuple[int, float, int, RatedAction]] = []
    for rank, index in enumerate(order):
        move = moves[index]
        action = move[0].record(information, move)
        child = root.children.get(move)
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
    root: Node, searched: frozenset[Move], game: Game, rng: random.Random, clock: Clock
) -> None:
    node = root
    path = [root]
    while not game.over:
        chooser = seat_to_act(game)
        assert chooser is not None  # a determinisation is digital: nothing to reveal
        available = legal_moves(game)
        if node is root:
            available = [move for move in available if move in searched]
        untried = []
        for move in available:
            child = node.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = untried[rng.randrange(len(untried))]
            child = node.children[move] = Node(chooser)
            child.available = 1
            play(game, move)
            path.append(child)
            break
        move = max(available, key=lambda known: node.children[known].ucb())
        node = node.children[move]
        play(game, move)
        path.append(node)
    _playout(game, rng, clock)
    finals = projections(game)
    rewards = _rewards(game, finals)
    for visited in path[1:]:
        visited.visits += 1
        visited.wins += rewards[visited.chooser]
        visited.points += finals[visited.chooser]


def _playout(game: Game, rng: random.Random, clock: Clock) -> None:
    for step in range(PLAYOUT_DEPTH):
        if game.over or (step % CLOCK_EVERY == CLOCK_EVERY - 1 and clock.expired()):
            return
        play(game, playout_move(game, rng))


def _rewards(game: Game, finals: list[float]) -> list[float]:
    """M6: at the end a win, shared by equal totals; cut short, the chances of winning."""
    if game.over:
        winners = game.winners
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(len(finals))]
    return win_chances(finals)


def playout_move(game: Game, rng: random.Random) -> Move:
    """A cheap, greedy-ish policy for playouts: build what is bought, buy with an exact
    payment whenever possible (T4), otherwise buy half the time, else take the most money
    (T3); in a module's phase, as the module says its playouts decide (V1). Anything else is
    the random player's."""
    phase = game.phase
    rules = game.rules
    if first_reveal(game) is not None:
        return random_move(game, rng)
    if phase.placing:  # T6: into the Alhambra where it fits, else onto the reserve
        seat = placer(game)
        tile = waiting_tiles(game, seat)[0]
        options = placements_of(game, seat, tile)
        places = [move for move in options if move[0] is PLACE]
        if places:
            return places[rng.randrange(len(places))]
        return next(move for move in options if move[0] is RESERVE)
    phase_rules = rules.phase_rules.get(phase)
    if phase_rules is not None and phase_rules.playout_choice is not None:
        return phase_rules.playout_choice(game, rng)
    if phase is not ACTION:
        return random_move(game, rng)
    buys = legal_buys(game)
    exact = [move for move in buys if _exact(game, move)]
    if exact:
        return exact[rng.randrange(len(exact))]
    if game.extra_action:
        return (END, game.player)
    if buys and rng.random() < 0.5:
        return min(buys, key=lambda buy: _total(buy[3]))
    takes = legal_takes(game)
    if takes:
        return max(takes, key=lambda take: _total(take[2]))
    return random_move(game, rng)


def _total(cards: tuple[int, ...]) -> int:
    return sum(VALUE[card] for card in cards)


def _exact(game: Game, move: Move) -> bool:
    """T4: the payment equals the price."""
    tile = game.market[move[2] - 1]
    return bool(tile != NO_TILE and PRICE[tile] == _total(move[3]))
