"""The ``mcts`` player: single-observer Information Set MCTS (Cowling, Powley and Whitehouse
2012, SO-ISMCTS).

The search takes its evaluator as a parameter (an :class:`Evaluator`, after OpenSpiel's: a
``prior`` judging the seat's actions before the search, a ``policy`` naming the move a new
decision tries first, an ``evaluate`` scoring a game the search reached);
:class:`PlayoutEvaluator` is the default. Its settings are a :class:`Search`. First the prior
orders the seat's actions, within a share of the time budget; the search looks at the best
few (``root_width``), each starting with a few visits worth the prior's judgement of it
(``prior_visits``). The others are listed after the searched ones, in the prior's order.

One tree over the seat's information set. Each iteration:

1. determinises what the seat cannot see (:func:`information.determinise`): a digital game
   that agrees with everything the seat knows;
2. descends the tree in that game, at each node choosing by UCB among the actions legal in
   this determinisation (a child's availability counts the iterations it could be chosen in,
   and stands in for the parent's visits); every decision of every phase is a node (turn
   actions, placements, V1 offers), and the seat that decides there is :func:`to_act`'s;
3. adds one new node where the node's actions tried are fewer than its progressive widening
   allows (``widening``: below the root, a handful grown with the node's visits), the
   policy's move first, else a random untried one;
4. has the evaluator score the game reached: by default it plays on with a cheap greedy-ish
   policy (:func:`playout_move`) for at most :data:`PLAYOUT_DEPTH` actions, then at the end a
   win is 1 shared by the winners (M6), and cut short each seat's chance of winning from the
   evaluation's projections (:mod:`evaluation`);
5. backs up, each node scoring for the seat that chose the action leading to it.

The time budget is read at every iteration, and an iteration's cost is bounded (one node
added, a playout of bounded length), so the answer comes within the budget plus one
iteration.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final, NamedTuple, Protocol

from calculator.core.record import FrozenRecord
from calculator.engine.codes import NO_TILE, PRICE, SLOT_CURRENCY, VALUE
from calculator.engine.core import ACTION, Game, Move
from calculator.engine.game import END, first_reveal, legal_moves, play, seat_to_act
from calculator.engine.hand import exact_payment, payments
from calculator.engine.players.advice import Advice, Budget, Clock, RatedAction, check_seat
from calculator.engine.players.evaluation import WEIGHTS, Weights, projections, win_chances
from calculator.engine.players.greedy import Judged, judge
from calculator.engine.players.information import Unseen, determinise, information_set
from calculator.engine.players.random_play import random_move
from calculator.engine.state import GameState
from calculator.engine.turn.draws import below
from calculator.engine.turn.money import legal_takes
from calculator.engine.turn.placement import PLACE, RESERVE, placements_of, placer, waiting_tiles
from calculator.engine.turn.purchase import BUY

PLAYOUT_DEPTH: Final[int] = 12
"""Actions a playout plays past the tree before the evaluation judges the game."""


class Search(FrozenRecord, frozen=True):
    """How the search spends its iterations (the settings of docs/performance.md)."""

    exploration: float = 0.3
    """UCB's exploration constant for rewards in 0..1."""
    root_width: int = 6
    """The seat's actions searched: the prior's best (the others keep the prior's order)."""
    prior_share: float = 0.25
    """The share of a time budget the prior may take to order the seat's actions."""
    prior_visits: int = 10
    """Each searched action of the seat starts with this many visits worth the prior's
    judgement of it (its chance of winning after the action), so that a short search departs
    from the prior's choice only on evidence."""
    widening: float = 1.0
    """Progressive widening below the root: a node tries at most ``widening * (visits + 1) **
    widening_power`` of its actions, the evaluator's ``policy`` first, so that the few
    searched games are spent on the likely replies rather than on every legal one."""
    widening_power: float = 0.3


SEARCH: Final[Search] = Search()


