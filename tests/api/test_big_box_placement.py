"""``POST /v1/placement``, ``/v1/placement/options``, ``/v1/removal`` and ``/v1/render`` with the
Big Box pieces: an Alhambra with camps (G4), bazaars (K4), gates (G1), added walls (H4), chests
(K1) and residents (H3) is checked, and drawn, by the same rules as at ``/v1/alhambra/check``;
the tile to place may be a camp (G4) or a bazaar, placed like a building (K4). Every example is
worked by hand on a grid drawn in its comment (x grows east, y south, the fountain F at (0,0)).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from tests.helpers.api import cells, placed, pointers, post, rules_of, valid

CAMP_N = {"camp": {"bastions": "N", "arrows": "S"}}
"""A camp with its bastion to the north, its arrow to the south."""
BAZAAR = {"bazaar": ["tower", "garden", "arcades"]}


def placement(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/placement", body), "verdict.json")


def options(client, body: dict[str, Any]) -> list[dict[str, int]]:
    return valid(post(client, "/v1/placement/options", body), "legal-cells.json")["cells"]


def removal(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/removal", body), "verdict.json")


def picture(client, body: dict[str, Any]) -> ET.Element:
    response = client.post("/v1/render", json=body)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    return ET.fromstring(response.get_data())


# --- G4: a camp to place --------------------------------------------------------------------


def test_g4_a_camp_goes_where_its_bastion_faces_a_wall_or_nothing(client):
    """F G      (the garden at (1,0) has no walls)
    . .
    A bastion to the north may not face the fountain (0,1) nor the wall-less garden (1,1); it
    may face an empty cell: north of the Alhambra (0,-1), (1,-1) and beside it (-1,0), (2,0)."""
    body = {"alhambra": [placed(1, 0)], "tile": CAMP_N, "modules": ["camps"]}
    assert options(client, body) == cells((0, -1), (1, -1), (-1, 0), (2, 0))


def test_g4_a_camp_under_a_garden_with_a_south_wall_is_legal(client):
    """F G_     the garden's south wall faces the camp's bastion below it"""
    body = {
        "alhambra": [placed(1, 0, "garden", "S")],
        "tile": CAMP_N,
        "x": 1,
        "y": 1,
        "modules": ["camps"],
    }
    assert placement(client, body) == {"legal": True, "violations": []}
    body["alhambra"] = [placed(1, 0)]
    verdict = placement(client, body)
    assert rules_of(verdict) == ["G4"]
    assert "bastion on the north side of the camp at (1,1)" in verdict["violations"][0]["message"]


def test_g4_b3_a_camp_needs_no_way_in_on_foot(client):
    """F G| c   a wall between the garden and the camp: a building there would be stranded (B3),
    the camp is not (G4: B3 does not apply to camps)."""
    alhambra = [placed(1, 0, "garden", "E")]
    camp = {"camp": {"bastions": "W", "arrows": "E"}}
    body = {"alhambra": alhambra, "tile": camp, "x": 2, "y": 0, "modules": ["camps"]}
    assert placement(client, body)["legal"] is True
    tower = {"alhambra": alhambra, "tile": {"building": "tower", "walls": "W"}, "x": 2, "y": 0}
    assert rules_of(placement(client, tower)) == ["B3"]


def test_g4_b4_a_camp_shares_a_side_with_the_alhambra(client):
    body = {"alhambra": [placed(1, 0)], "tile": CAMP_N, "x": 2, "y": 1, "modules": ["camps"]}
    verdict = placement(client, body)
    assert rules_of(verdict) == ["B4"]
    assert verdict["violations"][0]["message"].startswith("the camp at (2,1) shares no side")


def test_g4_a_building_beside_a_camps_bastion_needs_a_wall_there(client):
    """F . c    a camp at (2,0) with its bastion to the west; a tile at (1,0) must show a wall
    to it: a garden without one breaks G4, a garden with an east wall does not."""
    alhambra = [
        placed(0, 1),
        placed(1, 1),
        placed(2, 1),
        {"camp": {"bastions": "W", "arrows": "N"}, "x": 2, "y": 0},
    ]
    body = {"alhambra": alhambra, "tile": {"building": "garden", "walls": ""}, "x": 1, "y": 0}
    body["modules"] = ["camps"]
    assert rules_of(placement(client, body)) == ["G4"]
    body["tile"] = {"building": "garden", "walls": "E"}
    assert placement(client, body)["legal"] is True


def test_b6_no_tile_on_a_camps_cell(client):
    body = {
        "alhambra": [placed(1, 0, "garden", "S"), {**CAMP_N, "x": 1, "y": 1}],
        "tile": {"building": "tower", "walls": ""},
        "x": 1,
        "y": 1,
        "modules": ["camps"],
    }
    verdict = placement(client, body)
    assert verdict["violations"] == [
        {
            "rule": "B6",
            "message": "the cell (1,1) is already taken by the camp",
            "cells": cells((1, 1)),
        }
    ]


# --- K4: a bazaar is placed like a building without walls ------------------------------------


def test_k4_a_bazaar_is_placed_like_a_building_without_walls(client):
    """F G|     a bazaar east of a garden with an east wall breaks B2 as a wall-less building
    would, and is stranded (B3); south of it, it is legal."""
    alhambra = [placed(1, 0, "garden", "E")]
    body = {"alhambra": alhambra, "tile": BAZAAR, "x": 2, "y": 0, "modules": ["bazaars"]}
    verdict = placement(client, body)
    assert rules_of(verdict) == ["B2", "B3"]
    assert "the west side of the bazaar at (2,0) has none" in verdict["violations"][0]["message"]
    assert placement(client, {**body, "x": 1, "y": 1})["legal"] is True


def test_k4_a_bazaars_legal_cells_are_a_wall_less_buildings(client):
    """A F G|   the arcades and the garden at (-1,0), (1,0), the garden walled to the east;
      T_|     the tower at (0,1) walled to the south and west. A wall-less tile fits nowhere
    facing a wall: not at (2,0), (0,2) nor (-1,1); everywhere else around the Alhambra."""
    alhambra = [placed(1, 0, "garden", "E"), placed(0, 1, "tower", "SW"), placed(-1, 0, "arcades")]
    wall_less = {"building": "pavilion", "walls": ""}
    as_building = options(client, {"alhambra": alhambra, "tile": wall_less})
    as_bazaar = options(client, {"alhambra": alhambra, "tile": BAZAAR, "modules": ["bazaars"]})
    assert as_bazaar == as_building == cells((-1, -1), (0, -1), (1, -1), (-2, 0), (1, 1))


def test_k4_a_bazaar_in_the_alhambra_is_walked_across_b3(client):
    """F B G    the garden at (2,0) is reached across the bazaar at (1,0)"""
    alhambra = [{**BAZAAR, "x": 1, "y": 0}]
    body = {"alhambra": alhambra, "tile": {"building": "garden", "walls": "N"}, "x": 2, "y": 0}
    body["modules"] = ["bazaars"]
    assert placement(client, body)["legal"] is True


# --- H4, G1: added walls and gates -----------------------------------------------------------


def test_h4_an_added_wall_is_a_wall_for_b2(client):
    """F G|     the garden's added east wall faces a tower without a west wall: B2, and the
    tower is stranded (B3); a tower with a west wall matches it but is stranded still."""
    alhambra = [{**placed(1, 0), "added_walls": "E"}]
    body = {
        "alhambra": alhambra,
        "tile": {"building": "tower", "walls": ""},
        "x": 2,
        "y": 0,
        "modules": ["city_walls"],
    }
    assert rules_of(placement(client, body)) == ["B2", "B3"]
    body["tile"] = {"building": "tower", "walls": "W"}
    assert rules_of(placement(client, body)) == ["B3"]


def test_g1_a_gate_lets_a_placement_reach_through_a_double_wall(client):
    """F G|T .  a gate on the double wall between the garden and the tower: a pavilion at
    (3,0) is reached through it; without the gate the tower and the pavilion are stranded."""
    alhambra = [placed(1, 0, "garden", "E"), placed(2, 0, "tower", "W")]
    body = {"alhambra": alhambra, "tile": {"building": "pavilion", "walls": ""}, "x": 3, "y": 0}
    assert rules_of(placement(client, body)) == ["B3", "B3"]
    gated = {**body, "modules": ["gates"], "gates": [{"x": 1, "y": 0, "side": "E"}]}
    assert placement(client, gated)["legal"] is True
    listing = {"alhambra": alhambra, "tile": body["tile"], "modules": ["gates"]}
    assert cells((3, 0))[0] in options(client, {**listing, "gates": gated["gates"]})


def test_t5_g1_a_tile_leaves_with_the_gates_on_its_sides(client):
    """F G|T P  removing the garden takes its gate with it: the tower and the pavilion can no
    longer be reached (B3); removing the pavilion is legal."""
    body = {
        "alhambra": [placed(1, 0, "garden", "E"), placed(2, 0, "tower", "W"), placed(3, 0)],
        "modules": ["gates"],
        "gates": [{"x": 1, "y": 0, "side": "E"}],
    }
    assert removal(client, {**body, "x": 3, "y": 0})["legal"] is True
    verdict = removal(client, {**body, "x": 1, "y": 0})
    assert rules_of(verdict) == ["B3", "B3"]


# --- T5 with pieces --------------------------------------------------------------------------


def test_t5_g4_a_camp_may_leave_but_not_the_tile_it_leans_on(client):
    """F G_     the camp at (1,1) touches only the garden: without the garden it shares no side
    with the Alhambra (B4)."""
    body = {
        "alhambra": [placed(1, 0, "garden", "S"), {**CAMP_N, "x": 1, "y": 1}],
        "modules": ["camps"],
    }
    assert removal(client, {**body, "x": 1, "y": 1})["legal"] is True
    (violation,) = removal(client, {**body, "x": 1, "y": 0})["violations"]
    assert (violation["rule"], violation["cells"]) == ("B4", cells((1, 1)))
    assert violation["message"].startswith("the camp at (1,1) shares no side with the Alhambra")


def test_t5_nothing_to_remove_on_an_empty_cell(client):
    body = {"alhambra": [{**CAMP_N, "x": 1, "y": 0}], "modules": ["camps"], "x": 2, "y": 0}
    assert rules_of(removal(client, body)) == ["T5"]


# --- each piece needs its module -------------------------------------------------------------


def test_a_piece_to_place_without_its_module_is_refused_naming_it(client):
    body = {"alhambra": [placed(1, 0)], "tile": BAZAAR, "x": 2, "y": 0}
    problem = post(client, "/v1/placement", body, 422)
    assert problem["errors"] == [
        {
            "pointer": "/tile/bazaar",
            "message": 'it belongs to the module bazaars (K4): add "bazaars" to modules',
        }
    ]


def test_the_pieces_of_the_alhambra_need_their_modules_at_every_rules_endpoint(client):
    alhambra = [{**placed(1, 0, "garden", "S"), "chest": True}, {**CAMP_N, "x": 1, "y": 1}]
    bodies = {
        "/v1/placement": {"tile": {"building": "tower", "walls": ""}, "x": 2, "y": 0},
        "/v1/placement/options": {"tile": {"building": "tower", "walls": ""}},
        "/v1/removal": {"x": 1, "y": 1},
        "/v1/render": {},
    }
    for path, rest in bodies.items():
        problem = post(client, path, {"alhambra": alhambra, **rest}, 422)
        assert pointers(problem) == ["/alhambra/1/camp", "/alhambra/0/chest"], path


def test_k1_a_chest_on_a_building_of_another_colour_is_refused_at_placement(client):
    """Chests lie on buildings (K1): one on a worker hut is refused as at ``/v1/scores``."""
    alhambra = [{"hut": "garden", "walls": "N", "x": 1, "y": 0, "chest": True}]
    body = {"alhambra": alhambra, "tile": {"building": "tower", "walls": ""}, "x": 2, "y": 0}
    problem = post(client, "/v1/placement", {**body, "modules": ["treasure"]}, 422)
    assert pointers(problem) == ["/alhambra/0/chest"]


def test_v4_a_fourth_hut_is_refused_beside_a_camp(client):
    huts = [{"hut": "tower", "walls": "N", "x": x, "y": 0} for x in (1, 2, 3)]
    body = {
        "alhambra": [*huts, {**CAMP_N, "x": -1, "y": 0}],
        "tile": {"hut": "garden", "walls": "S"},
        "modules": ["camps"],
    }
    problem = post(client, "/v1/placement/options", body, 422)
    assert pointers(problem) == ["/tile/hut"]


# --- render ----------------------------------------------------------------------------------


def test_render_draws_every_piece(client):
    body = {
        "alhambra": [
            {**placed(1, 0, "garden", "E"), "chest": True},
            {**placed(2, 0, "tower", "SW"), "resident": True},
            {**placed(0, 1, "seraglio"), "added_walls": "S"},
            {"camp": {"bastions": "N", "arrows": "SW"}, "x": 2, "y": 1},
            {"bazaar": ["seraglio", "arcades", "tower"], "x": -1, "y": 0},
        ],
        "gates": [{"x": 1, "y": 0, "side": "E"}],
        "modules": ["camps", "bazaars", "gates", "city_walls", "treasure", "street_traders"],
    }
    root = picture(client, body)

    def found(kind: str) -> list[dict[str, str]]:
        return [dict(e.attrib) for e in root.iter() if kind in e.get("class", "").split()]

    (camp,) = found("camp")
    assert (camp["data-x"], camp["data-y"], camp["data-bastions"], camp["data-arrows"]) == (
        "2",
        "1",
        "N",
        "SW",
    )
    assert [a["data-side"] for a in found("arrow")] == ["S", "W"]
    assert [(b["data-x"], b["data-y"]) for b in found("bastion")] == [("2", "1")]
    (bazaar,) = found("bazaar")
    assert bazaar["data-buildings"] == "seraglio arcades tower"
    assert sorted(t["data-token"] for t in found("token")) == ["chest", "resident"]
    assert [(w["data-x"], w["data-y"], w["data-side"]) for w in found("added-wall")] == [
        ("0", "1", "S")
    ]
    assert [(g["data-x"], g["data-y"], g["data-side"]) for g in found("gate")] == [("1", "0", "E")]
    assert found("violation") == []  # the camp's bastion faces the tower's south wall (G4)


def test_render_marks_a_proposed_camp_and_what_it_breaks(client):
    body = {
        "alhambra": [placed(1, 0)],
        "modules": ["camps"],
        "highlight": {"tile": CAMP_N, "x": 1, "y": 1},
    }
    root = picture(client, body)
    proposed = [e for e in root.iter() if "proposed" in e.get("class", "").split()]
    assert [e.get("data-piece") for e in proposed] == ["camp"]
    assert [e.get("data-rule") for e in root.iter() if e.get("class") == "violation"] == ["G4"]


def test_g4_b4_camps_touching_only_each_other_are_cut_off(client):
    """Two camps side by side far from the fountain share a side with each other only: no
    side with the Alhambra (B4), and nothing may be placed beside them."""
    alhambra = [
        {"camp": {"bastions": "E", "arrows": "E"}, "x": 0, "y": 5},
        {"camp": {"bastions": "E", "arrows": "E"}, "x": 0, "y": 6},
    ]
    body = {"alhambra": alhambra, "modules": ["camps"]}
    verdict = valid(post(client, "/v1/alhambra/check", body), "verdict.json")
    assert [(v["rule"], v["cells"]) for v in verdict["violations"]] == [
        ("B4", cells((0, 5))),
        ("B4", cells((0, 6))),
    ]
    assert options(client, {**body, "tile": {"camp": {"bastions": "W", "arrows": "E"}}}) == []


def test_b4_legal_cells_stay_within_the_coordinates_a_request_can_name(client):
    """A line of 60 tiles east of the fountain: (61,0) would be legal, but no request can
    name it (``schemas/coordinate.json``: -60 to 60), so it is not listed."""
    alhambra = [placed(x, 0) for x in range(1, 61)]
    found = options(client, {"alhambra": alhambra, "tile": {"building": "tower", "walls": ""}})
    assert {"x": 60, "y": -1} in found and {"x": 61, "y": 0} not in found
