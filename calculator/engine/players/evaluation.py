"""A heuristic evaluation of a game for one seat, written as small named terms (greedy's
judgement, and what a truncated search playout ends on).

Each term projects points the seat can expect by the end of the game from what it holds now:

* :func:`banked`: the points already scored (M5, T8);
* :func:`majority_points`: the majorities it holds, scored in each scoring round to come with
  that round's points table (M1-M4, M2), the next round in full and later ones discounted
  (the counts will change before then: the timing of the scoring cards, T8);
* :func:`wall_points`: the longest wall, scored again in every round to come (W4);
* :func:`extra_action`: a further action earned by an exact payment (T4);
* :func:`money_values`: money in hand, the more the longer the game still runs (T9: money is
  worth nothing at the end), and more in the currency of a market tile that would win or keep
  the seat a majority (T4: only the slot's currency pays);
* :func:`reserve_value`: reserve tiles, buildings that can still be built (T5; M1: they count
  for nothing until then);
* denying a rival a majority: :func:`standing` subtracts a share of the best rival's
  projection, so taking a place from a rival counts twice (M3, M4);
* :func:`tempo`: a redesign spends the turn's action without bringing money or a tile (T2, T5),
  so it must gain more than that to be chosen (two players rebuilding against each other's
  majorities would otherwise never end the game).

It reads the game core and what it keeps up to date (the building counts, the longest wall of
each layout); the places of a majority are remembered by the counts (:func:`ranked_points`).
The weights were set by arena runs (``alhambra arena``), see docs/performance.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from calculator.core.record import FrozenRecord
from calculator.core.scoring import POINTS, ROUNDS, rank_places
from calculator.core.tiles import BUILDINGS, CATALOG
from calculator.engine.codes import BUILDING, BUILDS, NO_TILE, PRICE, SLOT_CURRENCY
from calculator.engine.core import ACTION, Game, Move, Seat
from calculator.engine.memo import Memo
from calculator.engine.turn.dummy import dummy_counts
from calculator.engine.turn.placement import placer, waiting_tiles
from calculator.engine.turn.redesign import BUILD, REMOVE, SWAP


class Weights(FrozenRecord, frozen=True):
    """How much each term counts, in projected points."""

    later_round: float = 0.6
    """A scoring round after the next one, per point it would pay now."""
    wall: float = 1.0
    """Per wall segment and scoring round to come."""
    extra_action: float = 3.0
    """A further action earned by an exact payment."""
    money: float = 0.3
    """Per point of money in hand, at the start of the game (falls to 0 at its end)."""
    wanted_money: float = 0.3
    """Per point of money in the currency of a market tile the seat wants, up to its price."""
    reserve_tile: float = 1.0
    """Per tile on the reserve."""
    denial: float = 0.5
    """The share of the best rival's projection taken off the seat's value."""
    redesign: float = 3.0
    """What a redesign must gain to be worth the action it spends (T2, T5)."""


WEIGHTS: Final[Weights] = Weights()

TILES_IN_GAME: Final[int] = len(CATALOG)
"""C1: the building tiles of a game, by which the share of the game still to come is read."""

_PAID: Final[tuple[dict[int, tuple[int, ...]], ...]] = tuple(POINTS[b] for b in BUILDINGS)
"""M2: the points of each place, by building type (in ``BUILDINGS``' order) and round."""

RANKED_MEMO: Final[int] = 4096
_RANKED: Final[Memo[tuple[int, int, tuple[int, ...]], tuple[int, ...]]] = Memo(RANKED_MEMO)


def ranked_points(scoring_round: int, building: int, counts: tuple[int, ...]) -> tuple[int, ...]:
    """M2-M4: each holder's points for ``building`` (an index of ``BUILDINGS``) in
    ``scoring_round`` with these counts; remembered (:data:`RANKED_MEMO` answers)."""
    key = (scoring_round, building, counts)
    found = _RANKED.get(key)
    if found is None:
        ranked = rank_places(_PAID[building][scoring_round], counts)
        found = _RANKED.keep(key, tuple(majority.points for majority in ranked))
    return found


def rounds_to_come(game: Game) -> list[int]:
    """T8, T9: the scoring rounds not yet scored, the next first."""
    return [number for number in ROUNDS if number not in game.rounds_scored]


def round_weights(game: Game, weights: Weights) -> list[tuple[int, float]]:
    """Each round to come with the weight of its projection: the next in full, later ones
    discounted (the timing of the scoring cards, T8)."""
    return [
        (number, 1.0 if index == 0 else weights.later_round)
        for index, number in enumerate(rounds_to_come(game))
    ]


def building_holdings(game: Game) -> list[list[int]]:
    """M1, V3, V4: each seat's buildings by type, the tiles waiting to be placed counted as
    built (T6, T9: they are the seat's and will most likely be placed)."""
    counts = game.rules.counts
    holdings = [list(counts(seat.alhambra, seat.parts)) for seat in game.seats]
    phase = game.phase
    if phase.placing or (phase is ACTION and game.bought):
        seat = placer(game) if phase.placing else game.player
        assert seat is not None
        for tile in waiting_tiles(game, seat):
            building = BUILDS[tile]
            if building >= 0:
                holdings[seat][building] += 1
    return holdings


def majority_points(
    holdings: Sequence[Sequence[int]],
    dummy: Sequence[int] | None,
    rounds: Sequence[tuple[int, float]],
) -> list[float]:
    """M2-M4: each seat's majority points in the rounds to come, with the counts of now."""
    seats = len(holdings)
    points = [0.0] * seats
    for building in range(len(BUILDINGS)):
        counts = [holding[building] for holding in holdings]
        if dummy is not None:
            counts.append(dummy[building])  # D3: the dummy takes places too
        held = tuple(counts)
        for number, weight in rounds:
            paid = ranked_points(number, building, held)
            for seat in range(seats):
                points[seat] += weight * paid[seat]
    return points


def banked(player: Seat) -> float:
    """M5, T8: the points scored so far."""
    return float(player.score)


def wall_points(player: Seat, rounds: Sequence[tuple[int, float]], weights: Weights) -> float:
    """W4: the longest wall, scored in every round to come."""
    return weights.wall * player.alhambra.wall() * sum(w for _, w in rounds)


def extra_action(game: Game, seat: int, weights: Weights) -> float:
    """T4: an exact payment has earned the seat a further action."""
    return weights.extra_action if game.extra_action and game.player == seat else 0.0


def game_left(game: Game) -> float:
    """The share of the game still to come, read from the tiles left in the bag (T9)."""
    return len(game.bag) / TILES_IN_GAME


def money_values(
    game: Game,
    holdings: Sequence[Sequence[int]],
    dummy: Sequence[int] | None,
    weights: Weights,
) -> list[float]:
    """T3, T4, T9: each seat's money in hand; more in the currency of a market tile that
    would win or keep the seat a place in the next round's majority (:func:`majority_gains`)."""
    left = game_left(game)
    if not left:
        return [0.0] * len(game.seats)
    values = [weights.money * left * player.hand.total for player in game.seats]
    rounds = rounds_to_come(game)
    if not rounds:
        return values
    wanted = weights.wanted_money * left
    slot = 0
    for tile in game.market:
        slot += 1
        if tile == NO_TILE or BUILDING[tile] < 0 or not PRICE[tile]:
            continue
        building = BUILDING[tile]
        counts = [holding[building] for holding in holdings]
        if dummy is not None:
            counts.append(dummy[building])
        gains = majority_gains(rounds[0], building, tuple(counts))
        currency, price = SLOT_CURRENCY[slot], PRICE[tile]
        for seat, player in enumerate(game.seats):
            if gains[seat] > 0:
                values[seat] += wanted * min(player.hand.sums[currency], price)
    return values


_GAINS: Final[Memo[tuple[int, int, tuple[int, ...]], tuple[int, ...]]] = Memo(RANKED_MEMO)


def majority_gains(scoring_round: int, building: int, counts: tuple[int, ...]) -> tuple[int, ...]:
    """M2-M4: the majority points one more ``building`` would bring each holder, with these
    counts (as :func:`ranked_points`); remembered."""
    key = (scoring_round, building, counts)
    found = _GAINS.get(key)
    if found is None:
        now = ranked_points(scoring_round, building, counts)
        gains = []
        for seat in range(len(now)):
            more = list(counts)
            more[seat] += 1
            gains.append(ranked_points(scoring_round, building, tuple(more))[seat] - now[seat])
        found = _GAINS.keep(key, tuple(gains))
    return found


def reserve_value(player: Seat, weights: Weights) -> float:
    """T5, M1: tiles on the reserve count for nothing until built, but can still be built."""
    return weights.reserve_tile * len(player.reserve)


def projections(game: Game, weights: Weights = WEIGHTS) -> list[float]:
    """Each seat's projected final points: the sum of the terms above."""
    holdings = building_holdings(game)
    dummy = dummy_counts(game)
    rounds = round_weights(game, weights)
    majorities = majority_points(holdings, dummy, rounds)
    money = money_values(game, holdings, dummy, weights)
    return [
        banked(player)
        + majorities[seat]
        + wall_points(player, rounds, weights)
        + extra_action(game, seat, weights)
        + money[seat]
        + reserve_value(player, weights)
        for seat, player in enumerate(game.seats)
    ]


def value(game: Game, seat: int, weights: Weights = WEIGHTS) -> float:
    """The seat's projection less a share of the best rival's (denying a rival, M3)."""
    return standing(projections(game, weights), seat, weights)


def standing(projected: Sequence[float], seat: int, weights: Weights = WEIGHTS) -> float:
    """:func:`value` from the projections of every seat."""
    rivals = [points for index, points in enumerate(projected) if index != seat]
    return projected[seat] - weights.denial * max(rivals)


_REDESIGNS: Final = (BUILD, REMOVE, SWAP)


def tempo(move: Move, weights: Weights = WEIGHTS) -> float:
    """T2, T5: the action a redesign spends, taken off what it gains."""
    return -weights.redesign if move[0] in _REDESIGNS else 0.0


WIN_SCALE: Final[float] = 8.0
"""Points of projected lead that make a win e (2.7) times likelier (M6)."""


def win_chances(projected: Sequence[float]) -> list[float]:
    """M6: a chance of winning for each seat from the projections (a softmax): what a
    playout cut short scores."""
    best = max(projected)
    weights = [math.exp((points - best) / WIN_SCALE) for points in projected]
    total = sum(weights)
    return [weight / total for weight in weights]
