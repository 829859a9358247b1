"""Bringing a schema-valid request within the rules no JSON Schema can state, for schemathesis
(the in-process schemathesis tests and ``make fuzz``'s ``schemathesis run`` through
bench/schemathesis_hooks.py), so that its "schema-valid bodies are accepted" check holds for
what is left. A schema-invalid (negative) body is sent as generated.

The v1 requests:

* two tiles on one cell (B6); a priced tile missing from the catalog (C1); a name used twice;
  a dummy at a table not of two (D1), a wall given to him (W6); more buildings of a type at the
  table than the game has (C1); a fourth worker hut of one player (V4);
* the Big Box modules (G, H, K, S, X1): each member's module named, the attack and a valid
  score card with their modules, chests and residents within the buildings and the table's
  supply, added walls only on bare sides and 12 at the table, 8 camps and 8 bazaars, gates on
  double walls (6 a player), bazaar points and sides beside the attack in round 3 only, one
  owner per character, none for the dummy, 420 culture points at the table.

The game requests:

* ``/v1/games``: names used once; the start player sits at the table; huts and bonus cards as
  the game has them (V4, V3);
* ``/v1/games/legal-actions`` and ``/advance``: a generated state is (almost) never one a game
  can reach, so the state is a real one; a tile in an action is one of the catalog (an illegal
  action is still a documented 409);
* ``/v1/games/advice`` and ``/bot-turns``: the same real state (2 players); the bots sit at
  its seats, and only at the first (the bots alone would play the game to its end); the time
  is cut to a few milliseconds, which the contract allows (10..5000), so the runs stay short;
* ``/v1/table``: names used once, each printed tile at most once, no more tiles of a building
  than the game has (C1), no more copies of a money card than exist (C3, D1), each exchange
  card once (V2), each market slot described once.

The record requests (``/v1/records/...``): a generated record is (almost) never a game's, so
the record is a real one, and ``to`` and ``from`` at most its moves (an illegal move would
still be a 200 with ``stopped``). A ruling (``/v1/rulings``): its question as the operation
it names. A position (``/v1/games/position``): a real table.

``tests/api/test_errors.py``, ``tests/api/test_names.py`` and the game API tests show each of
these refusals.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import msgspec

from calculator.api import game_service
from calculator.api.contract import openapi_document, request_contract
from calculator.api.wire import CATALOG_COUNTS
from calculator.core.tiles import CATALOG
from calculator.modules.huts import PROVISIONAL_HUTS
from calculator.modules.huts.scoring import HUTS_BY_COLOUR, HUTS_PER_PLAYER

CATALOG_KEYS = {(t.building.value, t.walls, t.price) for t in CATALOG if t.building is not None}
CATALOG_COUNTS_BY_NAME = {building.value: count for building, count in CATALOG_COUNTS.items()}
HUTS_BY_COLOUR_NAME = {building.value: count for building, count in HUTS_BY_COLOUR.items()}


def _request_schemas() -> dict[str, str]:
    """The schema file of each operation's JSON request body, as openapi.yaml names it."""
    document = openapi_document()
    components = document["components"]["schemas"]
    found = {}
    for path, item in document["paths"].items():
        for operation in item.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                body = operation["requestBody"]["content"]["application/json"]["schema"]
                component = components[body["$ref"].rsplit("/", 1)[1]]
                found[path] = component["$ref"].removeprefix("schemas/")
    return found


REQUEST_SCHEMAS = _request_schemas()


def bring_within_the_rules(context: Any, case: Any) -> Any:
    """Schemathesis' ``map_case`` hook (a case hook runs in every phase: examples, coverage,
    fuzzing): a schema-valid body is brought within the rules, any other is left alone."""
    schema = REQUEST_SCHEMAS.get(case.operation.path)
    if schema and isinstance(case.body, dict) and request_contract(schema).is_valid(case.body):
        case.body = within_the_rules(case.operation.path, case.body)
    return case


def _copy(document: Any) -> Any:
    """A deep copy of a JSON document, through its JSON text."""
    return msgspec.json.decode(msgspec.json.encode(document))


