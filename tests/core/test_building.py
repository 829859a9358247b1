"""B2-B6 and the T5 redesign checks, with the rulebook's forbidden placements as cases."""

from __future__ import annotations

import random
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator import modules
from calculator.core import pieces
from calculator.core.alhambra import Alhambra, neighbours
from calculator.core.building import (
    alhambra_violations,
    legal_cells,
    placement_violations,
    removal_violations,
    swap_violations,
)
from calculator.core.errors import PositionError
from calculator.core.tiles import CATALOG, Building, Tile
from calculator.i18n import say
from tests.helpers.alhambras import alhambra, grow, tile

camp_of = modules.PIECES["camp"]
bazaar_of = modules.PIECES["bazaar"]
camp_violations = modules.SCORING_BY_NAME["camps"].hooks.violations


def rules(violations):
    return [v.rule for v in violations]


# --- the rulebook's pictures -----------------------------------------------------------------


def test_b2_wall_against_no_wall_is_refused():
    found = placement_violations(Alhambra(), tile("garden", "W"), (1, 0))
    # The mismatched side is the only contact, so nobody can walk in either (B3).
    assert rules(found) == ["B2", "B3"]
    assert set(found[0].cells) == {(0, 0), (1, 0)}
    assert set(found[0].sides) == {((1, 0), "W"), ((0, 0), "E")}
    assert "west side of the garden at (1,0) has a wall" in say(found[0].message, "en")


def test_b2_wall_against_wall_is_fine():
    built = alhambra((1, 0, "E"), (1, 1, ""), (2, 1, ""))
    assert placement_violations(built, tile("tower", "W"), (2, 0)) == []


def test_b2_every_mismatched_side_is_reported():
    built = alhambra(
        (1, 0, ""), (0, 1, ""), (1, 2, ""), (2, 1, ""), (2, 0, ""), (2, 2, ""), (0, 2, "")
    )
    found = placement_violations(built, tile("tower", "NESW"), (1, 1))
    assert rules(found) == ["B2"] * 4 + ["B3"]


def test_b3_a_tile_that_cannot_be_reached_on_foot_is_refused():
    # Walls back to back: the sides match (B2), but nobody can walk in (B3).
    built = alhambra((1, 0, "E"))
    found = placement_violations(built, tile("tower", "W"), (2, 0))
    assert rules(found) == ["B3"]
    assert found[0].cells == ((2, 0),)


def test_b4_a_corner_is_not_enough():
    found = placement_violations(Alhambra(), tile("pavilion"), (1, 1))
    assert "B4" in rules(found)
    assert all(v.cells == ((1, 1),) for v in found if v.rule in ("B3", "B4"))


def ring_around_0_1():
    """Tiles around the empty cell (0,1), all but its west neighbour (-1,1)."""
    return alhambra((1, 0, ""), (1, 1, ""), (1, 2, ""), (0, 2, ""), (-1, 2, ""))


def test_b5_a_placement_that_encloses_a_cell_is_refused():
    found = placement_violations(ring_around_0_1(), tile("garden"), (-1, 1))
    assert rules(found) == ["B5"]
    assert found[0].cells == ((0, 1),)


def test_b5_literal_reading_also_refuses_a_single_enclosed_cell():
    found = placement_violations(ring_around_0_1(), tile("garden"), (-1, 1), "cell")
    assert rules(found) == ["B5"]


def ring_around_0_1_and_0_2():
    return alhambra(
        (1, 0, ""), (1, 1, ""), (1, 2, ""), (1, 3, ""), (0, 3, ""), (-1, 3, ""), (-1, 2, "")
    )


def test_b5_two_cell_enclosure_is_a_hole():
    found = placement_violations(ring_around_0_1_and_0_2(), tile("garden"), (-1, 1))
    assert rules(found) == ["B5"]
    assert found[0].cells == ((0, 1), (0, 2))


def test_b5_two_cell_enclosure_is_allowed_under_the_literal_cell_reading():
    assert placement_violations(ring_around_0_1_and_0_2(), tile("garden"), (-1, 1), "cell") == []


def test_b6_the_cell_must_be_free():
    built = alhambra((1, 0, ""))
    found = placement_violations(built, tile("garden"), (1, 0))
    assert rules(found) == ["B6"] and "already taken by the garden" in say(found[0].message, "en")


def test_b6_the_fountain_cell_is_never_free():
    assert rules(placement_violations(Alhambra(), tile("garden"), (0, 0))) == ["B6"]


def test_b6_two_tiles_on_one_cell_cannot_be_described():
    with pytest.raises(PositionError) as raised:
        Alhambra.of([((1, 0), tile()), ((1, 0), tile("tower"))])
    assert raised.value.index == 1 and raised.value.rule == "B6"


def test_a_tile_on_the_fountain_cannot_be_described():
    with pytest.raises(PositionError) as raised:
        Alhambra.of([((0, 0), tile())])
    assert raised.value.index == 0


