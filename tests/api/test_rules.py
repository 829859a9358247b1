"""The building rules over HTTP: POST /v1/placement, /v1/placement/options, /v1/removal and
/v1/alhambra/check (B2-B6, T5, the hole-rule option), the rulebook's cases among them."""

from __future__ import annotations

from tests.helpers.api import cells, placed, rules_of, tile

# Plain tiles round the empty cell (0,1), open only to the west, through (-1,1):
#   y=0   (-1,0)  fountain  (1,0)
#   y=1     .       .       (1,1)
#   y=2     .     (0,2)     (1,2)
OPEN_POCKET = [placed(-1, 0), placed(1, 0), placed(1, 1), placed(1, 2), placed(0, 2)]

# Two empty cells (0,1) and (0,2) walled in by tiles on every side but the fountain's north.
TWO_CELL_POCKET = [
    placed(-1, 0),
    placed(-1, 1),
    placed(-1, 2),
    placed(-1, 3),
    placed(0, 3),
    placed(1, 3),
    placed(1, 2),
    placed(1, 1),
    placed(1, 0),
]


def post(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# --- POST /v1/placement ----------------------------------------------------------------------


def test_placement_next_to_the_fountain_is_legal(client):
    verdict = post(client, "/v1/placement", {"alhambra": [], "tile": tile(), "x": 0, "y": 1})
    assert verdict == {"legal": True, "violations": []}


def test_placement_of_a_catalog_tile_with_its_price_is_legal(client):
    verdict = post(
        client, "/v1/placement", {"alhambra": [], "tile": tile("tower", "N", 11), "x": 1, "y": 0}
    )
    assert verdict["legal"] is True


def test_b2_wall_against_no_wall_names_both_sides(client):
    """The rulebook's first forbidden placement: a walled side against an open one."""
    verdict = post(
        client,
        "/v1/placement",
        {"alhambra": [placed(1, 0, "tower")], "tile": tile("garden", "W"), "x": 2, "y": 0},
    )
    assert verdict["legal"] is False
    b2 = next(v for v in verdict["violations"] if v["rule"] == "B2")
    assert b2["cells"] == cells((1, 0), (2, 0))
    assert b2["sides"] == [{"x": 1, "y": 0, "side": "E"}, {"x": 2, "y": 0, "side": "W"}]
    assert "west side of the garden at (2,0) has a wall" in b2["message"]


def test_b3_a_tile_behind_matching_walls_cannot_be_reached_on_foot(client):
    verdict = post(
        client,
        "/v1/placement",
        {"alhambra": [placed(1, 0, "tower", "E")], "tile": tile("garden", "W"), "x": 2, "y": 0},
    )
    assert rules_of(verdict) == ["B3"]
    assert verdict["violations"][0]["cells"] == cells((2, 0))


def test_b4_a_corner_is_not_enough_and_every_broken_rule_is_listed(client):
    verdict = post(client, "/v1/placement", {"alhambra": [], "tile": tile(), "x": 1, "y": 1})
    assert rules_of(verdict) == ["B3", "B4"]


def test_b5_a_placement_that_encloses_an_empty_cell_is_a_hole(client):
    verdict = post(
        client, "/v1/placement", {"alhambra": OPEN_POCKET, "tile": tile(), "x": -1, "y": 1}
    )
    assert rules_of(verdict) == ["B5"]
    assert verdict["violations"][0]["cells"] == cells((0, 1))


def test_b5_closing_a_two_cell_area_is_a_hole_by_default_but_not_under_the_cell_rule(client):
    almost = [t for t in TWO_CELL_POCKET if (t["x"], t["y"]) != (0, 3)]
    body = {"alhambra": almost, "tile": tile(), "x": 0, "y": 3}
    region = post(client, "/v1/placement", body)
    assert rules_of(region) == ["B5"]
    assert region["violations"][0]["cells"] == cells((0, 1), (0, 2))
    cell = post(client, "/v1/placement", {**body, "rules": {"holes": "cell"}})
    assert cell == {"legal": True, "violations": []}


def test_b6_an_occupied_cell_is_refused(client):
    verdict = post(
        client, "/v1/placement", {"alhambra": [placed(1, 0)], "tile": tile(), "x": 1, "y": 0}
    )
    assert rules_of(verdict) == ["B6"]


def test_b6_the_fountain_cell_is_refused(client):
    verdict = post(client, "/v1/placement", {"alhambra": [], "tile": tile(), "x": 0, "y": 0})
    assert rules_of(verdict) == ["B6"]
    assert "fountain" in verdict["violations"][0]["message"]


def test_placement_reports_the_violations_the_alhambra_already_had(client):
    """Legal iff the Alhambra after it has no violation, pre-existing ones included."""
    stray = placed(5, 5)
    verdict = post(client, "/v1/placement", {"alhambra": [stray], "tile": tile(), "x": 0, "y": 1})
    assert verdict["legal"] is False
    assert {(v["rule"], v["cells"][0]["x"]) for v in verdict["violations"]} == {
        ("B3", 5),
        ("B4", 5),
    }


# --- POST /v1/placement/options --------------------------------------------------------------


def test_options_around_the_fountain_for_a_plain_tile(client):
    answer = post(client, "/v1/placement/options", {"alhambra": [], "tile": tile()})
    assert answer == {"cells": cells((0, -1), (-1, 0), (1, 0), (0, 1))}


def test_options_leave_out_the_cell_where_a_wall_would_face_the_fountain(client):
    """B2: a west wall cannot stand east of the (wall-less) fountain."""
    answer = post(client, "/v1/placement/options", {"alhambra": [], "tile": tile("tower", "W")})
    assert answer == {"cells": cells((0, -1), (-1, 0), (0, 1))}


def test_options_are_empty_for_a_tile_walled_all_round(client):
    answer = post(client, "/v1/placement/options", {"alhambra": [], "tile": tile("tower", "NESW")})
    assert answer == {"cells": []}


def test_options_skip_the_cell_that_would_enclose_a_hole_b5(client):
    answer = post(client, "/v1/placement/options", {"alhambra": OPEN_POCKET, "tile": tile()})
    assert {"x": -1, "y": 1} not in answer["cells"]
    assert {"x": 0, "y": 1} in answer["cells"]  # filling the pocket itself is fine


def test_options_agree_with_the_placement_check(client):
    body = {"alhambra": TWO_CELL_POCKET[:5], "tile": tile("arcades", "N")}
    options = post(client, "/v1/placement/options", body)["cells"]
    for x in range(-3, 4):
        for y in range(-2, 6):
            verdict = post(client, "/v1/placement", {**body, "x": x, "y": y})
            assert verdict["legal"] == ({"x": x, "y": y} in options), (x, y)


# --- POST /v1/removal (T5) -------------------------------------------------------------------


def test_t5_removing_an_end_tile_is_legal(client):
    verdict = post(
        client, "/v1/removal", {"alhambra": [placed(1, 0), placed(2, 0)], "x": 2, "y": 0}
    )
    assert verdict == {"legal": True, "violations": []}


def test_t5_removing_a_tile_that_others_walk_through_is_refused_b3(client):
    verdict = post(
        client, "/v1/removal", {"alhambra": [placed(1, 0), placed(2, 0)], "x": 1, "y": 0}
    )
    assert rules_of(verdict) == ["B3", "B4"]
    assert all(v["cells"] == cells((2, 0)) for v in verdict["violations"])


def test_t5_removing_a_tile_that_opens_a_hole_is_refused_b5(client):
    ring = [
        placed(-1, 0),
        placed(-1, 1),
        placed(0, 1),
        placed(1, 1),
        placed(1, 0),
        placed(1, 2),
        placed(0, 2),
    ]
    verdict = post(client, "/v1/removal", {"alhambra": ring, "x": 0, "y": 1})
    assert rules_of(verdict) == ["B5"]
    assert verdict["violations"][0]["cells"] == cells((0, 1))


def test_t5_the_fountain_never_moves(client):
    verdict = post(client, "/v1/removal", {"alhambra": [placed(1, 0)], "x": 0, "y": 0})
    assert rules_of(verdict) == ["T5"]


def test_t5_there_must_be_a_tile_to_remove(client):
    verdict = post(client, "/v1/removal", {"alhambra": [], "x": 3, "y": 3})
    assert rules_of(verdict) == ["T5"]
    assert verdict["violations"][0]["cells"] == cells((3, 3))


# --- POST /v1/alhambra/check -----------------------------------------------------------------


def test_check_a_legal_alhambra(client):
    verdict = post(client, "/v1/alhambra/check", {"alhambra": OPEN_POCKET})
    assert verdict == {"legal": True, "violations": []}


def test_check_lists_every_violation_in_rule_order(client):
    alhambra = [placed(1, 0, "tower", "E"), placed(2, 0, "garden"), placed(4, 4)]
    verdict = post(client, "/v1/alhambra/check", {"alhambra": alhambra})
    assert rules_of(verdict) == ["B2", "B3", "B3", "B4"]


def test_check_b5_region_and_cell_readings(client):
    body = {"alhambra": TWO_CELL_POCKET}
    assert rules_of(post(client, "/v1/alhambra/check", body)) == ["B5"]
    cell = post(client, "/v1/alhambra/check", {**body, "rules": {"holes": "cell"}})
    assert cell == {"legal": True, "violations": []}
