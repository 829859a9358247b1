"""The Vizier's Favour in the v1 API: worker huts (V4) and bonus cards (V3) in every request
that takes an Alhambra, in round scores and at a described table; the vizier (V1) in games."""

from __future__ import annotations

from typing import Any

from calculator.api.game_document import dump_state
from calculator.engine import Options, apply, new_game
from calculator.modules import ruleset
from tests.helpers.api import cells, placed, pointers, rules_of, tile
from tests.helpers.engine_scenes import take_denar, vizier_scene


def hut(x: int, y: int, colour: str, walls: str) -> dict[str, Any]:
    return {"hut": colour, "walls": walls, "x": x, "y": y}


def post(client, path, body, status=200):
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def messages(problem):
    return " ".join(error["message"] for error in problem["errors"])


# gardens at (1,0) and (0,1) open onto the cell (1,1)
GARDENS = [placed(1, 0, "garden"), placed(0, 1, "garden")]


# --- huts follow the building rules (B2-B6) and count for the wall (W) -----------------------


def test_v4_a_hut_may_be_placed_where_a_tile_may(client):
    verdict = post(
        client,
        "/v1/placement",
        {
            "alhambra": GARDENS,
            "tile": {"hut": "garden", "walls": "S"},
            "x": 1,
            "y": 1,
        },
    )
    assert verdict == {"legal": True, "violations": []}


def test_v4_a_hut_follows_b2_wall_against_open_side(client):
    verdict = post(
        client,
        "/v1/placement",
        {
            "alhambra": GARDENS,
            "tile": {"hut": "garden", "walls": "N"},
            "x": 1,
            "y": 1,
        },
    )
    assert "B2" in rules_of(verdict)


def test_v4_a_hut_follows_b6_not_on_an_occupied_cell(client):
    verdict = post(
        client,
        "/v1/placement",
        {
            "alhambra": GARDENS,
            "tile": {"hut": "tower", "walls": "N"},
            "x": 1,
            "y": 0,
        },
    )
    assert "B6" in rules_of(verdict)


def test_v4_placement_options_for_a_hut_respect_its_walls(client):
    # a hut walled on every side but the west can only join from the east of a tile
    options = post(
        client,
        "/v1/placement/options",
        {
            "alhambra": [],
            "tile": {"hut": "tower", "walls": "NES"},
        },
    )
    assert options["cells"] == cells((1, 0))


def test_v4_a_hut_with_walls_blocks_the_way_b3(client):
    # a tile beyond a hut walled towards it cannot be reached on foot
    check = post(
        client,
        "/v1/alhambra/check",
        {
            "alhambra": [hut(1, 0, "garden", "E"), placed(2, 0, "garden", "W")],
        },
    )
    assert "B3" in rules_of(check)


def test_v4_a_hut_may_go_to_the_reserve_like_a_tile(client):
    verdict = post(
        client, "/v1/removal", {"alhambra": [*GARDENS, hut(1, 1, "garden", "S")], "x": 1, "y": 1}
    )
    assert verdict == {"legal": True, "violations": []}


def test_v4_hut_walls_count_for_the_longest_wall(client):
    wall = post(
        client, "/v1/walls", {"alhambra": [placed(1, 0, "tower", "N"), hut(2, 0, "tower", "N")]}
    )
    assert wall["length"] == 2
    assert {(s["x"], s["y"], s["side"]) for s in wall["segments"]} == {(1, 0, "N"), (2, 0, "N")}


# --- what a hut is on the wire ---------------------------------------------------------------


def test_v4_a_hut_has_at_least_one_wall(client):
    problem = post(client, "/v1/alhambra/check", {"alhambra": [hut(1, 0, "garden", "")]}, 422)
    assert pointers(problem) == ["/alhambra/0"]
    assert "V4" in messages(problem)


def test_v4_a_hut_has_no_price_and_is_no_building(client):
    with_price = {**hut(1, 0, "garden", "N"), "price": 5}
    both = {**hut(1, 0, "garden", "N"), "building": "garden"}
    for wrong in (with_price, both):
        problem = post(client, "/v1/walls", {"alhambra": [wrong]}, 422)
        assert pointers(problem) == ["/alhambra/0"]