def within_the_rules(path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A copy of a schema-valid request body with the refusals no schema can predict taken out
    (see above)."""
    body = _copy(body)
    if path == "/v1/scores":
        _scores_within_rules(body)
    elif path == "/v1/games":
        _new_game_within_rules(body)
    elif path in ("/v1/games/legal-actions", "/v1/games/advance"):
        _game_request_within_rules(body)
    elif path in ("/v1/games/advice", "/v1/games/bot-turns"):
        _player_request_within_rules(body)
    elif path == "/v1/table":
        _table_within_rules(body)
    elif path.startswith("/v1/records/"):
        _record_request_within_rules(body)
    elif path == "/v1/rulings":
        _ruling_within_rules(body)
    elif path == "/v1/games/position":
        body.clear()
        body.update(_copy(REAL_POSITION))
    else:
        _alhambra_request_within_rules(body)
        _lone_alhambra_within_rules(body)  # every rules endpoint takes the Big Box pieces
    return body


def _lone_alhambra_within_rules(body: dict[str, Any]) -> None:
    """The Big Box pieces of a rules endpoint's body, as those of a scoring round's player; a
    camp or a bazaar to place with its module (G4, K4)."""
    seat = {"name": "", "alhambra": body["alhambra"], "gates": body.pop("gates", [])}
    lone = {"round": 1, "modules": body.get("modules", []), "players": [seat]}
    _big_box_within_rules(lone)
    body["alhambra"] = seat["alhambra"]  # its pieces within their supply (G4, K4, H4, K1)
    body["modules"] = lone["modules"]
    if seat["gates"]:
        body["gates"] = seat["gates"]
    placing = body.get("tile", body.get("highlight", {}).get("tile", {}))
    for member, module in (("camp", "camps"), ("bazaar", "bazaars")):
        if member in placing and module not in body["modules"]:
            body["modules"].append(module)


def _key(tile: dict[str, Any]) -> tuple[Any, ...]:
    return (tile["building"], tile["walls"], tile.get("price"))


def _tile_within_catalog(tile: dict[str, Any]) -> None:
    if "price" in tile and "building" in tile and _key(tile) not in CATALOG_KEYS:
        del tile["price"]  # described by its walls only: any walls are accepted


def _alhambra_within_rules(alhambra: list[dict[str, Any]], huts: int = 3) -> list[dict[str, Any]]:
    taken = {(0, 0)}
    kept = []
    for tile in alhambra:
        if "hut" in tile:
            if huts == 0:
                continue  # V4: at most 3 huts per player
            huts -= 1
        elif "building" in tile:  # not a camp or a bazaar (G4, K4)
            _tile_within_catalog(tile)
        if (tile["x"], tile["y"]) not in taken:
            taken.add((tile["x"], tile["y"]))
            kept.append(tile)
    return kept


def _alhambra_request_within_rules(body: dict[str, Any]) -> None:
    placing_a_hut = "hut" in body.get("tile", body.get("highlight", {}).get("tile", {}))
    if "alhambra" in body:
        body["alhambra"] = _alhambra_within_rules(body["alhambra"], 3 - placing_a_hut)

    if "tile" in body and not placing_a_hut:
        _tile_within_catalog(body["tile"])
    if "highlight" in body:  # /v1/render: a proposed placement
        _tile_within_catalog(body["highlight"]["tile"])


def _unique(names: list[str]) -> list[str]:
    """The names, each one used before renamed in turn: names are unique in every request."""
    taken: set[str] = set()
    for index, name in enumerate(names):
        while name in taken:
            name = f"#{index}" if name[0] != "#" else name + "+"
        taken.add(name)
        names[index] = name
    return names


def _named_once(players: list[dict[str, Any]]) -> None:
    for player, name in zip(players, _unique([p["name"] for p in players]), strict=True):
        player["name"] = name


def _scores_within_rules(body: dict[str, Any]) -> None:
    for player in body["players"]:
        if "alhambra" in player:
            player["alhambra"] = _alhambra_within_rules(player["alhambra"])
        for card in player.get("bonus_cards", []):
            _tile_within_catalog(card)
    _named_once(body["players"])
    if len(body["players"]) != 2:
        body.pop("dummy", None)
    holders = [player["counts"] for player in body["players"] if "counts" in player]
    dummy = body.get("dummy", {})
    dummy.pop("wall", None)  # W6: the dummy never scores walls
    for tile in dummy.get("tiles", []):
        _tile_within_catalog(tile)
    if "counts" in dummy:
        holders.append(dummy["counts"])
    for building, limit in CATALOG_COUNTS.items():
        left = limit - sum(tile["building"] == building.value for tile in dummy.get("tiles", []))
        for counts in holders:
            counts[building.value] = min(counts.get(building.value, 0), max(left, 0))
            left -= counts[building.value]
    _big_box_within_rules(body)


SUPPLY = {"chests": 42, "added_walls": 12, "camp": 8, "bazaar": 8, "culture_points": 420}
"""The table's Big Box supply (K1, H4, G4, K4, S4)."""
CHESTS_BY_COLOUR = {
    "pavilion": 5,
    "seraglio": 5,
    "arcades": 7,
    "chambers": 7,
    "garden": 9,
    "tower": 9,
}
"""K1: the chests of each colour."""
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _big_box_within_rules(body: dict[str, Any]) -> None:
    """The Big Box members of a scores body (or a lone Alhambra's, as one player) within the
    rules no schema states; each module of a member given is named."""
    modules = body.setdefault("modules", [])
    round_3 = body["round"] == 3
    left = dict(SUPPLY)
    chests_left = dict(CHESTS_BY_COLOUR)
    residents_left = dict.fromkeys(CHESTS_BY_COLOUR, 7)
    owners: set[str] = set()
    for player in body["players"]:
        _name(modules, player, "gates", "gates")
        _name(modules, player, "characters", "characters")
        _name(modules, player, "culture_points", "art_of_the_moors")
        for member, module in (("chests", "treasure"), ("residents", "street_traders"),
                               ("exposed", "invaders"), ("camp_points", "camps"),
                               ("bazaar_points", "bazaars")):  # fmt: skip
            _name(modules, player, member, module)
        if "counts" in player:
            counts = player["counts"]
            if "chests" in player:
                player["chests"] = min(player["chests"], sum(counts.values()), left["chests"])
                left["chests"] -= player["chests"]
            for colour, count in player.get("residents", {}).items():
                kept = min(count, counts.get(colour, 0), residents_left[colour])
                player["residents"][colour] = kept
                residents_left[colour] -= kept
        else:
            _pieces_within_rules(player, modules, left, chests_left, residents_left)
        if not round_3:
            player.pop("bazaar_points", None)
            player.get("exposed", {}).pop("beside", None)
        if "culture_points" in player:
            player["culture_points"] = min(player["culture_points"], left["culture_points"])
            left["culture_points"] -= player["culture_points"]
        characters = player.get("characters", {})
        for character in list(characters):
            if characters[character] is not False and character in owners:
                del characters[character]  # G3: one owner each
            elif characters[character] is not False:
                owners.add(character)
    dummy = body.get("dummy", {})
    dummy.pop("chests", None)  # K1, G3: the dummy holds none
    dummy.pop("characters", None)
    if "attack" in body or "invaders" in modules:
        _name(modules, body, "attack", "invaders")
        body.setdefault("attack", "N")
    if "score_card" in body or "score_cards" in modules:
        _name(modules, body, "score_card", "score_cards")
        if sorted(body.get("score_card", [])) != sorted(CHESTS_BY_COLOUR):
            body["score_card"] = list(CHESTS_BY_COLOUR)


def _name(modules: list[str], document: dict[str, Any], member: str, module: str) -> None:
    if member in document and module not in modules:
        modules.append(module)


def _pieces_within_rules(
    player: dict[str, Any],
    modules: list[str],
    left: dict[str, int],
    chests_left: dict[str, int],
    residents_left: dict[str, int],
) -> None:
    """An Alhambra's pieces: each within its supply, tokens on buildings only, walls added on
    bare sides, gates on double walls."""
    walls: dict[tuple[int, int], str] = {}
    kept = []
    for item in player["alhambra"]:
        piece = "camp" if "camp" in item else "bazaar" if "bazaar" in item else None
        if piece is not None:
            if left[piece] == 0:
                continue
            left[piece] -= 1
            _name(modules, item, piece, piece + "s")
            kept.append(item)
            continue
        for member, module, supply in (("chest", "treasure", chests_left),
                                       ("resident", "street_traders", residents_left)):  # fmt: skip
            if not item.get(member):
                continue
            colour = item.get("building")
            if colour is None or supply[colour] == 0 or (member == "chest" and left["chests"] == 0):
                del item[member]
                continue
            supply[colour] -= 1
            left["chests"] -= member == "chest"
            _name(modules, item, member, module)
        added = "".join(side for side in item.pop("added_walls", "") if side not in item["walls"])
        added = added[: left["added_walls"]]
        if added:
            item["added_walls"] = added
            left["added_walls"] -= len(added)
            _name(modules, item, "added_walls", "city_walls")
        walls[(item["x"], item["y"])] = item["walls"] + item.get("added_walls", "")
        kept.append(item)
    player["alhambra"] = kept
    gates, seen = [], set()
    for gate in player.get("gates", []):
        cell, side = (gate["x"], gate["y"]), gate["side"]
        across = (cell[0] + STEP[side][0], cell[1] + STEP[side][1])
        wall = frozenset((cell, across))
        if (
            side in walls.get(cell, "")
            and OPPOSITE[side] in walls.get(across, "")
            and wall not in seen
            and len(gates) < 6
        ):
            gates.append(gate)
            seen.add(wall)
    if "gates" in player:
        player["gates"] = gates


@cache
def _real_state() -> dict[str, Any]:
    return game_service.new_game({"players": ["Anna", "Ben"], "seed": 42})["state"]  # type: ignore[no-any-return]


def _new_game_within_rules(body: dict[str, Any]) -> None:
    _unique(body["players"])
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


def _game_request_within_rules(body: dict[str, Any]) -> None:
    body["state"] = _copy(_real_state())
    for action in body.get("actions", []):
        tile = action.get("tile", {})
        if "building" in tile and _key(tile) not in CATALOG_KEYS:  # huts are refused (409)
            action["tile"] = {"building": "pavilion", "walls": "NEW", "price": 2}


SHORT_THINKING = {"budget_ms": 10, "iterations": 10}

REAL_RECORD: dict[str, Any] = {
    "game": {"players": ["Anna", "Ben"], "seed": 1},
    "moves": [
        {"type": "buy", "player": 0, "slot": 2, "payment": [{"currency": "dirham", "value": 8}]},
        {"type": "take_money", "player": 0, "cards": [{"currency": "florin", "value": 3}]},
    ],
}
"""The first turn of a seeded game: an exact buy (T4), then money taken as the further action;
the seller places the tile next."""


REAL_POSITION: dict[str, Any] = {
    "players": [
        {
            "name": "Anna",
            "alhambra": [{"building": "tower", "walls": "", "price": 12, "x": 1, "y": 0}],
        },
        {"name": "Ben", "alhambra": [], "hand_size": 4},
    ],
    "market": [
        {"slot": 1, "tile": {"building": "pavilion", "walls": "NW", "price": 5}},
        {"slot": 2, "tile": {"building": "garden", "walls": "", "price": 10}},
        {"slot": 3, "tile": {"building": "seraglio", "walls": "S", "price": 8}},
        {"slot": 4, "tile": {"building": "arcades", "walls": "", "price": 9}},
    ],
    "dummy": {  # D2: his 6 tiles of the setup
        "tiles": [
            {"building": "pavilion", "walls": "NEW", "price": 2},
            {"building": "pavilion", "walls": "SW", "price": 3},
            {"building": "pavilion", "walls": "ES", "price": 4},
            {"building": "seraglio", "walls": "ESW", "price": 3},
            {"building": "seraglio", "walls": "NE", "price": 4},
            {"building": "seraglio", "walls": "SW", "price": 5},
        ]
    },
    "turn": 0,
}
"""A table a game can show (a generated one almost never is: the market must be full, every
tile once...)."""


def _ruling_within_rules(body: dict[str, Any]) -> None:
    """A ruling's question, as the operation that answers it takes it."""
    if "scores" in body:
        _scores_within_rules(body["scores"])
    for question in ("placement", "check"):
        if question in body:
            _alhambra_request_within_rules(body[question])
            _lone_alhambra_within_rules(body[question])


def _record_request_within_rules(body: dict[str, Any]) -> None:
    body["record"] = _copy(REAL_RECORD)
    for member in ("to", "from"):  # a replay's end, a review's start: within the moves
        if member in body:
            body[member] = min(body[member], len(REAL_RECORD["moves"]))


def _player_request_within_rules(body: dict[str, Any]) -> None:
    body["state"] = _copy(_real_state())
    for name, most in SHORT_THINKING.items():
        if name in body:
            body[name] = min(body[name], most)
    if "bots" in body:
        levels = list(body["bots"].values())
        body["bots"] = {"0": body["bots"].get("0", levels[0])}


def _table_within_rules(body: dict[str, Any]) -> None:
    slots: set[int] = set()
    market = []
    for slot in body.get("market", []):
        if slot["slot"] not in slots:
            slots.add(slot["slot"])
            market.append(slot)
    body["market"] = market
    _named_once(body["players"])
    for player in body["players"]:
        player["alhambra"] = _alhambra_within_rules(player["alhambra"])
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
            _tile_within_catalog(card)
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
