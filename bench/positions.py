"""Worst-case Alhambras at every size limit, as a client may send them (wire form).

The limits (schemas/alhambra.json: 80 tiles; schemas/coordinate.json: -60..60) let a client
send positions no game produces: checkerboards of three- and four-wall tiles (every corner an
odd corner: the longest-wall search's hardest case), chains spanning the whole coordinate
range (the largest empty area for hole detection), tiles at the far corners. The hostile
position tests send each to every operation that takes an Alhambra; bench/soak.py mixes some
into its load.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from bench.spec import Operation, members

MAX_TILES = 80
LIMIT = 60
Cell = tuple[int, int]


def placed(cells: Iterable[Cell], walls: Callable[[Cell], str]) -> list[dict[str, Any]]:
    """The first 80 of ``cells`` (the fountain's cell left out) as placed tiles on the wire."""
    chosen = [c for c in cells if c != (0, 0)][:MAX_TILES]
    buildings = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
    return [
        {"building": buildings[(x * 7 + y) % 6], "walls": walls((x, y)), "x": x, "y": y}
        for x, y in chosen
    ]


def nearest_first(cells: Iterable[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (abs(c[0]) + abs(c[1]), c))


CHECKER = nearest_first((x, y) for x in range(-7, 8) for y in range(-7, 8) if (x + y) % 2 == 0)
FULL = nearest_first((x, y) for x in range(-5, 6) for y in range(-5, 6))

POSITIONS: dict[str, list[dict[str, Any]]] = {
    "checkerboard NES": placed(CHECKER, lambda c: "NES"),
    "checkerboard ESW": placed(CHECKER, lambda c: "ESW"),
    "checkerboard NESW": placed(CHECKER, lambda c: "NESW"),
    "checkerboard NES/SW": placed(CHECKER, lambda c: "NES" if c[0] % 2 else "SW"),
    "checkerboard NESW/none": placed(FULL, lambda c: "NESW" if (c[0] + c[1]) % 2 else ""),
    "solid block NESW": placed(FULL, lambda c: "NESW"),
    "diagonal chain -40..40": placed(((i, i) for i in range(-40, 41)), lambda c: "NESW"),
    "far corners": placed(
        [
            (-LIMIT, -LIMIT),
            (LIMIT, LIMIT),
            (-LIMIT, LIMIT),
            (LIMIT, -LIMIT),
            *((i, 0) for i in range(-38, 39)),
        ],
        lambda c: "N",
    ),
    "spread grid": placed(
        ((x, y) for x in range(-LIMIT, LIMIT + 1, 15) for y in range(-LIMIT, LIMIT + 1, 15)),
        lambda c: "NESW",
    ),
    "ring at the limit": placed(
        nearest_first(
            itertools.chain(
                ((x, -LIMIT) for x in range(-LIMIT, LIMIT + 1)),
                ((LIMIT, y) for y in range(-LIMIT, LIMIT + 1)),
            )
        ),
        lambda c: "NS",
    ),
    "comb": placed(
        itertools.chain.from_iterable(((x, y) for y in range(0, 10)) for x in range(-8, 9, 2)),
        lambda c: "",
    ),
    "line of 80": placed(((x, 0) for x in range(-40, 41)), lambda c: "NS"),
}


def alhambra_members(document: Any) -> list[str]:
    """Pointers of every Alhambra (array of placed tiles) in an example body."""
    return [where for where, value in members(document) if _is_alhambra(value)]


_PLACED = frozenset({"walls", "camp", "bazaar"})
"""What an item of an Alhambra holds beside its cell: a tile's walls, or a piece (G4, K4)."""


def _is_alhambra(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(t, dict) and {"x", "y"} <= set(t) and not _PLACED.isdisjoint(t)
            for t in value
        )
    )


TABLES: frozenset[str] = frozenset({"/v1/table", "/v1/games/position"})
"""The operations that take a whole table, which a worst-case Alhambra cannot be part of."""


def worst_case_status(operation: Operation) -> int:
    """The status a valid request gets with a worst-case Alhambra (80 tiles) in it: every
    operation answers it, but a whole table with more buildings of a kind than the game has
    cannot exist (C1), so ``/v1/table`` refuses it, and the position editor, which takes a
    game's tiles (at most 57 in an Alhambra: 54 and 3 huts), refuses it by its contract."""
    return 422 if operation.path in TABLES else 200
