"""A heuristic evaluation of a game for one seat, written as small named terms (greedy's
judgement, and what a truncated search playout ends on).

Each term projects points the seat can expect by the end of the game from what it holds now:

* :func:`banked`: the points already scored (M5, T8);
* :func:`majority_points`: the majorities it holds, scored in each scoring round to come with
  that round's points table (M1-M4, M2), the next round in full and later ones discounted
  (the counts will change before then: the timing of the scoring cards, T8);
* :func:`wall_points`: the longest wall, scored again in every round to come (W4);
* :func:`extra_action`: a further action earned by an exact payment (T4);
* :func:`money_value`: money in hand, the more the longer the game still runs (T9: money is
  worth nothing at the end), and more in the currency of a market tile that would win or keep
  the seat a majority (T4: only the slot's currency pays);
* :func:`reserve_value`: reserve tiles, buildings that can still be built (T5; M1: they count
  for nothing until then);
* denying a rival a majority: :func:`value` subtracts a share of the best rival's projection,
  so taking a place from a rival counts twice (M3, M4);
* :func:`tempo`: a redesign spends the turn's action without bringing money or a tile (T2, T5),
  so it must gain more than that to be chosen (two players rebuilding against each other's
  majorities would otherwise never end the game).

The weights were set by arena runs (``alhambra arena``), see docs/performance.md.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from msgspec import Struct

from calculator import modules as registry
from calculator.core.scoring import ROUNDS, building_counts, rank_majority
from calculator.core.tiles import BUILDINGS, CATALOG, Building
from calculator.core.walls import wall_length
from calculator.engine.actions import Action, BuildFromReserve, MoveToReserve, Swap
from calculator.engine.state import ACTION, PLACING, Game, Player, slot_currency
from calculator.engine.turn.dummy import dummy_counts
from calculator.engine.turn.placement import placer, waiting_tiles


class Weights(Struct, frozen=True):
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

TILES: Final[int] = len(CATALOG)
"""C1: the building tiles of a game, by which the share of the game still to come is read."""


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


def building_holdings(game: Game) -> list[dict[Building, int]]:
    """M1, V3, V4: each seat's buildings, the tiles waiting to be placed counted as built (T6,
    T9: they are the seat's and will most likely be placed)."""
    modules = game.options.modules
    holdings = [
        dict(registry.tally(p.alhambra.tiles, registry.counted(p, modules)).counts)
        for p in game.players
    ]
    if game.turn.phase in PLACING or (game.turn.phase == ACTION and game.turn.bought):
        seat = placer(game) if game.turn.phase in PLACING else game.turn.player
        assert seat is not None
        for building, count in building_counts(waiting_tiles(game, seat)).items():
            holdings[seat][building] += count
    return holdings


def majority_points(
    holdings: Sequence[Mapping[Building, int]],
    dummy: Mapping[Building, int] | None,
    rounds: Sequence[tuple[int, float]],
) -> list[float]:
    """M2-M4: each seat's majority points in the rounds to come, with the counts of now."""
    points = [0.0] * len(holdings)
    for building in BUILDINGS:
        counts = [holding[building] for holding in holdings]
        if dummy is not None:
            counts.append(dummy[building])  # D3: the dummy takes places too
        for number, weight in rounds:
            for seat, standing in enumerate(rank_majority(number, building, counts)):
                if seat < len(holdings):
                    points[seat] += weight * standing.points
    return points


def banked(player: Player) -> float:
    """M5, T8: the points scored so far."""
    return float(player.score)


def wall_points(player: Player, rounds: Sequence[tuple[int, float]], weights: Weights) -> float:
    """W4: the longest wall, scored in every round to come."""
    return weights.wall * wall_length(player.alhambra).length * sum(w for _, w in rounds)


def extra_action(game: Game, seat: int, weights: Weights) -> float:
    """T4: an exact payment has earned the seat a further action."""
    turn = game.turn
    return weights.extra_action if turn.extra_action and turn.player == seat else 0.0


def game_left(game: Game) -> float:
    """The share of the game still to come, read from the tiles left in the bag (T9)."""
    return len(game.bag) / TILES


def money_value(
    game: Game,
    seat: int,
    holdings: Sequence[Mapping[Building, int]],
    dummy: Mapping[Building, int] | None,
    weights: Weights,
) -> float:
    """T3, T4, T9: money in hand; more in the currency of a market tile that would win or keep
    the seat a place in the next round's majority."""
    left = game_left(game)
    if not left:
        return 0.0
    hand = game.players[seat].hand
    value = weights.money * left * sum(card.value for card in hand)
    rounds = round_weights(game, weights)[:1]
    if not rounds:
        return value
    for slot, tile in enumerate(game.market, start=1):
        if tile is None or tile.building is None or tile.price is None:
            continue
        if _gain(seat, tile.building, holdings, dummy, rounds) <= 0:
            continue
        currency = slot_currency(slot)
        held = sum(card.value for card in hand if card.currency is currency)
        value += weights.wanted_money * left * min(held, tile.price)
    return value


def _gain(
    seat: int,
    building: Building,
    holdings: Sequence[Mapping[Building, int]],
    dummy: Mapping[Building, int] | None,
    rounds: Sequence[tuple[int, float]],
) -> float:
    """M2-M4: the majority points one more ``building`` would bring the seat."""
    counts = [holding[building] for holding in holdings]
    if dummy is not None:
        counts.append(dummy[building])
    number = rounds[0][0]
    now = rank_majority(number, building, counts)[seat].points
    counts[seat] += 1
    return rank_majority(number, building, counts)[seat].points - now


def reserve_value(player: Player, weights: Weights) -> float:
    """T5, M1: tiles on the reserve count for nothing until built, but can still be built."""
    return weights.reserve_tile * len(player.reserve)


def projections(game: Game, weights: Weights = WEIGHTS) -> list[float]:
    """Each seat's projected final points: the sum of the terms above."""
    holdings = building_holdings(game)
    dummy = dummy_counts(game)
    rounds = round_weights(game, weights)
    majorities = majority_points(holdings, dummy, rounds)
    return [
        banked(player)
        + majorities[seat]
        + wall_points(player, rounds, weights)
        + extra_action(game, seat, weights)
        + money_value(game, seat, holdings, dummy, weights)
        + reserve_value(player, weights)
        for seat, player in enumerate(game.players)
    ]


def value(game: Game, seat: int, weights: Weights = WEIGHTS) -> float:
    """The seat's projection less a share of the best rival's (denying a rival, M3)."""
    return standing(projections(game, weights), seat, weights)


def standing(projected: Sequence[float], seat: int, weights: Weights = WEIGHTS) -> float:
    """:func:`value` from the projections of every seat."""
    rivals = [points for index, points in enumerate(projected) if index != seat]
    return projected[seat] - weights.denial * max(rivals)


def tempo(action: Action, weights: Weights = WEIGHTS) -> float:
    """T2, T5: the action a redesign spends, taken off what it gains."""
    return -weights.redesign if isinstance(action, BuildFromReserve | MoveToReserve | Swap) else 0.0


WIN_SCALE: Final[float] = 8.0
"""Points of projected lead that make a win e (2.7) times likelier (M6)."""


def win_chances(projected: Sequence[float]) -> list[float]:
    """M6: a chance of winning for each seat from the projections (a softmax): what a
    playout cut short scores."""
    best = max(projected)
    weights = [math.exp((points - best) / WIN_SCALE) for points in projected]
    total = sum(weights)
    return [weight / total for weight in weights]
