"""Worst inputs the limits allow (80 tiles, coordinates -60..60): how long the core takes.

Run: .venv/bin/python bench/worst_case.py
Prints, per construction, the milliseconds (best of 5) for the longest wall (and whether the
figure is exact), the whole-Alhambra check, and listing the legal cells for a tile. Each
check and listing gets a new Alhambra, as a request does: an Alhambra keeps its bit masks once
worked out, and timing the same one again would leave them out.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Mapping
from functools import partial

from calculator.core.alhambra import Alhambra
from calculator.core.building import alhambra_violations, legal_cells
from calculator.core.tiles import Building, Cell, Tile
from calculator.core.walls import longest_wall, outer_segments

MAX_TILES = 80
LIMIT = 60


def build(cells: Iterable[Cell], walls: Callable[[Cell], str]) -> Alhambra:
    chosen = [c for c in cells if c != (0, 0)][:MAX_TILES]
    return Alhambra.of((c, Tile(Building.TOWER, walls(c))) for c in chosen)


def checkerboard(walls: str) -> Alhambra:
    cells = sorted(
        ((x, y) for x in range(-6, 7) for y in range(-6, 7) if (x + y) % 2 == 0),
        key=lambda c: abs(c[0]) + abs(c[1]),
    )
    return build(cells, lambda c: walls)


CONSTRUCTIONS: dict[str, Alhambra] = {
    # every inner corner joins three outer segments: the longest-wall search's hardest case
    "checkerboard NES": checkerboard("NES"),
    "checkerboard ESW": checkerboard("ESW"),
    # alternate three-wall tiles: odd corners everywhere, in a different arrangement
    "checkerboard NES/SW": build(
        sorted(
            ((x, y) for x in range(-6, 7) for y in range(-6, 7) if (x + y) % 2 == 0),
            key=lambda c: abs(c[0]) + abs(c[1]),
        ),
        lambda c: "NES" if c[0] % 2 else "SW",
    ),
    # every corner joins four segments: one Euler walk
    "checkerboard NESW": checkerboard("NESW"),
    # one diagonal chain corner to corner: the largest area a group of tiles can span
    "diagonal chain -40..40": build(((i, i) for i in range(-40, 41)), lambda c: "NESW"),
    # two tiles as far apart as the limits allow, the rest in a line
    "far corners": build(
        [(-LIMIT, -LIMIT), (LIMIT, LIMIT), *((i, 0) for i in range(1, 79))], lambda c: "N"
    ),
    # a comb: many cells between two tiles, each a candidate that might cut empty space in two
    "comb": build(
        itertools.chain.from_iterable(((x, y) for y in range(0, 10)) for x in range(-8, 9, 2)),
        lambda c: "",
    ),
}


def best_ms(action: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def fresh(rule: Callable[..., object], tiles: Mapping[Cell, Tile], *more: object) -> object:
    """``rule`` asked of a new Alhambra of ``tiles`` (no bit masks remembered from before)."""
    return rule(Alhambra(tiles), *more)


def main() -> None:
    probe = Tile(Building.GARDEN, "")
    print(
        f"{'construction':26} {'tiles':>5} {'segs':>5} {'wall':>5} {'exact':>5} "
        f"{'wall ms':>8} {'check ms':>8} {'cells ms':>8}"
    )
    for name, alhambra in CONSTRUCTIONS.items():
        tiles = alhambra.tiles
        wall = longest_wall(alhambra)
        print(
            f"{name:26} {len(tiles) - 1:5} {len(outer_segments(tiles)):5} {wall.length:5} "
            f"{wall.exact!s:>5} {best_ms(partial(fresh, longest_wall, tiles)):8.2f} "
            f"{best_ms(partial(fresh, alhambra_violations, tiles)):8.2f} "
            f"{best_ms(partial(fresh, legal_cells, tiles, probe)):8.2f}"
        )


if __name__ == "__main__":
    main()
