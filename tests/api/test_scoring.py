"""The longest wall and round scores over HTTP: POST /v1/walls (W1-W3), POST /v1/scores
(M1-M5, W4, W6, D3) and GET /v1/catalog (C1, C4, M2), the rulebook's examples among them."""

from __future__ import annotations

import csv
from collections import Counter
from itertools import pairwise
from pathlib import Path

from tests.helpers.api import placed, rules_of

NOBODY = {"count": 0, "place": None, "shared_with": 0, "points": 0, "rule": "M1", "arithmetic": "0"}


def post(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def continuous(segments):
    """W2: each segment shares a lattice corner with the next."""
    ends = {
        "N": ((0, 0), (1, 0)),
        "E": ((1, 0), (1, 1)),
        "S": ((0, 1), (1, 1)),
        "W": ((0, 0), (0, 1)),
    }

    def corners(segment):
        return {(segment["x"] + dx, segment["y"] + dy) for dx, dy in ends[segment["side"]]}

    return all(corners(a) & corners(b) for a, b in pairwise(segments))


# --- POST /v1/walls --------------------------------------------------------------------------


def test_w1_w2_two_outer_walls_meeting_at_a_corner_make_a_wall_of_two(client):
    wall = post(client, "/v1/walls", {"alhambra": [placed(1, 0, "tower", "NE")]})
    assert wall["length"] == 2
    assert sorted(s["side"] for s in wall["segments"]) == ["E", "N"]
    assert wall["exact"] is True
    assert wall["legal"] is True
    assert wall["violations"] == []


def test_w1_back_to_back_walls_are_inner_and_never_score(client):
    wall = post(
        client, "/v1/walls", {"alhambra": [placed(1, 0, "tower", "E"), placed(2, 0, "garden", "W")]}
    )
    assert wall["length"] == 0
    assert wall["segments"] == []


def test_w3_segments_come_in_order_along_the_wall(client):
    alhambra = [
        placed(1, 0, "tower", "NE"),
        placed(1, 1, "garden", "ES"),
        placed(0, 1, "arcades", "S"),
        placed(-1, 1, "chambers", "SW"),
    ]
    wall = post(client, "/v1/walls", {"alhambra": alhambra})
    assert wall["length"] == 7
    assert continuous(wall["segments"])
    assert len({(s["x"], s["y"], s["side"]) for s in wall["segments"]}) == 7


def test_w3_a_closed_ring_of_four_is_four_long_even_in_an_illegal_alhambra(client):
    """Walls are computed for illegal Alhambras too; the answer says it is illegal."""
    wall = post(client, "/v1/walls", {"alhambra": [placed(3, 0, "tower", "NESW")]})
    assert wall["length"] == 4
    assert continuous(wall["segments"] + wall["segments"][:1])
    assert wall["legal"] is False
    assert rules_of(wall) == ["B3", "B4"]


# --- POST /v1/scores -------------------------------------------------------------------------


def test_m4_round_2_tower_tie_pays_9_each(client):
    """The rulebook's example: two players with 4 towers share (13 + 6) / 2 = 9."""
    score = post(
        client,
        "/v1/scores",
        {
            "round": 2,
            "players": [
                {"name": "Anna", "counts": {"tower": 4}},
                {"name": "Ben", "counts": {"tower": 4}},
            ],
        },
    )
    for player in score["players"]:
        assert player["majorities"]["tower"] == {
            "count": 4,
            "place": 1,
            "shared_with": 1,
            "points": 9,
            "rule": "M4",
            "arithmetic": "(13 + 6) / 2 = 9",
        }
        assert player["points"] == 9


def test_m4_round_1_two_tied_for_first_share_6_and_nothing(client):
    score = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "Anna", "counts": {"tower": 2}},
                {"name": "Ben", "counts": {"tower": 2}},
                {"name": "Cleo", "counts": {"tower": 1}},
            ],
        },
    )
    assert [p["majorities"]["tower"]["points"] for p in score["players"]] == [3, 3, 0]
    assert score["players"][2]["majorities"]["tower"]["place"] == 3


def test_m2_m5_round_3_table_with_walls(client):
    score = post(
        client,
        "/v1/scores",
        {
            "round": 3,
            "players": [
                {"name": "Anna", "counts": {"garden": 5, "pavilion": 1}, "wall": 7},
                {"name": "Ben", "counts": {"garden": 3, "pavilion": 2}, "wall": 2},
                {"name": "Cleo", "counts": {"garden": 1}},
            ],
        },
    )
    anna, ben, cleo = score["players"]
    assert score["round"] == 3
    assert anna["majorities"]["garden"]["points"] == 20
    assert ben["majorities"]["garden"]["points"] == 12
    assert cleo["majorities"]["garden"]["points"] == 5
    assert anna["majorities"]["pavilion"]["points"] == 8
    assert ben["majorities"]["pavilion"]["points"] == 16
    assert cleo["majorities"]["pavilion"] == NOBODY  # M1: 0 buildings, nothing
    assert (anna["points"], ben["points"], cleo["points"]) == (20 + 8 + 7, 12 + 16 + 2, 5)
    assert (anna["wall"], ben["wall"], cleo["wall"]) == (7, 2, 0)
    assert "dummy" not in score


