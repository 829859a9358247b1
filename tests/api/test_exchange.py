"""The exchange cards (V2) over HTTP: a new game deals them, the state document carries them
wherever money cards can be (hands, face up, pile, discard), actions and events hold them in
their cards and payments; bad documents are 422s with pointers, refused actions 409s naming
V2. Every response is validated against its schema."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from calculator.api.game_document import dump_state
from calculator.engine import Options
from calculator.modules import ruleset
from tests.helpers.api import advance, legal, new_game, pointers, post
from tests.helpers.engine_scenes import (
    DIRHAM_DUCAT,
    cards,
    checked,
    new_table_game,
    rulebook_buy,
    with_bag,
    with_face_up,
)

DENAR_FLORIN_JSON = {"exchange": ["denar", "florin"]}
DIRHAM_DUCAT_JSON = {"exchange": ["dirham", "ducat"]}


def money(currency: str, value: int) -> dict[str, Any]:
    return {"currency": currency, "value": value}


def scene(bag_empty: bool = False) -> dict[str, Any]:
    """Anna's turn: a tower for 10 denars in slot 3; she holds denar 9, florins 2 and 1 and a
    denar-florin exchange card; a dirham-ducat card lies face up."""
    state = rulebook_buy()
    state = with_face_up(state, [DIRHAM_DUCAT, *cards("florin 4", "dirham 5", "ducat 6")])
    if bag_empty:
        state = with_bag(state, [])
    return dump_state(state)


def test_v2_a_new_game_with_the_exchange_module_shuffles_in_the_six_cards(client):
    state = new_game(client, options={"modules": ["exchange"]})
    assert state["version"] == 2 and state["options"]["modules"] == ["exchange"]
    in_pile = [card["exchange"] for card in state["money"]["pile"] if "exchange" in card]
    assert sorted(in_pile) == [
        ["denar", "dirham"],
        ["denar", "ducat"],
        ["denar", "florin"],
        ["dirham", "ducat"],
        ["dirham", "florin"],
        ["ducat", "florin"],
    ]
    assert new_game(client, options={"modules": ["exchange"]}) == state


def test_v2_the_hand_holds_the_exchange_cards_with_the_money(client):
    state = scene()
    assert state["players"][0]["hand"] == [
        money("denar", 9),
        money("florin", 2),
        money("florin", 1),
        DENAR_FLORIN_JSON,
    ]
    assert DIRHAM_DUCAT_JSON in state["money"]["face_up"]


def test_v2_legal_actions_list_taking_and_paying_with_an_exchange_card(client):
    actions = legal(client, scene())["actions"]
    assert {"type": "take_money", "player": 0, "cards": [DIRHAM_DUCAT_JSON]} in actions
    assert {
        "type": "buy",
        "player": 0,
        "slot": 3,
        "payment": [money("denar", 9), money("florin", 1), DENAR_FLORIN_JSON],
    } in actions
    assert {
        "type": "buy",
        "player": 0,
        "slot": 3,
        "payment": [money("denar", 9), money("florin", 2), DENAR_FLORIN_JSON],
    } in actions


def test_v2_an_exact_buy_with_an_exchange_card_over_http(client):
    """The card may come anywhere in the payment and show its currencies in either order."""
    buy = {
        "type": "buy",
        "player": 0,
        "slot": 3,
        "payment": [{"exchange": ["florin", "denar"]}, money("florin", 1), money("denar", 9)],
    }
    answer = advance(client, scene(), buy)
    bought = next(e for e in answer["events"] if e["type"] == "tile_bought")
    assert bought["payment"] == [money("denar", 9), money("florin", 1), DENAR_FLORIN_JSON]
    assert bought["exact"] is True
    after = answer["state"]
    assert after["players"][0]["hand"] == [money("florin", 2)]
    assert after["money"]["discard"][-1] == DENAR_FLORIN_JSON
    assert after["turn"]["extra_action"] is True


def test_v2_taking_an_exchange_card_over_http(client):
    take = {"type": "take_money", "player": 0, "cards": [DIRHAM_DUCAT_JSON]}
    answer = advance(client, scene(), take)
    assert answer["events"][0] == {"type": "money_taken", "player": 0, "cards": [DIRHAM_DUCAT_JSON]}
    assert DIRHAM_DUCAT_JSON in answer["state"]["players"][0]["hand"]


def test_v2_a_refused_exchange_card_is_a_409_naming_v2(client):
    with_money = {
        "type": "take_money",
        "player": 0,
        "cards": [DIRHAM_DUCAT_JSON, money("florin", 4)],
    }
    late = {
        "type": "buy",
        "player": 0,
        "slot": 3,
        "payment": [money("denar", 9), money("florin", 1), DENAR_FLORIN_JSON],
    }
    for state, action in ((scene(), with_money), (scene(bag_empty=True), late)):
        problem = post(client, "/v1/games/advance", {"state": state, "actions": [action]}, 409)
        assert problem["rule"] == "V2" and pointers(problem) == ["/actions/0"]


def test_v2_an_exchange_card_in_a_game_without_the_module_is_a_409(client):
    state = new_game(client)
    take = {"type": "take_money", "player": state["turn"]["player"], "cards": [DENAR_FLORIN_JSON]}
    problem = post(client, "/v1/games/advance", {"state": state, "actions": [take]}, 409)
    assert problem["rule"] == "V2"


def test_v2_a_state_with_an_exchange_card_twice_is_a_422_with_pointers(client):
    state = scene()
    state["players"][0]["hand"].insert(1, DIRHAM_DUCAT_JSON)  # also face up
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    face_up = state["money"]["face_up"].index(DIRHAM_DUCAT_JSON)
    assert pointers(problem) == [f"/state/money/face_up/{face_up}"]
    assert "V2" in problem["errors"][0]["message"]
    twice_in_hand = scene()
    twice_in_hand["players"][0]["hand"].append(DENAR_FLORIN_JSON)
    problem = post(client, "/v1/games/legal-actions", {"state": twice_in_hand}, 422)
    assert pointers(problem) == ["/state/players/0/hand/4"]


def test_v2_exchange_cards_without_the_module_are_a_422_pointing_at_them(client):
    state = new_game(client)
    state["players"][1]["hand"].insert(2, DENAR_FLORIN_JSON)
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    assert pointers(problem) == ["/state/players/1/hand/2"]
    assert '"exchange" module (V2)' in problem["errors"][0]["message"]


def test_v2_a_money_problem_points_past_the_exchange_cards_of_a_hand(client):
    """A hand's money cards and exchange cards are counted apart; a pointer names the
    document's own index."""
    state = scene()
    hand = state["players"][0]["hand"]
    state["players"][0]["hand"] = [
        DENAR_FLORIN_JSON,
        *hand[:3],
        money("denar", 9),
        money("denar", 9),
        money("denar", 9),
    ]
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    # the first copy too many (C3) is the hand's first denar 9: the copies out of sight
    # (pile, discard) are counted first, so the one named is where a client edited
    assert "/state/players/0/hand/4" in pointers(problem)