def test_v4_a_fourth_hut_in_an_alhambra_is_refused_naming_the_rule(client):
    alhambra = [hut(x, 0, "tower", "N") for x in range(1, 5)]
    problem = post(client, "/v1/alhambra/check", {"alhambra": alhambra}, 422)
    assert pointers(problem) == ["/alhambra/3/hut"]
    assert "V4" in messages(problem) and "at most 3" in messages(problem)


def test_v4_three_huts_are_allowed(client):
    alhambra = [hut(x, 0, "tower", "N") for x in range(1, 4)]
    assert post(client, "/v1/alhambra/check", {"alhambra": alhambra})["legal"] is True


def test_v4_placing_a_fourth_hut_is_refused(client):
    alhambra = [hut(x, 0, "tower", "N") for x in range(1, 4)]
    for path, extra in (("/v1/placement", {"x": 0, "y": 1}), ("/v1/placement/options", {})):
        problem = post(
            client,
            path,
            {"alhambra": alhambra, "tile": {"hut": "garden", "walls": "N"}, **extra},
            422,
        )
        assert pointers(problem) == ["/tile/hut"]
        assert "V4" in messages(problem)


def test_v4_a_fourth_hut_in_a_scored_alhambra_points_at_it(client):
    alhambra = [hut(x, 0, "tower", "N") for x in range(1, 5)]
    problem = post(
        client, "/v1/scores", {"round": 1, "players": [{"name": "Ann", "alhambra": alhambra}]}, 422
    )
    assert pointers(problem) == ["/players/0/alhambra/3/hut"]


# --- huts and bonus cards in round scores (V3, V4) -------------------------------------------


def test_v4_a_hut_adds_one_building_per_open_side_onto_its_colour(client):
    scores = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "Ann", "alhambra": [*GARDENS, hut(1, 1, "garden", "S")]},
                {"name": "Bob", "counts": {"garden": 3}},
            ],
        },
    )
    ann, bob = scores["players"]
    assert ann["majorities"]["garden"]["count"] == 4  # 2 gardens + 2 from the hut
    assert ann["majorities"]["garden"]["place"] == 1 and bob["majorities"]["garden"]["place"] == 2
    assert ann["huts"] == [
        {"x": 1, "y": 1, "hut": "garden", "adds": 2, "neighbours": cells((1, 0), (0, 1))}
    ]


def test_v4_a_hut_of_another_colour_or_behind_a_wall_adds_nothing(client):
    alhambra = [placed(1, 0, "garden", "S"), placed(0, 1, "tower"), hut(1, 1, "garden", "NS")]
    scores = post(
        client, "/v1/scores", {"round": 1, "players": [{"name": "Ann", "alhambra": alhambra}]}
    )
    (ann,) = scores["players"]
    assert ann["huts"][0]["adds"] == 0 and ann["majorities"]["garden"]["count"] == 1


def test_v4_a_hut_is_no_building_itself(client):
    scores = post(
        client,
        "/v1/scores",
        {"round": 1, "players": [{"name": "Ann", "alhambra": [hut(1, 0, "tower", "N")]}]},
    )
    assert scores["players"][0]["majorities"]["tower"]["count"] == 0


def test_v3_a_bonus_card_counts_while_its_tile_is_in_the_alhambra(client):
    scores = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {
                    "name": "Ann",
                    "alhambra": [placed(1, 0, "tower", "N", 11)],
                    "bonus_cards": [tile("tower", "N", 11)],
                },
                {
                    "name": "Bob",
                    "alhambra": [placed(1, 0, "tower", "N"), placed(2, 0, "tower", "N")],
                },
            ],
        },
    )
    ann, bob = scores["players"]
    assert ann["bonus_cards"] == [{"card": tile("tower", "N", 11), "counts": True}]
    assert ann["majorities"]["tower"]["count"] == 2
    # 2 against 2: the tie shares first place (M4)
    assert ann["majorities"]["tower"]["shared_with"] == 1
    assert "bonus_cards" not in bob and "huts" not in bob