class Evaluation(NamedTuple):
    """What an evaluator makes of a game the search reached, for every seat."""

    rewards: list[float]
    """The seat's reward, 0 to 1 (a win, or a chance of winning)."""
    points: list[float]
    """The seat's projected final points (shown with the advice)."""


class Evaluator(Protocol):
    """What the search asks of a game (OpenSpiel's ``Evaluator``): ``evaluate`` scores a game
    reached (it may play on in it: the game is the iteration's own), ``prior`` judges the
    seat's actions at the root, best first, as many as ``clock`` allows, and ``policy`` names
    the move a decision below the root tries first."""

    def evaluate(self, game: Game, rng: random.Random) -> Evaluation: ...

    def policy(self, game: Game, rng: random.Random) -> Move:
        """The move to try first at a new decision of the tree."""
        ...

    def prior(
        self, world: Game, seat: int, moves: Sequence[Move], clock: Clock
    ) -> list[Judged]: ...


class PlayoutEvaluator:
    """Plays on for at most ``depth`` actions (:func:`playout_move`), then scores the game: a
    win at the end (M6), else the chances of winning from the projections; the prior is
    greedy's judgement (:func:`greedy.judge`), the policy the playouts' (:func:`playout_move`).
    Both weigh the evaluation's terms by ``weights``."""

    __slots__ = ("depth", "weights")

    def __init__(self, depth: int = PLAYOUT_DEPTH, weights: Weights = WEIGHTS) -> None:
        self.depth = depth
        self.weights = weights

    def policy(self, game: Game, rng: random.Random) -> Move:
        return playout_move(game, rng)

    def evaluate(self, game: Game, rng: random.Random) -> Evaluation:
        for _ in range(self.depth):
            if game.over:
                break
            play(game, playout_move(game, rng))
        finals = projections(game, self.weights)
        if game.over:  # M6: a win, shared by equal totals
            winners = game.winners
            return Evaluation(
                [1 / len(winners) if seat in winners else 0.0 for seat in range(len(finals))],
                finals,
            )
        return Evaluation(win_chances(finals), finals)

    def prior(self, world: Game, seat: int, moves: Sequence[Move], clock: Clock) -> list[Judged]:
        return judge(world, seat, moves, clock, self.weights)


EVALUATOR: Final[PlayoutEvaluator] = PlayoutEvaluator()


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
        """Visits worth the prior's judgement, not searched (see :attr:`Search.prior_visits`)."""

    def ucb(self, exploration: float) -> float:
        return self.wins / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


