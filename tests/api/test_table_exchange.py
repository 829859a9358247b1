"""POST /v1/table with exchange cards (V2): in a hand or face up, paying one purchase in both of
their currencies while the bag is not empty, worth nothing in T9's majority, each card once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.api import GARDEN_10, PAVILION_5, evaluate, florin, post

DENAR_FLORIN = {"exchange": ["denar", "florin"]}
DENAR_DIRHAM = {"exchange": ["denar", "dirham"]}
DIRHAM_FLORIN = {"exchange": ["dirham", "florin"]}


def card(currency: str, value: int) -> dict[str, Any]:
    return {"currency": currency, "value": value}


def table(hand: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Anna holds ``hand``; the pavilion of price 5 lies in slot 1 (florin, C4)."""
    return {
        "players": [
            {"name": "Anna", "alhambra": [], "hand": hand},
            {"name": "Ben", "alhambra": [], "hand": [card("ducat", 1)]},
        ],
        "market": [{"slot": 1, "tile": PAVILION_5}],
        **extra,
    }


def purchases(client, body: dict[str, Any]) -> list[dict[str, Any]]:
    return list(evaluate(client, body)["players"][0]["purchases"])


def test_v2_a_tile_buyable_only_with_the_exchange_card(client):
    # florin 3 alone does not pay 5; with the denar/florin card, florin 3 + denar 2 does
    bought = purchases(client, table([florin(3), card("denar", 2), DENAR_FLORIN]))
    assert bought == [
        {
            "slot": 1,
            "tile": PAVILION_5,
            "exact": True,
            "payments": [],
            "needs_exchange": True,
            "exchange": [
                {"card": DENAR_FLORIN, "exact": True, "payments": [[card("denar", 2), florin(3)]]}
            ],
        }
    ]


def test_v2_t4_exact_only_with_the_exchange_card(client):
    # florin 9 pays 5 but not exactly; florin 3 + denar 2 with the card pays it exactly
    (bought,) = purchases(client, table([florin(9), florin(3), card("denar", 2), DENAR_FLORIN]))
    assert bought["payments"] == [[florin(9)]]
    assert bought["needs_exchange"] is False
    assert bought["exchange"] == [
        {"card": DENAR_FLORIN, "exact": True, "payments": [[card("denar", 2), florin(3)]]}
    ]
    assert bought["exact"] is True


def test_v2_with_the_exchange_card_but_not_exactly(client):
    (bought,) = purchases(client, table([florin(4), card("denar", 2), DENAR_FLORIN]))
    assert bought["payments"] == [] and bought["needs_exchange"] is True
    assert bought["exchange"] == [
        {"card": DENAR_FLORIN, "exact": False, "payments": [[card("denar", 2), florin(4)]]}
    ]
    assert bought["exact"] is False


def test_v2_a_card_not_showing_the_slots_currency_pays_nothing_there(client):
    # denar/dirham does not show florin, the currency of slot 1
    assert purchases(client, table([florin(3), card("denar", 2), DENAR_DIRHAM])) == []


def test_v2_two_exchange_cards_are_not_combined(client):
    # dirham 2 with one card, denar 3 with the other: each alone falls short of 5
    hand = [card("dirham", 2), card("denar", 3), DIRHAM_FLORIN, DENAR_FLORIN]
    assert purchases(client, table(hand)) == []


def test_v2_each_card_of_the_hand_that_pays_is_listed(client):
    hand = [card("dirham", 5), card("denar", 5), DIRHAM_FLORIN, DENAR_FLORIN]
    (bought,) = purchases(client, table(hand))
    assert bought["needs_exchange"] is True
    assert [(way["card"], way["payments"]) for way in bought["exchange"]] == [  # hand order
        (DIRHAM_FLORIN, [[card("dirham", 5)]]),
        (DENAR_FLORIN, [[card("denar", 5)]]),
    ]


def test_v2_once_the_bag_is_empty_exchange_cards_pay_nothing(client):
    hand = [florin(9), florin(3), card("denar", 2), DENAR_FLORIN]
    assert purchases(client, table(hand[1:], bag_empty=True)) == []
    # the plain payment stays, reported as it is without exchange cards
    assert purchases(client, table(hand, bag_empty=True)) == [
        {"slot": 1, "tile": PAVILION_5, "exact": False, "payments": [[florin(9)]]}
    ]


def test_v2_a_face_up_exchange_card_is_in_nobodys_hand(client):
    body = table([florin(3), card("denar", 2)], face_up=[DENAR_FLORIN, florin(1)])
    assert purchases(client, body) == []


def test_v2_t9_exchange_cards_are_no_money(client):
    body = table([florin(1)], end_of_game=True)
    body["market"].append({"slot": 3, "tile": GARDEN_10})
    body["players"][1]["hand"] = [DENAR_FLORIN, DENAR_DIRHAM]
    market = evaluate(client, body)["end_of_game"]["market"]
    assert market == [
        {"slot": 1, "tile": PAVILION_5, "player": 0},  # florin: 1 against nothing
        {"slot": 3, "tile": GARDEN_10, "player": None, "reason": "nobody_holds"},  # denar: none
    ]


@pytest.mark.parametrize(
    ("hands", "face_up", "pointer"),
    [
        ([[DENAR_FLORIN], [DENAR_FLORIN]], [], "/players/1/hand/1"),
        ([[florin(3), DENAR_FLORIN, DENAR_FLORIN], []], [], "/players/0/hand/2"),
        ([[DENAR_FLORIN], []], [florin(2), DENAR_FLORIN], "/face_up/1"),
    ],
)
def test_v2_each_exchange_card_at_most_once_on_the_table(client, hands, face_up, pointer):
    body = table([], face_up=face_up)
    body["players"][1]["hand"] = [card("ducat", 1)]
    for player, hand in zip(body["players"], hands, strict=True):
        player["hand"] += hand
    problem = post(client, "/v1/table", body, 422)
    errors = {error["pointer"]: error["message"] for error in problem["errors"]}
    assert pointer in errors, problem["errors"]
    assert "V2" in errors[pointer]


def test_c3_money_counts_point_into_a_hand_that_holds_exchange_cards(client):
    body = table([DENAR_FLORIN, florin(9), florin(9), florin(9)])  # D1: 2 copies at 2 players
    problem = post(client, "/v1/table", body, 422)
    assert [error["pointer"] for error in problem["errors"]] == ["/players/0/hand/3"]


def test_t1_exchange_cards_count_among_the_four_face_up(client):
    body = table([], face_up=[DENAR_FLORIN, DENAR_DIRHAM, DIRHAM_FLORIN, florin(1), florin(2)])
    problem = post(client, "/v1/table", body, 422)
    assert "/face_up" in [error["pointer"] for error in problem["errors"]]


def test_v2_an_exchange_card_shows_two_different_currencies(client):
    body = table([{"exchange": ["florin", "florin"]}])
    problem = post(client, "/v1/table", body, 422)
    assert any(error["pointer"].startswith("/players/0/hand/0") for error in problem["errors"])