def test_v3_a_bonus_card_whose_tile_is_not_there_is_reported_and_does_not_count(client):
    scores = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {
                    "name": "Ann",
                    "alhambra": [placed(1, 0, "tower", "N")],
                    "bonus_cards": [tile("tower", "S"), tile("garden", "")],
                },
            ],
        },
    )
    (ann,) = scores["players"]
    assert [card["counts"] for card in ann["bonus_cards"]] == [False, False]
    assert ann["majorities"]["tower"]["count"] == 1 and ann["majorities"]["garden"]["count"] == 0


def test_v3_a_bonus_card_needs_an_alhambra(client):
    problem = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "Ann", "counts": {"tower": 1}, "bonus_cards": [tile("tower", "N")]}
            ],
        },
        422,
    )
    assert pointers(problem) == ["/players/0"]


def test_v3_a_priced_bonus_card_depicts_a_tile_of_the_catalog(client):
    problem = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [{"name": "Ann", "alhambra": [], "bonus_cards": [tile("tower", "NESW", 2)]}],
        },
        422,
    )
    assert pointers(problem) == ["/players/0/bonus_cards/0/price"]


# --- a described table (POST /v1/table) ------------------------------------------------------


def test_v4_huts_in_the_reserve_count_toward_the_limit_at_a_table(client):
    problem = post(
        client,
        "/v1/table",
        {
            "players": [
                {
                    "name": "Ann",
                    "alhambra": [hut(1, 0, "tower", "N"), hut(2, 0, "tower", "N")],
                    "reserve": [{"hut": "garden", "walls": "N"}, {"hut": "garden", "walls": "S"}],
                }
            ]
        },
        422,
    )
    assert pointers(problem) == ["/players/0/reserve/1"]
    assert "V4" in messages(problem)


def test_v4_no_more_huts_of_a_colour_than_exist_at_a_table(client):
    players = [
        {"name": name, "alhambra": [hut(x, 0, "pavilion", "N") for x in (1, 2)]}
        for name in ("Ann", "Bob")
    ]
    problem = post(client, "/v1/table", {"players": players}, 422)
    assert pointers(problem) == ["/players/1/alhambra/1"]
    assert "3 (V4)" in messages(problem)


def test_v3_v4_a_table_counts_huts_and_bonus_cards(client):
    report = post(
        client,
        "/v1/table",
        {
            "round": 1,
            "players": [
                {
                    "name": "Ann",
                    "alhambra": [*GARDENS, hut(1, 1, "garden", "S")],
                    "bonus_cards": [tile("garden", "")],
                    "reserve": [{"hut": "tower", "walls": "N"}],
                }
            ],
        },
    )
    (ann,) = report["players"]
    assert ann["counts"]["garden"] == 5  # 2 gardens, 2 from the hut, 1 bonus card
    assert ann["huts"][0]["adds"] == 2 and ann["bonus_cards"][0]["counts"] is True
    assert report["scores"]["players"][0]["majorities"]["garden"]["count"] == 5


# --- the engine over HTTP (V3) and the provisional components --------------------------------


def test_v3_a_game_with_the_bonus_module_deals_bonus_cards(client):
    state = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob", "Cid", "Dee"], "seed": 5, "options": {"modules": ["bonus"]}},
    )["state"]
    assert state["version"] == 2 and state["options"]["modules"] == ["bonus"]
    assert [len(p["bonus_hand"]) for p in state["players"]] == [2, 2, 2, 2]
    assert len(state["bonus_aside"]) == 2
    listed = post(client, "/v1/games/legal-actions", {"state": state})
    assert listed["actions"]


def test_v3_the_caller_names_the_bonus_cards_from_the_catalog(client):
    cards = [tile("tower", "N", 11)] + [tile("tower", "NESW", price) for price in range(2, 11)]
    problem = post(
        client,
        "/v1/games",
        {
            "players": ["Ann", "Bob"],
            "options": {"modules": ["bonus"], "components": {"bonus_cards": cards}},
        },
        422,
    )
    assert pointers(problem) == [f"/options/components/bonus_cards/{i}/price" for i in range(1, 10)]


