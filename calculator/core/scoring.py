"""Round scoring: majorities per building type with ties split (M1-M5), walls (W4), dummy (D3),
and the arithmetic behind each holder's points, for an answer that says why (M1, M2, M4).

A module may add to a player's counts (V3, V4): the registry's ``tally`` adds its part to the
buildings of :func:`building_counts`, and a :class:`Tally` keeps what each part comes from."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from calculator.core.record import FrozenRecord
from calculator.core.tiles import BUILDINGS, Building, Tile

ROUNDS: Final[tuple[int, ...]] = (1, 2, 3)

POINTS: Final[dict[Building, dict[int, tuple[int, ...]]]] = {
    Building.PAVILION: {1: (1,), 2: (8, 1), 3: (16, 8, 1)},
    Building.SERAGLIO: {1: (2,), 2: (9, 2), 3: (17, 9, 2)},
    Building.ARCADES: {1: (3,), 2: (10, 3), 3: (18, 10, 3)},
    Building.CHAMBERS: {1: (4,), 2: (11, 4), 3: (19, 11, 4)},
    Building.GARDEN: {1: (5,), 2: (12, 5), 3: (20, 12, 5)},
    Building.TOWER: {1: (6,), 2: (13, 6), 3: (21, 13, 6)},
}
"""M2: the points for 1st, 2nd, 3rd place, by building type and scoring round."""

Counts = Mapping[Building, int]


def building_counts(tiles: Iterable[Tile]) -> dict[Building, int]:
    """M1: buildings of each type among ``tiles`` (the fountain counts as none, nor does a
    tile that is no building, V4)."""
    counts = dict.fromkeys(BUILDINGS, 0)
    for tile in tiles:
        if tile.building is not None and not tile.hut:
            counts[tile.building] += 1
    return counts


class Added(FrozenRecord, frozen=True):
    """What one module adds to a player's majority counts: the buildings it adds by type, and
    what they come from (``items``, the module's records), which the answer shows under
    ``member``, each as ``show`` writes it (JSON values; a tile as the function it is given
    writes one)."""

    member: str
    adds: Mapping[Building, int]
    items: tuple[Any, ...]
    show: Callable[[Any, Callable[[Tile], Any]], Any]


class Tally(FrozenRecord, frozen=True):
    """A player's buildings for majority scoring: the tiles' (M1) with what modules add."""

    counts: Mapping[Building, int]
    added: tuple[Added, ...] = ()


class Majority(FrozenRecord, frozen=True):
    """One holder's standing in one building type: the first place its tie occupies (M3)."""

    count: int
    place: int | None
    shared_with: int
    points: int


NOBODY: Final[Majority] = Majority(0, None, 0, 0)
"""M1: the standing of a holder without buildings of the type: no place, no points."""


Points = Mapping[Building, Mapping[int, tuple[int, ...]]]
"""Points per place by building type and scoring round: M2's table, or a module's (S1)."""


def rank_majority(
    scoring_round: int, building: Building, counts: Sequence[int], points: Points = POINTS
) -> list[Majority]:
    """M3, M4: rank the holders of one building type and split the points of tied places."""
    return rank_places(points[building][scoring_round], counts)


def rank_places(paid: Sequence[int], counts: Sequence[int]) -> list[Majority]:
    """M3, M4: rank holders by their counts, ``paid`` being the points of 1st, 2nd, ... place,
    and split the points of tied places; a holder with none takes no place (M1)."""
    ranking = sorted(counts, reverse=True)  # a count's place is 1 + the holders with more
    standing: dict[int, Majority] = {}  # holders with equal counts stand alike
    for count in counts:
        if count in standing:
            continue
        if count <= 0:
            standing[count] = NOBODY  # M1: no buildings, nothing
            continue
        place = ranking.index(count) + 1
        tied = ranking.count(count)
        pooled = sum(paid[place - 1 : place - 1 + tied])  # places past the paid ones pay 0
        standing[count] = Majority(count, place, tied - 1, pooled // tied)
    return [standing[count] for count in counts]


class Arithmetic(FrozenRecord, frozen=True):
    """The sum behind a holder's points in one building type, and the rule that makes it."""

    rule: str
    text: str


def arithmetic(paid: Sequence[int], majority: Majority) -> Arithmetic:
    """Why a holder scores what it does in one type, ``paid`` being the points of 1st, 2nd,
    ... place: nothing without buildings (M1); alone, its place's points (M2, 0 past the
    table); tied, the places the tie occupies added up and divided equally, rounding down
    (M4): ``(13 + 6) / 2 = 9``."""
    if majority.place is None:
        return Arithmetic("M1", "0")
    tied = majority.shared_with + 1
    places = [
        paid[index] if index < len(paid) else 0
        for index in range(majority.place - 1, majority.place - 1 + tied)
    ]
    if tied == 1:
        return Arithmetic("M2", str(places[0]))
    pooled = " + ".join(str(points) for points in places)
    return Arithmetic("M4", f"({pooled}) / {tied} = {majority.points}")


class Holding(FrozenRecord, frozen=True):
    """What one scorer brings to a scoring round: building counts and longest wall length."""

    counts: Counts
    wall: int = 0


class Score(FrozenRecord, frozen=True):
    points: int
    wall: int
    majorities: Mapping[Building, Majority]


class RoundScore(FrozenRecord, frozen=True):
    scoring_round: int
    players: tuple[Score, ...]
    dummy: Score | None


def score_round(
    scoring_round: int,
    players: Sequence[Holding],
    dummy: Counts | None = None,
    points: Points = POINTS,
) -> RoundScore:
    """M5: each player's majority points over the six types plus W4 wall points.

    The dummy (D3) takes part in every majority but never scores walls (W6). ``points`` is
    M2's table unless a module pays the places otherwise (S1).
    """
    if scoring_round not in ROUNDS:
        raise ValueError(f"there is no scoring round {scoring_round}")
    holders = [player.counts for player in players]
    if dummy is not None:
        holders.append(dummy)
    by_holder: list[dict[Building, Majority]] = [{} for _ in holders]
    for building in BUILDINGS:
        ranked = rank_majority(
            scoring_round, building, [h.get(building, 0) for h in holders], points
        )
        for standing, majority in zip(by_holder, ranked, strict=True):
            standing[building] = majority
    scores = [
        Score(sum(m.points for m in majorities.values()) + wall, wall, majorities)
        for majorities, wall in zip(
            by_holder, [p.wall for p in players] + [0] * (dummy is not None), strict=True
        )
    ]
    return RoundScore(
        scoring_round,
        tuple(scores[: len(players)]),
        scores[-1] if dummy is not None else None,
    )


def winners(totals: Sequence[int]) -> list[int]:
    """M6: the seats with the highest total; equal totals share the win."""
    if not totals:
        return []
    top = max(totals)
    return [seat for seat, total in enumerate(totals) if total == top]
