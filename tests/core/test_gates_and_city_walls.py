"""G1 city gates and H4 added walls on an Alhambra with pieces (``calculator.core.pieces``)."""

from __future__ import annotations

from calculator.core.pieces import furnished_violations
from calculator.core.walls import wall_length
from calculator.i18n import say
from calculator.modules.city_walls import ADDED_WALLS, added_wall_violations
from calculator.modules.gates import GATES_PER_PLAYER, gate_violations
from tests.helpers.alhambras import furnished

# a garden east of the fountain and a tower behind a double wall east of it
BEHIND_A_DOUBLE_WALL = ((1, 0, "E"), (2, 0, "W", "tower"))


def rules(violations: list) -> list[str]:  # type: ignore[type-arg]
    return [violation.rule for violation in violations]


def test_g1_without_a_gate_a_double_wall_keeps_people_out():
    position = furnished(*BEHIND_A_DOUBLE_WALL)
    assert rules(furnished_violations(position)) == ["B3"]


def test_g1_b3_reaches_through_a_gated_double_wall():
    position = furnished(*BEHIND_A_DOUBLE_WALL, gates=(((1, 0), "E"),))
    assert furnished_violations(position) == []
    assert gate_violations(position) == []


def test_g1_a_gate_may_be_given_from_either_tile_of_its_double_wall():
    position = furnished(*BEHIND_A_DOUBLE_WALL, gates=(((2, 0), "W"),))
    assert furnished_violations(position) == []
    assert gate_violations(position) == []


def test_g1_w1_a_gated_double_wall_is_still_inner():
    # the garden's three bare outer sides and the tower's: no outer wall either way
    walled = furnished((1, 0, "NE"), (2, 0, "NW", "tower"))
    gated = furnished((1, 0, "NE"), (2, 0, "NW", "tower"), gates=(((1, 0), "E"),))
    assert wall_length(walled.for_walls()).length == 2  # the two north walls
    assert wall_length(gated.for_walls()).length == 2


def test_g1_a_gate_on_a_side_facing_no_tile_is_an_error():
    position = furnished((1, 0, "N"), gates=(((1, 0), "N"),))
    (violation,) = gate_violations(position)
    assert violation.rule == "G1"
    assert say(violation.message, "en").startswith(
        "the gate on the north side of (1,0) stands on no double"
    )


def test_g1_a_gate_on_a_single_wall_is_an_error_and_opens_nothing():
    position = furnished((1, 0, "E"), (2, 0, "", "tower"), gates=(((1, 0), "E"),))
    assert rules(gate_violations(position)) == ["G1"]
    assert rules(furnished_violations(position)) == ["B2", "B3"]  # the wall stays


def test_g1_two_gates_on_one_double_wall_are_an_error():
    position = furnished(*BEHIND_A_DOUBLE_WALL, gates=(((1, 0), "E"), ((2, 0), "W")))
    (violation,) = gate_violations(position)
    assert (
        say(violation.message, "en") == "a second gate on the west side of (2,0): one gate per wall"
    )


def test_g1_a_player_has_at_most_six_gates():
    # eight tiles in a row, a double wall between each two: seven double walls, all gated
    row = [(1, 0, "E")] + [(x, 0, "EW") for x in range(2, 8)] + [(8, 0, "W")]
    gates = tuple(((x, 0), "E") for x in range(1, 8))
    position = furnished(*row, gates=gates)  # type: ignore[arg-type]
    assert furnished_violations(position) == []  # every tile reached through its gates
    (violation,) = gate_violations(position)
    assert say(violation.message, "en") == (
        f"7 gates; a player has at most {GATES_PER_PLAYER}, one per gate card"
    )


def test_h4_an_added_wall_answers_a_printed_wall_for_b2():
    # the tower is reached from the south; its west wall faces the bare east side of (1,0)
    ring = ((1, 0, ""), (1, 1, ""), (2, 1, ""), (2, 0, "W", "tower"))
    assert rules(furnished_violations(furnished(*ring))) == ["B2"]
    assert furnished_violations(furnished(*ring, added_walls={(1, 0): "E"})) == []


def test_h4_an_added_wall_blocks_the_way_on_foot():
    position = furnished((1, 0, ""), (2, 0, "", "tower"), added_walls={(1, 0): "E", (2, 0): "W"})
    assert rules(furnished_violations(position)) == ["B3"]


def test_h4_added_walls_count_for_the_longest_wall():
    position = furnished((1, 0, "N"), added_walls={(1, 0): "ES"})
    assert wall_length(position.alhambra).length == 1
    assert wall_length(position.for_walls()).length == 3


def test_h4_an_added_wall_on_a_printed_wall_is_an_error():
    position = furnished((1, 0, "N"), added_walls={(1, 0): "NE"})
    (violation,) = added_wall_violations(position)
    assert violation.rule == "H4"
    assert violation.sides == (((1, 0), "N"),)
    assert "north side of the garden at (1,0) has a printed wall" in say(violation.message, "en")


def test_h4_no_wall_is_added_to_the_fountain_or_an_empty_cell():
    position = furnished((1, 0, ""), added_walls={(0, 0): "N", (5, 5): "S"})
    assert [say(v.message, "en") for v in added_wall_violations(position)] == [
        "a wall added at (0,0), where the fountain stands",
        "a wall added at (5,5), where no tile stands",
    ]


def test_h4_the_table_has_twelve_added_walls():
    row = [(x, 0, "") for x in range(1, 8)]
    twelve = furnished(*row, added_walls={(x, 0): "NS" for x in range(1, 7)})
    assert added_wall_violations(twelve) == []
    fourteen = furnished(*row, added_walls={(x, 0): "NS" for x in range(1, 8)})
    (violation,) = added_wall_violations(fourteen)
    assert say(violation.message, "en") == f"14 added walls; the table has {ADDED_WALLS} in all"
