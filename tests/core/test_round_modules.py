"""The Big Box modules that change a round's points: K3 invaders, H3 street traders, K1 the
treasure chamber, S1 new score cards, G3 characters, S4 Art of the Moors; worked by hand."""

from __future__ import annotations

import pytest

from calculator.core.module_scoring import ScoringRequest, SeatRound
from calculator.core.scoring import POINTS, Holding, score_round
from calculator.core.tiles import BUILDINGS, Building
from calculator.i18n import say
from calculator.modules import most_held
from calculator.modules.art_of_the_moors import MOST_POINTS, counters_needed
from calculator.modules.bazaars import Bazaar
from calculator.modules.camps import Camp
from calculator.modules.characters import city_watch_points, wise_man_majorities
from calculator.modules.invaders import Exposure, exposure, invasion_points, running_total
from calculator.modules.invaders import warnings as invaders_warnings
from calculator.modules.score_cards import card_points, is_score_card
from calculator.modules.street_traders import (
    RESIDENT,
    resident_points,
    resident_sets,
    resident_violations,
    residents_in,
)
from calculator.modules.treasure import (
    CHEST,
    CHESTS,
    chest_majorities,
    chest_violations,
    chests_by_colour,
    chests_in,
)
from tests.helpers.alhambras import furnished

G, T, P = Building.GARDEN, Building.TOWER, Building.PAVILION

# --- K3 invaders -----------------------------------------------------------------------------


def test_k3_the_fountain_alone_is_exposed_on_every_side():
    assert exposure(furnished(), "N") == Exposure(facing=1, beside=2)


def test_k3_a_wall_or_a_tile_across_covers_a_side():
    # a garden east of the fountain, walled north: north, the fountain's side alone; south,
    # both; east, the garden's; west, the fountain's
    position = furnished((1, 0, "N"))
    assert exposure(position, "N") == Exposure(facing=1, beside=2)
    assert exposure(position, "S") == Exposure(facing=2, beside=2)


@pytest.mark.parametrize(
    ("scoring_round", "attack", "points"),
    [(1, "N", -1), (2, "N", -2), (3, "N", -3 - 2), (1, "S", -2), (3, "S", -6 - 2)],
)
def test_k3_r_points_per_side_facing_the_attack_and_in_round_3_one_per_side_beside(
    scoring_round, attack, points
):
    position = furnished((1, 0, "N"))
    assert invasion_points(scoring_round, exposure(position, attack)) == points


def test_k3_an_added_wall_covers_a_side():
    position = furnished((1, 0, "N"), added_walls={(1, 0): "S"})
    assert exposure(position, "S").facing == 1


def test_k3_camps_and_bazaars_are_exposed_too_and_a_bastion_is_no_wall():
    bazaar = Bazaar((Building.SERAGLIO, Building.ARCADES, Building.TOWER))
    position = furnished((1, 0, "S"), pieces={(1, 1): Camp("NS", "E"), (-1, 0): bazaar})
    # south: the fountain, the camp (its south bastion is no wall) and the bazaar
    assert exposure(position, "S").facing == 3


@pytest.mark.parametrize(
    ("named", "warned"),
    [(("invaders",), True), (("invaders", "huts"), False), (("invaders", "camps"), False)],
)
def test_k3_v4_g4_the_modules_named_bound_the_sides_a_table_may_type(named, warned):
    """One tower and the fountain show at most 2 sides facing the attack; with the worker
    huts, 3 huts more (V4) may show 5; with the camps, 8 camps more (G4)."""
    seat = SeatRound(counts={T: 1}, wall=0, exposed=(5, 0))
    request = ScoringRequest(
        body={"players": [{}]},
        scoring_round=1,
        seats=(seat,),
        typed=({T: 1},),
        named=frozenset(named),
        most_held=most_held(named),
    )
    assert bool(invaders_warnings(request)) is warned


def test_k3_decision_the_running_total_never_goes_below_zero():
    assert running_total(3, -5) == 0
    assert running_total(10, -5) == 5


# --- H3 street traders -----------------------------------------------------------------------


def test_h3_sets_of_1_to_6_colours_score_1_3_6_10_15_21():
    for size, points in zip(range(1, 7), (1, 3, 6, 10, 15, 21), strict=True):
        assert resident_points(dict.fromkeys(BUILDINGS[:size], 1)) == points


def test_h3_the_grouping_that_scores_most_sets_each_colour_once_per_level():
    # two gardens, a tower, a pavilion: {garden, tower, pavilion} + {garden} = 6 + 1, more than
    # {garden, tower} + {garden, pavilion} = 3 + 3
    residents = {G: 2, T: 1, P: 1}
    assert resident_sets(residents) == (3, 1)
    assert resident_points(residents) == 7


def test_h3_residents_on_an_alhambras_buildings_by_colour():
    position = furnished(
        (1, 0, ""),
        (2, 0, ""),
        (3, 0, "", "tower"),
        tokens={
            (1, 0): frozenset({RESIDENT}),
            (2, 0): frozenset({RESIDENT, CHEST}),
            (3, 0): frozenset({RESIDENT}),
        },
    )
    assert {b: n for b, n in residents_in(position).items() if n} == {G: 2, T: 1}
    assert resident_violations(position) == []