def advise(
    state: GameState,
    seat: int,
    *,
    budget: Budget,
    seed: int = 0,
    evaluator: Evaluator = EVALUATOR,
    search: Search = SEARCH,
) -> Advice:
    """Every legal action of ``seat``: those searched first, the most visited first (ties:
    the better win rate); then the others in the prior's order."""
    check_seat(state, seat)
    clock = Clock.of(budget)
    information = information_set(state, seat)
    rng = random.Random(f"mcts/{seed}")
    moves = legal_moves(information)
    unseen = Unseen(information, seat)
    judged = evaluator.prior(determinise(unseen, rng), seat, moves, clock.part(search.prior_share))
    order = [rated.position for rated in judged]
    order += [index for index in range(len(moves)) if index not in set(order)]
    root_moves = [moves[index] for index in sorted(order[: search.root_width])]
    root = Node(seat)
    seeding = search.prior_visits
    for judgement in judged[: search.root_width]:  # the prior's judgement to start from
        seeded = root.children[moves[judgement.position]] = Node(seat)
        seeded.visits = seeded.available = seeded.prior = seeding
        seeded.wins = seeding * judgement.chance
        seeded.points = seeding * judgement.points
    iterations = 0
    if len(moves) > 1:
        limit = budget.iterations
        while (limit is None or iterations < limit) and not clock.expired():
            _iterate(root, root_moves, determinise(unseen, rng), rng, evaluator, search)
            iterations += 1
    prior_points = {judgement.position: judgement.points for judgement in judged}
    now = projections(information)[seat]
    ranked: list[tuple[int, float, int, RatedAction]] = []
    for rank, index in enumerate(order):
        move = moves[index]
        action = move[0].record(information, move)
        child = root.children.get(move)
        visits = 0 if child is None else child.visits - child.prior
        if child is None or not visits:
            points = prior_points.get(index, now)
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
    root: Node,
    root_moves: list[Move],
    game: Game,
    rng: random.Random,
    evaluator: Evaluator,
    search: Search,
) -> None:
    """One iteration in ``game``, a determinisation. At the root the seat's actions searched
    (``root_moves``, in the engine's order) are legal in every determinisation: what a seat
    may do depends on nothing it cannot see, so they are listed once per decision."""
    node = root
    path = [root]
    while not game.over:
        chooser = seat_to_act(game)
        assert chooser is not None  # a determinisation is digital: nothing to reveal
        available = root_moves if node is root else legal_moves(game)
        untried = []
        tried = []
        children = node.children
        for move in available:
            child = children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
                tried.append(move)
        if untried and (
            not tried
            or node is root
            or len(children) < search.widening * (node.visits + 1) ** search.widening_power
        ):
            move = evaluator.policy(game, rng)
            if move not in untried:
                move = untried[below(rng, len(untried))]
            child = children[move] = Node(chooser)
            child.available = 1
            play(game, move)
            path.append(child)
            break
        exploration = search.exploration
        move = max(tried, key=lambda known: children[known].ucb(exploration))
        node = children[move]
        play(game, move)
        path.append(node)
    rewards, finals = evaluator.evaluate(game, rng)
    for visited in path[1:]:
        visited.visits += 1
        visited.wins += rewards[visited.chooser]
        visited.points += finals[visited.chooser]


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
        placing = placer(game)
        assert placing is not None
        tile = waiting_tiles(game, placing)[0]
        options = placements_of(game, placing, tile)
        places = [move for move in options if move[0] is PLACE]
        if places:
            return places[below(rng, len(places))]
        return next(move for move in options if move[0] is RESERVE)
    phase_rules = rules.phase_rules.get(phase)
    if phase_rules is not None and phase_rules.playout_choice is not None:
        return phase_rules.playout_choice(game, rng)
    if phase is not ACTION:
        return random_move(game, rng)
    seat = game.player
    assert seat is not None
    hand = game.seats[seat].hand
    packed, sums = hand.packed, hand.sums
    exact: list[tuple[int, int, int]] = []
    affordable: list[tuple[int, int, int]] = []
    slot = 0
    for tile in game.market:
        slot += 1
        if tile == NO_TILE:
            continue
        price, currency = PRICE[tile], SLOT_CURRENCY[slot]
        if price and sums[currency] >= price:
            affordable.append((slot, currency, price))
            if exact_payment(packed[currency], price):
                exact.append((slot, currency, price))
    if exact:
        slot, currency, price = exact[below(rng, len(exact))]
        paid = [
            payment
            for payment in payments(currency, packed[currency], price)
            if _total(payment) == price
        ]
        return (BUY, seat, slot, paid[below(rng, len(paid))])
    if game.extra_action:
        return (END, seat)
    if affordable and rng.random() < 0.5:
        return min(
            (
                (BUY, seat, slot, payment)
                for slot, currency, price in affordable
                for payment in payments(currency, packed[currency], price)
            ),
            key=_paid,
        )
    takes = legal_takes(game)
    if takes:
        return max(takes, key=_taken)
    return random_move(game, rng)


def _total(cards: tuple[int, ...]) -> int:
    return sum(map(VALUE.__getitem__, cards))


def _paid(buy: Move) -> int:
    """The money a purchase ``(BUY, seat, slot, payment)`` pays."""
    return sum(map(VALUE.__getitem__, buy[3]))


def _taken(take: Move) -> int:
    """The money a take ``(TAKE, seat, cards)`` takes."""
    return sum(map(VALUE.__getitem__, take[2]))
