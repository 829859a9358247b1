"""M1-M6, W4, W6, D3: majorities with ties split, round scores, the dummy, winners."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.core.scoring import (
    POINTS,
    Holding,
    building_counts,
    rank_majority,
    score_round,
    winners,
)
from calculator.core.tiles import BUILDINGS, FOUNTAIN, Building, Tile
from calculator.i18n import say

TOWER, GARDEN, PAVILION = Building.TOWER, Building.GARDEN, Building.PAVILION


def test_m1_counts_ignore_the_fountain_and_price():
    tiles = [FOUNTAIN, Tile(TOWER, "N", 11), Tile(TOWER, ""), Tile(GARDEN, "")]
    counts = building_counts(tiles)
    assert counts[TOWER] == 2 and counts[GARDEN] == 1 and counts[PAVILION] == 0


def test_m1_no_buildings_of_a_type_earns_nothing():
    standings = rank_majority(3, TOWER, [0, 0, 2])
    assert standings[0].place is None and standings[0].points == 0
    assert standings[2].place == 1 and standings[2].points == 21


@pytest.mark.parametrize(
    ("building", "table"),
    [
        (Building.PAVILION, {1: (1,), 2: (8, 1), 3: (16, 8, 1)}),
        (Building.SERAGLIO, {1: (2,), 2: (9, 2), 3: (17, 9, 2)}),
        (Building.ARCADES, {1: (3,), 2: (10, 3), 3: (18, 10, 3)}),
        (Building.CHAMBERS, {1: (4,), 2: (11, 4), 3: (19, 11, 4)}),
        (Building.GARDEN, {1: (5,), 2: (12, 5), 3: (20, 12, 5)}),
        (Building.TOWER, {1: (6,), 2: (13, 6), 3: (21, 13, 6)}),
    ],
)
def test_m2_the_points_table(building, table):
    assert POINTS[building] == table
    for scoring_round, paid in table.items():
        ranked = rank_majority(scoring_round, building, [4, 3, 2, 1])
        assert [m.points for m in ranked] == [*paid, *[0] * (4 - len(paid))]


def test_m3_competition_ranking_tied_players_share_their_places():
    ranked = rank_majority(3, TOWER, [5, 5, 3])
    assert [(m.place, m.shared_with) for m in ranked] == [(1, 1), (1, 1), (3, 0)]


def test_m4_rulebook_example_two_players_with_four_towers_in_round_two_get_nine_each():
    ranked = rank_majority(2, TOWER, [4, 4, 1])
    assert [m.points for m in ranked] == [9, 9, 0]  # (13 + 6) / 2; the third is 3rd: nothing


def test_m4_round_one_tie_for_first_splits_first_and_an_unpaid_second():
    ranked = rank_majority(1, TOWER, [2, 2])
    assert [m.points for m in ranked] == [3, 3]  # (6 + 0) / 2


def test_m4_three_way_tie_in_round_three_rounds_down():
    ranked = rank_majority(3, GARDEN, [3, 3, 3])
    assert [m.points for m in ranked] == [(20 + 12 + 5) // 3] * 3  # 12 each, 1 point lost


def test_m4_tie_for_second_shares_second_and_third():
    ranked = rank_majority(3, PAVILION, [4, 2, 2, 1])
    assert [m.points for m in ranked] == [16, 4, 4, 0]  # (8 + 1) // 2


def test_round_three_table_with_three_players():
    anna = Holding({TOWER: 4, GARDEN: 3, PAVILION: 1}, wall=7)
    ben = Holding({TOWER: 4, GARDEN: 5}, wall=3)
    cleo = Holding({TOWER: 1, GARDEN: 1, PAVILION: 1}, wall=0)
    result = score_round(3, [anna, ben, cleo])
    # towers: Anna, Ben tie 1st (21+13)/2=17, Cleo 3rd 6. Gardens: Ben 20, Anna 12, Cleo 5.
    # pavilions: Anna, Cleo tie 1st (16+8)/2=12.
    assert [s.points for s in result.players] == [17 + 12 + 12 + 7, 17 + 20 + 3, 6 + 5 + 12]
    assert result.players[0].majorities[TOWER].shared_with == 1
    assert result.dummy is None


def test_w4_m5_the_wall_adds_one_point_per_segment_every_round():
    for scoring_round in (1, 2, 3):
        assert score_round(scoring_round, [Holding({}, wall=9)]).players[0].points == 9


def test_d3_the_dummy_takes_part_in_majorities():
    result = score_round(1, [Holding({TOWER: 2}), Holding({TOWER: 1})], dummy={TOWER: 3})
    assert result.dummy is not None
    assert result.dummy.majorities[TOWER].place == 1 and result.dummy.points == 6
    assert [s.majorities[TOWER].place for s in result.players] == [2, 3]
    assert [s.points for s in result.players] == [0, 0]


def test_w6_the_dummy_never_scores_walls():
    result = score_round(2, [Holding({}, 5), Holding({}, 3)], dummy={GARDEN: 1})
    assert result.dummy is not None and result.dummy.wall == 0 and result.dummy.points == 12


def test_m6_equal_totals_share_the_win():
    assert winners([80, 95, 95, 60]) == [1, 2]
    assert winners([10]) == [0]


def test_there_is_no_fourth_scoring_round():
    with pytest.raises(ValueError, match="no scoring round 4"):
        score_round(4, [Holding({})])


counts = st.lists(st.integers(0, 11), min_size=1, max_size=7)


@settings(max_examples=200, deadline=None)
@given(
    counts=counts,
    scoring_round=st.sampled_from((1, 2, 3)),
    building=st.sampled_from(BUILDINGS),
    data=st.data(),
)
def test_majority_points_do_not_depend_on_player_order(counts, scoring_round, building, data):
    order = data.draw(st.permutations(range(len(counts))))
    ranked = rank_majority(scoring_round, building, counts)
    reordered = rank_majority(scoring_round, building, [counts[i] for i in order])
    assert [reordered[k] for k in range(len(order))] == [ranked[i] for i in order]


@settings(max_examples=200, deadline=None)
@given(counts=counts, scoring_round=st.sampled_from((1, 2, 3)), building=st.sampled_from(BUILDINGS))
def test_a_tie_never_pays_more_in_total_than_the_places_it_occupies(
    counts, scoring_round, building
):
    ranked = rank_majority(scoring_round, building, counts)
    paid = POINTS[building][scoring_round]
    assert sum(m.points for m in ranked) <= sum(paid)
    for m in ranked:
        if m.place is not None:
            occupied = range(m.place, m.place + m.shared_with + 1)
            pool = sum(paid[p - 1] for p in occupied if p <= len(paid))
            assert m.points * (m.shared_with + 1) <= pool


# --- the Vizier's Favour: bonus cards (V3) and worker huts (V4), through the registry --------

from calculator.modules import tally  # noqa: E402
from calculator.modules.huts.scoring import hut_counts  # noqa: E402
from tests.helpers.alhambras import alhambra  # noqa: E402


def hut(building: str, walls: str) -> Tile:
    return Tile(Building(building), walls, hut=True)


def test_v4_a_hut_is_no_building_itself():
    built = alhambra((1, 0, "")).placed((2, 0), hut("garden", "N"))
    assert building_counts(built.tiles.values())[GARDEN] == 1
    assert tally(built.tiles).counts[GARDEN] == 1 + 1  # the hut joins the garden west of it


def test_v4_a_hut_adds_one_per_open_side_onto_a_building_of_its_colour():
    # garden hut at (1,1): gardens west (0,1) and north (1,0) open onto it, a tower east.
    built = alhambra((1, 0, ""), (0, 1, ""), (2, 1, "", "tower"))
    built = built.placed((1, 1), hut("garden", "S"))
    [counted] = hut_counts(built.tiles)
    assert counted.adds == 2 and set(counted.neighbours) == {(1, 0), (0, 1)}
    result = tally(built.tiles)
    assert result.counts[GARDEN] == 2 + 2 and result.counts[TOWER] == 1
    [added] = result.added
    assert added.member == "huts" and [hut.adds for hut in added.items] == [2]


def test_v4_a_wall_between_hut_and_building_adds_nothing():
    built = alhambra((1, 0, "S")).placed((1, 1), hut("garden", "NE"))
    assert hut_counts(built.tiles)[0].adds == 0
    assert tally(built.tiles).counts[GARDEN] == 1


def test_v4_huts_next_to_huts_add_nothing():
    built = alhambra().placed((1, 0), hut("garden", "N")).placed((2, 0), hut("garden", "N"))
    assert [h.adds for h in hut_counts(built.tiles)] == [0, 0]


def test_v3_a_bonus_card_counts_while_its_tile_is_in_the_alhambra():
    built = alhambra((1, 0, "N", "tower"))
    present, absent = Tile(TOWER, "N"), Tile(TOWER, "S")
    result = tally(built.tiles, [present, absent])
    assert result.counts[TOWER] == 2
    [added] = result.added
    assert added.member == "bonus_cards"
    assert [card.in_alhambra for card in added.items] == [True, False]


def test_v3_a_bonus_card_with_a_price_needs_that_very_tile():
    built = alhambra((1, 0, "N", "tower")).placed((2, 0), Tile(TOWER, "N", 11))
    assert tally(built.tiles, [Tile(TOWER, "N", 11)]).counts[TOWER] == 3
    assert tally(alhambra((1, 0, "N", "tower")).tiles, [Tile(TOWER, "N", 11)]).counts[TOWER] == 1


def test_v3_v4_the_huts_are_shown_before_the_cards_and_both_count():
    """The answer shows what the Alhambra's tiles add (V4) before what the cards beside it add
    (V3)."""
    built = alhambra((1, 0, "", "garden")).placed((1, 1), hut("garden", ""))
    result = tally(built.tiles, [Tile(Building.GARDEN, "")])
    assert [added.member for added in result.added] == ["huts", "bonus_cards"]
    assert result.counts[GARDEN] == 1 + 1 + 1


def test_m1_a_player_without_huts_or_cards_adds_nothing():
    built = alhambra((1, 0, "", "garden"))
    result = tally(built.tiles)
    assert result.added == () and result.counts == building_counts(built.tiles.values())


from calculator.core.plausibility import EnteredSeat, round_implausibilities  # noqa: E402
from calculator.modules import wall_carriers  # noqa: E402


def test_v4_the_worker_huts_carry_walls_without_counting():
    """W1-W3, V4: with the worker huts a typed wall may stand on 3 huts more than the counts
    show (one tower and 3 huts: at most 12 segments); without them, on the tower alone (3)."""
    assert wall_carriers(["vizier", "bonus"]) is None
    huts = wall_carriers(["huts"])
    assert huts is not None and huts.most == 3
    seat = EnteredSeat({TOWER: 1}, 12)
    assert round_implausibilities(1, [seat, seat], None, huts) == []
    [warning] = round_implausibilities(1, [seat, EnteredSeat({TOWER: 1}, 13)], None, huts)
    assert say(warning.message, "en") == (
        "a wall of 13 is longer than 1 building and at most 3 worker huts (V4) can carry: "
        "at most 12 segments (W1-W3)"
    )
    assert [w.code for w in round_implausibilities(1, [seat, seat], None)] == [
        "wall-longer-than-tiles-carry",
        "wall-longer-than-tiles-carry",
    ]