def test_v2_an_exchange_card_shows_two_different_currencies(client):
    state = scene()
    state["players"][0]["hand"][3] = {"exchange": ["denar", "denar"]}
    post(client, "/v1/games/legal-actions", {"state": state}, 422)


def test_v2_a_table_reveals_an_exchange_card_drawn_with_reveal_money(client):
    state = post(
        client,
        "/v1/games",
        {"players": ["Ann", "Bob"], "options": {"mode": "table", "modules": ["exchange"]}},
    )["state"]
    card = {"exchange": ["denar", "florin"]}
    reveal = {"type": "reveal_money", "card": card}
    assert reveal not in legal(client, state)["actions"]  # T1: in the piles after the deal
    problem = post(client, "/v1/games/advance", {"state": state, "actions": [reveal]}, 409)
    assert problem["rule"] == "T7"
    table = new_table_game(2, Options(mode="table", rules=ruleset({"exchange"})))
    refill = checked(
        replace(  # T7: the four face-up cards were taken, the refill draws money
            table,
            face_up=(),
            discard=table.discard + table.face_up,
            turn=replace(table.turn, phase="refill"),
        )
    )
    state = dump_state(refill)
    assert reveal in legal(client, state)["actions"]
    after = post(client, "/v1/games/advance", {"state": state, "actions": [reveal]})
    assert after["events"][0] == {"type": "money_drawn", "card": card}
    assert card in after["state"]["money"]["face_up"]
