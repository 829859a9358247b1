"""``POST /v1/alhambra/check`` and ``POST /v1/walls`` with the Big Box pieces: an Alhambra with
camps (G4), bazaars (K4), gates (G1), added walls (H4), chests (K1) and residents (H3) is
checked and measured by the same rules as a player's at ``POST /v1/scores``."""

from __future__ import annotations

from typing import Any

from tests.helpers.api import placed, post, rules_of, valid

CAMP_UNDER_A_WALL = [
    placed(1, 0, "garden", "S"),
    {"camp": {"bastions": "N", "arrows": "N"}, "x": 1, "y": 1},
]


def check(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/alhambra/check", body), "verdict.json")


def walls(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/walls", body), "longest-wall.json")


def test_g4_a_camp_under_a_wall_is_legal_and_the_wall_stays_outer(client):
    body = {"alhambra": CAMP_UNDER_A_WALL, "modules": ["camps"]}
    assert check(client, body) == {"legal": True, "violations": []}
    assert walls(client, body)["segments"] == [{"x": 1, "y": 0, "side": "S"}]


def test_g4_a_bastion_facing_no_wall_is_a_violation(client):
    alhambra = [placed(1, 0), {"camp": {"bastions": "N", "arrows": "N"}, "x": 1, "y": 1}]
    assert rules_of(check(client, {"alhambra": alhambra, "modules": ["camps"]})) == ["G4"]


def test_k4_a_wall_against_a_bazaar_is_a_b2_violation_naming_the_bazaar(client):
    alhambra = [
        placed(1, 0, "garden", "S"),
        {"bazaar": ["tower", "garden", "arcades"], "x": 1, "y": 1},
    ]
    verdict = check(client, {"alhambra": alhambra, "modules": ["bazaars"]})
    assert rules_of(verdict) == ["B2", "B3"]
    assert "the north side of the bazaar at (1,1) has none" in verdict["violations"][0]["message"]


def test_g1_a_gate_lets_the_check_reach_through_a_double_wall(client):
    alhambra = [placed(1, 0, "garden", "E"), placed(2, 0, "tower", "W")]
    assert rules_of(check(client, {"alhambra": alhambra})) == ["B3"]
    gated = {"alhambra": alhambra, "modules": ["gates"], "gates": [{"x": 1, "y": 0, "side": "E"}]}
    assert check(client, gated)["legal"] is True


def test_h4_added_walls_are_measured(client):
    body = {"alhambra": [{**placed(1, 0), "added_walls": "NES"}], "modules": ["city_walls"]}
    assert walls(client, body)["length"] == 3


def test_a_piece_without_its_module_is_refused_naming_it(client):
    problem = post(client, "/v1/walls", {"alhambra": CAMP_UNDER_A_WALL}, 422)
    assert problem["errors"] == [
        {
            "pointer": "/alhambra/1/camp",
            "message": 'it belongs to the module camps (G4): add "camps" to modules',
        }
    ]


def test_the_modules_refusals_point_at_the_bodys_own_members(client):
    body = {
        "alhambra": [
            placed(1, 0, "garden", "N"),
            {**placed(2, 0, "tower", "N"), "added_walls": "N"},
        ],
        "modules": ["gates", "city_walls"],
        "gates": [{"x": 1, "y": 0, "side": "N"}],
    }
    problem = post(client, "/v1/alhambra/check", body, 422)
    assert [error["pointer"] for error in problem["errors"]] == [
        "/gates/0",
        "/alhambra/1/added_walls",
    ]
