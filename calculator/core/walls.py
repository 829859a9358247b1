"""The longest wall (W1-W3).

Outer wall segments (W1) are the edges of a graph whose vertices are lattice corners (W2); the
longest wall is the longest trail in that graph (W3). In a legal Alhambra every corner joins at
most two outer segments, so each part of the graph is a path or a ring and the answer is read
off directly. A described table may be illegal, with corners where three or four segments
meet; there the longest trail is a hard problem in general, so:

* a part with at most two odd corners is walked whole (an Euler trail, Hierholzer);
* otherwise a depth-first search runs from its odd corners (every longest trail of such a part
  starts and ends at odd corners), stopping as soon as it meets the upper bound
  ``segments - (odd corners / 2 - 1)``, and within a fixed budget of steps. Past the budget
  the answer is the best trail found and is marked inexact: a lower bound, never a hang.

Scoring needs only the length (W4): :func:`wall_length` measures the same graph on bit masks,
without listing the segments, and leaves corners of three or four segments to the search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from calculator.core.alhambra import Alhambra
from calculator.core.grid import Grid, flood
from calculator.core.record import FrozenRecord
from calculator.core.tiles import OFFSET, SIDES, Cell, Side, Tile

Corner = tuple[int, int]
"""A lattice point; the cell ``(x, y)`` has the corners ``(x, y)`` to ``(x + 1, y + 1)``."""

Node = int
"""A corner as the wall graph numbers it (see ``_corners``)."""

Segment = tuple[Cell, Side]
"""One walled side of one tile (W1)."""

SEARCH_BUDGET: Final[int] = 20_000
"""Steps the search may take over all parts of one Alhambra before it settles for a bound."""

_ENDS: Final[dict[Side, tuple[Corner, Corner]]] = {
    "N": ((0, 0), (1, 0)),
    "E": ((1, 0), (1, 1)),
    "S": ((0, 1), (1, 1)),
    "W": ((0, 0), (0, 1)),
}


class Wall(FrozenRecord, frozen=True):
    """The longest wall: its length, its segments in order along it, and whether it is exact."""

    length: int
    segments: tuple[Segment, ...]
    exact: bool = True


def segment_ends(segment: Segment) -> tuple[Corner, Corner]:
    (x, y), side = segment
    (ax, ay), (bx, by) = _ENDS[side]
    return (x + ax, y + ay), (x + bx, y + by)


def outer_segments(tiles: Mapping[Cell, Tile]) -> list[Segment]:
    """W1: the walled sides that face an empty cell, in cell then side order."""
    found = []
    for cell in sorted(tiles):
        walls = tiles[cell].walls
        if not walls:
            continue
        x, y = cell
        for side in SIDES:
            if side in walls:
                dx, dy = OFFSET[side]
                if (x + dx, y + dy) not in tiles:
                    found.append((cell, side))
    return found


class _Search:
    """The bounded depth-first search for one part of the graph with four or more odd corners."""

    def __init__(
        self,
        adjacency: dict[Node, list[int]],
        ends: list[tuple[Node, Node]],
        target: int,
        budget: int,
    ) -> None:
        self.adjacency = adjacency
        self.ends = ends
        self.target = target
        self.budget = budget
        self.used = [False] * len(ends)
        self.path: list[int] = []
        self.best: list[int] = []

    def run(self, starts: list[Node]) -> bool:
        """Search from each start; True when the search was complete (the best is exact)."""
        for start in starts:
            if not self._extend(start):
                return len(self.best) >= self.target
            if len(self.best) >= self.target:
                return True
        return True

    def _extend(self, corner: Node) -> bool:
        """Grow the trail from ``corner``; False when the budget ran out or the target is met."""
        self.budget -= 1
        if self.budget < 0:
            return False
        moved = False
        for edge in self.adjacency[corner]:
            if self.used[edge]:
                continue
            moved = True
            self.used[edge] = True
            self.path.append(edge)
            a, b = self.ends[edge]
            going_on = self._extend(b if a == corner else a)
            self.path.pop()
            self.used[edge] = False
            if not going_on:
                return False
        if not moved and len(self.path) > len(self.best):
            self.best = list(self.path)
            if len(self.best) >= self.target:
                return False
        return True


def _euler_trail(
    adjacency: dict[Node, list[int]], ends: list[tuple[Node, Node]], start: Node
) -> list[int]:
    """Hierholzer: every edge of a connected part with at most two odd corners, in order."""
    used = [False] * len(ends)
    next_index = dict.fromkeys(adjacency, 0)
    stack: list[tuple[Node, int | None]] = [(start, None)]
    trail: list[int] = []
    while stack:
        corner, arrived_by = stack[-1]
        edges = adjacency[corner]
        index = next_index[corner]
        while index < len(edges) and used[edges[index]]:
            index += 1
        next_index[corner] = index
        if index == len(edges):
            stack.pop()
            if arrived_by is not None:
                trail.append(arrived_by)
        else:
            edge = edges[index]
            used[edge] = True
            a, b = ends[edge]
            stack.append((b if a == corner else a, edge))
    trail.reverse()
    return trail


def _outer_walls(grid: Grid) -> tuple[tuple[Side, int], ...]:
    """W1: by side, the tiles whose wall on that side faces an empty cell (as masks)."""
    occupied, width = grid.occupied, grid.width
    return (
        ("N", grid.wall_n & ~(occupied << width)),
        ("E", grid.wall_e & ~(occupied >> 1)),
        ("S", grid.wall_s & ~(occupied >> width)),
        ("W", grid.wall_w & ~(occupied << 1)),
    )


def _corners(side: Side, width: int) -> tuple[Node, Node]:
    """W2: the two end corners of a cell's side (``_ENDS``) as offsets from the cell's bit.

    A corner is numbered as the cell whose north-west corner it is. The grid's empty border
    keeps every corner of every tile inside the bounds, so no two corners share a number.
    """
    (ax, ay), (bx, by) = _ENDS[side]
    return ay * width + ax, by * width + bx


def _wall_graph(grid: Grid) -> tuple[list[Segment], list[tuple[Node, Node]]]:
    """W1, W2: the outer segments and, for each, its two end corners as numbers."""
    left, top, width = grid.left, grid.top, grid.width
    found: list[tuple[Segment, tuple[Node, Node]]] = []
    for side, mask in _outer_walls(grid):
        first, second = _corners(side, width)
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            mask ^= low
            row, column = divmod(index, width)
            found.append((((left + column, top + row), side), (index + first, index + second)))
    # Cell by cell, so that the search below walks along the Alhambra, not across it: its
    # first walks, the answer when its budget runs out, are then long ones.
    found.sort()
    return [segment for segment, _ in found], [ends for _, ends in found]


def longest_wall(alhambra: Alhambra, budget: int = SEARCH_BUDGET) -> Wall:
    """W3: the longest trail of outer segments (W1, W2); a ring of k segments is k long. On the
    Alhambra's own bit masks, shared with the building rules."""
    return _longest_trail(alhambra.grid, budget)


