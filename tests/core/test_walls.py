"""W1-W5: outer wall segments and the longest wall, on legal and illegal Alhambras."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.core.alhambra import Alhambra
from calculator.core.tiles import Building, Tile, canonical_walls
from calculator.core.walls import longest_wall, outer_segments, segment_ends, wall_length
from tests.helpers.alhambras import alhambra, grow

RING = (
    (-1, -1, "NW"),
    (0, -1, "N"),
    (1, -1, "NE"),
    (1, 0, "E"),
    (1, 1, "ES"),
    (0, 1, "S"),
    (-1, 1, "SW"),
    (-1, 0, "W"),
)
"""Eight tiles around the fountain, walled on the outside: a ring of 12 segments."""


def test_w1_a_single_walled_side_is_one_segment():
    wall = longest_wall(alhambra((1, 0, "N")))
    assert (wall.length, wall.segments, wall.exact) == (1, (((1, 0), "N"),), True)


def test_w1_back_to_back_walls_are_inner_and_never_score():
    built = alhambra((1, 0, "NE"), (2, 0, "W"))
    assert outer_segments(built.tiles) == [((1, 0), "N")]
    assert longest_wall(built).length == 1


def test_w2_segments_meeting_at_a_corner_are_continuous():
    wall = longest_wall(alhambra((1, 0, "NE"), (1, 1, "E")))
    assert wall.length == 3
    assert set(wall.segments) == {((1, 0), "N"), ((1, 0), "E"), ((1, 1), "E")}


def test_w3_of_two_separate_walls_the_longer_counts():
    built = alhambra((1, 0, "N"), (2, 0, "N"), (-1, 0, "S"))
    assert longest_wall(built).length == 2


def test_w3_a_closed_ring_of_k_segments_is_k_long():
    ring = alhambra(*RING)
    wall = longest_wall(ring)
    assert wall.length == 12 and wall.exact


def test_w5_board_game_arena_would_score_the_ring_11_this_project_12():
    ring = alhambra((2, 2, "NESW"))  # a hand-described tile walled all round, alone
    assert longest_wall(ring).length == 4


def test_w3_a_corner_may_be_passed_more_than_once():
    # Illegal (corner contact), but described tables may be: two walled-round tiles meet at
    # the corner (3,3); the wall goes round one, through the corner, round the other.
    built = alhambra((2, 2, "NESW"), (3, 3, "NESW"))
    wall = longest_wall(built)
    assert wall.length == 8 and wall.exact


def test_w3_a_segment_is_used_once():
    # Four segments meet at (2,1) but end nowhere: a star. Through the centre once, never back.
    built = alhambra((1, 0, "ES"), (2, 1, "NW"))
    assert longest_wall(built).length == 2


def test_an_alhambra_without_walls_has_a_wall_of_length_zero():
    wall = longest_wall(Alhambra())
    assert (wall.length, wall.segments, wall.exact) == (0, (), True)


def checkerboard(walls: str, radius: int) -> Alhambra:
    return Alhambra.of(
        ((x, y), Tile(Building.TOWER, walls))
        for x in range(-radius, radius + 1)
        for y in range(-radius, radius + 1)
        if (x + y) % 2 == 0 and (x, y) != (0, 0)
    )


def test_a_search_that_runs_out_of_budget_says_its_figure_is_a_lower_bound():
    board = checkerboard("NES", 4)  # every inner corner joins three segments
    wall = longest_wall(board, budget=50)
    assert not wall.exact
    assert 0 < wall.length <= len(outer_segments(board.tiles))
    assert_is_a_trail(wall.segments)


def test_an_euler_walk_is_exact_even_with_corners_of_four():
    board = checkerboard("NESW", 3)  # every corner even: the whole graph in one walk
    wall = longest_wall(board, budget=1)
    assert wall.exact and wall.length == len(outer_segments(board.tiles))


# --- against brute force, and invariants -----------------------------------------------------


def assert_is_a_trail(segments):
    assert len(set(segments)) == len(segments), "a segment is used once"
    if len(segments) < 2:
        return
    ends = [set(segment_ends(s)) for s in segments]
    # walk: each consecutive pair shares a corner, and the shared corners chain
    first_shared = ends[0] & ends[1]
    here = (ends[0] - first_shared) or ends[0]
    corner = next(iter(here)) if len(ends[0] - first_shared) else None
    for index, segment_ends_ in enumerate(ends):
        if corner is None:  # a two-segment ring start: either end works
            corner = next(iter(segment_ends_ & ends[1]))
            corner = next(iter(segment_ends_ - {corner}))
        assert corner in segment_ends_, f"segment {index} does not continue the wall"
        (corner,) = segment_ends_ - {corner}


def brute_force_longest(tiles) -> int:
    segments = outer_segments(tiles)
    ends = [segment_ends(s) for s in segments]
    best = 0

    def walk(corner, used, length):
        nonlocal best
        best = max(best, length)
        for edge, (a, b) in enumerate(ends):
            if edge not in used and corner in (a, b):
                used.add(edge)
                walk(b if corner == a else a, used, length + 1)
                used.discard(edge)

    for corner in {c for pair in ends for c in pair}:
        walk(corner, set(), 0)
    return best


@st.composite
def walled_tables(draw, max_tiles=7):
    cells = draw(st.sets(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), max_size=max_tiles))
    cells.discard((0, 0))
    walls = st.text(alphabet="NESW", max_size=4).map(canonical_walls)
    return Alhambra.of([(cell, Tile(Building.GARDEN, draw(walls))) for cell in sorted(cells)])


@settings(max_examples=150, deadline=None)
@given(walled_tables())
def test_w3_the_longest_wall_matches_an_exhaustive_search(built):
    wall = longest_wall(built)
    assert wall.exact
    assert wall.length == brute_force_longest(built.tiles)
    assert_is_a_trail(wall.segments)


def mirrored(built: Alhambra) -> Alhambra:
    swap = {"E": "W", "W": "E", "N": "N", "S": "S"}
    return Alhambra.of(
        ((-x, y), Tile(t.building, canonical_walls("".join(swap[s] for s in t.walls))))
        for (x, y), t in built.buildings()
    )


@settings(max_examples=60, deadline=None)
@given(walled_tables(max_tiles=12))
def test_the_longest_wall_is_invariant_under_mirroring(built):
    wall, mirror = longest_wall(built), longest_wall(mirrored(built))
    if wall.exact and mirror.exact:
        assert wall.length == mirror.length


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(0, 54))
def test_the_longest_wall_never_exceeds_the_outer_segments(seed, size):
    built = grow(seed, size)
    wall = longest_wall(built)
    assert wall.exact  # legal Alhambras: paths and rings only
    assert wall.length <= len(outer_segments(built.tiles))
    assert_is_a_trail(wall.segments)
    assert longest_wall(mirrored(built)).length == wall.length


# --- the length alone (scoring, W4) ----------------------------------------------------------


def test_w4_the_length_alone_of_a_ring_and_of_two_separate_walls():
    ring = alhambra(*RING)
    assert (wall_length(ring).length, wall_length(ring).exact) == (12, True)
    two = alhambra((1, 0, "N"), (2, 0, "N"), (-1, 0, "S"))
    assert wall_length(two).length == 2
    assert wall_length(Alhambra()).length == 0


@pytest.mark.parametrize(("east", "west", "longest"), [(4, 3, 4), (3, 4, 4), (5, 4, 5), (1, 1, 1)])
def test_w3_the_length_alone_of_separate_walls_of_odd_and_even_length(east, west, longest):
    """Two straight walls, one on the north side of a row east of the fountain and one on the
    south side of a row west of it: the longer counts, whether its length is odd or even."""
    row = [(x, 0, "N") for x in range(1, east + 1)] + [(-x, 0, "S") for x in range(1, west + 1)]
    built = alhambra(*row)
    assert (wall_length(built).length, longest_wall(built).length) == (longest, longest)


def test_w3_the_length_alone_of_a_ring_beside_a_longer_and_a_shorter_wall():
    longer = [(x, -3, "S") for x in range(-6, 8)]  # 14 segments, two rows north of it
    shorter = [(x, 3, "S") for x in range(-1, 2)]  # 3 segments, two rows south of it
    assert wall_length(alhambra(*RING, *longer)).length == 14
    assert wall_length(alhambra(*RING, *shorter)).length == 12


def test_w3_the_length_alone_leaves_corners_of_three_segments_to_the_search():
    board = checkerboard("NES", 4)
    wall, length = longest_wall(board, budget=50), wall_length(board, budget=50)
    assert (length.length, length.exact) == (wall.length, wall.exact) == (wall.length, False)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(0, 54))
def test_the_length_alone_equals_the_longest_wall_on_grown_alhambras(seed, size):
    built = grow(seed, size)
    wall, length = longest_wall(built), wall_length(built)
    assert (length.length, length.exact) == (wall.length, wall.exact)


@settings(max_examples=200, deadline=None)
@given(walled_tables(max_tiles=12))
def test_the_length_alone_equals_the_longest_wall_on_any_table(built):
    wall, length = longest_wall(built), wall_length(built)
    assert (length.length, length.exact) == (wall.length, wall.exact)
