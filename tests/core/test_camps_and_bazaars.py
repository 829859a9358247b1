"""G4 camps and K4 bazaars: placement, walls and points, with worked examples by hand."""

from __future__ import annotations

from calculator.core.building import Violation
from calculator.core.pieces import furnished_violations
from calculator.core.tiles import Building
from calculator.core.walls import wall_length
from calculator.i18n import say
from calculator.modules.bazaars import (
    MOST_POINTS,
    Bazaar,
    bazaar_points,
    bazaar_score,
    bazaar_violations,
)
from calculator.modules.camps import Camp, camp_points, camp_violations
from tests.helpers.alhambras import furnished

RED_BROWN_PURPLE = Bazaar((Building.SERAGLIO, Building.ARCADES, Building.TOWER))


def rules(violations: list[Violation]) -> list[str]:
    return [violation.rule for violation in violations]


# --- G4 camps --------------------------------------------------------------------------------


def test_g4_a_camp_whose_bastion_faces_a_buildings_wall_is_legal():
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("N", "E")})
    assert furnished_violations(position) == []
    assert camp_violations(position) == []


def test_g4_a_bastion_facing_a_side_without_wall_is_an_error():
    position = furnished((1, 0, ""), pieces={(1, 1): Camp("N", "E")})
    (violation,) = camp_violations(position)
    assert violation.rule == "G4"
    assert say(violation.message, "en") == (
        "the bastion on the north side of the camp at (1,1) faces no building's wall at (1,0)"
    )


def test_g4_a_bastion_facing_the_fountain_is_an_error():
    position = furnished(pieces={(0, 1): Camp("N", "S")})
    assert rules(camp_violations(position)) == ["G4"]


def test_g4_camps_touch_each_other_only_with_sides_without_bastions():
    touching = furnished((1, 0, "S"), pieces={(1, 1): Camp("N", "S"), (2, 1): Camp("W", "N")})
    assert rules(camp_violations(touching)) == ["G4"]  # the second camp's west bastion
    beside = furnished((1, 0, "S"), pieces={(1, 1): Camp("N", "S"), (0, 1): Camp("S", "W")})
    assert camp_violations(beside) == []


def test_g4_b4_a_camp_shares_a_side_with_the_alhambra():
    position = furnished((1, 0, ""), pieces={(2, 1): Camp("S", "N")})
    (violation,) = furnished_violations(position)
    assert violation.rule == "B4"
    assert say(violation.message, "en") == (
        "the camp at (2,1) shares no side with the Alhambra (a corner is not enough)"
    )


def test_g4_a_camp_has_one_or_two_bastions_and_arrows():
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("NES", "")})
    assert [say(v.message, "en") for v in camp_violations(position)] == [
        "the camp at (1,1) shows one or two bastions, each once",
        "the camp at (1,1) shows one or two arrows, each once",
    ]


def test_g4_b3_a_camp_need_not_be_reached_and_is_no_way_through():
    # the camp east of the fountain, a garden behind it reached only through the camp
    position = furnished((2, 0, ""), pieces={(1, 0): Camp("N", "E")})
    (violation,) = furnished_violations(position)
    assert violation.rule == "B3"
    assert violation.cells == ((2, 0),)


def test_g4_b5_a_camp_fills_its_cell():
    ring = [(x, y, "") for x, y in ((1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2))]
    hole = furnished(*ring)  # type: ignore[arg-type]
    assert rules(furnished_violations(hole)) == ["B5"]
    ring[0] = (1, 0, "S")
    filled = furnished(*ring, pieces={(1, 1): Camp("N", "E")})  # type: ignore[arg-type]
    assert furnished_violations(filled) == []
    assert camp_violations(filled) == []


def test_g4_w1_a_wall_facing_a_bastion_stays_an_outer_wall():
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("N", "E")})
    assert wall_length(position.for_walls()).length == 1


def test_g4_decision_a_wall_facing_a_camps_other_side_is_inner():
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("E", "N")})
    assert furnished_violations(position) == []
    assert camp_violations(position) == []
    assert wall_length(position.for_walls()).length == 0


def test_g4_w3_a_bastion_does_not_join_the_walls_beside_it():
    # two gardens walled south, a camp under the first: the bastion keeps both walls outer
    position = furnished((1, 0, "S"), (2, 0, "S"), pieces={(1, 1): Camp("N", "E")})
    assert wall_length(position.for_walls()).length == 2
    inner = furnished((1, 0, "S"), (2, 0, "S"), pieces={(1, 1): Camp("W", "E")})
    assert wall_length(inner.for_walls()).length == 1