def test_every_violated_rule_is_reported_not_only_the_first():
    # A south wall against the bare north side of (-1,2) (B2), its only contact, so nobody
    # walks in (B3), and the tile closes the ring around (0,1) (B5).
    found = placement_violations(ring_around_0_1(), tile("garden", "S"), (-1, 1))
    assert rules(found) == ["B2", "B3", "B5"]


# --- whole-Alhambra check --------------------------------------------------------------------


def test_whole_check_of_a_legal_alhambra_is_clean():
    assert alhambra_violations(alhambra((1, 0, "N"), (2, 0, "NE"), (1, 1, "S"))) == []


def test_whole_check_reports_b2_b3_b4_b5_together():
    built = alhambra(
        (1, 0, "E"),
        (2, 0, ""),
        (4, 4, ""),
        (1, 1, ""),
        (1, 2, ""),
        (0, 2, ""),
        (-1, 2, ""),
        (-1, 1, ""),
    )
    assert sorted(set(rules(alhambra_violations(built)))) == ["B2", "B3", "B4", "B5"]


# --- T5 removal and swap ---------------------------------------------------------------------


def test_t5_removal_that_strands_a_tile_is_refused():
    built = alhambra((1, 0, ""), (2, 0, ""), (2, 1, ""))
    found = removal_violations(built, (2, 0))
    assert rules(found) == ["B3", "B4"]
    assert found[0].cells == ((2, 1),)
    assert removal_violations(built, (2, 1)) == []


def test_t5_removal_that_opens_a_hole_is_refused():
    built = ring_around_0_1().placed((-1, 1), tile()).placed((0, 1), tile())
    found = removal_violations(built, (0, 1))
    assert rules(found) == ["B5"] and found[0].cells == ((0, 1),)


def test_t5_the_fountain_is_never_moved():
    assert rules(removal_violations(Alhambra(), (0, 0))) == ["T5"]
    assert rules(swap_violations(Alhambra(), (0, 0), tile())) == ["T5"]


def test_t5_nothing_to_remove_on_an_empty_cell():
    assert rules(removal_violations(Alhambra(), (3, 3))) == ["T5"]


def test_t5_a_swap_must_match_walls_on_every_occupied_side():
    built = alhambra((1, 0, ""), (2, 0, ""))
    assert rules(swap_violations(built, (1, 0), tile("tower", "E"))) == ["B2", "B3"]
    assert swap_violations(built, (1, 0), tile("tower", "N")) == []


# --- listing the legal cells -----------------------------------------------------------------


def test_legal_cells_around_the_fountain_alone():
    assert legal_cells(Alhambra(), tile()) == [(0, -1), (-1, 0), (1, 0), (0, 1)]


def test_legal_cells_respect_walls():
    # A tile walled on the west cannot stand east of the fountain, whose side is bare.
    assert legal_cells(Alhambra(), tile("garden", "W")) == [(0, -1), (-1, 0), (0, 1)]


def brute_force_cells(built, candidate, hole_rule):
    return sorted(
        (
            cell
            for cell in built.frontier()
            if not placement_violations(built, candidate, cell, hole_rule)
        ),
        key=lambda c: (c[1], c[0]),
    )


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(0, 40),
    hole_rule=st.sampled_from(["region", "cell"]),
)
def test_legal_cells_agree_with_the_full_check(seed, size, hole_rule):
    built = grow(seed, size, hole_rule)
    candidate = random.Random(seed).choice(CATALOG)
    expected = brute_force_cells(built, candidate, hole_rule)
    assert legal_cells(built, candidate, hole_rule) == expected
    # the engine's way: it holds only legal Alhambras, so the listing skips the whole check
    assert legal_cells(built, candidate, hole_rule, known_legal=True) == expected


@st.composite
def scattered_alhambras(draw):
    """Any described table, legal or not: random tiles with random walls near the fountain."""
    cells = draw(st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=25))
    cells.discard((0, 0))
    walls = st.sampled_from(["", "N", "E", "S", "W", "NE", "ES", "SW", "NW", "NES", "ESW"])
    return Alhambra.of([(cell, Tile(Building.GARDEN, draw(walls))) for cell in sorted(cells)])


@settings(max_examples=80, deadline=None)
@given(
    built=scattered_alhambras(),
    walls=st.sampled_from(["", "N", "ES", "NESW"]),
    hole_rule=st.sampled_from(["region", "cell"]),
)
def test_legal_cells_agree_with_the_full_check_on_illegal_alhambras(built, walls, hole_rule):
    candidate = Tile(Building.TOWER, walls)
    expected = brute_force_cells(built, candidate, hole_rule)
    assert legal_cells(built, candidate, hole_rule) == expected


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(0, 54),
    hole_rule=st.sampled_from(["region", "cell"]),
)
def test_alhambras_grown_by_legal_placements_pass_the_whole_check(seed, size, hole_rule):
    assert alhambra_violations(grow(seed, size, hole_rule), hole_rule) == []


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 40))
def test_removing_and_readding_a_removable_tile_restores_legality(seed, size):
    built = grow(seed, size)
    for cell, placed in built.buildings():
        if not removal_violations(built, cell):
            without = built.removed(cell)
            assert alhambra_violations(without) == []
            assert placement_violations(without, placed, cell) == []
            assert without.placed(cell, placed) == built


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 54))
def test_b5_consequence_no_tiles_touch_only_at_a_corner(seed, size):
    tiles = grow(seed, size).tiles
    for x, y in tiles:
        # the 2x2 window with (x, y) at its north-west: a diagonal pair alone is impossible
        if (x + 1, y + 1) in tiles:
            assert (x + 1, y) in tiles or (x, y + 1) in tiles
        if (x - 1, y + 1) in tiles:
            assert (x - 1, y) in tiles or (x, y + 1) in tiles