def test_v4_a_game_with_huts_lists_taking_a_hut_and_the_caller_may_give_them(client):
    huts = [
        {"hut": colour, "walls": "NS"}
        for colour, count in (
            ("pavilion", 3),
            ("seraglio", 3),
            ("arcades", 4),
            ("chambers", 4),
            ("garden", 5),
            ("tower", 5),
        )
        for _ in range(count)
    ]
    state = post(
        client,
        "/v1/games",
        {
            "players": ["Ann", "Bob"],
            "seed": 2,
            "options": {"modules": ["huts"], "components": {"huts": huts}},
        },
    )["state"]
    assert [len(stack) for stack in state["hut_stacks"]] == [3, 3, 4, 4, 5, 5]
    listed = post(client, "/v1/games/legal-actions", {"state": state})["actions"]
    seat = state["turn"]["player"]
    take = {"type": "take_hut", "player": seat, "hut": "garden"}
    assert take in listed
    after = post(client, "/v1/games/advance", {"state": state, "actions": [take]})
    assert after["state"]["turn"]["bought"] == [{"hut": "garden", "walls": "NS"}]
    assert [e["type"] for e in after["events"]] == ["hut_taken"]
    # the hut is the turn's action: placed at the end of the turn, nothing else first
    assert after["state"]["turn"]["phase"] == "placement"
    placing = post(client, "/v1/games/legal-actions", {"state": after["state"]})
    assert placing["player"] == seat
    assert {a["type"] for a in placing["actions"]} == {"place", "reserve"}
    problem = post(
        client,
        "/v1/games/advance",
        {
            "state": after["state"],
            "actions": [{"type": "take_hut", "player": seat, "hut": "tower"}],
        },
        409,
    )
    assert problem["rule"] == "V4"  # the hut ended the turn's actions
    reserve = {"type": "reserve", "player": seat, "tile": {"hut": "garden", "walls": "NS"}}
    done = post(client, "/v1/games/advance", {"state": after["state"], "actions": [reserve]})
    assert "turn_ended" in [e["type"] for e in done["events"]]
    assert done["state"]["turn"]["player"] == 1 - seat


def test_v4_the_caller_gives_as_many_huts_of_each_colour_as_exist(client):
    huts = [{"hut": "tower", "walls": "N"}] * 24
    problem = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob"], "options": {"modules": ["huts"], "components": {"huts": huts}}},
        422,
    )
    assert pointers(problem) == ["/options/components/huts"] and "V4" in messages(problem)


def test_v3_a_table_game_reveals_the_bonus_cards_dealt(client):
    state = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob"], "options": {"mode": "table", "modules": ["bonus"]}},
    )["state"]
    listed = post(client, "/v1/games/legal-actions", {"state": state})
    assert listed["player"] is None
    assert {action["type"] for action in listed["actions"]} == {"reveal_bonus_card"}
    assert len(listed["actions"]) == 10 and state["bonus_aside"] == [
        action["tile"] for action in listed["actions"]
    ]
    reveal = listed["actions"][3]
    after = post(client, "/v1/games/advance", {"state": state, "actions": [reveal]})
    assert after["events"] == [{"type": "bonus_card_dealt", "player": 0, "tile": reveal["tile"]}]
    assert after["state"]["players"][0]["bonus_hand"] == [reveal["tile"]]
    problem = post(client, "/v1/games/advance", {"state": after["state"], "actions": [reveal]}, 409)
    assert problem["rule"] == "V3"  # that card is dealt already


def test_v4_a_table_game_reveals_the_top_hut_of_each_stack(client):
    state = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob"], "options": {"mode": "table", "modules": ["huts"]}},
    )["state"]
    assert state["hidden_tops"] == [0, 1, 2, 3, 4, 5]
    listed = post(client, "/v1/games/legal-actions", {"state": state})["actions"]
    assert {action["type"] for action in listed} == {"reveal_hut"}
    assert {action["tile"]["hut"] for action in listed} == {"pavilion"}
    after = post(client, "/v1/games/advance", {"state": state, "actions": [listed[-1]]})
    assert after["events"] == [{"type": "hut_revealed", "tile": listed[-1]["tile"]}]
    assert after["state"]["hut_stacks"][0][0] == listed[-1]["tile"]
    assert after["state"]["hidden_tops"] == [1, 2, 3, 4, 5]


def test_the_catalog_marks_the_stand_in_bonus_cards_provisional(client):
    response = client.get("/v1/catalog")
    vizier = response.get_json()["vizier_favour"]
    assert vizier["provisional"] is True and "Not the printed" in vizier["note"]
    assert len(vizier["bonus_cards"]) == 10
    assert sum(vizier["huts_by_colour"].values()) == 24 and vizier["huts_per_player"] == 3