def test_g4_a_camp_scores_the_buildings_along_its_arrows():
    # east of the camp: the fountain (passed), a garden, a hut (passed), a tower, a bazaar
    # (passed), a garden, then an empty cell; the garden beyond it is not in the line.
    # South of the camp: a pavilion, then nothing.
    position = furnished(
        (1, 0, ""),
        (3, 0, "", "tower"),
        (5, 0, ""),
        (7, 0, ""),
        (-1, 1, "", "pavilion"),
        pieces={(-1, 0): Camp("W", "ES"), (4, 0): RED_BROWN_PURPLE},
        huts={(2, 0): "garden"},
    )
    assert camp_points(position) == {(-1, 0): 3 + 1}


def test_g4_an_arrow_into_an_empty_cell_scores_nothing():
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("N", "S")})
    assert camp_points(position) == {(1, 1): 0}


def test_g4_camps_are_no_buildings_for_m1():
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("N", "N")})
    assert [tile.building for _, tile in position.building_tiles()] == [Building.GARDEN]
    assert camp_points(position) == {(1, 1): 1}


# --- K4 bazaars ------------------------------------------------------------------------------

# a bazaar at (1,1); around it the fountain, a brown arcades, two red seraglios and a purple tower
AROUND_THE_BAZAAR = (
    (1, 0, "", "arcades"),
    (2, 0, "", "seraglio"),
    (2, 1, "", "seraglio"),
    (2, 2, "", "tower"),
)


def test_k4_bazaar_red_brown_purple_scores_12():
    position = furnished(*AROUND_THE_BAZAAR, pieces={(1, 1): RED_BROWN_PURPLE})
    score = bazaar_score(position, (1, 1), RED_BROWN_PURPLE)
    assert (len(score.neighbours), score.types, score.points) == (4, 3, 12)
    assert {cell: s.points for cell, s in bazaar_points(position, 3).items()} == {(1, 1): 12}


def test_k4_bazaar_red_brown_purple_without_the_purple_scores_6():
    without_purple = (*AROUND_THE_BAZAAR[:3], (2, 2, "", "garden"))
    position = furnished(*without_purple, pieces={(1, 1): RED_BROWN_PURPLE})
    score = bazaar_score(position, (1, 1), RED_BROWN_PURPLE)
    assert (len(score.neighbours), score.types, score.points) == (3, 2, 6)


def test_k4_bazaars_score_at_the_final_scoring_only():
    position = furnished(*AROUND_THE_BAZAAR, pieces={(1, 1): RED_BROWN_PURPLE})
    assert bazaar_points(position, 1) == {}
    assert bazaar_points(position, 2) == {}


def test_k4_a_hut_of_a_bazaars_colour_is_no_building_tile():
    position = furnished(
        *AROUND_THE_BAZAAR[:3], pieces={(1, 1): RED_BROWN_PURPLE}, huts={(2, 2): "tower"}
    )
    assert bazaar_score(position, (1, 1), RED_BROWN_PURPLE).points == 6


def test_k4_eight_neighbours_of_its_types_score_the_most():
    around = [
        (x, y, "", ("seraglio", "arcades", "tower")[(x + y) % 3])
        for x in (1, 2, 3)
        for y in (1, 2, 3)
        if (x, y) != (2, 2)
    ]
    position = furnished(*around, pieces={(2, 2): RED_BROWN_PURPLE})  # type: ignore[arg-type]
    assert bazaar_score(position, (2, 2), RED_BROWN_PURPLE).points == MOST_POINTS == 24


def test_k4_a_bazaar_is_placed_like_a_building_without_walls():
    position = furnished(*AROUND_THE_BAZAAR, pieces={(1, 1): RED_BROWN_PURPLE})
    assert furnished_violations(position) == []
    walled = furnished((1, 0, "S"), pieces={(1, 1): RED_BROWN_PURPLE})
    violation, _ = furnished_violations(walled)  # and B3: the wall cuts the bazaar off
    assert violation.rule == "B2"
    assert say(violation.message, "en") == (
        "the south side of the garden at (1,0) has a wall, "
        "the north side of the bazaar at (1,1) has none"
    )


def test_k4_b3_a_bazaar_must_be_reached_and_is_a_way_through():
    cut_off = furnished((1, 0, "E"), pieces={(2, 0): RED_BROWN_PURPLE})
    mismatch, violation = furnished_violations(cut_off)
    assert (mismatch.rule, violation.rule) == ("B2", "B3")
    assert (
        say(violation.message, "en")
        == "the bazaar at (2,0) cannot be reached on foot from the fountain"
    )
    through = furnished((2, 0, ""), pieces={(1, 0): RED_BROWN_PURPLE})
    assert furnished_violations(through) == []


def test_k4_a_bazaar_shows_three_different_types_and_the_table_has_eight():
    twice = Bazaar((Building.TOWER, Building.TOWER, Building.GARDEN))
    position = furnished(pieces={(1, 0): twice})
    assert rules(bazaar_violations(position)) == ["K4"]
    nine = furnished(pieces={(x, 0): RED_BROWN_PURPLE for x in range(1, 10)})
    assert [say(v.message, "en") for v in bazaar_violations(nine)] == ["9 bazaars; the table has 8"]