def test_b5_four_tiles_touching_at_corners_enclose_the_cell_between_them():
    diamond = alhambra((-1, 1, ""), (1, 1, ""), (0, 2, ""))
    found = [v for v in alhambra_violations(diamond) if v.rule == "B5"]
    assert [v.cells for v in found] == [((0, 1),)]


def test_b5_a_tile_inside_an_enclosure_does_not_open_it():
    # A 5x5 ring of tiles around (0,3) with a lone tile in its middle: the eight empty cells
    # around the middle tile are one hole (region), none is a hole cell by itself (cell).
    ring = [(x, y) for x in range(-2, 3) for y in range(1, 6) if abs(x) == 2 or y in (1, 5)]
    built = alhambra(*[(x, y, "") for x, y in ring], (0, 3, ""))
    region = [v for v in alhambra_violations(built) if v.rule == "B5"]
    assert len(region) == 1 and len(region[0].cells) == 8 and (0, 3) not in region[0].cells
    assert [v for v in alhambra_violations(built, "cell") if v.rule == "B5"] == []


# --- with the Big Box pieces (G1, G4, H4, K4): calculator.core.pieces ------------------------


def _bazaar() -> pieces.Piece:
    return bazaar_of(["tower", "garden", "arcades"])


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(0, 30),
    hole_rule=st.sampled_from(["region", "cell"]),
)
def test_k4_a_bazaar_fits_wherever_a_wall_less_building_does(seed, size, hole_rule):
    """K4: a bazaar is placed like a building without walls. The cell-by-cell listing of an
    Alhambra with pieces agrees with the bit-mask listing of a bare one."""
    built = grow(seed, size, hole_rule)
    expected = legal_cells(built, tile("garden", ""), hole_rule)
    assert pieces.legal_cells(pieces.Furnished(built), _bazaar(), hole_rule) == expected


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 30))
def test_g4_a_camps_legal_cells_are_the_free_cells_its_placement_allows(seed, size):
    """G4: every cell beside the Alhambra is listed exactly when placing the camp there breaks
    nothing (B4, B5, B6 and its bastions)."""
    built = pieces.Furnished(grow(seed, size))
    camp = camp_of({"bastions": "S", "arrows": "N"})
    occupied = built.occupied()
    beside = {n for cell in occupied for _, n in neighbours(cell)} - occupied
    allowed = sorted(
        (
            cell
            for cell in beside
            if not pieces.placement_violations(built, camp, cell, "region", (camp_violations,))
        ),
        key=lambda cell: (cell[1], cell[0]),
    )
    assert pieces.legal_cells(built, camp, "region", (camp_violations,)) == allowed
    for cell in allowed:  # the bastion to the south faces a wall or nothing
        below = built.alhambra.get((cell[0], cell[1] + 1))
        assert below is None or (below.has_wall("N") and not below.is_fountain)


def test_b6_g4_no_piece_on_a_taken_cell_and_no_tile_on_a_piece():
    camp = camp_of({"bastions": "N", "arrows": "S"})
    with_camp = pieces.Furnished(alhambra((1, 0, "S"))).placed((1, 1), camp)
    assert rules(pieces.placement_violations(with_camp, _bazaar(), (1, 0))) == ["B6"]
    (taken,) = pieces.placement_violations(with_camp, tile("tower", ""), (1, 1))
    assert say(taken.message, "en") == "the cell (1,1) is already taken by the camp"


def test_t5_h4_k1_a_tile_leaves_with_its_added_walls_and_tokens():
    furnished = pieces.Furnished(
        alhambra((1, 0, ""), (2, 0, "")),
        added_walls=MappingProxyType({(1, 0): "N"}),
        tokens=MappingProxyType({(1, 0): frozenset({"chest"})}),
    )
    left = furnished.removed((1, 0))
    assert (1, 0) not in left.alhambra
    assert left.added_walls == {} and left.tokens == {}
    # (2,0) is cut off: reached by no one (B3), sharing no side (B4)
    assert rules(pieces.removal_violations(furnished, (1, 0))) == ["B3", "B4"]


def test_t5_the_fountain_never_moves_with_pieces_about():
    furnished = pieces.Furnished(alhambra()).placed((1, 0), _bazaar())
    assert rules(pieces.removal_violations(furnished, (0, 0))) == ["T5"]
    assert pieces.removal_violations(furnished, (1, 0)) == []