def test_d3_the_dummy_takes_part_in_majorities_but_scores_no_wall(client):
    score = post(
        client,
        "/v1/scores",
        {
            "round": 2,
            "players": [
                {"name": "Anna", "counts": {"tower": 3}, "wall": 4},
                {"name": "Ben", "counts": {"tower": 1}},
            ],
            "dummy": {"counts": {"tower": 5}},
        },
    )
    assert score["dummy"]["majorities"]["tower"] == {
        "count": 5,
        "place": 1,
        "shared_with": 0,
        "points": 13,
        "rule": "M2",
        "arithmetic": "13",
    }
    assert score["dummy"]["points"] == 13
    anna, ben = score["players"]
    assert anna["majorities"]["tower"]["place"] == 2
    assert anna["points"] == 6 + 4
    assert ben["points"] == 0


def test_d3_the_dummy_may_give_tiles(client):
    score = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [{"name": "Anna", "counts": {"garden": 1}}, {"name": "Ben", "counts": {}}],
            "dummy": {
                "tiles": [
                    {"building": "garden", "walls": "S", "price": 12},
                    {"building": "garden", "walls": "NE"},
                ]
            },
        },
    )
    assert score["dummy"]["majorities"]["garden"]["count"] == 2
    assert score["dummy"]["points"] == 5
    assert score["players"][0]["points"] == 0


def test_m1_w4_an_alhambra_gives_counts_and_wall_and_says_whether_it_is_legal(client):
    alhambra = [placed(1, 0, "tower", "NE"), placed(-1, 0, "tower"), placed(0, 1, "garden")]
    score = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "Anna", "alhambra": alhambra},
                {"name": "Ben", "counts": {"tower": 1}, "wall": 1},
            ],
        },
    )
    anna, ben = score["players"]
    assert anna["majorities"]["tower"] == {
        "count": 2,
        "place": 1,
        "shared_with": 0,
        "points": 6,
        "rule": "M2",
        "arithmetic": "6",
    }
    assert anna["majorities"]["garden"]["points"] == 5
    assert anna["wall"] == 2
    assert anna["points"] == 6 + 5 + 2
    assert (anna["legal"], anna["violations"], anna["wall_exact"]) == (True, [], True)
    assert "legal" not in ben  # counts say nothing about legality


def test_scores_are_computed_for_an_illegal_alhambra_too(client):
    score = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [{"name": "Anna", "alhambra": [placed(4, 4, "tower", "N")]}],
        },
    )
    (anna,) = score["players"]
    assert anna["points"] == 6 + 1
    assert anna["legal"] is False
    assert rules_of(anna) == ["B3", "B4"]


def test_missing_types_count_zero_and_every_type_is_reported_in_table_order(client):
    score = post(client, "/v1/scores", {"round": 1, "players": [{"name": "Solo", "counts": {}}]})
    majorities = score["players"][0]["majorities"]
    assert list(majorities) == ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
    assert all(majority == NOBODY for majority in majorities.values())


# --- GET /v1/catalog -------------------------------------------------------------------------


def test_c1_the_catalog_lists_the_54_tiles_of_tiles_csv(client):
    catalog = client.get("/v1/catalog").get_json()
    shared = Path(__file__).resolve().parents[2] / "calculator" / "core" / "data" / "tiles.csv"
    rows = list(csv.DictReader(shared.read_text("utf-8").splitlines()))
    assert len(catalog["tiles"]) == 54
    assert {(t["building"], t["price"], t["walls"]) for t in catalog["tiles"]} == {
        (row["building"], int(row["price"]), "".join(s for s in "NESW" if s in row["walls"]))
        for row in rows
    }
    assert Counter(t["building"] for t in catalog["tiles"]) == {
        "pavilion": 7,
        "seraglio": 7,
        "arcades": 9,
        "chambers": 9,
        "garden": 11,
        "tower": 11,
    }


def test_m2_the_catalog_holds_the_point_table(client):
    catalog = client.get("/v1/catalog").get_json()
    assert catalog["buildings"] == [
        "pavilion",
        "seraglio",
        "arcades",
        "chambers",
        "garden",
        "tower",
    ]
    assert catalog["points"]["pavilion"] == {"1": [1], "2": [8, 1], "3": [16, 8, 1]}
    assert catalog["points"]["tower"] == {"1": [6], "2": [13, 6], "3": [21, 13, 6]}


def test_c4_market_slots_and_currencies(client):
    catalog = client.get("/v1/catalog").get_json()
    assert [slot["currency"] for slot in catalog["market_slots"]] == [
        "florin",
        "dirham",
        "denar",
        "ducat",
    ]
    assert [slot["slot"] for slot in catalog["market_slots"]] == [1, 2, 3, 4]
    assert sorted(catalog["currencies"]) == ["denar", "dirham", "ducat", "florin"]