def test_the_catalog_names_the_modules_and_the_six_exchange_cards_v2(client):
    vizier = client.get("/v1/catalog").get_json()["vizier_favour"]
    assert vizier["modules"] == ["vizier", "exchange", "bonus", "huts"]
    pairs = [tuple(card["exchange"]) for card in vizier["exchange_cards"]]
    assert len(set(pairs)) == 6 and all(a < b for a, b in pairs)  # one per pair of currencies


def test_v4_render_marks_a_hut_in_the_callers_language(client):
    response = client.post(
        "/v1/render",
        json={
            "alhambra": [*GARDENS, hut(1, 1, "garden", "ES")],
            "lang": "de",
        },
    )
    assert response.status_code == 200
    svg = response.get_data(as_text=True)
    assert svg.count('data-hut="true"') == 1
    assert svg.count('class="hut-mark"') == 1
    assert ">Hütte<" in svg


# --- the vizier in the engine over HTTP (V1) --------------------------------------------------


def vizier_offer():
    """A vizier game where seat 0 just took money and seat 1 (florin 2 + 4, florin 9) is asked:
    it can pay the garden of slot 1 (price 6) exactly."""
    state = vizier_scene([("ducat 1",), ("florin 2", "florin 4", "florin 9"), ("ducat 3",)])
    return dump_state(apply(state, take_denar(state))[0])


FLORINS = [{"currency": "florin", "value": 2}, {"currency": "florin", "value": 4}]


def test_v1_a_game_with_the_vizier_module_gives_every_player_an_active_vizier(client):
    state = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob", "Cid"], "seed": 3, "options": {"modules": ["vizier"]}},
    )["state"]
    assert state["version"] == 2 and state["options"]["modules"] == ["vizier"]
    assert [p["vizier"] for p in state["players"]] == [True, True, True]
    assert state["turn"]["vizier_asked"] == []


def test_v1_legal_actions_name_the_player_asked_and_list_exact_purchases_and_declining(client):
    listed = post(client, "/v1/games/legal-actions", {"state": vizier_offer()})
    assert listed["player"] == 1 and listed["phase"] == "vizier"
    assert listed["actions"] == [
        {"type": "vizier_buy", "player": 1, "slot": 1, "payment": FLORINS},
        {"type": "decline_vizier", "player": 1},
    ]


def test_v1_advance_buys_with_the_vizier_and_the_buyer_places_the_tile(client):
    buy = {"type": "vizier_buy", "player": 1, "slot": 1, "payment": FLORINS}
    answer = post(client, "/v1/games/advance", {"state": vizier_offer(), "actions": [buy]})
    state = answer["state"]
    assert [e["type"] for e in answer["events"]] == ["vizier_bought"]
    assert state["turn"]["phase"] == "vizier_placement" and state["players"][1]["vizier"] is False
    listed = post(client, "/v1/games/legal-actions", {"state": state})
    assert listed["player"] == 1
    assert {a["type"] for a in listed["actions"]} == {"place", "reserve"}
    placed_ = post(
        client,
        "/v1/games/advance",
        {
            "state": state,
            "actions": [{"type": "reserve", "player": 1, "tile": answer["events"][0]["tile"]}],
        },
    )
    assert [e["type"] for e in placed_["events"]][:2] == ["tile_reserved", "market_filled"]
    assert placed_["state"]["turn"]["player"] == 1 and placed_["state"]["turn"]["phase"] == "action"


