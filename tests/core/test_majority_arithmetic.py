"""The arithmetic behind each majority's points, for an answer that says why (M1, M2, M4):
the rulebook's own examples, and every ranking of every round."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.core.scoring import POINTS, ROUNDS, arithmetic, rank_majority
from calculator.core.tiles import BUILDINGS, Building


def standing(scoring_round: int, building: Building, counts: list[int], holder: int = 0):
    paid = POINTS[building][scoring_round]
    return arithmetic(paid, rank_majority(scoring_round, building, counts)[holder])


def test_m4_the_rulebooks_tie_in_round_2():
    """Round 2, two players with 4 towers each: (13 + 6) / 2 = 9 each."""
    why = standing(2, Building.TOWER, [4, 4])
    assert (why.rule, why.text) == ("M4", "(13 + 6) / 2 = 9")


def test_m4_a_tie_for_first_in_round_1_adds_a_place_that_pays_nothing():
    """Round 1, two tied for 1st: (6 + 0) / 2 = 3 each."""
    assert standing(1, Building.TOWER, [3, 3]).text == "(6 + 0) / 2 = 3"


def test_m4_three_tied_round_down():
    """Round 3, three gardens each: (20 + 12 + 5) / 3 = 12, rounding down 12.33."""
    assert standing(3, Building.GARDEN, [2, 2, 2]).text == "(20 + 12 + 5) / 3 = 12"


@pytest.mark.parametrize(
    ("counts", "holder", "expected"),
    [
        ([3, 1], 0, ("M2", "13")),  # first alone in round 2
        ([3, 1], 1, ("M2", "6")),  # second alone
        ([3, 2, 1], 2, ("M2", "0")),  # third in round 2: past the table
        ([0, 1], 0, ("M1", "0")),  # no tower, no place
    ],
)
def test_m1_m2_a_holder_alone_or_without_buildings(counts, holder, expected):
    why = standing(2, Building.TOWER, counts, holder)
    assert (why.rule, why.text) == expected


@given(
    st.sampled_from(ROUNDS),
    st.sampled_from(BUILDINGS),
    st.lists(st.integers(0, 5), min_size=1, max_size=7),
)
def test_the_arithmetic_always_comes_to_the_points(scoring_round, building, counts):
    paid = POINTS[building][scoring_round]
    for majority in rank_majority(scoring_round, building, counts):
        why = arithmetic(paid, majority)
        tied = re.fullmatch(r"\((\d+(?: \+ \d+)*)\) / (\d+) = (\d+)", why.text)
        if tied:
            places = [int(points) for points in tied.group(1).split(" + ")]
            assert why.rule == "M4" and int(tied.group(2)) == len(places) > 1
            assert sum(places) // len(places) == int(tied.group(3)) == majority.points
        else:
            assert int(why.text) == majority.points
            assert why.rule == ("M1" if majority.count == 0 else "M2")