def test_h3_a_resident_lives_on_a_building_not_on_the_fountain():
    position = furnished((1, 0, ""), tokens={(0, 0): frozenset({RESIDENT})})
    (violation,) = resident_violations(position)
    assert (violation.rule, violation.cells) == ("H3", ((0, 0),))


def test_h3_seven_residents_of_a_colour_at_the_table():
    row = [(x, 0, "") for x in range(1, 9)]
    position = furnished(*row, tokens={(x, 0): frozenset({RESIDENT}) for x in range(1, 9)})
    (violation,) = resident_violations(position)
    said = say(violation.message, "en")
    assert said == "8 residents on garden buildings; the table has 7 of that colour"


# --- K1 treasure chamber ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scoring_round", "chests", "points"),
    [
        (1, [2, 1], [7, 0]),
        (2, [2, 1, 0], [14, 7, 0]),
        (3, [3, 3, 1], [18, 18, 7]),  # M4: (22 + 14) / 2 each
        (3, [1, 4, 2, 2], [0, 22, 10, 10]),  # (14 + 7) / 2 = 10, rounded down
        (2, [0, 0], [0, 0]),  # M1: no chests, nothing
    ],
)
def test_k1_chests_are_a_majority_paying_7_then_14_7_then_22_14_7(scoring_round, chests, points):
    assert [m.points for m in chest_majorities(scoring_round, chests)] == points


def test_k1_the_table_has_42_chests():
    assert CHESTS == 42


def test_k1_chests_on_an_alhambras_buildings():
    position = furnished(
        (1, 0, ""), (2, 0, "", "tower"), tokens={(1, 0): frozenset({CHEST}), (2, 0): frozenset()}
    )
    assert chests_in(position) == 1
    assert chests_by_colour(position)[G] == 1
    assert chest_violations(position) == []


def test_k1_a_chest_on_a_hut_is_an_error():
    position = furnished(huts={(1, 0): "garden"}, tokens={(1, 0): frozenset({CHEST})})
    (violation,) = chest_violations(position)
    assert say(violation.message, "en") == "a chest at (1,0), where no building stands to hold it"


def test_k1_six_pavilion_chests_are_more_than_the_table_has():
    row = [(x, 0, "", "pavilion") for x in range(1, 7)]
    position = furnished(*row, tokens={(x, 0): frozenset({CHEST}) for x in range(1, 7)})
    (violation,) = chest_violations(position)
    said = say(violation.message, "en")
    assert said == "6 chests on pavilion buildings; the table has 5 of that colour"


# --- S1 new score cards ----------------------------------------------------------------------


def test_s1_the_card_in_m2_order_is_m2():
    assert card_points(BUILDINGS) == POINTS


def test_s1_the_type_at_position_p_scores_m2_row_p():
    card = (T, G, Building.CHAMBERS, Building.ARCADES, Building.SERAGLIO, P)
    points = card_points(card)
    assert points[T] == {1: (1,), 2: (8, 1), 3: (16, 8, 1)}
    assert points[P] == {1: (6,), 2: (13, 6), 3: (21, 13, 6)}
    # round 2, one tower against none: the tower scores row 1's 8, not M2's 13
    scored = score_round(2, [Holding({T: 1}), Holding({})], points=points)
    assert scored.players[0].points == 8


def test_s1_a_card_is_an_order_of_the_six_types():
    assert is_score_card([b.value for b in reversed(BUILDINGS)])
    assert not is_score_card(["tower"] * 6)
    assert not is_score_card([b.value for b in BUILDINGS[:5]])


# --- G3 characters ---------------------------------------------------------------------------


def test_g3_the_wise_man_breaks_a_tie_in_his_owners_favour():
    # round 2, towers 13, 6: tied on 2 the two would share 9 each; the owner takes 13
    standing = wise_man_majorities(POINTS[T][2], [2, 2], owner=1)
    assert [(m.count, m.place, m.points) for m in standing] == [(2, 2, 6), (2, 1, 13)]


def test_g3_the_wise_man_counts_with_none_behind_anyone_with_one():
    standing = wise_man_majorities(POINTS[T][2], [1, 0, 0], owner=1)
    assert [(m.place, m.points) for m in standing] == [(1, 13), (2, 6), (None, 0)]


def test_g3_the_wise_man_does_not_pass_a_bigger_count():
    standing = wise_man_majorities(POINTS[T][3], [3, 2], owner=1)
    assert [m.points for m in standing] == [21, 13]


def test_g3_the_city_watch_scores_a_third_of_the_longest_wall_rounded_down():
    assert [city_watch_points(wall) for wall in (0, 2, 3, 8, 9)] == [0, 0, 1, 2, 3]


# --- S4 Art of the Moors ---------------------------------------------------------------------


def test_s4_a_counter_shows_at_most_21_points_and_the_table_has_20():
    assert MOST_POINTS == 420
    assert [counters_needed(points) for points in (0, 21, 22, 420)] == [0, 1, 2, 20]
