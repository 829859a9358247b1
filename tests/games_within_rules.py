"""Bringing schema-valid bodies of the game endpoints within the rules no schema can express,
for the schemathesis test (``test_api_schemathesis.py``; see its docstring).

* ``/v1/games``: the start player sits at the table;
* ``/v1/games/legal-actions`` and ``/advance``: a generated state is (almost) never one a game
  can reach, so the state is a real one; a tile in an action is one of the catalog (an illegal
  action is still a documented 409);
* ``/v1/table``: each printed tile at most once, no more tiles of a building than the game has
  (C1), no more copies of a money card than exist (C3, D1), each exchange card once (V2), each
  market slot described once.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from calculator.api import game_service
from calculator.api.wire import CATALOG_COUNTS
from calculator.core.huts import HUTS_BY_COLOUR, HUTS_PER_PLAYER
from calculator.core.tiles import CATALOG
from calculator.engine.huts import PROVISIONAL_HUTS

CATALOG_KEYS = {(t.building.value, t.walls, t.price) for t in CATALOG if t.building is not None}
REQUESTS = {
    "/v1/games": "new-game-request.json",
    "/v1/games/legal-actions": "legal-actions-request.json",
    "/v1/games/advance": "advance-request.json",
    "/v1/table": "table-request.json",
}


@cache
def _real_state() -> dict[str, Any]:
    return game_service.new_game({"players": ["Anna", "Ben"], "seed": 42})["state"]  # type: ignore[no-any-return]


def games_within_the_rules(
    path: str, body: dict[str, Any], alhambra_within_rules: Callable[[list[Any]], list[Any]]
) -> dict[str, Any]:
    if path == "/v1/games":
        if body.get("start_player", 0) >= len(body["players"]):
            body["start_player"] = len(body["players"]) - 1
        components = body.get("options", {}).get("components", {})
        if "huts" in components:  # V4: as many of each colour as the game has
            components["huts"] = [
                {"hut": hut.building.value, "walls": hut.walls}
                for hut in PROVISIONAL_HUTS
                if hut.building is not None
            ]
        if "bonus_cards" in components:  # V3: ten tiles of the catalog
            components["bonus_cards"] = [
                {"building": t.building.value, "walls": t.walls, "price": t.price}
                for t in CATALOG[:10]
                if t.building is not None
            ]
    elif path in ("/v1/games/legal-actions", "/v1/games/advance"):
        body["state"] = copy.deepcopy(_real_state())
        for action in body.get("actions", []):
            tile = action.get("tile", {})
            if "building" in tile and _key(tile) not in CATALOG_KEYS:  # huts are refused (409)
                action["tile"] = {"building": "pavilion", "walls": "NEW", "price": 2}
    elif path == "/v1/table":
        _table_within_rules(body, alhambra_within_rules)
    return body


def _key(tile: dict[str, Any]) -> tuple[Any, ...]:
    return (tile["building"], tile["walls"], tile.get("price"))


def _table_within_rules(
    body: dict[str, Any], alhambra_within_rules: Callable[[list[Any]], list[Any]]
) -> None:
    slots: set[int] = set()
    market = []
    for slot in body.get("market", []):
        if slot["slot"] not in slots:
            slots.add(slot["slot"])
            market.append(slot)
    body["market"] = market
    for player in body["players"]:
        player["alhambra"] = alhambra_within_rules(player["alhambra"])
    priced: set[tuple[Any, ...]] = set()
    per_building: Counter[str] = Counter()
    huts_per_colour: Counter[str] = Counter()
    huts_of_player: list[int] = [0]

    def keep(tile: dict[str, Any], unpriced_ok: bool) -> bool:
        if "hut" in tile:  # V4: at most 3 per player, reserve included; the 24 by colour
            huts_of_player[0] += 1
            huts_per_colour[tile["hut"]] += 1
            return (
                huts_of_player[0] <= HUTS_PER_PLAYER
                and huts_per_colour[tile["hut"]] <= HUTS_BY_COLOUR_NAME[tile["hut"]]
            )
        if "price" in tile and (_key(tile) not in CATALOG_KEYS or _key(tile) in priced):
            if not unpriced_ok:
                return False
            del tile["price"]
        if "price" in tile:
            priced.add(_key(tile))
        per_building[tile["building"]] += 1
        return per_building[tile["building"]] <= CATALOG_COUNTS_BY_NAME[tile["building"]]

    for slot in market:
        if slot["tile"] is not None and not keep(slot["tile"], unpriced_ok=False):
            slot["tile"] = None
    for player in body["players"]:
        huts_of_player[0] = 0
        player["alhambra"] = [t for t in player["alhambra"] if keep(t, True)]
        player["reserve"] = [t for t in player.get("reserve", []) if keep(t, True)]
        for card in player.get("bonus_cards", []):  # V3: a priced card depicts a catalog tile
            if "price" in card and _key(card) not in CATALOG_KEYS:
                del card["price"]
    if "dummy" in body:
        body["dummy"]["tiles"] = [t for t in body["dummy"]["tiles"] if keep(t, True)]
    copies = 2 if len(body["players"]) == 2 or "dummy" in body else 3
    held: Counter[tuple[Any, ...]] = Counter()

    def card_left(card: dict[str, Any]) -> bool:
        if "exchange" in card:  # V2: one exchange card of each pair of currencies
            held[("exchange", *sorted(card["exchange"]))] += 1
            return held[("exchange", *sorted(card["exchange"]))] <= 1
        held[card["currency"], card["value"]] += 1
        return held[card["currency"], card["value"]] <= copies

    for player in body["players"]:
        player["hand"] = [card for card in player.get("hand", []) if card_left(card)]
    body["face_up"] = [card for card in body.get("face_up", []) if card_left(card)]


HUTS_BY_COLOUR_NAME = {building.value: count for building, count in HUTS_BY_COLOUR.items()}
CATALOG_COUNTS_BY_NAME = {building.value: count for building, count in CATALOG_COUNTS.items()}