def test_v1_the_next_player_is_asked_first_the_one_whose_turn_ended_last(client):
    """Seat 0 takes money though it could pay the garden exactly: seat 1 is asked first."""
    state = vizier_scene([("florin 6",), ("florin 2", "florin 4"), ("ducat 3",)])
    after = post(
        client,
        "/v1/games/advance",
        {
            "state": dump_state(state),
            "actions": [
                {"type": "take_money", "player": 0, "cards": [{"currency": "denar", "value": 1}]}
            ],
        },
    )
    assert [e for e in after["events"] if e["type"] == "vizier_offered"] == [
        {"type": "vizier_offered", "player": 1}
    ]
    declined = post(
        client,
        "/v1/games/advance",
        {"state": after["state"], "actions": [{"type": "decline_vizier", "player": 1}]},
    )
    assert declined["events"][-1] == {"type": "vizier_offered", "player": 0}
    listed = post(client, "/v1/games/legal-actions", {"state": declined["state"]})
    assert listed["player"] == 0 and listed["phase"] == "vizier"
    assert {
        "type": "vizier_buy",
        "player": 0,
        "slot": 1,
        "payment": [{"currency": "florin", "value": 6}],
    } in listed["actions"]
    assert declined["state"]["turn"]["vizier_asked"] == [1]


def test_v1_a_vizier_decision_out_of_order_is_a_409_naming_v1(client):
    problem = post(
        client,
        "/v1/games/advance",
        {"state": vizier_offer(), "actions": [{"type": "decline_vizier", "player": 2}]},
        409,
    )
    assert problem["rule"] == "V1" and problem["type"].endswith("not-your-turn")
    assert pointers(problem) == ["/actions/0"]


def test_v1_an_overpaying_vizier_purchase_is_a_409_naming_v1(client):
    problem = post(
        client,
        "/v1/games/advance",
        {
            "state": vizier_offer(),
            "actions": [
                {
                    "type": "vizier_buy",
                    "player": 1,
                    "slot": 1,
                    "payment": [{"currency": "florin", "value": 9}],
                }
            ],
        },
        409,
    )
    assert problem["rule"] == "V1" and "exactly" in messages(problem)


def test_v1_activating_an_active_vizier_is_a_409(client):
    state = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob"], "seed": 3, "options": {"modules": ["vizier"]}},
    )["state"]
    seat = state["turn"]["player"]
    problem = post(
        client,
        "/v1/games/advance",
        {"state": state, "actions": [{"type": "activate_vizier", "player": seat}]},
        409,
    )
    assert problem["rule"] == "V1" and "already" in messages(problem)


def test_v1_a_vizier_in_a_game_without_the_module_is_a_422(client):
    state = post(client, "/v1/games", {"players": ["Ann", "Bob"], "seed": 3})["state"]
    state["players"][1]["vizier"] = True
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    assert pointers(problem) == ["/state/players/1/vizier"] and "V1" in messages(problem)


# --- table mode: consistent states accepted, others refused with pointers (V2-V4) ------------


def _table_state(players: int, *modules: str) -> dict[str, Any]:
    table = Options(mode="table", rules=ruleset(modules))  # type: ignore[arg-type]
    return dump_state(new_game(list("ABCDEF"[:players]), 0, 0, table))


def test_v3_a_table_deal_out_of_seat_order_is_refused_with_pointers(client):
    state = _table_state(3, "bonus")
    assert post(client, "/v1/games/legal-actions", {"state": state})["player"] is None
    state["players"][1]["bonus_hand"] = [state["bonus_aside"].pop(0)]
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    assert pointers(problem) == ["/state/players/0/bonus_hand", "/state/players/1/bonus_hand"]
    assert "seat order (V3)" in messages(problem)


def test_v4_top_huts_to_reveal_are_refused_in_a_digital_game(client):
    state = _table_state(2, "huts")
    assert state["hidden_tops"] == [0, 1, 2, 3, 4, 5]
    digital = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob"], "seed": 1, "options": {"modules": ["huts"]}},
    )["state"]
    assert "hidden_tops" not in digital
    digital["hidden_tops"] = [2]
    problem = post(client, "/v1/games/legal-actions", {"state": digital}, 422)
    assert pointers(problem) == ["/state/hidden_tops"] and "V4" in messages(problem)
    state["hidden_tops"] = [1, 1]
    assert pointers(post(client, "/v1/games/legal-actions", {"state": state}, 422)) == [
        "/state/hidden_tops"
    ]


def test_v2_exchange_cards_in_the_pile_before_it_is_split_are_refused(client):
    state = _table_state(2, "exchange")
    state["money"]["pile"].append({"exchange": ["denar", "florin"]})
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    assert f"/state/money/pile/{len(state['money']['pile']) - 1}" in pointers(problem)
    assert "(T1, V2)" in messages(problem)