def _longest_trail(grid: Grid, budget: int) -> Wall:
    segments, ends = _wall_graph(grid)
    adjacency: dict[int, list[int]] = {}
    for edge, (a, b) in enumerate(ends):
        adjacency.setdefault(a, []).append(edge)
        adjacency.setdefault(b, []).append(edge)
    if all(len(edges) <= 2 for edges in adjacency.values()):
        best = _longest_path_or_ring(adjacency, ends)
        return Wall(len(best), tuple(segments[edge] for edge in best), True)

    best = []
    open_bounds: list[int] = []  # upper bounds of parts whose search ran out of budget
    seen: set[int] = set()
    for first in sorted(adjacency):
        if first in seen:
            continue
        part = _part(adjacency, ends, first)
        seen.update(part.corners)
        if part.size <= len(best):
            continue  # not even the whole part could be longer
        odd = sorted(c for c in part.corners if len(adjacency[c]) % 2)
        if len(odd) <= 2:
            trail = _euler_trail(adjacency, ends, odd[0] if odd else first)
        else:
            target = part.size - (len(odd) // 2 - 1)
            # every part gets at least a few greedy walks, however much budget is left
            search = _Search(adjacency, ends, target, max(budget, 4 * part.size))
            if not search.run(odd):
                open_bounds.append(target)
            budget = max(search.budget, 0)
            trail = search.best
        if len(trail) > len(best):
            best = trail
    exact = all(bound <= len(best) for bound in open_bounds)
    return Wall(len(best), tuple(segments[edge] for edge in best), exact)


class WallLength(FrozenRecord, frozen=True):
    """The longest wall's length alone (W4 scores nothing else), and whether it is exact."""

    length: int
    exact: bool = True


def wall_length(alhambra: Alhambra, budget: int = SEARCH_BUDGET) -> WallLength:
    """W3 when only the length counts: :func:`grid_wall_length` of the Alhambra's masks."""
    return grid_wall_length(alhambra.grid, budget)


def grid_wall_length(grid: Grid, budget: int = SEARCH_BUDGET) -> WallLength:
    """W3 when only the length counts: the same wall graph, measured on bit masks (an
    Alhambra's, or those the engine keeps up to date).

    Where no corner joins more than two segments (every legal Alhambra), each part of the
    graph is a path or a ring, so the longest wall is the part with the most segments. The
    paths are peeled from both ends at once, a few shifts per round: each round takes the end
    segments off every path, so a path of n segments is gone after n / 2 rounds (rounded up),
    and the longest path is the last to go. What no round can peel are the rings, each then
    found by flooding its corners. Where three or four segments meet, the search of
    :func:`longest_wall` decides.
    """
    width = grid.width
    # The wall graph on the lattice of corners (numbered as in ``_corners``): a bit of
    # ``across`` joins corner i to i + 1, a bit of ``down`` joins corner i to i + width. The
    # cell of bit i runs across from its corner i on its north side and from i + width on its
    # south side, down from i on its west side and from i + 1 on its east side. A lattice edge
    # holds one segment at most: a tile's outer north side and a south side on the same line
    # would need the cell between them to be both empty and a tile.
    (_, north), (_, east), (_, south), (_, west) = _outer_walls(grid)
    across, down = north | south << width, west | east << 1
    back, up = across << 1, down << width  # joining corner i to i - 1, to i - width
    if (across & back & (down | up)) | (down & up & (across | back)):
        wall = _longest_trail(grid, budget)  # a corner of three or four segments
        return WallLength(wall.length, wall.exact)
    longest = 0
    while ends := across ^ back ^ down ^ up:  # the corners that join one segment: path ends
        peeled_across = across & (ends | ends >> 1)
        peeled_down = down & (ends | ends >> width)
        across, down = across ^ peeled_across, down ^ peeled_down
        back, up = across << 1, down << width
        # A path peeled away this round was one segment long (its two ends, one segment) or
        # two (two ends, two segments); a longer one is still there for the next round.
        peeled = peeled_across.bit_count() + peeled_down.bit_count()
        longest += 1 if 2 * peeled == ends.bit_count() else 2
    corners = across | back | down | up
    left = across.bit_count() + down.bit_count()
    while left > longest:  # the rings not yet measured could still make a longer wall
        # one corner, grown to everything the ring joins it to
        ring = flood(corners & -corners, across, back, down, up, width)
        corners ^= ring
        length = (ring & across).bit_count() + (ring & down).bit_count()
        longest, left = max(longest, length), left - length
    return WallLength(longest)


def _longest_path_or_ring(
    adjacency: dict[int, list[int]], ends: list[tuple[int, int]]
) -> list[int]:
    """Where no corner joins more than two segments (every legal Alhambra), each part is a
    path or a ring: walk each from an end (or anywhere on a ring) and keep the longest."""
    used = [False] * len(ends)
    best: list[int] = []
    starts = [(corner, edges[0]) for corner, edges in adjacency.items() if len(edges) == 1]
    starts += [(ends[edge][0], edge) for edge in range(len(ends))]
    for corner, edge in starts:
        if used[edge]:
            continue
        walk = []
        while True:
            used[edge] = True
            walk.append(edge)
            a, b = ends[edge]
            corner = b if a == corner else a
            edges = adjacency[corner]
            if len(edges) == 1:
                break
            edge = edges[1] if edges[0] == edge else edges[0]
            if used[edge]:
                break  # back where a ring began
        if len(walk) > len(best):
            best = walk
    return best


class _Part(FrozenRecord, frozen=True):
    corners: frozenset[Node]
    size: int


def _part(adjacency: dict[Node, list[int]], ends: list[tuple[Node, Node]], first: Node) -> _Part:
    """The connected part of the wall graph that holds ``first``: its corners and edge count."""
    corners = {first}
    stack = [first]
    edges: set[int] = set()
    while stack:
        corner = stack.pop()
        for edge in adjacency[corner]:
            edges.add(edge)
            for other in ends[edge]:
                if other not in corners:
                    corners.add(other)
                    stack.append(other)
    return _Part(frozenset(corners), len(edges))
